"""Cards fixed to play as printed: Robotic Workforce copying a whole production box, Immigrant
City beside Tharsis Republic, discounts per tag against discounts per card, and Valley Trust's
prelude draw closing the undo window."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import (
    answer,
    can_play,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    prelude_turn,
    set_production,
)
from olympus.engine import Game, IllegalAction, UndoNotAllowed
from olympus.engine.cards.catalogue import find
from olympus.engine.cards.model import CardDef, card_number
from olympus.engine.query import card_cost

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _card(name: str) -> CardDef:
    card = find(name)
    assert card is not None
    return card


def _rejected_untouched(g: Game, seat: int, text: str) -> None:
    """A checked answer that must be refused with a typed error, the state left as it was."""
    before = g.to_bytes()
    with pytest.raises(IllegalAction):
        g.apply(seat, text)
    assert g.to_bytes() == before


# --- 086 Robotic Workforce: the whole production box, "any player" decreases included -------


def test_robotic_workforce_copying_heat_trappers_lowers_another_players_heat_production() -> None:
    g = new_game(2)
    set_production(g, 1, heat=3)
    in_play(g, 0, "Heat Trappers")
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    play(g, 0, "Robotic Workforce")
    d = decision(g)
    assert d.kind == "cards" and d.cards == (cid("Heat Trappers"),)  # type: ignore[attr-defined]
    answer(g, "cards 178")
    # Seat 1 is the only player with 2 heat production to lose: lowered without asking.
    assert g.players[1].prod[HEAT] == 1
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].prod[HEAT] == 0


def test_robotic_workforce_copying_biomass_combustors_asks_whose_plant_production_drops() -> None:
    g = new_game(3)
    set_production(g, 1, plants=1)
    set_production(g, 2, plants=2)
    in_play(g, 0, "Biomass Combustors")
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    play(g, 0, "Robotic Workforce", None, "cards 183")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, 2}  # type: ignore[attr-defined]
    answer(g, "player 2")
    assert g.players[2].prod[PLANTS] == 1 and g.players[1].prod[PLANTS] == 1
    assert g.players[0].prod[ENERGY] == 2


def test_robotic_workforce_cannot_copy_heat_trappers_when_nobody_has_the_heat_production() -> None:
    g = new_game(2)
    set_production(g, 0, heat=1)
    set_production(g, 1, heat=1)
    in_play(g, 0, "Heat Trappers")
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    assert not can_play(g, 0, "Robotic Workforce")  # its only box cannot be carried out
    _rejected_untouched(g, 0, "play 086")
    set_production(g, 0, heat=2)  # the player itself may be the one to lose it
    assert can_play(g, 0, "Robotic Workforce")


def test_robotic_workforce_offers_only_the_boxes_that_can_be_carried_out() -> None:
    g = new_game(2)
    in_play(g, 0, "Heat Trappers", "Mine")  # nobody has 2 heat production
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    play(g, 0, "Robotic Workforce")
    d = decision(g)
    assert d.cards == (cid("Mine"),)  # type: ignore[attr-defined]
    _rejected_untouched(g, 0, "cards 178")
    answer(g, "cards 056")
    assert g.players[0].prod[STEEL] == 1 and g.players[0].prod[ENERGY] == 0


# --- 200 Immigrant City with Tharsis Republic ---------------------------------------------------


def test_immigrant_city_is_playable_at_minus_five_with_tharsis_republic() -> None:
    g = new_game(2, ["Tharsis Republic", "R00"])
    set_production(g, 0, energy=1, megacredits=-5)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    # Its city comes first: +1 from Immigrant City itself and +1 from Tharsis Republic, then -2.
    assert can_play(g, 0, "Immigrant City")
    play(g, 0, "Immigrant City", None, "space 05")
    p = g.players[0]
    assert p.prod[MC] == -5 and p.prod[ENERGY] == 0
    assert p.res[MC] == 3  # Tharsis Republic's 3 M€ for its own city


def test_immigrant_city_with_tharsis_republic_is_refused_at_minus_six() -> None:
    g = new_game(2, ["Tharsis Republic", "R00"])
    set_production(g, 0, energy=1, megacredits=-6)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Immigrant City")
    _rejected_untouched(g, 0, "play 200")


def test_immigrant_city_without_tharsis_republic_still_needs_minus_four() -> None:
    g = new_game(2)
    set_production(g, 0, energy=1, megacredits=-5)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Immigrant City")
    _rejected_untouched(g, 0, "play 200")


# --- discounts: "when you play a <tag> tag" is per tag, "a <kind> card" once per card -------


def test_valley_trust_discounts_each_science_tag() -> None:
    g = new_game(2, ["Valley Trust", "R00"])
    hand(g, 0, "Research")  # 11 M€, two science tags: 11 - 2 - 2
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Research")
    _rejected_untouched(g, 0, "play 090")
    give(g, 0, megacredits=1)
    play(g, 0, "Research")
    assert g.players[0].res[MC] == 0


def test_earth_office_discounts_each_earth_tag() -> None:
    g = new_game(2, colonies=True)
    in_play(g, 0, "Earth Office", "Sponsors", "Media Group")  # three Earth tags
    hand(g, 0, "Luna Governor")  # 4 M€, two Earth tags: 4 - 3 - 3, never below 0
    assert can_play(g, 0, "Luna Governor")
    play(g, 0, "Luna Governor")
    assert g.players[0].res[MC] == 0 and g.players[0].prod[MC] == 2


def test_teractor_discounts_each_earth_tag() -> None:
    g = new_game(2, ["Teractor", "R00"], colonies=True)
    in_play(g, 0, "Sponsors", "Media Group")  # with Teractor's own: three Earth tags
    hand(g, 0, "Luna Governor", "Sponsors")
    assert can_play(g, 0, "Luna Governor")  # 4 - 6: free
    assert not can_play(g, 0, "Sponsors")  # 6 M€, one Earth tag: 3 M€ to pay
    play(g, 0, "Luna Governor")
    assert g.players[0].prod[MC] == 2
    assert card_cost(g.players[0], _card("Sponsors")) == 3


def test_cheung_shing_mars_discounts_each_building_tag() -> None:
    g = new_game(2, ["Cheung Shing MARS", "R00"])
    p = g.players[0]
    house = _card("House Printing")  # 10 M€, one building tag
    assert card_cost(p, house) == 8
    # No project card prints two building tags; one that did would save 2 M€ for each.
    assert card_cost(p, replace(house, tags=("building", "building"))) == 6
    hand(g, 0, "House Printing")
    give(g, 0, megacredits=8)
    play(g, 0, "House Printing")
    assert p.res[MC] == 0


@pytest.mark.parametrize(
    ("corporation", "discounter", "tag", "off"),
    [
        ("R00", "Space Station", "space", 2),
        ("R00", "Shuttles", "space", 2),
        ("R00", "Quantum Extractor", "space", 2),
        ("R00", "Mass Converter", "space", 2),
        ("R00", "Warp Drive", "space", 4),
        ("ThorGate", None, "power", 3),
        ("R00", "Research Outpost", None, 1),
        ("R00", "Earth Catapult", None, 2),
        ("R00", "Anti-Gravity Technology", None, 2),
        ("R00", "Sky Docks", None, 1),
    ],
)
def test_card_discounts_count_once_per_card(
    corporation: str, discounter: str | None, tag: str | None, off: int
) -> None:
    """'When you play a space card' (or a power card, or any card): once, however many
    matching tags the card carries (a made-up card with two of them)."""
    g = new_game(2, [corporation, "R00"])
    if discounter is not None:
        in_play(g, 0, discounter)
    base = _card("Research")  # 11 M€
    twice = replace(base, tags=(tag, tag) if tag else ("science", "science"))
    assert card_cost(g.players[0], twice) == 11 - off


def test_wild_tags_do_not_earn_a_discount_per_tag() -> None:
    g = new_game(2, ["Valley Trust", "R00"])
    assert card_cost(g.players[0], _card("Research Coordination")) == 4  # a wild tag only


# --- R34 Valley Trust: its first action shows preludes nobody knew ------------------------------


def test_valley_trust_first_action_cannot_be_taken_back() -> None:
    g = new_game(1, ["Valley Trust"], undo=True)
    g.prelude_deck = [cid("Donation"), cid("Loan"), cid("Mohole"), cid("Supply Drop")]
    g.players[0].first_action = True
    prelude_turn(g, 0, "Allied Bank", "Biofuels")  # neither reveals anything
    answer(g, f"cards {card_number(cid('Allied Bank'))}")
    assert g.undoable(0) >= 1  # the order of its preludes (and before): could be taken back
    g.apply(0, "action R34")  # three preludes off the hidden prelude deck
    assert g.undoable(0) == 0
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 1)
    shown = decision(g).cards  # type: ignore[attr-defined]
    assert set(shown) == {cid("Loan"), cid("Mohole"), cid("Supply Drop")}
    answer(g, f"cards {card_number(cid('Mohole'))}")
    assert g.undoable(0) == 1  # the pick among the preludes seen, but nothing before it
    before_pick = g.clone()
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 2)
    g.undo(0, 1)
    assert decision(g).cards == shown  # type: ignore[attr-defined]
    assert g.prelude_deck == before_pick.prelude_deck == [cid("Donation")]
