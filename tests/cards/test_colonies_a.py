"""The Colonies expansion's project cards C01–C25, each played from a set-up position."""

from __future__ import annotations

from colony_helpers import colony_game, labels, pick, put_colonies, tile
from helpers import (
    can_play,
    card_points,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    play,
    put_cities,
    refresh,
    set_production,
    set_turn,
    use_action,
)
from olympus.engine import (
    ChooseCards,
    ChoosePlayer,
    ChooseSpace,
    Game,
    PlayCard,
)
from olympus.engine.decisions import SelectCards, SelectSpace

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _set_res(g: Game, seat: int, card: str, n: int) -> None:
    g.players[seat].card_res[cid(card)] = n
    refresh(g)


def _next_turn(g: Game, seat: int = 0) -> None:
    """A fresh turn for `seat` in a later generation (its card actions usable again)."""
    g.players[seat].used.clear()
    set_turn(g, seat)


def test_airliners_needs_three_floaters_and_adds_two_more() -> None:
    g = colony_game(2)
    hand(g, 0, "Airliners")
    give(g, 0, megacredits=11)
    in_play(g, 0, "Atmo Collectors", resources=2)
    assert not can_play(g, 0, "Airliners")
    _set_res(g, 0, "Atmo Collectors", 3)
    play(g, 0, "Airliners")
    p = g.players[0]
    assert (
        p.prod[MC] == 2 and card_resources(g, 0, "Atmo Collectors") == 5 and card_points(g, 0) == 1
    )


def test_air_raid_spends_a_floater_and_steals_five() -> None:
    g = colony_game(2)
    hand(g, 0, "Air Raid")
    give(g, 1, megacredits=7)
    assert not can_play(g, 0, "Air Raid")  # no floater to spend
    in_play(g, 0, "Atmo Collectors", resources=1)
    play(g, 0, "Air Raid")
    g.apply(0, ChoosePlayer(1))
    assert card_resources(g, 0, "Atmo Collectors") == 0
    assert g.players[0].res[MC] == 5 and g.players[1].res[MC] == 2


def test_air_raid_asks_which_card_gives_the_floater() -> None:
    g = colony_game(2)
    hand(g, 0, "Air Raid")
    give(g, 1, megacredits=5)
    in_play(g, 0, "Atmo Collectors", "Jovian Lanterns", resources=2)
    play(g, 0, "Air Raid")
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {cid("C03"), cid("C18")}
    g.apply(0, ChooseCards((cid("Jovian Lanterns"),)))
    assert (
        card_resources(g, 0, "Jovian Lanterns") == 1
        and card_resources(g, 0, "Atmo Collectors") == 2
    )


def test_atmo_collectors_takes_its_floaters_and_spends_them_for_goods() -> None:
    g = colony_game(2)
    hand(g, 0, "Atmo Collectors")
    give(g, 0, megacredits=15)
    play(g, 0, "Atmo Collectors")  # itself is the only floater card: no question
    assert card_resources(g, 0, "Atmo Collectors") == 2
    use_action(g, 0, "Atmo Collectors", 1)  # 2 titanium
    assert g.players[0].res[TITANIUM] == 2 and card_resources(g, 0, "Atmo Collectors") == 1
    _next_turn(g)
    use_action(g, 0, "Atmo Collectors", 2)  # 4 heat (second action of the turn)
    assert g.players[0].res[HEAT] == 4 and card_resources(g, 0, "Atmo Collectors") == 0


def test_atmo_collectors_adds_a_floater_or_gives_energy() -> None:
    g = colony_game(2)
    in_play(g, 0, "Atmo Collectors", resources=1)
    use_action(g, 0, "Atmo Collectors", 3)
    assert g.players[0].res[ENERGY] == 3 and card_resources(g, 0, "Atmo Collectors") == 0
    _next_turn(g)
    use_action(g, 0, "Atmo Collectors", 0)
    assert card_resources(g, 0, "Atmo Collectors") == 1


def test_community_services_counts_tagless_cards_itself_included() -> None:
    g = colony_game(2)
    in_play(g, 0, "Floater Leasing", "Trade Envoys", "Cryo-Sleep")  # two tagless
    hand(g, 0, "Community Services")
    give(g, 0, megacredits=13)
    play(g, 0, "Community Services")
    assert g.players[0].prod[MC] == 3 + 1  # + the Beginner corporation (tagless too)


