"""What a seat's view tells of its own hand (why each card cannot be played now) and everyone's
counts toward milestones and awards; a refused claim or funding says what is missing."""

from __future__ import annotations

import pytest

from helpers import (
    cid,
    give,
    hand,
    new_game,
    put_cities,
    run_random,
    set_parameters,
    set_production,
)
from olympus.engine import IllegalAction


def reasons(g, seat: int = 0) -> dict[str, dict]:  # type: ignore[no-untyped-def, type-arg]
    own = g.view(seat)["players"][seat]
    return {entry["card"]: entry for entry in own["unplayable"]}


def test_each_unplayable_card_in_hand_says_why() -> None:
    g = new_game(2)
    # Kelp Farming (6 oceans), Colonizer Training Camp (at most 5% oxygen), Adapted Lichen (9
    # M€), Strip Mine (lowers an energy production the seat does not have), Lichen (playable).
    hand(g, 0, "055", "001", "048", "138", "159")
    give(g, 0, megacredits=8)
    set_parameters(g, oxygen=6, temperature=-24)
    why = reasons(g)
    assert why["055"] == {
        "card": "055",
        "reason": "requirement",
        "kind": "oceans",
        "subject": None,
        "minimum": 6,
        "maximum": None,
        "value": 0,
    }
    assert (why["001"]["kind"], why["001"]["maximum"], why["001"]["value"]) == ("oxygen", 5, 6)
    assert why["048"] == {"card": "048", "reason": "cost", "value": 9}
    give(g, 0, megacredits=30)
    why = reasons(g)
    assert why["138"]["reason"] == "effects" and "048" not in why
    set_production(g, 0, energy=2)
    assert "138" not in reasons(g)
    # Lichen (temperature -24 °C) is playable: it is in the seat's list of cards to play too.
    assert "159" not in reasons(g)
    assert cid("159") in g.decision_for(0).options.cards  # type: ignore[attr-defined]


def test_nobody_else_sees_a_hand_or_its_reasons_and_none_once_over() -> None:
    g = new_game(2)
    hand(g, 0, "055")
    assert "055" in reasons(g)
    assert "unplayable" not in g.view(1)["players"][0]
    assert "unplayable" not in g.view(None)["players"][0]
    run_random(g)
    assert g.is_over
    hand(g, 0, "055")
    assert reasons(g) == {}  # nothing can be played once the game is over: nothing to explain


def test_every_seat_counts_toward_each_milestone_and_award() -> None:
    g = new_game(3)
    put_cities(g, 1, 2)
    set_production(g, 2, megacredits=4)
    view = g.view(None)
    progress = {m["name"]: m for m in view["milestone_progress"]}
    assert progress["mayor"] == {
        "name": "mayor",
        "threshold": 3,
        "at_most": False,
        "counts": [0, 2, 0],
    }
    banker = next(a for a in view["award_standings"] if a["name"] == "banker")
    assert banker["counts"] == [0, 0, 4]
    minimalist = next(
        m
        for m in new_game(2, map="amazonis").view(0)["milestone_progress"]
        if m["name"] == "minimalist"
    )
    assert minimalist["at_most"] and minimalist["threshold"] == 2


@pytest.mark.parametrize(
    "arrange, answer, missing",
    [
        (lambda g: put_cities(g, 0, 2), "milestone mayor", "you have 2 of 3 city tiles"),
        (
            lambda g: (put_cities(g, 0, 3), give(g, 0, megacredits=-3)),
            "milestone mayor",
            "it costs 8 M€, more than you can pay",
        ),
        (lambda g: g.milestones.append(("mayor", 1)), "milestone mayor", "it is already claimed"),
        (
            lambda g: g.milestones.extend([("builder", 1), ("planner", 1), ("gardener", 1)]),
            "milestone mayor",
            "3 milestones are already claimed",
        ),
        (lambda g: g.awards.append(("banker", 1)), "award banker", "it is already funded"),
        (
            lambda g: give(g, 0, megacredits=-3),
            "award banker",
            "it costs 8 M€, more than you can pay",
        ),
    ],
)
def test_a_refused_claim_or_funding_says_what_is_missing(arrange, answer, missing) -> None:  # type: ignore[no-untyped-def]
    g = new_game(2)
    give(g, 0, megacredits=8)
    arrange(g)
    g._cache = None
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, answer)
    assert str(refused.value).endswith(missing), str(refused.value)


def test_minimalist_says_how_many_cards_are_too_many() -> None:
    g = new_game(2, map="amazonis")
    give(g, 0, megacredits=8)
    hand(g, 0, "055", "001", "048")
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, "milestone minimalist")
    assert "you have 3 cards in hand, at most 2 allowed" in str(refused.value)
