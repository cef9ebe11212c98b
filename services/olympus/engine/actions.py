"""Answers a player can give, as small value types with a round-trippable text notation.

    >>> parse("play 009 t2")
    PlayCard(card=9, payment=Payment(steel=0, titanium=2, heat=0))
    >>> str(parse("play 009 t2"))
    'play 009 t2'

Cards are named by their printed number (`009`, `R08`, `P41`). Every answer also converts to and
from a plain dict (`to_dict` / `from_dict`) for JSON and protobuf edges. Parsing checks only the
shape; whether an answer is legal now is the decision's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards.model import card_id, card_number
from .constants import NEUTRAL
from .errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Payment:
    """What a player spends besides M€ (the M€ part is whatever remains of the cost)."""

    steel: int = 0
    titanium: int = 0
    heat: int = 0

    def text(self) -> str:
        parts = []
        if self.steel:
            parts.append(f"s{self.steel}")
        if self.titanium:
            parts.append(f"t{self.titanium}")
        if self.heat:
            parts.append(f"h{self.heat}")
        return " ".join(parts)

    def to_dict(self) -> dict[str, int]:
        return {"steel": self.steel, "titanium": self.titanium, "heat": self.heat}

    @property
    def is_empty(self) -> bool:
        return not (self.steel or self.titanium or self.heat)


NO_PAYMENT = Payment()


class Answer:
    """Base of every answer. `kind` names the family a random bot picks uniformly among."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    verb: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def __str__(self) -> str:
        raise NotImplementedError


def _with_payment(head: str, payment: Payment) -> str:
    tail = payment.text()
    return f"{head} {tail}" if tail else head


@dataclass(frozen=True, slots=True)
class PlayCard(Answer):
    card: int
    payment: Payment = NO_PAYMENT
    kind: ClassVar[str] = "play_card"
    verb: ClassVar[str] = "play"

    def __str__(self) -> str:
        return _with_payment(f"play {card_number(self.card)}", self.payment)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "card": card_number(self.card),
            "payment": self.payment.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class StandardProject(Answer):
    project: str
    payment: Payment = NO_PAYMENT
    kind: ClassVar[str] = "standard_project"
    verb: ClassVar[str] = "project"

    def __str__(self) -> str:
        return _with_payment(f"project {self.project}", self.payment)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "project": self.project, "payment": self.payment.to_dict()}


@dataclass(frozen=True, slots=True)
class ClaimMilestone(Answer):
    name: str
    payment: Payment = NO_PAYMENT
    kind: ClassVar[str] = "milestone"
    verb: ClassVar[str] = "milestone"

    def __str__(self) -> str:
        return _with_payment(f"milestone {self.name}", self.payment)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "name": self.name, "payment": self.payment.to_dict()}


@dataclass(frozen=True, slots=True)
class FundAward(Answer):
    name: str
    payment: Payment = NO_PAYMENT
    kind: ClassVar[str] = "award"
    verb: ClassVar[str] = "award"

    def __str__(self) -> str:
        return _with_payment(f"award {self.name}", self.payment)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "name": self.name, "payment": self.payment.to_dict()}


@dataclass(frozen=True, slots=True)
class UseAction(Answer):
    """Use the action of a blue card or corporation; `choice` picks among its alternatives."""

    card: int
    choice: int = 0
    payment: Payment = NO_PAYMENT
    kind: ClassVar[str] = "card_action"
    verb: ClassVar[str] = "action"

    def __str__(self) -> str:
        head = f"action {card_number(self.card)}"
        if self.choice:
            head += f" #{self.choice}"
        return _with_payment(head, self.payment)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "card": card_number(self.card),
            "choice": self.choice,
            "payment": self.payment.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class ConvertPlants(Answer):
    kind: ClassVar[str] = "convert_plants"
    verb: ClassVar[str] = "plants"

    def __str__(self) -> str:
        return "plants"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class ConvertHeat(Answer):
    kind: ClassVar[str] = "convert_heat"
    verb: ClassVar[str] = "heat"

    def __str__(self) -> str:
        return "heat"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


