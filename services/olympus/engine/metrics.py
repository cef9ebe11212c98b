"""What milestones and awards measure, by a stable name.

The service's `Metric` enum is these names in upper case (board.proto): a milestone or award is
data naming its metric, and the engine computes the metric here. Tag metrics count tags in play
(events' tags never count); wild tags count towards milestones but not awards (see
`milestone_value`), as the published rules say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import LAND, OCEAN_SPACE
from .cards.catalogue import get as card_def
from .cards.model import CardDef
from .colony_state import colonies_of
from .constants import (
    ANIMAL,
    CITY,
    EMPTY,
    ENERGY,
    FLOATER,
    GREENERY,
    HEAT,
    MC,
    MICROBE,
    OCEAN,
    PLANTS,
    STEEL,
    TAGS,
    TITANIUM,
)
from .query import printed_tag_count, tableau, tag_count, tags_of, tiles_owned
from .state import GameState, Player

Measure = Callable[[GameState, Player], int]

WILD = "wild"
# The tag types a player can collect (Diversifier's ceiling): every tag but events and wild.
TAG_TYPES = tuple(t for t in TAGS if t not in ("event", WILD))
BIO_TAGS = ("plant", "microbe", "animal")

# Card costs from which a card makes its owner a Celebrity (Elysium).
CELEBRITY_MIN_COST = 20


# --- tiles ------------------------------------------------------------------------------------


def _owned_tiles(g: GameState, p: Player) -> list[int]:
    """Spaces holding a tile this player owns (oceans are nobody's)."""
    seat, tiles = p.seat, g.tiles
    return [sid for sid, o in enumerate(g.owners) if o == seat and tiles[sid] not in (EMPTY, OCEAN)]


def _tiles_in_rows(first: int, last: int) -> Measure:
    def measure(g: GameState, p: Player) -> int:
        spaces = g.map.spaces
        return sum(
            1 for sid in _owned_tiles(g, p) if (sp := spaces[sid]) and first <= sp.row <= last
        )

    return measure


def _tiles_next_to_oceans(g: GameState, p: Player) -> int:
    spaces, tiles = g.map.spaces, g.tiles
    return sum(
        1
        for sid in _owned_tiles(g, p)
        if (sp := spaces[sid]) and any(tiles[n] == OCEAN for n in sp.neighbours)
    )


def _edge_tiles(g: GameState, p: Player) -> int:
    spaces = g.map.spaces
    return sum(1 for sid in _owned_tiles(g, p) if (sp := spaces[sid]) and sp.edge)


def _empty_spaces_next_to_tiles(g: GameState, p: Player) -> int:
    """Tourist: empty spaces on Mars (land or ocean, never the restricted one) next to a tile
    of the player's, each counted once."""
    spaces, tiles = g.map.spaces, g.tiles
    seen: set[int] = set()
    for sid in _owned_tiles(g, p):
        sp = spaces[sid]
        if sp is not None:
            seen.update(sp.neighbours)
    return sum(
        1
        for n in seen
        if tiles[n] == EMPTY and (sp := spaces[n]) is not None and sp.kind in (LAND, OCEAN_SPACE)
    )


# --- cards ------------------------------------------------------------------------------------


PROJECT_TYPES = ("automated", "active")


def _project_cards(p: Player, keep: Callable[[CardDef], bool] = lambda c: True) -> int:
    """Automated and active project cards in play that pass `keep` (never events, preludes or
    the corporation)."""
    return sum(1 for c in p.played if (d := card_def(c)).type in PROJECT_TYPES and keep(d))


def _changes_own_production(effects: tuple[Any, ...]) -> bool:
    for instr in effects:
        name = instr[0]
        if name in ("prod", "mining_prod") or (name == "convert" and instr[1] == "prod"):
            return True
        if name == "place" and len(instr) > 3 and instr[3] == "mining_prod":
            # Mining Rights, Mining Area: the metal's production rises once the tile is down.
            return True
        if name == "choose" and any(_changes_own_production(e) for _, e in instr[1]):
            return True
    return False


def _production_cards(g: GameState, p: Player) -> int:
    """A. Engineer: cards in play (the corporation and events included) whose effect changes
    the player's own production (raising it, lowering it or moving it)."""
    return sum(1 for c in (*tableau(p), *p.events) if _changes_own_production(card_def(c).play))


def _resources_on_cards(p: Player, kinds: tuple[str, ...] | None = None) -> int:
    total = 0
    for cid, n in p.card_res.items():
        kind = card_def(cid).resource
        if kind is not None and (kinds is None or kind in kinds):
            total += n
    return total


def _card_resource_types(g: GameState, p: Player) -> int:
    return len({card_def(c).resource for c, n in p.card_res.items() if n > 0} - {None})


def _most_tags_of_one_type(g: GameState, p: Player) -> int:
    tags = tags_of(p)
    return max((tags.get(t, 0) for t in TAG_TYPES), default=0)


def _distinct_tags(g: GameState, p: Player) -> int:
    tags = tags_of(p)
    return sum(1 for t in TAG_TYPES if tags.get(t, 0))


def _colonies(g: GameState, p: Player) -> int:
    """Colonies the player has on colony tiles (none without the Colonies expansion)."""
    return colonies_of(g, p.seat)


# --- production -------------------------------------------------------------------------------


def _productions_raised(g: GameState, p: Player) -> int:
    """Generalist: productions above their start (0 with the Corporate Era, 1 without)."""
    start = 0 if g.options.corporate_era else 1
    return sum(1 for v in p.prod if v > start)


METRICS: dict[str, Measure] = {
    # Tharsis
    "terraform_rating": lambda g, p: p.tr,
    "city_tiles": lambda g, p: tiles_owned(g, p.seat, CITY),
    "greenery_tiles": lambda g, p: tiles_owned(g, p.seat, GREENERY),
    "owned_tiles": lambda g, p: len(_owned_tiles(g, p)),
    "building_tags": lambda g, p: printed_tag_count(p, "building"),
    "science_tags": lambda g, p: printed_tag_count(p, "science"),
    "cards_in_hand": lambda g, p: len(p.hand),
    "megacredit_production": lambda g, p: p.prod[MC],
    "heat": lambda g, p: p.res[HEAT],
    "steel_and_titanium": lambda g, p: p.res[STEEL] + p.res[TITANIUM],
    # Hellas
    "distinct_tags": _distinct_tags,
    "cards_with_requirements": lambda g, p: _project_cards(p, lambda c: bool(c.requirements)),
    "polar_tiles": _tiles_in_rows(7, 8),
    "energy_production": lambda g, p: p.prod[ENERGY],
    "jovian_tags": lambda g, p: printed_tag_count(p, "jovian"),
    "automated_cards": lambda g, p: _project_cards(p, lambda c: c.type == "automated"),
    "space_tags": lambda g, p: printed_tag_count(p, "space"),
    "card_resources": lambda g, p: _resources_on_cards(p),
    # Elysium
    "productions_raised": _productions_raised,
    "highest_production": lambda g, p: max(p.prod),
    "bio_tags": lambda g, p: sum(printed_tag_count(p, t) for t in BIO_TAGS),
    "project_cards": lambda g, p: _project_cards(p),
    "events_played": lambda g, p: len(p.events),
    "expensive_cards": lambda g, p: _project_cards(
        p, lambda c: (c.cost or 0) >= CELEBRITY_MIN_COST
    ),
    "steel_and_energy": lambda g, p: p.res[STEEL] + p.res[ENERGY],
    "southern_tiles": _tiles_in_rows(5, 8),
    "tiles_next_to_oceans": _tiles_next_to_oceans,
    # Amazonis Planitia
    "colonies": _colonies,
    "plant_production": lambda g, p: p.prod[PLANTS],
    "earth_tags": lambda g, p: printed_tag_count(p, "earth"),
    "equatorial_tiles": _tiles_in_rows(3, 5),
    "most_tags_of_one_type": _most_tags_of_one_type,
    "production_cards": _production_cards,
    "empty_spaces_next_to_tiles": _empty_spaces_next_to_tiles,
    "animals_and_microbes": lambda g, p: _resources_on_cards(p, (ANIMAL, MICROBE)),
    # Vastitas Borealis
    "power_tags": lambda g, p: printed_tag_count(p, "power"),
    "steel_and_titanium_production": lambda g, p: p.prod[STEEL] + p.prod[TITANIUM],
    "card_resource_types": _card_resource_types,
    "megacredits": lambda g, p: p.res[MC],
    "edge_tiles": _edge_tiles,
    "plant_and_heat_production": lambda g, p: p.prod[PLANTS] + p.prod[HEAT],
}

# Venus Next's (Hoverlord, Venuphile). Kept apart from METRICS, which is every map's: these two
# are in the service's `Metric` enum too, described only for Venus games (DescribeBoard).
VENUS_METRICS: dict[str, Measure] = {
    "floaters": lambda g, p: _resources_on_cards(p, (FLOATER,)),
    "venus_tags": lambda g, p: printed_tag_count(p, "venus"),
}


def metric_value(metric: str, g: GameState, p: Player) -> int:
    """A metric as an award sees it (tags as printed)."""
    measure = METRICS.get(metric) or VENUS_METRICS[metric]
    return measure(g, p)


# Tag metrics, by the number of tags each one counts: a wild tag adds one to any of them
# when a milestone asks (never for an award).
_TAG_METRICS = frozenset(
    {
        "building_tags",
        "science_tags",
        "jovian_tags",
        "space_tags",
        "bio_tags",
        "earth_tags",
        "power_tags",
    }
)


def milestone_value(metric: str, g: GameState, p: Player) -> int:
    """A metric as a milestone sees it: wild tags count as any one tag (Diversifier: as new
    types, up to every type there is)."""
    value = metric_value(metric, g, p)
    if metric in _TAG_METRICS:
        return value + tag_count(p, WILD)
    if metric == "distinct_tags":
        return min(value + tag_count(p, WILD), len(TAG_TYPES))
    return value
