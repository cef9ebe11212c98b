"""The AccountService gRPC servicer: protobuf in and out, the key store does the work.

Who may do what: CreateGuestAccount needs no key (a new person account with play and
create_games); CreateAccount, DisableAccount and EnableAccount need an admin key; CreateKey,
ListKeys and RevokeKey act on the caller's own account (an admin key: on any account); a key
may make keys only with scopes it has itself (an admin key: any); GetAccount and WhoAmI take
any valid key.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Final

import grpc

from olympus.platform.config import ServiceSettings
from olympus.platform.errors import InvalidArgument
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, Setup, rpc
from olympus.v1 import accounts_pb2 as pb
from olympus.v1 import accounts_pb2_grpc

from .guard import caller
from .keys import (
    SCOPE_ADMIN,
    SCOPE_CREATE_GAMES,
    SCOPE_LADDER,
    SCOPE_PLAY,
    Account,
    KeyInfo,
    KeyStore,
    Principal,
    check_scopes,
)

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
    )


def _scopes_to_proto(scopes: Iterable[str]) -> list[pb.Scope]:
    return [SCOPES[s] for s in scopes if s in SCOPES]  # type: ignore[misc]


def key_to_proto(info: KeyInfo) -> pb.KeyInfo:
    return pb.KeyInfo(
        key_id=info.key_id,
        scopes=_scopes_to_proto(info.scopes),
        created_ms=info.created_ms,
        revoked_ms=info.revoked_ms,
    )


def _target(principal: Principal, account_id: str) -> str:
    """The account a call acts on: the caller's own (empty or its own id), or another one with
    an admin key."""
    if not account_id or account_id == principal.account_id:
        return principal.account_id
    principal.require(SCOPE_ADMIN)
    return account_id


class AccountService(accounts_pb2_grpc.AccountServiceServicer):
    def __init__(self, keys: KeyStore) -> None:
        self._keys = keys

    @rpc
    async def CreateAccount(
        self, request: pb.CreateAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateAccountResponse:
        await caller(self._keys, context, SCOPE_ADMIN)
        # Everything is checked before anything is written: a refusal leaves nothing behind.
        kind = kind_from_request(request.kind)
        scopes = scopes_from_request(request.scopes)
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
        await caller(self._keys, context)
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
        principal = await caller(self._keys, context)
        target = _target(principal, request.account_id)
        scopes = scopes_from_request(request.scopes)
        for scope in scopes:  # never more than the caller's own key may do
            principal.require(scope)
        key, info = await self._keys.create_key(target, scopes)
        return pb.CreateKeyResponse(key=key, key_info=key_to_proto(info))

    @rpc
    async def ListKeys(
        self, request: pb.ListKeysRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListKeysResponse:
        principal = await caller(self._keys, context)
        target = _target(principal, request.account_id)
        return pb.ListKeysResponse(
            keys=[key_to_proto(info) for info in await self._keys.keys(target)]
        )

    @rpc
    async def RevokeKey(
        self, request: pb.RevokeKeyRequest, context: grpc.aio.ServicerContext
    ) -> pb.RevokeKeyResponse:
        principal = await caller(self._keys, context)
        target = _target(principal, request.account_id)
        info = await self._keys.revoke_key(target, request.key_id)
        return pb.RevokeKeyResponse(key=key_to_proto(info))

    @rpc
    async def DisableAccount(
        self, request: pb.DisableAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.DisableAccountResponse:
        await caller(self._keys, context, SCOPE_ADMIN)
        await self._keys.set_disabled(request.account_id, True)
        account = await self._keys.account(request.account_id)
        return pb.DisableAccountResponse(account=account_to_proto(account))

    @rpc
    async def EnableAccount(
        self, request: pb.EnableAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.EnableAccountResponse:
        await caller(self._keys, context, SCOPE_ADMIN)
        await self._keys.set_disabled(request.account_id, False)
        account = await self._keys.account(request.account_id)
        return pb.EnableAccountResponse(account=account_to_proto(account))

    @rpc
    async def WhoAmI(
        self, request: pb.AccountServiceWhoAmIRequest, context: grpc.aio.ServicerContext
    ) -> pb.AccountServiceWhoAmIResponse:
        principal = await caller(self._keys, context)
        account = await self._keys.account(principal.account_id)
        return pb.AccountServiceWhoAmIResponse(
            account=account_to_proto(account),
            key_id=principal.key_id,
            scopes=_scopes_to_proto(sorted(principal.scopes, key=list(SCOPES).index)),
        )


def make_setup(redis_timeout_s: float = REDIS_TIMEOUT_S) -> Setup:
    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, redis_timeout_s)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        # The generated *_pb2_grpc module comes without type stubs.
        accounts_pb2_grpc.add_AccountServiceServicer_to_server(  # type: ignore[no-untyped-call]
            AccountService(KeyStore(redis)), server
        )

        async def probe() -> None:
            await redis.ping()

        async def cleanup() -> None:
            await redis.aclose()

        return ServiceHooks(names=[SERVICE_NAME], cleanup=cleanup, probe=probe)

    return setup
