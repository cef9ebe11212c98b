"""Instructions on resources that live on cards (microbes, animals, science, fighters)."""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChooseCards
from ..cards.catalogue import get as card_def
from ..constants import (
    ANIMAL,
    MICROBE,
)
from ..decisions import Decision, SelectCards
from ..interpreter import op
from ..query import tableau
from ..state import Frame, GameState, Player
from .common import player_of


def holders(p: Player, kind: str, exclude: int = 0) -> list[int]:
    return [c for c in tableau(p) if c != exclude and card_def(c).resource == kind]


def add_card_resource(p: Player, card: int, n: int) -> None:
    p.card_res[card] = p.card_res.get(card, 0) + n


def _add_candidates(g: GameState, frame: Frame) -> list[int]:
    p = player_of(g, frame)
    kind, target = frame[3], frame[5]
    return holders(p, kind, exclude=frame[2] if target == "other" else 0)


def _add_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind, n = frame[3], frame[4]
    return [
        SelectCards(
            frame[1],
            f"Add {n} {kind}(s) to a card",
            _add_candidates(g, frame),
            1,
            1,
            0,
            "add",
            frame[2],
        )
    ]


def _add_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    add_card_resource(g.players[seat], answer.cards[0], frame[4])


def _add_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    kind, _n, target, required = args
    if target == "self" or not required:
        return True
    return bool(holders(p, kind, exclude=card if target == "other" else 0))


@op("add", decide=_add_decide, resolve=_add_resolve, feasible=_add_feasible)
def _add(g: GameState, frame: Frame) -> Frame | None:
    p = player_of(g, frame)
    n, target = frame[4], frame[5]
    if target == "self":
        add_card_resource(p, frame[2], n)
        return None
    candidates = _add_candidates(g, frame)
    if len(candidates) == 1:
        add_card_resource(p, candidates[0], n)
        return None
    return frame if candidates else None


def _add_to_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    target = args[0]
    return isinstance(target, int) and card_def(target).resource is not None


@op("add_to", feasible=_add_to_feasible)
def _add_to(g: GameState, frame: Frame) -> None:
    """Add resources to one named card (the card that fired a trigger, for Viral Enhancers)."""
    target, n = frame[3], frame[4]
    if card_def(target).resource is not None:
        add_card_resource(player_of(g, frame), target, n)
    return None


def _existing_candidates(p: Player) -> list[int]:
    return [c for c in tableau(p) if p.card_res.get(c, 0) > 0]


def _existing_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    return [
        SelectCards(
            p.seat,
            "Add a resource to a card that has one",
            _existing_candidates(p),
            1,
            1,
            0,
            "add",
            frame[2],
        )
    ]


def _existing_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    add_card_resource(g.players[seat], answer.cards[0], frame[3])


def _existing_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_existing_candidates(p))


@op("add_existing", decide=_existing_decide, resolve=_existing_resolve, feasible=_existing_feasible)
def _add_existing(g: GameState, frame: Frame) -> Frame | None:
    return frame if _existing_candidates(player_of(g, frame)) else None


def _spend_res_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return p.card_res.get(card, 0) >= int(args[1])


@op("spend_res", feasible=_spend_res_feasible)
def _spend_res(g: GameState, frame: Frame) -> None:
    p = player_of(g, frame)
    p.card_res[frame[2]] = p.card_res.get(frame[2], 0) - frame[4]
    return None


def _removable(g: GameState, attacker: int, owner: Player, card: int, kind: str) -> bool:
    """May `attacker` take `kind` resources off `owner`'s `card`?"""
    cd = card_def(card)
    if cd.resource != kind or owner.card_res.get(card, 0) <= 0 or cd.protects_resources:
        return False
    if owner.seat != attacker and kind in (ANIMAL, MICROBE):
        return not any(card_def(c).protects_owner for c in tableau(owner))
    return True


def card_sources(g: GameState, seat: int, kind: str, exclude: int) -> list[int]:
    return [
        c for q in g.players for c in tableau(q) if c != exclude and _removable(g, seat, q, c, kind)
    ]


def _card_owner(g: GameState, card: int) -> Player:
    for q in g.players:
        if card == q.corp or card in q.played:
            return q
    raise KeyError(card)


def _move_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind = frame[3]
    sources = card_sources(g, frame[1], kind, frame[2])
    return [SelectCards(frame[1], f"Take 1 {kind} from a card", sources, 1, 1, 0, "take", frame[2])]


def _move_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    source = answer.cards[0]
    owner = _card_owner(g, source)
    owner.card_res[source] -= 1
    add_card_resource(g.players[seat], frame[2], 1)


def _move_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(card_sources(g, p.seat, args[0], card))


@op("move_res", decide=_move_decide, resolve=_move_resolve, feasible=_move_feasible)
def _move_res(g: GameState, frame: Frame) -> Frame | None:
    return frame if card_sources(g, frame[1], frame[3], frame[2]) else None


def _remove_card_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind, n = frame[3], frame[4]
    sources = card_sources(g, frame[1], kind, 0)
    return [
        SelectCards(
            frame[1],
            f"Remove up to {n} {kind}(s) from a card (or none)",
            sources,
            0,
            1,
            0,
            "remove",
            frame[2],
        )
    ]


def _remove_card_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    if answer.cards:
        card = answer.cards[0]
        owner = _card_owner(g, card)
        owner.card_res[card] -= min(frame[4], owner.card_res[card])


@op("remove_card_res", decide=_remove_card_decide, resolve=_remove_card_resolve)
def _remove_card_res(g: GameState, frame: Frame) -> Frame | None:
    return frame if card_sources(g, frame[1], frame[3], 0) else None
