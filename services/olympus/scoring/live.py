"""Live scores: a running game's breakdown as if it ended now, for tables with realtime scoring
(the default; each table's recorded setting). The game service, which owns the game, computes
them with the engine's own scoring on every version (public facts only: anyone may ask, as
anyone may watch the game); this service reads them from its public decision view and adds
the places and the ranking (the M€ tie-break), as its results do."""

from __future__ import annotations

from olympus.platform.errors import FailedPrecondition
from olympus.v1 import game_pb2, scoring_pb2 as pb

from . import ratings as rt


def live_score(view: game_pb2.GetDecisionResponse) -> pb.GetLiveScoreResponse:
    """The live score of the game a spectator's decision view shows."""
    if view.status == game_pb2.GAME_STATUS_ABORTED:
        raise FailedPrecondition("the game was aborted", reason="GAME_ABORTED")
    if not view.HasField("live_score"):
        raise FailedPrecondition(
            "this table turned realtime scoring off (GameOptions.realtime_scoring_enabled)",
            reason="LIVE_SCORE_OFF",
        )
    scores = sorted(view.live_score.scores, key=lambda s: s.seat)
    keys = [(s.total, s.megacredits) for s in scores]
    return pb.GetLiveScoreResponse(
        game_id=view.game_id,
        version=view.version,
        generation=view.generation,
        finished=view.status == game_pb2.GAME_STATUS_FINISHED,
        seats=[
            pb.LiveSeat(seat=s.seat, place=place, score=s)
            for s, place in zip(scores, rt.places(keys), strict=True)
        ],
        ranking=rt.ranking(keys),
    )
