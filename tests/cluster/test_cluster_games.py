"""The game service and the workers on a real Redis Cluster (six redis-server processes),
chosen by the URL alone (redis+cluster://), Celery's broker on a plain Redis beside it:
games play to the end; a master killed (SIGKILL) mid-game fails over to its replica and the
games go on, with, under the strict WAIT setting, 0 acknowledged answers lost and every stored
state equal to a replay of its log."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest
from cluster_support import SeatPlayer, check_stored_game, cluster_reader
from redis.crc import key_slot

from olympus.client import OlympusClient
from olympus.gamestate import store as st
from olympus.gamestate.durability import WAIT_REPLICAS_ENV, WAIT_TIMEOUT_MS_ENV
from olympus.platform.embedded_cluster import EmbeddedCluster
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.redis_pool import RedisUrlError
from olympus.platform.tasks import celery_app
from services import running_service, running_workers

STRICT = {WAIT_REPLICAS_ENV: "1", WAIT_TIMEOUT_MS_ENV: "2000"}


@contextmanager
def stack(
    cluster: EmbeddedCluster, broker: EmbeddedRedis, env: dict[str, str]
) -> Iterator[OlympusClient]:
    # At INFO the workers' log names every task received, retried and done: what a failed
    # test shows of them (a bot turn lost in a failover is otherwise a bare timeout).
    env = {**env, "OLYMPUS_BROKER_URL": broker.url, "OLYMPUS_WORKER_LOG_LEVEL": "INFO"}
    with (
        running_service(
            "gamestate", "--redis-url", cluster.url, "--quotas", "off", env=env
        ) as service,
        running_workers(cluster.url, env=env) as workers,
        # Retries with the same idempotency key ride out a failover (a few seconds).
        OlympusClient(service.address, timeout=30, retries=8, backoff=0.25) as client,
    ):
        try:
            yield client
        except BaseException:
            # shown with the failure: what the service and the workers saw
            print("--- game service\n" + service.log()[-20_000:])
            print("--- workers\n" + workers.log()[-20_000:])
            raise


def reader_after(cluster: EmbeddedCluster, game_id: str) -> int:
    """The master of a game's slot as the cluster tells it now."""
    reader = cluster_reader(cluster)
    try:
        return int(reader.get_node_from_key(st.game_key(game_id, "game")).port)
    finally:
        reader.close()


def _finished(client: OlympusClient, game_id: str) -> bool:
    return client.spectate(game_id).decision().status == "finished"


def _wait(
    what: str, probe: object, timeout: float = 120.0, players: Sequence[SeatPlayer] = ()
) -> None:
    deadline = time.monotonic() + timeout
    while not probe():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}" + "".join(
            f"\n  {p.describe()}" for p in players
        )
        time.sleep(0.05)


def test_games_play_to_the_end_on_the_cluster(
    cluster: EmbeddedCluster, own_redis: EmbeddedRedis
) -> None:
    with stack(cluster, own_redis, {}) as client:
        bots = [client.create_game(players=2, seed=900 + n, bots=[0, 1]) for n in range(2)]
        mixed = client.create_game(players=2, seed=910, bots=[1])
        player = SeatPlayer(client, mixed.game_id, {0: mixed.tokens[0]}, seed=910)
        player.start()
        player.join(180)
        assert player.error is None, player.error
        for game in [*bots, mixed]:
            _wait(f"game {game.game_id}", lambda g=game: _finished(client, g.game_id))
    reader = cluster_reader(cluster)
    games = [g.game_id for g in [*bots, mixed]]
    # the games' keys spread over the masters (by their hash tags), each game's in one slot
    slots = {key_slot(st.game_key(g, "game").encode()) for g in games}
    assert len(slots) == len(games)
    for game_id in games:
        assert len({key_slot(st.game_key(game_id, p).encode()) for p in st.GAME_PARTS}) == 1
        check_stored_game(reader, game_id)
    log = {v: (s, t) for v, s, t in check_stored_game(reader, mixed.game_id)}
    assert player.acknowledged and all(log[v] == (s, t) for v, s, t in player.acknowledged)
    reader.close()


def test_a_killed_master_fails_over_and_no_acknowledged_answer_is_lost(
    cluster: EmbeddedCluster, own_redis: EmbeddedRedis
) -> None:
    reader = cluster_reader(cluster)
    with stack(cluster, own_redis, STRICT) as client:
        games = [client.create_game(players=2, seed=950 + n, bots=[1]) for n in range(4)]
        players = [
            SeatPlayer(client, g.game_id, {0: g.tokens[0]}, seed=950 + n)
            for n, g in enumerate(games)
        ]
        for p in players:
            p.start()
        # mid-game: every game has answers acknowledged, none finished
        _wait("answers in every game", lambda: all(len(p.acknowledged) >= 5 for p in players))

        def shard(game_id: str) -> int:
            return int(reader.get_node_from_key(st.game_key(game_id, "game")).port)

        victim = shard(games[0].game_id)
        before = {p.game_id: len(p.acknowledged) for p in players}
        cluster.kill(victim)
        _wait(
            "its replica to take over",
            lambda: cluster.healthy() and reader_after(cluster, games[0].game_id) != victim,
        )
        # The promoted replica has no replica of its own: under WAIT 1 its games wait
        # (UNAVAILABLE, retried by the clients), never acknowledging what one node holds.
        # The games of the other masters go on meanwhile.
        elsewhere = [p for p in players if shard(p.game_id) != shard(games[0].game_id)]
        moved = {p.game_id: len(p.acknowledged) for p in elsewhere}
        _wait(
            "the other masters' games to go on",
            lambda: all(
                len(p.acknowledged) > moved[p.game_id] or not p.is_alive() for p in elsewhere
            ),
            players=players,
        )
        # it comes back empty, as the replica of the node that took over
        cluster.replace(victim, master=reader_after(cluster, games[0].game_id))
        _wait("the killed node to rejoin as a replica", cluster.synced)
        # One deadline for all the players (not one each): a stuck game fails in minutes,
        # naming where every game stands.
        _wait("every game to end", lambda: not any(p.is_alive() for p in players), 300, players)
        for p in players:
            assert p.error is None, p.describe()
        for game in games:
            _wait(
                f"game {game.game_id}",
                lambda g=game: _finished(client, g.game_id),
                players=players,
            )
    reader.close()
    reader = cluster_reader(cluster)  # a fresh slot map, the promoted replica's
    assert int(reader.get_node_from_key(st.game_key(games[0].game_id, "game")).port) != victim
    assert victim not in cluster.masters()
    for p in players:
        assert len(p.acknowledged) > before[p.game_id], "the game did not go on after the kill"
        log = {v: (s, t) for v, s, t in check_stored_game(reader, p.game_id)}
        lost = [(v, s, t) for v, s, t in p.acknowledged if log.get(v) != (s, t)]
        assert lost == [], f"acknowledged answers lost in {p.game_id}: {lost}"
    reader.close()


def test_the_broker_cannot_be_the_cluster(cluster: EmbeddedCluster) -> None:
    with pytest.raises(RedisUrlError, match="OLYMPUS_BROKER_URL"):
        celery_app(cluster.url)