# Colonies: the fee words of a trade, in the order the fees are listed (M€, energy, titanium).
TRADE_FEE_WORDS = ("mc", "energy", "titanium")


@dataclass(frozen=True, slots=True)
class Trade(Answer):
    """Colonies: send a trade fleet to `tile` (the tile's name in lower case, e.g. "luna"),
    paying the fee `fee` (one of TRADE_FEE_WORDS; None: the one fee the player can pay, which
    is refused when more than one is payable). What follows the fee (a marker push, where
    resources go) stays a later decision."""

    tile: str
    fee: str | None = None
    kind: ClassVar[str] = "trade"
    verb: ClassVar[str] = "trade"

    def __str__(self) -> str:
        return f"trade {self.tile} {self.fee}" if self.fee else f"trade {self.tile}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind, "tile": self.tile}
        if self.fee:
            data["fee"] = self.fee
        return data


@dataclass(frozen=True, slots=True)
class Pass(Answer):
    """Pass for the rest of the generation (or, in the final greenery phase, finish)."""

    kind: ClassVar[str] = "pass"
    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class EndTurn(Answer):
    """After one action, end the turn without a second (the player stays in the generation)."""

    kind: ClassVar[str] = "end_turn"
    verb: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


def _cards_text(cards: tuple[int, ...]) -> str:
    return ",".join(card_number(c) for c in cards) if cards else "-"


@dataclass(frozen=True, slots=True)
class ChooseSetup(Answer):
    corporation: int
    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "setup"
    verb: ClassVar[str] = "setup"

    def __str__(self) -> str:
        return f"setup {card_number(self.corporation)} {_cards_text(self.cards)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "corporation": card_number(self.corporation),
            "cards": [card_number(c) for c in self.cards],
        }


@dataclass(frozen=True, slots=True)
class ChooseCards(Answer):
    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "cards"
    verb: ClassVar[str] = "cards"

    def __str__(self) -> str:
        return f"cards {_cards_text(self.cards)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "cards": [card_number(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class ChooseSpace(Answer):
    space: int
    kind: ClassVar[str] = "space"
    verb: ClassVar[str] = "space"

    def __str__(self) -> str:
        return f"space {self.space:02d}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "space": self.space}


@dataclass(frozen=True, slots=True)
class ChoosePlayer(Answer):
    """A target seat; None for nobody; NEUTRAL (-2) for the solo game's neutral opponent."""

    seat: int | None
    kind: ClassVar[str] = "player"
    verb: ClassVar[str] = "player"

    def __str__(self) -> str:
        if self.seat is None:
            return "player none"
        if self.seat == NEUTRAL:
            return "player neutral"
        return f"player {self.seat}"

    def to_dict(self) -> dict[str, Any]:
        seat: int | str | None = "neutral" if self.seat == NEUTRAL else self.seat
        return {"type": self.kind, "seat": seat}


@dataclass(frozen=True, slots=True)
class ChooseOption(Answer):
    index: int
    kind: ClassVar[str] = "option"
    verb: ClassVar[str] = "option"

    def __str__(self) -> str:
        return f"option {self.index}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "index": self.index}


@dataclass(frozen=True, slots=True)
class ChooseAmount(Answer):
    amount: int
    kind: ClassVar[str] = "amount"
    verb: ClassVar[str] = "amount"

    def __str__(self) -> str:
        return f"amount {self.amount}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "amount": self.amount}


# --- parsing ----------------------------------------------------------------------------------
# The notation is ASCII: a lower-case verb and its arguments separated by single spaces, with
# nothing before or after. Numbers are ASCII digits only (no sign, no `_`, no other script's
# digits, which `int()` and `\d` would take); patterns are matched whole (`fullmatch`: a `$`
# would let a final newline through).

MAX_TEXT = 1024  # longer than any answer can be (every card of the game fits in 840)
MAX_NUMBER = 10_000
MAX_CARDS = 250  # more than the game has
_CARD_RE = re.compile(r"[RPC][0-9]{2}|[0-9]{3}")
_NUMBER_RE = re.compile(r"[0-9]{1,5}")
_NAME_RE = re.compile(r"[a-z_]{1,40}")
_TOKEN_RE = re.compile(r"[\x21-\x7e]+")  # printable ASCII, no space


