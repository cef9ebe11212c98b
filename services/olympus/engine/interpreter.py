"""The instruction interpreter: run the stack until somebody must decide.

Every instruction (`op`) registers up to four functions:

  execute(g, frame)             do it; return a frame to wait on (it is pushed back and the
                                interpreter stops: a decision is pending) or None when done
  decide(g, frame)              the decision(s) the waiting frame asks for
  resolve(g, frame, seat, ans)  apply an answer (the frame has been popped; push a new one to
                                keep waiting, as simultaneous phases do)
  feasible(g, player, card, args)  can this effect be carried out now (playability)

Frames are tuples ``(op, seat, card, *args)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Answer
from .decisions import Decision
from .state import Frame, GameState, Player

Execute = Callable[[GameState, Frame], Frame | None]
Decide = Callable[[GameState, Frame], list[Decision]]
Resolve = Callable[[GameState, Frame, int, Answer], None]
Feasible = Callable[[GameState, Player, int, tuple[Any, ...]], bool]

EXECUTE: dict[str, Execute] = {}
DECIDE: dict[str, Decide] = {}
RESOLVE: dict[str, Resolve] = {}
FEASIBLE: dict[str, Feasible] = {}


def op(
    name: str,
    *,
    decide: Decide | None = None,
    resolve: Resolve | None = None,
    feasible: Feasible | None = None,
) -> Callable[[Execute], Execute]:
    """Register an instruction's execute function (and its companions)."""

    def register(fn: Execute) -> Execute:
        if name in EXECUTE:
            raise ValueError(f"instruction {name!r} registered twice")
        EXECUTE[name] = fn
        if decide is not None:
            DECIDE[name] = decide
        if resolve is not None:
            RESOLVE[name] = resolve
        if feasible is not None:
            FEASIBLE[name] = feasible
        return fn

    return register


def run(g: GameState) -> None:
    """Execute frames until one waits for a decision or the stack is empty."""
    stack = g.stack
    execute = EXECUTE
    while stack:
        frame = stack.pop()
        waiting = execute[frame[0]](g, frame)
        if waiting is not None:
            stack.append(waiting)
            return


def pending_decisions(g: GameState) -> list[Decision]:
    if not g.stack:
        return []
    frame = g.stack[-1]
    return DECIDE[frame[0]](g, frame)


def resolve(g: GameState, seat: int, answer: Answer) -> None:
    """Apply an answer to the waiting frame (unchecked) and run on."""
    frame = g.stack.pop()
    RESOLVE[frame[0]](g, frame, seat, answer)
    run(g)


def all_feasible(g: GameState, p: Player, card: int, effects: tuple[tuple[Any, ...], ...]) -> bool:
    for instr in effects:
        check = FEASIBLE.get(instr[0])
        if check is not None and not check(g, p, card, instr[1:]):
            return False
    return True
