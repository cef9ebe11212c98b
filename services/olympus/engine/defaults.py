"""The default answer: what the platform answers for a seat whose clock has run out.

The owner of the seat is absent, so the answer should change the game as little as it can:
do nothing when doing nothing is legal, the least when something must be done, and never
pick a victim on the absent player's behalf. It reads only the decision (no rules knowledge
beyond the legal options), is deterministic, and is always legal.

Per kind (`Decision.kind`):

  action          pass; for a corporation's forced first action, that action (the only legal
                  answer). Pass rather than end turn after one action: ending the turn would
                  hand the absent seat another turn and make the table wait out another clock.
  final_greenery  pass (finish): converting plants would ask for a space to pick too.
  setup           the first corporation dealt, and no cards (buying none keeps its M€).
  cards           the first `minimum` cards offered: buy nothing in research, keep nothing
                  when 0 is allowed, the first card when one is required (draft, keep, sell,
                  add a resource, ...).
  amount          the minimum.
  option          the first enabled option (the engine lists alternatives in card order).
  space           the first legal space (the board's order).
  player          nobody (None) when offered: the absent player harms no one and takes
                  nothing. Else the neutral opponent (solo) if offered. Else the first seat
                  after the decider in seat order: the effect is forced, the platform should
                  not turn a card against its own absent client, and counting from the
                  decider (not from seat 0) does not always pick on the same seat. The
                  decider itself only when it is the only target.
  anything else   the first of `legal_actions()`.
"""

from __future__ import annotations

from .actions import (
    Answer,
    ChooseAmount,
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    ChooseSpace,
    Pass,
    UseAction,
)
from .constants import NEUTRAL
from .decisions import (
    Decision,
    SelectAmount,
    SelectCards,
    SelectOption,
    SelectPlayer,
    SelectSetup,
    SelectSpace,
)
from .flow import FinalGreenery
from .turn import TurnDecision


def default_answer(decision: Decision) -> Answer:
    """The least harmful legal answer to `decision` (see the module docstring, per kind)."""
    if isinstance(decision, TurnDecision):
        if decision.options.first_action:
            # The corporation's first action is owed before anything else: no pass then.
            return UseAction(next(iter(decision.options.actions)), 0)
        return Pass()
    if isinstance(decision, FinalGreenery):
        return Pass()
    if isinstance(decision, SelectSetup):
        return ChooseSetup(next(iter(decision.corporations)), ())
    if isinstance(decision, SelectCards):
        return ChooseCards(decision.cards[: decision.minimum])
    if isinstance(decision, SelectAmount):
        return ChooseAmount(decision.minimum)
    if isinstance(decision, SelectOption):
        return ChooseOption(decision.enabled[0])
    if isinstance(decision, SelectSpace):
        return ChooseSpace(decision.spaces[0])
    if isinstance(decision, SelectPlayer):
        return ChoosePlayer(_least_harmful_target(decision))
    return next(iter(decision.legal_actions()))


def _least_harmful_target(decision: SelectPlayer) -> int | None:
    seats = decision.seats
    if None in seats:
        return None
    if NEUTRAL in seats:
        return NEUTRAL
    me = decision.player
    others = [s for s in seats if s is not None and s != me]
    if not others:
        return seats[0]
    # Seats after the decider first, then those before it (wrapping round the table).
    return min(others, key=lambda s: (s < me, s))
