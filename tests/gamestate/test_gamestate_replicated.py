"""Strict durability (OLYMPUS_REDIS_WAIT_REPLICAS) and repeats: an answer or a creation sent
again after UNAVAILABLE is acknowledged only once a replica holds it, exactly as the first try
would have been. (A repeat that was acknowledged from the master alone could be lost with that
master, though the client was told it was safe.)"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import redis

from olympus.client import GameServiceError, OlympusClient
from olympus.client.sdk import CreatedGame
from olympus.gamestate.durability import WAIT_REPLICAS_ENV, WAIT_TIMEOUT_MS_ENV
from olympus.gamestate.store import game_key
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis
from services import running_service

WAIT_S = 30  # a bound on waiting for replication links, never a timed assertion
LEGAL = "project power_plant"


def _port(node: EmbeddedRedis) -> int:
    return int(node.url.rsplit(":", 1)[1].split("/")[0])


def _until(what: str, probe: object) -> None:
    deadline = time.monotonic() + WAIT_S
    while not probe():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


class Pair:
    """A master and a replica the test attaches and detaches (REPLICAOF)."""

    def __init__(self, master: EmbeddedRedis, replica: EmbeddedRedis) -> None:
        self.master_port = _port(master)
        self.master = redis.Redis(port=self.master_port)
        self.replica = redis.Redis(port=_port(replica))

    def attach(self) -> None:
        self.replica.execute_command("REPLICAOF", "127.0.0.1", self.master_port)
        _until("the replica to sync", self._linked)

    def detach(self) -> None:
        self.replica.execute_command("REPLICAOF", "NO", "ONE")
        _until(
            "the master to lose its replica",
            lambda: int(self.master.info("replication")["connected_slaves"]) == 0,
        )

    def _linked(self) -> bool:
        mine = self.replica.info("replication")
        theirs = self.master.info("replication")
        return mine.get("master_link_status") == "up" and int(theirs["connected_slaves"]) == 1

    def close(self) -> None:
        self.master.close()
        self.replica.close()


@pytest.fixture
def pair() -> Iterator[Pair]:
    try:
        with embedded_redis() as master, embedded_redis() as replica:
            nodes = Pair(master, replica)
            nodes.attach()
            yield nodes
            nodes.close()
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


@pytest.fixture
def client(pair: Pair) -> Iterator[OlympusClient]:
    env = {WAIT_REPLICAS_ENV: "1", WAIT_TIMEOUT_MS_ENV: "200"}
    url = f"redis://127.0.0.1:{pair.master_port}/0"
    with (
        running_service("gamestate", "--redis-url", url, "--quotas", "off", env=env) as service,
        OlympusClient(service.address, retries=0) as sdk,  # each try seen by the test
    ):
        yield sdk


def _unavailable(call: object) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()  # type: ignore[operator]
    assert info.value.status == "UNAVAILABLE", info.value
    return info.value


def test_a_repeated_answer_waits_for_a_replica_like_the_first(
    pair: Pair, client: OlympusClient
) -> None:
    game = client.create_game(players=2, seed=3, beginner=[0, 1])
    seat = client.join(game.game_id, game.tokens[0])
    pair.detach()
    _unavailable(lambda: seat.act(LEGAL, version=1, key="answer-1"))
    # the master alone holds it: the repeat must not be acknowledged either
    assert pair.master.hget(game_key(game.game_id, "game"), "version") == b"2"
    _unavailable(lambda: seat.act(LEGAL, version=1, key="answer-1"))
    pair.attach()
    done = seat.act(LEGAL, version=1, key="answer-1")
    assert (done.version, done.replayed) == (2, True)
    assert pair.replica.hget(game_key(game.game_id, "game"), "version") == b"2"


def test_a_repeated_creation_waits_for_a_replica_like_the_first(
    pair: Pair, client: OlympusClient
) -> None:
    def create() -> CreatedGame:
        return client.create_game(
            players=2,
            seed=5,
            seat_tokens={0: "a" * 43, 1: "b" * 43},
            request_id="table-7",
        )

    pair.detach()
    _unavailable(create)
    _unavailable(create)  # found by its request id, on the master alone
    pair.attach()
    game = create()
    assert pair.replica.hget(game_key(game.game_id, "game"), "version") == b"1"
