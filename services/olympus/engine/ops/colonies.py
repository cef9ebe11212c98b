"""Instructions of the Colonies expansion: place a colony, gain a fleet, trade (the steps of
a trade), discard from hand (Pluto's colony bonus), collect one's colony bonuses, bring a tile
into play. The rules they apply (who may do what) are in `engine/colonies.py`.

Frames:
  ("colony", seat, card, bonus, own_tile[, cut])  place a colony (asks for the tile); with
                                               `cut`, only tiles leaving room for an M€
                                               production cut that follows
  ("fleet", seat, card, n)                     gain n trade fleets
  ("trade", seat, card, "fee" | "free")        a card's trade (asks for the tile, then the fee
                                               unless free: Titan Floating Launch-pad); the
                                               trade action is one answer (turn.py)
  ("trade_at", seat, card, tile)               the fleet lands; income follows
  ("trade_boost", seat, card, tile, most)      push the marker up 0..most steps first
  ("trade_income", seat, card, tile)           income, colony bonuses, marker back
  ("discard", seat, card, n)                   discard n cards from hand
  ("colony_bonuses", seat, card)               every own colony's bonus (Productive Outpost)
  ("add_colony_tile", seat, card)              a tile left out comes into play (Aridor)
"""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChooseAmount, ChooseCards, ChooseOption
from ..colonies import (
    MAX_FLEETS,
    add_tile,
    board,
    buildable_tiles,
    can_trade,
    fee_alternatives,
    place_colony,
    push_trade_income,
    room_for_production_cut,
    trade_offset,
    tradeable_tiles,
)
from ..colony_tiles import CARD_RESOURCE_KINDS, TRACK_STEPS, tile_def
from ..decisions import Decision, SelectAmount, SelectCards, SelectOption
from ..interpreter import op
from ..mutate import log, push, push_effects
from ..prompts import Prompt, prompt
from ..state import Frame, GameState, Player
from .common import player_of

# --- placing a colony -------------------------------------------------------------------------


def _colony_tiles(g: GameState, frame: Frame) -> list[str]:
    names = buildable_tiles(g, frame[1], own_tile=bool(frame[4]))
    if len(frame) > 5:  # the card lowers M€ production next: keep it above the floor
        names = room_for_production_cut(g, g.players[frame[1]], names, frame[5])
    return names


def _colony_decide(g: GameState, frame: Frame) -> list[Decision]:
    names = _colony_tiles(g, frame)
    code = "label.colony_placement" if frame[3] else "label.colony"
    labels = [prompt(code, colony=n) for n in names]
    return [
        SelectOption(frame[1], prompt("colony_tile_to_build"), labels, range(len(names)), frame[2])
    ]


def _colony_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    place_colony(g, seat, _colony_tiles(g, frame)[answer.index], bool(frame[3]))


def _colony_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    names = buildable_tiles(g, p.seat, own_tile=bool(args[1]))
    if len(args) > 2:
        names = room_for_production_cut(g, p, names, args[2])
    return bool(names)


@op("colony", decide=_colony_decide, resolve=_colony_resolve, feasible=_colony_feasible)
def _colony(g: GameState, frame: Frame) -> Frame | None:
    names = _colony_tiles(g, frame)
    if len(names) == 1:
        place_colony(g, frame[1], names[0], bool(frame[3]))
        return None
    return frame if names else None


@op("fleet")
def _fleet(g: GameState, frame: Frame) -> None:
    if g.colonies is not None:
        fleets = g.colonies.fleets
        fleets[frame[1]] = min(MAX_FLEETS, fleets[frame[1]] + frame[3])
        log(g, "fleet", frame[1], fleets[frame[1]])
    return None


# --- trading ----------------------------------------------------------------------------------


def _start_trade(g: GameState, frame: Frame, name: str) -> None:
    seat, card = frame[1], frame[2]
    push(g, ("trade_at", seat, card, name))
    if frame[3] == "fee":
        push(g, ("choose", seat, card, fee_alternatives(g.players[seat])))


