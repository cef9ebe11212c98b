"""Live scores: a running game's breakdown as if it ended now, for tables with realtime scoring
(the default; each table's recorded setting, which the game service's views follow too).
Computed here from the game's stored state with the engine's own scoring (awards and
milestones as they stand, tiles, played cards and the resources on them, TR, M€ for the
tie-break): public facts only, so anyone may ask, as anyone may watch the game.
"""

from __future__ import annotations

from olympus.gamestate.core import check_game_id, unpack_blob
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.store import STATUS_ABORTED, STATUS_FINISHED, unpack_state
from olympus.platform.errors import FailedPrecondition, NotFound
from olympus.v1 import game_pb2
from olympus.v1 import scoring_pb2 as pb

from . import ratings as rt
from .store import ScoringStore


async def live_score(store: ScoringStore, game_id: str) -> pb.GetLiveScoreResponse:
    check_game_id(game_id)
    status, meta, state = await store.game_now(game_id)
    if not status or meta is None or state is None:
        raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
    if not GameMeta.from_json(game_id, meta).realtime_scoring:
        raise FailedPrecondition(
            "this table turned realtime scoring off (GameOptions.realtime_scoring_enabled)",
            reason="LIVE_SCORE_OFF",
        )
    if status == STATUS_ABORTED:
        raise FailedPrecondition("the game was aborted", reason="GAME_ABORTED")
    version, blob = unpack_state(state)
    _, game = unpack_blob(blob)
    scores = game.scores()
    keys = [(s.total, s.megacredits) for s in scores]
    places = rt.places(keys)
    return pb.GetLiveScoreResponse(
        game_id=game_id,
        version=version,
        generation=game.generation,
        finished=status == STATUS_FINISHED,
        seats=[
            pb.LiveSeat(seat=s.seat, place=place, score=game_pb2.SeatScore(**s.to_dict()))
            for s, place in zip(scores, places, strict=True)
        ],
        ranking=rt.ranking(keys),
    )
