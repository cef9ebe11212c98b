"""Colony counts for cards and milestones: a player's colonies and every player's, as a
requirement, an amount, victory points and the Amazonis Planitia milestone Colonizer."""

from __future__ import annotations

from colony_helpers import colony_game, patched_card, put_colonies, run_effects
from helpers import can_play, card_points, give, hand, in_play, new_game
from olympus.engine import ClaimMilestone
from olympus.engine.cards.dsl import per_colony, prod, req, vp_per_colonies
from olympus.engine.colony_state import colonies_in_play, colonies_of
from olympus.engine.constants import MC
from olympus.engine.metrics import METRICS


def test_counts_of_a_player_and_of_everybody() -> None:
    g = colony_game(3, "Luna", "Ceres")
    put_colonies(g, "Luna", 0, 1, 0)
    put_colonies(g, "Ceres", 2)
    assert [colonies_of(g, s) for s in range(3)] == [2, 1, 1]
    assert colonies_in_play(g) == 4
    assert colonies_of(new_game(2), 0) == colonies_in_play(new_game(2)) == 0


def test_a_colony_requirement() -> None:
    with patched_card("Pets", requirements=req("colonies>=1")):
        g = colony_game(2, "Luna")
        give(g, 0, megacredits=20)
        hand(g, 0, "Pets")
        assert not can_play(g, 0, "Pets")
        put_colonies(g, "Luna", 0)
        assert can_play(g, 0, "Pets")
    with patched_card("Pets", requirements=req("colonies<=1")):
        put_colonies(g, "Luna", 0, 0)
        assert not can_play(g, 0, "Pets")


def test_amounts_per_colony() -> None:
    g = colony_game(2, "Luna", "Ceres")
    put_colonies(g, "Luna", 0, 1)
    put_colonies(g, "Ceres", 1)
    run_effects(g, 0, prod("megacredits", per_colony("own")), prod("heat", per_colony("all", 2)))
    assert g.players[0].prod[MC] == 1 and g.players[0].prod[5] == 1


def test_victory_points_per_colonies_in_play() -> None:
    with patched_card("Pets", vp=vp_per_colonies(2)):
        g = colony_game(2, "Luna", "Ceres")
        in_play(g, 0, "Pets")
        put_colonies(g, "Luna", 0, 1, 1)
        assert card_points(g) == 1
        put_colonies(g, "Ceres", 1)
        assert card_points(g) == 2


def test_colonizer_counts_colonies() -> None:
    g = colony_game(2, "Luna", "Ceres", "Io", "Callisto", map="amazonis")
    measure = METRICS["colonies"]
    for name in ("Luna", "Ceres", "Io"):
        put_colonies(g, name, 0)
    give(g, 0, megacredits=8)
    assert measure(g, g.players[0]) == 3
    assert ClaimMilestone("colonizer") not in g.legal_actions(0)
    put_colonies(g, "Callisto", 0)
    assert measure(g, g.players[0]) == 4
    g.apply(0, ClaimMilestone("colonizer"))
    assert g.milestones == [("colonizer", 0)]
