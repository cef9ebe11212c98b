"""Webhooks end to end: the accounts service, the game service, a worker and beat, on a private
Redis, and a real HTTP receiver on 127.0.0.1 (an ephemeral port) that checks every signature as
the proto tells receivers to. Games are created with seats of accounts (the service credential,
as matchmaking does), played through the API and by the workers' bots.

The worker runs with fast retries (OLYMPUS_WEBHOOK_RETRY_SECONDS) so that a receiver that is
down, or answers 503, gets its delivery within seconds; nothing here is timed otherwise."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import secrets
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import grpc
import pytest
import redis
from platform_stack import Platform, free_port, platform
from worker_support import wait_for

from olympus.client import OlympusClient, SeatHandle, StaleVersion
from olympus.client.players import pick
from olympus.gamestate.webhooks import SHARDS, delivery_id, record_key, schedule_key
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import accounts_pb2 as apb, accounts_pb2_grpc, game_pb2 as pb

REPLAY_WINDOW_S = 300  # what the proto tells receivers: older timestamps are replays
METRICS_PORT = free_port()  # chosen free now; the worker serves its /metrics there


# --- the receiver ------------------------------------------------------------------------------
@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    status: int  # what the receiver answered

    @property
    def data(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.body)
        return loaded


@dataclass
class Receiver:
    """An HTTP server that records every POST and answers what `answers[path]` says (a list
    of statuses used up in order, then 200)."""

    server: ThreadingHTTPServer
    got: list[Received] = field(default_factory=list)
    answers: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def at(self, path: str) -> list[Received]:
        with self.lock:
            return [r for r in self.got if r.path == path]


class _Server(ThreadingHTTPServer):
    request_queue_size = 128  # every delivery of a sweep may connect at once
    daemon_threads = True


def start_receiver(port: int = 0) -> Receiver:
    receiver: Receiver

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with receiver.lock:
                queued = receiver.answers.get(self.path) or []
                status = queued.pop(0) if queued else 200
                headers = {k.lower(): v for k, v in self.headers.items()}
                receiver.got.append(Received(self.path, headers, body, status))
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = _Server(("127.0.0.1", port), Handler)
    receiver = Receiver(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return receiver


def verified(got: Received, secret: str) -> dict[str, Any]:
    """What a receiver does before it trusts a delivery (see accounts.proto): a fresh
    timestamp, and the signature over "<timestamp>.<raw body>" compared in constant time."""
    stamp = got.headers["x-olympus-timestamp"]
    assert re.fullmatch(r"[0-9]{1,12}", stamp)
    assert abs(time.time() - int(stamp)) < REPLAY_WINDOW_S, "a replayed (old) delivery"
    expected = hmac.new(secret.encode(), stamp.encode() + b"." + got.body, hashlib.sha256)
    signature = got.headers["x-olympus-signature"]
    assert signature.startswith("sha256=")
    assert hmac.compare_digest(signature, "sha256=" + expected.hexdigest()), "bad signature"
    data = got.data
    assert got.headers["x-olympus-delivery"] == data["id"]
    assert got.headers["x-olympus-event"] == data["kind"]
    assert got.headers["content-type"] == "application/json"
    return data


# --- the platform ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    worker_env = {
        "OLYMPUS_WORKER_LOG_LEVEL": "INFO",
        "OLYMPUS_WEBHOOK_RETRY_SECONDS": "0.2",  # then 0.4, 0.8, ... (production: 5 s)
        "OLYMPUS_WEBHOOK_RETRY_FOR_SECONDS": "60",
        "OLYMPUS_WEBHOOK_SWEEP_SECONDS": "0.1",
        "OLYMPUS_WEBHOOK_TIMEOUT_SECONDS": "2",
        "OLYMPUS_WEBHOOK_TARGET_TTL_SECONDS": "0.5",
        "OLYMPUS_WORKER_METRICS_PORT": str(METRICS_PORT),
    }
    with platform(
        own_redis.url,
        ("gamestate",),
        args={"gamestate": ("--quotas", "off")},
        workers=True,
        worker_env=worker_env,
    ) as made:
        yield made


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    made = start_receiver()
    yield made
    made.server.shutdown()


@pytest.fixture(scope="module")
def accounts(stack: Platform) -> Iterator[accounts_pb2_grpc.AccountServiceStub]:
    with grpc.insecure_channel(stack.address("accounts")) as channel:
        yield accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="module")
def client(stack: Platform) -> Iterator[OlympusClient]:
    with OlympusClient(stack.address("gamestate"), timeout=20) as made:
        yield made


def auth(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),)


@dataclass
class Hooked:
    account_id: str
    key: str
    secret: str
    path: str


def hooked(
    stack: Platform,
    accounts: accounts_pb2_grpc.AccountServiceStub,
    url: Callable[[str], str],
) -> Hooked:
    """A new account with a `play` key and a webhook at `url(path)` (a path of its own)."""
    account_id, key = stack.account(scopes=("play",), kind="person")
    path = f"/hook/{secrets.token_hex(4)}"
    made = accounts.SetWebhook(apb.SetWebhookRequest(url=url(path)), metadata=auth(key))
    return Hooked(account_id, key, made.secret, path)


def create(
    stack: Platform, client: OlympusClient, seats: list[tuple[str, str]], players: int = 2
) -> pb.CreateGameResponse:
    """A game seated as a platform service seats one: (account or "", bot or "") per seat."""
    specs = [
        pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=bot)
        if bot
        else pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, account_id=account)
        for account, bot in seats
    ]
    request = pb.CreateGameRequest(options=pb.GameOptions(players=players), seats=specs)
    reply: pb.CreateGameResponse = client.stub.CreateGame(
        request, metadata=auth(stack.service_key), timeout=20
    )
    return reply


def token_of(created: pb.CreateGameResponse, seat: int) -> str:
    return next(s.token for s in created.seats if s.seat == seat)


def kinds(got: list[Received]) -> list[tuple[str, int]]:
    return [(r.data["kind"], r.data["version"]) for r in got]


def metrics() -> dict[tuple[str, str], float]:
    """The worker's webhook counters, {(kind, outcome): value}, from its /metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{METRICS_PORT}/metrics", timeout=10) as r:
        text = r.read().decode()
    out: dict[tuple[str, str], float] = {}
    for line in text.splitlines():
        m = re.match(
            r'olympus_webhook_deliveries_total\{kind="(\w+)",outcome="(\w+)"\} ([0-9.e+]+)', line
        )
        if m:
            out[(m.group(1), m.group(2))] = float(m.group(3))
    return out


