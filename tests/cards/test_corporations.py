"""The 13 corporations: what they start with, their ongoing effects and first actions."""

from __future__ import annotations

import pytest

from helpers import answer, cid, decision, give, hand, in_play, new_game, play, set_turn
from olympus.engine import ChooseSetup, Game, GameOptions, IllegalAction, UseAction
from olympus.engine.constants import CITY, ENERGY, HEAT, MC, PLANTS, STEEL, TITANIUM


def _started(corp: str, cards: int = 0, players: int = 2, corporate_era: bool = True) -> Game:
    """A real setup in which seat 0 takes `corp` and buys `cards` of its dealt cards."""
    g = Game.new(GameOptions(players=players, seed=5, corporate_era=corporate_era))
    g.players[0].dealt_corps = [cid(corp)]
    for d in list(g.decisions()):
        p = g.players[d.player]
        if d.player == 0:
            g.apply(0, ChooseSetup(cid(corp), tuple(p.dealt[:cards])))
        else:
            g.apply(d.player, ChooseSetup(p.dealt_corps[0], ()))
    return g


@pytest.mark.parametrize(
    ("corp", "mc", "extra"),
    [
        ("CrediCor", 57, {}),
        ("Ecoline", 36, {PLANTS: 3}),
        ("Helion", 42, {}),
        ("Interplanetary Cinematics", 30, {STEEL: 20}),
        ("Inventrix", 45, {}),
        ("Mining Guild", 30, {STEEL: 5}),
        ("PhoboLog", 23, {TITANIUM: 10}),
        ("Tharsis Republic", 40, {}),
        ("ThorGate", 48, {}),
        ("United Nations Mars Initiative", 40, {}),
        ("Saturn Systems", 42, {}),
        ("Teractor", 60, {}),
    ],
)
def test_starting_resources_and_card_purchases(corp: str, mc: int, extra: dict[int, int]) -> None:
    g = _started(corp, cards=3)
    p = g.players[0]
    assert p.res[MC] == mc - 9
    assert len(p.hand) == 3
    for res, n in extra.items():
        assert p.res[res] == n


@pytest.mark.parametrize(
    ("corp", "production"),
    [
        ("Ecoline", {PLANTS: 2}),
        ("Helion", {HEAT: 3}),
        ("Mining Guild", {STEEL: 1}),
        ("ThorGate", {ENERGY: 1}),
        ("Saturn Systems", {TITANIUM: 1, MC: 1}),  # its own Jovian tag counts
    ],
)
def test_starting_production(corp: str, production: dict[int, int]) -> None:
    p = _started(corp).players[0]
    for res, n in production.items():
        assert p.prod[res] == n


def test_standard_game_starts_every_production_at_one() -> None:
    g = _started("Helion", corporate_era=False)
    assert g.players[0].prod == [1, 1, 1, 1, 1, 1 + 3]
    assert _started("Teractor", corporate_era=True).players[0].prod == [0] * 6


def test_beginner_corporation_keeps_all_ten_cards_free() -> None:
    g = Game.new(GameOptions(players=2, seed=3, beginner=(True, False)))
    assert [d.player for d in g.decisions()] == [1]
    g.apply(1, ChooseSetup(g.players[1].dealt_corps[0], ()))
    p = g.players[0]
    assert p.corp == cid("R00") and len(p.hand) == 10 and p.res[MC] == 42


def test_setup_refuses_more_cards_than_the_corporation_can_pay() -> None:
    g = Game.new(GameOptions(players=2, seed=5))
    g.players[0].dealt_corps = [cid("PhoboLog")]  # 23 M€: at most 7 cards
    with pytest.raises(IllegalAction) as err:
        g.apply(0, ChooseSetup(cid("PhoboLog"), tuple(g.players[0].dealt[:8])))
    assert err.value.code == "cannot_afford"


def test_credicor_refunds_big_cards_and_projects() -> None:
    g = new_game(2, ["CrediCor", "R00"])
    hand(g, 0, "Comet", "Asteroid")
    give(g, 0, megacredits=60)
    play(g, 0, "Comet", None, "space 07")  # 07 touches no ocean: no adjacency bonus
    assert g.players[0].res[MC] == 60 - 21 + 4
    set_turn(g, 0)
    play(g, 0, "Asteroid")
    assert g.players[0].res[MC] == 43 - 14  # 14 is below 20: no refund
    set_turn(g, 0)
    g.apply(0, "project city")
    answer(g, "space 22")
    assert g.players[0].res[MC] == 29 - 25 + 4


def test_ecoline_makes_greenery_from_seven_plants() -> None:
    g = new_game(2, ["Ecoline", "R00"])
    give(g, 0, plants=7)
    g.apply(0, "plants")
    answer(g, f"space {decision(g).spaces[0]}")
    assert g.players[0].res[PLANTS] <= 2  # 7 spent, a plant bonus at most
    assert g.oxygen == 1


