"""The documentation site: the README stays a front door, every page is in the site's nav, the
site builds with warnings as errors, and its API reference says what the protos say.

The API reference (docs/api/) is generated from protos/ by tools/protodoc.py during every build
(the site's mkdocs hook), so it cannot drift from the protos; these tests check that the
generator leaves nothing of the protos out and that the build really runs it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from google.api import field_behavior_pb2

from olympus.v1 import (
    accounts_pb2,
    board_pb2,
    catalogue_pb2,
    errors_pb2,
    game_pb2,
    ladder_pb2,
    matchmaking_pb2,
    scoring_pb2,
)

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README_MAX_LINES = 250
COMPILED = (
    accounts_pb2,
    board_pb2,
    catalogue_pb2,
    errors_pb2,
    game_pb2,
    ladder_pb2,
    matchmaking_pb2,
    scoring_pb2,
)


def _protodoc() -> ModuleType:
    spec = importlib.util.spec_from_file_location("protodoc", ROOT / "tools" / "protodoc.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    protodoc = _protodoc()
    rendered: dict[str, str] = protodoc.render(protodoc.compile_protos())
    return rendered


def test_the_readme_is_a_front_door_of_at_most_250_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, len(lines)


def test_the_readme_links_only_to_docs_that_exist() -> None:
    """GitHub shows the README, the site does not build it: its links are checked here."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if not re.match(r"[a-z]+://", t)]
    assert local
    assert [t for t in local if not (ROOT / t).exists()] == []


def _nav_pages(nav: object) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [page for item in nav for page in _nav_pages(item)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in _nav_pages(value)]
    raise AssertionError(f"unexpected nav entry {nav!r}")


def test_every_docs_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = _nav_pages(config["nav"])
    written = sorted(
        str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if (DOCS / "api") not in p.parents
    )
    assert sorted(set(written) - set(listed)) == [], "pages missing from mkdocs.yml's nav"
    hand_listed = [p for p in listed if not p.startswith("api/")]
    assert [p for p in hand_listed if not (DOCS / p).exists()] == []
    assert len(listed) == len(set(listed)), "a page listed twice"
    assert "api/index.md" in listed  # the generated section the build fills in


def test_the_api_reference_has_a_page_per_proto_file(pages: dict[str, str]) -> None:
    expected = {Path(m.DESCRIPTOR.name).stem + ".md" for m in COMPILED} | {"index.md"}
    assert set(pages) == expected
    for module in COMPILED:
        assert f"({Path(module.DESCRIPTOR.name).stem}.md)" in pages["index.md"]


@pytest.mark.parametrize("module", COMPILED, ids=lambda m: m.DESCRIPTOR.name)
def test_the_api_reference_names_everything_the_protos_define(
    module: ModuleType, pages: dict[str, str]
) -> None:
    """Checked against the committed generated code (another compilation than the
    generator's): every service and method, message and field, enum and value."""
    page = pages[Path(module.DESCRIPTOR.name).stem + ".md"]
    file = module.DESCRIPTOR
    for service in file.services_by_name.values():
        assert f"## {service.name} " in page
        for method in service.methods:
            assert f"### {service.name}.{method.name} " in page

    def messages(descriptors: object) -> None:
        for message in descriptors:  # type: ignore[attr-defined]
            if message.GetOptions().map_entry:
                continue
            short = message.full_name.removeprefix(f"{file.package}.")
            heading = f"### {short} {{ #{message.full_name.replace('.', '-')} }}"
            assert heading in page
            section = page[page.index(heading) :].split("\n### ", 2)[0]
            for f in message.fields:
                row = next(
                    (line for line in section.splitlines() if line.startswith(f"| `{f.name}` |")),
                    "",
                )
                assert row.startswith(f"| `{f.name}` | {f.number} |"), (short, f.name)
                for mark in f.GetOptions().Extensions[field_behavior_pb2.field_behavior]:
                    word = field_behavior_pb2.FieldBehavior.Name(mark).lower().replace("_", " ")
                    assert f"*({word}" in row or f", {word}" in row, (short, f.name, word)
            messages(message.nested_types)
            enums(message.enum_types)

    def enums(descriptors: object) -> None:
        for enum in descriptors:  # type: ignore[attr-defined]
            assert f"### {enum.full_name.removeprefix(f'{file.package}.')} " in page
            for value in enum.values:
                assert f"| `{value.name}` | {value.number} |" in page

    messages(file.message_types_by_name.values())
    enums(file.enum_types_by_name.values())


