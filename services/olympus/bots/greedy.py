"""The greedy bot: one-step look-ahead on a determinised copy of the game.

For each decision the bot re-deals what its seat cannot see (determinise.py) and then:

- in the action phase and at every other look-ahead decision, applies each candidate answer to
  a copy of that world, completes the move (follow-up decisions of the same seat: spaces,
  targets, options, amounts, cards to add or remove; each answered greedily in turn, up to
  `MAX_FOLLOW_UPS`), lets the other seats answer their simultaneous decisions with the
  platform's default answer, and scores the result with `evaluate` over the horizon of the
  decision (`evaluate.horizon`). The best score wins; ties
  go to the first answer in the engine's order, so the bot is deterministic for its seed.
  Payments are not separate moves: each move is paid the way that spends the least value
  (`evaluate.resource_values`), which is what the evaluation would prefer anyway.
- buying and drafting cards (research, setup, draft) use `card_worth`: what playing the card
  for free right now adds to the evaluation, less its cost. A card is bought when that,
  discounted when its requirements are not met yet, beats the price of buying it.

Costs are bounded: at most `MAX_OPTIONS` answers are looked at per decision and
`MAX_FOLLOW_UP_OPTIONS` per follow-up (a sample drawn with the bot's RNG beyond that), at most `MAX_FOLLOW_UPS` follow-ups per move, at most
`SETTLE_LIMIT` default answers for the other seats. `GreedyBot.states` counts the states
evaluated, for the benchmarks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from ..engine import (
    Answer,
    ChooseCards,
    ChooseSetup,
    ClaimMilestone,
    Decision,
    FundAward,
    Game,
    Payment,
    PlayCard,
    StandardProject,
    UseAction,
)
from ..engine.cards.catalogue import get as card_def
from ..engine.constants import HEAT, MC, STEEL, TITANIUM
from ..engine.decisions import SelectCards, SelectSetup
from ..engine.defaults import default_answer
from ..engine.interpreter import run
from ..engine.payment import PayRule
from ..engine.query import card_cost, requirement_failure
from ..engine.turn import TurnDecision, play_card
from ..engine.turn_options import TurnOptions, effects_feasible
from ..engine.undo import raw_push
from .determinise import determinise
from .evaluate import PLAIN, Weights, evaluate, horizon, resource_values

MAX_OPTIONS = 40  # answers looked at per decision
MAX_FOLLOW_UP_OPTIONS = 12  # answers looked at per follow-up decision of a move
MAX_FOLLOW_UPS = 8  # follow-up decisions completed per move
SETTLE_LIMIT = 32  # default answers given for the other seats after a move
PLAN_GENERATIONS = 1.0  # cards are bought for what the seat can pay to play this soon
UNMET_REQUIREMENTS = 0.6
# A card whose effects cannot be carried out now (production it would lower, resources it
# would spend) needs another card first: worth less again.
INFEASIBLE_EFFECTS = 0.3  # chance-like discount on a card whose requirements are not met yet
# Decision kinds that start something new rather than complete the move just made.
NEW_DECISIONS = frozenset({"action", "setup", "final_greenery"})
TURN_FRAME = "turn"  # the stack frame of an action-phase turn (engine/turn.py)


class GreedyBot:
    name = "greedy"
    weights = PLAIN  # the evaluation's values it judges by, unless made with others

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        self.rnd = random.Random(seed)
        if weights is not None:
            self.weights = weights
        self.states = 0  # states evaluated so far (all decisions)

    def choose(self, game: Game, decision: Decision) -> Answer:
        seat = decision.player
        world = determinise(game, seat, self.rnd)
        search = Lookahead(seat, self.rnd, self.weights)
        answer = search.best(world, world.decision_for(seat))
        self.states += search.states
        return answer


class Lookahead:
    """One decision's search for `seat` (the world is already determinised), judged by the
    evaluation with `weights`."""

    def __init__(self, seat: int, rnd: random.Random, weights: Weights = PLAIN) -> None:
        self.seat = seat
        self.rnd = rnd
        self.weights = weights
        self.states = 0
        self.root: Game | None = None

    def value(self, leaf: Game) -> float:
        """The evaluation of a searched position, over the root's horizon."""
        root = self.root if self.root is not None else leaf
        return evaluate(leaf, self.seat, horizon(root, leaf), self.weights)

    def best(self, world: Game, decision: Decision) -> Answer:
        self.root = world
        if isinstance(decision, SelectSetup):
            return self._setup(world, decision)
        if isinstance(decision, SelectCards) and decision.purpose in ("buy", "draft"):
            return self._pick_cards(world, decision)
        return self._best_of(world, self.candidates(world, decision), complete=True)

    # --- candidates ----------------------------------------------------------------------
    def candidates(self, world: Game, decision: Decision, limit: int = MAX_OPTIONS) -> list[Answer]:
        """The answers to look at: every move of a turn (each paid once), else every legal
        answer up to `limit`, else the default answer and a sample drawn with the bot's RNG."""
        if isinstance(decision, TurnDecision):
            return cheapest_payments(world, decision)
        if decision.count() <= limit:
            return list(decision.legal_actions())
        picked = [default_answer(decision)]
        for _ in range(limit * 2):  # a sample, without repeats
            answer = decision.sample(self.rnd)
            if answer not in picked:
                picked.append(answer)
            if len(picked) == limit:
                break
        return picked

    # --- look-ahead ----------------------------------------------------------------------
    def _best_of(self, world: Game, answers: Iterable[Answer], complete: bool) -> Answer:
        best: Answer | None = None
        best_value = -math.inf
        for answer in answers:
            value = self.after(world, answer, complete)
            if value > best_value:
                best, best_value = answer, value
        assert best is not None, "a decision always has a legal answer"
        return best

    def after(self, world: Game, answer: Answer, complete: bool) -> float:
        """The evaluation once `answer` is applied (and, with `complete`, the move finished)."""
        g = world.clone()
        phase, generation = g.phase, g.generation
        raw_push(g, self.seat, answer)
        if complete:
            for _ in range(MAX_FOLLOW_UPS):
                follow_up = self._follow_up(g, phase, generation)
                if follow_up is None:
                    break
                options = self.candidates(g, follow_up, MAX_FOLLOW_UP_OPTIONS)
                raw_push(g, self.seat, self._best_of(g, options, False))
            settle(g, self.seat)
        self.states += 1
        return self.value(g)

    def _follow_up(self, g: Game, phase: str, generation: int) -> Decision | None:
        """The seat's next decision if it completes the move just made, else None."""
        if g.is_over or g.phase != phase or g.generation != generation or turn_next(g):
            return None
        for d in g.decisions():
            if d.player == self.seat and d.kind not in NEW_DECISIONS:
                return d
        return None

    # --- cards ---------------------------------------------------------------------------
    def _pick_cards(self, world: Game, decision: SelectCards) -> Answer:
        """Buy the cards worth more than their price (best first); draft the best one."""
        worths = {c: self.card_worth(world, c) for c in decision.cards}
        ranked = sorted(decision.cards, key=lambda c: -worths[c])
        wanted = [c for c in ranked if worths[c] > decision.cost_each]
        if decision.purpose == "buy":
            p = world.players[self.seat]
            wanted = wanted[: self.affordable(world, wanted, worths, decision.cost_each, p.res[MC])]
        count = max(decision.minimum, min(decision.maximum, len(wanted)))
        chosen = set(ranked[:count])
        return ChooseCards(tuple(c for c in decision.cards if c in chosen))

    def _setup(self, world: Game, decision: SelectSetup) -> Answer:
        """The corporation that evaluates best once the setup is over, with the cards worth
        buying (as many as it can pay for)."""
        worths = {c: self.card_worth(world, c) for c in decision.cards}
        ranked = [c for c in sorted(decision.cards, key=lambda c: -worths[c])]
        answers = []
        for corp, most in decision.corporations.items():
            # A card is worth buying at setup when it beats the price of research (3 M€).
            wanted = [c for c in ranked if worths[c] > 3]
            # The corporation's starting M€ is about what its card allowance says.
            wanted = wanted[: min(most, self.affordable(world, wanted, worths, 3, most * 3))]
            answers.append(ChooseSetup(corp, tuple(c for c in decision.cards if c in wanted)))
        return self._best_of(world, answers, complete=True)

    def affordable(
        self, world: Game, wanted: list[int], worths: dict[int, float], price: int, money: int
    ) -> int:
        """How many of `wanted` (best first) to buy: as many as the seat can hope to play
        soon. The cards in hand worth playing and the wanted ones compete, best value per M€
        first, for the money the seat has and earns over the next `PLAN_GENERATIONS` (a
        bought card also costs its price); the count is how many wanted cards fit. Holding
        cards the seat cannot pay for only costs their price."""
        p = world.players[self.seat]
        near = min(PLAN_GENERATIONS, horizon(self.root or world, world))
        values = resource_values(world, p, self.weights)
        funds = (
            money
            + p.res[STEEL] * values[STEEL]
            + p.res[TITANIUM] * values[TITANIUM]
            + (p.prod[MC] + p.tr) * near
            + p.prod[STEEL] * values[STEEL] * near
            + p.prod[TITANIUM] * values[TITANIUM] * near
        )
        pool: list[tuple[float, int, bool]] = []
        for cid in p.hand:
            if cid in worths:
                continue
            gain = self.card_worth(world, cid) - self.weights.hand_card
            if gain > 0:
                pool.append((gain, cid, False))
        pool += [(worths[c] - price, c, True) for c in wanted]
        cost = {cid: card_cost(p, card_def(cid)) + (price if new else 0) for _, cid, new in pool}
        pool.sort(key=lambda item: -item[0] / max(1, cost[item[1]]))
        fits = 0
        for _, cid, new in pool:
            if cost[cid] <= funds:
                funds -= cost[cid]
                fits += new
        return fits

    def card_worth(self, world: Game, cid: int) -> float:
        """What holding this project card is worth to the seat: the evaluation's gain from
        playing it for free now (follow-ups given default answers), less its cost, discounted
        when its requirements are not met now."""
        g = world.clone()
        g.stack = []  # the card alone: nothing else runs
        p = g.players[self.seat]
        if cid not in p.hand:
            p.hand.append(cid)
        card = card_def(cid)
        cost = card_cost(p, card)
        met = requirement_failure(g, p, card) is None
        feasible = effects_feasible(g, p, cid)
        before = self.value(g)
        play_card(g, p, cid, PayRule(0), Payment())
        run(g)
        for _ in range(MAX_FOLLOW_UPS):
            if not g.stack:
                break
            d = g.decisions()[0]
            raw_push(g, d.player, default_answer(d))
        g.stack = []
        self.states += 1
        gain = self.value(g) - before + self.weights.hand_card - cost
        if gain > 0 and not feasible:
            gain *= INFEASIBLE_EFFECTS
        return gain if met or gain < 0 else gain * UNMET_REQUIREMENTS


