"""Storage that does not grow forever: games end early (the host's abort, inactivity), ended
games are deleted after their retention and never listed once gone, a game's Redis memory
stays bounded, and an idempotency key is bound to the request it first came with."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from gamestate_players import act_once, pick, play_out, stored_answers

from olympus.bench.memory import LIMIT_BYTES, measure
from olympus.client import ActResult, GameServiceError, OlympusClient, StaleVersion
from olympus.engine import Game
from olympus.gamestate.auth import token_hash
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.store import (
    ACTIVITY,
    SCHEDULED,
    game_key,
    index_key,
    token_key,
    unpack_state,
)
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2 as pb
from services import ServiceProcess, running_service

WAIT_S = 60  # a bound on waiting for the sweeper, never a timed assertion


def refused(call: Callable[[], object]) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()
    return info.value


def abort(client: OlympusClient, game_id: str, token: str, reason: str = "") -> int:
    request = pb.AbortGameRequest(game_id=game_id, token=token, reason=reason)
    reply = client.call(client.stub.AbortGame, request, retry_on=frozenset())
    return int(reply.version)


def listed(client: OlympusClient, status: int) -> list[str]:
    request = pb.ListGamesRequest(status=status, page_size=500)
    return [g.game_id for g in client.call(client.stub.ListGames, request).games]


def watch_to_the_end(client: OlympusClient, game_id: str, after: int) -> list[pb.GameEvent]:
    """Every event the service sends from `after` on, until it ends the stream."""
    request = pb.WatchGameRequest(game_id=game_id, from_version=after)
    return list(client.stub.WatchGame(request, timeout=WAIT_S))


def aborted_by(event: pb.GameEvent) -> list[str]:
    assert event.kind == pb.EVENT_KIND_ABORTED and event.finished and not event.waiting_for
    [entry] = event.log
    assert entry.kind == "aborted"
    return [a.text for a in entry.args]


def until(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, "the sweeper did not get there"
        time.sleep(0.1)


def test_the_host_aborts_a_game(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=81)
    gid, host = game.game_id, game.host_token
    rnd = random.Random(81)
    seats = {s: client.join(gid, t) for s, t in game.tokens.items()}
    act_once(seats[client.spectate(gid).decision().waiting_for[0]], rnd)
    me = seats[client.spectate(gid).decision().waiting_for[0]]
    state = me.decision()
    answer = pick(state.decision or {}, rnd)

    assert refused(lambda: abort(client, gid, game.tokens[0])).reason == "HOST_ONLY"
    assert refused(lambda: abort(client, gid, "")).reason == "TOKEN_REQUIRED"
    assert refused(lambda: abort(client, gid, host, "x" * 101)).status == "INVALID_ARGUMENT"
    assert refused(lambda: abort(client, gid, host, "bye\u202e")).status == "INVALID_ARGUMENT"

    watched: list[pb.GameEvent] = []
    watcher = threading.Thread(target=lambda: watched.extend(watch_to_the_end(client, gid, 1)))
    watcher.start()
    made = abort(client, gid, host, "the table closed")
    assert made == state.version + 1
    assert abort(client, gid, host) == made  # again: the same result
    watcher.join(WAIT_S)
    assert not watcher.is_alive()  # the stream ended after the abort
    assert [e.version for e in watched] == list(range(2, made + 1))
    assert aborted_by(watched[-1]) == ["host", "the table closed"]

    # Every view shows it; nobody is waited for; every answer is refused.
    view = client.call(client.stub.GetGame, pb.GetGameRequest(game_id=gid, token=me.token)).game
    assert (view.status, view.version) == (pb.GAME_STATUS_ABORTED, made)
    assert not view.waiting_for and not view.decisions
    decision = client.call(
        client.stub.GetDecision, pb.GetDecisionRequest(game_id=gid, token=me.token)
    )
    assert decision.status == pb.GAME_STATUS_ABORTED
    assert not decision.your_turn and not decision.waiting_for
    for version in (state.version, made):
        err = refused(lambda v=version: me.act(answer, version=v, rebase=False))
        assert (err.status, err.reason) == ("FAILED_PRECONDITION", "GAME_ABORTED")
    assert gid in listed(client, pb.GAME_STATUS_ABORTED)
    assert gid not in listed(client, pb.GAME_STATUS_ACTIVE)

    # Its log is public now that it ended.
    log = client.call(client.stub.GetGameLog, pb.GetGameLogRequest(game_id=gid))
    assert (log.status, log.version, len(log.answers)) == (pb.GAME_STATUS_ABORTED, made, made - 2)


def test_a_finished_game_cannot_be_aborted(client: OlympusClient) -> None:
    game = client.create_game(players=1, seed=73)
    play_out(client, game.game_id, game.tokens, seed=73)
    err = refused(lambda: abort(client, game.game_id, game.host_token))
    assert (err.status, err.reason) == ("FAILED_PRECONDITION", "GAME_FINISHED")


def test_a_game_nobody_answers_is_aborted(private_redis: EmbeddedRedis) -> None:
    """With a 1 s inactivity limit a new game is aborted, its watchers told; so is a game
    written before the service kept its schedules (an upgrade: its entry and the flag saying
    old games were scheduled are gone)."""
    url = private_redis.url
    with (
        running_service("gamestate", "--redis-url", url) as before,
        OlympusClient(before.address) as client,
    ):
        old = client.create_game(players=2, seed=83)
    r = redis.Redis.from_url(url)
    r.delete(index_key(ACTIVITY), index_key(SCHEDULED))
    r.close()
    flags = ("--inactivity-seconds", "1", "--sweep-seconds", "0.2")
    with (
        running_service("gamestate", "--redis-url", url, *flags) as service,
        OlympusClient(service.address) as client,
    ):
        game = client.create_game(players=2, seed=82)
        for game_id in (game.game_id, old.game_id):
            events = watch_to_the_end(client, game_id, 1)  # ends with the abort
            assert [e.version for e in events] == [2]
            assert aborted_by(events[0]) == ["inactivity"]
            assert client.spectate(game_id).decision().waiting_for == []
            assert game_id in listed(client, pb.GAME_STATUS_ABORTED)
        err = refused(lambda: client.join(game.game_id, game.tokens[0]).act("pass", version=2))
        assert err.reason == "GAME_ABORTED"


def _gone(r: redis.Redis, client: OlympusClient, game_id: str, tokens: list[str]) -> None:
    """Nothing of the game is left: not listed, not found, no key in Redis."""
    for status in (pb.GAME_STATUS_UNSPECIFIED, pb.GAME_STATUS_FINISHED, pb.GAME_STATUS_ABORTED):
        assert game_id not in listed(client, status)
    for call in (
        lambda: client.spectate(game_id).view(),
        lambda: client.join(game_id, tokens[0]).view(),
        lambda: client.game_log(game_id),
    ):
        err = refused(call)
        assert (err.status, err.reason) == ("NOT_FOUND", "GAME_NOT_FOUND")
    assert list(r.scan_iter(match=f"*{{g:{game_id}}}*")) == []
    assert all(r.get(token_key(token_hash(t))) is None for t in tokens)


def test_ended_games_are_deleted_after_their_retention(private_redis: EmbeddedRedis) -> None:
    """Games end on a service that sweeps only when it starts; they are exported, then a second
    service deletes them once their retention is over: gone for both (the first had them
    cached), nothing left in Redis; a running game stays."""
    url = private_redis.url
    r = redis.Redis.from_url(url)
    flags = ("--redis-url", url, "--retention-seconds", "1")
    with (
        running_service("gamestate", *flags, "--sweep-seconds", "3600") as ending,
        OlympusClient(ending.address) as client,
    ):
        finished = client.create_game(players=1, seed=73)
        play_out(client, finished.game_id, finished.tokens, seed=73)
        quit = client.create_game(players=2, seed=84)
        abort(client, quit.game_id, quit.host_token)
        running = client.create_game(players=2, seed=85)
        client.join(finished.game_id, finished.tokens[0]).view()  # cached here from now on
        assert client.game_log(finished.game_id)["status"] == "finished"
        assert client.game_log(quit.game_id)["version"] == 2
        ended = {
            finished.game_id: [finished.host_token, *finished.tokens.values()],
            quit.game_id: [quit.host_token, *quit.tokens.values()],
        }

        with (
            running_service("gamestate", *flags, "--sweep-seconds", "0.2") as sweeping,
            OlympusClient(sweeping.address) as other,
        ):
            until(lambda: not set(ended) & set(listed(other, pb.GAME_STATUS_UNSPECIFIED)))
            until(lambda: not any(r.exists(game_key(g, "game")) for g in ended))
        for game_id, tokens in ended.items():
            _gone(r, client, game_id, tokens)
        assert client.spectate(running.game_id).decision().status == "active"
        assert running.game_id in listed(client, pb.GAME_STATUS_ACTIVE)
    r.close()


def test_list_pages_are_full_when_games_are_gone(private_redis: EmbeddedRedis) -> None:
    """Games deleted behind the index's back (as a process dying mid-delete would leave
    them): every page but the last is still full, and the pages list every other game once."""
    with (
        running_service("gamestate", "--redis-url", private_redis.url) as service,
        OlympusClient(service.address) as client,
    ):
        for i in range(9):
            client.create_game(players=1, seed=90 + i)
        order = listed(client, pb.GAME_STATUS_UNSPECIFIED)  # newest first
        gone = {order[2], order[3], order[5], order[8]}
        r = redis.Redis.from_url(private_redis.url)
        for game_id in gone:
            r.delete(*(game_key(game_id, part) for part in ("game", "state", "events")))
        r.close()
        for status in ("any", "active"):
            pages, token = [], ""
            while True:
                games, token = client.list_games(status=status, page_size=2, page_token=token)
                pages.append([g["game_id"] for g in games])
                if not token:
                    break
            assert [len(p) for p in pages] == [2, 2, 1]
            assert [g for p in pages for g in p] == [g for g in order if g not in gone]


def test_memory_per_game_is_bounded(gamestate: ServiceProcess, redis_url: str) -> None:
    """A 3-player base + Corporate Era game played through the service with random legal
    answers, each with its own idempotency key: at mid-game and at its end the game holds at
    most 20 KB of Redis (keys, tokens, its share of the indexes)."""
    figures = measure(gamestate.address, redis_url, games=1, players=3, seed=7)
    for point in ("mid_game", "end"):
        assert figures[point]["bytes_per_game_max"] <= LIMIT_BYTES, figures


def _without_time(event: dict[str, Any] | None) -> dict[str, Any]:
    assert event is not None
    return {**event, "time_ms": 0}


def test_an_idempotency_key_is_bound_to_its_request(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=86)
    rnd = random.Random(86)
    me = client.join(game.game_id, game.tokens[0])
    state = me.decision()
    answer = pick(state.decision or {}, rnd)
    first = me.act(answer, version=state.version, key="bound-1")
    again = me.act(answer, version=state.version, key="bound-1", rebase=False)
    assert (again.replayed, again.version, again.answer) == (True, first.version, first.answer)
    assert again.event == first.event
    for other_answer, version in (("pass", state.version), (answer, state.version + 1)):
        err = refused(
            lambda a=other_answer, v=version: me.act(a, version=v, key="bound-1", rebase=False)
        )
        assert (err.status, err.reason) == ("ABORTED", "IDEMPOTENCY_KEY_REUSED")
        assert err.metadata == {"version": str(first.version)}


def test_old_keys_are_forgotten_and_old_results_rebuilt(
    client: OlympusClient, redis_url: str
) -> None:
    """A game remembers its last 32 keys: a key among them replays its first result, the
    event rebuilt from the answer log when the stream no longer holds it; an older key is a
    new answer again, refused as stale. The answer log (packed as it grows) stays whole."""
    game = client.create_game(players=2, seed=87, beginner=[0, 1])
    rnd = random.Random(87)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    sent: list[tuple[int, dict[str, Any], int, ActResult]] = []  # seat, answer, version, result
    for i in range(80):
        seat = client.spectate(game.game_id).decision().waiting_for[0]
        state = seats[seat].decision()
        answer = pick(state.decision or {}, rnd)
        result = seats[seat].act(answer, version=state.version, key=f"old-{i}", rebase=False)
        sent.append((seat, answer, state.version, result))

    seat, answer, version, first = sent[80 - 30]  # remembered; its event left the stream
    again = seats[seat].act(answer, version=version, key="old-50", rebase=False)
    assert again.replayed and (again.version, again.answer) == (first.version, first.answer)
    assert _without_time(again.event) == _without_time(first.event)
    seat, answer, version, first = sent[0]  # forgotten
    with pytest.raises(StaleVersion) as info:
        seats[seat].act(answer, version=version, key="old-0", rebase=False)
    assert info.value.reason == "STALE_VERSION"

    # The stored log (packed as it grows) stays whole: read from Redis, since a running
    # game's log over the API is public facts only.
    options, answers = stored_answers(redis_url, game.game_id)
    assert [(a[0], a[1], a[2]) for a in answers] == [
        (result.version, seat, result.answer) for seat, _, _, result in sent
    ]
    replayed = Game.replay(options, [(a[1], a[2]) for a in answers])
    stored = redis.Redis.from_url(redis_url).get(game_key(game.game_id, "state"))
    assert stored is not None
    version, blob = unpack_state(stored)
    _table, game_now = unpack_blob(blob)
    assert version == 1 + len(sent) and game_now.to_bytes() == replayed.to_bytes()
