"""Instructions aimed at another player: remove resources, steal, lower production."""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChoosePlayer
from ..cards.catalogue import get as card_def
from ..constants import (
    PLANTS,
    PRODUCTION_FLOOR,
)
from ..decisions import Decision, SelectPlayer
from ..interpreter import op
from ..mutate import (
    change_prod,
    gain,
    log,
)
from ..prompts import prompt
from ..query import tableau
from ..state import Frame, GameState, Player
from .common import R, player_of


def _plants_protected(q: Player) -> bool:
    return any(card_def(c).protects_owner for c in tableau(q))


def remove_targets(g: GameState, seat: int, res: str) -> list[int]:
    r = R[res]
    return [
        q.seat
        for q in g.players
        if q.seat != seat and q.res[r] > 0 and not (r == PLANTS and _plants_protected(q))
    ]


def _remove_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = [*remove_targets(g, frame[1], res), None]
    return [SelectPlayer(frame[1], prompt("remove_any", n=n, res=res), targets, frame[2])]


def _take(g: GameState, frame: Frame, seat: int, answer: Answer, *, keep: bool) -> None:
    """Take up to n of a resource from the chosen player; `keep` gives it to the taker."""
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is None:
        return
    q = g.players[answer.seat]
    r = R[frame[3]]
    taken = min(frame[4], q.res[r])
    q.res[r] -= taken
    if keep:
        g.players[seat].res[r] += taken
        log(g, "steal", seat, q.seat, frame[3], taken)
    else:
        log(g, "lose", q.seat, frame[3], taken)


def _remove_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    _take(g, frame, seat, answer, keep=False)


@op("remove_any", decide=_remove_decide, resolve=_remove_resolve)
def _remove_any(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        return None  # the neutral opponent absorbs it
    return frame if remove_targets(g, frame[1], frame[3]) else None


def steal_targets(g: GameState, seat: int, res: str) -> list[int]:
    r = R[res]
    return [q.seat for q in g.players if q.seat != seat and q.res[r] > 0]


def _steal_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = [*steal_targets(g, frame[1], res), None]
    return [SelectPlayer(frame[1], prompt("steal_up_to", n=n, res=res), targets, frame[2])]


def _steal_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    _take(g, frame, seat, answer, keep=True)


@op("steal", decide=_steal_decide, resolve=_steal_resolve)
def _steal(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        gain(g, player_of(g, frame), R[frame[3]], frame[4])  # the neutral opponent has plenty
        return None
    return frame if steal_targets(g, frame[1], frame[3]) else None


def full_steal_targets(g: GameState, seat: int, res: str, n: int) -> list[int]:
    """The other players who have at least `n` of the resource (Air Raid steals exactly n)."""
    r = R[res]
    return [q.seat for q in g.players if q.seat != seat and q.res[r] >= n]


def _steal_exact_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = list(full_steal_targets(g, frame[1], res, n))
    return [SelectPlayer(frame[1], prompt("steal", n=n, res=res), targets, frame[2])]


def _steal_exact_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer) and answer.seat is not None
    _take(g, frame, seat, answer, keep=True)


def _steal_exact_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return g.options.solo or bool(full_steal_targets(g, p.seat, args[0], args[1]))


@op(
    "steal_exact",
    decide=_steal_exact_decide,
    resolve=_steal_exact_resolve,
    feasible=_steal_exact_feasible,
)
def _steal_exact(g: GameState, frame: Frame) -> Frame | None:
    """Mandatory: the card needs a player with the whole amount (solo: the neutral opponent,
    who has plenty)."""
    if g.options.solo:
        gain(g, player_of(g, frame), R[frame[3]], frame[4])
        return None
    return frame if full_steal_targets(g, frame[1], frame[3], frame[4]) else None


def _prod_targets(g: GameState, res: str, n: int) -> list[int]:
    r = R[res]
    floor = PRODUCTION_FLOOR[r]
    return [q.seat for q in g.players if q.prod[r] - n >= floor]


def _prod_any_decide(g: GameState, frame: Frame) -> list[Decision]:
    res, n = frame[3], frame[4]
    targets: list[int | None] = list(_prod_targets(g, res, n))
    return [SelectPlayer(frame[1], prompt("lower_production", n=n, res=res), targets, frame[2])]


def _prod_any_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    assert answer.seat is not None
    change_prod(g, g.players[answer.seat], R[frame[3]], -frame[4])
    log(g, "prod_lowered", answer.seat, frame[3], frame[4])


def _prod_any_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return g.options.solo or bool(_prod_targets(g, args[0], args[1]))


@op("prod_any", decide=_prod_any_decide, resolve=_prod_any_resolve, feasible=_prod_any_feasible)
def _prod_any(g: GameState, frame: Frame) -> Frame | None:
    if g.options.solo:
        return None  # lowered on the neutral opponent
    targets = _prod_targets(g, frame[3], frame[4])
    if not targets:
        return None
    if len(targets) == 1 and targets[0] != frame[1]:
        change_prod(g, g.players[targets[0]], R[frame[3]], -frame[4])
        log(g, "prod_lowered", targets[0], frame[3], frame[4])
        return None
    return frame
