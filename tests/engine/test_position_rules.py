"""A position carries the rules version its game plays by (engine/version.py): to_position
writes it, from_position sets the game up under it and refuses one this engine does not play
with a typed error, and a rules-1 position plays as rules 1 (docs/positions.md, "rules")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from position_helpers import set_player, table

from helpers import cid, decision, play
from olympus.engine import (
    Game,
    GameOptions,
    InvalidPosition,
    PlayCard,
    UnknownRules,
    version as engine_version,
)
from olympus.engine.decisions import SelectCards
from olympus.engine.version import KNOWN_RULES, RULES_VERSION, serve

OWN = ("Dirigibles", "Local Shading")
OTHERS = ("Floating Habs", "Aerial Mappers")


@pytest.fixture
def restore_serving() -> Iterator[None]:
    """A test that narrows what this process serves puts the deploy's choice back."""
    served, dealt = engine_version.SERVED_RULES, engine_version.DEAL_RULES
    yield
    serve(served, dealt)


def air_scrapping(rules: int | None) -> dict[str, Any]:
    """Seat 0 holds Air-Scrapping Expedition (3 floaters onto ANY Venus card) and two Venus
    floater cards; seat 1 has two more: rules 1 offers seat 0's own, rules 2 every player's."""
    position = table(2, venus=True, seed=3)
    set_player(position, 0, hand=["Air-Scrapping Expedition"], played=list(OWN))
    set_player(position, 0, resources={"megacredits": 13})
    set_player(position, 1, played=list(OTHERS))
    return position if rules is None else {**position, "rules": rules}


def offered(g: Game) -> tuple[int, ...]:
    play(g, 0, "Air-Scrapping Expedition")
    d = decision(g)
    assert isinstance(d, SelectCards) and d.purpose == "add", d
    return d.cards


def test_to_position_writes_the_rules_of_the_game() -> None:
    for rules in sorted(KNOWN_RULES):
        g = Game.new(GameOptions(players=2, seed=1), rules=rules)
        assert g.to_position()["rules"] == rules
        again = Game.from_position(g.to_position())
        assert again.rules == rules and again.to_position() == g.to_position()


def test_a_rules_1_position_plays_as_rules_1() -> None:
    old, new = Game.from_position(air_scrapping(1)), Game.from_position(air_scrapping(2))
    assert (old.rules, new.rules) == (1, 2)
    assert old.origin is not None and old.origin["rules"] == 1
    assert offered(old) == tuple(cid(k) for k in OWN)
    assert offered(new) == tuple(cid(k) for k in OWN + OTHERS)


def test_a_rules_1_position_keeps_its_rules_through_a_save_and_a_replay() -> None:
    g = Game.from_position(air_scrapping(1))
    assert "rv" not in g.to_data()  # a rules-1 save reads as one from before versions
    raw = g.to_bytes()
    loaded = Game.from_bytes(raw)
    assert loaded.rules == 1 and loaded.origin == g.origin
    assert offered(loaded) == tuple(cid(k) for k in OWN)
    assert loaded.origin is not None
    replayed = Game.replay_from(loaded.origin, [(0, PlayCard(cid("Air-Scrapping Expedition")))])
    assert replayed.rules == 1 and replayed.to_bytes() == loaded.to_bytes()


def test_a_position_without_rules_gets_the_rules_new_games_are_dealt_under(
    restore_serving: None,
) -> None:
    assert Game.from_position(air_scrapping(None)).rules == RULES_VERSION
    serve(KNOWN_RULES, 1)  # a rolling upgrade deals the previous rules (docs/upgrades.md)
    g = Game.from_position(air_scrapping(None))
    assert g.rules == 1 and g.to_position()["rules"] == 1
    assert offered(g) == tuple(cid(k) for k in OWN)


@pytest.mark.parametrize("found", [RULES_VERSION + 1, 0, -1, 99])
def test_a_rules_version_this_engine_does_not_play_is_refused(found: int) -> None:
    with pytest.raises(UnknownRules) as err:
        Game.from_position(air_scrapping(found))
    assert err.value.code == "unknown_rules" and err.value.path == "rules"
    assert err.value.details["found"] == str(found)
    assert err.value.details["served"] == ", ".join(str(v) for v in sorted(KNOWN_RULES))


@pytest.mark.parametrize("value", ["2", 2.0, True, None, [2]])
def test_a_rules_version_that_is_not_a_whole_number_is_refused(value: object) -> None:
    with pytest.raises(InvalidPosition) as err:
        Game.from_position({**air_scrapping(None), "rules": value})
    assert err.value.path == "rules" and not isinstance(err.value, UnknownRules)


def test_a_version_this_process_no_longer_serves_is_refused(restore_serving: None) -> None:
    serve(frozenset({RULES_VERSION}))  # rules 1 retired on this replica
    with pytest.raises(UnknownRules) as err:
        Game.from_position(air_scrapping(1))
    assert err.value.details["served"] == str(RULES_VERSION)
    assert Game.from_position(air_scrapping(RULES_VERSION)).rules == RULES_VERSION