# --- the tests -----------------------------------------------------------------------------------
def test_your_turn_and_the_end_of_a_real_game_are_delivered_signed(
    stack: Platform,
    receiver: Receiver,
    accounts: accounts_pb2_grpc.AccountServiceStub,
    client: OlympusClient,
) -> None:
    """Seat 0 is a person's (with a webhook), seat 1 the workers' bot. The person hears of
    its first decision, of each turn the bot's moves hand back, and of the result."""
    alice = hooked(stack, accounts, receiver.url)
    created = create(stack, client, [(alice.account_id, ""), ("", "random")])
    game_id = created.game_id

    first = wait_for("the first your_turn", lambda: receiver.at(alice.path) or None, 60)[0]
    data = verified(first, alice.secret)
    assert {k: data[k] for k in ("kind", "game_id", "seat", "version", "account_id")} == {
        "kind": "your_turn",
        "game_id": game_id,
        "seat": 0,
        "version": 1,
        "account_id": alice.account_id,
    }
    assert data["id"] == delivery_id(game_id, 1, 0, "your_turn")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", data["time"])

    # The person plays until a turn comes back to it after the bot's moves (told by the
    # worker that committed the bot's answer), then resigns: the workers finish the game.
    seat = SeatHandle(client, game_id, token_of(created, 0))
    rnd = random.Random(7)
    for _ in range(200):
        if any(v > 1 for k, v in kinds(receiver.at(alice.path)) if k == "your_turn"):
            break
        state = wait_for(
            "seat 0 to decide",
            lambda: s if (s := seat.decision()).your_turn or s.status != "active" else None,
            60,
        )
        assert state.status == "active" and state.decision is not None
        try:
            seat.act(pick(state.decision, rnd), version=state.version)
        except StaleVersion:
            continue
        time.sleep(0.05)  # the bot's turn, and its delivery, as a person would wait
    else:
        raise AssertionError(f"no later turn was told: {kinds(receiver.at(alice.path))}")
    seat.resign()

    def ended() -> Received | None:
        return next((r for r in receiver.at(alice.path) if r.data["kind"] == "game_finished"), None)

    last = wait_for("game_finished", ended, 180)
    data = verified(last, alice.secret)
    view = client.stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game
    assert view.status == pb.GAME_STATUS_FINISHED
    assert data["version"] == view.version
    result = view.result
    mine = next(s for s in result.scores if s.seat == 0)
    assert data["result"]["score"] == mine.total
    assert data["result"]["winner"] == (0 in result.winners)
    assert data["result"]["placement"] == (1 if 0 in result.winners else 2)
    assert data["result"]["players"] == 2

    # Every your_turn came after a version the person did not make itself (its own answer
    # goes on with its turn: it is there), and each event was delivered once.
    log = client.stub.GetGameLog(
        pb.GetGameLogRequest(game_id=game_id, token=created.host_token), timeout=10
    )
    by_version = {a.version: a for a in log.answers}
    turns = [r for r in receiver.at(alice.path) if r.data["kind"] == "your_turn"]
    for got in turns:
        d = verified(got, alice.secret)
        if d["version"] > 1:
            made_by = by_version[d["version"]]
            assert made_by.seat != 0 or made_by.bot or made_by.timed_out, made_by
    ids = [r.data["id"] for r in receiver.at(alice.path)]
    assert len(ids) == len(set(ids)), "an event delivered twice with no failure"


