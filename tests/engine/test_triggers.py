"""Ongoing effects: who reacts, in what order, and the player's say over that order."""

from __future__ import annotations

from helpers import answer, cid, decision, give, hand, in_play, new_game, play


def _science_card_with_two_reactions():  # type: ignore[no-untyped-def]
    g = new_game(2)
    in_play(g, 0, "Mars University", "Olympus Conference")
    g.players[0].card_res[cid("Olympus Conference")] = 1
    hand(g, 0, "Lagrange Observatory", "Asteroid")
    give(g, 0, megacredits=9)
    play(g, 0, "Lagrange Observatory")
    return g


def test_the_acting_player_orders_triggered_effects_that_ask_something() -> None:
    g = _science_card_with_two_reactions()
    d = decision(g)
    assert d.kind == "option" and [o["label"] for o in d.to_dict()["options"]] == [
        "Mars University",
        "Olympus Conference",
    ]
    answer(g, "option 1")  # Olympus Conference first: spend its science to draw
    answer(g, "option 1")
    assert g.players[0].card_res[cid("Olympus Conference")] == 0
    d = decision(g)
    assert d.kind == "cards" and d.source == cid("Mars University")  # then the swap


def test_effects_that_ask_nothing_are_not_ordered() -> None:
    g = new_game(2)
    in_play(g, 0, "Decomposers", "Viral Enhancers")
    hand(g, 0, "Lichen")
    give(g, 0, megacredits=7)
    g.temperature = -24
    play(
        g, 0, "Lichen"
    )  # Decomposers adds a microbe, Viral Enhancers gives a plant: no order asked
    assert g.players[0].card_res[cid("Decomposers")] == 1
    assert g.players[0].res[3] == 1
    assert decision(g).kind == "action"


def test_other_players_react_to_what_the_acting_player_does() -> None:
    g = new_game(3)
    in_play(g, 1, "Pets")
    in_play(g, 2, "Rover Construction")
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 22")
    assert g.players[1].card_res[cid("Pets")] == 1
    assert g.players[2].res[0] == 2
