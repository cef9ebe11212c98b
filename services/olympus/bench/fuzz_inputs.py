"""Malformed and illegal SubmitAction requests for one decision, for `olympus.bench.fuzz`.

Each `Attempt` is a serialized request (bytes: some are not valid protobuf at all), the family
it comes from (for the report), and whether the service must refuse it. Almost every family
builds requests no rule allows: a respelled legal answer, a card not offered, a payment nobody
can make, a stale version, another seat's token... The few that may by chance be legal (random
junk text that happens to parse, random structured answers) say so, and an accepted one simply
moves the game on.

The names of today's protobuf API that the families rely on are gathered in the first section
(answer fields per decision kind, oneof names), so that a renamed field is adapted in one place;
random structured answers are built from the message descriptors and follow the proto as it is.
"""

from __future__ import annotations

import random
import secrets
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import descriptor
from google.protobuf.message import Message

from olympus.client import wire
from olympus.engine import MalformedAction, from_dict, parse
from olympus.engine.actions import MAX_NUMBER, MAX_TEXT, TRADE_FEE_WORDS
from olympus.engine.cards.catalogue import all_cards
from olympus.engine.colonies import tile_word
from olympus.engine.colony_tiles import TILE_NAMES
from olympus.engine.constants import STANDARD_PROJECTS
from olympus.engine.milestones import AWARDS, MILESTONES
from olympus.v1 import game_pb2 as pb

# --- the thin layer over today's proto ---------------------------------------------------------

ANSWER_ONEOF = "kind"  # pb.Answer's oneof
# The Answer fields (and text verbs) that may answer each kind of decision.
ANSWER_FIELDS: dict[str, frozenset[str]] = {
    "action": frozenset(
        {
            "play_card",
            "standard_project",
            "milestone",
            "award",
            "card_action",
            "convert_plants",
            "convert_heat",
            "pass_turn",
            "end_turn",
            "trade",  # Colonies games: the older empty trade (refused: no tile)
            "trade_with",  # Colonies games
        }
    ),
    "setup": frozenset({"setup"}),
    "cards": frozenset({"cards"}),
    "space": frozenset({"space"}),
    "player": frozenset({"player"}),
    "option": frozenset({"option"}),
    "amount": frozenset({"amount"}),
    "final_greenery": frozenset({"convert_plants", "pass_turn"}),
}
TEXT_VERBS: dict[str, frozenset[str]] = {
    "action": frozenset(
        {
            *("play", "project", "milestone", "award", "action"),
            *("plants", "heat", "pass", "end", "trade"),
        }
    ),
    "setup": frozenset({"setup"}),
    "cards": frozenset({"cards"}),
    "space": frozenset({"space"}),
    "player": frozenset({"player"}),
    "option": frozenset({"option"}),
    "amount": frozenset({"amount"}),
    "final_greenery": frozenset({"plants", "pass"}),
}
DECISION_KINDS = tuple(ANSWER_FIELDS)
TRADE_TILE_WORDS = tuple(tile_word(n) for n in TILE_NAMES)


def request_bytes(
    *,
    game_id: str,
    token: str,
    version: int,
    key: str,
    text: str | None = None,
    structured: pb.Answer | None = None,
) -> bytes:
    msg = pb.SubmitActionRequest(
        game_id=game_id, token=token, expected_version=version, idempotency_key=key
    )
    if structured is not None:
        msg.structured.CopyFrom(structured)
    elif text is not None:
        msg.text = text
    return msg.SerializeToString()


# --- what an attempt knows -----------------------------------------------------------------------

ALL_CARDS = tuple(sorted(c.number for c in all_cards().values()))
PROJECTS = tuple(STANDARD_PROJECTS)
MILESTONE_NAMES = tuple(sorted({n for names in MILESTONES.values() for n in names}))
AWARD_NAMES = tuple(sorted({n for names in AWARDS.values() for n in names}))
OVERLONG = (MAX_TEXT, MAX_TEXT + 1, 2_000, 4_096, 8_192, 17_000, 65_536)
INT32_EDGES = (-(2**31), -(2**31) + 1, -1, 0, 1, 63, 2**31 - 1)
INT64_EDGES = (-(2**63), -1, 0, 2**62, 2**63 - 1)
DIGIT_SCRIPTS = ("٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "०१२३४५६७८९", "０１２３４５６７８９", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗")
ODD_CHARS = "\n\r\t\x00\x1b\x7f\u00a0\u200b\u200f\u202e\u2066\ufeff\u2028é名🚀"


