"""What one seat must decide at a version: GetDecision's reply, also sent as SubmitAction's
`next_decision` and on WatchGame's events (GameEvent.seat_decision), so that a bot plays on
one stream and one call per answer. Pure: built from a loaded game, no I/O."""

from __future__ import annotations

from olympus.api.vocab import PHASES, STATUSES, value_of
from olympus.engine import Game
from olympus.v1 import game_pb2 as pb

from . import store as st
from .clocks import seat_clocks
from .convert import decision_to_proto
from .meta import GameMeta
from .table import Table


def decision_reply(
    game_id: str,
    version: int,
    status: str,
    meta: GameMeta,
    table: Table,
    game: Game,
    viewer: int | None,
    now_ms: int,
    live: pb.LiveScore | None = None,
) -> pb.GetDecisionResponse:
    """The reply for `viewer` (None: a spectator or the host) of `game` at `version`."""
    active = status == st.STATUS_ACTIVE
    msg = pb.GetDecisionResponse(
        game_id=game_id,
        version=version,
        status=value_of(STATUSES, status),
        waiting_for=game.waiting_for() if active else [],
        phase=value_of(PHASES, game.phase),
        generation=game.generation,
    )
    if active:
        msg.clocks.extend(seat_clocks(meta, table, game, now_ms))
    if live is not None:
        msg.live_score.CopyFrom(live)
    if viewer is not None and active:
        msg.seat = viewer
        msg.undoable = game.undoable(viewer)
        for d in game.decisions():
            if d.player == viewer:
                msg.your_turn = True
                msg.decision.CopyFrom(decision_to_proto(d))
                break
    return msg