def _card(token: object) -> int:
    if not isinstance(token, str) or not _CARD_RE.fullmatch(token):
        raise MalformedAction(
            f"not a card number: {_shown(token)} (expected e.g. 009, R08, P41, C07)"
        )
    return card_id(token)


def _cards(token: str) -> tuple[int, ...]:
    if token == "-":
        return ()
    parts = token.split(",")
    if len(parts) > MAX_CARDS:
        raise MalformedAction(f"at most {MAX_CARDS} cards")
    return tuple(_card(t) for t in parts)


def _shown(value: object) -> str:
    """Caller input, bounded, for a message."""
    text = repr(value)
    return text if len(text) <= 24 else text[:23] + "…"


def _int(token: str, what: str) -> int:
    if not _NUMBER_RE.fullmatch(token):
        raise MalformedAction(f"{what} must be a whole number in ASCII digits, got {_shown(token)}")
    value = int(token)
    if value > MAX_NUMBER:
        raise MalformedAction(f"{what} out of range: {value}")
    return value


def _payment(tokens: list[str]) -> Payment:
    values: dict[str, int] = {}
    for tok in tokens:
        if len(tok) < 2 or tok[0] not in "sth":
            raise MalformedAction(
                f"not a payment part: {_shown(tok)} (expected s<steel>, t<titanium>, h<heat>)"
            )
        if tok[0] in values:
            raise MalformedAction(f"payment part {tok[0]!r} given twice")
        values[tok[0]] = _int(tok[1:], "payment")
    return Payment(steel=values.get("s", 0), titanium=values.get("t", 0), heat=values.get("h", 0))


def _fee(token: object) -> str:
    if token not in TRADE_FEE_WORDS:
        raise MalformedAction(
            f"not a trade fee: {_shown(token)} (expected {', '.join(TRADE_FEE_WORDS)})"
        )
    assert isinstance(token, str)
    return token


def _name(tokens: list[str], verb: str) -> str:
    if not tokens or not _NAME_RE.fullmatch(tokens[0]):
        raise MalformedAction(f"{verb} needs a lower-case name")
    return tokens[0]


def _tokens(text: str) -> list[str]:
    """The words of an answer, refusing anything but single spaces between printable ASCII."""
    if len(text) > MAX_TEXT:
        raise MalformedAction(f"an answer is at most {MAX_TEXT} characters")
    if not text:
        raise MalformedAction("empty answer")
    tokens = text.split(" ")
    if not all(_TOKEN_RE.fullmatch(t) for t in tokens):
        raise MalformedAction(
            "an answer is printable ASCII words separated by single spaces, "
            "with nothing before or after"
        )
    return tokens


_SIMPLE: dict[str, Answer] = {
    "plants": ConvertPlants(),
    "heat": ConvertHeat(),
    "pass": Pass(),
    "end": EndTurn(),
}


def parse(text: str) -> Answer:
    """Parse the text notation of an answer; raises MalformedAction."""
    if not isinstance(text, str):
        raise MalformedAction("an answer must be text")
    tokens = _tokens(text)
    verb, rest = tokens[0], tokens[1:]
    if verb == "play":
        if not rest:
            raise MalformedAction("play needs a card number")
        return PlayCard(_card(rest[0]), _payment(rest[1:]))
    if verb == "project":
        return StandardProject(_name(rest, verb), _payment(rest[1:]))
    if verb == "milestone":
        return ClaimMilestone(_name(rest, verb), _payment(rest[1:]))
    if verb == "award":
        return FundAward(_name(rest, verb), _payment(rest[1:]))
    if verb == "action":
        if not rest:
            raise MalformedAction("action needs a card number")
        choice = 0
        tail = rest[1:]
        if tail and tail[0].startswith("#"):
            choice = _int(tail[0][1:], "action choice")
            tail = tail[1:]
        return UseAction(_card(rest[0]), choice, _payment(tail))
    if verb == "trade":
        if not 1 <= len(rest) <= 2:
            raise MalformedAction("trade needs a tile and, unless only one is payable, a fee")
        return Trade(_name(rest, verb), _fee(rest[1]) if len(rest) == 2 else None)
    if verb in _SIMPLE:
        if rest:
            raise MalformedAction(f"{verb} takes no arguments")
        return _SIMPLE[verb]
    if verb == "setup":
        if len(rest) != 2:
            raise MalformedAction("setup needs a corporation and a card list (or -)")
        return ChooseSetup(_card(rest[0]), _cards(rest[1]))
    if verb not in ("cards", "space", "player", "option", "amount"):
        raise MalformedAction(f"unknown answer {_shown(verb)}")
    if len(rest) != 1:
        raise MalformedAction(f"{verb!r} needs exactly one argument")
    arg = rest[0]
    if verb == "cards":
        return ChooseCards(_cards(arg))
    if verb == "space":
        return ChooseSpace(_int(arg, "space"))
    if verb == "player":
        if arg == "none":
            return ChoosePlayer(None)
        if arg == "neutral":
            return ChoosePlayer(NEUTRAL)
        return ChoosePlayer(_int(arg, "player"))
    if verb == "option":
        return ChooseOption(_int(arg, "option"))
    return ChooseAmount(_int(arg, "amount"))


