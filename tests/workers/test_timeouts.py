"""Turn clocks enforced by real workers and beat on a real Redis: a deadline that passed while
nothing ran, a seat that never answers (handed to a bot), a player's answer racing its own
timeout, and a bank clock's arithmetic."""

from __future__ import annotations

import asyncio
import itertools
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import grpc
import pytest
import redis
from worker_support import (
    Watcher,
    create,
    finished,
    game_log,
    stored,
    stored_events,
    token_of,
    view,
    wait_for,
)

from olympus.bots import make_bot
from olympus.client import OlympusClient
from olympus.engine.defaults import default_answer
from olympus.gamestate import store as st
from olympus.gamestate.autoplay import Autoplay, Played
from olympus.gamestate.core import Games
from olympus.gamestate.store import GameStore
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import error_details
from olympus.platform.redis_pool import redis_client
from olympus.v1 import game_pb2 as pb
from services import running_workers

SWEEP_S = 1.0
LATE_MS = 15_000  # how late, beyond the sweep interval, a timeout may come at the most


def _abort(client: OlympusClient, created: pb.CreateGameResponse) -> None:
    """End a game a test leaves running, so later tests' workers have nothing to do in it."""
    if not finished(client, created.game_id):
        client.abort_game(created.game_id, created.host_token)


def _submit(
    client: OlympusClient, game_id: str, token: str, version: int, text: str, key: str
) -> pb.SubmitActionResponse:
    request = pb.SubmitActionRequest(
        game_id=game_id, token=token, expected_version=version, idempotency_key=key, text=text
    )
    reply: pb.SubmitActionResponse = client.stub.SubmitAction(request, timeout=10)
    return reply


def test_a_deadline_passed_while_everything_was_down_fires_once(
    client: OlympusClient, own_redis: EmbeddedRedis, rdb: redis.Redis
) -> None:
    clock = pb.TimeControl(decision_seconds=1, timeouts_before_bot=100)
    created = create(client, 1, bots=[], time_control=clock)
    game_id = created.game_id
    first = view(client, game_id)
    deadline = first.clocks[0].deadline_ms
    assert deadline > 0 and first.version == 1
    time.sleep(2.5)  # the deadline passes with no worker and no beat anywhere
    assert view(client, game_id).version == 1

    try:
        with running_workers(own_redis.url, sweep_seconds=SWEEP_S):
            wait_for("the missed deadline's timeout", lambda: view(client, game_id).version >= 2)
            events = stored_events(rdb, game_id)
            timed_out = events[2]
            assert timed_out.timed_out and timed_out.seat == 0 and not timed_out.bot
            assert timed_out.time_ms >= deadline
            # Sweeps go on every second; the next decision times out on its own deadline, told
            # in the event of the answer before it, never a second time for the first one.
            next_deadline = timed_out.clocks[0].deadline_ms
            assert next_deadline >= timed_out.time_ms + 1000
            wait_for("the next decision's timeout", lambda: view(client, game_id).version >= 3)
            events = stored_events(rdb, game_id)
            assert events[3].timed_out
            assert next_deadline <= events[3].time_ms <= next_deadline + SWEEP_S * 1000 + LATE_MS
        answers = game_log(client, game_id, created.host_token).answers
        assert [a.version for a in answers] == list(range(2, 2 + len(answers)))
        assert all(a.seat == 0 and a.timed_out and not a.bot for a in answers)
        # Every timeout came on its own deadline: one per decision, a decision's time apart.
        times = [stored_events(rdb, game_id).get(a.version) for a in answers]
        kept = [e.time_ms for e in times if e is not None]
        assert all(b - a >= 1000 for a, b in itertools.pairwise(kept)), kept
    finally:
        _abort(client, created)


