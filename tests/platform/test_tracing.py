"""The trace test: one bot-seat answer followed from the human's SubmitAction, through the
task the game service queued, to the bot's commit in the worker, by the spans a real OTLP
receiver of the test's own got from a real game service and a real Celery worker. And off by
default: nothing configured, nothing installed (platform/tracing.py)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from dataclasses import dataclass

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from opentelemetry import trace
from opentelemetry.proto.collector.trace.v1 import (
    trace_service_pb2 as otlp,
    trace_service_pb2_grpc as otlp_grpc,
)
from opentelemetry.proto.trace.v1 import trace_pb2

from olympus.client import OlympusClient
from olympus.engine import Game
from olympus.engine.defaults import default_answer
from olympus.gamestate import store as st
from olympus.gamestate.core import unpack_blob
from olympus.platform import tracing
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2 as pb
from services import create_account, running_service, running_workers

SUBMIT = "/olympus.v1.GameService/SubmitAction"
TASK_RUN = "run/olympus.bot_turn"
TASK_SENT = "apply_async/olympus.bot_turn"
COMMIT = "olympus.bot.commit"
CREATE = "/olympus.v1.GameService/CreateGame"
CHECK_KEY = "/olympus.v1.AccountService/CheckKey"


@dataclass(frozen=True, slots=True)
class Span:
    service: str  # the resource's service.name
    name: str
    kind: int
    trace_id: bytes
    span_id: bytes
    parent_id: bytes
    attributes: dict[str, object]


class Receiver(otlp_grpc.TraceServiceServicer):
    """An OTLP/gRPC trace collector that keeps every span it is sent."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._lock = threading.Lock()

    def Export(
        self, request: otlp.ExportTraceServiceRequest, context: grpc.ServicerContext
    ) -> otlp.ExportTraceServiceResponse:
        got = []
        for resource_spans in request.resource_spans:
            resource = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
            for scope in resource_spans.scope_spans:
                for s in scope.spans:
                    attributes = {a.key: _value(a.value) for a in s.attributes}
                    got.append(
                        Span(
                            resource.get("service.name", ""),
                            s.name,
                            s.kind,
                            s.trace_id,
                            s.span_id,
                            s.parent_span_id,
                            attributes,
                        )
                    )
        with self._lock:
            self.spans.extend(got)
        return otlp.ExportTraceServiceResponse()

    def named(self, name: str) -> list[Span]:
        with self._lock:
            return [s for s in self.spans if s.name == name]

    def by_id(self) -> dict[bytes, Span]:
        with self._lock:
            return {s.span_id: s for s in self.spans}


def _value(v: object) -> object:
    which = v.WhichOneof("value")  # type: ignore[attr-defined]
    return getattr(v, which) if which else None


