"""Colonies on the wire, in process: every decision of Colonies games converts to protobuf and
back to the engine's dict form, every answer (the trade with its tile and fee, Build colony,
which tile, marker pushes, card-resource targets, Pluto's discard, the solo tile removal) converts both
ways and in text notation, and views carry the tiles and each seat's fleets and colonies.
Games without the expansion show none of it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from test_gamestate_sdk import SERVICE_KEYS, _assert_superset

from colony_helpers import colony_game, patched_card, put_colonies, tile
from helpers import decision, give, hand, in_play, new_game
from olympus.api.answers import answer_to_proto as answer_to_proto_dict
from olympus.api.vocab import ANSWER_KINDS, PROJECTS
from olympus.bots import make_bot
from olympus.client.text import decision_text, view_text
from olympus.client.wire import decision_dict, view_dict
from olympus.engine import Answer, Game, GameOptions, MalformedAction, Trade
from olympus.engine.actions import StandardProject, parse
from olympus.gamestate.convert import (
    answer_from_proto,
    answer_to_proto,
    decision_to_proto,
    view_to_proto,
)
from olympus.platform.errors import InvalidArgument
from olympus.v1 import game_pb2 as pb

PROJECT_BUILD_COLONY = pb.STANDARD_PROJECT_BUILD_COLONY


def _decisions_cross(g: Game) -> list[dict[str, Any]]:
    """Every pending decision through protobuf: the SDK's dict has the engine's keys and
    values (offers carry payment keys besides)."""
    out = []
    for d in g.decisions():
        data = decision_dict(decision_to_proto(d))
        _assert_superset(data, d.to_dict())
        out.append(data)
    return out


def _answer_crosses(answer: Answer) -> Answer:
    """The answer through protobuf and through its text notation: the same answer."""
    back = answer_from_proto(answer_to_proto(answer))
    assert back == answer
    assert parse(str(answer)) == answer
    return back


def _views_cross(g: Game) -> None:
    """Every seat's and a spectator's view through protobuf equals the engine's; the colony
    facts are the same for everybody."""
    public = None
    for viewer in [None, *range(len(g.players))]:
        data = view_dict(view_to_proto(g, viewer))
        for key in SERVICE_KEYS | {"decisions"}:
            data.pop(key)
        expected = g.view(viewer, live_scores=False)
        expected.pop("decisions")
        assert data == expected
        facts = (
            data["colony_tiles"],
            [(p["fleets"], p["fleets_home"], p["colonies"]) for p in data["players"]],
        )
        assert public is None or facts == public
        public = facts


def _apply(g: Game, seat: int, text: str) -> None:
    g.apply(seat, _answer_crosses(parse(text)))


# --- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "extra"),
    [(1, 1, {}), (2, 5, {"draft": True}), (3, 8, {"prelude": True}), (4, 2, {})],
)
def test_random_colonies_games_cross_the_wire_at_every_decision(
    players: int, seed: int, extra: dict[str, Any]
) -> None:
    g = Game.new(GameOptions(players=players, seed=seed, colonies=True, **extra))
    bots = [make_bot("random", seed * 7 + s) for s in range(players)]
    answers: Counter[str] = Counter()
    prompts: Counter[str] = Counter()
    steps = 0
    while not g.is_over:
        assert steps < 20_000
        sdk = _decisions_cross(g)
        d = g.decisions()[0]
        if d.kind == "action":
            assert sdk[0]["trade"] == d.to_dict()["trade"] == bool(sdk[0]["trades"])
            assert sdk[0]["trades"] == d.to_dict()["trades"]
        prompts[d.prompt.split(" (")[0]] += 1
        answer = bots[d.player].choose(g, d)
        answers[answer.kind if not isinstance(answer, StandardProject) else answer.project] += 1
        g.push(d.player, _answer_crosses(answer))
        if steps % 40 == 0:
            _views_cross(g)
        steps += 1
    _views_cross(g)
    assert answers["trade"] > 0 and answers["build_colony"] > 0
    if players == 1:
        assert prompts["Remove one colony tile from this game"] == 1


# --- each new decision and answer -------------------------------------------------------------


def test_the_listed_trades_and_a_trade_answer() -> None:
    g = colony_game(2, "Luna", "Ceres", "Io")
    give(g, 0, megacredits=20, energy=3)
    action = _decisions_cross(g)[0]
    assert action["trade"] is True
    assert "build_colony" in [p["project"] for p in action["standard_projects"]]
    assert [(t["tile"], t["fee"], t["amount"]) for t in action["trades"]] == [
        (tile, fee, n) for tile in ("luna", "ceres", "io") for fee, n in (("mc", 9), ("energy", 3))
    ]
    msg = decision_to_proto(g.decisions()[0]).action.trades[1]
    assert (msg.tile, msg.fee, msg.amount) == ("luna", pb.TRADE_FEE_ENERGY, 3)
    _apply(g, 0, "trade luna energy")
    assert g.players[0].res[0] == 22 and tile(g, "Luna").visitor == 0
    _views_cross(g)
    view = view_dict(view_to_proto(g, 1))
    assert view["colony_tiles"][0] == {
        "name": "Luna",
        "active": True,
        "marker": 1,
        "colonies": [],
        "fleet": 0,
    }
    assert (view["players"][0]["fleets"], view["players"][0]["fleets_home"]) == (1, 0)


def test_build_colony_over_the_wire() -> None:
    g = colony_game(2, "Luna", "Ceres")
    give(g, 0, megacredits=17)
    project = next(
        p for p in _decisions_cross(g)[0]["standard_projects"] if p["project"] == "build_colony"
    )
    assert project["cost"] == 17
    msg = answer_to_proto(parse("project build_colony"))
    assert msg.standard_project.project == PROJECT_BUILD_COLONY
    _apply(g, 0, "project build_colony")
    assert [o["label"] for o in _decisions_cross(g)[0]["options"]] == [
        "Luna: M€ production +2",
        "Ceres: steel production +1",
    ]
    _apply(g, 0, "option 0")
    assert tile(g, "Luna").colonies == [0]
    _views_cross(g)
    assert view_dict(view_to_proto(g, None))["players"][0]["colonies"] == 1


def test_a_marker_push_crosses_as_an_amount() -> None:
    with patched_card("Pets", trade_offset=1):
        g = colony_game(2, "Luna", "Io")
        in_play(g, 0, "Pets")
        give(g, 0, energy=3)
        _apply(g, 0, "trade luna")
        push = _decisions_cross(g)[0]
        assert (push["kind"], push["min"], push["max"]) == ("amount", 0, 1)
        _apply(g, 0, "amount 1")
        assert g.players[0].res[0] == 4  # step 3's income


def test_card_resource_targets_and_plutos_discard_cross_as_card_choices() -> None:
    g = colony_game(2, "Enceladus", "Pluto")
    in_play(g, 0, "Nitrite Reducing Bacteria", "Decomposers")
    put_colonies(g, "Enceladus", 1)
    give(g, 0, energy=6)
    _apply(g, 0, "trade enceladus energy")
    target = _decisions_cross(g)[0]
    assert (target["kind"], target["purpose"], target["min"], target["max"]) == (
        "cards",
        "add",
        1,
        1,
    )
    _apply(g, 0, f"cards {target['cards'][0]}")

    g = colony_game(2, "Pluto", "Io")
    put_colonies(g, "Pluto", 1, marker=4)
    give(g, 0, energy=3)
    hand(g, 1, "Pets")
    _apply(g, 0, "trade pluto")
    discard = _decisions_cross(g)[0]
    assert (discard["player"], discard["purpose"]) == (1, "discard")
    _apply(g, 1, f"cards {discard['cards'][0]}")
    assert decision(g).player == 0


def test_europas_ocean_and_the_solo_tile_removal() -> None:
    g = colony_game(2, "Europa", "Io")
    give(g, 0, megacredits=17)
    _apply(g, 0, "project build_colony")
    _apply(g, 0, "option 0")
    ocean = _decisions_cross(g)[0]
    assert (ocean["kind"], ocean["tile"]) == ("space", "ocean")
    _apply(g, 0, f"space {ocean['spaces'][0]}")

    solo = Game.new(GameOptions(players=1, seed=4, colonies=True))
    removal = _decisions_cross(solo)[0]
    assert removal["kind"] == "option" and len(removal["options"]) == 4
    _apply(solo, 0, "option 3")
    assert len(view_dict(view_to_proto(solo, 0))["colony_tiles"]) == 3


def test_vocabularies() -> None:
    assert PROJECTS["build_colony"] == PROJECT_BUILD_COLONY
    assert ANSWER_KINDS["trade"] == pb.ANSWER_KIND_TRADE
    for answer, fee in (
        (Trade("luna", "mc"), pb.TRADE_FEE_MC),
        (Trade("ganymede", "energy"), pb.TRADE_FEE_ENERGY),
        (Trade("io", "titanium"), pb.TRADE_FEE_TITANIUM),
        (Trade("pluto"), pb.TRADE_FEE_UNSPECIFIED),
    ):
        msg = pb.Answer(trade_with=pb.TradeAnswer(tile=answer.tile, fee=fee))
        assert answer_to_proto(answer) == msg
        assert answer_from_proto(msg) == answer
        assert _answer_crosses(answer) == answer


def test_trade_answers_the_wire_refuses() -> None:
    with pytest.raises(MalformedAction, match="tile"):  # the older empty trade names no tile
        answer_from_proto(pb.Answer(trade=pb.NoArguments()))
    with pytest.raises(InvalidArgument):  # not a defined fee
        answer_from_proto(pb.Answer(trade_with=pb.TradeAnswer(tile="luna", fee=9)))  # type: ignore[arg-type]
    with pytest.raises(MalformedAction):
        answer_from_proto(pb.Answer(trade_with=pb.TradeAnswer(tile="Luna 1")))
    with pytest.raises(KeyError):  # the SDK sends no fee it cannot name (not "the only one")
        answer_to_proto_dict({"type": "trade", "tile": "luna", "fee": "gold"})


# --- what people read, and games without the expansion ----------------------------------------


def test_the_text_client_shows_the_trade_and_the_tiles() -> None:
    g = colony_game(2, "Luna", "Titan")
    assert g.colonies is not None
    g.colonies.tiles[1].active = False
    give(g, 0, megacredits=20)
    put_colonies(g, "Luna", 1)
    lines = decision_text(_decisions_cross(g)[0])
    trades = [line.strip() for line in lines if line.split()[:1] == ["trade"]]
    assert len(trades) == 1 and trades[0].startswith("trade luna mc")  # Titan is inactive
    assert "trade with Luna for 9 M€" in trades[0]
    assert any(line.strip().startswith("project build_colony") for line in lines)
    view = {**view_dict(view_to_proto(g, 0)), "game_id": "x", "version": 1, "status": "active"}
    text = "\n".join(view_text(view))
    assert "colony tiles:" in text
    assert "Luna: marker on step 2 (trade: 2 M€); colonies: seat 1" in text
    assert "Titan: inactive" in text
    assert "colonies 0, trade fleets 1 (1 at home)" in text


def test_games_without_the_expansion_carry_none_of_it() -> None:
    g = new_game(2)
    give(g, 0, megacredits=30)
    msg = decision_to_proto(g.decisions()[0])
    assert not msg.action.HasField("trade")
    assert "trade" not in decision_dict(msg)
    assert "build_colony" not in [p["project"] for p in decision_dict(msg)["standard_projects"]]
    view = view_to_proto(g, 0)
    assert not view.colony_tiles and not view.players[0].HasField("fleets")
    data = view_dict(view)
    assert "colony_tiles" not in data and "fleets" not in data["players"][0]
    assert "colonies" not in data["settings"]["options"]
    with pytest.raises(Exception, match="no standard project"):
        g.apply(0, answer_from_proto(answer_to_proto(parse("project build_colony"))))
    with pytest.raises(Exception, match="no trade now"):
        g.apply(0, answer_from_proto(answer_to_proto(parse("trade luna mc"))))
