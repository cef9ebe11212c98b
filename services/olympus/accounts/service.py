"""The AccountService gRPC servicer: protobuf in and out, the key store does the work.

Who may do what: CreateGuestAccount needs no key (a new person account with play and
create_games); CreateAccount, DisableAccount and EnableAccount need an admin key; CreateKey,
ListKeys and RevokeKey act on the caller's own account (an admin key: on any account); a key
may make keys only with scopes it has itself (an admin key: any but `service`); GetAccount and
WhoAmI take any valid key. SetWebhook, GetWebhook, DeleteWebhook and RotateWebhookSecret act
on the caller's own account with a `play` key (an admin key: on any account; webhooks.py).
CheckKey, WatchKeyEvents and GetWebhookTarget are for the platform's services only (the
`service` scope): that is how every other service checks its callers' keys and hears of
revocations (platform/keycheck.py), and where the game service's workers send webhooks. A `service` key is never made over the API: the
deploy-time service credential (OLYMPUS_SERVICE_KEY) is registered when this service starts.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import AsyncIterator, Iterable, Mapping
from typing import Final

import grpc

from olympus.api.times import timestamp
from olympus.platform.config import ServiceSettings
from olympus.platform.errors import InvalidArgument, PermissionDenied, ServiceError
from olympus.platform.identity import service_key_from_env
from olympus.platform.keycheck import (
    ACCOUNT_DISABLED,
    ACCOUNT_ENABLED,
    DISABLED,
    KEY_REVOKED,
    REVOKED,
    UNKNOWN,
    VALID,
    WEBHOOK_CHANGED,
    Authenticator,
    KeyCheck,
    caller,
)
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, Setup, rpc, stream_rpc
from olympus.platform.storage import check_storage
from olympus.v1 import accounts_pb2 as pb, accounts_pb2_grpc

from .events import EventHub
from .keys import (
    SCOPE_ADMIN,
    SCOPE_CREATE_GAMES,
    SCOPE_LADDER,
    SCOPE_PLAY,
    SCOPE_SERVICE,
    Account,
    KeyInfo,
    KeyStore,
    Principal,
    check_scopes,
)
from .webhooks import Webhook, WebhookStore

log = logging.getLogger("olympus.accounts")

# What a guest's key may do: play and create games, nothing about other accounts or ladders.
GUEST_SCOPES: Final[tuple[str, ...]] = (SCOPE_PLAY, SCOPE_CREATE_GAMES)
SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["AccountService"].full_name
CLIENT_NAME = "olympus-accounts"
REDIS_CONNECTIONS = 8
REDIS_TIMEOUT_S = 1.0

SCOPES: Final[Mapping[str, int]] = {
    SCOPE_PLAY: pb.SCOPE_PLAY,
    SCOPE_CREATE_GAMES: pb.SCOPE_CREATE_GAMES,
    SCOPE_LADDER: pb.SCOPE_LADDER,
    SCOPE_ADMIN: pb.SCOPE_ADMIN,
    SCOPE_SERVICE: pb.SCOPE_SERVICE,
}
_SCOPE_NAMES: Final[Mapping[int, str]] = {value: name for name, value in SCOPES.items()}
KINDS: Final[Mapping[str, int]] = {"person": pb.ACCOUNT_KIND_PERSON, "bot": pb.ACCOUNT_KIND_BOT}
_KIND_NAMES: Final[Mapping[int, str]] = {
    pb.ACCOUNT_KIND_UNSPECIFIED: "person",
    pb.ACCOUNT_KIND_PERSON: "person",
    pb.ACCOUNT_KIND_BOT: "bot",
}


def scopes_from_request(values: Iterable[int]) -> tuple[str, ...]:
    """The key store's scope names; INVALID_SCOPE for an unspecified or undefined value, or
    for none at all."""
    names = []
    for value in values:
        name = _SCOPE_NAMES.get(value)
        if name is None:
            raise InvalidArgument(
                f"scopes: {value} is not a scope; known: {', '.join(pb.Scope.keys()[1:])}",
                reason="INVALID_SCOPE",
            )
        names.append(name)
    return check_scopes(names)


def kind_from_request(value: int) -> str:
    kind = _KIND_NAMES.get(value)
    if kind is None:
        raise InvalidArgument(f"kind: {value} is not a defined value", reason="INVALID_ENUM")
    return kind


def account_to_proto(account: Account) -> pb.Account:
    return pb.Account(
        account_id=account.account_id,
        name=account.name,
        kind=KINDS[account.kind],  # type: ignore[arg-type]
        created_ms=account.created_ms,
        disabled=account.disabled,
        create_time=timestamp(account.created_ms),
    )


def _scopes_to_proto(scopes: Iterable[str]) -> list[pb.Scope]:
    return [SCOPES[s] for s in scopes if s in SCOPES]  # type: ignore[misc]


def key_to_proto(info: KeyInfo) -> pb.KeyInfo:
    return pb.KeyInfo(
        key_id=info.key_id,
        scopes=_scopes_to_proto(info.scopes),
        created_ms=info.created_ms,
        revoked_ms=info.revoked_ms,
        create_time=timestamp(info.created_ms),
        revoke_time=timestamp(info.revoked_ms),
    )


def _no_service_scope(scopes: Iterable[str]) -> None:
    if SCOPE_SERVICE in scopes:
        raise PermissionDenied(
            "a service key is provisioned at deploy time (OLYMPUS_SERVICE_KEY), never made "
            "over the API",
            reason="SCOPE_REQUIRED",
            metadata={"scope": SCOPE_SERVICE},
        )


_KEY_STATES: Final[Mapping[str, int]] = {
    VALID: pb.KEY_STATE_VALID,
    UNKNOWN: pb.KEY_STATE_UNKNOWN,
    REVOKED: pb.KEY_STATE_REVOKED,
    DISABLED: pb.KEY_STATE_ACCOUNT_DISABLED,
}
_EVENT_KINDS: Final[Mapping[str, int]] = {
    KEY_REVOKED: pb.KEY_EVENT_KIND_KEY_REVOKED,
    ACCOUNT_DISABLED: pb.KEY_EVENT_KIND_ACCOUNT_DISABLED,
    ACCOUNT_ENABLED: pb.KEY_EVENT_KIND_ACCOUNT_ENABLED,
    WEBHOOK_CHANGED: pb.KEY_EVENT_KIND_WEBHOOK_CHANGED,
}


def check_to_proto(check: KeyCheck) -> pb.CheckKeyResponse:
    msg = pb.CheckKeyResponse(state=_KEY_STATES[check.state], key_id=check.key_id)  # type: ignore[arg-type]
    if check.principal is not None:
        p = check.principal
        msg.account.CopyFrom(
            pb.Account(account_id=p.account_id, name=p.name, kind=KINDS[p.kind])  # type: ignore[arg-type]
        )
        msg.scopes.extend(_scopes_to_proto(sorted(p.scopes, key=list(SCOPES).index)))
    elif check.account_id:
        msg.account.account_id = check.account_id
    return msg


def webhook_to_proto(hook: Webhook) -> pb.Webhook:
    """The webhook as it is shown: never its secret."""
    return pb.Webhook(
        url=hook.url,
        create_time=timestamp(hook.created_ms),
        secret_time=timestamp(hook.secret_ms),
    )


_ACCOUNT_ID_RE = re.compile(r"[0-9a-f]{16}")


def _target(principal: Principal, account_id: str) -> str:
    """The account a call acts on: the caller's own (empty or its own id), or another one with
    an admin key."""
    if not account_id or account_id == principal.account_id:
        return principal.account_id
    principal.require(SCOPE_ADMIN)
    return account_id


class AccountService(accounts_pb2_grpc.AccountServiceServicer):
    def __init__(self, keys: KeyStore, hub: EventHub | None = None) -> None:
        self._keys = keys
        # This service owns the keys: it checks its callers against the store itself, uncached.
        self._auth = Authenticator(keys, cache=False)
        self._hub = hub
        self._webhooks = WebhookStore(keys)

    @rpc
    async def CreateAccount(
        self, request: pb.CreateAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateAccountResponse:
        await caller(self._auth, context, SCOPE_ADMIN)
        # Everything is checked before anything is written: a refusal leaves nothing behind.
        kind = kind_from_request(request.kind)
        scopes = scopes_from_request(request.scopes)
        _no_service_scope(scopes)
        account = await self._keys.create_account(request.name, kind)
        key, info = await self._keys.create_key(account.account_id, scopes)
        return pb.CreateAccountResponse(
            account=account_to_proto(account), key=key, key_info=key_to_proto(info)
        )

    @rpc
    async def CreateGuestAccount(
        self, request: pb.CreateGuestAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateGuestAccountResponse:
        # No key: anyone may become a guest (the quota per client address bounds how fast).
        # A name taken already (1 in 2^40) is refused by the store; the next call gets another.
        account = await self._keys.create_account(f"guest-{secrets.token_hex(5)}", "person")
        key, info = await self._keys.create_key(account.account_id, GUEST_SCOPES)
        return pb.CreateGuestAccountResponse(
            account=account_to_proto(account), key=key, key_info=key_to_proto(info)
        )

    @rpc
    async def GetAccount(
        self, request: pb.GetAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetAccountResponse:
        await caller(self._auth, context)
        which = request.WhichOneof("account")
        if which == "account_id":
            account = await self._keys.account(request.account_id)
        elif which == "name":
            account = await self._keys.account_by_name(request.name)
        else:
            raise InvalidArgument("give an account_id or a name", reason="INVALID_ARGUMENT")
        return pb.GetAccountResponse(account=account_to_proto(account))

    @rpc
    async def CreateKey(
        self, request: pb.CreateKeyRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateKeyResponse:
        principal = await caller(self._auth, context)
        target = _target(principal, request.account_id)
        scopes = scopes_from_request(request.scopes)
        _no_service_scope(scopes)
        for scope in scopes:  # never more than the caller's own key may do
            principal.require(scope)
        key, info = await self._keys.create_key(target, scopes)
        return pb.CreateKeyResponse(key=key, key_info=key_to_proto(info))

    @rpc
    async def ListKeys(
        self, request: pb.ListKeysRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListKeysResponse:
        principal = await caller(self._auth, context)
        target = _target(principal, request.account_id)
        return pb.ListKeysResponse(
            keys=[key_to_proto(info) for info in await self._keys.keys(target)]
        )

    @rpc
    async def RevokeKey(
        self, request: pb.RevokeKeyRequest, context: grpc.aio.ServicerContext
    ) -> pb.RevokeKeyResponse:
        principal = await caller(self._auth, context)
        target = _target(principal, request.account_id)
        info = await self._keys.revoke_key(target, request.key_id)
        return pb.RevokeKeyResponse(key=key_to_proto(info))

    @rpc
    async def DisableAccount(
        self, request: pb.DisableAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.DisableAccountResponse:
        await caller(self._auth, context, SCOPE_ADMIN)
        await self._keys.set_disabled(request.account_id, True)
        account = await self._keys.account(request.account_id)
        return pb.DisableAccountResponse(account=account_to_proto(account))

    @rpc
    async def EnableAccount(
        self, request: pb.EnableAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.EnableAccountResponse:
        await caller(self._auth, context, SCOPE_ADMIN)
        await self._keys.set_disabled(request.account_id, False)
        account = await self._keys.account(request.account_id)
        return pb.EnableAccountResponse(account=account_to_proto(account))

    @rpc
    async def WhoAmI(
        self, request: pb.AccountServiceWhoAmIRequest, context: grpc.aio.ServicerContext
    ) -> pb.AccountServiceWhoAmIResponse:
        principal = await caller(self._auth, context)
        account = await self._keys.account(principal.account_id)
        return pb.AccountServiceWhoAmIResponse(
            account=account_to_proto(account),
            key_id=principal.key_id,
            scopes=_scopes_to_proto(sorted(principal.scopes, key=list(SCOPES).index)),
        )

    # --- webhooks ---------------------------------------------------------------------------
    async def _webhook_account(self, context: grpc.aio.ServicerContext, account_id: str) -> str:
        """The account a webhook call acts on: the caller's own with a `play` key, or any with
        an admin key."""
        principal = await caller(self._auth, context, SCOPE_PLAY)
        return _target(principal, account_id)

    @rpc
    async def SetWebhook(
        self, request: pb.SetWebhookRequest, context: grpc.aio.ServicerContext
    ) -> pb.SetWebhookResponse:
        target = await self._webhook_account(context, request.account_id)
        hook = await self._webhooks.set(target, request.url)
        return pb.SetWebhookResponse(webhook=webhook_to_proto(hook), secret=hook.secret)

    @rpc
    async def GetWebhook(
        self, request: pb.GetWebhookRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetWebhookResponse:
        target = await self._webhook_account(context, request.account_id)
        hook = await self._webhooks.require(target)
        return pb.GetWebhookResponse(webhook=webhook_to_proto(hook))

    @rpc
    async def DeleteWebhook(
        self, request: pb.DeleteWebhookRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteWebhookResponse:
        target = await self._webhook_account(context, request.account_id)
        return pb.DeleteWebhookResponse(deleted=await self._webhooks.delete(target))

    @rpc
    async def RotateWebhookSecret(
        self, request: pb.RotateWebhookSecretRequest, context: grpc.aio.ServicerContext
    ) -> pb.RotateWebhookSecretResponse:
        target = await self._webhook_account(context, request.account_id)
        hook = await self._webhooks.rotate(target)
        return pb.RotateWebhookSecretResponse(webhook=webhook_to_proto(hook), secret=hook.secret)

    # --- for the services --------------------------------------------------------------------
    @rpc
    async def GetWebhookTarget(
        self, request: pb.GetWebhookTargetRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetWebhookTargetResponse:
        await caller(self._auth, context, SCOPE_SERVICE)
        if not _ACCOUNT_ID_RE.fullmatch(request.account_id):
            raise InvalidArgument(
                "account_id must be 16 lowercase hex digits",
                reason="INVALID_ARGUMENT",
                field="account_id",
            )
        account = await self._keys.account(request.account_id)
        hook = await self._webhooks.get(account.account_id)
        if hook is None or account.disabled:
            return pb.GetWebhookTargetResponse(configured=False)
        return pb.GetWebhookTargetResponse(configured=True, url=hook.url, secret=hook.secret)

    @rpc
    async def CheckKey(
        self, request: pb.CheckKeyRequest, context: grpc.aio.ServicerContext
    ) -> pb.CheckKeyResponse:
        await caller(self._auth, context, SCOPE_SERVICE)
        return check_to_proto(await self._keys.check(request.key_sha256))

    @stream_rpc
    async def WatchKeyEvents(
        self, request: pb.WatchKeyEventsRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[pb.KeyEvent]:
        await caller(self._auth, context, SCOPE_SERVICE)
        if self._hub is None:
            raise ServiceError("key events are not served by this process")
        async for event in self._hub.follow(request.after_event_id):
            if event is None:
                yield pb.KeyEvent(kind=pb.KEY_EVENT_KIND_HEARTBEAT)
                continue
            msg = pb.KeyEvent(
                event_id=event.event_id,
                kind=_EVENT_KINDS.get(event.kind, pb.KEY_EVENT_KIND_UNSPECIFIED),  # type: ignore[arg-type]
                account_id=event.account_id,
                key_id=event.key_id,
            )
            msg.event_time.FromMilliseconds(int(event.event_id.split("-", 1)[0]))
            yield msg


def make_setup(redis_timeout_s: float = REDIS_TIMEOUT_S) -> Setup:
    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, redis_timeout_s)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        keys = KeyStore(redis)
        service_key = service_key_from_env()
        if service_key:
            key_id = await keys.ensure_service_key(service_key)
            log.info("the service credential is key %s", key_id)
        else:
            log.warning(
                "no service credential (OLYMPUS_SERVICE_KEY): the other services cannot check "
                "API keys through this one"
            )
        # The event stream's blocking reads hold a connection of their own.
        events_redis = redis_client(settings.redis_url, f"{CLIENT_NAME}-events", 1, 10.0)
        hub = EventHub(KeyStore(events_redis), keys)
        hub.start()
        # The generated *_pb2_grpc module comes without type stubs.
        accounts_pb2_grpc.add_AccountServiceServicer_to_server(  # type: ignore[no-untyped-call]
            AccountService(keys, hub), server
        )

        async def probe() -> None:
            await check_storage(redis)  # NOT_SERVING while Redis is out of reach or full

        async def cleanup() -> None:
            await hub.stop()
            await events_redis.aclose()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME], cleanup=cleanup, probe=probe, on_stopping=hub.stop
        )

    return setup
