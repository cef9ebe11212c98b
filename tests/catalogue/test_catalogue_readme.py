"""The field names the README gives for the catalogue are the proto's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from olympus.v1 import catalogue_pb2

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Card catalogue") : text.index("## Game service")]


def _names(fragment: str) -> set[str]:
    """Backticked lower_snake words: the field names the README quotes."""
    return set(re.findall(r"`([a-z][a-z_]*)`", fragment))


@pytest.mark.parametrize(
    ("before", "message"),
    [
        ("structured requirements (", catalogue_pb2.Requirement),
        ("structured VP (", catalogue_pb2.VictoryPoints),
    ],
)
def test_the_readme_names_the_card_fields_as_the_proto_does(before: str, message: type) -> None:
    section = _section()
    start = section.index(before) + len(before)
    quoted = _names(section[start : section.index(")", start)])
    assert quoted, before
    assert quoted <= set(message.DESCRIPTOR.fields_by_name), quoted


def test_the_readme_names_every_requirement_bound_field() -> None:
    section = _section()
    start = section.index("structured requirements (")
    quoted = _names(section[start : section.index(")", start)])
    assert {"minimum", "maximum"} <= quoted  # not min/max


def test_the_readme_names_the_list_filters_and_paging_as_the_proto_does() -> None:
    section = _section()
    start = section.index("`ListCards` filters")
    quoted = _names(section[start : section.index("Cards carry", start)])
    fields = set(catalogue_pb2.ListCardsRequest.DESCRIPTOR.fields_by_name) | set(
        catalogue_pb2.ListCardsResponse.DESCRIPTOR.fields_by_name
    )
    assert {"min_cost", "page_token", "total_count"} <= quoted
    assert quoted <= fields, quoted - fields
