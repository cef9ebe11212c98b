"""Milestones and awards of each map: which metric each one uses (`metrics.py`), the
threshold of a milestone, and how a funded award is scored."""

from __future__ import annotations

from dataclasses import dataclass

from .constants import (
    AWARD_COSTS,
    AWARD_SECOND_PLACE_MIN_PLAYERS,
    AWARD_VP_FIRST,
    AWARD_VP_SECOND,
)
from .metrics import metric_value, milestone_value
from .state import GameState, Player


@dataclass(frozen=True, slots=True)
class Milestone:
    name: str  # as the notation names it: `milestone mayor`
    title: str
    metric: str  # a key of METRICS
    threshold: int  # claimable when the metric is at least this (at most, with `at_most`)
    text: str
    at_most: bool = False  # Minimalist: few cards in hand

    def measure(self, g: GameState, p: Player) -> int:
        return milestone_value(self.metric, g, p)

    def reached(self, g: GameState, p: Player) -> bool:
        value = self.measure(g, p)
        return value <= self.threshold if self.at_most else value >= self.threshold


@dataclass(frozen=True, slots=True)
class Award:
    name: str  # as the notation names it: `award banker`
    title: str
    metric: str  # a key of METRICS; the highest value wins
    text: str

    def measure(self, g: GameState, p: Player) -> int:
        return metric_value(self.metric, g, p)


THARSIS_MILESTONES = (
    Milestone(
        "terraformer", "Terraformer", "terraform_rating", 35, "terraform rating of at least 35"
    ),
    Milestone("mayor", "Mayor", "city_tiles", 3, "own at least 3 city tiles"),
    Milestone("gardener", "Gardener", "greenery_tiles", 3, "own at least 3 greenery tiles"),
    Milestone("builder", "Builder", "building_tags", 8, "at least 8 building tags in play"),
    Milestone("planner", "Planner", "cards_in_hand", 16, "at least 16 cards in hand"),
)

THARSIS_AWARDS = (
    Award("landlord", "Landlord", "owned_tiles", "most tiles owned"),
    Award("banker", "Banker", "megacredit_production", "highest M€ production"),
    Award("scientist", "Scientist", "science_tags", "most science tags in play"),
    Award("thermalist", "Thermalist", "heat", "most heat"),
    Award("miner", "Miner", "steel_and_titanium", "most steel and titanium"),
)

ELYSIUM_MILESTONES = (
    Milestone(
        "generalist",
        "Generalist",
        "productions_raised",
        6,
        "all 6 productions raised at least 1 step",
    ),
    Milestone(
        "specialist", "Specialist", "highest_production", 10, "production of 10 in any resource"
    ),
    Milestone("ecologist", "Ecologist", "bio_tags", 4, "at least 4 plant, microbe or animal tags"),
    Milestone("tycoon", "Tycoon", "project_cards", 15, "at least 15 project cards in play"),
    Milestone("legend", "Legend", "events_played", 5, "at least 5 events played"),
)

ELYSIUM_AWARDS = (
    Award("celebrity", "Celebrity", "expensive_cards", "most project cards in play costing 20+"),
    Award("industrialist", "Industrialist", "steel_and_energy", "most steel and energy"),
    Award("desert_settler", "Desert Settler", "southern_tiles", "most tiles on the 4 bottom rows"),
    Award("estate_dealer", "Estate Dealer", "tiles_next_to_oceans", "most tiles next to oceans"),
    Award("benefactor", "Benefactor", "terraform_rating", "highest terraform rating"),
)

HELLAS_MILESTONES = (
    Milestone("diversifier", "Diversifier", "distinct_tags", 8, "at least 8 different tags"),
    Milestone(
        "tactician",
        "Tactician",
        "cards_with_requirements",
        5,
        "at least 5 cards with requirements in play",
    ),
    Milestone(
        "polar_explorer", "Polar Explorer", "polar_tiles", 3, "own 3 tiles on the 2 bottom rows"
    ),
    Milestone("energizer", "Energizer", "energy_production", 6, "energy production of 6"),
    Milestone("rim_settler", "Rim Settler", "jovian_tags", 3, "at least 3 Jovian tags"),
)

HELLAS_AWARDS = (
    Award("cultivator", "Cultivator", "greenery_tiles", "most greenery tiles"),
    Award("magnate", "Magnate", "automated_cards", "most automated (green) cards in play"),
    Award("space_baron", "Space Baron", "space_tags", "most space tags in play"),
    Award("excentric", "Excentric", "card_resources", "most resources on cards"),
    Award("contractor", "Contractor", "building_tags", "most building tags in play"),
)