def test_conscription_takes_16_off_the_next_card_for_a_point_less() -> None:
    g = colony_game(2)
    hand(g, 0, "Conscription", "Earth Elevator")
    give(g, 0, megacredits=5)
    assert not can_play(g, 0, "Conscription")
    in_play(g, 0, "Luna Governor")  # two Earth tags
    play(g, 0, "Conscription")
    give(g, 0, megacredits=27)
    play(g, 0, "Earth Elevator")  # 43 - 16
    assert g.players[0].res[MC] == 0 and card_points(g, 0) == -1 + 4


def test_corona_extractor_needs_four_science_tags() -> None:
    g = colony_game(2)
    hand(g, 0, "Corona Extractor")
    give(g, 0, megacredits=10)
    in_play(g, 0, "Cryo-Sleep", "Floater Technology", "Floater Prototypes")
    assert not can_play(g, 0, "Corona Extractor")
    in_play(g, 0, "Warp Drive")
    play(g, 0, "Corona Extractor")
    assert g.players[0].prod[ENERGY] == 4


def test_cryo_sleep_lowers_the_trade_fee_for_a_point() -> None:
    g = colony_game(2)
    hand(g, 0, "Cryo-Sleep")
    give(g, 0, megacredits=18)
    play(g, 0, "Cryo-Sleep")
    assert {"tile": "luna", "fee": "mc", "amount": 8} in decision(g).to_dict()["trades"]
    g.apply(0, "trade luna mc")
    assert g.players[0].res[MC] == 0 + 2  # Luna's income at step 2
    assert card_points(g, 0) == 1


def test_earth_elevator_gives_three_titanium_production_and_four_points() -> None:
    g = colony_game(2)
    hand(g, 0, "Earth Elevator")
    give(g, 0, megacredits=43)
    play(g, 0, "Earth Elevator")
    assert g.players[0].prod[TITANIUM] == 3 and card_points(g, 0) == 4


def test_ecology_research_counts_colonies_and_feeds_other_cards() -> None:
    g = colony_game(2)
    put_colonies(g, "Luna", 0)
    put_colonies(g, "Ceres", 0, 1)
    in_play(g, 0, "Martian Zoo", "Decomposers")
    hand(g, 0, "Ecology Research")
    give(g, 0, megacredits=21)
    play(g, 0, "Ecology Research")
    assert g.players[0].prod[PLANTS] == 2
    # Decomposers also takes one microbe per plant, animal and microbe tag played.
    assert card_resources(g, 0, "Martian Zoo") == 1 and card_resources(g, 0, "Decomposers") == 2 + 3


def test_floater_leasing_pays_one_per_three_floaters() -> None:
    g = colony_game(2)
    in_play(g, 0, "Atmo Collectors", "Jovian Lanterns", resources=4)  # 8 floaters
    hand(g, 0, "Floater Leasing")
    give(g, 0, megacredits=3)
    play(g, 0, "Floater Leasing")
    assert g.players[0].prod[MC] == 2


def test_floater_prototypes_puts_two_floaters_on_another_card() -> None:
    g = colony_game(2)
    in_play(g, 0, "Titan Shuttles")
    hand(g, 0, "Floater Prototypes")
    give(g, 0, megacredits=2)
    play(g, 0, "Floater Prototypes")
    assert card_resources(g, 0, "Titan Shuttles") == 2 and cid("C11") in g.players[0].events


def test_floater_technology_puts_a_floater_on_another_card() -> None:
    g = colony_game(2)
    in_play(g, 0, "Floater Technology", "Titan Air-scrapping")
    use_action(g, 0, "Floater Technology")
    assert card_resources(g, 0, "Titan Air-scrapping") == 1


def test_galilean_waystation_counts_every_players_jovian_tags() -> None:
    g = colony_game(2)
    in_play(g, 0, "Titan Shuttles")
    in_play(g, 1, "Jovian Lanterns", "Io Mining Industries")
    hand(g, 0, "Galilean Waystation")
    give(g, 0, megacredits=15)
    play(g, 0, "Galilean Waystation")
    assert g.players[0].prod[MC] == 3 and card_points(g, 0) == 1 + 1


