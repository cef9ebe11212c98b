"""`olympus call`: any method of a running service, JSON in and JSON out, as a shell runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from olympus.client import OlympusClient
from services import ServiceProcess, WorkerProcesses, running_service

GET_CARD = "olympus.v1.CardCatalogueService/GetCard"


def olympus(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        input=stdin,
    )


@pytest.fixture(scope="module")
def catalogue() -> Iterator[ServiceProcess]:
    with running_service("catalogue") as service:
        yield service


@pytest.fixture(scope="module")
def gamestate(redis_url: str, workers: WorkerProcesses) -> Iterator[ServiceProcess]:
    """The game service, with the session's workers to play its bot seats."""
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service


def test_a_unary_call_prints_the_reply_as_json(catalogue: ServiceProcess) -> None:
    run = olympus("call", catalogue.address, GET_CARD, '{"name": "birds"}')
    assert run.returncode == 0, run.stderr
    card = json.loads(run.stdout)["card"]
    assert (card["number"], card["name"]) == ("072", "Birds")
    assert card["requirements"][0]["minimum"] == 13
    # Fields at their default value are shown too, under their .proto names.
    assert card["has_action"] is True and "action_labels" in card


def test_the_request_may_use_camel_case_names_and_come_from_stdin(
    catalogue: ServiceProcess,
) -> None:
    run = olympus(
        "call",
        catalogue.address,
        "olympus.v1.CardCatalogueService/ListCards",
        "-",
        stdin='{"minCost": 40, "pageSize": 1}',
    )
    assert run.returncode == 0, run.stderr
    reply = json.loads(run.stdout)
    assert len(reply["cards"]) == 1 and reply["cards"][0]["cost"] >= 40
    assert reply["total_count"] >= 1


def test_list_names_the_services_the_server_offers(catalogue: ServiceProcess) -> None:
    run = olympus("call", catalogue.address, "list")
    assert run.returncode == 0, run.stderr
    assert {"olympus.v1.CardCatalogueService", "grpc.health.v1.Health"} <= set(run.stdout.split())


def test_a_stream_prints_one_json_line_per_message(gamestate: ServiceProcess) -> None:
    with OlympusClient(gamestate.address) as client:
        game = client.create_game(players=2, seed=5, bots=[0, 1])  # the bots play it out
    run = olympus(
        "call",
        gamestate.address,
        "olympus.v1.GameService/WatchGame",
        json.dumps({"game_id": game.game_id}),
    )
    assert run.returncode == 0, run.stderr
    events = [json.loads(line) for line in run.stdout.splitlines()]
    assert events[0]["kind"] == "EVENT_KIND_CREATED" and events[-1]["finished"] is True
    assert [int(e["version"]) for e in events] == list(range(1, len(events) + 1))


@pytest.mark.parametrize(
    ("method", "request_text", "message"),
    [
        (
            "olympus.v1.CardCatalogueService/GetCrad",
            "{}",
            "has no method 'GetCrad'; it has: GetCard",
        ),
        ("olympus.v1.Catalogue/GetCard", "{}", "unknown service 'olympus.v1.Catalogue'"),
        ("GetCard", "{}", "not a method name"),
        (GET_CARD, "{name: birds}", "the request is not JSON"),
        (GET_CARD, "[]", "must be a JSON object"),
        (GET_CARD, '{"nmae": "birds"}', 'no field named "nmae"'),
        (GET_CARD, '{"name": 3}', "not a valid olympus.v1.GetCardRequest"),
        # protobuf's JSON reader would take these as 40 (int() reads them).
        ("olympus.v1.CardCatalogueService/ListCards", '{"min_cost": "٤٠"}', "not a whole number"),
        ("olympus.v1.CardCatalogueService/ListCards", '{"min_cost": "4_0"}', "not a whole number"),
    ],
)
def test_a_request_that_cannot_be_sent_exits_2_with_a_message(
    catalogue: ServiceProcess, method: str, request_text: str, message: str
) -> None:
    run = olympus("call", catalogue.address, method, request_text)
    assert run.returncode == 2, run
    assert message in run.stderr and "Traceback" not in run.stderr
    assert run.stdout == ""


def test_a_refusal_exits_1_with_its_status_and_reason(catalogue: ServiceProcess) -> None:
    run = olympus("call", catalogue.address, GET_CARD, '{"number": "999"}')
    assert run.returncode == 1
    assert run.stderr.startswith("olympus call: NOT_FOUND [CARD_NOT_FOUND]: no card numbered")
    run = olympus("call", catalogue.address, GET_CARD, '{"number": "٠٠٩"}')
    assert run.returncode == 1
    assert "INVALID_ARGUMENT [INVALID_QUERY]" in run.stderr
