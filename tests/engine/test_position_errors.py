"""A position that cannot be is refused with a typed error naming the field at fault."""

from __future__ import annotations

from typing import Any

import pytest
from position_helpers import set_player, table

from olympus.engine import Game, OlympusError
from olympus.engine.cards.catalogue import find
from olympus.engine.errors import (
    BadCount,
    BadSpace,
    DuplicateCard,
    InvalidPosition,
    OutOfRange,
    UnknownCard,
    UnsupportedDecision,
)


def cid_of(name: str) -> int:
    found = find(name)
    assert found is not None
    return found.id


def refused(position: Any, error: type[InvalidPosition], path: str) -> InvalidPosition:
    with pytest.raises(error) as caught:
        Game.from_position(position)
    assert caught.value.path == path, caught.value
    assert caught.value.details == {"path": path}
    assert isinstance(caught.value, OlympusError)
    return caught.value


def test_a_plain_position_is_accepted() -> None:
    g = Game.from_position(set_player(table(), 0, hand=["Ants"], resources={"megacredits": 9}))
    assert g.decisions()[0].kind == "action" and g.active == 0


# --- cards ------------------------------------------------------------------------------------


def test_an_unknown_card() -> None:
    err = refused(
        set_player(table(), 0, hand=["Ants", "No Such Card"]), UnknownCard, "players[0].hand[1]"
    )
    assert "No Such Card" in err.message


def test_a_card_of_a_module_the_table_does_not_play() -> None:
    err = refused(set_player(table(), 1, hand=["C05"]), UnknownCard, "players[1].hand[0]")
    assert err.code == "card_not_in_game"


def test_a_card_of_the_wrong_kind_for_its_place() -> None:
    refused(set_player(table(), 0, hand=["Helion"]), UnknownCard, "players[0].hand[0]")
    refused(set_player(table(), 0, played=["Virus"]), InvalidPosition, "players[0].played[0]")
    refused(set_player(table(), 0, events=["Ants"]), InvalidPosition, "players[0].events[0]")


def test_a_card_in_two_places() -> None:
    position = set_player(table(), 0, hand=["Ants"])
    err = refused({**position, "deck": ["Birds", "035"]}, DuplicateCard, "deck[1]")
    assert "players[0].hand[0]" in err.message
    refused(
        set_player(table(), 1, played=["Ants"], hand=["Ants"]),
        DuplicateCard,
        "players[1].played[0]",
    )


def test_a_deck_with_duplicates() -> None:
    refused({**table(), "deck": ["Birds", "Fish", "Birds"]}, DuplicateCard, "deck[2]")


def test_card_resources() -> None:
    refused(
        set_player(table(), 0, card_resources={"Ants": 2}),
        InvalidPosition,
        "players[0].card_resources.Ants",
    )  # not in play
    refused(
        set_player(table(), 0, played=["Mine"], card_resources={"Mine": 1}),
        InvalidPosition,
        "players[0].card_resources.Mine",
    )  # holds none
    refused(
        set_player(table(), 0, played=["Ants"], card_resources={"Ants": -1}),
        BadCount,
        "players[0].card_resources.Ants",
    )


def test_used_actions_are_cards_with_actions_in_play() -> None:
    refused(set_player(table(), 0, used=["Ants"]), InvalidPosition, "players[0].used[0]")
    refused(
        set_player(table(), 0, played=["Mine"], used=["Mine"]),
        InvalidPosition,
        "players[0].used[0]",
    )


# --- stocks, parameters -----------------------------------------------------------------------


def test_bad_resource_counts() -> None:
    refused(set_player(table(), 0, resources={"steel": -1}), BadCount, "players[0].resources.steel")
    refused(
        set_player(table(), 0, resources={"plants": 1.5}), BadCount, "players[0].resources.plants"
    )
    refused(
        set_player(table(), 1, production={"megacredits": -6}),
        BadCount,
        "players[1].production.megacredits",
    )
    refused(set_player(table(), 1, production={"heat": -1}), BadCount, "players[1].production.heat")
    refused(
        set_player(table(), 0, resources={"gold": 1}), InvalidPosition, "players[0].resources.gold"
    )