def test_heavy_taxation_needs_two_earth_tags() -> None:
    g = colony_game(2)
    hand(g, 0, "Heavy Taxation")
    give(g, 0, megacredits=3)
    in_play(g, 0, "Sky Docks")
    assert not can_play(g, 0, "Heavy Taxation")
    in_play(g, 0, "Refugee Camps")
    play(g, 0, "Heavy Taxation")
    p = g.players[0]
    assert p.prod[MC] == 2 and p.res[MC] == 1 + 4  # Sky Docks took 1 M€ off
    assert card_points(g, 0) == 2 - 1


def test_ice_moon_colony_places_a_colony_and_an_ocean() -> None:
    g = colony_game(2, "Ceres", "Luna")
    hand(g, 0, "Ice Moon Colony")
    give(g, 0, megacredits=23)
    play(g, 0, "Ice Moon Colony")
    pick(g, "Ceres")
    assert decision(g).kind == "space"
    d = decision(g)
    assert isinstance(d, SelectSpace)
    g.apply(0, ChooseSpace(d.spaces[0]))
    assert tile(g, "Ceres").colonies == [0] and g.oceans == 1 and g.players[0].tr == 21


def test_impactor_swarm_needs_two_jovian_tags_and_may_hit_plants() -> None:
    g = colony_game(2)
    hand(g, 0, "Impactor Swarm")
    give(g, 0, megacredits=11)
    give(g, 1, plants=5)
    in_play(g, 0, "Titan Shuttles")
    assert not can_play(g, 0, "Impactor Swarm")
    in_play(g, 0, "Titan Air-scrapping")
    play(g, 0, "Impactor Swarm")
    g.apply(0, ChoosePlayer(1))
    assert g.players[0].res[HEAT] == 12 and g.players[1].res[PLANTS] == 3


def test_interplanetary_colony_ship_places_a_colony() -> None:
    g = colony_game(2, "Luna")
    hand(g, 0, "Interplanetary Colony Ship")
    give(g, 0, megacredits=12)
    play(g, 0, "Interplanetary Colony Ship")
    assert tile(g, "Luna").colonies == [0] and g.players[0].prod[MC] == 2


def test_interplanetary_colony_ship_needs_a_free_tile() -> None:
    g = colony_game(2, "Luna")
    put_colonies(g, "Luna", 1, 1, 1)
    hand(g, 0, "Interplanetary Colony Ship")
    give(g, 0, megacredits=12)
    assert not can_play(g, 0, "Interplanetary Colony Ship")


def test_jovian_lanterns_raises_tr_and_buys_floaters_with_titanium() -> None:
    g = colony_game(2)
    hand(g, 0, "Jovian Lanterns")
    give(g, 0, megacredits=20, titanium=1)
    assert not can_play(g, 0, "Jovian Lanterns")  # a Jovian tag is needed
    in_play(g, 0, "Titan Shuttles")
    g.players[0].res[TITANIUM] = 0
    play(g, 0, "Jovian Lanterns")
    g.apply(0, ChooseCards((cid("Jovian Lanterns"),)))  # two floater cards: asked
    assert g.players[0].tr == 21 and card_resources(g, 0, "Jovian Lanterns") == 2
    give(g, 0, titanium=1)
    use_action(g, 0, "Jovian Lanterns")
    assert card_resources(g, 0, "Jovian Lanterns") == 4 and g.players[0].res[TITANIUM] == 0
    assert card_points(g, 0) == 2 + 1


def test_jupiter_floating_station_adds_to_jovian_cards_or_cashes_up_to_four() -> None:
    g = colony_game(2)
    in_play(g, 0, "Jupiter Floating Station", resources=6)
    in_play(g, 0, "Atmo Collectors")  # not Jovian: never offered
    use_action(g, 0, "Jupiter Floating Station", 0)
    assert card_resources(g, 0, "Jupiter Floating Station") == 7
    _next_turn(g)
    use_action(g, 0, "Jupiter Floating Station", 1)
    assert g.players[0].res[MC] == 4 and card_resources(g, 0, "Jupiter Floating Station") == 7
    hand(g, 0, "Jupiter Floating Station")
    assert card_points(g, 0) == 1


