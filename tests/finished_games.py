"""What the tests of bots outside the platform check of a game they played: it finished, and
every answer of the bot's seat was its own."""

from __future__ import annotations

from typing import Any

from olympus.v1 import game_pb2


def own_answers(stub: Any, game_id: str, seat: int) -> list[game_pb2.LoggedAnswer]:
    """The seat's answers in the finished game's log, each checked to be the seat's own: none
    made by a bot for it, none made by a timeout."""
    view = stub.GetGame(game_pb2.GetGameRequest(game_id=game_id)).game
    assert view.status == game_pb2.GAME_STATUS_FINISHED, (game_id, view.status)
    log = stub.GetGameLog(game_pb2.GetGameLogRequest(game_id=game_id))
    mine = [a for a in log.answers if a.seat == seat]
    assert not any(a.bot or a.timed_out for a in mine), game_id
    return mine
