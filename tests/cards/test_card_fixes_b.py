"""Cards that now play as printed: each test plays the card from a set-up position.

Community Services (wild tags are tags), Galilean Waystation and Toll Station (other players'
wild tags do not stand in), A. Engineer (Mining Rights and Mining Area), Lava Tube Settlement on
Hellas, Air Raid, Floater Technology, Martian Zoo.
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
    put_cities,
    put_tile,
    set_production,
    set_turn,
    use_action,
)
from olympus.engine import (
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    Game,
    GameOptions,
    IllegalAction,
)
from olympus.engine.constants import CITY
from olympus.engine.decisions import SelectOption, SelectPlayer, SelectSpace
from olympus.engine.milestones import AWARDS
from olympus.engine.placement import legal_spaces

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


# --- C04 Community Services -------------------------------------------------------------------


def test_community_services_does_not_count_cards_whose_only_tag_is_wild() -> None:
    g = colony_game(2)
    # Research Coordination (a project) and Research Network (a prelude) carry one wild tag
    # each: a card with a tag is not a card with no tags.
    in_play(g, 0, "Research Coordination", "Research Network", "Floater Leasing")
    hand(g, 0, "Community Services")
    give(g, 0, megacredits=13)
    play(g, 0, "Community Services")
    # The Beginner corporation, Floater Leasing and Community Services itself: 3, not 5.
    assert g.players[0].prod[MC] == 3


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