def test_parameters_out_of_range() -> None:
    refused({**table(), "oxygen": 15}, OutOfRange, "oxygen")
    refused({**table(), "temperature": -32}, OutOfRange, "temperature")
    refused({**table(), "temperature": -29}, OutOfRange, "temperature")  # not a step
    refused({**table(), "generation": 0}, OutOfRange, "generation")
    refused({**table(), "oceans": 2}, BadCount, "oceans")  # no ocean tile on the board
    refused({**table(), "venus": 4}, InvalidPosition, "venus")  # not a Venus Next table
    refused({**table(venus=True), "venus": 32}, OutOfRange, "venus")
    refused({**table(venus=True), "venus": 5}, OutOfRange, "venus")
    assert Game.from_position({**table(venus=True), "venus": 14}).venus == 14


def test_player_count_and_unknown_fields() -> None:
    position = table()
    position["players"].append({})
    refused(position, BadCount, "players")
    refused(set_player(table(), 0, hnd=["Ants"]), InvalidPosition, "players[0].hnd")
    refused({**table(), "colour": "red"}, InvalidPosition, "colour")
    refused("not a position", InvalidPosition, "")
    err = refused({**table(), "options": {"players": 9}}, InvalidPosition, "options")
    assert err.code == "invalid_options"
    # An option the notation does not cover is refused, not dropped.
    err = refused(
        {**table(), "options": {"players": 2, "tides": True}}, InvalidPosition, "options.tides"
    )
    assert err.code == "unsupported_option"
    refused({**table(), "options": {"players": 2, "draft": 1}}, InvalidPosition, "options.draft")


# --- the board --------------------------------------------------------------------------------


def test_a_tile_on_a_space_that_does_not_exist() -> None:
    refused({**table(), "tiles": [{"space": 999, "tile": "ocean"}]}, BadSpace, "tiles[0].space")
    refused({**table(), "tiles": [{"space": "4", "tile": "ocean"}]}, BadSpace, "tiles[0].space")


def test_a_tile_on_a_space_already_taken() -> None:
    tiles = [{"space": 4, "tile": "ocean"}, {"space": 4, "tile": "ocean"}]
    refused({**table(), "tiles": tiles, "oceans": 2}, BadSpace, "tiles[1].space")


def test_an_ocean_on_land_only_by_artificial_lake() -> None:
    land_ocean = {**table(), "tiles": [{"space": 3, "tile": "ocean"}]}
    err = refused(land_ocean, BadSpace, "tiles[0].space")
    assert "Artificial Lake" in err.message
    g = Game.from_position(set_player(land_ocean, 1, played=["Artificial Lake"]))
    assert g.oceans == 1
    two = {**land_ocean, "tiles": [{"space": 3, "tile": "ocean"}, {"space": 5, "tile": "ocean"}]}
    refused(set_player(two, 1, played=["Artificial Lake"]), BadSpace, "tiles[1].space")


def test_a_greenery_on_an_ocean_space_only_by_mangrove_or_protected_valley() -> None:
    wet = {**table(), "tiles": [{"space": 4, "tile": "greenery", "owner": 0}]}
    refused(wet, BadSpace, "tiles[0].space")
    assert Game.from_position(set_player(wet, 0, played=["Mangrove"])).tiles[4] == 2
    off_mars = {**table(), "tiles": [{"space": 1, "tile": "greenery", "owner": 0}]}
    refused(off_mars, BadSpace, "tiles[0].space")


def test_owners_and_card_tiles() -> None:
    refused({**table(), "tiles": [{"space": 3, "tile": "city"}]}, InvalidPosition, "tiles[0].owner")
    refused(
        {**table(), "tiles": [{"space": 4, "tile": "ocean", "owner": 0}]},
        InvalidPosition,
        "tiles[0].owner",
    )
    refused(
        {**table(), "tiles": [{"space": 3, "tile": "special", "owner": 0}]},
        InvalidPosition,
        "tiles[0].card",
    )
    mohole = {
        **table(),
        "tiles": [{"space": 4, "tile": "special", "owner": 0, "card": "Mohole Area"}],
    }
    refused(mohole, InvalidPosition, "tiles[0].card")  # Mohole Area is not in play
    assert Game.from_position(set_player(mohole, 0, played=["Mohole Area"])).specials == {
        4: cid_of("Mohole Area")
    }


# --- goals, colonies --------------------------------------------------------------------------


