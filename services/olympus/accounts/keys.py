"""Accounts and API keys in Redis, and the check every service makes of a caller's key.

A key is shown once, when it is made: ``oly_`` + 32 random bytes in URL-safe base64. Only its
SHA-256 is stored. Clients send it as gRPC metadata ``authorization: Bearer <key>``.

    olympus:acct:{a:<id>}        hash: name, kind (person|bot), created ms, disabled ("1")
    olympus:acct:{a:<id>}:keys   set: the hashes of the account's keys
    olympus:apikey:<sha256>      hash: account, scopes (space-separated), created ms,
                                 revoked ms (once revoked; the record is kept so that a revoked
                                 key is told apart from a key that never existed)
    olympus:acctname:<name>      string: account id (names are unique, case-insensitive)
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
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Unauthenticated,
    quote,
)
from olympus.platform.storage import storage_calls

PREFIX = "olympus"
KEY_PREFIX = "oly_"
KEY_BYTES = 32
_KEY_RE = re.compile(r"oly_[A-Za-z0-9_-]{43}")
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{1,39}")
KINDS = ("person", "bot")

# What a key may do. `admin` may do everything (make accounts, keys for any account).
SCOPE_PLAY = "play"  # answer in games, queue for matches
SCOPE_CREATE_GAMES = "create_games"
SCOPE_LADDER = "ladder"  # run a bot on the ladder
SCOPE_ADMIN = "admin"
SCOPES = (SCOPE_PLAY, SCOPE_CREATE_GAMES, SCOPE_LADDER, SCOPE_ADMIN)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the account behind a valid key, and what the key allows."""

    account_id: str
    name: str
    kind: str
    scopes: frozenset[str]
    key_id: str = ""  # the id of the key the call was made with (KeyInfo.key_id)

    def allows(self, scope: str) -> bool:
        return scope in self.scopes or SCOPE_ADMIN in self.scopes

    def require(self, scope: str) -> None:
        if not self.allows(scope):
            raise PermissionDenied(
                f"this key lacks the scope {scope!r}",
                reason="SCOPE_REQUIRED",
                metadata={"scope": scope},
            )


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


def bearer_key(metadata: Iterable[tuple[str, str | bytes]] | None) -> str | None:
    """The API key of `authorization: Bearer <key>` metadata; None when there is none."""
    for name, value in metadata or ():
        if name.lower() != "authorization":
            continue
        text = value.decode("ascii", "replace") if isinstance(value, bytes) else value
        scheme, _, key = text.strip().partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise Unauthenticated(
                "authorization metadata must be 'Bearer <API key>'", reason="INVALID_API_KEY"
            )
        return key.strip()
    return None


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

    # --- keys ------------------------------------------------------------------------------------
    @_storage
    async def create_key(self, account_id: str, scopes: Sequence[str]) -> tuple[str, KeyInfo]:
        """A new key for the account: (the key, shown this once; its record)."""
        await self.account(account_id)
        wanted = check_scopes(scopes)
        key = KEY_PREFIX + secrets.token_urlsafe(KEY_BYTES)
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

    # --- the check -------------------------------------------------------------------------------
    @_storage
    async def authenticate(
        self, metadata: Iterable[tuple[str, str | bytes]] | None, required: bool = True
    ) -> Principal | None:
        """The caller of a request with this metadata. No key: None, or API_KEY_REQUIRED when
        `required`. A malformed, unknown or revoked key: UNAUTHENTICATED; a disabled account:
        PERMISSION_DENIED (ACCOUNT_DISABLED); whatever `required` says (a bad key is never
        taken for no key)."""
        key = bearer_key(metadata)
        if key is None:
            if required:
                raise Unauthenticated(
                    "this call needs an API key: authorization: Bearer <key>",
                    reason="API_KEY_REQUIRED",
                )
            return None
        if not _KEY_RE.fullmatch(key):
            raise Unauthenticated("malformed API key", reason="INVALID_API_KEY")
        row = await self.redis.hgetall(_apikey_key(key_hash(key)))
        if not row:
            raise Unauthenticated("unknown API key", reason="INVALID_API_KEY")
        if row.get(b"revoked"):
            raise Unauthenticated("this API key was revoked", reason="API_KEY_REVOKED")
        try:
            account = await self.account(row[b"account"].decode())
        except NotFound:
            # a key whose account is gone is no key at all
            raise Unauthenticated("unknown API key", reason="INVALID_API_KEY") from None
        if account.disabled:
            raise PermissionDenied("this account is disabled", reason="ACCOUNT_DISABLED")
        return Principal(
            account.account_id,
            account.name,
            account.kind,
            frozenset(row[b"scopes"].decode().split()),
            key_hash(key)[:12],
        )
