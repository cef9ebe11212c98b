"""Decisions: who must answer what, with every legal answer enumerable.

A decision is computed from the frame on top of the game's stack (or, in simultaneous phases,
from the players still to answer), so it is data derived from the state, never a callback.
Each kind offers the same four things:

  legal_actions()  every legal answer (lazily, some kinds have many)
  check(answer)    raise IllegalAction naming the reason, or return
  sample(rnd)      a random legal answer: uniform over answer kinds, then within the kind
  to_dict()        the structured options a client or bot needs
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from math import comb
from typing import Any

from .actions import (
    Answer,
    ChooseAmount,
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    ChooseSpace,
)
from .cards.model import card_number
from .constants import NEUTRAL
from .errors import IllegalAction
from .prompts import Prompt, english_text, prompt


def _wrong_kind(answer: Answer, expected: str) -> IllegalAction:
    return IllegalAction(
        f"this decision wants a {expected!r} answer, got {answer.kind!r}", code="wrong_answer_kind"
    )


class Decision:
    """Base class. `player` is the seat that must answer. `prompt` is the question in English;
    given as a Prompt, it also has a code and parameters a client words in its own language
    (`prompt_code` empty for a prompt given as plain text)."""

    kind = ""
    __slots__ = ("player", "prompt", "prompt_code", "prompt_params", "source", "undoable")

    def __init__(self, player: int, prompt: str | Prompt, source: int = 0) -> None:
        self.player = player
        self.prompt = english_text(prompt)
        self.prompt_code = prompt.code if isinstance(prompt, Prompt) else ""
        self.prompt_params = prompt.sent_params if isinstance(prompt, Prompt) else {}
        self.source = source  # the card that asks, 0 for rules
        self.undoable = 0  # how many answers the seat may take back now (the undo option)

    def legal_actions(self) -> Iterator[Answer]:
        raise NotImplementedError

    def check(self, answer: Answer) -> None:
        raise NotImplementedError

    def sample(self, rnd: random.Random) -> Answer:
        return rnd.choice(list(self.legal_actions()))

    def count(self) -> int:
        return sum(1 for _ in self.legal_actions())

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt}
        if self.source:
            data["source"] = card_number(self.source)
        if self.undoable:
            data["undoable"] = self.undoable
        data.update(self._options())
        return data

    def _options(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} player={self.player} {self.prompt!r}>"


class SelectSpace(Decision):
    kind = "space"
    __slots__ = ("spaces", "tile")

    def __init__(
        self, player: int, prompt: str | Prompt, spaces: Sequence[int], tile: str, source: int = 0
    ) -> None:
        super().__init__(player, prompt, source)
        self.spaces = tuple(spaces)
        self.tile = tile

    def legal_actions(self) -> Iterator[Answer]:
        return (ChooseSpace(s) for s in self.spaces)

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChooseSpace):
            raise _wrong_kind(answer, self.kind)
        if answer.space not in self.spaces:
            raise IllegalAction(
                f"a {self.tile} tile cannot go on space {answer.space:02d}",
                code="illegal_space",
                details={"space": str(answer.space)},
            )

    def sample(self, rnd: random.Random) -> Answer:
        return ChooseSpace(rnd.choice(self.spaces))

    def count(self) -> int:
        return len(self.spaces)

    def _options(self) -> dict[str, Any]:
        return {"tile": self.tile, "spaces": list(self.spaces)}


class SelectPlayer(Decision):
    """Pick a target seat; None (nobody) is offered only when the effect may be skipped."""

    kind = "player"
    __slots__ = ("seats",)

    def __init__(
        self, player: int, prompt: str | Prompt, seats: Sequence[int | None], source: int = 0
    ) -> None:
        super().__init__(player, prompt, source)
        self.seats = tuple(seats)

    def legal_actions(self) -> Iterator[Answer]:
        return (ChoosePlayer(s) for s in self.seats)

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChoosePlayer):
            raise _wrong_kind(answer, self.kind)
        if answer.seat not in self.seats:
            raise IllegalAction(
                f"player {answer.seat} is not a legal target here", code="illegal_target"
            )

    def sample(self, rnd: random.Random) -> Answer:
        return ChoosePlayer(rnd.choice(self.seats))

    def count(self) -> int:
        return len(self.seats)

    def _options(self) -> dict[str, Any]:
        return {"seats": ["neutral" if s == NEUTRAL else s for s in self.seats]}


class SelectOption(Decision):
    """Pick one labelled alternative; `enabled` lists the indices that can be carried out.
    A label given as a Prompt also has a code a client words (`label_prompts`, None for one
    given as English text)."""

    kind = "option"
    __slots__ = ("enabled", "label_prompts", "labels")

    def __init__(
        self,
        player: int,
        prompt: str | Prompt,
        labels: Sequence[str | Prompt],
        enabled: Sequence[int],
        source: int = 0,
    ) -> None:
        super().__init__(player, prompt, source)
        self.labels = tuple(english_text(label) for label in labels)
        self.label_prompts = tuple(label if isinstance(label, Prompt) else None for label in labels)
        self.enabled = tuple(enabled)

    def legal_actions(self) -> Iterator[Answer]:
        return (ChooseOption(i) for i in self.enabled)

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChooseOption):
            raise _wrong_kind(answer, self.kind)
        if answer.index not in self.enabled:
            raise IllegalAction(f"option {answer.index} is not available", code="illegal_option")

    def sample(self, rnd: random.Random) -> Answer:
        return ChooseOption(rnd.choice(self.enabled))

    def count(self) -> int:
        return len(self.enabled)

    def _options(self) -> dict[str, Any]:
        return {
            "options": [
                {"index": i, "label": label, "enabled": i in self.enabled}
                for i, label in enumerate(self.labels)
            ]
        }


class SelectAmount(Decision):
    kind = "amount"
    __slots__ = ("maximum", "minimum")

    def __init__(
        self, player: int, prompt: str | Prompt, minimum: int, maximum: int, source: int = 0
    ) -> None:
        super().__init__(player, prompt, source)
        self.minimum = minimum
        self.maximum = maximum

    def legal_actions(self) -> Iterator[Answer]:
        return (ChooseAmount(n) for n in range(self.minimum, self.maximum + 1))

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChooseAmount):
            raise _wrong_kind(answer, self.kind)
        if not self.minimum <= answer.amount <= self.maximum:
            raise IllegalAction(
                f"amount must be between {self.minimum} and {self.maximum}", code="illegal_amount"
            )

    def sample(self, rnd: random.Random) -> Answer:
        return ChooseAmount(rnd.randint(self.minimum, self.maximum))

    def count(self) -> int:
        return self.maximum - self.minimum + 1

    def _options(self) -> dict[str, Any]:
        return {"min": self.minimum, "max": self.maximum}


def _check_card_set(chosen: tuple[int, ...], offered: Sequence[int]) -> None:
    if len(set(chosen)) != len(chosen):
        raise IllegalAction("a card is named twice", code="duplicate_card")
    offered_set = set(offered)
    for c in chosen:
        if c not in offered_set:
            raise IllegalAction(
                f"card {card_number(c)} is not on offer",
                code="card_not_offered",
                details={"card": card_number(c)},
            )


def _subsets(cards: Sequence[int], lo: int, hi: int) -> Iterator[tuple[int, ...]]:
    for k in range(lo, hi + 1):
        yield from itertools.combinations(cards, k)


def _sample_subset(rnd: random.Random, cards: Sequence[int], lo: int, hi: int) -> tuple[int, ...]:
    """Uniform over all subsets of size lo..hi, without listing them."""
    if lo == hi:
        return tuple(sorted(rnd.sample(list(cards), lo), key=list(cards).index))
    weights = [comb(len(cards), k) for k in range(lo, hi + 1)]
    k = rnd.choices(range(lo, hi + 1), weights=weights)[0]
    picked = set(rnd.sample(list(cards), k))
    return tuple(c for c in cards if c in picked)


class SelectCards(Decision):
    """Pick between `minimum` and `maximum` of the offered cards (each costing `cost_each`)."""

    kind = "cards"
    __slots__ = ("cards", "cost_each", "maximum", "minimum", "purpose")

    def __init__(
        self,
        player: int,
        prompt: str | Prompt,
        cards: Sequence[int],
        minimum: int,
        maximum: int,
        cost_each: int = 0,
        purpose: str = "",
        source: int = 0,
    ) -> None:
        super().__init__(player, prompt, source)
        self.cards = tuple(cards)
        self.minimum = minimum
        self.maximum = min(maximum, len(self.cards))
        self.cost_each = cost_each
        self.purpose = purpose

    def legal_actions(self) -> Iterator[Answer]:
        return (ChooseCards(s) for s in _subsets(self.cards, self.minimum, self.maximum))

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChooseCards):
            raise _wrong_kind(answer, self.kind)
        _check_card_set(answer.cards, self.cards)
        n = len(answer.cards)
        if n < self.minimum or n > self.maximum:
            if self.cost_each and n > self.maximum:
                raise IllegalAction(
                    f"you can afford at most {self.maximum} card(s) at {self.cost_each} M€",
                    code="cannot_afford",
                )
            raise IllegalAction(
                f"choose between {self.minimum} and {self.maximum} card(s), not {n}",
                code="wrong_card_count",
            )

    def sample(self, rnd: random.Random) -> Answer:
        return ChooseCards(_sample_subset(rnd, self.cards, self.minimum, self.maximum))

    def count(self) -> int:
        return sum(comb(len(self.cards), k) for k in range(self.minimum, self.maximum + 1))

    def _options(self) -> dict[str, Any]:
        return {
            "cards": [card_number(c) for c in self.cards],
            "min": self.minimum,
            "max": self.maximum,
            "cost_each": self.cost_each,
            "purpose": self.purpose,
        }


_SETUP_PROMPT = prompt("setup")


class SelectSetup(Decision):
    """Choose a corporation and the opening cards to buy (3 M€ each, 5 for Polyphemos, free
    for Beginner)."""

    kind = "setup"
    __slots__ = ("cards", "corporations", "max_cards")

    def __init__(
        self,
        player: int,
        corporations: dict[int, int],
        cards: Sequence[int],
        prompt: str | Prompt = _SETUP_PROMPT,
    ) -> None:
        super().__init__(player, prompt)
        self.corporations = corporations  # corporation id -> how many cards it can afford
        self.cards = tuple(cards)

    def legal_actions(self) -> Iterator[Answer]:
        for corp, most in self.corporations.items():
            for subset in _subsets(self.cards, 0, min(most, len(self.cards))):
                yield ChooseSetup(corp, subset)

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ChooseSetup):
            raise _wrong_kind(answer, self.kind)
        if answer.corporation not in self.corporations:
            raise IllegalAction(
                f"corporation {card_number(answer.corporation)} was not dealt to you",
                code="corporation_not_offered",
                details={"corporation": card_number(answer.corporation)},
            )
        _check_card_set(answer.cards, self.cards)
        most = self.corporations[answer.corporation]
        if len(answer.cards) > most:
            raise IllegalAction(
                f"{card_number(answer.corporation)} can pay for at most {most} card(s)",
                code="cannot_afford",
            )

    def sample(self, rnd: random.Random) -> Answer:
        corp = rnd.choice(list(self.corporations))
        most = min(self.corporations[corp], len(self.cards))
        return ChooseSetup(corp, _sample_subset(rnd, self.cards, 0, most))

    def count(self) -> int:
        return sum(
            sum(comb(len(self.cards), k) for k in range(0, min(m, len(self.cards)) + 1))
            for m in self.corporations.values()
        )

    def _options(self) -> dict[str, Any]:
        return {
            "corporations": [
                {"card": card_number(c), "max_cards": m} for c, m in self.corporations.items()
            ],
            "cards": [card_number(c) for c in self.cards],
        }