def test_milestones_and_awards() -> None:
    refused(
        {**table(), "milestones": [{"name": "hoverlord", "seat": 0}]},
        InvalidPosition,
        "milestones[0].name",
    )
    four = [{"name": n, "seat": 0} for n in ("terraformer", "mayor", "gardener", "builder")]
    refused({**table(), "milestones": four}, BadCount, "milestones")
    twice = [{"name": "landlord", "seat": 0}, {"name": "landlord", "seat": 1}]
    refused({**table(), "awards": twice}, InvalidPosition, "awards[1].name")
    refused({**table(), "awards": [{"name": "landlord", "seat": 2}]}, OutOfRange, "awards[0].seat")


def test_colonies() -> None:
    base = table(colonies=True)
    refused(base, InvalidPosition, "colonies")
    refused({**table(), "colonies": {"tiles": [], "fleets": [1, 1]}}, InvalidPosition, "colonies")
    board = {"tiles": [{"name": "Luna"}, {"name": "Vulcan"}], "fleets": [1, 1]}
    refused({**base, "colonies": board}, InvalidPosition, "colonies.tiles[1].name")
    board = {"tiles": [{"name": "Luna", "marker": 8}], "fleets": [1, 1]}
    refused({**base, "colonies": board}, OutOfRange, "colonies.tiles[0].marker")
    board = {"tiles": [{"name": "Luna", "colonies": [0, 1, 0, 1]}], "fleets": [1, 1]}
    refused({**base, "colonies": board}, BadCount, "colonies.tiles[0].colonies")
    board = {"tiles": [{"name": "Luna", "visitor": 0}], "fleets": [0, 1]}
    refused({**base, "colonies": board}, BadCount, "colonies.fleets[0]")
    good = {"tiles": [{"name": "Luna", "colonies": [1]}, {"name": "Enceladus"}], "fleets": [1, 1]}
    g = Game.from_position({**base, "colonies": good})
    assert g.colonies is not None
    assert [(t.name, t.active, t.colonies) for t in g.colonies.tiles] == [
        ("Luna", True, [1]),
        ("Enceladus", False, []),  # no microbe card in play: inactive, as at a deal
    ]


# --- the decision -----------------------------------------------------------------------------


def test_decisions_a_position_cannot_start_from() -> None:
    refused({**table(), "decision": {"kind": "place"}}, UnsupportedDecision, "decision.kind")
    refused({**table(), "decision": {"kind": "turn"}}, InvalidPosition, "decision.seat")
    refused(
        {**table(), "decision": {"kind": "turn", "seat": 0, "seats": [0]}},
        InvalidPosition,
        "decision.seats",
    )
    refused(
        {**table(), "decision": {"kind": "turn", "seat": 0, "actions_taken": 2}},
        OutOfRange,
        "decision.actions_taken",
    )
    refused(
        set_player(table(), 1, passed=True) | {"decision": {"kind": "turn", "seat": 1}},
        InvalidPosition,
        "decision.seat",
    )
    refused({**table(), "phase": "research"}, InvalidPosition, "phase")


def test_a_decision_nobody_faces_is_refused_rather_than_skipped() -> None:
    # Nobody has plants for a greenery: the game would end at once.
    final = {**table(), "decision": {"kind": "final_greenery", "seats": [0, 1]}}
    refused(final, InvalidPosition, "decision")
    g = Game.from_position(set_player(final, 0, resources={"plants": 8}))
    assert [d.kind for d in g.decisions()] == ["final_greenery"] and g.decisions()[0].player == 0
    # Seat 1 first: it has nothing to convert, so the named decision is not what comes.
    refused(
        set_player(final, 0, resources={"plants": 8})
        | {"decision": {"kind": "final_greenery", "seats": [1, 0]}},
        InvalidPosition,
        "decision",
    )


def test_cards_dealt_lie_only_where_their_decision_is_pending() -> None:
    turn = table()
    refused(set_player(turn, 0, dealt=["Ants"]), InvalidPosition, "players[0].dealt")
    refused(set_player(table(), 1, draft_hand=["Ants"]), InvalidPosition, "players[1].draft_hand")

    def research() -> dict[str, Any]:
        return table() | {"decision": {"kind": "research", "seats": [1]}}

    refused(set_player(research(), 0, dealt=["Ants"]), InvalidPosition, "players[0].dealt")
    assert Game.from_position(set_player(research(), 1, dealt=["Ants"])).players[1].dealt
    refused(
        {**table(), "players": [{}, {"corporation": "R00"}]},
        InvalidPosition,
        "players[0].corporation",
    )
