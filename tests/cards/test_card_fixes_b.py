"""Cards that now play as printed: each test plays the card from a set-up position.

Community Services (wild tags are tags), Galilean Waystation and Toll Station (other players'
wild tags do not stand in), A. Engineer (Mining Rights and Mining Area), Lava Tube Settlement on
Hellas, Air Raid, Floater Technology, Martian Zoo, Psychrophiles (how many microbes pay is a
choice), Helion (heat wherever M€ is paid, the split its choice).
"""

from __future__ import annotations

import pytest

from colony_helpers import colony_game
from helpers import (
    answer,
    can_play,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    prelude_turn,
    put_cities,
    put_tile,
    refresh,
    set_parameters,
    set_production,
    set_turn,
    top_of_deck,
    use_action,
)
from olympus.engine import (
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    Game,
    GameOptions,
    IllegalAction,
    Trade,
)
from olympus.engine.constants import CITY, HEAT
from olympus.engine.decisions import (
    SelectAmount,
    SelectCards,
    SelectOption,
    SelectPlayer,
    SelectSpace,
)
from olympus.engine.milestones import AWARDS
from olympus.engine.placement import legal_spaces

MC, STEEL, TITANIUM, PLANTS, ENERGY = range(5)


# --- C04 Community Services -------------------------------------------------------------------


def test_community_services_counts_cards_whose_only_tag_is_wild_as_tagless() -> None:
    g = colony_game(2)
    # Research Coordination (a project) and Research Network (a prelude) carry one wild tag
    # each, no tag of a kind: they count as tagless, as Floater Leasing (no tag) does.
    in_play(g, 0, "Research Coordination", "Research Network", "Floater Leasing")
    hand(g, 0, "Community Services")
    give(g, 0, megacredits=13)
    play(g, 0, "Community Services")
    # The Beginner corporation, Floater Leasing, the two wild-only cards and Community
    # Services itself: 5.
    assert g.players[0].prod[MC] == 5


# --- C13 Galilean Waystation, 099 Toll Station -----------------------------------------------


def test_galilean_waystation_counts_its_owners_wild_tags_but_not_other_players() -> None:
    g = colony_game(2)
    in_play(g, 0, "Research Coordination")  # the owner's own wild tag stands in for a Jovian
    in_play(g, 1, "Io Mining Industries", "Research Network")  # 1 Jovian tag and a wild one
    hand(g, 0, "Galilean Waystation")
    give(g, 0, megacredits=15)
    play(g, 0, "Galilean Waystation")
    assert g.players[0].prod[MC] == 1 + 1


def test_toll_station_counts_opponents_space_tags_without_their_wild_tags() -> None:
    g = new_game(3)
    in_play(g, 1, "Space Station", "Research Coordination")
    in_play(g, 2, "Research Network")
    hand(g, 0, "Toll Station")
    give(g, 0, megacredits=12)
    play(g, 0, "Toll Station")
    assert g.players[0].prod[MC] == 1


# --- A. Engineer (Amazonis Planitia award) ---------------------------------------------------


@pytest.mark.parametrize("name", ["Mining Rights", "Mining Area"])
def test_a_engineer_counts_the_mining_tiles_that_raise_production(name: str) -> None:
    g = new_game(2, map="amazonis")
    engineer = AWARDS["amazonis"]["a_engineer"]
    p = g.players[0]
    assert engineer.measure(g, p) == 0
    if name == "Mining Area":  # its space must touch a tile of the player's
        metal = [
            s
            for s in legal_spaces(g, 0, "special", "metal_bonus")
            if any(g.tiles[n] == 0 for n in g.map.space(s).neighbours)
        ]
        near = next(n for n in g.map.space(metal[0]).neighbours if g.tiles[n] == 0)
        put_tile(g, near, CITY, 0)
    hand(g, 0, name)
    give(g, 0, megacredits=9)
    play(g, 0, name)
    d = decision(g)
    assert isinstance(d, SelectSpace)
    answer(g, f"space {d.spaces[0]:02d}")
    assert p.prod[STEEL] + p.prod[TITANIUM] == 1
    assert engineer.measure(g, p) == 1


# --- P37 Lava Tube Settlement on Hellas ------------------------------------------------------