VASTITAS_BOREALIS_MILESTONES = (
    Milestone("v_electrician", "V. Electrician", "power_tags", 4, "at least 4 power tags"),
    Milestone(
        "smith",
        "Smith",
        "steel_and_titanium_production",
        6,
        "steel and titanium production of 6 together",
    ),
    Milestone(
        "tradesman",
        "Tradesman",
        "card_resource_types",
        3,
        "3 different kinds of resource on your cards",
    ),
    Milestone("irrigator", "Irrigator", "tiles_next_to_oceans", 4, "own 4 tiles next to oceans"),
    Milestone("capitalist", "Capitalist", "megacredits", 64, "at least 64 M€"),
)

VASTITAS_BOREALIS_AWARDS = (
    Award("forecaster", "Forecaster", "cards_with_requirements", "most cards with requirements"),
    Award("edgedancer", "Edgedancer", "edge_tiles", "most tiles on the edge of the map"),
    Award("visionary", "Visionary", "cards_in_hand", "most cards in hand"),
    Award("naturalist", "Naturalist", "plant_and_heat_production", "most plant + heat production"),
    Award("voyager", "Voyager", "jovian_tags", "most Jovian tags in play"),
)

AMAZONIS_MILESTONES = (
    Milestone("colonizer", "Colonizer", "colonies", 4, "at least 4 colonies"),
    Milestone("forester", "Forester", "plant_production", 4, "plant production of 4"),
    Milestone(
        "minimalist", "Minimalist", "cards_in_hand", 2, "at most 2 cards in hand", at_most=True
    ),
    Milestone("terran", "Terran", "earth_tags", 6, "at least 6 Earth tags"),
    Milestone(
        "tropicalist", "Tropicalist", "equatorial_tiles", 3, "own 3 tiles on the 3 middle rows"
    ),
)

AMAZONIS_AWARDS = (
    Award("curator", "Curator", "most_tags_of_one_type", "most tags of one type in play"),
    Award(
        "a_engineer", "A. Engineer", "production_cards", "most cards that change your production"
    ),
    Award("promoter", "Promoter", "events_played", "most events played"),
    Award("tourist", "Tourist", "empty_spaces_next_to_tiles", "most empty spaces next to tiles"),
    Award("a_zoologist", "A. Zoologist", "animals_and_microbes", "most animals and microbes"),
)

_BY_MAP = {
    "tharsis": (THARSIS_MILESTONES, THARSIS_AWARDS),
    "elysium": (ELYSIUM_MILESTONES, ELYSIUM_AWARDS),
    "hellas": (HELLAS_MILESTONES, HELLAS_AWARDS),
    "vastitas_borealis": (VASTITAS_BOREALIS_MILESTONES, VASTITAS_BOREALIS_AWARDS),
    "amazonis": (AMAZONIS_MILESTONES, AMAZONIS_AWARDS),
}
MILESTONES = {name: {m.name: m for m in ms} for name, (ms, _) in _BY_MAP.items()}
AWARDS = {name: {a.name: a for a in aw} for name, (_, aw) in _BY_MAP.items()}

# Venus Next adds a sixth milestone and a sixth award beside the map's five (still three of
# each claimed or funded per game).
HOVERLORD = Milestone("hoverlord", "Hoverlord", "floaters", 7, "at least 7 floaters on your cards")
VENUPHILE = Award("venuphile", "Venuphile", "venus_tags", "most Venus tags in play")
VENUS_MILESTONES = {name: {**ms, HOVERLORD.name: HOVERLORD} for name, ms in MILESTONES.items()}
VENUS_AWARDS = {name: {**aw, VENUPHILE.name: VENUPHILE} for name, aw in AWARDS.items()}


def milestones_of(g: GameState) -> dict[str, Milestone]:
    return (VENUS_MILESTONES if g.options.venus else MILESTONES)[g.options.map]


def awards_of(g: GameState) -> dict[str, Award]:
    return (VENUS_AWARDS if g.options.venus else AWARDS)[g.options.map]


def award_cost(g: GameState) -> int | None:
    """What the next award costs, or None when all are funded."""
    n = len(g.awards)
    return AWARD_COSTS[n] if n < len(AWARD_COSTS) else None


def award_points(g: GameState, award: Award) -> dict[int, int]:
    """VP per seat for one funded award (ties share; no second place with two players)."""
    scores = {p.seat: award.measure(g, p) for p in g.players}
    best = max(scores.values())
    firsts = [s for s, v in scores.items() if v == best]
    out = {s: AWARD_VP_FIRST for s in firsts}
    if len(firsts) == 1 and len(g.players) >= AWARD_SECOND_PLACE_MIN_PLAYERS:
        rest = [v for s, v in scores.items() if s not in out]
        if rest:
            second = max(rest)
            for s, v in scores.items():
                if v == second and s not in out:
                    out[s] = AWARD_VP_SECOND
    return out
