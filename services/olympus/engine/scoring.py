"""Final scoring (usable at any time as a live preview) and the game's result."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any

from .cards.catalogue import get as card_def
from .colony_state import colonies_in_play
from .constants import CITY, GREENERY, MC, MILESTONE_VP, OCEAN, SOLO_TR_GOAL
from .milestones import award_points, awards_of
from .query import (
    adjacent_count,
    cities_in_play,
    printed_tag_count,
    tableau_effects,
    terraformed,
)
from .state import GameState, Player
from .venus import solo_venus_done

TILE_KINDS = {"ocean": OCEAN, "city": CITY, "greenery": GREENERY}
_SCORING_TILES = frozenset((GREENERY, CITY))


@dataclass(frozen=True, slots=True)
class Score:
    seat: int
    terraform_rating: int
    milestones: int
    awards: int
    greeneries: int
    cities: int
    cards: int
    total: int
    megacredits: int

    def to_dict(self) -> dict[str, Any]:
        # By hand: live scores put one per seat in every view, and asdict() is slow.
        return {
            "seat": self.seat,
            "terraform_rating": self.terraform_rating,
            "milestones": self.milestones,
            "awards": self.awards,
            "greeneries": self.greeneries,
            "cities": self.cities,
            "cards": self.cards,
            "total": self.total,
            "megacredits": self.megacredits,
        }


def card_vp(g: GameState, p: Player, cid: int) -> int:
    vp = card_def(cid).vp
    if vp is None:
        return 0
    kind = vp.kind
    if kind == "fixed":
        return vp.points
    if kind == "per_resource":
        return vp.points * (p.card_res.get(cid, 0) // vp.per)
    if kind == "per_tag":
        return vp.points * (printed_tag_count(p, vp.subject or "") // vp.per)
    if kind == "per_adjacent":
        space = next((s for s, c in g.specials.items() if c == cid), None)
        if space is None:
            return 0
        return vp.points * adjacent_count(g, space, TILE_KINDS[vp.subject or ""])
    if kind == "per_cities":
        return vp.points * (cities_in_play(g) // vp.per)
    if kind == "if_resource":
        return vp.points if p.card_res.get(cid, 0) > 0 else 0
    if kind == "per_colonies":
        return vp.points * (colonies_in_play(g) // vp.per)
    raise ValueError(f"unknown VP kind {kind!r}")


def _board_points(g: GameState) -> tuple[dict[int, int], dict[int, int]]:
    """Per seat: greeneries owned, and greeneries next to the cities owned. One pass over the
    board for every seat: a live score is computed for every version of a game."""
    greeneries = {p.seat: 0 for p in g.players}
    cities = dict(greeneries)
    owners, tiles = g.owners, g.tiles
    # The scan runs in C (compress, map): it is most of a score's cost otherwise.
    for sid in compress(range(len(tiles)), map(_SCORING_TILES.__contains__, tiles)):
        seat = owners[sid]
        if seat not in greeneries:
            continue  # neutral (solo) or nobody's
        if tiles[sid] == GREENERY:
            greeneries[seat] += 1
        else:
            cities[seat] += adjacent_count(g, sid, GREENERY)
    return greeneries, cities


def scores(g: GameState) -> list[Score]:
    """Every seat's score by the final scoring's rules, on the state as it is: the final score
    once the game has ended, the live score ("as if the game ended now") before. Public facts
    only: TR, claimed milestones, funded awards by the current standing, tiles, played cards
    and the resources on them, M€ for the tie-break."""
    award_vp: dict[int, int] = {p.seat: 0 for p in g.players}
    awards = awards_of(g)
    for name, _funder in g.awards:
        for seat, pts in award_points(g, awards[name]).items():
            award_vp[seat] += pts
    greeneries, cities = _board_points(g)
    out = []
    for p in g.players:
        seat = p.seat
        milestones = MILESTONE_VP * sum(1 for _, s in g.milestones if s == seat)
        effects = tableau_effects(p)
        cards = effects.fixed_points + sum(card_vp(g, p, c) for c in effects.scored_cards)
        for cid in p.events:
            cards += card_vp(g, p, cid)
        total = p.tr + milestones + award_vp[seat] + greeneries[seat] + cities[seat] + cards
        out.append(
            Score(
                seat,
                p.tr,
                milestones,
                award_vp[seat],
                greeneries[seat],
                cities[seat],
                cards,
                total,
                p.res[MC],
            )
        )
    return out


def result(g: GameState) -> dict[str, Any]:
    """Scores, the winner(s) and, in solo, whether the player won."""
    table = scores(g)
    best = max((s.total, s.megacredits) for s in table)
    winners = [s.seat for s in table if (s.total, s.megacredits) == best]
    data: dict[str, Any] = {
        "finished": g.phase == "ended",
        "generation": g.generation,
        "scores": [s.to_dict() for s in table],
        "winners": winners,
    }
    if g.options.solo:
        p = g.players[0]
        won = p.tr >= SOLO_TR_GOAL if g.options.solo_tr63 else terraformed(g) and solo_venus_done(g)
        data["solo_won"] = won and g.phase == "ended"
        data["winners"] = [0] if data["solo_won"] else []
    return data
