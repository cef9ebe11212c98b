"""The search bot `mcts`: determinised Monte Carlo search over complete moves.

Outside the action phase (research, follow-ups of a move) the bot answers as greedy does, on a
determinised copy of the game (greedy.py). At setup it takes the dealt corporation that won the
most in whole games played out ahead of time (corporations.py: telling corporations apart
takes hundreds of whole games, far beyond one decision's time), and the opening cards greedy
would buy with it. On an action-phase turn it searches:

1. Candidates: every legal complete move (each paid the cheapest way, greedy's
   `cheapest_payments`), scored once by greedy's one-step look-ahead; the `CANDIDATES` best
   go on (the prior prunes the moves a one-step look-ahead already finds hopeless).
2. Simulations: a candidate is played on a fresh determinisation of the hidden cards (the
   other seats' hands, the deck order and future shuffles re-dealt from the bot's own RNG,
   determinise.py: information-set sampling), its follow-ups completed, and then the game is
   rolled out by greedy's look-ahead for every seat (the opponents' replies included) for up
   to `ROLLOUT_ACTIONS` actions or to the end of the generation; the leaf is scored by
   `evaluate` over the root's horizon. In the game's last generation (every parameter at its
   maximum) the rollout goes on to the final scoring (`play_out`): the leaf's value is then
   the final margin, not an estimate, and the last generation's choices (which points to buy
   with M€ that will be worth nothing after it) are judged by what they score.
3. Allocation: successive halving. The simulations are spread over rounds; in each round every
   surviving candidate is simulated on the same sampled worlds (common random numbers, so that
   candidates are compared on equal deals), and the worse half by mean value is dropped. The
   best mean among the last survivors is played.

The bot judges by its own weights of the evaluation (`evaluate.SEARCH_WEIGHTS`: plants worth
more and active cards less than greedy's plain weights), in its own look-ahead, in the rollouts
(for every seat) and at the leaves; greedy by those weights beats plain greedy (evaluate.py).

The budget per searched decision is a number of simulations (`budget`, deterministic for a
given seed and budget) or, optionally, seconds of thinking (`seconds`, a deadline checked
between simulations; not reproducible). A decision with one legal answer is answered at once.

Fairness: the real game is read only through `determinise` (the seat's view and counts) and
the seat's own pending decision, so hidden cards cannot change the choice.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine import Answer, Decision, Game
from ..engine.decisions import SelectSetup
from ..engine.turn import TurnDecision
from ..engine.undo import raw_push
from .corporations import opening
from .determinise import SEED_BITS, determinise
from .evaluate import PLAIN, SEARCH_WEIGHTS, Weights, evaluate, horizon, last_generation
from .greedy import MAX_FOLLOW_UP_OPTIONS, MAX_FOLLOW_UPS, Lookahead, cheapest_payments, settle

DEFAULT_BUDGET = 24  # simulations per searched decision
CANDIDATES = 6  # root moves kept for simulation, the best by one-step look-ahead
ROLLOUT_ACTIONS = 3  # actions (of any seat) played by the rollout policy after the move
ROLLOUT_DECISIONS = 40  # a bound on every decision of a rollout (follow-ups included)
ENDGAME_DECISIONS = 400  # a bound on a play-out to the end of the game


@dataclass(slots=True)
class Arm:
    """One candidate move and its simulation results."""

    move: Answer
    prior: float
    total: float = 0.0
    runs: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.runs if self.runs else -math.inf


class SearchBot:
    name = "mcts"
    takes_budget = True
    weights = SEARCH_WEIGHTS  # its own evaluation, for its choices, rollouts and leaves

    def __init__(
        self,
        seed: int = 0,
        budget: int | None = None,
        seconds: float | None = None,
        weights: Weights | None = None,
    ):
        if budget is not None and budget < 1:
            raise ValueError(f"the mcts budget is a number of simulations >= 1, not {budget}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"the mcts time budget must be positive seconds, not {seconds}")
        self.rnd = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.seconds = seconds
        if weights is not None:
            self.weights = weights
        self.simulations = 0  # simulations run so far (all decisions), for the benchmarks
        self.searches = 0  # decisions searched (action-phase turns with a choice)

    def choose(self, game: Game, decision: Decision) -> Answer:
        if decision.count() == 1:  # forced: nothing to think about
            return next(iter(decision.legal_actions()))
        seat = decision.player
        world = determinise(game, seat, self.rnd)
        mine = world.decision_for(seat)
        if isinstance(mine, SelectSetup):
            mine = opening(world, mine)  # the corporation by its measured edge
        if not isinstance(mine, TurnDecision):
            return Lookahead(seat, self.rnd, self.weights).best(world, mine)
        return self._search(game, world, mine)

    # --- the search at an action-phase turn ------------------------------------------------
    def _search(self, game: Game, world: Game, decision: TurnDecision) -> Answer:
        seat = decision.player
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        look = Lookahead(seat, self.rnd, self.weights)
        look.root = world
        moves = cheapest_payments(world, decision)
        if len(moves) == 1:
            return moves[0]
        arms = [Arm(m, look.after(world, m, complete=True)) for m in moves]
        # Stable sort: equal priors keep the engine's order, so the search stays deterministic.
        ranked = sorted(arms, key=lambda a: -a.prior)
        self.searches += 1
        return self.allocate(game, seat, ranked, deadline).move

    def allocate(self, game: Game, seat: int, ranked: list[Arm], deadline: float | None) -> Arm:
        """Successive halving over the best-ranked arms within the budget: with a budget in
        simulations, as many arms as the budget can give one simulation each round (none when
        it is 1: then the prior decides), and never more than `budget` simulations."""
        count = min(CANDIDATES, len(ranked))
        if deadline is None:
            while count > 1 and count * _rounds(count) > self.budget:
                count -= 1
        alive = ranked[:count]
        rounds = _rounds(count)
        for r in range(rounds):
            if len(alive) == 1:
                break
            if deadline is None:
                per_arm = (self.budget // rounds) // len(alive)
            else:
                per_arm = 2 << r  # a time budget: rounds twice as deep until the deadline
            for _ in range(per_arm):
                if deadline is not None and time.perf_counter() > deadline:
                    break
                world_seed = self.rnd.getrandbits(SEED_BITS)
                for arm in alive:  # the same worlds for every arm: common random numbers
                    arm.total += self.simulate(game, seat, arm.move, world_seed)
                    arm.runs += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
            alive = sorted(alive, key=lambda a: -a.mean)[: max(1, (len(alive) + 1) // 2)]
        return max(alive, key=lambda a: (a.mean, a.prior))

    def simulate(self, game: Game, seat: int, move: Answer, world_seed: int) -> float:
        """One simulation of `move`: on the determinisation drawn from `world_seed`, complete
        the move, roll out, evaluate over the root's horizon."""
        self.simulations += 1
        rnd = random.Random(world_seed)
        root = determinise(game, seat, rnd)
        g = root.clone()
        complete_move(g, seat, move, rnd, self.weights)
        rollout(g, rnd, ROLLOUT_ACTIONS, self.weights)
        if last_generation(g):
            play_out(g, rnd, ENDGAME_DECISIONS, self.weights)
        return evaluate(g, seat, horizon(root, g), self.weights)


