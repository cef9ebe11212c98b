"""Accounts, keys and clients for the matchmaking tests (real processes, a private Redis)."""

from __future__ import annotations

import asyncio
import itertools
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
import pytest
import redis
import redis.asyncio as aioredis

from olympus.accounts.keys import KeyStore
from olympus.platform.embedded_redis import RedisUnavailable, embedded_redis
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2, matchmaking_pb2, matchmaking_pb2 as mm, matchmaking_pb2_grpc
from services import ServiceProcess, accounts_on, running_service

T = TypeVar("T")
_formats = itertools.count(1)


@dataclass(frozen=True)
class Player:
    account_id: str
    key: str
    key_id: str

    @property
    def auth(self) -> list[tuple[str, str]]:
        return [("authorization", f"Bearer {self.key}")]


def make_players(url: str, n: int, scopes: Sequence[str] = ("play",)) -> list[Player]:
    async def go() -> list[Player]:
        r = aioredis.Redis.from_url(url)
        store = KeyStore(r)
        out = []
        for _ in range(n):
            account = await store.create_account(f"mm-{secrets.token_hex(6)}", "person")
            key, info = await store.create_key(account.account_id, scopes)
            out.append(Player(account.account_id, key, info.key_id))
        await r.aclose()
        return out

    return asyncio.run(go())


def revoke(url: str, player: Player) -> None:
    async def go() -> None:
        r = aioredis.Redis.from_url(url)
        await KeyStore(r).revoke_key(player.account_id, player.key_id)
        await r.aclose()

    asyncio.run(go())


def fresh_format(players: int = 2, **fields: Any) -> mm.MatchFormat:
    """A format no other test uses (its own queue): a unique time per decision."""
    return mm.MatchFormat(
        players=players,
        time_control=game_pb2.TimeControl(decision_seconds=100 + next(_formats)),
        **fields,
    )


def stub(address: str) -> matchmaking_pb2_grpc.MatchmakingServiceStub:
    return matchmaking_pb2_grpc.MatchmakingServiceStub(  # type: ignore[no-untyped-call]
        grpc.insecure_channel(address)
    )


def enqueue(
    s: matchmaking_pb2_grpc.MatchmakingServiceStub, player: Player, fmt: mm.MatchFormat
) -> matchmaking_pb2.Ticket:
    reply = s.Enqueue(mm.EnqueueRequest(format=fmt), metadata=player.auth, timeout=10)
    ticket: matchmaking_pb2.Ticket = reply.ticket
    return ticket


def get(
    s: matchmaking_pb2_grpc.MatchmakingServiceStub, player: Player, tid: str
) -> matchmaking_pb2.Ticket:
    ticket: matchmaking_pb2.Ticket = s.GetTicket(
        mm.GetTicketRequest(ticket_id=tid), metadata=player.auth, timeout=10
    )
    return ticket


def refusal(call: Callable[[], Any]) -> tuple[grpc.StatusCode, str]:
    """The status code and reason of a call that must fail."""
    try:
        call()
    except grpc.RpcError as exc:
        reason, _, _ = error_details(exc)
        return exc.code(), reason  # type: ignore[attr-defined]
    raise AssertionError("the call succeeded")


def until(check: Callable[[], T | None], what: str, timeout: float = 30.0) -> T:
    """Poll `check` until it returns something other than None/False."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def matched(
    s: matchmaking_pb2_grpc.MatchmakingServiceStub, pairs: Sequence[tuple[Player, str]]
) -> list[matchmaking_pb2.Ticket]:
    """Every ticket, once every one is matched."""

    def check() -> list[matchmaking_pb2.Ticket] | None:
        tickets = [get(s, p, t) for p, t in pairs]
        if all(t.status == mm.TICKET_STATUS_MATCHED for t in tickets):
            return tickets
        return None

    return until(check, "every ticket matched")


def sync_redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


@contextmanager
def private_redis() -> Iterator[str]:
    """The URL of a Redis of the test's own (a replica scans every queue)."""
    try:
        with embedded_redis() as redis, accounts_on(redis.url):
            yield redis.url
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


@contextmanager
def private_stack() -> Iterator[tuple[str, ServiceProcess]]:
    """A private Redis and a game service on it."""
    with (
        private_redis() as url,
        running_service("gamestate", "--redis-url", url, "--quotas", "off") as gamestate,
    ):
        yield url, gamestate


def replica(url: str, gamestate_address: str, *args: str) -> AbstractContextManager[ServiceProcess]:
    """A matchmaking replica on `url` creating its games on `gamestate_address`."""
    return running_service(
        "matchmaking",
        "--redis-url",
        url,
        "--gamestate-address",
        gamestate_address,
        "--match-interval",
        "0.05",
        *args,
    )


def service_creator(url: str) -> str:
    """The account of the service credential on this Redis: the creator of matchmaking's games
    (their ids are derived from it and the match id)."""
    from olympus.accounts.keys import SERVICE_ACCOUNT

    async def go() -> str:
        r = aioredis.Redis.from_url(url)
        try:
            return (await KeyStore(r).account_by_name(SERVICE_ACCOUNT)).account_id
        finally:
            await r.aclose()

    return asyncio.run(go())


def seat_tokens() -> Any:
    """Matchmaking's seat tokens as the services of this test session derive them."""
    from olympus.matchmaking.tokens import SeatTokens, secret_from_env

    return SeatTokens(secret_from_env(os.environ["OLYMPUS_SERVICE_KEY"]))
