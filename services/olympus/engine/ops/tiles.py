"""Instructions that put things on the board: tiles, Land Claim, and what follows a tile."""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChoosePlayer, ChooseSpace
from ..cards.catalogue import get as card_def
from ..cards.model import card_number
from ..constants import (
    MC,
    OCEANS_MAX,
)
from ..decisions import Decision, SelectPlayer, SelectSpace
from ..interpreter import op
from ..mutate import (
    change_prod,
    gain,
    log,
    place_tile,
    push,
)
from ..placement import has_legal_space, legal_spaces
from ..prompts import prompt
from ..state import Frame, GameState, Player
from .common import R, player_of


def _place_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    tile, rule = args[0], args[1]
    if tile == "ocean":
        return True  # an ocean that has nowhere to go is simply not placed
    return has_legal_space(g, p.seat, tile, rule)


def _place_decide(g: GameState, frame: Frame) -> list[Decision]:
    seat, card, tile, rule = frame[1], frame[2], frame[3], frame[4]
    if card:
        question = prompt(
            "place_tile_for_card", tile=tile, card=card_number(card), card_name=card_def(card).name
        )
    else:
        question = prompt("place_tile", tile=tile)
    return [SelectSpace(seat, question, legal_spaces(g, seat, tile, rule), tile, card)]


def _place_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseSpace)
    card = frame[2]
    place_tile(g, seat, frame[3], answer.space, card)
    if len(frame) > 5 and frame[5]:
        push(g, (frame[5], seat, card, answer.space))


@op("place", decide=_place_decide, resolve=_place_resolve, feasible=_place_feasible)
def _place(g: GameState, frame: Frame) -> Frame | None:
    tile = frame[3]
    if tile == "ocean" and g.oceans >= OCEANS_MAX:
        return None
    if not has_legal_space(g, frame[1], tile, frame[4]):
        return None
    return frame


def _claim_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectSpace(
            frame[1],
            prompt("claim_space"),
            legal_spaces(g, frame[1], "claim", "claim"),
            "claim",
            frame[2],
        )
    ]


def _claim_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseSpace)
    g.claims[answer.space] = seat
    log(g, "claim", seat, answer.space)


def _claim_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(legal_spaces(g, p.seat, "claim", "claim"))


@op("claim", decide=_claim_decide, resolve=_claim_resolve, feasible=_claim_feasible)
def _claim(g: GameState, frame: Frame) -> Frame | None:
    return frame if legal_spaces(g, frame[1], "claim", "claim") else None


@op("mining_prod")
def _mining_prod(g: GameState, frame: Frame) -> None:
    """+1 production of the metal the card's tile space offered (Mining Rights / Mining Area).

    A space offering both metals (Vastitas Borealis's Ceranius Fossae) lets the player choose;
    so does Robotic Workforce copying that card's production box, as the state keeps only where
    the tile lies, and either metal is the space's bonus."""
    card = frame[2]
    space = frame[3] if len(frame) > 3 else next((s for s, c in g.specials.items() if c == card), 0)
    sp = g.map.spaces[space] if space else None
    if sp is None:
        return None
    metals = [m for m in ("steel", "titanium") if m in sp.bonus]
    if len(metals) > 1:
        choices = tuple((f"+1 {m} production", (("prod", m, 1),)) for m in metals)
        push(g, ("choose", frame[1], card, choices))
    elif metals:
        change_prod(g, player_of(g, frame), R[metals[0]], 1)
    return None


def _flood_targets(g: GameState, seat: int, space: int) -> list[int | None]:
    sp = g.map.spaces[space]
    assert sp is not None
    seats = sorted({g.owners[n] for n in sp.neighbours if g.owners[n] >= 0 and g.owners[n] != seat})
    return [*seats, None]


def _flood_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectPlayer(
            frame[1],
            prompt("flood_target"),
            _flood_targets(g, frame[1], frame[3]),
            frame[2],
        )
    ]


def _flood_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is not None:
        gain(g, g.players[answer.seat], MC, -4)
        log(g, "lose", answer.seat, "megacredits", 4)


@op("flood", decide=_flood_decide, resolve=_flood_resolve)
def _flood(g: GameState, frame: Frame) -> Frame | None:
    return frame if len(_flood_targets(g, frame[1], frame[3])) > 1 else None
