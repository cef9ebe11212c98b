"""Concurrent answers: one game, racing clients, two service processes on one Redis.

Whatever the interleaving, every answer is applied once or refused, never lost or doubled:
the answer log has one entry per version, and replaying it rebuilds exactly the state stored.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import redis
from gamestate_players import pick, stored_answers, wait_for

from olympus.client import ActResult, GameServiceError, OlympusClient, SeatHandle, StaleVersion
from olympus.engine import Game
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.store import game_key, unpack_state
from services import WorkerProcesses, running_service

Submission = tuple[SeatHandle, dict[str, Any], int, str]  # who, answer, version, key


def race(*submissions: Submission) -> list[ActResult | GameServiceError]:
    """Send the answers at the same moment, each from its own thread."""
    start = threading.Barrier(len(submissions))
    out: list[Any] = [None] * len(submissions)

    def run(i: int) -> None:
        handle, answer, version, key = submissions[i]
        start.wait()
        try:
            out[i] = handle.act(answer, version=version, key=key)
        except GameServiceError as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(submissions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


def assert_consistent(
    redis_url: str, client: OlympusClient, game_id: str, host: str
) -> dict[str, Any]:
    """The stored answer log has each version once, and replaying it from the stored options
    gives the stored state, byte for byte. (Read from Redis: while a game runs, its log over
    the API is public facts only, without the seed.)"""
    options, answers = stored_answers(redis_url, game_id)
    versions = [a[0] for a in answers]
    assert versions == list(range(2, 2 + len(versions)))
    replayed = Game.replay(options, [(a[1], a[2]) for a in answers])
    stored = redis.Redis.from_url(redis_url).get(game_key(game_id, "state"))
    assert stored is not None
    version, blob = unpack_state(stored)
    _table, game = unpack_blob(blob)
    log = client.game_log(game_id, host)
    assert version == log["version"] == 1 + len(versions)
    assert game.to_bytes() == replayed.to_bytes()
    return log


def test_same_answer_with_different_keys_is_applied_once(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=21)
    rnd = random.Random(1)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    for _ in range(30):
        waiting = client.spectate(game.game_id).decision().waiting_for
        me = seats[waiting[0]]
        state = me.decision()
        answer = pick(state.decision or {}, rnd)
        first, second = race(
            (me, answer, state.version, f"a-{state.version}"),
            (me, answer, state.version, f"b-{state.version}"),
        )
        results = [r for r in (first, second) if isinstance(r, ActResult)]
        refused = [r for r in (first, second) if isinstance(r, GameServiceError)]
        assert len(results) == 1 and len(refused) == 1, (first, second)
        assert isinstance(refused[0], StaleVersion) and refused[0].status == "ABORTED"
        assert results[0].version == state.version + 1 and not results[0].replayed
    assert_consistent(redis_url, client, game.game_id, game.host_token)


def test_same_key_twice_at_once_gives_one_result(client: OlympusClient, redis_url: str) -> None:
    game = client.create_game(players=3, seed=22)
    rnd = random.Random(2)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    for round_ in range(30):
        waiting = client.spectate(game.game_id).decision().waiting_for
        me = seats[waiting[0]]
        state = me.decision()
        answer = pick(state.decision or {}, rnd)
        key = f"same-{round_}"
        first, second = race(
            (me, answer, state.version, key),
            (me, answer, state.version, key),
        )
        assert isinstance(first, ActResult) and isinstance(second, ActResult), (first, second)
        assert first.version == second.version == state.version + 1
        assert first.answer == second.answer
        assert sorted([first.replayed, second.replayed]) == [False, True]
        # Later, the same key with the same request still returns the first result; with
        # another answer it is refused, naming the version the first one made.
        again = me.act(answer, version=state.version, key=key, rebase=False)
        assert again.replayed and again.version == first.version and again.answer == first.answer
        try:
            me.act({"type": "pass"}, version=state.version + 5, key=key, rebase=False)
            raise AssertionError("a reused key was accepted")
        except StaleVersion as reused:
            assert reused.reason == "IDEMPOTENCY_KEY_REUSED"
            assert reused.metadata == {"version": str(first.version)}
    assert_consistent(redis_url, client, game.game_id, game.host_token)


def test_two_service_processes_serve_one_game(redis_url: str, workers: WorkerProcesses) -> None:
    """Seats answer through either process at random, each answer sent to both processes at
    once (the same key) or as two racing answers (different keys): a whole game, no answer
    lost or doubled. Both processes hand the bot seat's turns to the workers, whose answers
    race the players' too."""
    with (
        running_service("gamestate", "--redis-url", redis_url) as one,
        running_service("gamestate", "--redis-url", redis_url) as two,
        OlympusClient(one.address, timeout=20) as a,
        OlympusClient(two.address, timeout=20) as b,
    ):
        game = a.create_game(players=4, seed=23, bots=[3])
        rnd = random.Random(3)
        handles = {
            seat: (a.join(game.game_id, t), b.join(game.game_id, t))
            for seat, t in game.tokens.items()
        }
        applied = 0
        for step in range(3000):
            watcher = rnd.choice((a, b)).spectate(game.game_id)
            state = wait_for(  # while the bot seat alone is to answer
                watcher.decision,
                lambda s: s.status != "active" or any(x in handles for x in s.waiting_for),
                "a human seat's turn",
            )
            if state.status == "finished":
                break
            seat = rnd.choice([s for s in state.waiting_for if s in handles])
            via_a, via_b = handles[seat]
            mine = rnd.choice((via_a, via_b)).decision()
            if not mine.your_turn:
                continue
            answer = pick(mine.decision or {}, rnd)
            same_key = rnd.random() < 0.5
            keys = (f"k{step}", f"k{step}" if same_key else f"k{step}-other")
            results = race(
                (via_a, answer, mine.version, keys[0]),
                (via_b, answer, mine.version, keys[1]),
            )
            made = [r for r in results if isinstance(r, ActResult) and not r.replayed]
            assert len(made) == 1, results
            others = [r for r in results if r is not made[0]]
            if same_key:
                assert isinstance(others[0], ActResult) and others[0].replayed
                assert others[0].version == made[0].version
            else:
                assert isinstance(others[0], StaleVersion), others
            applied += 1
        else:
            raise AssertionError("the game did not finish")
        log = assert_consistent(redis_url, a, game.game_id, game.host_token)
        assert log["status"] == "finished"
        assert sum(1 for x in log["answers"] if not x["bot"]) == applied
        assert {x["seat"] for x in log["answers"] if x["bot"]} == {3}
