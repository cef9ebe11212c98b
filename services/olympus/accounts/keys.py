"""Accounts and API keys in Redis, and the check every service makes of a caller's key.

A key is shown once, when it is made: ``oly_`` + 32 random bytes in URL-safe base64. Only its
SHA-256 is stored. Clients send it as gRPC metadata ``authorization: Bearer <key>``.

    olympus:acct:{a:<id>}        hash: name, kind (person|bot), created ms, disabled ("1")
    olympus:acct:{a:<id>}:keys   set: the hashes of the account's keys
    olympus:apikey:<sha256>      hash: account, scopes (space-separated), created ms,
                                 revoked ms (once revoked; the record is kept so that a revoked
                                 key is told apart from a key that never existed)
    olympus:acctname:<name>      string: account id (names are unique, case-insensitive)
    olympus:acct:events          stream: key revocations and account changes, a day of them
                                 (AccountService.WatchKeyEvents serves it to the services)
    olympus:acct:{a:<id>}:webhook   hash: the account's webhook (webhooks.py)

Only the accounts service (and its operator CLI) touches these keys. The other services ask
the accounts service what a key is (CheckKey) and hear of revocations (WatchKeyEvents): see
`platform/keycheck.py`.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis

from olympus.platform.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unauthenticated,
    quote,
)
from olympus.platform.identity import (
    KEY_PREFIX,
    KEY_RE,
    SCOPE_ADMIN,
    SCOPE_CREATE_GAMES,
    SCOPE_LADDER,
    SCOPE_PLAY,
    SCOPE_SERVICE,
    SCOPES,
    Principal,
    bearer_key,
)
from olympus.platform.keycheck import (
    ACCOUNT_DISABLED,
    ACCOUNT_ENABLED,
    DISABLED,
    KEY_REVOKED,
    REVOKED,
    UNKNOWN,
    VALID,
    KeyCheck,
    KeyEventData,
)
from olympus.platform.storage import storage_calls

__all__ = [
    "SCOPES",
    "SCOPE_ADMIN",
    "SCOPE_CREATE_GAMES",
    "SCOPE_LADDER",
    "SCOPE_PLAY",
    "SCOPE_SERVICE",
    "Account",
    "KeyInfo",
    "KeyStore",
    "Principal",
    "bearer_key",
    "check_scopes",
    "key_hash",
    "new_key",
]

PREFIX = "olympus"
KEY_BYTES = 32
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{1,39}")
_DIGEST_RE = re.compile(r"[0-9a-f]{64}")
KINDS = ("person", "bot")
EVENTS = f"{PREFIX}:acct:events"
EVENTS_KEPT_MS = 24 * 3600 * 1000
SERVICE_ACCOUNT = "olympus-services"  # the account of the deploy-time service credential


@dataclass(frozen=True, slots=True)
class Account:
    account_id: str
    name: str
    kind: str
    created_ms: int
    disabled: bool


@dataclass(frozen=True, slots=True)
class KeyInfo:
    key_id: str  # the first 12 hex digits of the key's hash: names a key without revealing it
    scopes: tuple[str, ...]
    created_ms: int
    revoked_ms: int  # 0 while the key is valid


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def new_key() -> str:
    """A fresh API key (shown once, stored only as its hash)."""
    return KEY_PREFIX + secrets.token_urlsafe(KEY_BYTES)


def check_scopes(scopes: Sequence[str]) -> tuple[str, ...]:
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise InvalidArgument(
            f"unknown scope {quote(unknown[0])}; known: {', '.join(SCOPES)}",
            reason="INVALID_SCOPE",
        )
    if not scopes:
        raise InvalidArgument("a key needs at least one scope", reason="INVALID_SCOPE")
    return tuple(dict.fromkeys(scopes))


_storage = storage_calls("account", "olympus.accounts.keys", prefix="accounts_")


def _account_key(account_id: str) -> str:
    return f"{PREFIX}:acct:{{a:{account_id}}}"


def _apikey_key(digest: str) -> str:
    return f"{PREFIX}:apikey:{digest}"


def _name_key(name: str) -> str:
    return f"{PREFIX}:acctname:{name.lower()}"


def _now_ms() -> int:
    return int(time.time() * 1000)


class KeyStore:
    """Accounts and keys on one Redis; `authenticate` is what every service calls."""

    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis: Any = redis  # bytes replies: read untyped (see gamestate/store.py)

    # --- accounts --------------------------------------------------------------------------------
    @_storage
    async def create_account(self, name: str, kind: str) -> Account:
        if not _NAME_RE.fullmatch(name):
            raise InvalidArgument(
                "an account name is 2-40 letters, digits, '_', '.', '-', starting with a letter "
                f"or digit; got {quote(name)}",
                reason="INVALID_NAME",
            )
        if kind not in KINDS:
            raise InvalidArgument(
                f"an account is a person or a bot, not {quote(kind)}", reason="INVALID_ARGUMENT"
            )
        account_id = secrets.token_hex(8)
        created = _now_ms()
        # The record first, then the name (unique: SET NX): a name never points at an account
        # that is not there yet, and a name that is taken leaves nothing behind.
        await self.redis.hset(
            _account_key(account_id),
            mapping={"name": name, "kind": kind, "created": created, "disabled": ""},
        )
        if not await self.redis.set(_name_key(name), account_id, nx=True):
            await self.redis.delete(_account_key(account_id))
            raise AlreadyExists(f"the name {quote(name)} is taken", reason="ALREADY_EXISTS")
        return Account(account_id, name, kind, created, False)

    @_storage
    async def account(self, account_id: str) -> Account:
        if not re.fullmatch(r"[0-9a-f]{16}", account_id):
            raise NotFound(f"no account {quote(account_id)}", reason="ACCOUNT_NOT_FOUND")
        row = await self.redis.hgetall(_account_key(account_id))
        if not row:
            raise NotFound(f"no account {account_id}", reason="ACCOUNT_NOT_FOUND")
        return Account(
            account_id,
            row[b"name"].decode(),
            row[b"kind"].decode(),
            int(row[b"created"]),
            bool(row.get(b"disabled")),
        )

    @_storage
    async def account_by_name(self, name: str) -> Account:
        if not _NAME_RE.fullmatch(name):
            raise NotFound(f"no account named {quote(name)}", reason="ACCOUNT_NOT_FOUND")
        account_id = await self.redis.get(_name_key(name))
        if account_id is None:
            raise NotFound(f"no account named {quote(name)}", reason="ACCOUNT_NOT_FOUND")
        return await self.account(account_id.decode())

    @_storage
    async def set_disabled(self, account_id: str, disabled: bool) -> None:
        await self.account(account_id)
        await self.redis.hset(_account_key(account_id), "disabled", "1" if disabled else "")
        # After the change: a service that hears the event and checks again sees it.
        await self._event(ACCOUNT_DISABLED if disabled else ACCOUNT_ENABLED, account_id)

    # --- keys ------------------------------------------------------------------------------------
    @_storage
    async def create_key(self, account_id: str, scopes: Sequence[str]) -> tuple[str, KeyInfo]:
        """A new key for the account: (the key, shown this once; its record)."""
        return await self.register_key(account_id, new_key(), scopes)

    @_storage
    async def register_key(
        self, account_id: str, key: str, scopes: Sequence[str]
    ) -> tuple[str, KeyInfo]:
        """Store a key made elsewhere (the deploy-time service credential) for the account."""
        await self.account(account_id)
        wanted = check_scopes(scopes)
        if not KEY_RE.fullmatch(key):
            raise InvalidArgument("not an API key (oly_ and 43 URL-safe base64 characters)")
        digest = key_hash(key)
        created = _now_ms()
        # Listed first, then usable: a key that works can always be listed and revoked
        # (`keys` skips a listed digest without a record).
        await self.redis.sadd(_account_key(account_id) + ":keys", digest)
        await self.redis.hset(
            _apikey_key(digest),
            mapping={"account": account_id, "scopes": " ".join(wanted), "created": created},
        )
        return key, KeyInfo(digest[:12], wanted, created, 0)

    @_storage
    async def keys(self, account_id: str) -> list[KeyInfo]:
        await self.account(account_id)
        out = []
        for digest in await self.redis.smembers(_account_key(account_id) + ":keys"):
            row = await self.redis.hgetall(_apikey_key(digest.decode()))
            if row:
                out.append(self._info(digest.decode(), row))
        return sorted(out, key=lambda info: (info.created_ms, info.key_id))  # oldest first

    @_storage
    async def revoke_key(self, account_id: str, key_id: str) -> KeyInfo:
        """Revoke the account's key whose id (first 12 hex digits of its hash) is `key_id`.
        Revoking a revoked key again returns it as it is."""
        for info in await self.keys(account_id):
            if info.key_id == key_id:
                if info.revoked_ms:
                    return info
                digest = await self._digest_of(account_id, key_id)
                # HSETNX: two revocations at once keep one time, the first.
                await self.redis.hsetnx(_apikey_key(digest), "revoked", _now_ms())
                revoked = int(await self.redis.hget(_apikey_key(digest), "revoked"))
                await self._event(KEY_REVOKED, account_id, info.key_id)
                return KeyInfo(info.key_id, info.scopes, info.created_ms, revoked)
        raise NotFound(f"no key {quote(key_id)} on this account", reason="INVALID_API_KEY")

    async def _digest_of(self, account_id: str, key_id: str) -> str:
        for digest in await self.redis.smembers(_account_key(account_id) + ":keys"):
            if digest.decode().startswith(key_id):
                return str(digest.decode())
        raise NotFound(f"no key {quote(key_id)} on this account", reason="INVALID_API_KEY")

    @staticmethod
    def _info(digest: str, row: dict[bytes, bytes]) -> KeyInfo:
        return KeyInfo(
            digest[:12],
            tuple(row[b"scopes"].decode().split()),
            int(row[b"created"]),
            int(row.get(b"revoked") or 0),
        )

    # --- the check ----------------------------------------------------------------------------
    @_storage
    async def check(self, digest: str) -> KeyCheck:
        """What the key with this SHA-256 is (the accounts service's CheckKey)."""
        if not _DIGEST_RE.fullmatch(digest):
            raise InvalidArgument("key_sha256 must be 64 lowercase hex digits")
        row = await self.redis.hgetall(_apikey_key(digest))
        if not row:
            return KeyCheck(UNKNOWN)
        account_id = row[b"account"].decode()
        if row.get(b"revoked"):
            return KeyCheck(REVOKED, None, account_id, digest[:12])
        try:
            account = await self.account(account_id)
        except NotFound:
            return KeyCheck(UNKNOWN)  # a key whose account is gone is no key at all
        if account.disabled:
            return KeyCheck(DISABLED, None, account_id, digest[:12])
        principal = Principal(
            account.account_id,
            account.name,
            account.kind,
            frozenset(row[b"scopes"].decode().split()),
            digest[:12],
        )
        return KeyCheck(VALID, principal, account_id, digest[:12])

    async def authenticate(
        self, metadata: Iterable[tuple[str, str | bytes]] | None, required: bool = True
    ) -> Principal | None:
        """The caller of a request with this metadata (see `Authenticator.authenticate`)."""
        key = bearer_key(metadata)
        if key is None:
            if required:
                raise Unauthenticated(
                    "this call needs an API key: authorization: Bearer <key>",
                    reason="API_KEY_REQUIRED",
                )
            return None
        if not KEY_RE.fullmatch(key):
            raise Unauthenticated("malformed API key", reason="INVALID_API_KEY")
        return (await self.check(key_hash(key))).raise_unless_valid()

    # --- the service credential --------------------------------------------------------------
    @_storage
    async def ensure_service_key(self, key: str) -> str:
        """Make sure the deploy-time service credential is a key with the service scope (made
        on the first start, under the account SERVICE_ACCOUNT); its key id. A key that exists
        without that scope, or was revoked, is refused: provision another."""
        digest = key_hash(key)
        row = await self.redis.hgetall(_apikey_key(digest))
        if row:
            if row.get(b"revoked"):
                raise FailedPrecondition(
                    "the configured service key was revoked: provision a new one "
                    "(olympus accounts new-service-key)"
                )
            if SCOPE_SERVICE not in row[b"scopes"].decode().split():
                raise FailedPrecondition("the configured service key lacks the service scope")
            return digest[:12]
        try:
            account = await self.account_by_name(SERVICE_ACCOUNT)
        except NotFound:
            try:
                account = await self.create_account(SERVICE_ACCOUNT, "bot")
            except AlreadyExists:  # another replica made it meanwhile
                account = await self.account_by_name(SERVICE_ACCOUNT)
        _, info = await self.register_key(account.account_id, key, [SCOPE_SERVICE])
        return info.key_id

    # --- the events ------------------------------------------------------------------------------
    async def _event(self, kind: str, account_id: str, key_id: str = "") -> None:
        fields = {"kind": kind, "account": account_id, "key": key_id}
        await self.redis.xadd(
            EVENTS, fields, minid=f"{_now_ms() - EVENTS_KEPT_MS}", approximate=True
        )

    @_storage
    async def events_after(self, after: str, count: int = 1000) -> list[KeyEventData]:
        """The events after `after` (a stream id; "" or "$": none), oldest first."""
        if not after or after == "$":
            return []
        rows = await self.redis.xrange(EVENTS, min=f"({after}", count=count)
        return [_event_of(row_id, fields) for row_id, fields in rows]

    async def last_event_id(self) -> str:
        rows = await self.redis.xrevrange(EVENTS, count=1)
        return rows[0][0].decode() if rows else "0-0"

    async def wait_events(self, after: str, block_ms: int) -> list[KeyEventData]:
        """The events after `after`, waiting up to `block_ms` for one (XREAD BLOCK: call it
        on a connection of its own)."""
        reply = await self.redis.xread({EVENTS: after}, block=block_ms, count=1000)
        return [_event_of(row_id, fields) for _, rows in reply or () for row_id, fields in rows]


def _event_of(row_id: bytes, fields: dict[bytes, bytes]) -> KeyEventData:
    return KeyEventData(
        row_id.decode(),
        fields.get(b"kind", b"").decode(),
        fields.get(b"account", b"").decode(),
        fields.get(b"key", b"").decode(),
    )
