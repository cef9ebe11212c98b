"""Redis outages are visible and fast: health follows Redis, a frozen Redis fails calls with
UNAVAILABLE well inside the client's deadline, a restart or a killed connection is got over
without the client retrying, and the outage is logged once, as JSON."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
import redis
from platform_support import NOT_SERVING, SERVING, RedisServer, health_status, wait_for

from olympus.client import ActResult, GameServiceError, OlympusClient
from services import ServiceProcess, running_service


def _answer(client: OlympusClient, game_id: str, token: str) -> str:
    decision = client.join(game_id, token).decision().decision or {}
    return f"setup {decision['corporations'][0]['card']} -"


def _unavailable(call: Any, redis_port: int) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()
    err = info.value
    assert (err.status, err.reason) == ("UNAVAILABLE", "STORAGE_UNAVAILABLE"), err
    assert str(redis_port) not in err.message and "127.0.0.1" not in err.message
    return err


def _log_records(service: ServiceProcess) -> list[dict[str, Any]]:
    """The service's stderr, every line of which is one JSON object."""
    return [json.loads(line) for line in service.log().splitlines() if line.strip()]


def test_health_follows_redis_and_a_restart_needs_no_client_retry(
    redis_server: RedisServer,
) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_server.url) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        client.create_game(players=2, seed=740)
        assert health_status(service.address) == SERVING

        redis_server.stop()
        wait_for(lambda: health_status(service.address) == NOT_SERVING, "NOT_SERVING")
        assert health_status(service.address, "olympus.v1.GameService") == NOT_SERVING
        for _ in range(5):
            _unavailable(lambda: client.create_game(players=2), redis_server.port)
            _unavailable(lambda: client.list_games(), redis_server.port)

        redis_server.start()  # a new, empty Redis at the same address
        wait_for(lambda: health_status(service.address) == SERVING, "SERVING again")
        game = client.create_game(players=2, seed=741)  # no retries: each works the first time
        me = client.join(game.game_id, game.tokens[0])
        assert me.act(_answer(client, game.game_id, game.tokens[0]), version=1).version == 2
        assert game.game_id in {g["game_id"] for g in client.list_games()[0]}

    records = _log_records(service)
    for record in records:
        assert {"time", "level", "logger", "message", "service"} <= set(record)
        assert record["service"] == "gamestate"
    # ten failed calls, one outage: logged when it began and when it ended, not per call
    storage = [r for r in records if r["logger"] == "olympus.gamestate.store"]
    assert [r["level"] for r in storage] == ["ERROR", "WARNING"], storage
    assert "unreachable" in storage[0]["message"] and storage[0]["operation"]
    health = [r["message"] for r in records if r["message"].startswith("health:")]
    assert health[0].startswith("health: NOT_SERVING") and health[-1] == "health: SERVING again"


def test_a_frozen_redis_fails_calls_fast_and_health_says_so(redis_server: RedisServer) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_server.url) as service,
        # a deadline well under the ~10 s a call used to hang: DEADLINE_EXCEEDED would show it
        OlympusClient(service.address, retries=0, timeout=5) as client,
    ):
        game = client.create_game(players=2, seed=742)
        me = client.join(game.game_id, game.tokens[0])
        answer = _answer(client, game.game_id, game.tokens[0])
        redis_server.freeze()
        try:
            _unavailable(lambda: me.act(answer, version=1), redis_server.port)  # the pipe
            _unavailable(me.view, redis_server.port)
            _unavailable(lambda: client.create_game(players=2), redis_server.port)  # redis-py
            _unavailable(lambda: client.list_games(), redis_server.port)
            wait_for(lambda: health_status(service.address) == NOT_SERVING, "NOT_SERVING")
        finally:
            redis_server.thaw()
        wait_for(lambda: health_status(service.address) == SERVING, "SERVING again")
        assert me.act(answer, version=1).version == 2


def test_a_connection_killed_in_mid_answer_is_sent_again_once(redis_server: RedisServer) -> None:
    """The commit is on its way when Redis drops the connection: the service sends it again on a
    new one, and the answer lands once, without the client retrying."""
    admin = redis.Redis.from_url(redis_server.url)
    with (
        # a generous Redis timeout: the commit waits in Redis while the test kills its connection
        running_service(
            "gamestate", "--redis-url", redis_server.url, "--redis-timeout", "15"
        ) as service,
        OlympusClient(service.address, retries=0, timeout=30) as client,
    ):
        game = client.create_game(players=2, seed=743)
        me = client.join(game.game_id, game.tokens[0])
        answer = _answer(client, game.game_id, game.tokens[0])
        outcome: list[ActResult | BaseException] = []

        def act() -> None:
            try:
                outcome.append(me.act(answer, version=1))
            except BaseException as exc:
                outcome.append(exc)

        admin.execute_command("CLIENT", "PAUSE", 20_000, "WRITE")  # scripts wait, reads go on
        acting = threading.Thread(target=act)
        try:
            acting.start()
            wait_for(lambda: admin.info("clients")["blocked_clients"] >= 1, "the commit to wait")
            admin.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
        finally:
            admin.execute_command("CLIENT", "UNPAUSE")
        acting.join(30)
        assert len(outcome) == 1 and isinstance(outcome[0], ActResult), outcome
        assert (outcome[0].version, outcome[0].replayed) == (2, False)
        # Once: one answer in the log (in public form while the game runs: a setup's cards
        # are told as a count).
        log = client.game_log(game.game_id, game.host_token)
        assert [(a["version"], a["seat"]) for a in log["answers"]] == [(2, 0)]
    admin.close()


def test_calls_are_logged_as_json_with_method_code_reason_and_peer(redis_url: str) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_url, "--log-level", "DEBUG") as svc,
        OlympusClient(svc.address, retries=0) as client,
    ):
        game = client.create_game(players=2, seed=744)
        with pytest.raises(GameServiceError):
            client.join(game.game_id, game.tokens[0]).act("nonsense", version=1)
    calls = [r for r in _log_records(svc) if r["logger"] == "olympus.platform.calls"]
    by_method = {r["method"].rsplit("/", 1)[-1]: r for r in calls}
    assert by_method["CreateGame"]["code"] == "OK"
    refused = by_method["SubmitAction"]
    assert (refused["code"], refused["reason"], refused["peer"]) == (
        "INVALID_ARGUMENT",
        "MALFORMED",
        "127.0.0.1",
    )
    assert game.tokens[0] not in svc.log()  # secrets never reach the log
