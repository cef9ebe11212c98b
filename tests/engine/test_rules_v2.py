"""Rules version 2: a card printed "add ... to ANY card" reaches every player's cards. A game
dealt under rules 1 keeps the behaviour it was dealt with, ANY meaning the player's own cards,
through saves and loads (engine/version.py; docs/venus.md, "Resources onto ANY card")."""

from __future__ import annotations

from venus_helpers import venus_game

from helpers import card_resources, cid, decision, give, hand, in_play, play
from olympus.engine import Game
from olympus.engine.decisions import SelectCards
from olympus.engine.version import FIRST_RULES_VERSION, KNOWN_RULES, RULES_VERSION

OWN_VENUS_FLOATER_CARDS = ("Dirigibles", "Local Shading")
OTHERS_VENUS_FLOATER_CARDS = ("Floating Habs", "Aerial Mappers")


def test_this_code_plays_both_versions() -> None:
    assert (FIRST_RULES_VERSION, RULES_VERSION) == (1, 2)
    assert {1, 2} == KNOWN_RULES


def _air_scrapping(rules: int) -> Game:
    """The same seed and answers under either rules: seat 0, holding two Venus floater cards,
    plays Air-Scrapping Expedition (3 floaters onto ANY Venus card); seat 1 holds two more."""
    g = venus_game(seed=3, rules=rules)
    in_play(g, 0, *OWN_VENUS_FLOATER_CARDS)
    in_play(g, 1, *OTHERS_VENUS_FLOATER_CARDS)
    hand(g, 0, "Air-Scrapping Expedition")
    give(g, 0, megacredits=13)
    play(g, 0, "Air-Scrapping Expedition")
    return g


def _offered(g: Game) -> tuple[int, ...]:
    d = decision(g)
    assert isinstance(d, SelectCards) and d.purpose == "add", d
    return d.cards


def test_rules_1_offers_only_own_cards_and_rules_2_every_players() -> None:
    old, new = _air_scrapping(1), _air_scrapping(2)
    assert (old.rules, new.rules) == (1, 2)
    assert _offered(old) == tuple(cid(k) for k in OWN_VENUS_FLOATER_CARDS)
    everyone = OWN_VENUS_FLOATER_CARDS + OTHERS_VENUS_FLOATER_CARDS
    assert _offered(new) == tuple(cid(k) for k in everyone)


def test_a_rules_1_game_keeps_its_rules_through_a_save() -> None:
    old = Game.from_bytes(_air_scrapping(1).to_bytes())
    assert old.rules == 1 and "rv" not in old.to_data()  # its save reads as before versions
    assert _offered(old) == tuple(cid(k) for k in OWN_VENUS_FLOATER_CARDS)
    new = Game.from_bytes(_air_scrapping(2).to_bytes())
    assert new.rules == 2 and new.to_data()["rv"] == 2
    assert cid("Floating Habs") in _offered(new)


def _corroder_suits(rules: int) -> Game:
    """Seat 0 plays Corroder Suits (1 resource onto ANY Venus card) with no Venus card of its
    own that holds resources; seat 1 has Venusian Insects."""
    g = venus_game(seed=3, rules=rules)
    in_play(g, 1, "Venusian Insects", resources=1)
    hand(g, 0, "Corroder Suits")
    give(g, 0, megacredits=8)
    play(g, 0, "Corroder Suits")
    return g


def test_with_only_another_players_card_rules_1_loses_the_resource() -> None:
    old = _corroder_suits(1)
    assert decision(old).kind == "action"  # nothing of its own: no choice, the microbe is lost
    assert card_resources(old, 1, "Venusian Insects") == 1
    new = _corroder_suits(2)
    assert _offered(new) == (cid("Venusian Insects"),)