def test_helion_heat_payment_is_exact() -> None:
    g = new_game(2, ["Helion", "R00"])
    hand(g, 0, "Comet")
    give(g, 0, megacredits=11, heat=10)
    with pytest.raises(IllegalAction):
        g.apply(0, "play 010")  # 11 M€ is not enough on its own
    g.apply(0, "play 010 h10")
    assert g.players[0].res[MC] == 0 and g.players[0].res[HEAT] == 0


def test_interplanetary_cinematics_gains_two_per_event() -> None:
    g = new_game(2, ["Interplanetary Cinematics", "R00"])
    hand(g, 0, "Asteroid", "Power Grid")
    give(g, 0, megacredits=14 + 18)
    play(g, 0, "Asteroid")
    assert g.players[0].res[MC] == 18 + 2
    set_turn(g, 0)
    play(g, 0, "Power Grid")
    assert g.players[0].res[MC] == 2


def test_inventrix_first_action_draws_three_and_requirements_are_lenient() -> None:
    g = _started("Inventrix")
    set_turn(g, 0)
    assert g.players[0].first_action
    with pytest.raises(IllegalAction) as err:
        g.apply(0, "pass")
    assert err.value.code == "first_action_owed"
    g.apply(0, UseAction(cid("Inventrix")))
    assert len(g.players[0].hand) == 3
    g2 = new_game(2, ["Inventrix", "R00"])  # Colonizer Training Camp needs oxygen <= 5
    hand(g2, 0, "Colonizer Training Camp")
    give(g2, 0, megacredits=8)
    g2.oxygen = 7
    g2._cache = None
    assert cid("Colonizer Training Camp") in decision(g2).options.cards  # type: ignore[attr-defined]
    g2.oxygen = 8
    g2._cache = None
    assert cid("Colonizer Training Camp") not in decision(g2).options.cards  # type: ignore[attr-defined]


def test_mining_guild_gains_steel_production_on_metal_bonus_spaces() -> None:
    g = new_game(2, ["Mining Guild", "R00"])
    give(g, 0, megacredits=25 + 23)
    g.apply(0, "project city")
    answer(g, "space 03")  # two steel
    assert g.players[0].prod[STEEL] == 2 and g.players[0].res[STEEL] == 2
    g.apply(0, "project greenery")
    answer(g, "space 08")  # no bonus
    assert g.players[0].prod[STEEL] == 2


def test_phobolog_titanium_is_worth_four() -> None:
    g = new_game(2, ["PhoboLog", "R00"])
    hand(g, 0, "Asteroid")
    give(g, 0, megacredits=2, titanium=3)
    g.apply(0, "play 009 t3")  # 3 x 4 + 2 = 14
    assert g.players[0].res[TITANIUM] == 2 and g.players[0].res[MC] == 0


def test_tharsis_republic_first_action_city_and_city_income() -> None:
    g = _started("Tharsis Republic")
    set_turn(g, 0)
    g.apply(0, UseAction(cid("Tharsis Republic")))
    answer(g, "space 22")
    p = g.players[0]
    assert g.tiles[22] == CITY and p.prod[MC] == 1 and p.res[MC] == 40 + 3
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    answer(g, "space 46")
    assert p.prod[MC] == 2


def test_thorgate_power_discounts() -> None:
    g = new_game(2, ["ThorGate", "R00"])
    hand(g, 0, "Power Grid")
    give(g, 0, megacredits=15 + 8)
    play(g, 0, "Power Grid")
    assert g.players[0].res[MC] == 8
    set_turn(g, 0)
    g.apply(0, "project power_plant")
    assert g.players[0].res[MC] == 0


def test_unmi_buys_tr_only_after_raising_it() -> None:
    g = new_game(2, ["United Nations Mars Initiative", "R00"])
    give(g, 0, megacredits=3 + 14)
    unmi = cid("United Nations Mars Initiative")
    assert unmi not in decision(g).options.actions  # type: ignore[attr-defined]
    g.apply(0, "project asteroid")
    g.apply(0, UseAction(unmi))
    assert g.players[0].tr == 22 and g.players[0].res[MC] == 0


def test_saturn_systems_gains_for_anyones_jovian_tags() -> None:
    g = new_game(2, ["Saturn Systems", "R00"])
    set_turn(g, 1)
    hand(g, 1, "Ganymede Colony")
    give(g, 1, megacredits=20)
    play(g, 1, "Ganymede Colony", None, "space 01")
    assert g.players[0].prod[MC] == 1 + 1


def test_teractor_earth_discount() -> None:
    g = new_game(2, ["Teractor", "R00"])
    hand(g, 0, "Immigration Shuttles")
    give(g, 0, megacredits=28)
    play(g, 0, "Immigration Shuttles")
    assert g.players[0].res[MC] == 0


def test_corporation_tags_count_for_requirements() -> None:
    g = new_game(2, ["Inventrix", "R00"])
    in_play(g, 0, "Research")  # two science tags; with Inventrix three
    hand(g, 0, "AI Central")
    give(g, 0, megacredits=21)
    g.players[0].prod[ENERGY] = 1
    assert cid("AI Central") in decision(g).options.cards  # type: ignore[attr-defined]