@pytest.mark.parametrize(
    "policy", [pb.TIMEOUT_POLICY_DEFAULT_ANSWER, pb.TIMEOUT_POLICY_BOT], ids=["default", "bot"]
)
def test_a_seat_that_never_answers_is_handed_to_a_bot(
    client: OlympusClient, own_redis: EmbeddedRedis, policy: pb.TimeoutPolicy
) -> None:
    clock = pb.TimeControl(decision_seconds=1, timeouts_before_bot=2, timeout_policy=policy)
    with running_workers(own_redis.url, sweep_seconds=SWEEP_S):
        created = create(client, 2, bots=[1], time_control=clock)
        game_id = created.game_id
        token = token_of(created, 0)
        watcher = Watcher(client, game_id)

        def handed() -> bool:
            return any(e.handed_to_bot for e in watcher.events)

        wait_for("seat 0 handed to a bot", handed, timeout=60)
        # Whatever version the answer names (the current one, a long gone one), the seat is
        # told why: a stale version would have it read its decision and try again and again.
        for named in (view(client, game_id).version, 1):
            with pytest.raises(grpc.RpcError) as refused:
                _submit(client, game_id, token, named, "pass", f"late-{named}")
            assert (refused.value.code(), error_details(refused.value)[0]) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "SEAT_HANDED_TO_BOT",
            )
        assert view(client, game_id).status == pb.GAME_STATUS_ACTIVE, "finished too soon"
        settings = view(client, game_id).settings.seats[0]
        assert settings.handed_to_bot and settings.kind == pb.SEAT_KIND_BOT

        wait_for("the game to finish", lambda: finished(client, game_id))
        events = watcher.finish()

    timeouts = [e for e in events if e.timed_out]
    assert [(e.seat, e.handed_to_bot) for e in timeouts] == [(0, False), (0, True)]
    for e in timeouts:
        before = events[e.version - 2]  # the state the timeout answered
        assert before.version == e.version - 1
        deadline = before.clocks[0].deadline_ms
        assert deadline > 0
        assert deadline <= e.time_ms <= deadline + SWEEP_S * 1000 + LATE_MS
        assert [c.timeouts for c in e.clocks] == [timeouts.index(e) + 1, 0]
    assert events[-1].clocks[0].handed_to_bot

    answers = game_log(client, game_id, created.host_token).answers
    handed_at = timeouts[-1].version
    for a in answers:
        if a.seat == 0 and a.version > handed_at:
            assert a.bot and not a.timed_out
        elif a.seat == 0:
            assert not a.bot and a.timed_out == (a.version in {e.version for e in timeouts})
        else:
            assert a.bot and not a.timed_out
    assert sum(a.timed_out for a in answers) == 2
    assert any(a.seat == 0 and a.version > handed_at for a in answers)


@pytest.fixture
def autoplay(own_redis: EmbeddedRedis) -> Iterator[tuple[asyncio.AbstractEventLoop, Autoplay]]:
    """The workers' Autoplay in this process, built as olympus/workers/runtime.py builds it,
    on the same Redis: the test fires timers itself, when it chooses."""
    loop = asyncio.new_event_loop()
    redis_async = redis_client(own_redis.url, "olympus-test-worker", 4, 2.0)
    store = GameStore(
        redis_async, st.DEFAULT_RETENTION_S, st.DEFAULT_IDEMPOTENCY_S, st.DEFAULT_INACTIVITY_S
    )
    yield loop, Autoplay(Games(store, state_cache_size=16))
    loop.run_until_complete(store.close())
    loop.run_until_complete(redis_async.aclose())
    loop.close()