def test_lava_tube_settlement_on_hellas_is_never_next_to_a_city() -> None:
    g = new_game(2, map="hellas")
    assert not g.map.has_volcanic_spaces
    (city,) = put_cities(g, 1, 1)
    hand(g, 0, "Lava Tube Settlement")
    give(g, 0, megacredits=15)
    set_production(g, 0, energy=1)
    play(g, 0, "Lava Tube Settlement")
    d = decision(g)
    assert isinstance(d, SelectSpace)
    assert not set(d.spaces) & set(g.map.space(city).neighbours)
    assert set(d.spaces) == set(legal_spaces(g, 0, "city", "city"))
    next_to_city = g.map.space(city).neighbours[0]
    with pytest.raises(IllegalAction):
        answer(g, f"space {next_to_city:02d}")
    answer(g, f"space {d.spaces[0]:02d}")
    assert g.tiles[d.spaces[0]] == CITY and g.players[0].prod[MC] == 2


def test_lava_tube_settlement_on_hellas_needs_a_space_for_a_city() -> None:
    g = new_game(2, map="hellas")
    hand(g, 0, "Lava Tube Settlement")
    give(g, 0, megacredits=15)
    set_production(g, 0, energy=1)
    assert can_play(g, 0, "Lava Tube Settlement")
    while legal_spaces(g, 0, "city", "city"):
        put_cities(g, 1, 1)
    set_turn(g, 0)
    assert not can_play(g, 0, "Lava Tube Settlement")


# --- C02 Air Raid -----------------------------------------------------------------------------


def test_air_raid_needs_an_opponent_with_five_megacredits() -> None:
    g = colony_game(2)
    hand(g, 0, "Air Raid")
    in_play(g, 0, "Atmo Collectors", resources=1)
    give(g, 1, megacredits=4)
    assert not can_play(g, 0, "Air Raid")
    with pytest.raises(IllegalAction):
        play(g, 0, "Air Raid")
    give(g, 1, megacredits=1)
    assert can_play(g, 0, "Air Raid")


def test_air_raid_steals_exactly_five_from_a_player_who_has_them_never_from_nobody() -> None:
    g = colony_game(3)
    hand(g, 0, "Air Raid")
    in_play(g, 0, "Atmo Collectors", resources=1)
    give(g, 1, megacredits=4)
    give(g, 2, megacredits=9)
    play(g, 0, "Air Raid")
    d = decision(g)
    assert isinstance(d, SelectPlayer) and d.seats == (2,)
    for wrong in (ChoosePlayer(None), ChoosePlayer(1)):
        with pytest.raises(IllegalAction):
            g.apply(0, wrong)
    g.apply(0, ChoosePlayer(2))
    assert [q.res[MC] for q in g.players] == [5, 4, 4]
    assert card_resources(g, 0, "Atmo Collectors") == 0


def _solo_colony_game() -> Game:
    """A solo Colonies game at its first action: a tile removed, the Beginner corporation, hand
    and stock cleared (as `helpers.new_game` leaves them)."""
    g = Game.new(GameOptions(players=1, seed=0, colonies=True))
    g.players[0].dealt_corps = [cid("R00")]
    while g.phase == "setup":
        d = decision(g)
        if isinstance(d, SelectOption):
            g.apply(0, ChooseOption(d.enabled[0]))
        else:
            g.apply(0, ChooseSetup(cid("R00"), ()))
    p = g.players[0]
    p.hand.clear()
    p.res[:] = [0] * 6
    set_turn(g, 0)
    return g


def test_air_raid_in_solo_steals_five_from_the_neutral_opponent() -> None:
    g = _solo_colony_game()
    hand(g, 0, "Air Raid")
    assert not can_play(g, 0, "Air Raid")  # the floater is still needed
    in_play(g, 0, "Atmo Collectors", resources=1)
    play(g, 0, "Air Raid")
    assert g.players[0].res[MC] == 5 and card_resources(g, 0, "Atmo Collectors") == 0


# --- C12 Floater Technology, C24 Martian Zoo ---------------------------------------------------


def test_floater_technology_acts_without_another_floater_card_and_the_floater_is_lost() -> None:
    g = colony_game(2)
    in_play(g, 0, "Floater Technology")
    use_action(g, 0, "Floater Technology")
    p = g.players[0]
    assert cid("Floater Technology") in p.used and sum(p.card_res.values()) == 0


