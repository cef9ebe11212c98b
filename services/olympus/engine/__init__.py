"""The rules engine: pure Python, deterministic from a seed, every decision as data.

>>> from olympus.engine import Game, GameOptions
>>> game = Game.new(GameOptions(players=2, seed=1))
>>> [d.kind for d in game.decisions()]
['setup', 'setup']
"""

from .actions import (
    Answer,
    ChooseAmount,
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    ChooseSpace,
    ClaimMilestone,
    ConvertHeat,
    ConvertPlants,
    EndTurn,
    FundAward,
    Pass,
    Payment,
    PlayCard,
    StandardProject,
    Trade,
    UseAction,
    from_dict,
    parse,
)
from .decisions import Decision
from .errors import (
    CorruptState,
    GameFinished,
    IllegalAction,
    InvalidOptions,
    InvalidPosition,
    MalformedAction,
    NotYourDecision,
    OlympusError,
    UndoNotAllowed,
    UndoOff,
    UnknownRules,
    UnsupportedDecision,
)
from .game import Game
from .options import GameOptions
from .redact import redacted
from .undo import Undo

__all__ = [
    "Answer",
    "ChooseAmount",
    "ChooseCards",
    "ChooseOption",
    "ChoosePlayer",
    "ChooseSetup",
    "ChooseSpace",
    "ClaimMilestone",
    "ConvertHeat",
    "ConvertPlants",
    "CorruptState",
    "Decision",
    "EndTurn",
    "FundAward",
    "Game",
    "GameFinished",
    "GameOptions",
    "IllegalAction",
    "InvalidOptions",
    "InvalidPosition",
    "MalformedAction",
    "NotYourDecision",
    "OlympusError",
    "Pass",
    "Payment",
    "PlayCard",
    "StandardProject",
    "Trade",
    "Undo",
    "UndoNotAllowed",
    "UndoOff",
    "UnknownRules",
    "UnsupportedDecision",
    "UseAction",
    "from_dict",
    "parse",
    "redacted",
]
