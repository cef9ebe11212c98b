"""Revocation reaches what is already moving: a revoked key's waiting ticket is cancelled and
never matched, its WatchTicket stream ends (API_KEY_REVOKED), and every service refuses the key;
a disabled account's ticket goes the same way, and its seats in running games are handed to the
table (resigned for it: a bot plays them and the game still ends). Real processes on a private
Redis: the accounts, game and matchmaking services, a worker and beat."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from mm_support import Player, enqueue, fresh_format, get, matched, stub, until
from platform_stack import Platform, platform

from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import error_details
from olympus.platform.keycheck import SHORT_TTL_S
from olympus.v1 import (
    accounts_pb2,
    accounts_pb2_grpc,
    game_pb2,
    game_pb2_grpc,
    matchmaking_pb2 as mm,
)

# A revocation is pushed (tens of ms); with the push lost it still lands within the short
# cache life plus a stream's own recheck. Generous on a loaded machine, and far below a human's
# patience or a ticket's life.
BOUND_S = SHORT_TTL_S + 5.0 + 3.0


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    with platform(
        own_redis.url,
        ("gamestate", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--match-interval", "0.05")},
        workers=True,
    ) as s:
        yield s


def player(stack: Platform) -> Player:
    account, key = stack.account(scopes=["play"], kind="person")
    return Player(account, key, key_id(stack, key))


def key_id(stack: Platform, key: str) -> str:
    who = accounts(stack).WhoAmI(
        accounts_pb2.AccountServiceWhoAmIRequest(), metadata=(("authorization", f"Bearer {key}"),)
    )
    return str(who.key_id)


def accounts(stack: Platform) -> Any:
    return accounts_pb2_grpc.AccountServiceStub(grpc.insecure_channel(stack.address("accounts")))  # type: ignore[no-untyped-call]


class Watch:
    """A WatchTicket stream read in a thread: every ticket it gave, and how it ended."""

    def __init__(self, address: str, p: Player, tid: str) -> None:
        self.channel = grpc.insecure_channel(address)
        s = stub(address)
        self.call = s.WatchTicket(mm.WatchTicketRequest(ticket_id=tid), metadata=p.auth)
        self.seen: list[mm.Ticket] = []
        self.ended: tuple[grpc.StatusCode, str] | None = None
        self.ended_at = 0.0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for ticket in self.call:
                self.seen.append(ticket)
            self.ended = (grpc.StatusCode.OK, "")
        except grpc.RpcError as exc:
            self.ended = (exc.code(), error_details(exc)[0])  # type: ignore[attr-defined]
        self.ended_at = time.monotonic()


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    return err.code(), error_details(err)[0]


def test_a_revoked_keys_ticket_is_cancelled_its_stream_ends_and_it_is_never_matched(
    stack: Platform,
) -> None:
    s = stub(stack.address("matchmaking"))
    victim, other = player(stack), player(stack)
    fmt = fresh_format(2)
    ticket = enqueue(s, victim, fmt)
    watch = Watch(stack.address("matchmaking"), victim, ticket.ticket_id)
    until(lambda: watch.seen, "the stream's first ticket")
    revoked_at = time.monotonic()
    accounts(stack).RevokeKey(
        accounts_pb2.RevokeKeyRequest(key_id=victim.key_id), metadata=victim.auth, timeout=10
    )
    until(lambda: watch.ended, "the stream ended", timeout=BOUND_S)
    took = watch.ended_at - revoked_at
    print(f"revoked key: its stream ended {took * 1000:.0f} ms after RevokeKey returned")
    assert watch.ended == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")
    assert watch.seen[-1].status == mm.TICKET_STATUS_CANCELLED
    # Another player of the same format waits on: the revoked ticket is in no match.
    theirs = enqueue(s, other, fmt)
    time.sleep(1.0)
    assert get(s, other, theirs.ticket_id).status == mm.TICKET_STATUS_WAITING
    # Every service refuses the key now.
    games = game_pb2_grpc.GameServiceStub(grpc.insecure_channel(stack.address("gamestate")))  # type: ignore[no-untyped-call]
    for call in (
        lambda: games.ListTableChoices(game_pb2.ListTableChoicesRequest(), metadata=victim.auth),
        lambda: s.GetTicket(mm.GetTicketRequest(ticket_id=ticket.ticket_id), metadata=victim.auth),
    ):
        assert refusal(call) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")


def test_a_disabled_accounts_ticket_ends_and_its_seats_are_handed_to_the_table(
    stack: Platform,
) -> None:
    s = stub(stack.address("matchmaking"))
    games = game_pb2_grpc.GameServiceStub(grpc.insecure_channel(stack.address("gamestate")))  # type: ignore[no-untyped-call]
    _, admin = stack.account(scopes=["admin"])
    seated, rival, waiting = player(stack), player(stack), player(stack)
    fmt = fresh_format(2)
    a, b = (enqueue(s, p, fmt) for p in (seated, rival))
    mine, _ = matched(s, [(seated, a.ticket_id), (rival, b.ticket_id)])
    # A second account waits with a ticket: disabling it cancels the ticket and ends the stream.
    later = enqueue(s, waiting, fresh_format(2))
    watch = Watch(stack.address("matchmaking"), waiting, later.ticket_id)
    until(lambda: watch.seen, "the stream's first ticket")
    for p in (seated, waiting):
        accounts(stack).DisableAccount(
            accounts_pb2.DisableAccountRequest(account_id=p.account_id),
            metadata=(("authorization", f"Bearer {admin}"),),
            timeout=10,
        )
    until(lambda: watch.ended, "the stream ended", timeout=BOUND_S)
    assert watch.ended == (grpc.StatusCode.PERMISSION_DENIED, "ACCOUNT_DISABLED")
    assert watch.seen[-1].status == mm.TICKET_STATUS_CANCELLED

    def handed() -> game_pb2.GameView | None:
        view = games.GetGame(game_pb2.GetGameRequest(game_id=mine.game_id), timeout=10).game
        return view if view.settings.seats[mine.seat].resigned else None

    view = until(handed, "the disabled account's seat handed to the table", timeout=BOUND_S)
    assert view.settings.seats[mine.seat].kind == game_pb2.SEAT_KIND_BOT
    log = games.GetGameLog(game_pb2.GetGameLogRequest(game_id=mine.game_id), timeout=10)
    assert any(a.text == "resign" and a.seat == mine.seat for a in log.answers)
    events = games.WatchGame(game_pb2.WatchGameRequest(game_id=mine.game_id, from_version=1))
    kinds = []
    for event in events:
        kinds += [e.kind for e in event.log]
        if "account_disabled" in kinds or event.finished:
            events.cancel()
            break
    assert "account_disabled" in kinds
    # Its seat token cannot answer any more: the table plays the seat.
    answer = game_pb2.SubmitActionRequest(
        game_id=mine.game_id,
        token=mine.seat_token,
        expected_version=view.version,
        idempotency_key="after-disable",
        text="pass",
    )
    assert refusal(lambda: games.SubmitAction(answer)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "SEAT_RESIGNED",
    )