@pytest.fixture(scope="module")
def receiver() -> Iterator[tuple[Receiver, str]]:
    spans = Receiver()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    otlp_grpc.add_TraceServiceServicer_to_server(spans, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield spans, f"http://127.0.0.1:{port}"
    finally:
        server.stop(None)


def _stored(rdb: redis.Redis, game_id: str) -> tuple[int, Game]:
    raw = rdb.get(st.game_key(game_id, "state"))
    assert raw is not None
    version, blob = st.unpack_state(raw)
    return version, unpack_blob(blob)[1]


def _chain(span: Span, spans: dict[bytes, Span]) -> list[Span]:
    """`span` and its ancestors, following the parent links to the root (or a gap)."""
    out = [span]
    while out[-1].parent_id and out[-1].parent_id in spans:
        out.append(spans[out[-1].parent_id])
    return out


def _answer_chain(spans: Receiver) -> list[Span] | None:
    """A bot's commit whose ancestors lead to a SubmitAction server span, if one arrived."""
    by_id = spans.by_id()
    for commit in spans.named(COMMIT):
        chain = _chain(commit, by_id)
        if chain[-1].name == SUBMIT:
            return chain
    return None


def test_one_bot_answer_is_followed_from_submit_action_to_the_bots_commit(
    own_redis: EmbeddedRedis, receiver: tuple[Receiver, str]
) -> None:
    spans, endpoint = receiver
    # The standard variables, as an operator sets them; spans sent every 100 ms, not 5 s.
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_BSP_SCHEDULE_DELAY": "100"}
    rdb = redis.Redis.from_url(own_redis.url)
    with (
        running_service("gamestate", "--redis-url", own_redis.url, "--quotas", "off", env=env) as s,
        running_workers(own_redis.url, beat=False, env=env),
        OlympusClient(s.address, timeout=20) as client,
    ):
        seats = [
            pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=""),
        ]
        created = client.stub.CreateGame(
            pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=7), seats=seats),
            timeout=10,
        )
        game_id = created.game_id
        token = next(x.token for x in created.seats if x.seat == 0)
        chain = None
        deadline = time.monotonic() + 120
        answered = 0
        # The human answers whenever the game waits for seat 0 alone (the bot, seat 1, has
        # played what it could), until an answer of the human's handed the turn to the bot
        # and the bot's commit arrived under it.
        while chain is None and time.monotonic() < deadline:
            version, game = _stored(rdb, game_id)
            if game.is_over:
                break
            if game.waiting_for() == [0] and answered < 40:
                answer = default_answer(game.decision_for(0))
                client.stub.SubmitAction(
                    pb.SubmitActionRequest(
                        game_id=game_id,
                        token=token,
                        expected_version=version,
                        idempotency_key=f"t{version}",
                        text=str(answer),
                    ),
                    timeout=10,
                )
                answered += 1
            time.sleep(0.1)
            chain = _answer_chain(spans)
        client.abort_game(game_id, created.host_token)
    rdb.close()
    assert chain is not None, f"no commit under a SubmitAction; got {len(spans.spans)} spans"

    names = [(x.service, x.name) for x in chain]
    assert names[0] == ("olympus-worker", COMMIT)
    assert ("olympus-worker", TASK_RUN) in names  # the task that played the bot seat
    assert ("olympus-gamestate", TASK_SENT) in names  # queued by the answer's call
    assert names[-1] == ("olympus-gamestate", SUBMIT)
    assert chain[-1].kind == trace_pb2.Span.SPAN_KIND_SERVER
    assert len({x.trace_id for x in chain}) == 1  # one trace, end to end
    assert chain[0].attributes["olympus.seat"] == 1
    assert chain[0].attributes["olympus.game_id"] == game_id
    assert chain[0].attributes["olympus.outcome"] == st.APPLIED


def test_a_services_call_to_another_carries_the_trace(
    own_redis: EmbeddedRedis, receiver: tuple[Receiver, str]
) -> None:
    """CreateGame with an API key: the game service asks the accounts service about the key
    (CheckKey), and that call's server span is in CreateGame's trace, under the game
    service's client span (the aio client interceptor put the context in its metadata)."""
    spans, endpoint = receiver
    env = {"OTEL_BSP_SCHEDULE_DELAY": "100"}
    key = create_account(own_redis.url, "traced-host", "create_games", kind="person")["key"]
    flag = ("--otlp-endpoint", endpoint)  # the flag this time, not the standard variables
    with (
        running_service("accounts", "--redis-url", own_redis.url, *flag, env=env) as accounts,
        running_service(
            "gamestate",
            "--redis-url",
            own_redis.url,
            "--accounts-address",
            accounts.address,
            *flag,
            env=env,
        ) as s,
        OlympusClient(s.address, timeout=20) as client,
        grpc.insecure_channel(s.address) as channel,
    ):
        health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
        created = client.stub.CreateGame(
            pb.CreateGameRequest(options=pb.GameOptions(players=2)),
            timeout=10,
            metadata=(("authorization", f"Bearer {key}"),),
        )

        def check_under_create() -> list[Span] | None:
            by_id = spans.by_id()
            for check in spans.named(CHECK_KEY):
                chain = _chain(check, by_id)
                if check.service == "olympus-accounts" and chain[-1].name == CREATE:
                    return chain
            return None

        deadline = time.monotonic() + 30
        while (chain := check_under_create()) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        client.abort_game(created.game_id, created.host_token)
    assert chain is not None, f"no CheckKey under a CreateGame; got {len(spans.spans)} spans"
    server, caller = chain[0], chain[1]
    assert server.kind == trace_pb2.Span.SPAN_KIND_SERVER
    assert (caller.service, caller.name, caller.kind) == (
        "olympus-gamestate",
        CHECK_KEY,
        trace_pb2.Span.SPAN_KIND_CLIENT,
    )
    assert (chain[-1].service, chain[-1].kind) == (
        "olympus-gamestate",
        trace_pb2.Span.SPAN_KIND_SERVER,
    )
    assert len({x.trace_id for x in chain}) == 1
    # The health check asked above made no span (UNTRACED_SERVICES): probes would bury the rest.
    assert not [x for x in spans.spans if "grpc.health" in x.name]


