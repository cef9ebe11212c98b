"""The catalogue's query logic: filters, search, paging, lookups and their errors, no gRPC."""

from __future__ import annotations

import base64
import json

import pytest

from olympus.catalogue.query import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    CardNotFound,
    CardQuery,
    Catalogue,
    InvalidQuery,
)
from olympus.engine.cards.catalogue import card
from olympus.engine.cards.model import VictoryPoints

# A handful of made-up cards with known facts, listed out of number order on purpose.
SMALL = Catalogue(
    [
        card(
            "R02",
            "Red Corp",
            None,
            "corporation",
            "building,building",
            module="corpera",
            kind="corporation",
            starting_mc=40,
            summary="Starts with steel.",
        ),
        card(
            "030",
            "Ice Hauler",
            23,
            "event",
            "space",
            module="base",
            requires="oceans>=2",
            summary="Place an ocean tile.",
        ),
        card(
            "004",
            "Lichen Farm",
            9,
            "automated",
            "plant",
            module="base",
            requires="temperature>=-24",
            summary="Plant prod +1.",
        ),
        card(
            "R01",
            "Blue Corp",
            None,
            "corporation",
            "science",
            module="base",
            kind="corporation",
            starting_mc=45,
        ),
        card(
            "120",
            "Deep Lab",
            15,
            "active",
            "science,building",
            module="corpera",
            requires="tag:science>=2",
            vp=VictoryPoints("per_resource", 1, 2, "science"),
            resource="science",
            summary="Action: add a science resource.",
        ),
        card(
            "077",
            "Orbital Farm",
            0,
            "automated",
            "space,plant",
            module="corpera",
            requires="oxygen>=5",
            vp=VictoryPoints("fixed", 1),
        ),
    ]
)


def numbers(cards) -> list[str]:
    return [c.number for c in cards]


def test_no_filter_lists_every_card_projects_first_then_corporations():
    assert numbers(SMALL.select(CardQuery())) == ["004", "030", "077", "120", "R01", "R02"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (CardQuery(module="corpera"), ["077", "120", "R02"]),
        (CardQuery(module="prelude"), []),
        (CardQuery(kind="corporation"), ["R01", "R02"]),
        (CardQuery(type="event"), ["030"]),
        (CardQuery(type="active"), ["120"]),
        (CardQuery(tag="building"), ["120", "R02"]),
        (CardQuery(tag="plant"), ["004", "077"]),
        (CardQuery(min_cost=15), ["030", "120"]),
        (CardQuery(max_cost=9), ["004", "077"]),
        (CardQuery(min_cost=0, max_cost=0), ["077"]),
        (CardQuery(min_cost=9, max_cost=23), ["004", "030", "120"]),
        (CardQuery(requirement_kind="oceans"), ["030"]),
        (CardQuery(requirement_kind="tag"), ["120"]),
        (CardQuery(requirement_kind="greeneries"), []),
        (CardQuery(module="base", tag="plant", type="automated"), ["004"]),
        (CardQuery(module="base", kind="corporation"), ["R01"]),
    ],
    ids=repr,
)
def test_each_filter_keeps_exactly_the_cards_that_pass_it(query, expected):
    assert numbers(SMALL.select(query)) == expected


def test_a_cost_range_never_matches_cards_without_a_cost():
    assert all(c.cost is not None for c in SMALL.select(CardQuery(min_cost=0)))
    assert numbers(SMALL.select(CardQuery(max_cost=100))) == ["004", "030", "077", "120"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lichen", ["004"]),  # name
        ("FARM", ["004", "077"]),  # case does not matter
        ("science resource", ["120"]),  # summary
        ("plant prod", ["004"]),  # every word must appear
        ("ocean lichen", []),  # one word in each of two cards is no match
        ("steel", ["R02"]),
        ("  hauler  ", ["030"]),
    ],
)
def test_search_looks_for_every_word_in_name_and_summary(text, expected):
    assert numbers(SMALL.select(CardQuery.parse(search=text))) == expected


