"""Where a tile may go: one function per placement rule, all answering with space ids.

Rules (the `rule` word in a `place` instruction):
  ocean           an empty ocean-reserved space
  land_ocean      an ocean on an empty land space (Artificial Lake)
  greenery        empty land, next to one of your tiles if any such space exists
  ocean_space     an empty ocean-reserved space, no adjacency rule (Mangrove, Mohole Area)
  city            empty land not next to any city
  noctis          the Noctis City space (a normal city where the map has none)
  ganymede/phobos the off-Mars city spaces
  isolated        empty land with no tile next to it (Natural Preserve, Research Outpost)
  next_to_2_cities  empty land next to at least two cities (Urbanized Area)
  volcanic        an empty volcanic land space (Lava Flows, and Lava Tube Settlement's city,
                  which ignores city adjacency there); on a map that has no volcanic space
                  (Hellas) any empty land, and for a city the normal city rule
  metal_bonus     empty land offering steel or titanium (Mining Rights)
  metal_bonus_adjacent  the same, next to one of your tiles (Mining Area)
  next_to_greenery  empty land next to a greenery (Ecological Zone)
  next_to_city    empty land next to a city (Industrial Center)
  land            any empty land (Nuclear Zone, Restricted Area, Commercial District)
  claim           an empty, unclaimed, non-reserved land space (Land Claim)

Some spaces charge a fee to whoever places a tile there (`placement_fee`: Hellas's south pole,
Vastitas Borealis's north pole), paid in M€ (Helion: M€ and heat, `payment.money`). A space
whose fee the player cannot pay is not offered to them by any tile rule (`spend`: what will be
paid before the tile goes down out of that same money, e.g. a standard project's cost). Land
Claim only marks a space, so it pays nothing and sees every space.
"""

from __future__ import annotations

from .board import (
    GANYMEDE_COLONY_SPACE,
    LAND,
    OCEAN_BONUS,
    OCEAN_SPACE,
    PHOBOS_SPACE_HAVEN_SPACE,
    TEMPERATURE_BONUS,
    VENUS_CITY_SPACES,
)
from .constants import (
    CITY,
    EMPTY,
    GREENERY,
    HELLAS_OCEAN_FEE,
    OCEANS_MAX,
    TEMPERATURE_MAX,
    VASTITAS_TEMPERATURE_FEE,
)
from .payment import money
from .state import GameState


def placement_fee(g: GameState, sid: int) -> int:
    """M€ that placing a tile on this space costs now: the paid bonuses of the space whose effect
    can still happen (no ocean left to place or the temperature at its goal: nothing to pay)."""
    sp = g.map.spaces[sid]
    if sp is None or not sp.bonus:
        return 0
    fee = 0
    if OCEAN_BONUS in sp.bonus and g.oceans < OCEANS_MAX:
        fee += HELLAS_OCEAN_FEE
    if TEMPERATURE_BONUS in sp.bonus and g.temperature < TEMPERATURE_MAX:
        fee += VASTITAS_TEMPERATURE_FEE
    return fee


def _affordable(g: GameState, seat: int, spaces: list[int], spend: int) -> list[int]:
    """The spaces whose fee this seat can pay (the neutral player pays none and gets nothing)."""
    if seat < 0 or not g.map.fee_spaces:
        return spaces
    budget = money(g.players[seat]) - spend
    return [s for s in spaces if s not in g.map.fee_spaces or placement_fee(g, s) <= budget]


def _free(g: GameState, seat: int, sid: int) -> bool:
    """Empty and not claimed by somebody else."""
    if g.tiles[sid] != EMPTY:
        return False
    claim = g.claims.get(sid)
    return claim is None or claim == seat


def _land(g: GameState, seat: int) -> list[int]:
    spaces = g.map.spaces
    out = []
    for sid in g.map.mars:
        sp = spaces[sid]
        if sp is not None and sp.kind == LAND and sp.reserved_for is None and _free(g, seat, sid):
            out.append(sid)
    return out


def _oceans(g: GameState, seat: int) -> list[int]:
    spaces = g.map.spaces
    out = []
    for sid in g.map.mars:
        sp = spaces[sid]
        if sp is not None and sp.kind == OCEAN_SPACE and _free(g, seat, sid):
            out.append(sid)
    return out


def _next_to(g: GameState, sid: int, kind: int) -> int:
    sp = g.map.spaces[sid]
    assert sp is not None
    tiles = g.tiles
    return sum(1 for n in sp.neighbours if tiles[n] == kind)


def _has_neighbour_tile(g: GameState, sid: int) -> bool:
    sp = g.map.spaces[sid]
    assert sp is not None
    tiles = g.tiles
    return any(tiles[n] != EMPTY for n in sp.neighbours)


