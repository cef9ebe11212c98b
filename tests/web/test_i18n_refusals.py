"""Every refusal an answer can meet has its words in every page language (issue 32): the
reasons are collected from the code that raises them, the engine's checked apply (its
IllegalAction and MalformedAction refusals) and the game service's answer path, so a new
reason fails here until the six dictionaries word it; a message uses the metadata its
refusal carries (errors.proto), and only that. Beyond the answer path, every reason of
errors.proto (a service's refusal the page may pass on: a seat link, an API key, the server
restarting...) has its words too, so a reason added there fails here until it is worded."""

from __future__ import annotations

import ast
import importlib
import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from olympus.engine import errors as engine_errors
from olympus.platform import errors as service_errors
from olympus.v1 import errors_pb2

ROOT = Path(__file__).resolve().parents[2] / "services"
STATIC = ROOT / "olympus/web/static"
LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")
# The game service's modules an answer goes through (gamestate answering: version, seat, game
# status and idempotency checks before the engine's own).
ANSWER_PATH = ("olympus.gamestate.answering", "olympus.gamestate.game_values")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Metadata for a program (which version to read again), not for the words a person reads.
FOR_PROGRAMS = {"current_version", "expected_version", "version"}


def _subclasses(kind: type[engine_errors.OlympusError]) -> set[type[engine_errors.OlympusError]]:
    found = {kind}
    sub: type[engine_errors.OlympusError]
    for sub in kind.__subclasses__():
        found |= _subclasses(sub)
    return found


ANSWER_ERRORS = _subclasses(engine_errors.IllegalAction) | _subclasses(
    engine_errors.MalformedAction
)


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _raised(module_name: str, path: Path) -> list[tuple[str, set[str]]]:
    """(reason, the metadata keys written out at the raise) for each refusal made in a file:
    a call of an answer error (engine) or a service error, its `code=`/`reason=` or the
    class's own, its `details=`/`metadata=` dict's keys."""
    module = importlib.import_module(module_name)
    out = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        kind = getattr(module, node.func.id, None)
        if not isinstance(kind, type):
            continue
        words = {k.arg: k.value for k in node.keywords}
        if issubclass(kind, engine_errors.OlympusError) and kind in ANSWER_ERRORS:
            given, default, extra = words.get("code"), kind.code.upper(), words.get("details")
        elif issubclass(kind, service_errors.ServiceError):
            given, default, extra = words.get("reason"), kind.reason, words.get("metadata")
        else:
            continue
        if given is not None and not isinstance(given, ast.Constant):
            raise AssertionError(f"{path}:{node.lineno}: a reason this test cannot read")
        reason = str(given.value).upper() if isinstance(given, ast.Constant) else default
        keys = (
            {str(k.value) for k in extra.keys if isinstance(k, ast.Constant)}
            if isinstance(extra, ast.Dict)
            else set()
        )
        out.append((reason, keys))
    return out


def answer_refusals() -> dict[str, set[str]]:
    """Every reason an answer can be refused with -> the metadata keys it is sent with."""
    found: dict[str, set[str]] = defaultdict(set)
    engine = ROOT / "olympus/engine"
    sources = [(_module_name(p), p) for p in sorted(engine.rglob("*.py"))]
    sources += [(m, ROOT / (m.replace(".", "/") + ".py")) for m in ANSWER_PATH]
    for module_name, path in sources:
        if path.name == "__main__.py":
            continue
        for reason, keys in _raised(module_name, path):
            found[reason] |= keys
    for kind in ANSWER_ERRORS:  # raised by class (NotYourDecision, UndoOff, ...)
        found[kind.code.upper()] |= set()
    return dict(found)


def words(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


def test_the_reasons_found_are_the_engines_and_real_ones() -> None:
    found = answer_refusals()
    # The collection sees the refusals named in the task (issue 32) and the answer path's own.
    for reason in (
        "WRONG_CARD_COUNT",
        "ILLEGAL_TARGET",
        "ILLEGAL_AMOUNT",
        "CANNOT_TRADE",
        "PROJECT_UNAVAILABLE",
        "NOT_YOUR_DECISION",
        "UNDO_OFF",
        "STALE_VERSION",
        "SEAT_RESIGNED",
    ):
        assert reason in found, reason
    assert found["CARD_NOT_IN_HAND"] == {"card"}
    assert found["CORPORATION_NOT_OFFERED"] == {"corporation"}
    assert not set(found) - set(errors_pb2.ErrorReason.keys())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_refusal_has_a_message(language: str) -> None:
    catalogue = words(language)
    missing = sorted(r for r in answer_refusals() if f"refusal.{r}" not in catalogue)
    assert not missing, (language, missing)


def test_a_refusal_message_uses_the_metadata_it_is_sent_with() -> None:
    english = words("en")
    for reason, keys in answer_refusals().items():
        phrases = [p for k, p in english.items() if k.split(".")[:2] == ["refusal", reason]]
        used = set().union(*(set(PLACEHOLDER.findall(p)) for p in phrases))
        # Every key the refusal names (the card, the corporation...) is in its words; the
        # milestone's have/need are computed (turn.py), worded by its .short/.too_many forms.
        assert keys - FOR_PROGRAMS <= used, (reason, keys - used)
        if reason != "MILESTONE_UNAVAILABLE":
            assert used <= keys, (reason, used - keys)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_of_errors_proto_has_a_message(language: str) -> None:
    catalogue = words(language)
    reasons = [v.name for v in errors_pb2.ErrorReason.DESCRIPTOR.values if v.number > 0]
    assert len(reasons) > 100 and "INTERNAL" in reasons
    missing = [r for r in reasons if not catalogue.get(f"refusal.{r}", "").strip()]
    assert not missing, (language, missing)
    # Outside the answer path a reason's metadata is for programs (a game id, a status or
    # scope name, the maps or rules versions served), not in a reader's language: its words
    # fill nothing in, and the server's English message says the rest.
    answers = answer_refusals()
    for reason in reasons:
        if reason not in answers:
            assert not PLACEHOLDER.findall(catalogue[f"refusal.{reason}"]), (language, reason)
