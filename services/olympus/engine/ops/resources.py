"""Instructions on a player's own stock: gain, production, TR, raising parameters."""

from __future__ import annotations

from typing import Any

from ..constants import (
    PRODUCTION_FLOOR,
)
from ..interpreter import op
from ..mutate import (
    change_prod,
    gain,
    raise_oxygen,
    raise_temperature,
    raise_tr,
    raise_venus,
)
from ..query import amount
from ..state import Frame, GameState, Player
from .common import R, player_of


def _gain_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    res, n = args
    return not (isinstance(n, int) and n < 0) or p.res[R[res]] >= -n


@op("gain", feasible=_gain_feasible)
def _gain(g: GameState, frame: Frame) -> None:
    p = player_of(g, frame)
    gain(g, p, R[frame[3]], amount(g, p, frame[4]))
    return None


def _prod_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    res, n = args
    if isinstance(n, int) and n < 0:
        r = R[res]
        return p.prod[r] + n >= PRODUCTION_FLOOR[r]
    return True


@op("prod", feasible=_prod_feasible)
def _prod(g: GameState, frame: Frame) -> None:
    p = player_of(g, frame)
    change_prod(g, p, R[frame[3]], amount(g, p, frame[4]))
    return None


@op("tr")
def _tr(g: GameState, frame: Frame) -> None:
    p = player_of(g, frame)
    raise_tr(g, p, amount(g, p, frame[3]))
    return None


@op("raise")
def _raise(g: GameState, frame: Frame) -> None:
    if frame[3] == "temperature":
        raise_temperature(g, frame[1], frame[4])
    elif frame[3] == "venus":
        raise_venus(g, frame[1], frame[4])
    else:
        raise_oxygen(g, frame[1], frame[4])
    return None