def test_an_abort_is_delivered_to_every_account_seat(
    stack: Platform,
    receiver: Receiver,
    accounts: accounts_pb2_grpc.AccountServiceStub,
    client: OlympusClient,
) -> None:
    bob, carol = hooked(stack, accounts, receiver.url), hooked(stack, accounts, receiver.url)
    created = create(stack, client, [(bob.account_id, ""), (carol.account_id, "")])
    for who in (bob, carol):
        wait_for("the first your_turn", lambda w=who: receiver.at(w.path) or None, 60)  # type: ignore[misc]
    version = client.abort_game(created.game_id, created.host_token, "test over")
    for seat, who in enumerate((bob, carol)):

        def aborted(w: Hooked = who) -> Received | None:
            return next((r for r in receiver.at(w.path) if r.data["kind"] == "game_aborted"), None)

        data = verified(wait_for("game_aborted", aborted, 60), who.secret)
        assert (data["seat"], data["version"], data["account_id"]) == (
            seat,
            version,
            who.account_id,
        )
        assert "result" not in data


def test_a_receiver_answering_503_gets_the_delivery_after_retries(
    stack: Platform,
    receiver: Receiver,
    accounts: accounts_pb2_grpc.AccountServiceStub,
    client: OlympusClient,
) -> None:
    dave = hooked(stack, accounts, receiver.url)
    receiver.answers[dave.path] = [503, 503, 429]
    before = metrics().get(("your_turn", "retried"), 0.0)
    created = create(stack, client, [(dave.account_id, ""), ("", "passive")])

    def delivered() -> list[Received] | None:
        got = receiver.at(dave.path)
        return got if any(r.status == 200 for r in got) else None

    got = wait_for("the delivery after three refusals", delivered, 60)
    assert [r.status for r in got] == [503, 503, 429, 200]
    ids = {verified(r, dave.secret)["id"] for r in got}  # each try signed afresh
    assert ids == {delivery_id(created.game_id, 1, 0, "your_turn")}
    bodies = {r.body for r in got}
    assert len(bodies) == 1  # the same body every time
    assert metrics().get(("your_turn", "retried"), 0.0) >= before + 3