@dataclass(frozen=True, slots=True)
class Situation:
    """One pending decision of a fuzzed game, and the means to answer it."""

    game_id: str
    version: int
    token: str  # the deciding seat's
    idle_tokens: tuple[str, ...]  # seats with nothing to decide now
    host_token: str
    foreign_token: str  # a seat token of another game
    foreign_game_id: str
    decision: dict[str, Any]  # the SDK's dict form
    legal: dict[str, Any]  # a legal answer, the engine's dict form

    @property
    def kind(self) -> str:
        return str(self.decision["kind"])

    @property
    def legal_text(self) -> str:
        return str(from_dict(self.legal))

    def submit(self, key: str | None = None, **fields: Any) -> bytes:
        """A SubmitActionRequest for this decision, with the given fields replaced. The key is
        fresh unless given: a key seen before would replay its first result."""
        base: dict[str, Any] = {
            "game_id": self.game_id,
            "token": self.token,
            "version": self.version,
            "key": secrets.token_hex(8) if key is None else key,
        }
        return request_bytes(**{**base, **fields})


@dataclass(frozen=True, slots=True)
class Attempt:
    family: str
    request: bytes
    must_refuse: bool
    preview: str = field(default="")  # what to show in a report


Family = Callable[[Situation, random.Random], Iterator[Attempt]]
# A field's descriptor: protobuf's Python class or its upb twin, which the stubs tell apart.
FieldDescriptor = Any


# --- text notation -----------------------------------------------------------------------------


def _parses(text: str) -> bool:
    try:
        parse(text)
    except MalformedAction:
        return False
    return True


def _text(s: Situation, family: str, text: str, must_refuse: bool = True) -> Attempt:
    return Attempt(family, s.submit(text=text), must_refuse, text[:60])


def junk_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    alphabet = rnd.choice(
        (string.printable, string.ascii_lowercase + " ", ODD_CHARS + "ab 01", "play 0129,#st ")
    )
    text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 60)))
    # Junk that happens to be well formed might be legal: the service may then accept it.
    yield _text(s, "text.junk", text, must_refuse=not _parses(text))


def respelled_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """The legal answer, spelled in ways the notation does not allow."""
    legal = s.legal_text
    digits = rnd.choice(DIGIT_SCRIPTS)
    variants = [
        legal + "\n",
        legal + " ",
        " " + legal,
        "\t" + legal,
        legal.upper(),
        legal.replace(" ", "  "),
        legal.replace(" ", "\u00a0"),
        legal + rnd.choice(ODD_CHARS),
        legal.translate(str.maketrans("0123456789", digits)),
        " ".join("+" + w if w[:1].isdigit() else w for w in legal.split(" ")),
        " ".join(w[:1] + "_" + w[1:] if w[1:2].isdigit() else w for w in legal.split(" ")),
    ]
    variants = [v for v in variants if v != legal]
    yield _text(s, "text.respelled", rnd.choice(variants))