def test_a_stopping_service_sends_the_spans_it_still_holds(
    own_redis: EmbeddedRedis, receiver: tuple[Receiver, str]
) -> None:
    """Spans are batched for a minute here: the CreateGame span reaches the receiver only by
    the flush of the shutdown (SIGTERM), before the process ends."""
    spans, endpoint = receiver
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": endpoint, "OTEL_BSP_SCHEDULE_DELAY": "60000"}
    with (
        running_service("gamestate", "--redis-url", own_redis.url, env=env) as s,
        OlympusClient(s.address, timeout=20) as client,
    ):
        created = client.stub.CreateGame(
            pb.CreateGameRequest(options=pb.GameOptions(players=1)), timeout=10
        )
        client.abort_game(created.game_id, created.host_token)
        time.sleep(0.5)
        ours = [x for x in spans.named(CREATE) if x.service == "olympus-gamestate"]
        before = {x.span_id for x in ours}
        assert s.stop() == 0
    after = [x for x in spans.named(CREATE) if x.span_id not in before]
    assert len(after) == 1, s.log()
    assert after[0].kind == trace_pb2.Span.SPAN_KIND_SERVER


def test_a_service_told_an_endpoint_that_cannot_work_refuses_to_start() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "olympus.catalogue", "--port", "0", "--otlp-endpoint", "c:4317"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "http://HOST:PORT" in done.stderr


def test_nothing_configured_installs_nothing() -> None:
    threads = threading.active_count()
    traced = tracing.setup("gamestate", None, env={})
    assert not traced.on and traced.provider is None
    assert tracing.server_interceptors() == []
    # The API's own proxy: no SDK provider was made, no exporter, no thread.
    assert not type(trace.get_tracer_provider()).__module__.startswith("opentelemetry.sdk")
    assert threading.active_count() == threads
    assert not tracing.tracer().start_span("x").is_recording()
    traced.shutdown()  # nothing to flush, and no error


@pytest.mark.parametrize(
    ("flag", "env", "expected"),
    [
        (None, {}, None),
        (None, {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}, "http://c:4317"),
        (
            None,
            {
                "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://t:4317",
            },
            "https://t:4317",
        ),
        (None, {"OTEL_TRACES_EXPORTER": "otlp"}, "http://localhost:4317"),
        (None, {"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:1"}, None),
        ("http://flag:4317", {"OTEL_TRACES_EXPORTER": "none"}, "http://flag:4317"),
    ],
)
def test_where_spans_go(flag: str | None, env: dict[str, str], expected: str | None) -> None:
    assert tracing.endpoint_from(flag, env) == expected


@pytest.mark.parametrize(
    ("flag", "env"),
    [
        ("collector:4317", {}),
        (None, {"OTEL_EXPORTER_OTLP_ENDPOINT": "c:4317"}),
        (None, {"OTEL_TRACES_EXPORTER": "zipkin"}),
    ],
)
def test_a_setting_that_cannot_work_is_a_clear_error(flag: str | None, env: dict[str, str]) -> None:
    with pytest.raises(tracing.TracingConfigError, match=r"http://|otlp"):
        tracing.endpoint_from(flag, env)
