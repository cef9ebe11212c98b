"""Venus Next's core rules, played through real answers: the option, the Venus scale and its
bonus steps, Venus requirements and leniency, Air Scrapping, Hoverlord and Venuphile, World
Government Terraforming, the solo win, saves and views."""

from __future__ import annotations

import pytest
from venus_helpers import pass_all, set_venus, venus_game

from colony_helpers import patched_card
from helpers import (
    can_play,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    refresh,
    set_parameters,
)
from olympus.engine import ChooseOption, ChooseSpace, ClaimMilestone, FundAward, Game, GameOptions
from olympus.engine.actions import StandardProject
from olympus.engine.cards.dsl import req
from olympus.engine.decisions import SelectOption, SelectSpace
from olympus.engine.errors import CorruptState, IllegalAction, InvalidOptions
from olympus.engine.state import GameState

MC = 0


def _air_scrapping(g: Game, seat: int = 0) -> None:
    g.apply(seat, StandardProject("air_scrapping"))


# --- the option and the saved state -----------------------------------------------------------


def test_the_option_is_off_by_default_and_saved_only_when_on() -> None:
    plain = Game.new(GameOptions(players=2))
    assert "venus" not in plain.options.to_data() and "vn" not in plain.to_data()
    assert not plain.options.wgt
    on = Game.new(GameOptions(players=2, venus=True))
    assert on.options.to_data()["venus"] is True and on.to_data()["vn"] == 0
    assert on.options.wgt and "world_government" not in on.options.to_data()
    off = GameOptions(players=2, venus=True, world_government=False)
    assert off.to_data()["world_government"] is False and not off.wgt


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"venus": "yes"}, "venus must be true or false"),
        ({"world_government": 1}, "world_government must be"),
        ({"world_government": True}, "a Venus Next rule"),
    ],
)
def test_bad_venus_options_are_refused_with_a_typed_error(
    bad: dict[str, object], words: str
) -> None:
    with pytest.raises(InvalidOptions, match=words):
        GameOptions(players=2, **bad)  # type: ignore[arg-type]


def test_the_scale_survives_a_save_and_a_save_without_the_option_refuses_it() -> None:
    g = venus_game()
    give(g, 0, megacredits=15)
    _air_scrapping(g)
    raw = g.to_bytes()
    back = Game.from_bytes(raw)
    assert back.venus == 2 and back.to_bytes() == raw
    data = g.to_data()
    data["vn"] = 32
    with pytest.raises(CorruptState, match="Venus scale"):
        GameState.__new__(GameState).load_data(data)
    plain = new_game(2).to_data()
    plain["vn"] = 4
    with pytest.raises(CorruptState, match="Venus scale"):
        GameState.__new__(GameState).load_data(plain)


def test_the_venus_deck_and_corporations_come_only_with_the_option() -> None:
    from olympus.engine.cards.catalogue import all_cards

    venus_cards = {c.id for c in all_cards().values() if c.module == "venus"}
    assert venus_cards, "no Venus card in the catalogue"
    g = Game.new(GameOptions(players=2, seed=3, venus=True))
    everything = set(g.deck) | {c for p in g.players for c in (*p.dealt, *p.dealt_corps)}
    assert venus_cards & everything
    plain = Game.new(GameOptions(players=2, seed=3))
    everything = set(plain.deck) | {c for p in plain.players for c in (*p.dealt, *p.dealt_corps)}
    assert not venus_cards & everything


# --- the scale, its TR and its bonus steps ---------------------------------------------------


def test_air_scrapping_costs_15_and_raises_venus_a_step_for_a_tr() -> None:
    g = venus_game()
    give(g, 0, megacredits=15)
    tr = g.players[0].tr
    _air_scrapping(g)
    assert g.venus == 2 and g.players[0].tr == tr + 1 and g.players[0].res[MC] == 0


def test_air_scrapping_is_no_standard_project_without_venus_next() -> None:
    g = new_game(2)
    give(g, 0, megacredits=20)
    with pytest.raises(IllegalAction):
        _air_scrapping(g)


