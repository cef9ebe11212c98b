"""The production phase with Colonies: fleets come home, then every active tile's marker
moves up one step (not past step 7, not on inactive tiles); not after the last production."""

from __future__ import annotations

from colony_helpers import colony_game, tile, trade
from helpers import give, set_parameters
from olympus.engine import Pass, Trade
from olympus.engine.constants import OCEANS_MAX, OXYGEN_MAX, TEMPERATURE_MAX


def test_fleets_come_home_and_active_markers_move_up_one_step() -> None:
    g = colony_game(2, "Luna", "Ceres", "Io", "Enceladus")
    tile(g, "Enceladus").active = False
    tile(g, "Io").marker = 7
    give(g, 0, energy=3)
    give(g, 1, energy=3)
    trade(g, 0, "Luna")  # marker drops to 1
    g.apply(0, Pass())
    trade(g, 1, "Ceres")
    g.apply(1, Pass())
    assert g.generation == 2 and g.phase == "research"
    assert [(t.name, t.marker, t.visitor) for t in g.colonies.tiles] == [  # type: ignore[union-attr]
        ("Luna", 2, -1),
        ("Ceres", 2, -1),
        ("Io", 7, -1),
        ("Enceladus", 2, -1),
    ]


def test_a_fleet_that_traded_can_trade_again_next_generation() -> None:
    g = colony_game(2, "Luna")
    give(g, 0, energy=6)
    trade(g, 0, "Luna")
    assert not any(isinstance(a, Trade) for a in g.legal_actions(0))
    g.apply(0, Pass())
    g.apply(1, Pass())
    for seat in (0, 1):  # research: buy nothing
        g.apply(seat, "cards -")
    if g.waiting_for() == [1]:  # seat 1 goes first this generation
        g.apply(1, Pass())
    assert g.waiting_for() == [0] and g.generation == 2
    assert any(isinstance(a, Trade) and a.tile == "luna" for a in g.legal_actions(0))


def test_after_the_last_production_the_tiles_stay_as_they_are() -> None:
    g = colony_game(2, "Luna", "Ceres")
    set_parameters(g, temperature=TEMPERATURE_MAX, oxygen=OXYGEN_MAX, oceans=OCEANS_MAX)
    give(g, 0, energy=3)
    trade(g, 0, "Luna")
    g.apply(0, Pass())
    g.apply(1, Pass())
    assert g.phase in ("final", "ended")
    assert (tile(g, "Luna").marker, tile(g, "Luna").visitor) == (1, 0)
    assert tile(g, "Ceres").marker == 2
