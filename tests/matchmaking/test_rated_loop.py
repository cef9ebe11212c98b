"""The rated loop, end to end on a private Redis: matchmaking records a rated game as pending,
the workers' `olympus.report_results` (sent by beat) rates it once it is finished, exactly once,
drops an aborted one unrated, and a rated ticket carries the account's rating.

Real processes: the game service (idle games aborted after a few seconds), matchmaking (a lone
ticket gets a bot seat after BACKFILL_S), a worker and beat (reporting every fraction of a
second)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import grpc
import orjson
import pytest
import redis
import redis.asyncio as aioredis
from mm_support import enqueue, fresh_format, make_players, matched, stub, until

from olympus.matchmaking import rated
from olympus.matchmaking.formats import format_from_proto
from olympus.matchmaking.store import ticket_key
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.scoring import ratings as rt
from olympus.scoring import store as sst
from olympus.scoring.service import Scoring
from olympus.v1 import game_pb2, game_pb2_grpc
from olympus.v1 import matchmaking_pb2 as mm
from olympus.workers.reporting import Reported, report_pending
from services import ServiceProcess, WorkerProcesses, running_service, running_workers

BACKFILL_S = "2"
INACTIVITY_S = "4"


@pytest.fixture(scope="module")
def games(own_redis: EmbeddedRedis) -> Iterator[ServiceProcess]:
    with running_service(
        "gamestate",
        "--redis-url",
        own_redis.url,
        "--quotas",
        "off",
        "--inactivity-seconds",
        INACTIVITY_S,
        "--sweep-seconds",
        "0.2",
    ) as service:
        yield service


@pytest.fixture(scope="module")
def mm_service(own_redis: EmbeddedRedis, games: ServiceProcess) -> Iterator[ServiceProcess]:
    with running_service(
        "matchmaking",
        "--redis-url",
        own_redis.url,
        "--gamestate-address",
        games.address,
        "--match-interval",
        "0.05",
        "--backfill-seconds",
        BACKFILL_S,
    ) as service:
        yield service


@pytest.fixture(scope="module")
def reporting_workers(own_redis: EmbeddedRedis) -> Iterator[WorkerProcesses]:
    with running_workers(
        own_redis.url, env={"OLYMPUS_REPORT_SECONDS": "0.3"}, sweep_seconds=0.2
    ) as processes:
        yield processes


@pytest.fixture(scope="module")
def rdb(own_redis: EmbeddedRedis) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(own_redis.url)
    yield r
    r.close()


def report_now(url: str) -> Reported:
    """One run of the report task's work, in this process (as a second, concurrent worker)."""

    async def go() -> Reported:
        r = aioredis.Redis.from_url(url)
        try:
            return await report_pending(Scoring(sst.ScoringStore(r)))
        finally:
            await r.aclose()

    return asyncio.run(go())


def game_status(games: ServiceProcess, game_id: str) -> int:
    with grpc.insecure_channel(games.address) as channel:
        s = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        reply = s.GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10)
        return int(reply.game.status)


def rating_of(rdb: redis.Redis, queue: str, player: str) -> rt.Rating | None:
    raw = rdb.hget(sst.queue_key(queue, "ratings"), player)
    return rt.Rating.from_data(orjson.loads(raw)) if raw else None


def ticket_rating(rdb: redis.Redis, tid: str) -> int:
    return int(rdb.hget(ticket_key(tid), "rating") or -1)


