"""Every service on the Redis Cluster at once, chosen by the URL alone: accounts (keys),
matchmaking (queues and tickets), the game service, the workers and beat (bot turns, rated
results delivered), scoring (ratings): a rated match made, played to the end by the workers, rated
once, and read back through the scoring and accounts services."""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
from pathlib import Path

import grpc
from platform_stack import platform

from olympus.accounts.keys import KeyStore
from olympus.matchmaking import rated
from olympus.matchmaking.formats import format_from_proto
from olympus.platform.embedded_cluster import EmbeddedCluster
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.redis_pool import redis_client
from olympus.v1 import (
    accounts_pb2,
    accounts_pb2_grpc,
    game_pb2,
    game_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "matchmaking"))
from mm_support import Player, enqueue, fresh_format, matched, stub


def make_players(url: str, n: int) -> list[Player]:
    """Accounts and keys written through the platform's client factory (on the cluster)."""

    async def go() -> list[Player]:
        r = redis_client(url, "test-accounts", 2, 5.0)
        store = KeyStore(r)
        out = []
        for _ in range(n):
            account = await store.create_account(f"cl-{secrets.token_hex(6)}", "person")
            key, info = await store.create_key(account.account_id, ["play"])
            out.append(Player(account.account_id, key, info.key_id))
        await r.aclose()
        return out

    return asyncio.run(go())


def test_every_service_runs_on_the_cluster(
    cluster: EmbeddedCluster, own_redis: EmbeddedRedis
) -> None:
    url = cluster.url
    env = {"OLYMPUS_BROKER_URL": own_redis.url, "OLYMPUS_REPORT_SECONDS": "0.3"}
    alice, bob = make_players(url, 2)
    fmt = fresh_format(2, rated=True)
    queue = rated.queue_name(format_from_proto(fmt))
    with platform(
        url,
        ("gamestate", "scoring", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--match-interval", "0.05")},
        workers=True,
        sweep_seconds=0.2,
        env=env,
    ) as stack:
        games, scoring = stack.processes["gamestate"], stack.processes["scoring"]
        accounts, matchmaking = stack.processes["accounts"], stack.processes["matchmaking"]
        s = stub(matchmaking.address)
        tickets = [(p, enqueue(s, p, fmt).ticket_id) for p in (alice, bob)]
        made = matched(s, tickets)
        game_id = made[0].game_id
        assert {t.game_id for t in made} == {game_id} and {t.seat for t in made} == {0, 1}
        with grpc.insecure_channel(games.address) as channel:
            g = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            for ticket in made:  # both resign: the workers' random bot plays both seats out
                g.Resign(
                    game_pb2.ResignRequest(game_id=game_id, token=ticket.seat_token), timeout=10
                )
            with grpc.insecure_channel(scoring.address) as sch:
                sc = scoring_pb2_grpc.ScoringServiceStub(sch)  # type: ignore[no-untyped-call]
                deadline = time.monotonic() + 120
                while True:
                    try:
                        reply = sc.GetRating(
                            scoring_pb2.GetRatingRequest(queue=queue, player=alice.account_id),
                            timeout=10,
                        )
                        if reply.rating.games == 1:
                            break
                    except grpc.RpcError as exc:
                        assert exc.code() == grpc.StatusCode.NOT_FOUND, exc  # not rated yet
                    assert time.monotonic() < deadline, "the match was never rated"
                    time.sleep(0.1)
            view = g.GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10).game
            assert view.status == game_pb2.GAME_STATUS_FINISHED
        with grpc.insecure_channel(accounts.address) as ach:
            a = accounts_pb2_grpc.AccountServiceStub(ach)  # type: ignore[no-untyped-call]
            got = a.GetAccount(
                accounts_pb2.GetAccountRequest(account_id=bob.account_id),
                metadata=bob.auth,
                timeout=10,
            )
            assert got.account.account_id == bob.account_id