def test_parse_ignores_case_and_blanks_and_treats_empty_as_no_filter():
    query = CardQuery.parse(module=" Base ", kind="", type="AUTOMATED", tag=None, search="   ")
    assert query == CardQuery(module="base", type="automated")


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        ({"module": "promo"}, "unknown module 'promo'"),
        ({"kind": "ceo"}, "unknown kind 'ceo'"),
        ({"type": "blue"}, "unknown type 'blue'"),
        ({"tag": "moon"}, "unknown tag 'moon'"),
        ({"tag": "event"}, "filter with type=event"),
        ({"requirement_kind": "moon"}, "unknown requirement kind 'moon'"),
        ({"min_cost": -1}, "min_cost must not be negative"),
        ({"max_cost": -3}, "max_cost must not be negative"),
        ({"min_cost": 10, "max_cost": 9}, "min_cost 10 is greater than max_cost 9"),
    ],
)
def test_a_bad_filter_is_refused_with_a_message_naming_it(filters, message):
    with pytest.raises(InvalidQuery, match=message):
        CardQuery.parse(**filters)


def test_the_message_for_an_unknown_value_lists_the_accepted_ones():
    with pytest.raises(InvalidQuery) as err:
        CardQuery(module="promo")
    assert "base, corpera, prelude" in str(err.value)


def all_pages(catalogue: Catalogue, query: CardQuery, page_size: int) -> list[list[str]]:
    pages, token = [], ""
    while True:
        page = catalogue.page(query, page_size, token)
        pages.append(numbers(page.cards))
        token = page.next_page_token
        if not token:
            return pages


def test_pages_cover_every_match_once_in_order():
    assert all_pages(SMALL, CardQuery(), 4) == [["004", "030", "077", "120"], ["R01", "R02"]]
    assert all_pages(SMALL, CardQuery(), 3) == [["004", "030", "077"], ["120", "R01", "R02"]]
    assert all_pages(SMALL, CardQuery(tag="plant"), 1) == [["004"], ["077"]]


def test_every_page_reports_the_total_count_of_matches():
    first = SMALL.page(CardQuery(max_cost=30), 2)
    second = SMALL.page(CardQuery(max_cost=30), 2, first.next_page_token)
    assert first.total_count == second.total_count == 4
    assert second.next_page_token == ""


def test_no_match_is_one_empty_page():
    page = SMALL.page(CardQuery(module="prelude"))
    assert page.cards == () and page.next_page_token == "" and page.total_count == 0


def test_page_size_zero_means_the_default():
    engine = Catalogue.from_engine()
    page = engine.page(CardQuery())
    assert len(page.cards) == min(DEFAULT_PAGE_SIZE, len(engine.cards))
    assert page.total_count == len(engine.cards)


def test_paging_the_engine_catalogue_at_the_largest_size_returns_every_card_once():
    engine = Catalogue.from_engine()
    seen = [n for page in all_pages(engine, CardQuery(), MAX_PAGE_SIZE) for n in page]
    assert seen == numbers(engine.cards)
    assert len(set(seen)) == len(engine.cards)


@pytest.mark.parametrize("size", [-1, MAX_PAGE_SIZE + 1])
def test_a_page_size_out_of_range_is_refused(size):
    with pytest.raises(InvalidQuery, match="page_size must be between 1 and"):
        SMALL.page(CardQuery(), size)


def forged(offset: object, fingerprint: str) -> str:
    raw = json.dumps({"o": offset, "q": fingerprint}).encode()
    return base64.urlsafe_b64encode(raw).decode()


