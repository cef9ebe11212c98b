"""Instructions on resources that live on cards (microbes, animals, floaters, science, ...).

Frames:
  ("add", seat, card, kinds, n, target, required, tag)
      `n` resources (an int or an amount spec, see `query.amount`) onto one card that holds one
      of `kinds` (a kind, or a tuple of kinds; the empty tuple: any resource) and, when `tag` is
      given, carries that tag. `target` says whose cards qualify (the printed wording):
        "self"        this card
        "other"       another card of yours (ANOTHER card)
        "any"         a card of yours, this one included (a tile's bonus, "a Venus card")
        "any_player"  a card of any player, this one included (ANY card): the resources go to
                      that card's owner, and count for the owner's VP (since rules version 2;
                      a game of version 1 plays it as "any", see version.py)
      Lost when no card qualifies; `required` (actions): then the effect is not feasible. A
      choice is asked unless exactly one card qualifies and it is the player's own; it may be
      declined when only other players' cards qualify (docs/venus.md, "Resources onto ANY
      card"). Older saves hold frames without `tag` (and tiles push them without one), or
      the retired "add_tagged" and "add_venus" frames, which play as this one (`_retired`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..actions import Answer, ChooseCards
from ..cards.catalogue import get as card_def
from ..constants import (
    ANIMAL,
    MICROBE,
    VENUS,
)
from ..decisions import Decision, SelectCards
from ..interpreter import op
from ..prompts import Prompt, prompt
from ..query import amount, tableau
from ..state import Frame, GameState, Player
from ..version import plays_since
from .common import player_of

ANY_PLAYER = "any_player"  # the printed ANY card: every player's cards qualify
# The rules version since which ANY card reaches other players' cards: a game dealt before it
# keeps playing ANY as the player's own cards (what the engine did then), see version.py.
ANY_CARD_OF_EVERY_PLAYER = 2


def _kinds(value: str | Sequence[str]) -> tuple[str, ...]:
    """The resource kinds an `add` accepts: one named kind, or several (a loaded save holds
    lists); empty means any resource."""
    return (value,) if isinstance(value, str) else tuple(value)


def holders(p: Player, kinds: str | Sequence[str], exclude: int = 0, tag: str = "") -> list[int]:
    """The player's cards in play but `exclude` that hold one of `kinds` (see `_kinds`) and,
    when `tag` is given, carry it."""
    wanted = _kinds(kinds)
    out = []
    for c in tableau(p):
        cd = card_def(c)
        if c == exclude or cd.resource is None:
            continue
        if (not wanted or cd.resource in wanted) and (not tag or tag in cd.tags):
            out.append(c)
    return out


def add_card_resource(p: Player, card: int, n: int) -> None:
    p.card_res[card] = p.card_res.get(card, 0) + n


def _reaches_others(g: GameState, target: str) -> bool:
    return target == ANY_PLAYER and plays_since(g, ANY_CARD_OF_EVERY_PLAYER)


def add_targets(g: GameState, seat: int, card: int, args: Sequence[Any]) -> list[int]:
    """The cards an `add` instruction (`args`: its arguments after the card) may put its
    resources on: the acting player's first, then, for ANY card, the other players' in seat
    order from the next seat (a default answer keeps them on the player's own)."""
    kinds, _n, target, *rest = args
    if target == "self":
        return [card]
    tag = rest[1] if len(rest) > 1 else ""
    own = holders(g.players[seat], kinds, card if target == "other" else 0, tag)
    if not _reaches_others(g, target):
        return own
    count = len(g.players)
    others = [
        c for i in range(1, count) for c in holders(g.players[(seat + i) % count], kinds, 0, tag)
    ]
    return own + others


def _own_targets(g: GameState, frame: Frame, targets: list[int]) -> list[int]:
    mine = set(tableau(player_of(g, frame)))
    return [c for c in targets if c in mine]


def _add_count(g: GameState, frame: Frame) -> int:
    return amount(g, player_of(g, frame), frame[4])


def _add_decide(g: GameState, frame: Frame) -> list[Decision]:
    kinds, n, tag = _kinds(frame[3]), _add_count(g, frame), frame[7] if len(frame) > 7 else ""
    targets = add_targets(g, frame[1], frame[2], frame[3:])
    # Mandatory when a card of the player's own can take them; when only other players'
    # cards can, the resources may stay unplaced (as with no card at all).
    minimum = 1 if _own_targets(g, frame, targets) else 0
    own_only = frame[5] != "other" and not _reaches_others(g, frame[5])
    question = _add_question(n, kinds, tag, own_only)
    return [SelectCards(frame[1], question, targets, minimum, 1, 0, "add", frame[2])]


def _add_question(n: int, kinds: tuple[str, ...], tag: str, own_only: bool) -> Prompt:
    """The add's question, its English the text games always showed ("Add 2 microbe(s) to
    a Venus card"; several kinds or none named say "resource")."""
    if len(kinds) != 1:
        if tag:
            return prompt("add_resources_to_card_with_tag", n=n, tag=tag)
        return prompt("add_resources_to_card", n=n)
    if own_only and tag:  # "onto one of your Jovian cards"
        return prompt("add_to_tagged_card", n=n, kind=kinds[0], tag=tag)
    if tag:
        return prompt("add_to_card_with_tag", n=n, kind=kinds[0], tag=tag)
    return prompt("add_to_card", n=n, kind=kinds[0])


def _add_to_card(g: GameState, frame: Frame, card: int) -> None:
    """Put the frame's resources on `card`, for whoever owns it."""
    add_card_resource(card_owner(g, card), card, _add_count(g, frame))


def _add_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    if answer.cards:
        _add_to_card(g, frame, answer.cards[0])


def _add_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    """An action that must put its resources somewhere (`required`) has a card to take them;
    a play effect never blocks its card (the resources are lost)."""
    required = len(args) > 3 and args[3]
    return not required or bool(add_targets(g, p.seat, card, args))


def add_has_target(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    """Would this `add` put its resources anywhere now (a choice prefers alternatives that
    do something)?"""
    return bool(add_targets(g, p.seat, card, args))


@op("add", decide=_add_decide, resolve=_add_resolve, feasible=_add_feasible)
def _add(g: GameState, frame: Frame) -> Frame | None:
    if frame[5] == "self":
        add_card_resource(player_of(g, frame), frame[2], _add_count(g, frame))
        return None
    targets = add_targets(g, frame[1], frame[2], frame[3:])
    if _add_count(g, frame) <= 0 or not targets:
        return None
    if len(targets) == 1 and _own_targets(g, frame, targets):
        _add_to_card(g, frame, targets[0])
        return None
    return frame


# Instructions since folded into `add`: a save made before may still wait on (or hold, not yet
# run) one of their frames. A save-format migration would rewrite them, but a format bump makes
# the previous release's replicas refuse every newer save during a rolling upgrade
# (docs/upgrades.md), so the old frames stay readable here, each played as the `add` it always
# was: onto the player's own cards (such a save is of rules 1, where ANY is the player's own).
def _from_add_tagged(frame: Frame) -> Frame:
    """("add_tagged", seat, card, kind, n, tag): "a Jovian card"."""
    _name, seat, card, kind, n, tag = frame
    return ("add", seat, card, kind, n, "any", 0, tag)


def _from_add_venus(frame: Frame) -> Frame:
    """("add_venus", seat, card, n, kinds, other[, required]): onto a Venus card (saves from
    before `required` hold frames without it)."""
    _name, seat, card, n, kinds, other, *rest = frame
    required = rest[0] if rest else 0
    return ("add", seat, card, tuple(kinds), n, "other" if other else "any", required, VENUS)


def _retired(name: str, as_add: Callable[[Frame], Frame]) -> None:
    op(
        name,
        decide=lambda g, frame: _add_decide(g, as_add(frame)),
        resolve=lambda g, frame, seat, answer: _add_resolve(g, as_add(frame), seat, answer),
    )(lambda g, frame: _add(g, as_add(frame)))


_retired("add_tagged", _from_add_tagged)
_retired("add_venus", _from_add_venus)


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
            prompt("add_to_card_with_resource"),
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


def card_owner(g: GameState, card: int) -> Player:
    for q in g.players:
        if card == q.corp or card in q.played:
            return q
    raise KeyError(card)


def _move_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind = frame[3]
    sources = card_sources(g, frame[1], kind, frame[2])
    question = prompt("take_from_card", n=1, kind=kind)
    return [SelectCards(frame[1], question, sources, 1, 1, 0, "take", frame[2])]


def _move_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    source = answer.cards[0]
    owner = card_owner(g, source)
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
            prompt("remove_from_any_card", n=n, kind=kind),
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
        owner = card_owner(g, card)
        owner.card_res[card] -= min(frame[4], owner.card_res[card])


@op("remove_card_res", decide=_remove_card_decide, resolve=_remove_card_resolve)
def _remove_card_res(g: GameState, frame: Frame) -> Frame | None:
    return frame if card_sources(g, frame[1], frame[3], 0) else None
