"""Python checks for the rare card whose playability its instructions cannot express.

A card names its check with `play_check="<name>"`; the check then replaces the generic test
that every `play` instruction is feasible.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards.model import CardDef, Trigger
from .constants import RESOURCE_INDEX
from .interpreter import all_feasible
from .mutate import tile_trigger_fires
from .placement import has_legal_space, legal_spaces
from .query import amount, tableau_effects
from .state import GameState, Player

PlayCheck = Callable[[GameState, Player, CardDef], bool]

PLAY_CHECKS: dict[str, PlayCheck] = {}


def play_check(name: str) -> Callable[[PlayCheck], PlayCheck]:
    def register(fn: PlayCheck) -> PlayCheck:
        PLAY_CHECKS[name] = fn
        return fn

    return register


@play_check("immigrant_city")
def _immigrant_city(g: GameState, p: Player, card: CardDef) -> bool:
    """The city comes first, and the production its placing raises comes before the cuts:
    the card's own +1 M€ production (it is in play by then), and Tharsis Republic's +1 for a
    city on Mars. So M€ production -4 is low enough, or -5 with Tharsis Republic."""
    return _city_then_effects(g, p, card)


def _city_then_effects(g: GameState, p: Player, card: CardDef) -> bool:
    """A card that places a city and then changes production: the effects after the city are
    judged with the production the player's own triggers raise when the city goes down (the
    triggers resolve before the rest of the card). A gain that depends on the space chosen
    counts only if every legal space gives it, so no space offered leaves a cut unpaid."""
    play = card.play
    at = next(i for i, instr in enumerate(play) if instr[0] == "place" and instr[1] == "city")
    if not all_feasible(g, p, card.id, play[:at]):
        return False
    rule = play[at][2]
    triggers = [t for _, t in tableau_effects(p).triggers.get("tile_placed", ())]
    triggers += [t for t in card.triggers if t.event == "tile_placed"]  # in play by then
    if any(t.where is not None for t in triggers):
        # The kinds of space the city may go on: on Mars or not, with a metal bonus or not.
        spaces = g.map.spaces
        kinds = {
            (sp.row >= 0, "steel" in sp.bonus or "titanium" in sp.bonus)
            for sid in legal_spaces(g, p.seat, "city", rule)
            if (sp := spaces[sid]) is not None
        }
        if not kinds:
            return False
        gained = [_production_gained(g, p, triggers, *kind) for kind in kinds]
        gains = [min(column) for column in zip(*gained, strict=True)]
    else:  # the same gains wherever it goes
        if not has_legal_space(g, p.seat, "city", rule):
            return False
        gains = _production_gained(g, p, triggers, True, False)
    prod = p.prod
    saved = prod[:]
    for r, n in enumerate(gains):
        prod[r] += n
    try:
        return all_feasible(g, p, card.id, play[at + 1 :])
    finally:
        prod[:] = saved


def _production_gained(
    g: GameState, p: Player, triggers: list[Trigger], on_mars: bool, metal: bool
) -> list[int]:
    """Production the player's `tile_placed` triggers raise when it puts a city on a space of
    this kind (on Mars or not, with a metal bonus or not)."""
    gains = [0] * len(p.prod)
    for t in triggers:
        if tile_trigger_fires(t, True, "city", on_mars, metal):
            for instr in t.effects:
                if instr[0] == "prod":
                    n = amount(g, p, instr[2])
                    if n > 0:
                        gains[RESOURCE_INDEX[instr[1]]] += n
    return gains


@play_check("colony_then_cut")
def _colony_then_cut(g: GameState, p: Player, card: CardDef) -> bool:
    """Minority Refuge, Pioneer Settlement: the colony instruction itself offers only tiles
    that leave room for the M€ production cut after it (Luna's +2 may make that room), so the
    cut is not judged on its own against today's production."""
    return all_feasible(g, p, card.id, tuple(i for i in card.play if i[0] != "prod"))