def from_dict(data: Any) -> Answer:
    """Build an answer from its dict form (as produced by `Answer.to_dict`)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedAction("an answer object needs a string 'type'")
    kind = data["type"]

    def pay() -> Payment:
        raw = data.get("payment") or {}
        if not isinstance(raw, dict) or set(raw) - {"steel", "titanium", "heat"}:
            raise MalformedAction("payment must be an object of steel, titanium, heat")
        vals = {}
        for k in ("steel", "titanium", "heat"):
            vals[k] = _whole(raw.get(k, 0), f"payment {k}")
        return Payment(**vals)

    def name(key: str) -> str:
        v = data.get(key)
        if not isinstance(v, str) or not _NAME_RE.fullmatch(v):
            raise MalformedAction(f"{kind} needs a lower-case name {key!r}")
        return v

    def integer(key: str, default: int | None = None) -> int:
        return _whole(data.get(key, default), f"{kind} {key!r}")

    def card_list(key: str) -> tuple[int, ...]:
        v = data.get(key, [])
        if not isinstance(v, list | tuple):
            raise MalformedAction(f"{kind} needs a list {key!r}")
        if len(v) > MAX_CARDS:
            raise MalformedAction(f"at most {MAX_CARDS} cards")
        return tuple(_card(c) for c in v)

    if kind == "play_card":
        return PlayCard(_card(data.get("card")), pay())
    if kind == "standard_project":
        return StandardProject(name("project"), pay())
    if kind == "milestone":
        return ClaimMilestone(name("name"), pay())
    if kind == "award":
        return FundAward(name("name"), pay())
    if kind == "card_action":
        return UseAction(_card(data.get("card")), integer("choice", 0), pay())
    if kind == "convert_plants":
        return ConvertPlants()
    if kind == "convert_heat":
        return ConvertHeat()
    if kind == "pass":
        return Pass()
    if kind == "end_turn":
        return EndTurn()
    if kind == "trade":
        fee = data.get("fee")
        return Trade(name("tile"), None if fee is None else _fee(fee))
    if kind == "setup":
        return ChooseSetup(_card(data.get("corporation")), card_list("cards"))
    if kind == "cards":
        return ChooseCards(card_list("cards"))
    if kind == "space":
        return ChooseSpace(integer("space"))
    if kind == "player":
        seat = data.get("seat")
        if seat is None:
            return ChoosePlayer(None)
        if seat == "neutral":
            return ChoosePlayer(NEUTRAL)
        return ChoosePlayer(integer("seat"))
    if kind == "option":
        return ChooseOption(integer("index"))
    if kind == "amount":
        return ChooseAmount(integer("amount"))
    raise MalformedAction(f"unknown answer type {_shown(kind)}")


def _whole(value: object, what: str) -> int:
    """A whole number from the dict form: an int (not a bool, not a string), 0 to MAX_NUMBER."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
        raise MalformedAction(f"{what} must be a whole number from 0 to {MAX_NUMBER}")
    return value
