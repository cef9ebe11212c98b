"""A resignation is told in the log (issue 32): the "resigned" event carries the entry
("resigned", seat), or ("account_disabled", seat) when the table took a disabled account's seat
over, so every watcher words it (the page, `olympus game watch`); the events rebuilt from the
answer log carry it too."""

from __future__ import annotations

from olympus.client import OlympusClient
from olympus.engine import Game, GameOptions
from olympus.gamestate.events import resigned_event
from olympus.gamestate.history import Log, replay_events
from olympus.gamestate.meta import GameMeta, TimeControl
from olympus.gamestate.records import RESIGN, Logged
from olympus.gamestate.store import STATUS_ACTIVE
from olympus.v1 import game_pb2 as pb


def _entries(event: pb.GameEvent) -> list[tuple[str, ...]]:
    return [
        (e.kind, *(str(a.number) if a.HasField("number") else a.text for a in e.args))
        for e in event.log
    ]


def test_the_resigned_event_carries_its_log_line(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=61)
    done = client.stub.Resign(pb.ResignRequest(game_id=game.game_id, token=game.tokens[1]))
    resigned = None
    for event in client.spectate(game.game_id).watch(from_version=0):
        if event["kind"] == "resigned":
            resigned = event
        if event["version"] >= done.version:
            break
    assert resigned is not None and resigned["version"] == done.version
    assert resigned["seat"] == 1 and resigned["log"] == [["resigned", 1]]


def test_a_disabled_accounts_seat_is_told_as_such_and_a_rebuilt_resignation_as_one() -> None:
    game = Game.new(GameOptions(players=2, seed=62))
    taken = resigned_event(2, 0, game, 0, why="account_disabled")
    assert _entries(taken) == [("account_disabled", "0")]
    meta = GameMeta("0123456789abcdef", GameOptions(players=2, seed=62), (), TimeControl(), {}, 0)
    rebuilt = list(replay_events(Log(meta, [Logged(2, 1, RESIGN, False)], STATUS_ACTIVE, 2, None)))
    assert [e.version for e in rebuilt] == [1, 2]
    assert _entries(rebuilt[1]) == [("resigned", "1")]
