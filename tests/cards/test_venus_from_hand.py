"""Venus Next cards that the other Venus tests only put in play to use their actions, played
here from the hand through real answers, at their requirement and refused one step short; and
the Venus tag where tags count: a wild tag stands in for it in a requirement and in
Diversifier (Hellas), never in Venuphile. Every game is set up from a position
(docs/positions.md), nothing reached into."""

from __future__ import annotations

from typing import Any

import pytest
from position_helpers import set_player, table

from helpers import can_play, card_points, cid, play
from olympus.engine import ClaimMilestone, FundAward, Game, IllegalAction
from olympus.engine.cards.catalogue import find

MC = 0
# Cards whose tags meet nothing but themselves: one type each (Diversifier's count).
ONE_TAG_TYPE_EACH = (
    "Mine",  # building
    "Space Station",  # space
    "Physics Complex",  # science, building
    "Sponsors",  # earth
    "Io Mining Industries",  # jovian, space
    "Lichen",  # plant
    "Ants",  # microbe
)


def _cost(name: str) -> int:
    card = find(name)
    assert card is not None and card.cost is not None
    return card.cost


def _venus_table(**seat0: Any) -> dict[str, Any]:
    # With Prelude: Research Coordination, a wild tag, is one of its projects.
    position = table(2, venus=True, seed=34, prelude=True)
    set_player(position, 0, **seat0)
    return position


# name, the position's Venus scale, cards in play that meet the requirement
PLAYED_FROM_HAND = [
    ("Aerial Mappers", 0, ()),
    ("Deuterium Export", 0, ()),
    ("Dirigibles", 0, ()),
    ("Floating Habs", 0, ("Research",)),  # two science tags
    ("Forced Precipitation", 0, ()),
    ("Jet Stream Microscrappers", 0, ()),
    ("Local Shading", 0, ()),
    ("Sulphur-Eating Bacteria", 6, ()),
    ("Thermophiles", 6, ()),
    ("Venus Magnetizer", 10, ()),
    ("Venus Waystation", 0, ()),
]


@pytest.mark.parametrize(("name", "venus", "met_by"), PLAYED_FROM_HAND)
def test_the_card_plays_from_the_hand_for_its_cost(
    name: str, venus: int, met_by: tuple[str, ...]
) -> None:
    position = _venus_table(
        hand=[name], played=list(met_by), resources={"megacredits": _cost(name)}
    )
    g = Game.from_position({**position, "venus": venus})
    assert can_play(g, 0, name)
    play(g, 0, name)
    p = g.players[0]
    assert cid(name) in p.played and name not in p.hand and p.res[MC] == 0
    card = find(name)
    assert card is not None
    if card.resource is not None:  # a card that holds resources starts with none on it
        assert p.card_res[cid(name)] == 0
    assert g.decisions()[0].player == 0  # the turn goes on: nothing of the card left asking


@pytest.mark.parametrize(
    ("name", "venus", "played"),
    [
        ("Floating Habs", 0, ("Physics Complex",)),  # one science tag of two
        ("Sulphur-Eating Bacteria", 4, ()),
        ("Thermophiles", 4, ()),
        ("Venus Magnetizer", 8, ()),
    ],
)
def test_the_card_is_refused_one_step_short_of_its_requirement(
    name: str, venus: int, played: tuple[str, ...]
) -> None:
    position = _venus_table(hand=[name], played=list(played), resources={"megacredits": 30})
    g = Game.from_position({**position, "venus": venus})
    assert not can_play(g, 0, name)
    before = g.to_bytes()
    with pytest.raises(IllegalAction):
        play(g, 0, name)
    assert g.to_bytes() == before


def test_venus_waystation_played_from_the_hand_takes_2_off_each_venus_tag() -> None:
    position = _venus_table(
        hand=["Venus Waystation", "Venus Governor"],
        played=["Dirigibles", "Local Shading"],  # the two Venus tags Venus Governor needs
        resources={"megacredits": 9},
    )
    g = Game.from_position(position)
    play(g, 0, "Venus Waystation")
    assert card_points(g, 0) == 1
    play(g, 0, "Venus Governor")  # 4 M€ and two Venus tags: free
    assert cid("Venus Governor") in g.players[0].played and g.players[0].res[MC] == 0


def test_a_wild_tag_stands_in_for_a_venus_tag_in_a_requirement() -> None:
    # Venus Governor needs two Venus tags.
    one = _venus_table(hand=["Venus Governor"], played=["Local Shading"])
    set_player(one, 0, resources={"megacredits": 4})
    assert not can_play(Game.from_position(one), 0, "Venus Governor")
    wild = _venus_table(hand=["Venus Governor"], played=["Local Shading", "Research Coordination"])
    set_player(wild, 0, resources={"megacredits": 4})
    g = Game.from_position(wild)
    play(g, 0, "Venus Governor")
    assert cid("Venus Governor") in g.players[0].played


def _diversifier(*extra: str) -> Game:
    position = table(2, venus=True, seed=34, map="hellas", prelude=True)
    set_player(position, 0, played=[*ONE_TAG_TYPE_EACH, *extra], resources={"megacredits": 8})
    return Game.from_position(position)


def test_the_venus_tag_is_a_type_of_its_own_for_diversifier() -> None:
    g = _diversifier()  # seven types
    before = g.to_bytes()
    with pytest.raises(IllegalAction):
        g.apply(0, ClaimMilestone("diversifier"))
    assert g.to_bytes() == before
    g = _diversifier("Local Shading")  # the Venus tag is the eighth
    g.apply(0, ClaimMilestone("diversifier"))
    assert g.milestones == [("diversifier", 0)]
    g = _diversifier("Research Coordination")  # a wild tag counts as a new type
    g.apply(0, ClaimMilestone("diversifier"))
    assert g.milestones == [("diversifier", 0)]


def test_venuphile_counts_printed_venus_tags_not_wild_ones() -> None:
    position = table(3, venus=True, seed=34, prelude=True)
    set_player(position, 0, played=["Dirigibles"], resources={"megacredits": 8})
    set_player(position, 1, played=["Research Coordination", "Research Network"])
    set_player(position, 2, played=["Local Shading"])
    g = Game.from_position(position)
    g.apply(0, FundAward("venuphile"))
    points = {s.seat: s.awards for s in g.scores()}
    # Seats 0 and 2 share the first place with one Venus tag each (no second place then);
    # seat 1's two wild tags would have made it first alone.
    assert points == {0: 5, 1: 0, 2: 5}
