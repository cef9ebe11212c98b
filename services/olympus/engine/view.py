"""What one viewer may see of a game.

A seat sees the public state plus its own hand, its own dealt and drafted cards, its own
preludes not yet played (dealt or kept) and its own pending decisions. A spectator (viewer
None) sees only the public state. Nobody sees the deck order, another seat's hand, dealt or
drafted cards, or cards revealed only to another seat. With realtime scoring (the default
option), everyone sees every seat's score as if the game ended now: it is made of public facts
only. With the Colonies expansion the colony tiles (markers, colonies, fleets on them) and
every seat's fleets are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards.model import card_number
from .colony_state import NO_FLEET
from .constants import NEUTRAL, RESOURCES, TILE_NAMES
from .milestones import awards_of, milestones_of
from .turn_options import Unplayable, unplayable_cards

if TYPE_CHECKING:
    from .game import Game


def _owner(seat: int) -> int | str | None:
    if seat == NEUTRAL:
        return "neutral"
    return seat if seat >= 0 else None


def _cards(ids: list[int]) -> list[str]:
    return [card_number(c) for c in ids]


def _unplayable(cid: int, why: Unplayable) -> dict[str, Any]:
    """A card in hand that cannot be played now, and why, as data (the page words it)."""
    what, detail = why
    entry: dict[str, Any] = {"card": card_number(cid), "reason": what}
    if what == "requirement":  # (the Requirement not met, the value it looked at)
        r, value = detail
        entry.update(kind=r.kind, subject=r.subject, minimum=r.minimum, maximum=r.maximum)
        entry["value"] = value
    elif what == "cost":
        entry["value"] = detail
    return entry


def standings(g: Game) -> dict[str, Any]:
    """Every seat's count toward each milestone of the map (with its threshold) and each award
    (the highest wins): public facts only (tiles, tags, production, hand sizes...)."""
    if g.options.solo:  # the solo game has no milestones or awards
        return {"milestone_progress": [], "award_standings": []}
    return {
        "milestone_progress": [
            {
                "name": m.name,
                "threshold": m.threshold,
                "at_most": m.at_most,
                "counts": [m.measure(g, p) for p in g.players],
            }
            for m in milestones_of(g).values()
        ],
        "award_standings": [
            {"name": a.name, "counts": [a.measure(g, p) for p in g.players]}
            for a in awards_of(g).values()
        ],
    }


def view(g: Game, viewer: int | None, live_scores: bool | None = None) -> dict[str, Any]:
    """`live_scores`: add every seat's score as if the game ended now (`live_scores`, the
    same for every viewer); None follows the game's `realtime_scoring` option."""
    board = [
        {
            "space": sid,
            "tile": TILE_NAMES[kind],
            "owner": _owner(g.owners[sid]),
            **({"card": card_number(g.specials[sid])} if sid in g.specials else {}),
        }
        for sid, kind in enumerate(g.tiles)
        if kind
    ]
    players = []
    for p in g.players:
        me = viewer == p.seat
        entry: dict[str, Any] = {
            "seat": p.seat,
            "corporation": card_number(p.corp) if p.corp else None,
            "terraform_rating": p.tr,
            "resources": dict(zip(RESOURCES, p.res, strict=True)),
            "production": dict(zip(RESOURCES, p.prod, strict=True)),
            "hand_size": len(p.hand),
            "played": _cards(p.played),
            "events": _cards(p.events),
            "card_resources": {card_number(c): n for c, n in p.card_res.items()},
            "used_actions": _cards(p.used),
            "passed": p.passed,
        }
        if g.colonies is not None:  # the Colonies expansion (public)
            entry["fleets"] = g.colonies.fleets[p.seat]
            entry["fleets_home"] = g.colonies.fleets_home(p.seat)
            entry["colonies"] = g.colonies.colonies_of(p.seat)
        if me:
            entry["hand"] = _cards(p.hand)
            entry["dealt_corporations"] = _cards(p.dealt_corps)
            entry["dealt"] = _cards(p.dealt)
            entry["draft_hand"] = _cards(p.draft_hand)
            entry["drafted"] = _cards(p.drafted)
            entry["preludes"] = _cards(p.preludes)
            entry["unplayable"] = (
                [] if g.is_over else [_unplayable(c, why) for c, why in unplayable_cards(g, p)]
            )
        players.append(entry)
    decisions = g.decisions()
    data: dict[str, Any] = {
        "viewer": viewer,
        "generation": g.generation,
        "phase": g.phase,
        "first_player": g.first,
        "active_player": g.active if g.active >= 0 else None,
        "temperature": g.temperature,
        "oxygen": g.oxygen,
        "oceans": g.oceans,
        **({"venus": g.venus} if g.options.venus else {}),  # Venus Next's scale (public)
        "deck_size": len(g.deck),
        "discard_size": len(g.discard),
        "board": board,
        "claims": [{"space": s, "owner": o} for s, o in g.claims.items()],
        "milestones": [{"name": m, "owner": s} for m, s in g.milestones],
        "awards": [{"name": a, "funder": s} for a, s in g.awards],
        "players": players,
        "waiting_for": [d.player for d in decisions],
        "decisions": [d.to_dict() for d in decisions if d.player == viewer],
        **standings(g),
    }
    if g.options.realtime_scoring if live_scores is None else live_scores:
        data["live_scores"] = [s.to_dict() for s in g.scores()]
    if g.colonies is not None:
        data["colony_tiles"] = [
            {
                "name": t.name,
                "active": t.active,
                "marker": t.marker,
                "colonies": t.colonies[:],  # owner seats, from step 1 up
                "fleet": t.visitor if t.visitor != NO_FLEET else None,
            }
            for t in g.colonies.tiles
        ]
    if g.is_over:
        data["result"] = g.result()
    return data
