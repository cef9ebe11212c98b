"""A match's game is made once, whatever fails between the claim and the assignment: the claim
stores the CreateGameRequest (request_id = the match id; its seat tokens are derived from the
match, never stored), and whoever finishes the match sends that same request again. Each test
has a Redis of its own."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import grpc
import redis.asyncio as aioredis
from mm_support import (
    Player,
    enqueue,
    get,
    make_players,
    matched,
    private_redis,
    private_stack,
    replica,
    seat_tokens,
    service_creator,
    stub,
    sync_redis,
    until,
)

from olympus.gamestate.chosen import derived_game_id
from olympus.gamestate.store import game_key, index_key
from olympus.matchmaking.formats import format_from_proto
from olympus.matchmaking.matcher import (
    Group,
    Matcher,
    MatcherSettings,
    matched_request,
    with_tokens,
)
from olympus.matchmaking.store import MatchRow, MatchStore, match_key, new_match_id, ticket_key
from olympus.platform.identity import service_key_from_env, service_metadata
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm
from services import running_service

WIRE_FORMAT = mm.MatchFormat(players=2, time_control=game_pb2.TimeControl(decision_seconds=300))
FORMAT = format_from_proto(WIRE_FORMAT)


@asynccontextmanager
async def matcher_at(url: str, address: str, lease_s: float) -> AsyncIterator[Matcher]:
    """A replica's matcher, in this process (driven by hand: never started)."""
    redis = aioredis.Redis.from_url(url)
    channel = grpc.aio.insecure_channel(address)
    games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
    try:
        yield Matcher(
            MatchStore(redis),
            games,
            MatcherSettings(lease_s=lease_s),
            seat_tokens(),
            metadata=service_metadata(service_key_from_env()),
        )
    finally:
        await channel.close()
        await redis.aclose()


async def two_tickets(store: MatchStore, a: Player, b: Player) -> tuple[str, str]:
    t1 = await store.enqueue(a.account_id, "alice", FORMAT)
    t2 = await store.enqueue(b.account_id, "bob", FORMAT)
    return t1.ticket_id, t2.ticket_id


def games_made(url: str) -> int:
    return int(sync_redis(url).zcard(index_key("all")))


def seat_of(address: str, token: str) -> tuple[str, int]:
    games = game_pb2_grpc.GameServiceStub(  # type: ignore[no-untyped-call]
        grpc.insecure_channel(address)
    )
    who = games.WhoAmI(game_pb2.WhoAmIRequest(token=token), timeout=10)
    return who.game_id, who.seat


def test_a_game_made_but_never_recorded_is_the_game_the_tickets_get() -> None:
    with private_stack() as (url, gamestate):
        a, b = make_players(url, 2)

        async def dead_replica() -> tuple[MatchRow, str]:
            """Claimed, CreateGame answered, then the replica died before the record."""
            async with matcher_at(url, gamestate.address, lease_s=0.0) as matcher:
                tickets = await two_tickets(matcher.store, a, b)
                row = await matcher.claim(FORMAT, Group(tickets, 0))
                assert row is not None
                request = with_tokens(row, matcher.tokens)
                reply = await matcher.games.CreateGame(
                    request, metadata=matcher.metadata, timeout=10
                )
                return row, reply.game_id

        row, game_id = asyncio.run(dead_replica())
        assert game_id == derived_game_id(service_creator(url), row.match_id)
        r = sync_redis(url)
        assert r.hget(match_key(FORMAT.format_id, row.match_id), "state") == b"claimed"
        with replica(url, gamestate.address) as mm_service:
            s = stub(mm_service.address)
            t1, t2 = row.tickets
            done = matched(s, [(a, t1), (b, t2)])
        assert {t.game_id for t in done} == {game_id}
        assert {t.ticket_id: [t.seat, ""] for t in done} == row.seats
        tokens = seat_tokens()
        assert all(t.seat_token == tokens.token(row.match_id, t.ticket_id) for t in done)
        for t in done:
            assert seat_of(gamestate.address, t.seat_token) == (game_id, t.seat)
        assert games_made(url) == 1
        assert r.hget(match_key(FORMAT.format_id, row.match_id), "state") == b"assigned"


