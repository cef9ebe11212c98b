"""Live scores of tables with realtime scoring: each seat's score as if the game ended now.

The engine computes them (`Game.scores`: the final scoring's rules on the current state, public
facts only). They are the same for every viewer and change only with the version, so the
service computes them once per version: when the answer that made the version is committed (the
event carries them), or at the first view of a version this process did not make. Every later
view of that version, by any seat or spectator, copies the cached message.
"""

from __future__ import annotations

from olympus.engine import Game
from olympus.v1 import game_pb2 as pb

from .lru import Lru
from .meta import GameMeta


def live_score(game: Game) -> pb.LiveScore:
    return pb.LiveScore(scores=[pb.SeatScore(**s.to_dict()) for s in game.scores()])


class LiveScores:
    """The live score of each game at the latest version this process scored."""

    def __init__(self, size: int = 4096) -> None:
        self._scored: Lru[str, tuple[int, pb.LiveScore]] = Lru(size)

    def of(self, meta: GameMeta, version: int, game: Game) -> pb.LiveScore | None:
        """The game's live score at `version` (`game` is the game at that version); None when
        its table does not show live scores."""
        if not meta.realtime_scoring:
            return None
        scored = self._scored.get(meta.game_id)
        if scored is not None and scored[0] == version:
            return scored[1]
        msg = live_score(game)
        if scored is None or scored[0] < version:  # a reader of an older state keeps the newer
            self._scored.put(meta.game_id, (version, msg))
        return msg

    def remember(self, game_id: str, version: int, msg: pb.LiveScore) -> None:
        """The score computed for the event of `version`, as committed."""
        self._scored.put(game_id, (version, msg))

    def forget(self, game_id: str) -> None:
        self._scored.drop(game_id)
