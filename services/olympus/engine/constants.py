"""Names and numbers of the game: resources, tags, tiles, global parameters.

Resources are plain ints so that a player's stock and production are short lists indexed by
them; everything that leaves the engine uses the lower-case names.
"""

from __future__ import annotations

from typing import Final

# --- standard resources (index into a player's `res` and `prod` lists) -----------------------
MC: Final = 0
STEEL: Final = 1
TITANIUM: Final = 2
PLANTS: Final = 3
ENERGY: Final = 4
HEAT: Final = 5

RESOURCES: Final = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
RESOURCE_INDEX: Final = {name: i for i, name in enumerate(RESOURCES)}

# M€ production may go down to -5; every other production stops at 0.
PRODUCTION_FLOOR: Final = (-5, 0, 0, 0, 0, 0)

# --- resources that live on cards -------------------------------------------------------------
MICROBE: Final = "microbe"
ANIMAL: Final = "animal"
SCIENCE_RES: Final = "science"
FIGHTER: Final = "fighter"
FLOATER: Final = "floater"  # Colonies
CAMP: Final = "camp"  # Colonies: Refugee Camps
ASTEROID: Final = "asteroid"  # Venus Next: Rotator Impacts
CARD_RESOURCES: Final = (MICROBE, ANIMAL, SCIENCE_RES, FIGHTER, FLOATER, CAMP, ASTEROID)

# --- tags -------------------------------------------------------------------------------------
TAGS: Final = (
    "building",
    "space",
    "science",
    "power",
    "earth",
    "jovian",
    "plant",
    "microbe",
    "animal",
    "city",
    "event",
    "wild",
    "venus",  # Venus Next
)

# --- tiles ------------------------------------------------------------------------------------
EMPTY: Final = 0
OCEAN: Final = 1
GREENERY: Final = 2
CITY: Final = 3
SPECIAL: Final = 4  # a card's own tile (Mohole Area, Nuclear Zone, ...)
TILE_NAMES: Final = ("empty", "ocean", "greenery", "city", "special")

NOBODY: Final = -1  # owner of oceans and empty spaces
NEUTRAL: Final = -2  # the solo game's neutral opponent (its cities, greeneries and target role)

# --- global parameters ------------------------------------------------------------------------
TEMPERATURE: Final = "temperature"
OXYGEN: Final = "oxygen"
OCEANS: Final = "oceans"
PARAMETERS: Final = (TEMPERATURE, OXYGEN, OCEANS)

TEMPERATURE_MIN: Final = -30
TEMPERATURE_MAX: Final = 8
TEMPERATURE_STEP: Final = 2
OXYGEN_MIN: Final = 0
OXYGEN_MAX: Final = 14
OXYGEN_STEP: Final = 1
OCEANS_MIN: Final = 0
OCEANS_MAX: Final = 9
OCEANS_STEP: Final = 1
# Venus Next: a fourth parameter on its own scale, not needed to end a multiplayer game.
VENUS: Final = "venus"
VENUS_MIN: Final = 0
VENUS_MAX: Final = 30
VENUS_STEP: Final = 2
VENUS_DRAW_BONUS: Final = 8  # the raise reaching it draws its player a card
VENUS_TR_BONUS: Final = 16  # the raise reaching it gives its player 1 more TR

# Heat production bonuses and the ocean bonus on the temperature track; oxygen's bonus step.
TEMPERATURE_HEAT_BONUS: Final = (-24, -20)
TEMPERATURE_OCEAN_BONUS: Final = 0
OXYGEN_TEMPERATURE_BONUS: Final = 8

# --- costs of the basic actions ---------------------------------------------------------------
CARD_BUY_COST: Final = 3
PLANTS_PER_GREENERY: Final = 8
HEAT_PER_TEMPERATURE: Final = 8
OCEAN_ADJACENCY_BONUS: Final = 2
HELLAS_OCEAN_FEE: Final = 6  # M€ for the ocean that Hellas's south pole space gives
VASTITAS_TEMPERATURE_FEE: Final = 3  # M€ for the step Vastitas Borealis's north pole gives
MILESTONE_COST: Final = 8
MILESTONE_VP: Final = 5
MAX_MILESTONES: Final = 3
AWARD_COSTS: Final = (8, 14, 20)
AWARD_VP_FIRST: Final = 5
AWARD_VP_SECOND: Final = 2
AWARD_SECOND_PLACE_MIN_PLAYERS: Final = 3  # with two players nobody takes second place
STEEL_VALUE: Final = 2
TITANIUM_VALUE: Final = 3

STARTING_TR: Final = 20
SOLO_STARTING_TR: Final = 14
SOLO_GENERATIONS: Final = 14
SOLO_GENERATIONS_PRELUDE: Final = 12  # the preludes' head start shortens the solo game
SOLO_TR_GOAL: Final = 63

# Standard projects: name -> base cost (sell patents has none: it is paid in cards).
STANDARD_PROJECTS: Final = {
    "sell_patents": 0,
    "power_plant": 11,
    "asteroid": 14,
    "aquifer": 18,
    "greenery": 23,
    "city": 25,
}
AIR_SCRAPPING: Final = "air_scrapping"  # Venus Next's standard project (its games only)
AIR_SCRAPPING_COST: Final = 15
