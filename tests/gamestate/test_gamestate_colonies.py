"""A Colonies game through a real game service: created with the option (SDK and CLI), its
views the engine's for every seat and spectators alike (tiles, markers, colonies, fleets),
played to the end by remote players that trade and build colonies; a trade and a colony in
text notation; refusals that change nothing; DescribeBoard's colony tiles."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from gamestate_players import act_once, stored_game
from test_gamestate_cli import Cli, olympus  # noqa: F401 (the fixture)
from test_gamestate_sdk import assert_views_are_the_engines

from olympus.client import GameServiceError, OlympusClient, SeatHandle
from olympus.client.board import board_text
from olympus.engine.colony_tiles import TILE_NAMES
from olympus.v1 import game_pb2 as pb


def _colony_facts(view: dict[str, Any]) -> tuple[Any, ...]:
    players = [(p["fleets"], p["fleets_home"], p["colonies"]) for p in view["players"]]
    return view["colony_tiles"], players


def test_a_colonies_game_is_created_seen_and_played_to_the_end(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=3, seed=21, colonies=True)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    spectator = client.spectate(game.game_id)
    assert spectator.view()["settings"]["options"]["colonies"] is True
    assert stored_game(redis_url, game.game_id).options.colonies
    assert len(spectator.view()["colony_tiles"]) == 5  # 3 players: 5 tiles
    rnd = random.Random(21)
    answers: Counter[str] = Counter()
    steps = 0
    while spectator.view()["status"] == "active":
        assert steps < 4000
        if steps % 25 == 0:
            local = stored_game(redis_url, game.game_id)
            views = assert_views_are_the_engines(local, [(None, spectator), *seats.items()])
            facts = {json.dumps(_colony_facts(view)) for view in views}
            assert len(facts) == 1  # public: the same for every seat and spectator
        _, _, answer = act_once(seats[spectator.decision().waiting_for[0]], rnd)
        answers[answer.get("project", answer["type"])] += 1
        steps += 1
    assert spectator.view()["status"] == "finished"
    assert answers["trade"] > 0 and answers["build_colony"] > 0
    final = spectator.view()
    assert sum(p["colonies"] for p in final["players"]) == sum(
        len(t["colonies"]) for t in final["colony_tiles"]
    )


def _to_act(client: OlympusClient, game_id: str, tokens: dict[int, str]) -> SeatHandle:
    seat = client.spectate(game_id).decision().waiting_for[0]
    return client.join(game_id, tokens[seat])


def _refused(handle: SeatHandle, answer: str | dict[str, Any]) -> GameServiceError:
    before = handle.view()
    try:
        handle.act(answer)
    except GameServiceError as error:
        assert handle.view() == before  # nothing changed, the version included
        return error
    raise AssertionError(f"{answer!r} was accepted")


def test_trade_and_build_colony_in_text_notation_and_refusals(client: OlympusClient) -> None:
    # Beginner corporations: no setup, 42 M€ each; seed 649 deals Enceladus and Miranda, both
    # inactive (no card holding microbes or animals is in play).
    game = client.create_game(players=2, seed=649, beginner=[0, 1], colonies=True)
    handle = _to_act(client, game.game_id, game.tokens)
    seat = handle.view()["viewer"]
    tiles = handle.view()["colony_tiles"]
    inactive = [t["name"] for t in tiles if not t["active"]]
    assert inactive == ["Enceladus", "Miranda"]
    action = handle.decision().decision
    assert action is not None and action["trade"] is True

    # Every active tile without a fleet, each with the one fee it can pay (9 M€).
    listed = [(t["tile"], t["fee"], t["amount"]) for t in action["trades"]]
    assert listed == [("ceres", "mc", 9), ("ganymede", "mc", 9), ("luna", "mc", 9)]
    refused = _refused(handle, "trade miranda mc")  # inactive
    assert refused.reason == "TRADE_TILE_UNAVAILABLE"
    assert _refused(handle, "trade luna energy").reason == "TRADE_FEE_UNPAYABLE"
    assert _refused(handle, "trade").reason == "MALFORMED"  # no tile
    with pytest.raises(ValueError, match="not an answer"):  # the SDK needs the tile too
        handle.act({"type": "trade"})
    handle.act("trade luna")  # 9 M€ is the only fee it can pay: it may be left out
    view = handle.view()
    luna = next(t for t in view["colony_tiles"] if t["name"] == "Luna")
    me = view["players"][seat]
    assert (luna["fleet"], luna["marker"]) == (seat, 1)
    assert (me["fleets"], me["fleets_home"], me["resources"]["megacredits"]) == (1, 0, 42 - 9 + 2)

    # The second action of the turn: the only fleet is out, so no trade.
    action = handle.decision().decision
    assert action is not None and action["trade"] is False and action["trades"] == []
    assert _refused(handle, "trade ceres mc").reason == "CANNOT_TRADE"
    structured = {"type": "trade", "tile": "ceres", "fee": "mc"}
    assert _refused(handle, structured).reason == "CANNOT_TRADE"

    handle.act("project build_colony")
    choice = handle.decision().decision
    assert choice is not None
    assert [o["label"] for o in choice["options"]] == [
        "Ceres: steel production +1",
        "Ganymede: plant production +1",
        "Luna: M€ production +2",
    ]
    handle.act("option 2")
    view = client.spectate(game.game_id).view()
    luna = next(t for t in view["colony_tiles"] if t["name"] == "Luna")
    assert luna["colonies"] == [seat] and luna["marker"] == 2  # pushed above the colony
    assert view["players"][seat]["colonies"] == 1
    assert view["players"][seat]["production"]["megacredits"] == 2  # Beginner: 0, +2
    assert view["players"][seat]["resources"]["megacredits"] == 35 - 17


def test_a_table_without_colonies_refuses_its_answers(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=3, beginner=[0, 1])
    handle = _to_act(client, game.game_id, game.tokens)
    view = handle.view()
    assert "colony_tiles" not in view and "fleets" not in view["players"][0]
    assert "trade" not in (handle.decision().decision or {})
    assert _refused(handle, "trade luna mc").reason == "CANNOT_TRADE"
    structured = {"type": "standard_project", "project": "build_colony"}
    assert _refused(handle, structured).reason == "UNKNOWN_PROJECT"
    assert _refused(handle, "project build_colony").reason == "UNKNOWN_PROJECT"


def test_describe_board_gives_the_colony_tiles(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=5, colonies=True, bots=[1])
    board = client.describe_board(game_id=game.game_id)
    assert board["table"]["colonies"] is True
    described = {t["name"]: t for t in board["colony_tiles"]}
    assert list(described) == list(TILE_NAMES)
    assert described["Luna"] == {
        "name": "Luna",
        "trade": "megacredits",
        "track": ["1 M€", "2 M€", "4 M€", "7 M€", "10 M€", "13 M€", "17 M€"],
        "placement_bonus": "M€ production +2",
        "colony_bonus": "2 M€",
        "starts_inactive": False,
    }
    assert described["Titan"]["starts_inactive"] and described["Titan"]["trade"] == "floater"
    assert "colony tiles (trade at steps 1-7" in "\n".join(board_text(board))
    plain = client.describe_board(game_id=client.create_game(players=2, seed=5).game_id)
    assert "colony_tiles" not in plain and "colonies" not in plain["table"]
    raw = client.call(client.stub.GetGame, pb.GetGameRequest(game_id=game.game_id)).game
    assert raw.settings.options.colonies and len(raw.colony_tiles) == 5


def test_the_command_line_creates_and_shows_a_colonies_game(olympus: Cli) -> None:  # noqa: F811
    created = olympus("create", "--players", "2", "--seed", "649", "--colonies", "--bot", "1")
    game_id = created.stdout.split()[1]
    view = json.loads(olympus("show", game_id, "--json").stdout)
    assert view["settings"]["options"]["colonies"] is True
    assert [t["name"] for t in view["colony_tiles"]] == [
        "Ceres",
        "Enceladus",
        "Ganymede",
        "Luna",
        "Miranda",
    ]
    shown = olympus("show", game_id).stdout
    assert "colony tiles:" in shown
    assert "Luna: marker on step 2 (trade: 2 M€); colonies: none" in shown
    assert "Enceladus: inactive" in shown
    assert "colonies 0, trade fleets 1 (1 at home)" in shown
