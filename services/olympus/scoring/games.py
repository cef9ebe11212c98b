"""What the scoring service asks the game service, the owner of every result: a game's record
(GetGameRecord, with the service credential) and, for live scores, its decision view (public).
The game service's refusals become this service's own (NOT_FOUND stays GAME_NOT_FOUND); a game
service out of reach is UNAVAILABLE, which callers may retry."""

from __future__ import annotations

from typing import Any

import grpc

from olympus.platform.errors import InvalidArgument, NotFound, PermissionDenied, Unavailable
from olympus.platform.identity import service_metadata
from olympus.v1 import game_pb2 as gpb, game_pb2_grpc

TIMEOUT_S = 5.0
RECONNECT_OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)


class GameRecords:
    def __init__(self, address: str, service_key: str) -> None:
        self.address = address
        self.service_key = service_key
        self.channel = grpc.aio.insecure_channel(address, options=RECONNECT_OPTIONS)
        self.stub: Any = game_pb2_grpc.GameServiceStub(self.channel)  # type: ignore[no-untyped-call]

    async def record(self, game_id: str) -> gpb.GameRecord:
        reply: gpb.GameRecord = await self._call(
            self.stub.GetGameRecord, gpb.GetGameRecordRequest(game_id=game_id)
        )
        return reply

    async def decision(self, game_id: str) -> gpb.GetDecisionResponse:
        reply: gpb.GetDecisionResponse = await self._call(
            self.stub.GetDecision, gpb.GetDecisionRequest(game_id=game_id)
        )
        return reply

    async def _call(self, method: Any, request: Any) -> Any:
        try:
            return await method(
                request, metadata=service_metadata(self.service_key), timeout=TIMEOUT_S
            )
        except grpc.aio.AioRpcError as exc:
            raise _refusal(exc) from None

    async def close(self) -> None:
        await self.channel.close()


def _refusal(exc: grpc.aio.AioRpcError) -> Exception:
    from olympus.platform.errors import error_details

    reason, _, _ = error_details(exc)
    code = exc.code()
    if code == grpc.StatusCode.NOT_FOUND:
        return NotFound(exc.details() or "no such game", reason=reason or "GAME_NOT_FOUND")
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        return InvalidArgument(exc.details() or "bad request", reason=reason or "INVALID_ARGUMENT")
    if code in (grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED):
        # This service's own credential was refused: an operator's problem, not the caller's.
        return PermissionDenied(
            "the game service refused this service's credential (OLYMPUS_SERVICE_KEY)",
            reason="PERMISSION_DENIED",
        )
    return Unavailable(
        f"the game service cannot answer now ({code.name}); try again", reason="SERVICE_UNAVAILABLE"
    )
