"""`olympus accounts ...`: accounts and keys straight on Redis, for operators (no key needed).

    olympus accounts create alice --scopes admin --redis-url redis://127.0.0.1:6379/0
    olympus accounts create ladder-bot --kind bot --scopes play,ladder --json
    olympus accounts keys alice
    olympus accounts revoke alice 3f2a9c01b7de
    olympus accounts disable alice          # and: olympus accounts enable alice
    olympus accounts new-service-key        # a fresh service credential (OLYMPUS_SERVICE_KEY)

This is how the first admin is made: whoever can reach the Redis may make any account. Every
other change goes through the AccountService with a key. `create` prints the new key once;
nothing can show it again. Refusals print the reason and message on stderr and exit with 2
(a bad name, kind or scope), or 1 (anything else: a taken name, no such account, no Redis).
Importing this module connects to nothing: only a command does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from olympus.platform.config import DEFAULT_REDIS_URL

USAGE_ERROR = 2
REFUSED = 1
KEYS_TIMEOUT_S = 5.0


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%SZ") if ms else ""


def _run(args: argparse.Namespace, work: Callable[[Any], Awaitable[int]]) -> int:
    """Run `work(store)` on a KeyStore over `--redis-url`; refusals as messages and statuses."""
    import redis.exceptions

    from olympus.platform.errors import InvalidArgument, ServiceError, Unavailable
    from olympus.platform.redis_pool import redis_client

    from .keys import KeyStore

    async def go() -> int:
        redis = redis_client(args.redis_url, "olympus-accounts-cli", 2, KEYS_TIMEOUT_S)
        try:
            return await work(KeyStore(redis))
        finally:
            await redis.aclose()

    try:
        return asyncio.run(go())
    except Unavailable as exc:
        cause = exc.__cause__ or exc
        print(f"olympus accounts: cannot reach Redis at {args.redis_url}: {cause}", file=sys.stderr)
        return REFUSED
    except ServiceError as exc:
        print(f"olympus accounts: {exc.reason}: {exc.message}", file=sys.stderr)
        return USAGE_ERROR if isinstance(exc, InvalidArgument) else REFUSED
    except (redis.exceptions.RedisError, OSError) as exc:
        print(f"olympus accounts: Redis: {exc}", file=sys.stderr)
        return REFUSED


def _key_row(info: Any) -> dict[str, Any]:
    return {
        "key_id": info.key_id,
        "scopes": list(info.scopes),
        "created_ms": info.created_ms,
        "revoked_ms": info.revoked_ms,
    }


def _create(args: argparse.Namespace) -> int:
    from .keys import check_scopes

    async def work(store: Any) -> int:
        scopes = check_scopes([s.strip() for s in args.scopes.split(",") if s.strip()])
        account = await store.create_account(args.name, args.kind)
        key, info = await store.create_key(account.account_id, scopes)
        if args.json:
            print(
                json.dumps(
                    {
                        "account_id": account.account_id,
                        "name": account.name,
                        "kind": account.kind,
                        "key": key,
                        **_key_row(info),
                    }
                )
            )
        else:
            print(f"account {account.account_id}  {account.name} ({account.kind})")
            print(f"key     {key}")
            print(f"key id  {info.key_id}  scopes: {' '.join(info.scopes)}")
            print("The key is shown this once: keep it secret.", file=sys.stderr)
        return 0

    return _run(args, work)


def _keys(args: argparse.Namespace) -> int:
    async def work(store: Any) -> int:
        account = await store.account_by_name(args.name)
        infos = await store.keys(account.account_id)
        if args.json:
            for info in infos:
                print(json.dumps(_key_row(info)))
            return 0
        print(f"{'key id':<12}  {'scopes':<30}  {'created':<20}  revoked")
        for info in infos:
            scopes = " ".join(info.scopes)
            print(
                f"{info.key_id:<12}  {scopes:<30}  {_when(info.created_ms):<20}  "
                f"{_when(info.revoked_ms)}".rstrip()
            )
        return 0

    return _run(args, work)


def _revoke(args: argparse.Namespace) -> int:
    async def work(store: Any) -> int:
        account = await store.account_by_name(args.name)
        info = await store.revoke_key(account.account_id, args.key_id)
        if args.json:
            print(json.dumps(_key_row(info)))
        else:
            print(f"key {info.key_id} of {account.name} revoked at {_when(info.revoked_ms)}")
        return 0

    return _run(args, work)


def _set_disabled(disabled: bool) -> Callable[[argparse.Namespace], int]:
    def handler(args: argparse.Namespace) -> int:
        async def work(store: Any) -> int:
            account = await store.account_by_name(args.name)
            await store.set_disabled(account.account_id, disabled)
            print(f"account {account.name} {'disabled' if disabled else 'enabled'}")
            return 0

        return _run(args, work)

    return handler


def _new_service_key(args: argparse.Namespace) -> int:
    """A fresh key for the deploy-time service credential: printed, stored nowhere. Give it to
    every service as OLYMPUS_SERVICE_KEY (or a file, OLYMPUS_SERVICE_KEY_FILE); the accounts
    service registers it (the `service` scope) when it starts."""
    from .keys import new_key

    print(new_key())
    return 0


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    accounts = subparsers.add_parser(
        "accounts",
        help="make accounts and keys on Redis directly (operators; the first admin)",
        description="Accounts and API keys, straight on Redis: no server and no key needed.",
    )
    redis_default = (
        os.environ.get("OLYMPUS_ACCOUNTS_REDIS_URL")
        or os.environ.get("OLYMPUS_REDIS_URL")
        or DEFAULT_REDIS_URL
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--redis-url",
        default=redis_default,
        help=f"the platform's Redis (env OLYMPUS_REDIS_URL; default {DEFAULT_REDIS_URL})",
    )
    common.add_argument("--json", action="store_true", help="print JSON (one object per line)")
    sub = accounts.add_subparsers(dest="accounts_command", required=True)

    create = sub.add_parser(
        "create", parents=[common], help="a new account and its first key (printed once)"
    )
    create.add_argument("name", help="2-40 letters, digits, '_', '.', '-'; unique")
    create.add_argument("--kind", choices=("person", "bot"), default="person")
    create.add_argument(
        "--scopes",
        default="play",
        help="the key's scopes, comma-separated: play, create_games, ladder, admin, service "
        "(default play)",
    )
    create.set_defaults(handler=_create)

    keys = sub.add_parser("keys", parents=[common], help="an account's keys (never the keys)")
    keys.add_argument("name")
    keys.set_defaults(handler=_keys)

    revoke = sub.add_parser("revoke", parents=[common], help="revoke one of an account's keys")
    revoke.add_argument("name")
    revoke.add_argument("key_id", metavar="KEY_ID", help="as `keys` lists it")
    revoke.set_defaults(handler=_revoke)

    for verb, disabled in (("disable", True), ("enable", False)):
        p = sub.add_parser(
            verb,
            parents=[common],
            help="refuse every key of the account" if disabled else "let its keys work again",
        )
        p.add_argument("name")
        p.set_defaults(handler=_set_disabled(disabled))

    fresh = sub.add_parser(
        "new-service-key",
        help="print a fresh service credential (OLYMPUS_SERVICE_KEY for every service)",
    )
    fresh.set_defaults(handler=_new_service_key)
