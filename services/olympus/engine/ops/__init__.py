"""Card-effect instructions: what each one does, asks and needs.

See `cards/dsl.py` for how cards spell them. A frame is ``(op, seat, card, *args)``; a frame
waiting on a decision may carry what the decision needs (revealed cards, a space). Importing
this package registers every instruction with the interpreter.
"""

from . import (
    card_resources,
    cards,
    choices,
    colonies,
    colony_effects,
    players,
    prelude_effects,
    resources,
    tiles,
)
from .card_resources import add_card_resource

__all__ = [
    "add_card_resource",
    "card_resources",
    "cards",
    "choices",
    "colonies",
    "colony_effects",
    "players",
    "prelude_effects",
    "resources",
    "tiles",
]
