"""What each corporation is worth at the table the bots are measured on: precomputed play-outs.

The choice of a corporation weighs on the whole game, so a one-step look-ahead cannot judge it:
right after setup the evaluation sees a corporation's starting M€ and production, and its
effect only as one more active card. Greedy, judging that way, took the corporation with the
smaller edge below in 1,004 of 2,000 setups (50%), giving up 7.2 VP of edge on average when it
did (`python -m olympus.bench.corporations picks --games 1000 --seed 5001`: greedy self-play).

A search could judge it by playing whole games out, but one game of greedy play costs about
0.4 s of CPU, and telling two corporations apart by a few VP, when the final margin varies by
some 20 VP from game to game, takes hundreds of games each: far beyond a decision's 1 s. So
the play-outs are done once, ahead of time: in 3,000 games
of greedy against greedy (2 players, base + Corporate Era, Tharsis, no draft; seeds 5001-8000),
each seat was given one of its two dealt corporations at random and played on by greedy (its
opening cards included). `CORPORATION_EDGE` is each corporation's mean final margin in VP over
those games (its points minus the opponent's); the standard error of each is about 0.9 VP.
`python -m olympus.bench.corporations measure --games 3000 --seed 5001` measures it again.

The search bot takes, of its dealt corporations, the one with the larger edge (and the opening
cards greedy would buy with it), where the table applies: the measured table (`applies`), and
every dealt corporation measured. Elsewhere it falls back to the look-ahead.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.cards.catalogue import get as card_def
from ..engine.decisions import SelectSetup

# VP of final margin, by corporation: 3,000 games, each seat's corporation drawn at random of
# its two (bench/corporations.py). Measured 2026-12-03 with the bots of commit c1aba24.
CORPORATION_EDGE: dict[str, float] = {
    "Tharsis Republic": 9.5,
    "CrediCor": 6.4,
    "Ecoline": 5.4,
    "Saturn Systems": 4.4,
    "Helion": 4.3,
    "United Nations Mars Initiative": -0.2,
    "Teractor": -2.5,
    "Inventrix": -3.1,
    "Interplanetary Cinematics": -4.6,
    "PhoboLog": -4.7,
    "Mining Guild": -7.3,
    "ThorGate": -7.8,
}


def applies(game: Game) -> bool:
    """Whether the game is at the table the edges were measured on."""
    o = game.options
    return (
        o.players == 2
        and o.corporate_era
        and o.map == "tharsis"
        and not (o.draft or o.prelude or o.colonies)
    )


def corporation_edge(corp: int) -> float | None:
    """The corporation's measured edge in VP, None when it was not measured."""
    return CORPORATION_EDGE.get(card_def(corp).name)


def strongest(game: Game, corporations: list[int]) -> int | None:
    """The dealt corporation with the largest edge (the first one dealt on a tie), or None
    when the table does not apply or any of them was not measured."""
    if not applies(game) or len(corporations) < 2:
        return None
    edges = [corporation_edge(c) for c in corporations]
    if any(e is None for e in edges):
        return None
    best = max(range(len(corporations)), key=lambda k: (edges[k], -k))
    return corporations[best]


def narrowed(decision: SelectSetup, corp: int) -> SelectSetup:
    """The setup decision with `corp` as the only corporation to take (the same cards)."""
    return SelectSetup(decision.player, {corp: decision.corporations[corp]}, decision.cards)


def opening(world: Game, decision: SelectSetup) -> SelectSetup:
    """The setup narrowed to the strongest dealt corporation, where the table says which;
    else the setup as it is."""
    pick = strongest(world, list(decision.corporations))
    return decision if pick is None else narrowed(decision, pick)


__all__ = [
    "CORPORATION_EDGE",
    "applies",
    "corporation_edge",
    "narrowed",
    "opening",
    "strongest",
]
