"""Filtering, paging and lookups over card definitions: plain data in, plain data out.

The gRPC servicer and the `olympus cards` command both go through here, so a filter means the
same thing and a bad one gets the same message wherever it is asked.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields

from olympus.engine import constants
from olympus.engine.cards import catalogue
from olympus.engine.cards.model import ACTIVE, AUTOMATED, CORPORATION, EVENT, PRELUDE, CardDef

# The vocabularies are the game's, not the present data's: asking for prelude cards is a fair
# question with an empty answer while no prelude is in the catalogue, not a mistake.
MODULES = ("base", "corpera", "prelude", "colonies", "venus")
KINDS = ("project", "corporation", "prelude")
TYPES = (AUTOMATED, ACTIVE, EVENT, CORPORATION, PRELUDE)
# Cards do not list "event" among their tags (events are a type), so a tag filter on it would
# silently match nothing; it is refused with a pointer to the type filter instead.
TAGS = tuple(t for t in constants.TAGS if t != "event")
REQUIREMENT_KINDS = (
    "temperature",
    "oxygen",
    "oceans",
    "tag",
    "production",
    "greeneries",
    "cities",
    "colonies",
    "floaters",
    "venus",  # Venus Next: the Venus scale (`venus>=8`)
    "tr",  # Venus Next: the player's own terraform rating (Terraforming Contract)
)

# A card number as people write it: `009` or `9`, `R08` or `r08`, `C07` (ASCII digits only).
CARD_NUMBER_RE = re.compile(r"[0-9]{1,3}|[RrPpCc][0-9]{2}")
# What `_encode_token` issues: unpadded URL-safe base64 (the decoder would skip other bytes).
_PAGE_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,200}")

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 250


class InvalidQuery(ValueError):
    """A filter, page size, page token or lookup key the catalogue cannot accept."""


class CardNotFound(LookupError):
    """No card has the number or name asked for."""


def _check_choice(field: str, value: str | None, allowed: tuple[str, ...]) -> None:
    if value is None or value in allowed:
        return
    hint = (
        " (events are a type: filter with type=event)"
        if field == "tag" and value == "event"
        else ""
    )
    raise InvalidQuery(f"unknown {field} {value!r}: expected one of {', '.join(allowed)}{hint}")


@dataclass(frozen=True, slots=True)
class CardQuery:
    """Filters a card must all pass; None means "any". A CardQuery is always valid."""

    module: str | None = None
    kind: str | None = None
    type: str | None = None
    tag: str | None = None
    min_cost: int | None = None
    max_cost: int | None = None
    requirement_kind: str | None = None
    search: str | None = None

    def __post_init__(self) -> None:
        _check_choice("module", self.module, MODULES)
        _check_choice("kind", self.kind, KINDS)
        _check_choice("type", self.type, TYPES)
        _check_choice("tag", self.tag, TAGS)
        _check_choice("requirement kind", self.requirement_kind, REQUIREMENT_KINDS)
        for name in ("min_cost", "max_cost"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise InvalidQuery(f"{name} must not be negative, got {value}")
        if (
            self.min_cost is not None
            and self.max_cost is not None
            and self.min_cost > self.max_cost
        ):
            raise InvalidQuery(f"min_cost {self.min_cost} is greater than max_cost {self.max_cost}")

    @classmethod
    def parse(
        cls,
        *,
        module: str | None = None,
        kind: str | None = None,
        type: str | None = None,
        tag: str | None = None,
        min_cost: int | None = None,
        max_cost: int | None = None,
        requirement_kind: str | None = None,
        search: str | None = None,
    ) -> CardQuery:
        """A query from what a person typed: case and surrounding spaces do not matter, and an
        empty value means no filter."""
        return cls(
            module=_word(module),
            kind=_word(kind),
            type=_word(type),
            tag=_word(tag),
            min_cost=min_cost,
            max_cost=max_cost,
            requirement_kind=_word(requirement_kind),
            search=" ".join(search.split()) if search and search.strip() else None,
        )

    def matches(self, card: CardDef) -> bool:
        if self.module is not None and card.module != self.module:
            return False
        if self.kind is not None and card.kind != self.kind:
            return False
        if self.type is not None and card.type != self.type:
            return False
        if self.tag is not None and self.tag not in card.tags:
            return False
        if self.min_cost is not None and (card.cost is None or card.cost < self.min_cost):
            return False
        if self.max_cost is not None and (card.cost is None or card.cost > self.max_cost):
            return False
        if self.requirement_kind is not None and all(
            r.kind != self.requirement_kind for r in card.requirements
        ):
            return False
        if self.search is not None:
            text = f"{card.name}\n{card.summary}".lower()
            return all(word in text for word in self.search.lower().split())
        return True

    def fingerprint(self) -> str:
        """A short digest of the filters, so a page token cannot be replayed on other filters."""
        values = [getattr(self, f.name) for f in fields(self)]
        return hashlib.blake2s(json.dumps(values).encode(), digest_size=6).hexdigest()


def _word(value: str | None) -> str | None:
    # Only spaces are forgiven: a newline or tab around a word is a mistake worth reporting,
    # and every vocabulary is ASCII (so `lower()` cannot turn another script into a match).
    if value is None or not value.strip(" "):
        return None
    word = value.strip(" ")
    return word.lower() if word.isascii() else word


@dataclass(frozen=True, slots=True)
class Page:
    cards: tuple[CardDef, ...]
    next_page_token: str  # "" on the last page
    total_count: int  # matching cards over all pages


def _encode_token(offset: int, query: CardQuery) -> str:
    raw = json.dumps({"o": offset, "q": query.fingerprint()}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode_token(token: str, query: CardQuery, total: int) -> int:
    """The offset a token stands for; InvalidQuery for anything this module did not issue for
    these filters (a token is opaque to clients: they hand back what they were given)."""
    bad = InvalidQuery("page_token is not a token this catalogue issued for these filters")
    if not _PAGE_TOKEN_RE.fullmatch(token):
        raise bad
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        data = json.loads(raw)
    except (binascii.Error, ValueError) as exc:
        raise bad from exc
    if not isinstance(data, dict) or data.get("q") != query.fingerprint():
        raise bad
    offset = data.get("o")
    # Tokens are only issued for offsets strictly inside the result.
    if not isinstance(offset, int) or isinstance(offset, bool) or not 0 < offset < total:
        raise bad
    return offset


def normalise_number(number: str) -> str | None:
    """`009`, `9` → `009`; `r08` → `R08`; None when `number` is not a card number's form."""
    if not CARD_NUMBER_RE.fullmatch(number):
        return None
    key = number.upper()
    return key.zfill(3) if key.isdigit() else key