def _leading_comment(proto_text: str, declaration: str) -> list[str]:
    """The comment lines right above a declaration in the .proto file, each stripped."""
    lines = proto_text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(declaration))
    comment: list[str] = []
    for line in reversed(lines[:at]):
        if not line.strip().startswith("//"):
            break
        comment.insert(0, " ".join(line.strip().removeprefix("//").split()))
    return [part for part in comment if part]


@pytest.mark.parametrize("module", COMPILED, ids=lambda m: m.DESCRIPTOR.name)
def test_the_api_reference_carries_the_protos_comments(
    module: ModuleType, pages: dict[str, str]
) -> None:
    """Every method's comment and every top-level message's, read from the .proto's own text,
    is on its page, line by line (a generator that lost the source info would print none)."""
    proto = (ROOT / "protos" / module.DESCRIPTOR.name).read_text(encoding="utf-8")
    page = " ".join(pages[Path(module.DESCRIPTOR.name).stem + ".md"].split())
    plain = page.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    checked = 0
    for service in module.DESCRIPTOR.services_by_name.values():
        for method in service.methods:
            comment = _leading_comment(proto, f"rpc {method.name}(")
            assert comment, f"{method.full_name} has no comment in the proto"
            assert [line for line in comment if line not in plain] == [], method.full_name
            checked += 1
    for name in module.DESCRIPTOR.message_types_by_name:
        comment = _leading_comment(proto, f"message {name} ")
        assert [line for line in comment if line not in plain] == [], name
        checked += bool(comment)
    assert checked or not module.DESCRIPTOR.services_by_name


def test_the_site_builds_strictly_with_the_generated_reference(tmp_path: Path) -> None:
    """`make docs`'s build: no warning (a broken link or anchor, a page left out of the nav),
    and the hook's pages in the site, one per proto file."""
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    for module in COMPILED:
        built = site / "api" / (Path(module.DESCRIPTOR.name).stem + ".html")
        assert built.exists(), built
    game = (site / "api" / "game.html").read_text(encoding="utf-8")
    assert 'id="olympus-v1-GameService-SubmitAction"' in game


def test_the_engine_page_counts_the_cards_the_tables_play() -> None:
    """Issue 33 found "All 208 project cards and 13 corporations" long after the expansions
    came: the counts the page gives are the catalogue's, for every set the tables play."""
    from olympus.catalogue.query import Catalogue

    played = ("base", "corpera", "prelude", "colonies", "venus")
    text = " ".join((DOCS / "clients" / "engine.md").read_text(encoding="utf-8").split())
    said = re.search(
        r"(\d+) project cards \((\d+) of the base game and the Corporate Era, (\d+) of Prelude, "
        r"(\d+) of Colonies, (\d+) of Venus Next\), (\d+) corporations and (\d+) preludes",
        text,
    )
    assert said, "the engine page no longer counts the cards"
    catalogue = Catalogue.from_engine().cards
    assert {c.module for c in catalogue} <= set(played), "a set to count"
    cards = [c for c in catalogue if c.module in played]
    projects = [c for c in cards if c.kind == "project"]
    counted = (
        len(projects),
        sum(c.module in ("base", "corpera") for c in projects),
        sum(c.module == "prelude" for c in projects),
        sum(c.module == "colonies" for c in projects),
        sum(c.module == "venus" for c in projects),
        sum(c.kind == "corporation" for c in cards),
        sum(c.kind == "prelude" for c in cards),
    )
    assert tuple(int(n) for n in said.groups()) == counted


def test_the_game_api_page_names_the_maps_unknown_map_lists() -> None:
    from olympus.engine.board import SUPPORTED_MAPS

    text = (DOCS / "clients" / "game-api.md").read_text(encoding="utf-8")
    assert f"`{','.join(SUPPORTED_MAPS)}`" in text


def test_the_bots_page_lists_every_bot_a_table_can_seat() -> None:
    from olympus.bots import BOTS

    text = (DOCS / "bots" / "index.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z]+)` \| .* \| `--bot 1", text, re.M)
    assert sorted(listed) == sorted(BOTS)