def test_two_replicas_finishing_the_same_match_assign_it_once_to_one_game() -> None:
    with private_stack() as (url, gamestate):
        a, b = make_players(url, 2)

        creator = service_creator(url)

        async def race() -> None:
            async with (
                matcher_at(url, gamestate.address, lease_s=10.0) as one,
                matcher_at(url, gamestate.address, lease_s=10.0) as other,
            ):
                tickets = await two_tickets(one.store, a, b)
                row = await one.claim(FORMAT, Group(tickets, 0))
                assert row is not None
                await asyncio.gather(one.create_and_assign(row), other.create_and_assign(row))
                done = await one.store.match(row.fid, row.match_id)
                assert done is not None and done.state == "assigned"
                assert done.game_id == derived_game_id(creator, row.match_id)
                for tid in tickets:
                    ticket = await one.store.ticket(tid)
                    assert ticket is not None and ticket.status == "matched"
                    assert ticket.game_id == done.game_id
                # Recording again: the same game is fine, another one is not.
                assert await one.store.record_game(row.fid, row.match_id, done.game_id, row.seats)
                assert not await one.store.record_game(row.fid, row.match_id, "0" * 16, {})

        asyncio.run(race())
        assert games_made(url) == 1


def test_only_one_replica_takes_over_an_overdue_match() -> None:
    with private_stack() as (url, gamestate):
        a, b = make_players(url, 2)

        async def takeover() -> None:
            async with matcher_at(url, gamestate.address, lease_s=0.0) as matcher:
                row = await matcher.claim(FORMAT, Group(await two_tickets(matcher.store, a, b), 0))
                assert row is not None
                store = matcher.store
                assert await store.overdue_matches(row.fid, 2**62) == [row.match_id]
                assert await store.renew(row.fid, row.match_id, 60_000)
                assert not await store.renew(row.fid, row.match_id, 60_000)  # not overdue now
                await store.release(row, only_if_expired=False)
                assert not await store.renew(row.fid, row.match_id, 0)  # not claimed any more

        asyncio.run(takeover())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_match_waits_out_a_game_service_outage_and_gets_its_game_once_it_is_back() -> None:
    with private_redis() as url:
        address = f"127.0.0.1:{free_port()}"  # nothing there yet
        a, b = make_players(url, 2)
        with replica(url, address, "--lease-seconds", "1") as mm_service:
            s = stub(mm_service.address)
            t1, t2 = (enqueue(s, p, WIRE_FORMAT) for p in (a, b))
            r = sync_redis(url)
            until(lambda: r.hget(ticket_key(t1.ticket_id), "match"), "a claim")
            until(lambda: "tried again after its lease" in mm_service.log(), "a failed CreateGame")
            mid = r.hget(ticket_key(t1.ticket_id), "match").decode()
            assert r.hget(ticket_key(t2.ticket_id), "status") == b"matching"
            assert get(s, a, t1.ticket_id).status == mm.TICKET_STATUS_WAITING
            assert games_made(url) == 0
            port = address.rsplit(":", 1)[1]
            with running_service(
                "gamestate", "--redis-url", url, "--quotas", "off", "--port", port
            ):
                done = matched(s, [(a, t1.ticket_id), (b, t2.ticket_id)])
        assert {t.game_id for t in done} == {derived_game_id(service_creator(url), mid)}
        assert games_made(url) == 1


def test_a_request_refused_for_good_gives_the_tickets_back_and_makes_no_game() -> None:
    with private_stack() as (url, gamestate):
        a, b = make_players(url, 2)

        async def doomed_match() -> tuple[str, str, str]:
            """A claimed match whose stored request no game service can accept, one of its
            tickets cancelled meanwhile."""
            async with matcher_at(url, gamestate.address, lease_s=0.0) as matcher:
                store = matcher.store
                tickets = await two_tickets(store, a, b)
                mid = new_match_id()
                rows = {t: await store.ticket(t) for t in tickets}
                request, seats = matched_request(FORMAT, mid, Group(tickets, 0), 1, rows)  # type: ignore[arg-type]
                request.options.players = 3  # two seats for three players: INVALID_ARGUMENT
                raw = request.SerializeToString(deterministic=True)
                assert await store.claim(FORMAT.format_id, tickets, 0, 1, 0, mid, raw, seats)
                assert await store.cancel(a.account_id, tickets[0]) == "matching"
                return mid, *tickets

        mid, t1, t2 = asyncio.run(doomed_match())
        with replica(url, gamestate.address) as mm_service:
            s = stub(mm_service.address)
            until(lambda: get(s, a, t1).status == mm.TICKET_STATUS_CANCELLED, "t1 cancelled")
            r = sync_redis(url)
            until(lambda: r.hget(ticket_key(t2), "status") == b"waiting", "t2 back in the queue")
            assert get(s, b, t2).status == mm.TICKET_STATUS_WAITING
            assert r.hget(match_key(FORMAT.format_id, mid), "state") == b"released"
        assert not sync_redis(url).exists(
            game_key(derived_game_id(service_creator(url), mid), "game")
        )
        assert games_made(url) == 0
