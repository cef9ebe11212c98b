"""The field names the docs give for the catalogue (docs/services/catalogue.md, moved there from
the README) are the proto's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from olympus.catalogue.query import KINDS, MODULES, REQUIREMENT_KINDS, TYPES
from olympus.v1 import catalogue_pb2

PAGE = Path(__file__).resolve().parents[2] / "docs" / "services" / "catalogue.md"


def _section() -> str:
    return PAGE.read_text(encoding="utf-8")


def _names(fragment: str) -> set[str]:
    """Backticked lower_snake words: the field names the page quotes."""
    return set(re.findall(r"`([a-z][a-z_]*)`", fragment))


@pytest.mark.parametrize(
    ("before", "message"),
    [
        ("structured requirements (", catalogue_pb2.Requirement),
        ("structured VP (", catalogue_pb2.VictoryPoints),
    ],
)
def test_the_docs_name_the_card_fields_as_the_proto_does(before: str, message: type) -> None:
    section = _section()
    start = section.index(before) + len(before)
    quoted = _names(section[start : section.index(")", start)])
    assert quoted, before
    assert quoted <= set(message.DESCRIPTOR.fields_by_name), quoted


def test_the_docs_name_every_requirement_bound_field() -> None:
    section = _section()
    start = section.index("structured requirements (")
    quoted = _names(section[start : section.index(")", start)])
    assert {"minimum", "maximum"} <= quoted  # not min/max


def test_the_docs_name_the_list_filters_and_paging_as_the_proto_does() -> None:
    section = _section()
    start = section.index("`ListCards` filters")
    quoted = _names(section[start : section.index("Cards carry", start)])
    fields = set(catalogue_pb2.ListCardsRequest.DESCRIPTOR.fields_by_name) | set(
        catalogue_pb2.ListCardsResponse.DESCRIPTOR.fields_by_name
    )
    assert {"min_cost", "page_token", "total_count"} <= quoted
    assert quoted <= fields, quoted - fields


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("module", MODULES),
        ("kind", KINDS),
        ("type", TYPES),
        ("requirement_kind", REQUIREMENT_KINDS),
    ],
)
def test_the_docs_list_every_value_a_filter_takes(name: str, values: tuple[str, ...]) -> None:
    """Each filter's values, as the page lists them, are those the catalogue accepts (a module
    added later, as colonies was, must be listed)."""
    section = _section()
    start = section.index("`ListCards` filters")
    listed = re.search(rf"`{name}`\s+\(([^)]*)\)", section[start:])
    assert listed, name
    assert [v.strip() for v in listed[1].split(",")] == list(values)