def test_luna_governor_needs_three_earth_tags_and_brings_two() -> None:
    g = colony_game(2)
    hand(g, 0, "Luna Governor", "Lunar Mining")
    give(g, 0, megacredits=4)
    in_play(g, 0, "Sky Docks", "Refugee Camps")
    assert not can_play(g, 0, "Luna Governor")
    in_play(g, 0, "Lunar Exports")
    play(g, 0, "Luna Governor")
    assert g.players[0].prod[MC] == 2
    give(g, 0, megacredits=11)
    play(g, 0, "Lunar Mining")  # 6 Earth tags with its own: 3 pairs
    assert g.players[0].prod[TITANIUM] == 3


def test_lunar_exports_offers_money_or_plants() -> None:
    g = colony_game(2)
    hand(g, 0, "Lunar Exports")
    give(g, 0, megacredits=19)
    play(g, 0, "Lunar Exports")
    pick(g, "Plant")
    assert g.players[0].prod[PLANTS] == 2 and g.players[0].prod[MC] == 0


def test_lunar_mining_counts_pairs_of_earth_tags() -> None:
    g = colony_game(2)
    hand(g, 0, "Lunar Mining")
    give(g, 0, megacredits=11)
    play(g, 0, "Lunar Mining")  # one Earth tag, its own
    assert g.players[0].prod[TITANIUM] == 0


def test_market_manipulation_raises_one_track_and_lowers_another() -> None:
    g = colony_game(2, "Luna", "Ceres", "Pluto")
    put_colonies(g, "Pluto", 1, marker=3)  # may go down to step 2, not below its colony
    tile(g, "Luna").marker = 7  # cannot go up
    hand(g, 0, "Market Manipulation")
    give(g, 0, megacredits=1)
    play(g, 0, "Market Manipulation")
    assert labels(g) == ["Ceres (marker on step 2)", "Pluto (marker on step 3)"]
    pick(g, "Ceres")
    assert labels(g) == ["Luna (marker on step 7)", "Pluto (marker on step 3)"]
    pick(g, "Pluto")
    assert (tile(g, "Ceres").marker, tile(g, "Pluto").marker) == (3, 2)


def test_market_manipulation_skips_inactive_tiles_and_needs_two_tiles() -> None:
    g = colony_game(2, "Luna", "Ceres")
    tile(g, "Ceres").active = False
    hand(g, 0, "Market Manipulation")
    give(g, 0, megacredits=1)
    assert not can_play(g, 0, "Market Manipulation")
    tile(g, "Ceres").active = True
    put_colonies(g, "Ceres", 1, marker=2)  # Ceres cannot go down; Luna can
    play(g, 0, "Market Manipulation")  # only Ceres up, Luna down: no question
    assert (tile(g, "Ceres").marker, tile(g, "Luna").marker) == (3, 1)


def test_martian_zoo_collects_animals_from_earth_tags_and_cashes_them() -> None:
    g = colony_game(2)
    hand(g, 0, "Martian Zoo", "Luna Governor")
    give(g, 0, megacredits=12 + 4)
    assert not can_play(g, 0, "Martian Zoo")  # two cities needed
    put_cities(g, 1, 2)
    play(g, 0, "Martian Zoo")
    in_play(g, 0, "Sky Docks", "Refugee Camps", "Lunar Exports")  # for Luna Governor
    g.apply(0, PlayCard(cid("Luna Governor")))
    assert card_resources(g, 0, "Martian Zoo") == 2
    _next_turn(g)
    before = g.players[0].res[MC]
    use_action(g, 0, "Martian Zoo")
    assert g.players[0].res[MC] == before + 2 and card_resources(g, 0, "Martian Zoo") == 2
    assert card_points(g, 0) == 1 + 2


def test_mining_colony_raises_titanium_and_places_a_colony() -> None:
    g = colony_game(2, "Triton")
    hand(g, 0, "Mining Colony")
    give(g, 0, megacredits=20)
    set_production(g, 0, titanium=0)
    play(g, 0, "Mining Colony")
    p = g.players[0]
    assert p.prod[TITANIUM] == 1 and p.res[TITANIUM] == 3 and tile(g, "Triton").colonies == [0]
