"""Matchmaking formats carry the Colonies expansion: a ticket with `colonies` is matched into a
Colonies game, in a queue of its own; formats without it keep the ids they had before."""

from __future__ import annotations

from mm_support import enqueue, fresh_format, get, make_players, matched, stub
from test_matchmaking_service import game_stub

from olympus.matchmaking.formats import format_from_proto
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm
from services import ServiceProcess


def test_a_colonies_format_makes_a_colonies_game_in_a_queue_of_its_own(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s = stub(matchmaking.address)
    games: game_pb2_grpc.GameServiceStub = game_stub(gamestate.address)
    a, b, c = make_players(redis_url, 3)
    fmt = fresh_format(2, colonies=True, prelude=True)
    plain = mm.MatchFormat()
    plain.CopyFrom(fmt)
    plain.colonies = False
    waiting = enqueue(s, c, plain)  # another format: never grouped with the others
    tickets = matched(s, [(a, enqueue(s, a, fmt).ticket_id), (b, enqueue(s, b, fmt).ticket_id)])
    assert tickets[0].format.colonies and tickets[0].format.prelude
    game = games.GetGame(game_pb2.GetGameRequest(game_id=tickets[0].game_id), timeout=10).game
    assert game.settings.options.colonies and game.settings.options.prelude
    assert len(game.colony_tiles) == 5  # 2 players: 5 tiles
    assert [p.fleets for p in game.players] == [1, 1]
    assert get(s, c, waiting.ticket_id).status == mm.TICKET_STATUS_WAITING
    assert waiting.ticket_id[:16] != tickets[0].ticket_id[:16]  # a queue of its own
    s.Cancel(mm.CancelRequest(ticket_id=waiting.ticket_id), metadata=c.auth, timeout=10)


def test_formats_without_colonies_keep_their_ids() -> None:
    timed = game_pb2.TimeControl(decision_seconds=60)
    plain = format_from_proto(mm.MatchFormat(players=3, map="elysium", time_control=timed))
    assert "colonies" not in plain.canonical()
    assert plain.format_id == "aedd97bd9342a63a"  # as computed before the option existed
    colonies = format_from_proto(
        mm.MatchFormat(players=3, map="elysium", time_control=timed, colonies=True)
    )
    assert colonies.format_id != plain.format_id
    assert colonies.to_proto().colonies and colonies.game_options().colonies
    assert type(colonies).from_data(colonies.to_data()) == colonies