def turn_next(g: Game) -> bool:
    """Whether an action-phase turn is what waits: read from the stack, without listing the
    turn's options (the costliest decision to build)."""
    return bool(g.stack) and g.stack[-1][0] == TURN_FRAME


def settle(g: Game, seat: int) -> None:
    """Let the other seats answer their pending non-action decisions (simultaneous phases,
    their follow-ups) with the default answer, until the seat or somebody's turn is next."""
    for _ in range(SETTLE_LIMIT):
        if g.is_over or turn_next(g):
            return
        pending = g.decisions()
        if not pending:
            return
        if any(d.player == seat for d in pending):
            return
        raw_push(g, pending[0].player, default_answer(pending[0]))


def _rule(options: TurnOptions, answer: Answer) -> PayRule | None:
    if isinstance(answer, PlayCard):
        return options.cards[answer.card]
    if isinstance(answer, StandardProject):
        return options.projects[answer.project]
    if isinstance(answer, ClaimMilestone):
        return options.milestones[answer.name]
    if isinstance(answer, FundAward):
        return options.awards[answer.name]
    if isinstance(answer, UseAction):
        return options.actions[answer.card][answer.choice]
    return None


def cheapest_payments(world: Game, decision: TurnDecision) -> list[Answer]:
    """Every legal move once, each with the payment that spends the least value."""
    values = resource_values(world, world.players[decision.player])
    best: dict[Answer, tuple[tuple[float, int, int], Answer]] = {}
    order: list[Answer] = []
    for answer in decision.legal_actions():
        rule = _rule(decision.options, answer)
        pay: Payment | None = getattr(answer, "payment", None)
        if rule is None or pay is None:
            order.append(answer)
            continue
        covered = pay.steel * rule.steel + pay.titanium * rule.titanium + pay.heat
        spent = (
            pay.steel * values[STEEL]
            + pay.titanium * values[TITANIUM]
            + pay.heat * values[HEAT]
            + max(0, rule.cost - covered)
        )
        # Equal value: keep the M€ (spend metals first), they pay for everything.
        key = (spent, -pay.steel, -pay.titanium)
        move = _without_payment(answer)
        if move not in best:
            order.append(move)
            best[move] = (key, answer)
        elif key < best[move][0]:
            best[move] = (key, answer)
    return [best[a][1] if a in best else a for a in order]


def _without_payment(answer: Answer) -> Answer:
    if isinstance(answer, PlayCard):
        return PlayCard(answer.card)
    if isinstance(answer, StandardProject):
        return StandardProject(answer.project)
    if isinstance(answer, ClaimMilestone):
        return ClaimMilestone(answer.name)
    if isinstance(answer, FundAward):
        return FundAward(answer.name)
    if isinstance(answer, UseAction):
        return UseAction(answer.card, answer.choice)
    return answer