def test_the_8_percent_step_draws_a_card_and_the_16_percent_step_gives_a_tr() -> None:
    g = venus_game()
    give(g, 0, megacredits=30)
    set_venus(g, 6)
    tr, cards = g.players[0].tr, len(g.players[0].hand)
    _air_scrapping(g)
    assert g.venus == 8 and len(g.players[0].hand) == cards + 1 and g.players[0].tr == tr + 1
    set_venus(g, 14)
    _air_scrapping(g)  # the turn's second action
    assert g.venus == 16 and g.players[0].tr == tr + 3  # 1 for the step, 1 for the bonus


def test_at_30_percent_air_scrapping_may_be_used_and_gives_nothing() -> None:
    g = venus_game()
    give(g, 0, megacredits=15)
    set_venus(g, 30)
    tr = g.players[0].tr
    _air_scrapping(g)
    assert g.venus == 30 and g.players[0].tr == tr and g.players[0].res[MC] == 0


def test_air_scrapping_counts_as_a_standard_project_for_standard_technology() -> None:
    g = venus_game()
    in_play(g, 0, "Standard Technology")
    give(g, 0, megacredits=15)
    _air_scrapping(g)
    assert g.players[0].res[MC] == 3


# --- requirements -------------------------------------------------------------------------------


def test_a_venus_requirement_counts_the_scale_and_leniency_is_two_percent_a_step() -> None:
    g = venus_game()
    with patched_card("Farming", requirements=req("venus>=12"), cost=0):
        hand(g, 0, "Farming")
        set_venus(g, 10)
        assert not can_play(g, 0, "Farming")
        set_venus(g, 12)
        assert can_play(g, 0, "Farming")
        set_venus(g, 8)
        in_play(g, 0, "Adaptation Technology")  # 2 steps: 8% counts as 12%
        assert can_play(g, 0, "Farming")
        set_venus(g, 6)
        assert not can_play(g, 0, "Farming")


def test_a_venus_maximum_and_a_tr_requirement() -> None:
    g = venus_game()
    with patched_card("Farming", requirements=req("venus<=14 & tr>=25"), cost=0):
        hand(g, 0, "Farming")
        g.players[0].tr = 25
        set_venus(g, 16)
        assert not can_play(g, 0, "Farming")
        set_venus(g, 14)
        assert can_play(g, 0, "Farming")
        g.players[0].tr = 24
        refresh(g)
        assert not can_play(g, 0, "Farming")


def test_a_venus_tag_requirement_and_the_tag_count() -> None:
    g = venus_game()
    with (
        patched_card("Farming", requirements=req("tag:venus>=1"), cost=0),
        patched_card("Mine", tags=("venus", "building")),
    ):
        hand(g, 0, "Farming")
        assert not can_play(g, 0, "Farming")
        in_play(g, 0, "Mine")
        assert can_play(g, 0, "Farming")


# --- Hoverlord and Venuphile ----------------------------------------------------------------


def test_hoverlord_is_a_sixth_milestone_for_7_floaters() -> None:
    g = venus_game()
    give(g, 0, megacredits=8)
    in_play(g, 0, "Atmo Collectors", resources=6)
    with pytest.raises(IllegalAction):
        g.apply(0, ClaimMilestone("hoverlord"))
    g.players[0].card_res[cid("Atmo Collectors")] = 7
    refresh(g)
    g.apply(0, ClaimMilestone("hoverlord"))
    assert g.milestones == [("hoverlord", 0)]
    assert next(s for s in g.scores() if s.seat == 0).milestones == 5
    plain = new_game(2)
    give(plain, 0, megacredits=8)
    in_play(plain, 0, "Atmo Collectors", resources=7)
    with pytest.raises(IllegalAction):
        plain.apply(0, ClaimMilestone("hoverlord"))


def test_venuphile_is_a_sixth_award_for_the_most_venus_tags() -> None:
    g = venus_game(3)
    give(g, 0, megacredits=8)
    with patched_card("Mine", tags=("venus",)), patched_card("Farming", tags=("venus",)):
        in_play(g, 1, "Mine", "Farming")
        in_play(g, 2, "Mine")
        g.apply(0, FundAward("venuphile"))
        points = {s.seat: s.awards for s in g.scores()}
        assert points == {0: 0, 1: 5, 2: 2}
    view = g.view(None)
    assert "venuphile" in [a["name"] for a in view["award_standings"]]
    assert "hoverlord" in [m["name"] for m in view["milestone_progress"]]