def test_a_rated_game_is_rated_once_and_feeds_the_next_ticket(
    own_redis: EmbeddedRedis,
    games: ServiceProcess,
    mm_service: ServiceProcess,
    reporting_workers: WorkerProcesses,
    rdb: redis.Redis,
) -> None:
    alice, bob = make_players(own_redis.url, 2)
    fmt = fresh_format(2, rated=True)
    queue = rated.queue_name(format_from_proto(fmt))
    assert queue.startswith("mm-2p-")
    s = stub(mm_service.address)

    first = enqueue(s, alice, fmt)
    assert ticket_rating(rdb, first.ticket_id) == 0  # not rated yet
    (ticket,) = matched(s, [(alice, first.ticket_id)])
    assert ticket.bot_seats == 1
    game_id = ticket.game_id
    entry = orjson.loads(rdb.hget(rated.PENDING, game_id) or b"null")
    players = ["bot:random", "bot:random"]
    players[ticket.seat] = alice.account_id
    assert entry["queue"] == queue and entry["players"] == players

    # Alice resigns at once: the random bot plays her seat to the end; it still counts for her.
    with grpc.insecure_channel(games.address) as channel:
        g = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        g.Resign(game_pb2.ResignRequest(game_id=game_id, token=ticket.seat_token), timeout=10)
    until(
        lambda: game_status(games, game_id) == game_pb2.GAME_STATUS_FINISHED,
        "the game finished",
        timeout=120,
    )
    until(lambda: not rdb.hexists(rated.PENDING, game_id), "the game reported")
    assert rdb.hexists(sst.queue_key(queue, "games"), game_id)
    mine, bot = rating_of(rdb, queue, alice.account_id), rating_of(rdb, queue, "bot:random")
    assert mine is not None and bot is not None
    assert (mine.games, bot.games) == (1, 1)
    assert mine.wins + bot.wins >= 1

    # Reported again (the entry back, as if a run died before removing it): nothing changes.
    ratings_before = rdb.hgetall(sst.queue_key(queue, "ratings"))
    rdb.hset(rated.PENDING, game_id, orjson.dumps(entry))
    again = report_now(own_redis.url)
    assert again.rated == 0
    assert not rdb.hexists(rated.PENDING, game_id)
    assert rdb.hgetall(sst.queue_key(queue, "ratings")) == ratings_before
    for player in (alice.account_id, "bot:random"):
        assert rdb.llen(sst.history_key(queue, player)) == 1

    # Alice's next rated ticket carries her ordinal; a strong player's carries theirs.
    second = enqueue(s, alice, fmt)
    assert ticket_rating(rdb, second.ticket_id) == round(mine.ordinal)
    with contextlib.suppress(grpc.RpcError):
        s.Cancel(mm.CancelRequest(ticket_id=second.ticket_id), metadata=alice.auth, timeout=10)
    strong = rt.Rating(mu=40.0, sigma=2.0, games=9, wins=9)
    rdb.hset(sst.queue_key(queue, "ratings"), bob.account_id, orjson.dumps(strong.to_data()))
    third = enqueue(s, bob, fmt)
    assert ticket_rating(rdb, third.ticket_id) == 34
    with contextlib.suppress(grpc.RpcError):
        s.Cancel(mm.CancelRequest(ticket_id=third.ticket_id), metadata=bob.auth, timeout=10)
    # An unrated format's ticket carries no rating.
    plain = enqueue(s, bob, fresh_format(2))
    assert ticket_rating(rdb, plain.ticket_id) == 0


def test_a_running_rated_game_waits_and_an_aborted_one_is_dropped(
    own_redis: EmbeddedRedis,
    games: ServiceProcess,
    mm_service: ServiceProcess,
    reporting_workers: WorkerProcesses,
    rdb: redis.Redis,
) -> None:
    carol, dave = make_players(own_redis.url, 2)
    fmt = fresh_format(2, rated=True)
    queue = rated.queue_name(format_from_proto(fmt))
    s = stub(mm_service.address)
    tickets = [enqueue(s, p, fmt) for p in (carol, dave)]
    a, b = matched(s, [(carol, tickets[0].ticket_id), (dave, tickets[1].ticket_id)])
    assert a.game_id == b.game_id and a.bot_seats == 0
    game_id = a.game_id
    entry = orjson.loads(rdb.hget(rated.PENDING, game_id) or b"null")
    by_seat = {a.seat: carol.account_id, b.seat: dave.account_id}
    assert entry["players"] == [by_seat[0], by_seat[1]]

    # Nobody plays: while it runs, it stays pending.
    if game_status(games, game_id) == game_pb2.GAME_STATUS_ACTIVE:
        assert report_now(own_redis.url).running >= 1
    until(
        lambda: game_status(games, game_id) == game_pb2.GAME_STATUS_ABORTED,
        "the idle game aborted",
    )
    until(lambda: not rdb.hexists(rated.PENDING, game_id), "the aborted game dropped")
    assert rdb.get(sst.result_key(game_id)) is None
    assert not rdb.hexists(sst.queue_key(queue, "games"), game_id)
    assert rating_of(rdb, queue, carol.account_id) is None
    assert rating_of(rdb, queue, dave.account_id) is None