def _race(
    human: Callable[[], pb.SubmitActionResponse],
    timer: Callable[[], Played],
    lags: tuple[float, float],
) -> tuple[pb.SubmitActionResponse | tuple[grpc.StatusCode, str], Played]:
    """Run a player's answer and a timer's firing at the same moment (each after its lag);
    the answer's reply (or refusal: status and reason) and what the timer did."""
    start = threading.Barrier(2)
    outcome: dict[str, Any] = {}

    def answer() -> None:
        start.wait()
        time.sleep(lags[0])
        try:
            outcome["human"] = human()
        except grpc.RpcError as exc:
            outcome["human"] = (exc.code(), error_details(exc)[0])

    def fire() -> None:
        start.wait()
        time.sleep(lags[1])
        outcome["timer"] = timer()

    threads = [threading.Thread(target=answer), threading.Thread(target=fire)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not any(t.is_alive() for t in threads)
    assert isinstance(outcome["timer"], Played)
    return outcome["human"], outcome["timer"]


def test_an_answer_racing_its_own_timeout_is_applied_once_or_refused(
    client: OlympusClient,
    rdb: redis.Redis,
    autoplay: tuple[asyncio.AbstractEventLoop, Autoplay],
) -> None:
    loop, table = autoplay
    clock = pb.TimeControl(decision_seconds=1, timeouts_before_bot=100)
    created = create(client, 1, bots=[], time_control=clock)
    game_id = created.game_id
    token = token_of(created, 0)
    rnd = random.Random(5)
    wins: Counter[str] = Counter()
    try:
        for round_ in range(10):
            now = view(client, game_id)
            version, deadline = now.version, now.clocks[0].deadline_ms
            assert deadline > 0 and now.status == pb.GAME_STATUS_ACTIVE
            stored_version, _, game = stored(rdb, game_id)
            assert stored_version == version
            decision = game.decision_for(0)
            answer = make_bot("random", rnd.randrange(2**31)).choose(game, decision)
            if round_ % 2:  # sometimes the very answer the timeout would give
                answer = default_answer(decision)

            # Either side may start a hair later: the in-process timer is quicker off the
            # mark than a call through the service, so give each a chance to be first.
            lag = rnd.choice([0.0, 0.0, 0.001, 0.002, 0.004])
            lags = (lag, 0.0) if round_ % 3 == 0 else (0.0, lag)
            # Just before the deadline the timer has nothing to do.
            time.sleep(max(0.0, (deadline - 200) / 1000 - time.time()))
            early = loop.run_until_complete(table.fire(game_id))
            assert early == Played() and view(client, game_id).version == version
            time.sleep(max(0.0, (deadline + 20) / 1000 - time.time()))
            human_result, fired = _race(
                partial(_submit, client, game_id, token, version, str(answer), f"race-{version}"),
                lambda: loop.run_until_complete(table.fire(game_id)),
                lags,
            )

            after = view(client, game_id)
            assert after.version == version + 1  # the decision got one answer, and only one
            answers = game_log(client, game_id, created.host_token).answers
            made = [a for a in answers if a.version == version + 1]
            assert len(made) == 1 and made[0].seat == 0
            if isinstance(human_result, pb.SubmitActionResponse):
                wins["player"] += 1
                assert human_result.version == version + 1 and not human_result.replayed
                assert not made[0].timed_out and fired.timeouts == 0
            else:
                wins["timeout"] += 1
                code, reason = human_result
                stale = code == grpc.StatusCode.ABORTED and reason == "STALE_VERSION"
                assert stale or code == grpc.StatusCode.FAILED_PRECONDITION, human_result
                assert made[0].timed_out and fired.timeouts == 1
            assert sum(a.timed_out for a in answers) == wins["timeout"]
    finally:
        print(f"answer against its own timeout, who won: {dict(wins)}")
        _abort(client, created)
    assert sum(wins.values()) == 10


def test_a_bank_clock_spends_the_time_taken_and_adds_the_increment(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    clock = pb.TimeControl(seconds_per_game=30, seconds_per_decision=5)
    started = time.time()
    created = create(client, 2, bots=[], time_control=clock)
    game_id = created.game_id
    try:
        at_setup = view(client, game_id)
        assert [c.seat for c in at_setup.clocks] == [0, 1]
        for c in at_setup.clocks:
            assert c.deadline_ms > 0 and 0 < c.remaining_ms <= 30_000 and c.timeouts == 0
        _, _, game = stored(rdb, game_id)
        answer = default_answer(game.decision_for(0))
        reply = _submit(client, game_id, token_of(created, 0), 1, str(answer), "setup")
        elapsed_ms = (time.time() - started) * 1000  # at least what seat 0's clock ran
        assert reply.version == 2

        mine, theirs = view(client, game_id).clocks
        assert mine.deadline_ms == 0  # not running: seat 0 waits for nothing
        assert 35_000 - elapsed_ms - 1000 <= mine.remaining_ms <= 35_000, (mine, elapsed_ms)
        assert theirs.deadline_ms == at_setup.clocks[1].deadline_ms > 0  # still running
        assert theirs.remaining_ms <= 30_000
    finally:
        _abort(client, created)


def test_a_bot_waiting_when_a_timeout_fires_plays_at_once(
    client: OlympusClient, autoplay: tuple[asyncio.AbstractEventLoop, Autoplay]
) -> None:
    """No worker runs here: the bot seat's task, sent when the game was made, is never taken.
    The timer that times seat 0 out plays the bot seat too, without waiting for the grace
    after which a bot task counts as lost."""
    loop, table = autoplay
    clock = pb.TimeControl(decision_seconds=1, timeouts_before_bot=100)
    created = create(client, 2, bots=[1], time_control=clock)
    game_id = created.game_id
    try:
        deadline = view(client, game_id).clocks[0].deadline_ms
        time.sleep(max(0.0, (deadline + 50) / 1000 - time.time()))
        fired = loop.run_until_complete(table.fire(game_id))
        assert fired.timeouts >= 1 and fired.answers >= 1
        answers = game_log(client, game_id, created.host_token).answers
        assert any(a.seat == 0 and a.timed_out for a in answers)
        assert any(a.seat == 1 and a.bot for a in answers)
    finally:
        _abort(client, created)
