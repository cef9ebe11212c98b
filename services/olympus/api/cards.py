"""Card references: a card's number with its name, wherever a card number goes out."""

from __future__ import annotations

from functools import cache

from olympus.engine.cards.catalogue import by_number
from olympus.v1 import game_pb2 as pb


@cache
def card_name(number: str) -> str:
    card = by_number().get(number)
    return card.name if card is not None else ""


def is_card_number(text: str) -> bool:
    return text in by_number()


def card_ref(number: str) -> pb.CardRef:
    return pb.CardRef(number=number, name=card_name(number))


def card_refs(numbers: list[str] | tuple[str, ...]) -> list[pb.CardRef]:
    return [card_ref(n) for n in numbers]