def test_martian_zoo_action_needs_an_animal_on_it() -> None:
    g = colony_game(2)
    in_play(g, 0, "Martian Zoo")
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Martian Zoo")
    g.players[0].card_res[cid("Martian Zoo")] = 1
    set_turn(g, 0)
    use_action(g, 0, "Martian Zoo")
    assert g.players[0].res[MC] == 1 and card_resources(g, 0, "Martian Zoo") == 1


# --- P39 Psychrophiles: how many microbes pay is the player's choice --------------------------


def _psychrophiles_and_lichen(g: Game, microbes: int, megacredits: int) -> None:
    in_play(g, 0, "Psychrophiles", resources=microbes)
    hand(g, 0, "Lichen")  # 7 M€, plant tag
    give(g, 0, megacredits=megacredits)
    set_parameters(g, temperature=-24)


def test_psychrophiles_player_chooses_how_many_microbes_pay_for_a_plant_card() -> None:
    g = new_game(2)
    _psychrophiles_and_lichen(g, microbes=3, megacredits=10)
    rule = g.decision_for(0).options.cards[cid("Lichen")]  # type: ignore[attr-defined]
    assert (rule.cost, rule.resources, rule.resource_value) == (7, 3, 2)
    play(g, 0, "Lichen")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (0, 3)
    assert d.source == cid("Psychrophiles") and cid("Lichen") in g.players[0].hand
    raw = g.to_bytes()
    assert Game.from_bytes(raw).decisions()[0].to_dict() == d.to_dict()  # saved mid-payment
    with pytest.raises(IllegalAction):
        answer(g, "amount 4")  # only 3 microbes there
    assert g.to_bytes() == raw
    answer(g, "amount 2")
    p = g.players[0]
    assert card_resources(g, 0, "Psychrophiles") == 1 and p.res[MC] == 10 - 3
    assert cid("Lichen") in p.played and p.prod[PLANTS] == 1


def test_psychrophiles_microbes_may_be_left_unspent_or_all_spent_without_change() -> None:
    g = new_game(2)
    _psychrophiles_and_lichen(g, microbes=4, megacredits=7)
    play(g, 0, "Lichen")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (0, 4)  # 8 for 7: no change
    answer(g, "amount 4")
    assert card_resources(g, 0, "Psychrophiles") == 0 and g.players[0].res[MC] == 7


def test_psychrophiles_the_fewest_microbes_are_what_the_megacredits_leave() -> None:
    g = new_game(2)
    _psychrophiles_and_lichen(g, microbes=3, megacredits=3)
    play(g, 0, "Lichen")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (2, 3)
    with pytest.raises(IllegalAction):
        answer(g, "amount 1")  # 2 M€ from one microbe and 3 M€ do not cover 7
    answer(g, "amount 2")
    assert card_resources(g, 0, "Psychrophiles") == 1 and g.players[0].res[MC] == 0


def test_psychrophiles_microbes_pay_only_for_plant_cards() -> None:
    g = new_game(2)
    in_play(g, 0, "Psychrophiles", resources=3)
    hand(g, 0, "Mine")  # 4 M€, no plant tag
    give(g, 0, megacredits=3)
    assert not can_play(g, 0, "Mine")


# --- R18 Helion: heat wherever M€ is paid, the split its choice -------------------------------


def _helion(map_name: str = "tharsis", **options: object) -> Game:
    return new_game(2, ["Helion", "R00"], map=map_name, **options)


def test_helion_chooses_how_much_heat_pays_a_prelude() -> None:
    g = _helion()
    give(g, 0, megacredits=10, heat=4)
    prelude_turn(g, 0, "Business Empire")  # pay 6 M€
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.player, d.minimum, d.maximum) == (0, 0, 4)
    raw = g.to_bytes()
    with pytest.raises(IllegalAction):
        answer(g, "amount 5")
    assert g.to_bytes() == raw
    answer(g, "amount 3")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT], p.prod[MC]) == (7, 1, 6)


