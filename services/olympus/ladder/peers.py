"""What the ladder service asks the other services, over their APIs with its service
credential: the game service makes and tells about games, the scoring service rates them and
keeps the ratings, matchmaking holds the external bots' ladder tickets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from olympus.platform.config import default_address
from olympus.platform.errors import error_details
from olympus.platform.identity import service_metadata
from olympus.v1 import (
    game_pb2,
    game_pb2_grpc,
    matchmaking_pb2,
    matchmaking_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
)

TIMEOUT_S = 10.0
OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)
# Refusals that no repeat of the same request can change.
FOR_GOOD = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.ALREADY_EXISTS,
        grpc.StatusCode.NOT_FOUND,
    }
)


@dataclass(frozen=True, slots=True)
class Addresses:
    gamestate: str = default_address("gamestate")
    scoring: str = default_address("scoring")
    matchmaking: str = default_address("matchmaking")
    accounts: str = ""


class Refused(Exception):
    """A peer refused for good: the code, reason and message it gave."""

    def __init__(self, exc: grpc.aio.AioRpcError) -> None:
        reason, _, _ = error_details(exc)
        super().__init__(f"{exc.code().name} {reason}: {exc.details()}")
        self.code = exc.code()
        self.reason = reason
        self.details = exc.details() or ""


class Peers:
    def __init__(self, addresses: Addresses, service_key: str) -> None:
        self.metadata = service_metadata(service_key)
        self._channels = [
            grpc.aio.insecure_channel(a, options=OPTIONS)
            for a in (addresses.gamestate, addresses.scoring, addresses.matchmaking)
        ]
        self.games: Any = game_pb2_grpc.GameServiceStub(self._channels[0])  # type: ignore[no-untyped-call]
        self.scoring: Any = scoring_pb2_grpc.ScoringServiceStub(self._channels[1])  # type: ignore[no-untyped-call]
        self.matchmaking: Any = matchmaking_pb2_grpc.MatchmakingServiceStub(self._channels[2])  # type: ignore[no-untyped-call]

    async def _call(self, method: Any, request: Any) -> Any:
        """The reply; Refused for a refusal for good; AioRpcError for one that may pass."""
        try:
            return await method(request, metadata=self.metadata, timeout=TIMEOUT_S)
        except grpc.aio.AioRpcError as exc:
            if exc.code() in FOR_GOOD:
                raise Refused(exc) from None
            raise

    async def bots(self) -> set[str]:
        """The bots the game service seats."""
        reply = await self._call(self.games.ListTableChoices, game_pb2.ListTableChoicesRequest())
        return {b.name for b in reply.bots}

    async def create_game(self, request: game_pb2.CreateGameRequest) -> str:
        reply = await self._call(self.games.CreateGame, request)
        return str(reply.game_id)

    async def record(self, game_id: str) -> game_pb2.GameRecord:
        reply: game_pb2.GameRecord = await self._call(
            self.games.GetGameRecord, game_pb2.GetGameRecordRequest(game_id=game_id)
        )
        return reply

    async def report(self, game_id: str) -> None:
        """Have the scoring service record the game now (from the game's own record; the game
        service's workers deliver it too: recorded once)."""
        await self._call(
            self.scoring.ReportResult, scoring_pb2.ReportResultRequest(game_id=game_id)
        )

    async def ratings(self, queue: str, players: Sequence[str]) -> dict[str, tuple[int, float]]:
        """(games, ordinal) of each player rated in the queue."""
        out: dict[str, tuple[int, float]] = {}
        for i in range(0, len(players), 100):
            reply = await self._call(
                self.scoring.GetRatings,
                scoring_pb2.GetRatingsRequest(queue=queue, players=list(players[i : i + 100])),
            )
            for entry in reply.ratings:
                if entry.HasField("rating"):
                    out[entry.player] = (entry.rating.games, entry.rating.ordinal)
        return out

    async def leaderboard(
        self, queue: str, page_size: int, page_token: str
    ) -> scoring_pb2.LeaderboardResponse:
        reply: scoring_pb2.LeaderboardResponse = await self._call(
            self.scoring.Leaderboard,
            scoring_pb2.LeaderboardRequest(queue=queue, page_size=page_size, page_token=page_token),
        )
        return reply

    async def ladder_tickets(self, ladder: str) -> list[matchmaking_pb2.LadderTicket]:
        reply = await self._call(
            self.matchmaking.ListLadderTickets,
            matchmaking_pb2.ListLadderTicketsRequest(ladder=ladder),
        )
        return list(reply.tickets)

    async def seat_table(
        self,
        ladder: str,
        match_id: str,
        request: game_pb2.CreateGameRequest,
        tickets: dict[str, int],
    ) -> str:
        reply = await self._call(
            self.matchmaking.SeatLadderTable,
            matchmaking_pb2.SeatLadderTableRequest(
                ladder=ladder,
                match_id=match_id,
                game=request,
                tickets=[
                    matchmaking_pb2.TableTicket(ticket_id=t, seat=s) for t, s in tickets.items()
                ],
            ),
        )
        return str(reply.game_id)

    async def close(self) -> None:
        for channel in self._channels:
            await channel.close()