def _rounds(arms: int) -> int:
    """Rounds of halving that bring `arms` down to one."""
    return max(1, math.ceil(math.log2(arms))) if arms > 1 else 0


def complete_move(
    g: Game, seat: int, move: Answer, rnd: random.Random, weights: Weights = PLAIN
) -> None:
    """Apply `move` for `seat` on `g` and finish it as greedy does: its follow-up decisions
    answered by the one-step look-ahead, the other seats' pending decisions by default."""
    look = Lookahead(seat, rnd, weights)
    look.root = g.clone()
    phase, generation = g.phase, g.generation
    raw_push(g, seat, move)
    for _ in range(MAX_FOLLOW_UPS):
        follow_up = look._follow_up(g, phase, generation)
        if follow_up is None:
            break
        options = look.candidates(g, follow_up, MAX_FOLLOW_UP_OPTIONS)
        raw_push(g, seat, look._best_of(g, options, False))
    settle(g, seat)


def play_out(g: Game, rnd: random.Random, decisions: int, weights: Weights = PLAIN) -> None:
    """Play every seat's decisions with greedy's look-ahead (by `weights`) to the end of the
    game (at most `decisions` of them): the final score is then known, not estimated."""
    for _ in range(decisions):
        if g.is_over:
            return
        pending = g.decisions()
        if not pending:
            return
        d = pending[0]
        raw_push(g, d.player, Lookahead(d.player, rnd, weights).best(g, d))


def rollout(g: Game, rnd: random.Random, actions: int, weights: Weights = PLAIN) -> None:
    """Play on with greedy's look-ahead (by `weights`) for every seat: `actions` action-phase
    decisions at most, stopping at the end of the generation's action phase or of the game."""
    generation = g.generation
    for _ in range(ROLLOUT_DECISIONS):
        if g.is_over or g.phase != "action" or g.generation != generation:
            return
        pending = g.decisions()
        if not pending:
            return
        d = pending[0]
        if isinstance(d, TurnDecision):
            if actions == 0:
                return
            actions -= 1
        raw_push(g, d.player, Lookahead(d.player, rnd, weights).best(g, d))


__all__ = ["DEFAULT_BUDGET", "SearchBot", "complete_move", "play_out", "rollout"]
