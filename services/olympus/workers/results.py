"""Rated results delivered to the scoring service: the game service's workers do it, for the
game service owns every result.

A rated game is pending from its creation (gamestate/seating.py). Every OLYMPUS_REPORT_SECONDS
beat sends `olympus.deliver_results`, which looks at the pending games: a running one stays; a
finished or aborted one is reported to the scoring service (ReportResult, with the service
credential), which reads the game's record from the game service and records it once (rated,
or aborted and unrated); only then does the entry leave. A game that never came to exist (its
create failed) is dropped after a grace period. So a result reaches the scoring service at
least once whatever fails (the scoring service down, a worker killed half-way, two runs at
once), and is rated exactly once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import grpc
import orjson

from olympus.gamestate.seating import Seating
from olympus.gamestate.store import ENDED, GameStore
from olympus.platform.errors import error_details
from olympus.platform.identity import service_metadata
from olympus.v1 import scoring_pb2, scoring_pb2_grpc

log = logging.getLogger("olympus.workers.results")
BATCH = 500  # pending games looked at per run
NEVER_MADE_MS = 120_000  # a pending game that does not exist this long after: never made
TIMEOUT_S = 10.0
# Refusals no repeat can change: the entry is dropped (and logged), not tried for ever.
FOR_GOOD = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.FAILED_PRECONDITION,
    }
)


@dataclass
class Delivered:
    rated: int = 0  # games the scoring service recorded on this run's report
    already: int = 0  # recorded before (by another report)
    dropped: int = 0  # never made, or refused for good
    running: int = 0
    failed: int = 0  # left for the next run (the scoring service out of reach)


class ResultDelivery:
    def __init__(self, store: GameStore, scoring_address: str, service_key: str) -> None:
        self.store = store
        self.seating = Seating(store.redis)
        self.service_key = service_key
        self.scoring_address = scoring_address
        # Made on first use, on the loop the tasks run on (a channel belongs to one loop).
        self.channel: grpc.aio.Channel | None = None
        self.scoring: Any = None

    def _stub(self) -> Any:
        if self.scoring is None:
            self.channel = grpc.aio.insecure_channel(
                self.scoring_address, options=(("grpc.max_reconnect_backoff_ms", 5_000),)
            )
            self.scoring = scoring_pb2_grpc.ScoringServiceStub(self.channel)  # type: ignore[no-untyped-call]
        return self.scoring

    async def run(self, now_ms: int) -> Delivered:
        out = Delivered()
        pending = await self.seating.pending_rated(BATCH)
        if not pending:
            return out
        rows = await self.store.summaries([game_id for game_id, _ in pending])
        for (game_id, created), row in zip(pending, rows, strict=True):
            status = (row["status"] or b"").decode()
            if not status:
                if now_ms - created > NEVER_MADE_MS:
                    await self.seating.delivered(game_id)
                    out.dropped += 1
                continue
            if status not in ENDED:
                out.running += 1
                continue
            await self._report(game_id, out)
        return out

    async def _report(self, game_id: str, out: Delivered) -> None:
        try:
            reply = await self._stub().ReportResult(
                scoring_pb2.ReportResultRequest(game_id=game_id),
                metadata=service_metadata(self.service_key),
                timeout=TIMEOUT_S,
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in FOR_GOOD:
                out.failed += 1
                if out.failed == 1:
                    log.warning(
                        "the scoring service cannot take results now (%s): kept for the next run",
                        exc.code().name,
                    )
                return
            reason, _, _ = error_details(exc)
            log.error(
                "a rated game's result was refused for good: dropped",
                extra={"game_id": game_id, "code": exc.code().name, "reason": reason},
            )
            await self.seating.delivered(game_id)
            out.dropped += 1
            return
        # Kept before the entry leaves: a repeat (the scoring service answers with the changes
        # recorded the first time) writes the same again.
        await self._keep_ratings(game_id, reply.result)
        await self.seating.delivered(game_id)
        if reply.recorded_now:
            out.rated += 1
        else:
            out.already += 1

    async def _keep_ratings(self, game_id: str, result: scoring_pb2.ScoredGame) -> None:
        """Each rated seat's change, with the game (ListMyGames, WatchAccount's
        RATING_CHANGED); the seats' accounts are told on their channels."""
        changes: dict[str, Any] = {}
        for seat in result.seats:
            if not seat.player or not seat.HasField("rating_after"):
                continue
            before, after = seat.rating_before, seat.rating_after
            changes[str(seat.seat)] = {
                "queue": result.queue,
                "player": seat.player,
                "before": [before.mu, before.sigma, before.ordinal],
                "after": [after.mu, after.sigma, after.ordinal],
                "games": after.games,
            }
        if not changes or not await self.store.record_ratings(game_id, orjson.dumps(changes)):
            return
        await self.seating.tell(game_id, (s.account_id for s in result.seats if s.account_id))

    async def close(self) -> None:
        if self.channel is not None:
            await self.channel.close()
