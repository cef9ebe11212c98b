"""The rated loop, end to end on a private Redis: matchmaking makes a rated game with its queue
and each seat's account fixed at creation (the game service's record), the game service's
workers deliver its result once it is finished (beat sends `olympus.deliver_results`), the
scoring service rates it from that record exactly once, an aborted one is recorded unrated, and
a rated ticket carries the rating the scoring service gives (GetRatings).

Real processes: the accounts, game (idle games aborted after a few seconds), scoring and
matchmaking services (a lone ticket gets a bot seat after BACKFILL_S), a worker and beat."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import orjson
import pytest
import redis
from mm_support import Player, enqueue, fresh_format, matched, stub, until
from platform_stack import Platform, platform

from olympus.gamestate.seating import RATED
from olympus.matchmaking import rated
from olympus.matchmaking.formats import format_from_proto
from olympus.matchmaking.store import ticket_key
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.scoring import ratings as rt, store as sst
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm, scoring_pb2, scoring_pb2_grpc

BACKFILL_S = "2"
INACTIVITY_S = "4"


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    with platform(
        own_redis.url,
        ("gamestate", "scoring", "matchmaking"),
        args={
            "gamestate": (
                "--quotas",
                "off",
                "--inactivity-seconds",
                INACTIVITY_S,
                "--sweep-seconds",
                "0.2",
            ),
            "matchmaking": ("--match-interval", "0.05", "--backfill-seconds", BACKFILL_S),
        },
        workers=True,
        worker_env={"OLYMPUS_REPORT_SECONDS": "0.3"},
        sweep_seconds=0.2,
    ) as s:
        yield s


@pytest.fixture(scope="module")
def rdb(own_redis: EmbeddedRedis) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(own_redis.url)
    yield r
    r.close()


def players(stack: Platform, n: int) -> list[Player]:
    out = []
    for _ in range(n):
        account, key = stack.account(scopes=["play"], kind="person")
        out.append(Player(account, key, ""))
    return out


def game_stub(stack: Platform) -> game_pb2_grpc.GameServiceStub:
    return game_pb2_grpc.GameServiceStub(grpc.insecure_channel(stack.address("gamestate")))  # type: ignore[no-untyped-call]


def game_status(stack: Platform, game_id: str) -> int:
    reply = game_stub(stack).GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10)
    return int(reply.game.status)


def rating_of(rdb: redis.Redis, queue: str, player: str) -> rt.Rating | None:
    raw = rdb.hget(sst.queue_key(queue, "ratings"), player)
    return rt.Rating.from_data(orjson.loads(raw)) if raw else None


def ticket_rating(rdb: redis.Redis, tid: str) -> int:
    return int(rdb.hget(ticket_key(tid), "rating") or -1)


def test_a_rated_game_is_rated_once_and_feeds_the_next_ticket(
    stack: Platform, rdb: redis.Redis
) -> None:
    alice, bob = players(stack, 2)
    fmt = fresh_format(2, rated=True)
    queue = rated.queue_name(format_from_proto(fmt))
    assert queue.startswith("mm-2p-")
    s = stub(stack.address("matchmaking"))

    first = enqueue(s, alice, fmt)
    assert first.rated_queue == queue
    assert ticket_rating(rdb, first.ticket_id) == 0  # not rated yet
    (ticket,) = matched(s, [(alice, first.ticket_id)])
    assert ticket.bot_seats == 1 and ticket.rated_queue == queue
    game_id = ticket.game_id
    # The game service holds the record: its queue and each seat's account, and it is pending
    # delivery to the scoring service.
    view = game_stub(stack).GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10).game
    assert view.settings.rated_queue == queue
    assert view.settings.seats[ticket.seat].account_id == alice.account_id
    assert rdb.zscore(RATED, game_id) is not None

    # Alice resigns at once: the random bot plays her seat to the end; it still counts for her.
    game_stub(stack).Resign(game_pb2.ResignRequest(game_id=game_id, token=ticket.seat_token))
    until(
        lambda: game_status(stack, game_id) == game_pb2.GAME_STATUS_FINISHED,
        "the game finished",
        timeout=120,
    )
    until(lambda: rdb.zscore(RATED, game_id) is None, "the result delivered")
    assert rdb.hexists(sst.queue_key(queue, "games"), game_id)
    mine, bot = rating_of(rdb, queue, alice.account_id), rating_of(rdb, queue, "bot:random")
    assert mine is not None and bot is not None
    assert (mine.games, bot.games) == (1, 1)
    assert mine.wins + bot.wins >= 1

    # Delivered again (the entry back, as if a run died before removing it): nothing changes.
    ratings_before = rdb.hgetall(sst.queue_key(queue, "ratings"))
    rdb.zadd(RATED, {game_id: 1})
    until(lambda: rdb.zscore(RATED, game_id) is None, "the repeat delivered")
    assert rdb.hgetall(sst.queue_key(queue, "ratings")) == ratings_before
    for player in (alice.account_id, "bot:random"):
        assert rdb.llen(sst.history_key(queue, player)) == 1

    # Alice's next rated ticket carries her ordinal (asked of the scoring service).
    second = enqueue(s, alice, fmt)
    assert ticket_rating(rdb, second.ticket_id) == round(mine.ordinal)
    s.Cancel(mm.CancelRequest(ticket_id=second.ticket_id), metadata=alice.auth, timeout=10)
    with grpc.insecure_channel(stack.address("scoring")) as channel:
        scoring = scoring_pb2_grpc.ScoringServiceStub(channel)  # type: ignore[no-untyped-call]
        batch = scoring.GetRatings(
            scoring_pb2.GetRatingsRequest(queue=queue, players=[alice.account_id, bob.account_id])
        )
    assert round(batch.ratings[0].rating.ordinal) == round(mine.ordinal)
    assert not batch.ratings[1].HasField("rating")
    # An unrated format's ticket carries no rating.
    plain = enqueue(s, bob, fresh_format(2))
    assert ticket_rating(rdb, plain.ticket_id) == 0 and plain.rated_queue == ""


def test_an_aborted_rated_game_is_recorded_aborted_and_rates_nobody(
    stack: Platform, rdb: redis.Redis
) -> None:
    carol, dave = players(stack, 2)
    fmt = fresh_format(2, rated=True)
    queue = rated.queue_name(format_from_proto(fmt))
    s = stub(stack.address("matchmaking"))
    tickets = [enqueue(s, p, fmt) for p in (carol, dave)]
    a, b = matched(s, [(carol, tickets[0].ticket_id), (dave, tickets[1].ticket_id)])
    assert a.game_id == b.game_id and a.bot_seats == 0
    game_id = a.game_id
    # Nobody plays: while it runs, it stays pending; aborted for inactivity, it is delivered
    # as aborted, and nobody's rating moves.
    until(
        lambda: game_status(stack, game_id) == game_pb2.GAME_STATUS_ABORTED,
        "the idle game aborted",
    )
    until(lambda: rdb.zscore(RATED, game_id) is None, "the aborted game delivered")
    record = orjson.loads(rdb.get(sst.result_key(game_id)) or b"{}")
    assert record["aborted"] and record["queue"] == queue
    assert not rdb.hexists(sst.queue_key(queue, "games"), game_id)
    assert rating_of(rdb, queue, carol.account_id) is None
    assert rating_of(rdb, queue, dave.account_id) is None