def overlong_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    size = rnd.choice(OVERLONG)
    unit = rnd.choice((s.legal_text + " ", "x", "001,", "s1 ", "٤"))
    yield _text(s, "text.overlong", (unit * (size // len(unit) + 1))[:size])


def odd_numbers(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """A verb this decision takes, with a number no spelling rule allows."""
    verb = rnd.choice(
        sorted(TEXT_VERBS[s.kind] & {"space", "player", "option", "amount"}) or ["space"]
    )
    number = rnd.choice(
        (
            "9" * rnd.randint(6, 40),
            str(MAX_NUMBER + rnd.randint(1, 10**6)),
            f"-{rnd.randint(0, 99)}",
            f"+{rnd.randint(0, 99)}",
            f"{rnd.randint(1, 9)}_{rnd.randint(0, 9)}",
            f"{rnd.randint(0, 9)}.{rnd.randint(0, 9)}",
            "1e3",
            "0x1f",
            str(rnd.randint(0, 99)).translate(
                str.maketrans("0123456789", rnd.choice(DIGIT_SCRIPTS))
            ),
            "",
            "NaN",
        )
    )
    yield _text(s, "text.numbers", f"{verb} {number}")


def wrong_kind_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    others = {
        "play": f"play {rnd.choice(ALL_CARDS)}",
        "project": f"project {rnd.choice(PROJECTS)}",
        "milestone": f"milestone {rnd.choice(MILESTONE_NAMES)}",
        "award": f"award {rnd.choice(AWARD_NAMES)}",
        "action": f"action {rnd.choice(ALL_CARDS)}",
        "plants": "plants",
        "heat": "heat",
        "pass": "pass",
        "end": "end",
        "setup": f"setup {rnd.choice(ALL_CARDS)} -",
        "cards": "cards -",
        "space": f"space {rnd.randint(0, 62)}",
        "player": f"player {rnd.randint(0, 4)}",
        "option": f"option {rnd.randint(0, 3)}",
        "amount": f"amount {rnd.randint(0, 9)}",
    }
    verb = rnd.choice(sorted(set(others) - TEXT_VERBS[s.kind]))
    yield _text(s, "text.wrong_kind", others[verb])


def not_offered_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """A well-formed answer of the right kind naming something the decision does not offer."""
    d = s.decision
    options: list[str] = []
    if s.kind == "action":
        options += [f"play {c}" for c in _absent(ALL_CARDS, {p["card"] for p in d["play"]}, rnd)]
        offered = {p["project"] for p in d["standard_projects"]}
        options += [f"project {p}" for p in PROJECTS if p not in offered]
        options += [f"milestone {m}" for m in MILESTONE_NAMES if m not in _names(d["milestones"])]
        options += [f"award {a}" for a in AWARD_NAMES if a not in _names(d["awards"])]
        with_actions = {a["card"] for a in d["card_actions"]}
        options += [f"action {c}" for c in _absent(ALL_CARDS, with_actions, rnd)]
        options += [f"action {a['card']} #{len(a['choices']) + 3}" for a in d["card_actions"]]
        for flag, text in (("convert_plants", "plants"), ("convert_heat", "heat")):
            if not d[flag]:
                options.append(text)
        if not d["end_turn"]:
            options.append("end")
        listed = {(t["tile"], t["fee"]) for t in d.get("trades", ())}
        absent = [
            f"trade {tile} {fee}"
            for tile in TRADE_TILE_WORDS
            for fee in TRADE_FEE_WORDS
            if (tile, fee) not in listed
        ]
        options.append(rnd.choice(absent))
        if not d["pass"]:
            options.append("pass")
    elif s.kind == "setup":
        corps = {c["card"] for c in d["corporations"]}
        options += [f"setup {c} -" for c in _absent(ALL_CARDS, corps, rnd)]
        strangers = _absent(ALL_CARDS, set(d["cards"]), rnd)
        options += [f"setup {next(iter(corps))} {c}" for c in strangers]
    elif s.kind == "cards":
        options += [f"cards {c}" for c in _absent(ALL_CARDS, set(d["cards"]), rnd)]
        if len(d["cards"]) > d["max"]:
            options.append("cards " + ",".join(d["cards"][: d["max"] + 1]))
        if d["min"] > 0:
            options.append("cards -")
    elif s.kind == "space":
        options += [f"space {n:02d}" for n in range(0, 70) if n not in set(d["spaces"])]
    elif s.kind == "player":
        seats = set(d["seats"])
        options += [f"player {n}" for n in range(0, 6) if n not in seats]
        options += [
            t for t, v in (("player none", None), ("player neutral", "neutral")) if v not in seats
        ]
    elif s.kind == "option":
        enabled = {o["index"] for o in d["options"] if o["enabled"]}
        options += [f"option {n}" for n in range(0, len(d["options"]) + 3) if n not in enabled]
    elif s.kind == "amount":
        options += [f"amount {n}" for n in (d["max"] + 1, d["max"] + 100) if n <= MAX_NUMBER]
    if options:
        yield _text(s, "text.not_offered", rnd.choice(options))


def bad_payment_text(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    if s.kind != "action":
        return
    d = s.decision
    payable = [f"play {c['card']}" for c in d["play"]]
    payable += [f"project {p['project']}" for p in d["standard_projects"]]
    payable += [
        f"action {a['card']} #{c['index']}" for a in d["card_actions"] for c in a["choices"]
    ]
    if not payable:
        return
    head = rnd.choice(payable)
    part = rnd.choice("sth")
    tail = rnd.choice(
        (
            f"{part}{rnd.randint(5_000, MAX_NUMBER)}",
            f"{part}1 {part}1",
            f"{part}",
            f"{part}-1",
            "x1",
        )
    )
    yield _text(s, "text.bad_payment", f"{head} {tail}")


def _absent(universe: tuple[str, ...], present: set[str], rnd: random.Random) -> list[str]:
    return [c for c in rnd.sample(universe, 6) if c not in present]


def _names(offers: list[dict[str, Any]]) -> set[str]:
    return {o["name"] for o in offers}


# --- structured answers ------------------------------------------------------------------------


def _random_string(rnd: random.Random) -> str:
    return rnd.choice(
        (
            rnd.choice(ALL_CARDS),
            rnd.choice(ALL_CARDS) + rnd.choice(ODD_CHARS),
            rnd.choice(PROJECTS + MILESTONE_NAMES + AWARD_NAMES),
            "".join(rnd.choice(ODD_CHARS + "R0123") for _ in range(rnd.randint(0, 8))),
            "",
            "x" * rnd.choice(OVERLONG),
        )
    )


def random_message(message: Message, rnd: random.Random, depth: int = 0) -> None:
    """Fill a message with random values from its descriptor: out-of-range numbers, unknown
    enum numbers, odd strings, long repeated fields, one random member of each oneof."""
    desc = message.DESCRIPTOR
    chosen = {o.name: rnd.choice(o.fields) for o in desc.oneofs if o.fields}
    for f in desc.fields:
        if f.containing_oneof is not None and chosen.get(f.containing_oneof.name) is not f:
            continue
        if f.containing_oneof is None and rnd.random() < 0.3:
            continue
        repeated = f.is_repeated
        count = rnd.choice((0, 1, 2, 5, 300)) if repeated else 1
        for _ in range(count):
            if f.message_type is not None:
                if depth > 3:
                    break
                child = getattr(message, f.name).add() if repeated else getattr(message, f.name)
                random_message(child, rnd, depth + 1)
                if not repeated:
                    child.SetInParent()
                continue
            value = _random_scalar(f, rnd)
            if repeated:
                getattr(message, f.name).append(value)
            else:
                setattr(message, f.name, value)


def _random_scalar(f: FieldDescriptor, rnd: random.Random) -> Any:
    cpp = descriptor.FieldDescriptor
    if f.cpp_type == cpp.CPPTYPE_STRING:
        return _random_string(rnd)
    if f.cpp_type == cpp.CPPTYPE_BOOL:
        return rnd.random() < 0.5
    if f.cpp_type == cpp.CPPTYPE_ENUM:
        known = [v.number for v in f.enum_type.values] if f.enum_type else [0]
        return rnd.choice([*known, max(known) + 1, 99, -1, 2**31 - 1])  # open enums: unknown too
    if f.cpp_type in (cpp.CPPTYPE_INT64, cpp.CPPTYPE_UINT64):
        edges = INT64_EDGES if f.cpp_type == cpp.CPPTYPE_INT64 else (0, 1, 2**64 - 1)
        return rnd.choice((*edges, rnd.randint(0, 70)))
    if f.cpp_type == cpp.CPPTYPE_UINT32:
        return rnd.choice((0, 1, 2**32 - 1, rnd.randint(0, 70)))
    if f.cpp_type == cpp.CPPTYPE_INT32:
        return rnd.choice((*INT32_EDGES, rnd.randint(0, 70)))
    return rnd.random() * 1e9  # float and double fields


def random_structured(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    answer = pb.Answer()
    random_message(answer, rnd)
    yield Attempt("structured.random", s.submit(structured=answer), False, str(answer)[:60])


def wrong_field_structured(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """A structured answer of a kind this decision does not take (or none at all)."""
    oneof = pb.Answer.DESCRIPTOR.oneofs_by_name[ANSWER_ONEOF]
    wrong = [f for f in oneof.fields if f.name not in ANSWER_FIELDS[s.kind]]
    answer = pb.Answer()
    if wrong and rnd.random() < 0.9:
        f = rnd.choice(wrong)
        if f.message_type is not None:
            random_message(getattr(answer, f.name), rnd, 1)
            getattr(answer, f.name).SetInParent()
        else:
            setattr(answer, f.name, _random_scalar(f, rnd))
    yield Attempt("structured.wrong_kind", s.submit(structured=answer), True, str(answer)[:60])


def respelled_structured(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """The legal answer with a number out of range, or a name no longer in its exact form."""
    answer = wire.answer_to_proto(s.legal)
    kind = str(answer.WhichOneof(ANSWER_ONEOF))
    if isinstance(getattr(answer, kind), int):  # space, option, amount
        setattr(answer, kind, rnd.choice(OUT_OF_RANGE))
    else:
        inner: Message = getattr(answer, kind)
        scalars = [f for f in inner.DESCRIPTOR.fields if f.message_type is None]
        texts = [f for f in scalars if f.cpp_type == f.CPPTYPE_STRING]
        numbers = [f for f in scalars if f.cpp_type == f.CPPTYPE_INT32]
        if texts and (not numbers or rnd.random() < 0.7):
            _spoil_text(inner, rnd.choice(texts), rnd)
        elif numbers:
            setattr(inner, rnd.choice(numbers).name, rnd.choice(OUT_OF_RANGE))
        else:
            return  # nothing to respell (pass, end_turn...)
    yield Attempt("structured.respelled", s.submit(structured=answer), True, str(answer)[:60])


OUT_OF_RANGE = (-1, -2, -(2**31), 2**31 - 1, MAX_NUMBER + 1)


def _spoil_text(message: Message, f: FieldDescriptor, rnd: random.Random) -> None:
    def spoil(value: str) -> str:
        how = rnd.randrange(5)
        if how == 0:
            return value + "\n"
        if how == 1:
            return " " + value
        if how == 2:
            return value.upper() if value != value.upper() else value.lower() + "\t"
        if how == 3:
            return (
                value.translate(str.maketrans("0123456789", rnd.choice(DIGIT_SCRIPTS))) + "\u200f"
            )
        return value + rnd.choice(ODD_CHARS)

    if f.is_repeated:
        values = list(getattr(message, f.name)) or ["001"]
        i = rnd.randrange(len(values))
        values[i] = spoil(values[i])
        del getattr(message, f.name)[:]
        getattr(message, f.name).extend(values)
    else:
        setattr(message, f.name, spoil(getattr(message, f.name)))


# --- the rest of the request -------------------------------------------------------------------


def _legal_fields(s: Situation, rnd: random.Random) -> dict[str, Any]:
    if rnd.random() < 0.5:
        return {"text": s.legal_text}
    return {"structured": wire.answer_to_proto(s.legal)}


def bad_version(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    # Not an older version: in the simultaneous phases an answer chosen at an older version is
    # still accepted when the seat's own decision has not changed since (by design).
    # A turn's decision is new at every version, so there the version before is stale.
    older = (s.version - 1,) if s.kind == "action" else ()
    version = rnd.choice((*older, s.version + 1, s.version + 1000, 0, -1, -(2**63), 2**63 - 1))
    yield Attempt(
        "request.version", s.submit(version=version, **_legal_fields(s, rnd)), True, str(version)
    )


def bad_key(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    key = rnd.choice(("", " ", "k" * 129, "key\n", "ключ", "a b", "\x00", "k" * 5000))
    yield Attempt("request.key", s.submit(key=key, **_legal_fields(s, rnd)), True, repr(key[:20]))


def bad_token(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    tokens = ["", "A" * 43, s.token + "\n", " " + s.token, s.token[:-1], s.token.upper()]
    tokens += [s.host_token, s.foreign_token, *s.idle_tokens, "x" * 5000]
    token = rnd.choice([t for t in tokens if t != s.token])
    yield Attempt(
        "request.token", s.submit(token=token, **_legal_fields(s, rnd)), True, repr(token[:12])
    )


def bad_game_id(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    game_id = rnd.choice(
        ("", s.game_id.upper(), s.game_id + "\n", "0" * 16, s.foreign_game_id, "../" + s.game_id)
    )
    yield Attempt(
        "request.game_id", s.submit(game_id=game_id, **_legal_fields(s, rnd)), True, repr(game_id)
    )


def undecodable(s: Situation, rnd: random.Random) -> Iterator[Attempt]:
    """Bytes that are not a valid SubmitActionRequest, or one with fields it does not know."""
    good = s.submit(**_legal_fields(s, rnd))
    choice = rnd.randrange(4)
    if choice == 0:  # a string field that is not UTF-8 (proto3 requires it)
        raw = s.submit(text="pass") + b"\x32\x02\xff\xfe"
    elif choice == 1:  # cut short
        raw = good[: rnd.randrange(1, len(good))]
    elif choice == 2:  # random bytes
        raw = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 200)))
    else:  # unknown fields after a request that is refused anyway (its version is stale)
        raw = (
            s.submit(version=s.version + 1, **_legal_fields(s, rnd))
            + b"\xf8\x07\x01\xfa\x07\x03abc"
        )
    yield Attempt("request.undecodable", raw, True, raw[:20].hex())


FAMILIES: tuple[tuple[Family, int], ...] = (
    (junk_text, 3),
    (respelled_text, 4),
    (overlong_text, 1),
    (odd_numbers, 2),
    (wrong_kind_text, 2),
    (not_offered_text, 4),
    (bad_payment_text, 2),
    (random_structured, 3),
    (wrong_field_structured, 2),
    (respelled_structured, 3),
    (bad_version, 2),
    (bad_key, 1),
    (bad_token, 2),
    (bad_game_id, 1),
    (undecodable, 1),
)


def attempts(s: Situation, rnd: random.Random, count: int) -> Iterator[Attempt]:
    families = [f for f, _ in FAMILIES]
    weights = [w for _, w in FAMILIES]
    made = 0
    while made < count:
        for attempt in rnd.choices(families, weights)[0](s, rnd):
            made += 1
            yield attempt
