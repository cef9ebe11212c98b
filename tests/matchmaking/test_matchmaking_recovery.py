"""Crash recovery and backfill, each on a Redis of its own (a replica scans every queue)."""

from __future__ import annotations

import asyncio

import grpc
import redis.asyncio as aioredis
from mm_support import (
    enqueue,
    fresh_format,
    get,
    make_players,
    matched,
    private_stack,
    replica,
    stub,
)

from olympus.matchmaking.formats import format_from_proto
from olympus.matchmaking.store import MatchStore
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm


def test_a_replica_finishes_or_releases_the_matches_of_a_dead_one() -> None:
    with private_stack() as (url, gamestate):
        a, b, c, d, e, f = make_players(url, 6)
        fx, fy, fz = fresh_format(2), fresh_format(2), fresh_format(2)

        async def dead_replica() -> dict[str, str]:
            """What a replica that died at each step would leave behind."""
            store = MatchStore(aioredis.Redis.from_url(url))
            out: dict[str, str] = {}
            # A match claimed without its request (by a version before requests were stored),
            # whose replica died before CreateGame returned: nothing to send again, the tickets
            # wait again (matches claimed with their request: test_matchmaking_idempotent.py).
            t1 = await store.enqueue(a.account_id, "a", format_from_proto(fx))
            t2 = await store.enqueue(b.account_id, "b", format_from_proto(fx))
            fid = t1.format.format_id
            m1 = await store.claim(fid, [t1.ticket_id, t2.ticket_id], 0, 1, lease_ms=0)
            assert m1 is not None
            # a second claim of the same tickets fails: they are no longer waiting
            assert await store.claim(fid, [t1.ticket_id, t2.ticket_id], 0, 2, 0) is None
            out.update(t1=t1.ticket_id, t2=t2.ticket_id)
            # died after the game's id was recorded: the match must end with that game
            t3 = await store.enqueue(c.account_id, "c", format_from_proto(fy))
            t4 = await store.enqueue(d.account_id, "d", format_from_proto(fy))
            fid = t3.format.format_id
            m2 = await store.claim(fid, [t3.ticket_id, t4.ticket_id], 0, 3, lease_ms=0)
            assert m2 is not None
            channel = grpc.aio.insecure_channel(gamestate.address)
            games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            reply = await games.CreateGame(
                game_pb2.CreateGameRequest(options=game_pb2.GameOptions(players=2))
            )
            await channel.close()
            seats: dict[str, list[object]] = {t3.ticket_id: [1, ""], t4.ticket_id: [0, ""]}
            assert await store.record_game(fid, m2, reply.game_id, seats)
            out.update(t3=t3.ticket_id, t4=t4.ticket_id, game=reply.game_id)
            # a ticket cancelled while being matched: if the match fails it is cancelled
            t5 = await store.enqueue(e.account_id, "e", format_from_proto(fz))
            t6 = await store.enqueue(f.account_id, "f", format_from_proto(fz))
            fid = t5.format.format_id
            m3 = await store.claim(fid, [t5.ticket_id, t6.ticket_id], 0, 4, lease_ms=0)
            assert m3 is not None
            assert await store.cancel(e.account_id, t5.ticket_id) == "matching"
            out.update(t5=t5.ticket_id, t6=t6.ticket_id)
            # a slow replica whose match was released may not record its game any more
            row = await store.match(fid, m3)
            assert row is not None
            assert await store.release(row, only_if_expired=True)
            assert not await store.record_game(fid, m3, "0" * 16, {})
            await store.redis.aclose()
            return out

        ids = asyncio.run(dead_replica())
        with replica(url, gamestate.address) as mm_service:
            s = stub(mm_service.address)
            t1, t2 = matched(s, [(a, ids["t1"]), (b, ids["t2"])])
            assert t1.game_id == t2.game_id and {t1.seat, t2.seat} == {0, 1}
            t3, t4 = matched(s, [(c, ids["t3"]), (d, ids["t4"])])
            assert t3.game_id == t4.game_id == ids["game"]
            assert (t3.seat, t4.seat) == (1, 0)
            assert get(s, e, ids["t5"]).status == mm.TICKET_STATUS_CANCELLED
            t6 = get(s, f, ids["t6"])
            assert t6.status == mm.TICKET_STATUS_WAITING  # alone in its queue: no bots here


def test_backfill_fills_a_lone_ticket_with_bots_after_the_wait() -> None:
    with (
        private_stack() as (url, gamestate),
        replica(url, gamestate.address, "--backfill-seconds", "0.5") as mm_service,
    ):
        s = stub(mm_service.address)
        (a,) = make_players(url, 1)
        ticket = enqueue(s, a, fresh_format(3))
        (done,) = matched(s, [(a, ticket.ticket_id)])
        assert done.bot_seats == 2
        assert done.closed_ms - done.created_ms >= 500  # not before the wait
        games = game_pb2_grpc.GameServiceStub(  # type: ignore[no-untyped-call]
            grpc.insecure_channel(gamestate.address)
        )
        view = games.GetGame(game_pb2.GetGameRequest(game_id=done.game_id), timeout=10)
        kinds = sorted(game_pb2.SeatKind.Name(p.kind) for p in view.game.settings.seats)
        assert kinds == ["SEAT_KIND_BOT", "SEAT_KIND_BOT", "SEAT_KIND_HUMAN"], view
