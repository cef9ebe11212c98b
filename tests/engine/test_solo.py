"""The solo game: neutral tiles, TR 14, 14 generations, winning and losing, TR63."""

from __future__ import annotations

from helpers import run_random
from olympus.engine import Game, GameOptions
from olympus.engine.constants import CITY, GREENERY, NEUTRAL


def test_solo_setup() -> None:
    g = Game.new(GameOptions(players=1, seed=21))
    assert g.players[0].tr == 14
    cities = [s for s, k in enumerate(g.tiles) if k == CITY]
    greens = [s for s, k in enumerate(g.tiles) if k == GREENERY]
    assert len(cities) == 2 and len(greens) == 2
    assert all(g.owners[s] == NEUTRAL for s in cities + greens)
    for c in cities:
        assert any(n in greens for n in g.map.space(c).neighbours)
    assert g.oxygen == 0  # neutral greeneries raise nothing
    assert cities[0] < 32 < cities[1]  # one from the top-left, one from the bottom-right


def test_solo_lasts_fourteen_generations_and_reports_a_result() -> None:
    g = Game.new(GameOptions(players=1, seed=22))
    run_random(g, seed=22)
    assert g.generation == 14
    result = g.result()
    terraformed = g.temperature == 8 and g.oxygen == 14 and g.oceans == 9
    assert result["solo_won"] is terraformed
    assert result["winners"] == ([0] if terraformed else [])


def test_solo_win_when_terraformed_by_the_last_generation() -> None:
    g = Game.new(GameOptions(players=1, seed=23))
    run_random(g, seed=23)
    g.temperature, g.oxygen, g.oceans = 8, 14, 9
    assert g.result()["solo_won"] is True


def test_tr63_variant_wins_on_rating() -> None:
    g = Game.new(GameOptions(players=1, seed=24, solo_tr63=True))
    run_random(g, seed=24)
    g.players[0].tr = 62
    assert g.result()["solo_won"] is False
    g.players[0].tr = 63
    assert g.result()["solo_won"] is True


def test_solo_attacks_hit_the_neutral_opponent() -> None:
    from helpers import give, hand, new_game, play

    g = new_game(1, ["R00"])
    hand(g, 0, "Asteroid", "Hired Raiders")
    give(g, 0, megacredits=15)
    play(g, 0, "Asteroid")  # no plant removal is asked
    assert g.temperature == -28
    from helpers import answer, set_turn

    set_turn(g, 0)
    play(g, 0, "Hired Raiders")
    answer(g, "option 0")
    assert g.players[0].res[1] == 2  # stolen from the neutral opponent


def test_tharsis_republic_counts_the_neutral_cities_in_solo() -> None:
    from olympus.engine import ChooseSetup
    from olympus.engine.cards.catalogue import find

    g = Game.new(GameOptions(players=1, seed=25))
    tharsis = find("Tharsis Republic")
    assert tharsis is not None
    g.players[0].dealt_corps = [tharsis.id]
    g.apply(0, ChooseSetup(tharsis.id, ()))
    assert g.players[0].prod[0] == 2
