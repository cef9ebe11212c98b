"""The CardCatalogueService as a client sees it: a real process, a real channel."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from olympus.engine.cards.catalogue import all_cards
from olympus.v1 import catalogue_pb2, catalogue_pb2_grpc
from services import running_service

ENGINE_CARDS = list(all_cards().values())


@pytest.fixture(scope="module")
def channel(redis_url: str) -> Iterator[grpc.Channel]:
    with (
        running_service("catalogue", "--redis-url", redis_url) as service,
        grpc.insecure_channel(service.address) as ch,
    ):
        yield ch


@pytest.fixture(scope="module")
def stub(channel: grpc.Channel) -> catalogue_pb2_grpc.CardCatalogueServiceStub:
    return catalogue_pb2_grpc.CardCatalogueServiceStub(channel)


def list_all(stub, **filters) -> list[catalogue_pb2.Card]:
    """Every card matching the filters, following the page tokens."""
    cards, token = [], ""
    while True:
        response = stub.ListCards(
            catalogue_pb2.ListCardsRequest(page_size=40, page_token=token, **filters)
        )
        cards.extend(response.cards)
        token = response.next_page_token
        if not token:
            return cards


def engine_numbers(keep) -> set[str]:
    return {c.number for c in ENGINE_CARDS if keep(c)}


@pytest.mark.parametrize(
    ("filters", "keep"),
    [
        ({"module": "corpera"}, lambda c: c.module == "corpera"),
        ({"kind": "corporation"}, lambda c: c.kind == "corporation"),
        ({"type": "event"}, lambda c: c.type == "event"),
        ({"tag": "space"}, lambda c: "space" in c.tags),
        ({"min_cost": 20}, lambda c: c.cost is not None and c.cost >= 20),
        ({"max_cost": 5}, lambda c: c.cost is not None and c.cost <= 5),
        ({"min_cost": 10, "max_cost": 12}, lambda c: c.cost is not None and 10 <= c.cost <= 12),
        ({"requirement_kind": "oxygen"}, lambda c: any(r.kind == "oxygen" for r in c.requirements)),
        ({"search": "ASTEROID"}, lambda c: "asteroid" in (c.name + " " + c.summary).lower()),
        (
            {"module": "base", "tag": "space", "type": "event"},
            lambda c: c.module == "base" and "space" in c.tags and c.is_event,
        ),
    ],
    ids=lambda v: repr(v) if isinstance(v, dict) else "",
)
def test_list_cards_returns_exactly_the_cards_passing_the_filters(stub, filters, keep):
    expected = engine_numbers(keep)
    assert expected, "a filter that matches nothing would prove little"
    assert {c.number for c in list_all(stub, **filters)} == expected


def test_the_prelude_module_lists_its_47_cards(stub):
    cards = list_all(stub, module="prelude")
    kinds = [c.kind for c in cards]
    assert (kinds.count("prelude"), kinds.count("corporation"), kinds.count("project")) == (
        35,
        5,
        7,
    )
    assert {c.number for c in cards} == engine_numbers(lambda c: c.module == "prelude")


def test_a_filter_matching_no_card_is_an_empty_answer(stub):
    response = stub.ListCards(
        catalogue_pb2.ListCardsRequest(module="prelude", type="event", tag="jovian")
    )
    assert list(response.cards) == [] and response.total_count == 0


def test_paging_across_all_pages_returns_every_card_exactly_once(stub):
    pages, token = [], ""
    while True:
        response = stub.ListCards(catalogue_pb2.ListCardsRequest(page_size=17, page_token=token))
        assert response.total_count == len(ENGINE_CARDS)
        assert 0 < len(response.cards) <= 17
        pages.append([c.number for c in response.cards])
        token = response.next_page_token
        if not token:
            break
    seen = [n for page in pages for n in page]
    assert len(seen) == len(set(seen)) == len(ENGINE_CARDS)
    assert set(seen) == engine_numbers(lambda c: True)
    assert len(pages) == -(-len(ENGINE_CARDS) // 17)


def test_without_a_page_size_a_page_holds_fifty_cards(stub):
    response = stub.ListCards(catalogue_pb2.ListCardsRequest())
    assert len(response.cards) == min(50, len(ENGINE_CARDS))
    assert response.total_count == len(ENGINE_CARDS)


def test_get_card_by_number_gives_the_structured_card(stub):
    card = stub.GetCard(catalogue_pb2.GetCardRequest(number="072")).card
    assert (card.number, card.name, card.module, card.kind, card.type) == (
        "072",
        "Birds",
        "base",
        "project",
        "active",
    )
    assert card.HasField("cost") and card.cost == 10
    assert list(card.tags) == ["animal"]
    [req] = card.requirements
    assert (req.kind, req.minimum, req.HasField("maximum"), req.text) == (
        "oxygen",
        13,
        False,
        "oxygen>=13",
    )
    assert (card.vp.kind, card.vp.points, card.vp.per, card.vp.subject, card.vp.text) == (
        "per_resource",
        1,
        1,
        "animal",
        "1 per animal",
    )
    assert card.resource == "animal"
    assert card.has_action and len(card.action_labels) == 1
    assert not card.HasField("starting_megacredits")
    assert card.summary


def test_a_tag_requirement_and_a_maximum_keep_their_structure(stub):
    lab = stub.GetCard(catalogue_pb2.GetCardRequest(name="Beam From A Thorium Asteroid")).card
    assert [(r.kind, r.subject, r.minimum, r.text) for r in lab.requirements] == [
        ("tag", "jovian", 1, "tag:jovian>=1")
    ]
    cold = [
        c
        for c in list_all(stub, requirement_kind="temperature")
        if any(r.HasField("maximum") for r in c.requirements)
    ]
    assert cold, "the base game has cold-climate cards"
    for card in cold:
        [req] = [r for r in card.requirements if r.kind == "temperature"]
        assert not req.HasField("minimum") and req.text == f"temperature<={req.maximum}"


def test_get_card_by_name_ignores_case_and_corporations_have_starting_megacredits(stub):
    card = stub.GetCard(catalogue_pb2.GetCardRequest(name="mining guild")).card
    assert (card.number, card.kind, card.type) == ("R24", "corporation", "corporation")
    assert not card.HasField("cost")
    assert card.HasField("starting_megacredits") and card.starting_megacredits == 30
    assert list(card.tags) == ["building", "building"]
    assert not card.HasField("vp")


def test_get_card_accepts_a_number_without_its_leading_zeros(stub):
    assert stub.GetCard(catalogue_pb2.GetCardRequest(number="9")).card.name == "Asteroid"


@pytest.mark.parametrize(
    "request_",
    [
        catalogue_pb2.GetCardRequest(number="999"),
        catalogue_pb2.GetCardRequest(name="Asteroids Galore"),
    ],
    ids=["number", "name"],
)
def test_an_unknown_card_is_not_found(stub, request_):
    with pytest.raises(grpc.RpcError) as err:
        stub.GetCard(request_)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    assert "no card" in err.value.details()


def test_get_card_without_a_key_is_an_invalid_argument(stub):
    with pytest.raises(grpc.RpcError) as err:
        stub.GetCard(catalogue_pb2.GetCardRequest())
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "give a card number or a card name" in err.value.details()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"module": "promo"}, "unknown module 'promo'"),
        ({"kind": "ceo"}, "unknown kind 'ceo'"),
        ({"type": "blue"}, "unknown type 'blue'"),
        ({"tag": "moon"}, "unknown tag 'moon'"),
        ({"requirement_kind": "moon"}, "unknown requirement kind 'moon'"),
        ({"min_cost": -1}, "min_cost must not be negative"),
        ({"min_cost": 12, "max_cost": 3}, "min_cost 12 is greater than max_cost 3"),
        ({"page_size": -5}, "page_size must be between 1 and 250"),
        ({"page_size": 251}, "page_size must be between 1 and 250"),
        ({"page_token": "garbage"}, "page_token"),
    ],
)
def test_bad_list_requests_are_invalid_arguments_that_say_why(stub, fields, message):
    with pytest.raises(grpc.RpcError) as err:
        stub.ListCards(catalogue_pb2.ListCardsRequest(**fields))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert message in err.value.details()


def test_a_page_token_is_refused_for_other_filters(stub):
    token = stub.ListCards(catalogue_pb2.ListCardsRequest(page_size=5)).next_page_token
    with pytest.raises(grpc.RpcError) as err:
        stub.ListCards(catalogue_pb2.ListCardsRequest(page_size=5, page_token=token, tag="space"))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize("service", ["", "olympus.v1.CardCatalogueService"])
def test_health_check_says_serving(channel, service):
    response = health_pb2_grpc.HealthStub(channel).Check(
        health_pb2.HealthCheckRequest(service=service)
    )
    assert response.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_card_catalogue_service(channel):
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    [response] = stub.ServerReflectionInfo(
        iter([reflection_pb2.ServerReflectionRequest(list_services="")])
    )
    names = {s.name for s in response.list_services_response.service}
    assert "olympus.v1.CardCatalogueService" in names


def test_starts_and_serves_without_a_reachable_redis():
    # Port 1 on loopback: nothing listens there, so any Redis use would fail.
    with running_service("catalogue", "--redis-url", "redis://127.0.0.1:1/0") as service:
        with grpc.insecure_channel(service.address) as ch:
            card = (
                catalogue_pb2_grpc.CardCatalogueServiceStub(ch)
                .GetCard(catalogue_pb2.GetCardRequest(number="R08"))
                .card
            )
        assert card.name == "CrediCor"


def test_sigterm_makes_the_process_exit_zero(redis_url):
    with running_service("catalogue", "--redis-url", redis_url) as service:
        with grpc.insecure_channel(service.address) as ch:
            health = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest())
        assert health.status == health_pb2.HealthCheckResponse.SERVING
        assert service.stop() == 0
        assert "catalogue stopped" in service.log()
