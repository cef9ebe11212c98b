"""The page's Chinese fonts (static/fonts/, built by tools/cjk_fonts.py): every character of the
zh-Hant and zh texts is in its subset (a translation that brings a new character fails here
until the subsets are rebuilt), style.css loads each subset for its language, the bridge serves
them as fonts with the static files' validators, and the wheel packages them."""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
import urllib.error
import urllib.request
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from web_support import WebStack

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "services/olympus/web/static"
FONTS = STATIC / "fonts"
MANIFEST = json.loads((FONTS / "cjk-fonts.json").read_text(encoding="utf-8"))
OUTPUTS = {"zh-Hant": "noto-sans-tc-subset.woff2", "zh": "noto-sans-sc-subset.woff2"}
REBUILD = "rebuild the subsets: .venv/bin/python tools/cjk_fonts.py"


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def shown_characters(language: str) -> set[str]:
    """Every character of the language's page words and card words, and the language menu's
    names (js/i18n.js), which every page shows."""
    text = ""
    for path in (STATIC / "i18n" / f"{language}.json", STATIC / "i18n/cards" / f"{language}.json"):
        text += "".join(strings(json.loads(path.read_text(encoding="utf-8"))))
    menu = re.search(r"export const LANGUAGES = \{(.*?)\};", (STATIC / "js/i18n.js").read_text())
    assert menu, "js/i18n.js: the LANGUAGES table moved"
    text += menu.group(1)
    return {ch for ch in text if not ch.isspace()}


def entry(language: str) -> dict[str, Any]:
    [found] = [e for e in MANIFEST if e["language"] == language]
    return dict(found)


@pytest.mark.parametrize("language", sorted(OUTPUTS))
def test_every_character_shown_is_in_the_subset(language: str) -> None:
    cmap = TTFont(str(FONTS / OUTPUTS[language])).getBestCmap()
    lacking = set(entry(language)["lacking"])
    # What the source font has in no file is drawn by the stack's next font: never Han.
    assert not [ch for ch in lacking if unicodedata.name(ch, "").startswith("CJK")]
    missing = sorted(ch for ch in shown_characters(language) if ord(ch) not in cmap)
    assert [ch for ch in missing if ch not in lacking] == [], REBUILD
    assert "火" in {chr(c) for c in cmap} and ord("A") in cmap and ord("€") in cmap


def test_a_character_the_texts_do_not_use_is_not_shipped() -> None:
    """A subset, not the whole font: 鬱 (a common character no text uses) is left out."""
    for language, output in OUTPUTS.items():
        assert "鬱" not in shown_characters(language)
        assert ord("鬱") not in TTFont(str(FONTS / output)).getBestCmap()
        assert (FONTS / output).stat().st_size < 400_000


def test_the_stylesheet_loads_each_subset_for_its_language() -> None:
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    faces = re.findall(r"@font-face\s*\{([^}]*)\}", css)
    for language, output in OUTPUTS.items():
        family = entry(language)["family"]
        [face] = [f for f in faces if f'url("/static/fonts/{output}")' in f]
        assert f'font-family: "{family}"' in face and "font-display: swap" in face
        # The body's stack for the language starts with that family.
        stack = re.search(rf"body:lang\({language}\) {{ font-family: ([^;]*);", css)
        assert stack and stack.group(1).startswith(f'"{family}"'), language


def test_the_licence_ships_beside_the_fonts() -> None:
    assert "SIL Open Font License" in (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "OFL.txt" in (ROOT / "docs/languages.md").read_text(encoding="utf-8")


def test_the_wheel_packages_every_static_file() -> None:
    """pyproject's package-data names every file the page is served from (fonts too)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["olympus.web"]
    files = [p.relative_to(STATIC.parent).as_posix() for p in STATIC.rglob("*") if p.is_file()]
    assert [f for f in files if not any(fnmatch(f, p) for p in patterns)] == []
    assert any(f.startswith("static/fonts/") and f.endswith(".woff2") for f in files)


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, Any, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def test_the_bridge_serves_the_fonts_as_fonts(browser_stack: WebStack) -> None:
    for output in OUTPUTS.values():
        status, headers, body = get(f"{browser_stack.url}/static/fonts/{output}")
        assert (status, headers["Content-Type"]) == (200, "font/woff2")
        assert body == (FONTS / output).read_bytes()
        # Cached as the other static files are: validators, and 304 when unchanged.
        etag, modified = headers["ETag"], headers["Last-Modified"]
        assert etag and modified
        assert get(f"{browser_stack.url}/static/fonts/{output}", {"If-None-Match": etag})[0] == 304
    status, headers, body = get(f"{browser_stack.url}/static/fonts/OFL.txt")
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    assert get(f"{browser_stack.url}/static/fonts/missing.woff2")[0] == 404
    # Only the folder's own files: a name that climbs out of it is not found.
    for climbing in ("..%2Fstyle.css", "..%2F..%2Fbridge.py", "%2E%2E%2Fstyle.css", ".."):
        assert get(f"{browser_stack.url}/static/fonts/{climbing}")[0] == 404, climbing
    # The other static files are served as before.
    _, headers, _ = get(f"{browser_stack.url}/static/style.css")
    assert headers["Content-Type"].startswith("text/css") and headers["ETag"]