def _next_to_own(g: GameState, sid: int, seat: int) -> bool:
    sp = g.map.spaces[sid]
    assert sp is not None
    owners = g.owners
    return any(owners[n] == seat for n in sp.neighbours)


def _has_metal_bonus(g: GameState, sid: int) -> bool:
    sp = g.map.spaces[sid]
    return sp is not None and ("steel" in sp.bonus or "titanium" in sp.bonus)


def legal_spaces(g: GameState, seat: int, tile: str, rule: str, spend: int = 0) -> list[int]:
    """Every space where `seat` may put this tile now (having first paid `spend` M€)."""
    if rule == "claim":
        return [s for s in _land(g, seat) if s not in g.claims]
    return _affordable(g, seat, _by_rule(g, seat, tile, rule, spend), spend)


def has_legal_space(g: GameState, seat: int, tile: str, rule: str, spend: int = 0) -> bool:
    """Whether `legal_spaces` would list any space, stopping at the first one found.

    The action menu asks this of every tile-placing project and card at every decision; the
    common rules stop early instead of listing the whole map."""
    if rule in ("land", "land_ocean", "greenery", "city", "ocean", "ocean_space"):
        # A greenery may go anywhere when no affordable space is next to the player's tiles, so
        # it is legal exactly when some affordable land space is free.
        kind = OCEAN_SPACE if rule in ("ocean", "ocean_space") else LAND
        spaces = g.map.spaces
        fee_spaces = g.map.fee_spaces if seat >= 0 else ()
        budget = money(g.players[seat]) - spend if fee_spaces else 0
        for sid in g.map.mars:
            sp = spaces[sid]
            if sp is None or sp.kind != kind or not _free(g, seat, sid):
                continue
            if kind == LAND and sp.reserved_for is not None:
                continue
            if rule == "city" and _next_to(g, sid, CITY):
                continue
            if sid in fee_spaces and placement_fee(g, sid) > budget:
                continue
            return True
        return False
    return bool(legal_spaces(g, seat, tile, rule, spend))


def _by_rule(g: GameState, seat: int, tile: str, rule: str, spend: int) -> list[int]:
    if rule == "ocean" or rule == "ocean_space":
        return _oceans(g, seat)
    if rule == "land_ocean" or rule == "land":
        return _land(g, seat)
    if rule == "greenery":
        # Adjacency is judged among the spaces the player can afford: with only an unaffordable
        # space next to their tiles, the greenery may go anywhere.
        land = _affordable(g, seat, _land(g, seat), spend)
        near = [s for s in land if _next_to_own(g, s, seat)]
        return near or land
    if rule == "city":
        return [s for s in _land(g, seat) if not _next_to(g, s, CITY)]
    if rule == "noctis":
        noctis = g.map.noctis_space
        if noctis is None:
            return _by_rule(g, seat, tile, "city", spend)
        return [noctis] if _free(g, seat, noctis) else []
    if rule == "ganymede":
        return [GANYMEDE_COLONY_SPACE] if g.tiles[GANYMEDE_COLONY_SPACE] == EMPTY else []
    if rule == "phobos":
        return [PHOBOS_SPACE_HAVEN_SPACE] if g.tiles[PHOBOS_SPACE_HAVEN_SPACE] == EMPTY else []
    if rule in VENUS_CITY_SPACES:  # Venus Next: the card's own space, off Mars
        sid = VENUS_CITY_SPACES[rule]
        return [sid] if sid < g.map.size and g.map.spaces[sid] and g.tiles[sid] == EMPTY else []
    if rule == "isolated":
        return [s for s in _land(g, seat) if not _has_neighbour_tile(g, s)]
    if rule == "next_to_2_cities":
        return [s for s in _land(g, seat) if _next_to(g, s, CITY) >= 2]
    if rule == "volcanic":
        if not g.map.has_volcanic_spaces:
            # A city keeps the city rule (Lava Tube Settlement: never next to a city there).
            return _by_rule(g, seat, tile, "city", spend) if tile == "city" else _land(g, seat)
        spaces = g.map.spaces
        return [s for s in _land(g, seat) if (sp := spaces[s]) is not None and sp.volcanic]
    if rule == "metal_bonus":
        return [s for s in _land(g, seat) if _has_metal_bonus(g, s)]
    if rule == "metal_bonus_adjacent":
        return [s for s in _land(g, seat) if _has_metal_bonus(g, s) and _next_to_own(g, s, seat)]
    if rule == "next_to_greenery":
        return [s for s in _land(g, seat) if _next_to(g, s, GREENERY) >= 1]
    if rule == "next_to_city":
        return [s for s in _land(g, seat) if _next_to(g, s, CITY) >= 1]
    raise ValueError(f"unknown placement rule {rule!r}")