@pytest.mark.parametrize(
    "token",
    [
        "not a token!",
        "bm90IGpzb24",  # base64 of "not json"
        base64.urlsafe_b64encode(b"[1, 2]").decode(),
        forged(0, CardQuery().fingerprint()),
        forged(6, CardQuery().fingerprint()),  # past the end
        forged("2", CardQuery().fingerprint()),
        forged(True, CardQuery().fingerprint()),
    ],
)
def test_a_page_token_this_catalogue_did_not_issue_is_refused(token):
    with pytest.raises(InvalidQuery, match="page_token"):
        SMALL.page(CardQuery(), 2, token)


def test_a_page_token_does_not_carry_over_to_other_filters():
    token = SMALL.page(CardQuery(), 2).next_page_token
    assert SMALL.page(CardQuery(), 2, token).cards  # good for its own query
    with pytest.raises(InvalidQuery, match="page_token"):
        SMALL.page(CardQuery(max_cost=30), 2, token)


@pytest.mark.parametrize(
    ("lookup", "expected"),
    [
        ({"number": "030"}, "Ice Hauler"),
        ({"number": "30"}, "Ice Hauler"),
        ({"number": "r01"}, "Blue Corp"),
        ({"name": "deep lab"}, "Deep Lab"),
        ({"name": "  ORBITAL FARM "}, "Orbital Farm"),
    ],
)
def test_get_finds_a_card_by_number_or_by_name(lookup, expected):
    assert SMALL.get(**lookup).name == expected


@pytest.mark.parametrize(
    ("lookup", "message"),
    [
        ({"number": "999"}, "no card numbered '999'"),
        ({"name": "Ice Haulers"}, "no card named 'Ice Haulers'"),
    ],
)
def test_get_reports_an_unknown_card(lookup, message):
    with pytest.raises(CardNotFound, match=message):
        SMALL.get(**lookup)


@pytest.mark.parametrize(
    ("lookup", "message"),
    [
        ({}, "give a card number or a card name$"),
        ({"number": " ", "name": ""}, "give a card number or a card name$"),
        ({"number": "030", "name": "Ice Hauler"}, "not both"),
    ],
)
def test_get_needs_exactly_one_key(lookup, message):
    with pytest.raises(InvalidQuery, match=message):
        SMALL.get(**lookup)


def test_find_takes_a_number_or_a_name():
    assert SMALL.find("4").name == "Lichen Farm"
    assert SMALL.find("red corp").number == "R02"
    with pytest.raises(CardNotFound):
        SMALL.find("Green Corp")
    with pytest.raises(InvalidQuery):
        SMALL.find("  ")


@pytest.mark.parametrize(
    "number",
    [
        "030\n",
        " 030",
        "030 ",
        "٠٣٠",  # Arabic-Indic digits: "030".isdigit() and int() would take them
        "０３０",
        "+30",
        "3_0",
        "R٠1",
        "R1",
        "1000",
    ],
    ids=repr,
)
def test_a_card_number_is_read_only_in_its_ascii_form(number):
    with pytest.raises(InvalidQuery, match="not a card number"):
        SMALL.get(number=number)


def test_find_reads_other_spellings_as_names_and_finds_nothing():
    assert SMALL.find("030").name == "Ice Hauler"
    for key in ("٠٣٠", "030\n", "+30"):
        with pytest.raises(CardNotFound):
            SMALL.find(key)


def test_a_page_token_is_taken_only_as_issued():
    token = SMALL.page(CardQuery(), 2).next_page_token
    assert SMALL.page(CardQuery(), 2, token).cards
    # The base64 decoder would skip a newline or any other stray character.
    for bad in (token + "\n", " " + token, token[:3] + "\n" + token[3:], token + "=="):
        with pytest.raises(InvalidQuery, match="page_token"):
            SMALL.page(CardQuery(), 2, bad)


@pytest.mark.parametrize("value", ["base\n", "\tbase", "base\r\n"], ids=repr)
def test_a_filter_word_forgives_spaces_only(value):
    assert CardQuery.parse(module=f"  {value.strip()} ").module == "base"
    with pytest.raises(InvalidQuery, match="unknown module"):
        CardQuery.parse(module=value)
