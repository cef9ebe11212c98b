"""The reasons the web bridge refuses with on its own (not a service's refusal passed on),
collected from its source (services/olympus/web/*.py), so that a new one is found without
being listed anywhere: every call of the bridge's refusal makers (`bad_request`, `invalid`,
guard's `refused`, `error_body`) and the reason it names, or the maker's default. A reason
computed in a helper from its arguments (pages.py `no_service("scoring")`) is read by calling
the helper with the constant arguments of each of its calls and reading the refusal it makes."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[2] / "services/olympus/web"
# A maker -> (the reason's position among its arguments, its default reason or None).
MAKERS: dict[str, tuple[int, str | None]] = {
    "bad_request": (1, "INVALID_ARGUMENT"),
    "invalid": (1, "INVALID_ARGUMENT"),
    "refused": (1, None),
    "error_body": (2, None),
}
# upstream.refusal passes a service's own reason on (tests/web/test_i18n_refusals.py and
# the service's ErrorReason names); the makers themselves only hand theirs through.
HANDED_THROUGH = {"refusal", *MAKERS}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _modules() -> list[tuple[str, ast.Module]]:
    return [
        (f"olympus.web.{path.stem}", ast.parse(path.read_text("utf-8")))
        for path in sorted(WEB.glob("*.py"))
        if path.stem not in ("__init__", "__main__")
    ]


def _reason_of(made: Any) -> str:
    """The reason of a refusal a maker returned (a JSON response) or raised (an HTTP error)."""
    reason: str = json.loads(made.text)["error"]["reason"]
    return reason


def _by_calling(helper: str, sources: list[tuple[str, ast.Module]]) -> set[str]:
    """The reasons a helper computes: it called with each of its calls' constant arguments."""
    found: set[str] = set()
    for module_name, tree in sources:
        module = importlib.import_module(module_name)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node) != helper:
                continue
            args = node.args + [k.value for k in node.keywords]
            if not all(isinstance(a, ast.Constant) for a in args):
                raise AssertionError(f"{module_name}:{node.lineno}: a reason this test cannot read")
            values = [a.value for a in node.args if isinstance(a, ast.Constant)]
            words = {
                k.arg: k.value.value for k in node.keywords if isinstance(k.value, ast.Constant)
            }
            found.add(_reason_of(getattr(module, helper)(*values, **words)))
    if not found:
        raise AssertionError(f"{helper}: its reason is computed, and nothing calls it")
    return found


def bridge_reasons() -> set[str]:
    """Every reason the bridge itself refuses a request with."""
    sources = _modules()
    found: set[str] = set()
    for module_name, tree in sources:
        for top in tree.body:
            helper = getattr(top, "name", "")  # the function (or class) the refusal is made in
            if helper in HANDED_THROUGH:
                continue
            for node in ast.walk(top):
                if not isinstance(node, ast.Call) or _name(node) not in MAKERS:
                    continue
                position, default = MAKERS[_name(node)]
                given = {k.arg: k.value for k in node.keywords}.get("reason")
                if given is None and len(node.args) > position:
                    given = node.args[position]
                if given is None and default is not None:
                    found.add(default)
                elif isinstance(given, ast.Constant) and isinstance(given.value, str):
                    found.add(given.value)
                elif isinstance(top, ast.FunctionDef | ast.AsyncFunctionDef):
                    found |= _by_calling(helper, sources)
                else:
                    raise AssertionError(f"{module_name}:{node.lineno}: a reason not readable")
    return found
