"""Rated results: the games matchmaking made in rated formats (matchmaking/rated.py, the hash
`olympus:mm:rated`) get their result recorded and rated once they are finished.

For each pending game: finished -> `Scoring.report` (the scoring service's own code, on the
same Redis), then the entry is removed; aborted -> removed unrated; still running -> left for a
later run. Recording is idempotent (a game is rated at most once, whoever reports it and however
often), and an entry is removed only after its game is rated, so two runs at once, or a run
that dies half-way, rate nothing twice and lose nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from olympus.gamestate.store import STATUS_ABORTED, STATUS_ACTIVE, STATUS_FINISHED
from olympus.matchmaking import rated
from olympus.platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound
from olympus.scoring.service import Scoring

log = logging.getLogger("olympus.workers.reporting")
SCAN_COUNT = 200


@dataclass
class Reported:
    rated: int = 0  # games rated by this run
    dropped: int = 0  # aborted (or unratable) games removed unrated
    running: int = 0  # games left pending


async def report_pending(scoring: Scoring) -> Reported:
    out = Reported()
    redis: Any = scoring.store.redis
    cursor = 0
    while True:
        cursor, entries = await redis.hscan(rated.PENDING, cursor, count=SCAN_COUNT)
        for game_id, raw in entries.items():
            await _one(scoring, redis, game_id.decode(), raw, out)
        if int(cursor) == 0:
            return out


async def _one(scoring: Scoring, redis: Any, game_id: str, raw: bytes, out: Reported) -> None:
    status = (await scoring.store.game(game_id)).status
    if status == STATUS_ACTIVE:
        out.running += 1
        return
    if status == STATUS_ABORTED:
        log.info("a rated game was aborted: not rated", extra={"game_id": game_id})
        await _remove(redis, game_id)
        out.dropped += 1
        return
    entry = rated.parse_entry(raw)
    seats = list(enumerate(entry["players"]))
    try:
        # A game gone from the game service (past its retention) may still have been recorded
        # before: report it anyway, the scoring record answers.
        recorded, _ = await scoring.report(game_id, entry["queue"], seats)
    except (NotFound, FailedPrecondition, InvalidArgument, AlreadyExists) as exc:
        if status == STATUS_FINISHED:
            log.error(
                "a finished rated game could not be rated: dropped",
                extra={"game_id": game_id, "error": str(exc)},
            )
        else:
            log.warning(
                "a rated game is gone unrated: dropped",
                extra={"game_id": game_id, "status": status, "error": str(exc)},
            )
        await _remove(redis, game_id)
        out.dropped += 1
        return
    await _remove(redis, game_id)
    if recorded:
        out.rated += 1


async def _remove(redis: Any, game_id: str) -> None:
    await redis.hdel(rated.PENDING, game_id)
