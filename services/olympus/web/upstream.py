"""The gRPC services the bridge talks to, and how their answers and refusals become JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import grpc
from aiohttp import web
from google.protobuf import json_format
from google.protobuf.message import Message

from olympus.platform.errors import error_details
from olympus.v1 import (
    accounts_pb2_grpc,
    catalogue_pb2_grpc,
    game_pb2_grpc,
    ladder_pb2_grpc,
    matchmaking_pb2_grpc,
    scoring_pb2_grpc,
)

# Unary calls get this long; a WatchGame stream has no deadline.
CALL_TIMEOUT_S = 10.0

# gRPC status -> HTTP status of the bridge's JSON error.
_HTTP_STATUS = {
    grpc.StatusCode.INVALID_ARGUMENT: 400,
    grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.PERMISSION_DENIED: 403,
    grpc.StatusCode.NOT_FOUND: 404,
    grpc.StatusCode.ALREADY_EXISTS: 409,
    grpc.StatusCode.ABORTED: 409,
    grpc.StatusCode.FAILED_PRECONDITION: 422,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.UNAVAILABLE: 503,
    grpc.StatusCode.DEADLINE_EXCEEDED: 504,
}


@dataclass(frozen=True)
class Addresses:
    gamestate: str
    catalogue: str
    accounts: str
    matchmaking: str  # empty: the lobby offers no matchmaking
    scoring: str = ""  # empty: no leaderboards or ratings pages (pages.py)
    ladder: str = ""  # empty: the ladder page lists no ladders


class Upstream:
    """One channel per service, shared by every request of this process."""

    def __init__(self, addresses: Addresses) -> None:
        self.addresses = addresses
        self._channels = [
            grpc.aio.insecure_channel(a)
            for a in (addresses.gamestate, addresses.catalogue, addresses.accounts)
        ]
        self.games = game_pb2_grpc.GameServiceStub(self._channels[0])  # type: ignore[no-untyped-call]
        self.catalogue = catalogue_pb2_grpc.CardCatalogueServiceStub(self._channels[1])  # type: ignore[no-untyped-call]
        self.accounts = accounts_pb2_grpc.AccountServiceStub(self._channels[2])  # type: ignore[no-untyped-call]
        self.matchmaking: Any = None
        # The compact catalogue JSON and its ETag, made on first use (catalogue_rows.py).
        self.catalogue_json: tuple[bytes, str] | None = None
        if addresses.matchmaking:
            channel = grpc.aio.insecure_channel(addresses.matchmaking)
            self._channels.append(channel)
            self.matchmaking = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)  # type: ignore[no-untyped-call]
        self.scoring: Any = None
        self.ladder: Any = None
        if addresses.scoring:
            channel = grpc.aio.insecure_channel(addresses.scoring)
            self._channels.append(channel)
            self.scoring = scoring_pb2_grpc.ScoringServiceStub(channel)  # type: ignore[no-untyped-call]
        if addresses.ladder:
            channel = grpc.aio.insecure_channel(addresses.ladder)
            self._channels.append(channel)
            self.ladder = ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]

    async def close(self) -> None:
        for channel in self._channels:
            await channel.close()


def bearer(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),) if key else ()


def to_json(message: Message) -> dict[str, Any]:
    """A message as the page reads it: proto field names, enum names, every scalar present
    (int64 fields come as decimal strings, as protobuf's JSON mapping has them)."""
    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def error_body(
    code: str, message: str, reason: str = "", metadata: dict[str, str] | None = None
) -> dict[str, Any]:
    """The bridge's JSON error; `metadata` is the ErrorInfo's (what the page words a refusal
    with, e.g. a milestone's `have` and `need`: js/prompts.js)."""
    return {
        "error": {"code": code, "reason": reason, "message": message, "metadata": metadata or {}}
    }


def refusal(exc: grpc.RpcError) -> web.Response:
    """A service's refusal as the bridge's JSON error, reason and message kept."""
    code: grpc.StatusCode = exc.code()  # type: ignore[attr-defined]
    reason, metadata, _retry = error_details(exc)
    body = error_body(code.name, exc.details() or "", reason, dict(metadata))  # type: ignore[attr-defined]
    return web.json_response(body, status=_HTTP_STATUS.get(code, 502))


def bad_request(message: str, reason: str = "INVALID_ARGUMENT", status: int = 400) -> web.Response:
    return web.json_response(error_body("INVALID_ARGUMENT", message, reason), status=status)