# --- World Government Terraforming -----------------------------------------------------------


def _to_world_government(g: Game) -> SelectOption:
    pass_all(g)
    d = decision(g)
    assert isinstance(d, SelectOption) and d.player == g.first, d
    return d


def _pick(g: Game, d: SelectOption, words: str) -> None:
    index = next(i for i in d.enabled if words in d.labels[i])
    g.apply(d.player, ChooseOption(index))


def test_the_world_government_raises_venus_after_production_for_no_tr() -> None:
    g = venus_game()
    trs = [p.tr for p in g.players]
    d = _to_world_government(g)
    assert g.generation == 1 and len(d.enabled) == 4
    _pick(g, d, "raise Venus")
    assert g.venus == 2 and [p.tr for p in g.players] == trs
    assert g.generation == 2 and g.phase in ("research", "draft")


def test_the_world_government_takes_no_bonus_step() -> None:
    g = venus_game()
    set_venus(g, 6)
    set_parameters(g, oxygen=7)
    hands = [len(p.hand) for p in g.players]
    _pick(g, _to_world_government(g), "raise Venus")
    assert g.venus == 8
    assert all(len(p.dealt) == 4 for p in g.players)  # only the research cards were drawn
    assert [len(p.hand) for p in g.players] == hands
    g2 = venus_game()
    set_parameters(g2, oxygen=7)
    temperature = g2.temperature
    _pick(g2, _to_world_government(g2), "raise the oxygen")
    assert g2.oxygen == 8 and g2.temperature == temperature  # no chained step


def test_the_world_government_ocean_is_nobodys_and_pays_no_bonus() -> None:
    g = venus_game()
    in_play(g, 1, "Arctic Algae")
    mcs = [p.res[MC] for p in g.players]
    trs = [p.tr for p in g.players]
    _pick(g, _to_world_government(g), "place an ocean")
    d = decision(g)
    assert isinstance(d, SelectSpace)
    g.apply(d.player, ChooseSpace(d.spaces[0]))
    assert g.oceans == 1 and g.owners[d.spaces[0]] == -1
    assert [p.tr for p in g.players] == trs
    produced = [p.res[MC] - m for p, m in zip(g.players, mcs, strict=True)]
    assert produced == [p.tr + p.prod[MC] for p in g.players]  # production only
    assert g.players[1].res[3] >= 2  # Arctic Algae still reacts to the ocean


def test_without_world_government_the_next_generation_comes_at_once() -> None:
    g = venus_game(world_government=False)
    pass_all(g)
    assert g.generation == 2 and g.venus == 0
    assert all(not isinstance(d, SelectOption) for d in g.decisions())


def test_with_everything_at_its_goal_the_world_government_has_nothing_to_do() -> None:
    g = venus_game()
    set_parameters(g, temperature=6, oxygen=14)
    set_venus(g, 30)
    g.oceans = 9
    refresh(g)
    pass_all(g)
    assert g.generation == 2
    assert all(not isinstance(d, SelectOption) for d in g.decisions())


# --- the game end and the solo win ------------------------------------------------------------


def test_venus_is_not_needed_to_end_a_multiplayer_game() -> None:
    g = venus_game()
    set_parameters(g, temperature=8, oxygen=14, oceans=9)
    pass_all(g)
    assert g.phase in ("final", "ended")


def _solo_end(venus: int) -> dict[str, object]:
    g = venus_game(1)
    g.generation = 14
    set_parameters(g, temperature=8, oxygen=14, oceans=9)
    set_venus(g, venus)
    pass_all(g)
    while not g.is_over:
        d = g.decisions()[0]
        g.apply(d.player, next(iter(d.legal_actions())))
    return g.result()


def test_the_solo_win_needs_venus_at_30_percent_too() -> None:
    assert _solo_end(28)["solo_won"] is False
    assert _solo_end(30)["solo_won"] is True


# --- views ------------------------------------------------------------------------------------


def test_the_views_show_the_scale_only_in_venus_games() -> None:
    g = venus_game()
    set_venus(g, 10)
    assert g.view(0)["venus"] == 10 and g.view(None)["venus"] == 10
    assert "venus" not in new_game(2).view(None)