def test_helion_chooses_how_much_heat_pays_the_trade_fee() -> None:
    g = colony_game(2, "Luna")
    g.players[0].corp = cid("Helion")
    give(g, 0, megacredits=9, heat=5)
    g.apply(0, Trade("luna", "mc"))
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (0, 5)
    answer(g, "amount 5")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (9 - 4 + 2, 0)  # 4 M€ of the fee; Luna pays 2 at step 2


def _research(g: Game, cards: int = 2) -> None:
    """The research phase of a later generation: each seat offered `cards` cards."""
    for p in g.players:
        p.dealt = [g.deck.pop() for _ in range(cards)]
    g.stack = [("actions", -1, 0, 0), ("research", -1, 0, tuple(range(len(g.players))))]
    g.phase = "research"
    refresh(g)


def test_helion_chooses_how_much_heat_pays_for_research_cards_while_others_buy() -> None:
    g = _helion()
    give(g, 0, megacredits=2, heat=10)
    give(g, 1, megacredits=9)
    _research(g)
    dealt = g.players[0].dealt
    assert g.decision_for(0).maximum == 2  # type: ignore[attr-defined]  # 12 with the heat
    g.apply(0, ChooseCards(tuple(dealt)))  # 6 M€: 4 to 6 of it in heat
    d = g.decision_for(0)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (4, 6)
    assert isinstance(g.decision_for(1), SelectCards)  # the phase is still simultaneous
    restored = Game.from_bytes(g.to_bytes())
    assert [x.to_dict() for x in restored.decisions()] == [x.to_dict() for x in g.decisions()]
    g.apply(1, ChooseCards(()))
    g.apply(0, "amount 5")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (1, 5) and set(dealt) <= set(p.hand)
    assert g.phase == "action"


def test_helion_may_pay_the_hellas_south_pole_fee_with_heat() -> None:
    g = _helion("hellas")
    pole = next(s for s in g.map.fee_spaces)
    give(g, 0, megacredits=2, heat=10, plants=8)
    g.apply(0, "plants")
    d = decision(g)
    assert isinstance(d, SelectSpace) and pole in d.spaces  # 2 M€ alone would not pay the 6
    answer(g, f"space {pole:02d}")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (4, 6)
    answer(g, "amount 6")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (2, 4)
    d = decision(g)
    assert isinstance(d, SelectSpace) and d.tile == "ocean"  # the pole's ocean follows


def test_the_hellas_south_pole_is_not_offered_to_others_who_cannot_pay_in_megacredits() -> None:
    g = new_game(2, map="hellas")
    pole = next(s for s in g.map.fee_spaces)
    give(g, 0, megacredits=2, heat=10, plants=8)
    g.apply(0, "plants")
    d = decision(g)
    assert isinstance(d, SelectSpace) and pole not in d.spaces


def test_helion_may_pay_the_vastitas_borealis_pole_fee_all_in_heat() -> None:
    g = _helion("vastitas_borealis")
    pole = next(s for s in g.map.fee_spaces)
    give(g, 0, heat=5, plants=8)
    g.apply(0, "plants")
    answer(g, f"space {pole:02d}")  # no M€: all 3 in heat, nothing to choose
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (0, 2) and g.temperature == -28


def test_helion_chooses_the_split_of_a_project_fee_with_money_left_over() -> None:
    g = _helion("vastitas_borealis")
    pole = next(s for s in g.map.fee_spaces)
    give(g, 0, megacredits=23, heat=3)
    g.apply(0, "project greenery")  # 23 M€: the heat is left for the pole
    assert pole in decision(g).spaces  # type: ignore[attr-defined]
    answer(g, f"space {pole:02d}")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (0, 0) and g.temperature == -28


def test_helion_chooses_how_much_heat_pays_for_a_card_bought_from_the_deck() -> None:
    g = _helion()
    in_play(g, 0, "Inventors' Guild")
    give(g, 0, megacredits=1, heat=5)
    (top,) = top_of_deck(g, "Mine")
    use_action(g, 0, "Inventors' Guild")
    answer(g, "cards 056")  # buy the Mine for 3 M€: 1 M€ and 2 heat at least
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (2, 3)
    answer(g, "amount 2")
    p = g.players[0]
    assert (p.res[MC], p.res[HEAT]) == (0, 3) and top in p.hand
