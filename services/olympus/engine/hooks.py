"""Python checks for the rare card whose playability its instructions cannot express.

A card names its check with `play_check="<name>"`; the check then replaces the generic test
that every `play` instruction is feasible.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards.model import CardDef
from .constants import ENERGY, MC
from .interpreter import all_feasible
from .placement import has_legal_space
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
    """Its own city raises M€ production by 1 before the -2, so -4 is low enough."""
    return p.prod[ENERGY] >= 1 and p.prod[MC] >= -4 and has_legal_space(g, p.seat, "city", "city")


@play_check("colony_then_cut")
def _colony_then_cut(g: GameState, p: Player, card: CardDef) -> bool:
    """Minority Refuge, Pioneer Settlement: the colony instruction itself offers only tiles
    that leave room for the M€ production cut after it (Luna's +2 may make that room), so the
    cut is not judged on its own against today's production."""
    return all_feasible(g, p, card.id, tuple(i for i in card.play if i[0] != "prod"))
