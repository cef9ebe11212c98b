"""The check every service makes of its callers' API keys, and how it learns of revocations.

The accounts service owns the keys; no other service reads them. A service asks it
(`AccountService.CheckKey`, with the service credential) what a key is, and caches the answer:

- **Cost per call**: a hit is a SHA-256 of the key and a dict lookup (a few microseconds); a
  miss is one CheckKey round trip (about half a millisecond on one host), once per key per
  cache lifetime.
- **Revocation is pushed**: each process follows `AccountService.WatchKeyEvents`; a revoked
  key or a disabled account drops what was cached of it at once (and the service's listeners
  act on it: matchmaking cancels the key's tickets, the game service hands a disabled account's
  seats to a bot). Measured end to end, a revoked key is refused within tens of milliseconds.
- **When the push is not heard** (the event stream is down, or no heartbeat came for
  `STALE_AFTER_S`), answers are cached for `SHORT_TTL_S` only: revocation then reaches every
  service within that bound, at the price of one CheckKey per key and period. While the
  stream is heard, answers live `LONG_TTL_S`.
- A fetch that raced an event (it started before the event and ended after) is cached for the
  short time only: an answer read just before a revocation never outlives it long.

Why not verify keys locally (signed credentials)? A signed credential cannot be revoked
before it expires without the same push; keys are opaque here, so the owner's answer is the
only truth, and the cache makes asking it nearly free.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, overload

import grpc

from .config import default_address
from .errors import PermissionDenied, Unauthenticated, Unavailable
from .identity import KEY_RE, Principal, bearer_key

log = logging.getLogger("olympus.platform.keycheck")

LONG_TTL_S = 60.0
SHORT_TTL_S = 2.0
STALE_AFTER_S = 15.0  # no event nor heartbeat for this long: the stream is not heard
MAX_CACHED = 100_000
RECONNECT_S = (0.2, 0.5, 1.0, 2.0, 5.0)

VALID, UNKNOWN, REVOKED, DISABLED = "valid", "unknown", "revoked", "disabled"
KEY_REVOKED, ACCOUNT_DISABLED, ACCOUNT_ENABLED = "key_revoked", "account_disabled", "enabled"
# An account's webhook changed (accounts/webhooks.py): no key did; listeners that cache what
# they know of webhooks forget it.
WEBHOOK_CHANGED = "webhook_changed"


@dataclass(frozen=True, slots=True)
class KeyCheck:
    """What a key is: its state, and (valid) who it is."""

    state: str  # VALID, UNKNOWN, REVOKED, DISABLED
    principal: Principal | None = None
    account_id: str = ""
    key_id: str = ""

    def raise_unless_valid(self) -> Principal:
        if self.state == VALID and self.principal is not None:
            return self.principal
        if self.state == REVOKED:
            raise Unauthenticated("this API key was revoked", reason="API_KEY_REVOKED")
        if self.state == DISABLED:
            raise PermissionDenied("this account is disabled", reason="ACCOUNT_DISABLED")
        raise Unauthenticated("unknown API key", reason="INVALID_API_KEY")


@dataclass(frozen=True, slots=True)
class KeyEventData:
    event_id: str
    kind: str  # KEY_REVOKED, ACCOUNT_DISABLED, ACCOUNT_ENABLED, WEBHOOK_CHANGED
    account_id: str
    key_id: str = ""


class KeyChecker(Protocol):
    """Where the truth about keys is: the accounts store itself, or the accounts service."""

    def check(self, digest: str) -> Awaitable[KeyCheck]: ...


Listener = Callable[[KeyEventData], Awaitable[None]]


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


@dataclass(slots=True)
class _Cached:
    check: KeyCheck
    expires: float


@dataclass
class Authenticator:
    """Checks keys through `checker`, caching the answers (see the module's doc)."""

    checker: KeyChecker
    cache: bool = True
    listeners: list[Listener] = field(default_factory=list)
    _cached: OrderedDict[str, _Cached] = field(default_factory=OrderedDict)
    _epoch: int = 0
    _heard: float = 0.0  # monotonic time of the last event or heartbeat (0: never)

    # --- the check ----------------------------------------------------------------------------
    async def check_key(self, key: str) -> Principal:
        """The principal of a key; UNAUTHENTICATED / PERMISSION_DENIED for a bad one."""
        if not KEY_RE.fullmatch(key):
            raise Unauthenticated("malformed API key", reason="INVALID_API_KEY")
        return (await self.check_digest(key_digest(key))).raise_unless_valid()

    async def authenticate(
        self, metadata: Iterable[tuple[str, str | bytes]] | None, required: bool = True
    ) -> Principal | None:
        """The caller of a request with this metadata. No key: None, or API_KEY_REQUIRED when
        `required`; a bad key is refused whatever `required` says (never taken for no key)."""
        key = bearer_key(metadata)
        if key is None:
            if required:
                raise Unauthenticated(
                    "this call needs an API key: authorization: Bearer <key>",
                    reason="API_KEY_REQUIRED",
                )
            return None
        return await self.check_key(key)

    async def check_digest(self, digest: str) -> KeyCheck:
        """What the key with this SHA-256 is (cached; see the module's doc)."""
        now = time.monotonic()
        if self.cache:
            hit = self._cached.get(digest)
            if hit is not None and hit.expires > now:
                return hit.check
        epoch = self._epoch
        check = await self.checker.check(digest)
        if self.cache:
            raced = epoch != self._epoch
            ttl = SHORT_TTL_S if raced or not self.heard(time.monotonic()) else LONG_TTL_S
            self._cached[digest] = _Cached(check, time.monotonic() + ttl)
            self._cached.move_to_end(digest)
            while len(self._cached) > MAX_CACHED:
                self._cached.popitem(last=False)
        return check

    def heard(self, now: float) -> bool:
        """Whether revocations reach this process now (an event or a heartbeat lately)."""
        return self._heard > 0 and now - self._heard < STALE_AFTER_S

    # --- what the event stream tells -------------------------------------------------------------
    def alive(self) -> None:
        self._heard = time.monotonic()

    async def apply(self, event: KeyEventData) -> None:
        """Forget what is cached of the key or account, then tell the listeners."""
        self.alive()
        if event.kind == WEBHOOK_CHANGED:  # no key changed: only the listeners care
            await self._tell(event)
            return
        self._epoch += 1
        for digest, cached in list(self._cached.items()):
            check = cached.check
            account = check.principal.account_id if check.principal else check.account_id
            key_id = check.principal.key_id if check.principal else check.key_id
            if account == event.account_id and (
                event.kind != KEY_REVOKED or key_id == event.key_id or digest[:12] == event.key_id
            ):
                del self._cached[digest]
        await self._tell(event)

    async def _tell(self, event: KeyEventData) -> None:
        for listener in self.listeners:
            try:
                await listener(event)
            except Exception:  # one listener's failure must not stop the others, nor the stream
                log.exception("a key event listener failed", extra={"kind": event.kind})


# --- the caller of a call --------------------------------------------------------------------

_CALLER: contextvars.ContextVar[tuple[Principal | None] | None] = contextvars.ContextVar(
    "olympus_caller", default=None
)


def remember_caller(principal: Principal | None) -> None:
    """The edge's check of this call's key, for the servicer to reuse (`caller`)."""
    _CALLER.set((principal,))


@overload
async def caller(
    auth: Authenticator,
    context: grpc.aio.ServicerContext,
    scope: str | None = None,
    required: Literal[True] = True,
) -> Principal: ...


@overload
async def caller(
    auth: Authenticator,
    context: grpc.aio.ServicerContext,
    scope: str | None = None,
    *,
    required: bool,
) -> Principal | None: ...


async def caller(
    auth: Authenticator,
    context: grpc.aio.ServicerContext,
    scope: str | None = None,
    required: bool = True,
) -> Principal | None:
    """The principal behind the call's `authorization: Bearer <key>` metadata, which must allow
    `scope` when one is given (an admin key allows every scope but `service`). Without a key:
    None when not `required`. The edge has usually checked the key already: reused."""
    known = _CALLER.get()
    if known is not None:
        principal = known[0]
        if principal is None and required:
            raise Unauthenticated(
                "this call needs an API key: authorization: Bearer <key>",
                reason="API_KEY_REQUIRED",
            )
    else:
        principal = await auth.authenticate(context.invocation_metadata(), required=required)
    if principal is not None and scope is not None:
        principal.require(scope)
    return principal


# --- the remote checker and the event follower -----------------------------------------------


class RemoteKeyChecker:
    """Asks the accounts service (CheckKey) with this service's credential."""

    def __init__(self, stub: Any, service_key: str, timeout_s: float = 2.0) -> None:
        self.stub = stub
        self.service_key = service_key
        self.timeout_s = timeout_s

    async def check(self, digest: str) -> KeyCheck:
        from olympus.v1 import accounts_pb2 as apb

        if not self.service_key:
            raise Unavailable(
                "this service cannot check API keys: it has no service credential "
                "(OLYMPUS_SERVICE_KEY)",
                reason="SERVICE_UNAVAILABLE",
            )
        try:
            reply = await self.stub.CheckKey(
                apb.CheckKeyRequest(key_sha256=digest),
                metadata=(("authorization", f"Bearer {self.service_key}"),),
                timeout=self.timeout_s,
            )
        except grpc.aio.AioRpcError as exc:
            raise Unavailable(
                f"the accounts service cannot check the key now ({exc.code().name}); try again",
                reason="SERVICE_UNAVAILABLE",
            ) from None
        return check_from_proto(reply)


def check_from_proto(reply: Any) -> KeyCheck:
    from olympus.v1 import accounts_pb2 as apb

    if reply.state == apb.KEY_STATE_VALID:
        account = reply.account
        principal = Principal(
            account.account_id,
            account.name,
            "bot" if account.kind == apb.ACCOUNT_KIND_BOT else "person",
            frozenset(scope_name(s) for s in reply.scopes),
            reply.key_id,
        )
        return KeyCheck(VALID, principal, account.account_id, reply.key_id)
    state = {
        apb.KEY_STATE_REVOKED: REVOKED,
        apb.KEY_STATE_ACCOUNT_DISABLED: DISABLED,
    }.get(reply.state, UNKNOWN)
    return KeyCheck(state, None, reply.account.account_id, reply.key_id)


def scope_name(value: int) -> str:
    from olympus.v1 import accounts_pb2 as apb

    names: dict[int, str] = {
        apb.SCOPE_PLAY: "play",
        apb.SCOPE_CREATE_GAMES: "create_games",
        apb.SCOPE_LADDER: "ladder",
        apb.SCOPE_ADMIN: "admin",
        apb.SCOPE_SERVICE: "service",
    }
    return names.get(value, "")


class EventFollower:
    """Follows WatchKeyEvents for an Authenticator, reconnecting (and resuming after the last
    event seen) whenever the stream ends. `cursor` keeps the last event id across restarts
    (a service's own store), so that what happened while it was down is acted on too."""

    def __init__(
        self,
        stub: Any,
        service_key: str,
        auth: Authenticator,
        cursor: Cursor | None = None,
    ) -> None:
        self.stub = stub
        self.service_key = service_key
        self.auth = auth
        self.cursor = cursor
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._last = ""

    def start(self) -> None:
        if self.service_key and self._task is None:
            self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        from olympus.v1 import accounts_pb2 as apb

        if self.cursor is not None:
            with contextlib.suppress(Exception):
                self._last = await self.cursor.load()
        failures = 0
        while not self._stopping:
            try:
                stream = self.stub.WatchKeyEvents(
                    apb.WatchKeyEventsRequest(after_event_id=self._last),
                    metadata=(("authorization", f"Bearer {self.service_key}"),),
                )
                async for event in stream:
                    failures = 0
                    await self._one(event)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if failures == 0:
                    log.warning("key events: the stream ended (%s); reconnecting", _why(exc))
            if self._stopping:
                return
            await asyncio.sleep(RECONNECT_S[min(failures, len(RECONNECT_S) - 1)])
            failures += 1

    async def _one(self, event: Any) -> None:
        from olympus.v1 import accounts_pb2 as apb

        if event.kind == apb.KEY_EVENT_KIND_HEARTBEAT:
            self.auth.alive()
            return
        kind = {
            apb.KEY_EVENT_KIND_KEY_REVOKED: KEY_REVOKED,
            apb.KEY_EVENT_KIND_ACCOUNT_DISABLED: ACCOUNT_DISABLED,
            apb.KEY_EVENT_KIND_ACCOUNT_ENABLED: ACCOUNT_ENABLED,
            apb.KEY_EVENT_KIND_WEBHOOK_CHANGED: WEBHOOK_CHANGED,
        }.get(event.kind)
        if kind is not None:
            await self.auth.apply(
                KeyEventData(event.event_id, kind, event.account_id, event.key_id)
            )
        if event.event_id:
            self._last = event.event_id
            if self.cursor is not None:
                with contextlib.suppress(Exception):
                    await self.cursor.save(event.event_id)


class Cursor(Protocol):
    async def load(self) -> str: ...

    async def save(self, event_id: str) -> None: ...


class RedisCursor:
    """The last key event a service acted on, in that service's own Redis key."""

    def __init__(self, redis: Any, key: str) -> None:
        self.redis = redis
        self.key = key

    async def load(self) -> str:
        raw = await self.redis.get(self.key)
        return str(raw.decode()) if raw else ""

    async def save(self, event_id: str) -> None:
        await self.redis.set(self.key, event_id)


def _why(exc: BaseException) -> str:
    if isinstance(exc, grpc.aio.AioRpcError):
        return str(exc.code().name)
    return type(exc).__name__


@dataclass
class KeyService:
    """What a service needs to check keys: the authenticator, and the channel and follower
    behind it (closed with `close`)."""

    auth: Authenticator
    service_key: str
    channel: grpc.aio.Channel | None = None
    follower: EventFollower | None = None

    def start(self) -> None:
        if self.follower is not None:
            self.follower.start()

    async def close(self) -> None:
        if self.follower is not None:
            await self.follower.stop()
        if self.channel is not None:
            await self.channel.close()


def remote_key_service(
    accounts_address: str, service_key: str, cursor: Cursor | None = None
) -> KeyService:
    """Key checks through the accounts service at `accounts_address` (see the module's doc)."""
    from olympus.v1 import accounts_pb2_grpc

    channel = grpc.aio.insecure_channel(
        accounts_address, options=(("grpc.max_reconnect_backoff_ms", 5_000),)
    )
    stub = accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]
    auth = Authenticator(RemoteKeyChecker(stub, service_key))
    follower = EventFollower(stub, service_key, auth, cursor)
    return KeyService(auth, service_key, channel, follower)


DEFAULT_ACCOUNTS_ADDRESS = default_address("accounts")


def accounts_address_from_env() -> str:
    """The accounts service every other service checks keys with (OLYMPUS_ACCOUNTS_ADDRESS)."""
    import os

    return os.environ.get("OLYMPUS_ACCOUNTS_ADDRESS") or DEFAULT_ACCOUNTS_ADDRESS