def trade_label(name: str, step: int) -> Prompt:
    """A tile offered for a trade with its income at the marker's step, coded by what the
    income is (the English is "<tile>: <income_text>")."""
    tile = tile_def(name)
    value = tile.track[step - 1]
    if isinstance(value, str):  # Europa: one step of a production
        return prompt("label.colony_trade_production", colony=name, step=step, res=value)
    if tile.trade in CARD_RESOURCE_KINDS:
        return prompt(
            "label.colony_trade_onto_card", colony=name, step=step, n=value, kind=tile.trade
        )
    if tile.trade == "cards":
        return prompt("label.colony_trade_cards", colony=name, step=step, n=value)
    return prompt("label.colony_trade", colony=name, step=step, n=value, res=tile.trade)


def _trade_decide(g: GameState, frame: Frame) -> list[Decision]:
    b = board(g)
    names = tradeable_tiles(g, frame[1])
    labels = [trade_label(n, b.tile(n).marker) for n in names]
    return [
        SelectOption(frame[1], prompt("colony_tile_to_trade"), labels, range(len(names)), frame[2])
    ]


def _trade_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    _start_trade(g, frame, tradeable_tiles(g, seat)[answer.index])


def _trade_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    if args[0] == "free":
        return bool(tradeable_tiles(g, p.seat))
    return can_trade(g, p)  # a fee must be payable too


@op("trade", decide=_trade_decide, resolve=_trade_resolve, feasible=_trade_feasible)
def _trade(g: GameState, frame: Frame) -> Frame | None:
    names = tradeable_tiles(g, frame[1])
    if len(names) == 1:
        _start_trade(g, frame, names[0])
        return None
    return frame if names else None


@op("trade_at")
def _trade_at(g: GameState, frame: Frame) -> None:
    """The fleet lands on the tile (it stays until the production phase)."""
    seat, card, name = frame[1], frame[2], frame[3]
    t = board(g).tile(name)
    t.visitor = seat
    log(g, "trade", seat, name)
    push(g, ("trade_income", seat, card, name))
    most = min(trade_offset(g.players[seat]), TRACK_STEPS - t.marker)
    if most > 0:
        push(g, ("trade_boost", seat, card, name, most))
    return None


def _boost_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectAmount(
            frame[1],
            prompt("trade_track_up", colony=frame[3], most=frame[4]),
            0,
            frame[4],
            frame[2],
        )
    ]


def _boost_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    board(g).tile(frame[3]).marker += answer.amount


@op("trade_boost", decide=_boost_decide, resolve=_boost_resolve)
def _trade_boost(g: GameState, frame: Frame) -> Frame | None:
    return frame


@op("trade_income")
def _trade_income(g: GameState, frame: Frame) -> None:
    push_trade_income(g, frame[1], frame[3])
    return None


# --- cards in hand, colony bonuses, tiles -----------------------------------------------------


def _discard_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    n = min(frame[3], len(p.hand))
    return [SelectCards(p.seat, prompt("discard_cards", n=n), p.hand, n, n, 0, "discard", frame[2])]


def _discard_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    for c in answer.cards:
        p.hand.remove(c)
        g.discard.append(c)
    log(g, "discard", seat, len(answer.cards))


@op("discard", decide=_discard_decide, resolve=_discard_resolve)
def _discard(g: GameState, frame: Frame) -> Frame | None:
    return frame if player_of(g, frame).hand else None


@op("colony_bonuses")
def _colony_bonuses(g: GameState, frame: Frame) -> None:
    seat = frame[1]
    batches = [
        tile_def(t.name).bonus for t in board(g).tiles for owner in t.colonies if owner == seat
    ]
    for bonus in reversed(batches):
        push_effects(g, seat, 0, bonus)
    return None


def _tile_decide(g: GameState, frame: Frame) -> list[Decision]:
    names = board(g).unused
    return [
        SelectOption(
            frame[1],
            prompt("colony_tile_into_play"),
            [prompt("label.colony", colony=n) for n in names],
            range(len(names)),
            frame[2],
        )
    ]


def _tile_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    add_tile(g, board(g).unused[answer.index])


@op("add_colony_tile", decide=_tile_decide, resolve=_tile_resolve)
def _add_colony_tile(g: GameState, frame: Frame) -> Frame | None:
    return frame if g.colonies is not None and g.colonies.unused else None