class Catalogue:
    """A fixed set of cards, kept in card-number order, with lookups by number and name."""

    def __init__(self, cards: Iterable[CardDef]) -> None:
        # Card ids order projects (001...), then corporations (R..), then preludes (P..).
        self.cards: tuple[CardDef, ...] = tuple(sorted(cards, key=lambda c: c.id))
        self._by_number = {c.number: c for c in self.cards}
        self._by_name = {c.name.lower(): c for c in self.cards}

    @classmethod
    def from_engine(cls) -> Catalogue:
        """The engine's own catalogue: the cards games are played with."""
        return cls(catalogue.all_cards().values())

    def select(self, query: CardQuery) -> list[CardDef]:
        """Every card matching the query, in card-number order."""
        return [c for c in self.cards if query.matches(c)]

    def page(self, query: CardQuery, page_size: int = 0, page_token: str = "") -> Page:
        """One page of `select(query)`. `page_size` 0 means the default; the token comes from
        the previous page of the same query ("" for the first)."""
        if page_size == 0:
            page_size = DEFAULT_PAGE_SIZE
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise InvalidQuery(
                f"page_size must be between 1 and {MAX_PAGE_SIZE} "
                f"(or 0 for the default {DEFAULT_PAGE_SIZE}), got {page_size}"
            )
        found = self.select(query)
        start = _decode_token(page_token, query, len(found)) if page_token else 0
        end = start + page_size
        next_token = _encode_token(end, query) if end < len(found) else ""
        return Page(tuple(found[start:end]), next_token, len(found))

    def get(self, *, number: str | None = None, name: str | None = None) -> CardDef:
        """A card by printed number or by name (case-insensitive): exactly one must be given."""
        number = number if number and number.strip() else None
        name = name if name and name.strip() else None
        if number is None and name is None:
            raise InvalidQuery("give a card number or a card name")
        if number is not None and name is not None:
            raise InvalidQuery("give a card number or a card name, not both")
        if number is not None:
            key = normalise_number(number)
            if key is None:
                raise InvalidQuery(
                    f"not a card number: {_shown(number)} (expected e.g. 009, 9, R08, P41)"
                )
            card = self._by_number.get(key)
            if card is None:
                raise CardNotFound(f"no card numbered {number!r}")
            return card
        assert name is not None
        card = self._by_name.get(name.strip().lower())
        if card is None:
            raise CardNotFound(f"no card named {name.strip()!r}")
        return card

    def find(self, key: str) -> CardDef:
        """A card by number or, failing that, by name: what a person types on the command line."""
        if not key.strip():
            raise InvalidQuery("give a card number or a card name")
        number = normalise_number(key)
        card = self._by_number.get(number) if number is not None else None
        if card is None:
            card = self._by_name.get(key.strip().lower())
        if card is None:
            raise CardNotFound(f"no card numbered or named {_shown(key.strip())}")
        return card


def _shown(value: str) -> str:
    """Caller input, bounded, for a message."""
    text = repr(value)
    return text if len(text) <= 42 else text[:41] + "…"
