"""How good a game state is for one seat, in M€ of today: the evaluation the search bots use.

`evaluate(game, seat)` is the seat's worth minus the best opponent's worth (its worth alone in
solo), so that a move that hurts the leader counts as well as one that helps the seat. A
seat's worth (`worth`) adds, all in M€:

- points now, by the engine's own final scoring (`Game.scores`: TR, milestones, funded awards by
  the current standing, greeneries, cities, card points), at `MC_PER_VP` M€ each. 8 M€ a point
  is what the standard projects charge: a greenery (23 M€) brings a tile point and a TR point,
  plus the oxygen's worth;
- TR again as income: each TR step pays 1 M€ at every production phase still to come;
- production, each unit worth its resource's value once per generation left;
- resources in stock at their value in M€ (steel and titanium at what they pay for, plants
  towards a greenery, heat towards a temperature step while the temperature can still rise,
  energy as the heat it becomes);
- cards in hand: options to play later, worth less as the end nears;
- resources on cards: the fraction of a point they build towards on cards that score per
  resource (the whole points are in the score already); on cards whose resources pay towards
  other cards (Dirigibles' floaters: 3 M€ each towards a Venus card; Psychrophiles' microbes),
  a share of what they pay (`PAYING_RESOURCE_SHARE`); a little otherwise;
- active cards in play (actions, triggers, discounts, bonuses): a little per generation left.

Venus Next adds nothing of its own: a Venus step is a TR like any other (in the score, and as
income), and its milestone and award count through the score. Since the scale does not end a
game of several players, it is left out of the steps that estimate the game's length.

Generations left (`generations_left`) is estimated from the global parameters: the steps still
to go divided by the pace of the game so far (steps per generation, with a prior of 4 steps a
generation, a fast 2-player pace, weighted as 2 generations' worth of evidence). A seat's
production and TR income are worth more early than late for that reason; stock loses value as
the end nears (`stock_factor`: what is not spent is lost) and is worth nothing at the end,
except as the tie-break (`TIE_BREAK`).

Six of these values are a bot's to set (`Weights`: a plant, an active card, a TR step's
income, a factor on production, a point, a card in hand). Greedy plays by the plain ones above (`PLAIN`), the search bot
by weights tuned in play (`SEARCH_WEIGHTS`); a bot spec sets any of them (bots/__init__.py).

Only public facts and the seat's own counts are read: the same evaluation serves any seat,
on a determinised copy (determinise.py) as well as on the real game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from ..engine import Game
from ..engine.cards.catalogue import get as card_def
from ..engine.constants import (
    ENERGY,
    MC,
    OCEANS_MAX,
    OXYGEN_MAX,
    OXYGEN_MIN,
    TEMPERATURE_MAX,
    TEMPERATURE_MIN,
    TEMPERATURE_STEP,
)
from ..engine.milestones import award_points, awards_of
from ..engine.query import heat_as_mc, steel_value, titanium_value
from ..engine.state import Player

MC_PER_VP = 8.0
# While a parameter can still rise, at least this many production phases are to come: this
# generation's and, unless somebody completes the planet this generation, the next one's.
OPEN_FLOOR = 2.0
# The pace prior: 4 steps a generation, counted as if seen over 2 generations.
PRIOR_STEPS_PER_GENERATION = 4.0
PRIOR_GENERATIONS = 2.0
SOLO_GENERATIONS = 14
PLANT_VALUE = 1.6  # 8 plants make a greenery: a tile point and, while oxygen rises, a TR
HEAT_VALUE = 1.0  # 8 heat make a temperature step (a TR) while the temperature can rise
SPENT_HEAT_VALUE = 0.1  # heat once the temperature is maxed: nearly worthless
ENERGY_VALUE = 1.0  # used by cards, else heat at the next production
ENERGY_PRODUCTION_VALUE = 1.2  # energy production both feeds actions and turns into heat
HAND_CARD_VALUE = 3.0  # what a card costs to buy: an option to play it later
CARD_RESOURCE_VALUE = 0.5  # a resource on a card that does not score per resource
# A resource that pays towards cards is worth this share of what it pays: it needs a card of
# the right tag to be played, and the M€ it saves are only M€ while that card is in reach.
PAYING_RESOURCE_SHARE = 0.5
ACTIVE_CARD_VALUE = 1.0  # per generation left: an action, trigger, discount or bonus in play
# Stock is worth its full value with 4 generations or more to go, half in the last one: the
# standard projects sell points at 11 to 14 M€, 8 M€ a point is about half of that.
STOCK_FULL_FROM = 4.0
LAST_GENERATION_STOCK = 0.5
# A funded award's standing is trusted half with this many generations left (award_certainty).
AWARD_SETTLES = 2.0
TIE_BREAK = 0.01  # M€ break ties at the end: worth something even when nothing else is


@dataclass(frozen=True, slots=True)
class Weights:
    """The values of the evaluation that a bot may set for itself, in M€: a plant (in stock, and
    as production each generation; 60% of it once oxygen is maxed), an active card in play
    (each generation left), what a TR step pays each generation left, a factor on every
    production's value each generation left, a point of the score (`MC_PER_VP`) and a card in
    hand (`HAND_CARD_VALUE`, in full while 2 generations or more are left). `PLAIN` is the
    evaluation greedy plays by; the search bot plays by `SEARCH_WEIGHTS`. A bot spec sets them
    by name (bots/__init__.py, `greedy:plant=2.4:active_card=0.25`)."""

    plant: float = PLANT_VALUE
    active_card: float = ACTIVE_CARD_VALUE
    tr_income: float = 1.0  # the M€ a TR step pays at each production phase
    production: float = 1.0  # production's worth per generation, as a factor
    point: float = MC_PER_VP
    hand_card: float = HAND_CARD_VALUE


PLAIN = Weights()
# Tuned by play, one value at a time and then together: greedy judging by these weights won 609
# of 1,000 seat-swapped games against greedy by the plain ones (seeds 9001-9500; docs/bots/index.md).
SEARCH_WEIGHTS = Weights(plant=2.4, active_card=0.25)


def parameter_steps_left(game: Game) -> int:
    """Global parameter steps still to go (temperature, oxygen, oceans)."""
    temperature = max(0, (TEMPERATURE_MAX - game.temperature) // TEMPERATURE_STEP)
    return temperature + max(0, OXYGEN_MAX - game.oxygen) + max(0, OCEANS_MAX - game.oceans)


TOTAL_STEPS = (
    (TEMPERATURE_MAX - TEMPERATURE_MIN) // TEMPERATURE_STEP + (OXYGEN_MAX - OXYGEN_MIN) + OCEANS_MAX
)


def generations_left(game: Game) -> float:
    """Production phases still to come (estimated): 0 once the game is in its final scoring,
    1 once every parameter is at its maximum, at least `OPEN_FLOOR` while one can rise."""
    if game.phase in ("final", "ended"):
        return 0.0
    if game.options.solo:
        return float(max(1, SOLO_GENERATIONS - game.generation + 1))
    left = parameter_steps_left(game)
    if left == 0:
        return 1.0
    played = game.generation - 1 + (0.5 if game.phase == "action" else 0.0)
    pace = (TOTAL_STEPS - left + PRIOR_STEPS_PER_GENERATION * PRIOR_GENERATIONS) / (
        played + PRIOR_GENERATIONS
    )
    return max(OPEN_FLOOR, left / max(pace, 1.0))


def stock_factor(generations: float) -> float:
    """How much stock is worth per unit of its value: fully with time to spend it well,
    falling to `LAST_GENERATION_STOCK` in the last generation (what is not spent by the end is
    lost, so even the standard projects' dear points are worth buying then), nothing once the
    game is scored."""
    if generations <= 0:
        return 0.0
    fall = (generations - 1.0) / (STOCK_FULL_FROM - 1.0)
    return min(1.0, LAST_GENERATION_STOCK + (1.0 - LAST_GENERATION_STOCK) * fall)


def resource_values(game: Game, p: Player, weights: Weights = PLAIN) -> tuple[float, ...]:
    """M€ per unit of each standard resource in stock, for this player now."""
    temperature_open = game.temperature < TEMPERATURE_MAX
    heat = 1.0 if heat_as_mc(p) else HEAT_VALUE if temperature_open else SPENT_HEAT_VALUE
    plants = weights.plant if game.oxygen < OXYGEN_MAX else weights.plant * 0.6
    return (1.0, float(steel_value(p)), float(titanium_value(p)), plants, ENERGY_VALUE, heat)


def worth(
    game: Game, seat: int, total: float, generations: float, weights: Weights = PLAIN
) -> float:
    """One seat's worth in M€ (see the module docstring); `total` is its score now."""
    p = game.players[seat]
    values = resource_values(game, p, weights)
    stock = stock_factor(generations)
    value = total * weights.point + p.tr * generations * weights.tr_income + p.res[MC] * TIE_BREAK
    for kind, unit in enumerate(values):
        value += p.res[kind] * unit * stock
        per_generation = ENERGY_PRODUCTION_VALUE if kind == ENERGY else unit
        value += p.prod[kind] * per_generation * generations * weights.production
    value += len(p.hand) * weights.hand_card * min(1.0, generations / 2.0)
    for cid, count in p.card_res.items():
        per_point = _points_per_resource(cid)
        if per_point:
            value += (count % per_point[0]) * per_point[1] * weights.point
        else:
            value += count * _resource_value(cid) * stock
    value += _active_count(tuple(p.played)) * weights.active_card * generations
    return value


@cache
def _points_per_resource(cid: int) -> tuple[int, float] | None:
    """(resources per point step, points per resource) of a card scoring per resource."""
    vp = card_def(cid).vp
    if vp is None or vp.kind != "per_resource":
        return None
    return vp.per, vp.points / vp.per


@cache
def _resource_value(cid: int) -> float:
    """M€ per resource on a card that does not score per resource (see `worth`)."""
    pays = card_def(cid).resource_pays
    if pays is None:
        return CARD_RESOURCE_VALUE
    return max(CARD_RESOURCE_VALUE, pays[1] * PAYING_RESOURCE_SHARE)


@lru_cache(maxsize=4096)  # tableaux seen in a search: a few per seat, built card by card
def _active_count(played: tuple[int, ...]) -> int:
    return sum(1 for cid in played if _is_active(cid))


@cache
def _is_active(cid: int) -> bool:
    card = card_def(cid)
    return bool(
        card.actions
        or card.triggers
        or card.discounts
        or card.tag_discounts
        or card.project_discounts
        or card.steel_bonus
        or card.titanium_bonus
    )


def last_generation(game: Game) -> bool:
    """Whether the game ends with this generation: every parameter is at its maximum (solo
    games last their fixed number of generations instead) and the game is not over yet."""
    return not game.is_over and not game.options.solo and parameter_steps_left(game) == 0


def horizon(root: Game, leaf: Game) -> float:
    """Generations left at `leaf`, a position searched from `root`: the root's estimate,
    less the generations the search went through, 0 once the leaf is in its final scoring.

    A search keeps the horizon of its root on purpose. Re-estimating it at every leaf makes
    each parameter step look like it ends the game sooner, so a seat ahead on production would
    learn to stall the terraforming: an illusion, since the other seats terraform anyway.
    What is no illusion: a leaf where every parameter is at its maximum ends after this
    generation (1 production phase to come), and one where any can still rise does not end
    before the next (`OPEN_FLOOR`). Without that difference the last steps looked as if they
    ended the game whoever took them, and the seat ahead did not close it out."""
    if leaf.phase in ("final", "ended"):
        return 0.0
    if last_generation(leaf):
        return 1.0
    return max(OPEN_FLOOR, generations_left(root) - (leaf.generation - root.generation))


def award_certainty(generations: float) -> float:
    """How far a funded award's current standing can be trusted: fully once the game is
    scored, half with `AWARD_SETTLES` generations to go, little early on."""
    return AWARD_SETTLES / (AWARD_SETTLES + generations)


def _hedge_awards(game: Game, totals: dict[int, float], generations: float) -> None:
    """Count each funded award at its standing only as far as the standing is likely to hold
    (`award_certainty`); the rest at the table's average share of its points. Counting it at
    today's standing makes funding an award in the first generations look like 5 sure points:
    a beginner's mistake, since the leader of an award in generation 2 often is not at the
    end."""
    trust = award_certainty(generations)
    awards = awards_of(game)
    seats = len(game.players)
    for name, _funder in game.awards:
        points = award_points(game, awards[name])
        mean = sum(points.values()) / seats
        for seat in totals:
            now = points.get(seat, 0)
            totals[seat] += trust * now + (1 - trust) * mean - now


def evaluate(
    game: Game, seat: int, generations: float | None = None, weights: Weights = PLAIN
) -> float:
    """The seat's worth minus the best opponent's (alone in solo), in M€. `generations`: the
    generations left to value production and income over (default: estimated from this
    state, `generations_left`; a search passes `horizon(root, leaf)`). Every seat is valued
    with the same `weights`."""
    if generations is None:
        generations = generations_left(game)
    totals: dict[int, float] = {s.seat: s.total for s in game.scores()}
    if game.awards and generations > 0:
        _hedge_awards(game, totals, generations)
    mine = worth(game, seat, totals[seat], generations, weights)
    others = [
        worth(game, p.seat, totals[p.seat], generations, weights)
        for p in game.players
        if p.seat != seat
    ]
    return mine - max(others) if others else mine


__all__ = [
    "MC_PER_VP",
    "PLAIN",
    "SEARCH_WEIGHTS",
    "Weights",
    "evaluate",
    "generations_left",
    "horizon",
    "last_generation",
    "parameter_steps_left",
    "stock_factor",
    "worth",
]