def test_a_receiver_that_is_down_gets_the_delivery_once_it_is_back(
    stack: Platform, accounts: accounts_pb2_grpc.AccountServiceStub, client: OlympusClient
) -> None:
    port = free_port()  # nothing listens there yet: every try's connection is refused
    erin = hooked(stack, accounts, lambda path: f"http://127.0.0.1:{port}{path}")
    before = metrics().get(("your_turn", "retried"), 0.0)
    created = create(stack, client, [(erin.account_id, ""), ("", "passive")])
    wait_for(
        "two failed tries",
        lambda: metrics().get(("your_turn", "retried"), 0.0) >= before + 2 or None,
        60,
    )
    late = start_receiver(port)
    try:
        got = wait_for("the delivery", lambda: late.at(erin.path) or None, 60)
        data = verified(got[0], erin.secret)
        assert (data["game_id"], data["kind"], data["version"]) == (
            created.game_id,
            "your_turn",
            1,
        )
    finally:
        late.server.shutdown()


def test_a_4xx_is_given_up_at_once_and_an_account_without_a_webhook_gets_nothing(
    stack: Platform,
    receiver: Receiver,
    accounts: accounts_pb2_grpc.AccountServiceStub,
    client: OlympusClient,
    own_redis: EmbeddedRedis,
) -> None:
    frank = hooked(stack, accounts, receiver.url)
    receiver.answers[frank.path] = [410] * 10
    gone = hooked(stack, accounts, receiver.url)
    accounts.DeleteWebhook(apb.DeleteWebhookRequest(), metadata=auth(gone.key))
    never_id, _ = stack.account(scopes=("play",), kind="person")
    seats = [(frank.account_id, ""), (gone.account_id, ""), (never_id, "")]
    r = redis.Redis.from_url(own_redis.url)

    def stored(game_id: str, seat: int) -> dict[str, Any] | None:
        raw = r.get(record_key(delivery_id(game_id, 1, seat, "your_turn")))
        return None if raw is None else dict(json.loads(raw))

    def due() -> set[str]:
        return {m.decode() for n in range(SHARDS) for m in r.zrange(schedule_key(n), 0, -1)}

    try:
        for round_ in (1, 2):
            before = metrics().get(("your_turn", "failed"), 0.0)
            game_id = create(stack, client, seats, players=3).game_id
            wait_for(
                "the refusal counted",
                lambda b=before: metrics().get(("your_turn", "failed"), 0.0) >= b + 1 or None,  # type: ignore[misc]
                60,
            )
            time.sleep(2.0)  # ten retry periods: nothing more comes
            assert [x.status for x in receiver.at(frank.path)] == [410] * round_
            assert receiver.at(gone.path) == []
            assert (stored(game_id, 0) or {}).get("state") == "failed"
            assert not {delivery_id(game_id, 1, s, "your_turn") for s in range(3)} & due()
            if round_ == 1:
                # Not known yet to the game service: made, and dropped by the worker, unsent.
                for seat in (1, 2):
                    assert (stored(game_id, seat) or {"state": "dropped"})["state"] == "dropped"
            else:
                # Known by now to have no webhook: nothing is made for them at all.
                assert (stored(game_id, 1), stored(game_id, 2)) == (None, None)
    finally:
        r.close()


def test_the_worker_serves_webhook_metrics(stack: Platform) -> None:
    with urllib.request.urlopen(f"http://127.0.0.1:{METRICS_PORT}/metrics", timeout=10) as r:
        text = r.read().decode()
    assert 'olympus_webhook_deliveries_total{kind="your_turn",outcome="delivered"}' in text
    assert "olympus_webhook_seconds_bucket" in text
    assert "olympus_webhook_delay_seconds_count" in text
