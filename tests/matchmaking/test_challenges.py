"""Challenges: an account proposes a table (accounts, built-in bots), the others accept or
decline, the game is made once and rated in the format's queue; everyone in it hears of it on
GameService.WatchAccount, as they hear of their tickets being matched.

Real processes on a Redis of the module's own: the accounts, game, scoring and matchmaking
services (the game service told where matchmaking is, as `olympus run` does), a worker and
beat (bot seats, results delivered to the scoring service)."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import orjson
import pytest
import redis
import redis.asyncio as aioredis
from mm_support import Player, enqueue, fresh_format, matched, refusal, stub
from platform_stack import Platform, platform

from olympus.matchmaking.challenges import (
    ChallengeRow,
    ChallengeStore,
    Seat,
    new_challenge_id,
)
from olympus.matchmaking.formats import format_from_proto
from olympus.matchmaking.store import now_ms
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.scoring import ratings as rt, store as sst
from olympus.v1 import game_pb2 as pb, game_pb2_grpc, matchmaking_pb2 as mm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ladder"))

from external_bot import play

Stub = object


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    with platform(
        own_redis.url,
        ("gamestate", "scoring", "matchmaking"),
        args={
            "gamestate": ("--quotas", "off", "--account-heartbeat-seconds", "1"),
            "matchmaking": ("--match-interval", "0.05"),
        },
        workers=True,
        worker_env={"OLYMPUS_REPORT_SECONDS": "0.3"},
        sweep_seconds=0.2,
    ) as s:
        yield s


def players(stack: Platform, n: int, scopes: tuple[str, ...] = ("play",)) -> list[Player]:
    return [Player(*stack.account(scopes=scopes, kind="bot"), "") for _ in range(n)]


def games_of(stack: Platform) -> game_pb2_grpc.GameServiceStub:
    return game_pb2_grpc.GameServiceStub(grpc.insecure_channel(stack.address("gamestate")))  # type: ignore[no-untyped-call]


class Watch:
    """A WatchAccount stream, read on a thread of its own; `take` waits for a wanted event."""

    def __init__(self, stack: Platform, player: Player) -> None:
        self.stream = games_of(stack).WatchAccount(
            # Open for longer than any wait below: a stream cut by its own deadline while the
            # test still waits for an event looked like a lost event (a make ci run).
            pb.WatchAccountRequest(),
            metadata=player.auth,
            timeout=900,
        )
        self.events: list[pb.AccountEvent] = []
        self.ended: grpc.RpcError | None = None
        self.lock = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for event in self.stream:
                with self.lock:
                    self.events.append(event)
                    self.lock.notify_all()
        except grpc.RpcError as exc:
            with self.lock:
                self.ended = exc
                self.lock.notify_all()

    def take(
        self, wanted: Callable[[pb.AccountEvent], bool], timeout: float = 30
    ) -> pb.AccountEvent:
        with self.lock:
            self.lock.wait_for(
                lambda: self.ended is not None or any(wanted(e) for e in self.events),
                timeout=timeout,
            )
            event = next((e for e in self.events if wanted(e)), None)
            if event is None:
                got = [pb.AccountEventKind.Name(e.kind) for e in self.events]
                why = f"the stream ended ({self.ended})" if self.ended else "no such event"
                raise AssertionError(f"{why}; got {got}")
            self.events.remove(event)
            return event

    def challenge(self, kind: int, cid: str, status: str = "") -> pb.AccountEvent:
        return self.take(
            lambda e: (
                e.kind == kind
                and e.challenge.challenge_id == cid
                and (not status or e.challenge.status == status)
            )
        )

    def close(self) -> None:
        self.stream.cancel()


def seats(*who: Player | str) -> list[mm.ChallengeSeat]:
    return [
        mm.ChallengeSeat(bot=w) if isinstance(w, str) else mm.ChallengeSeat(account_id=w.account_id)
        for w in who
    ]


def challenge(
    s: Stub, player: Player, *who: Player | str, fmt: mm.MatchFormat | None = None, **fields: object
) -> mm.Challenge:
    request = mm.CreateChallengeRequest(
        seats=seats(*who),
        format=fmt or fresh_format(len(who)),
        **fields,  # type: ignore[arg-type]
    )
    return s.CreateChallenge(request, metadata=player.auth, timeout=20)  # type: ignore[attr-defined, no-any-return]


def rating_of(rdb: redis.Redis, queue: str, player: str) -> rt.Rating | None:
    raw = rdb.hget(sst.queue_key(queue, "ratings"), player)
    return rt.Rating.from_data(orjson.loads(raw)) if raw else None


def test_a_challenge_is_received_accepted_played_and_rated(stack: Platform) -> None:
    alice, bob = players(stack, 2)
    s = stub(stack.address("matchmaking"))
    alice_watch, bob_watch = Watch(stack, alice), Watch(stack, bob)
    try:
        fmt = fresh_format(2, rated=True, corporate_era=False)
        made = challenge(s, alice, alice, bob, fmt=fmt, keep_seat_order=True)
        assert made.status == mm.CHALLENGE_STATUS_PENDING
        assert made.rated_queue.startswith("mm-2p-")
        assert [x.account_id for x in made.seats] == [alice.account_id, bob.account_id]
        assert [x.answer for x in made.seats] == [
            mm.CHALLENGE_ANSWER_ACCEPTED,
            mm.CHALLENGE_ANSWER_PENDING,
        ]
        assert made.seat == -1 and not made.game_id
        cid = made.challenge_id

        got = bob_watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_RECEIVED, cid)
        assert got.challenge.challenger_account_id == alice.account_id
        assert got.challenge.status == "pending" and got.challenge.players == 2
        assert got.challenge.rated_queue == made.rated_queue
        listed = s.ListMyChallenges(  # type: ignore[attr-defined]
            mm.ListMyChallengesRequest(pending_only=True), metadata=bob.auth, timeout=10
        )
        assert [c.challenge_id for c in listed.challenges] == [cid]

        accepted = s.AcceptChallenge(  # type: ignore[attr-defined]
            mm.AcceptChallengeRequest(challenge_id=cid), metadata=bob.auth, timeout=20
        )
        assert accepted.status == mm.CHALLENGE_STATUS_ACCEPTED and accepted.game_id
        assert accepted.seat == 1 and accepted.seat_token
        # Accepting again answers the same; the challenger reads its own seat and token.
        again = s.AcceptChallenge(  # type: ignore[attr-defined]
            mm.AcceptChallengeRequest(challenge_id=cid), metadata=bob.auth, timeout=20
        )
        assert again.game_id == accepted.game_id and again.seat_token == accepted.seat_token
        mine = s.GetChallenge(  # type: ignore[attr-defined]
            mm.GetChallengeRequest(challenge_id=cid), metadata=alice.auth, timeout=10
        )
        assert (mine.seat, mine.game_id) == (0, accepted.game_id)
        assert mine.seat_token and mine.seat_token != accepted.seat_token

        told = alice_watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED, cid, "accepted")
        assert told.challenge.game_id == accepted.game_id
        assert told.challenge.seat == 0 and told.challenge.seat_token == mine.seat_token
        started = alice_watch.take(
            lambda e: (
                e.kind == pb.ACCOUNT_EVENT_KIND_GAME_STARTED and e.game.game_id == accepted.game_id
            )
        )
        assert started.game.rated_queue == made.rated_queue
        bob_told = bob_watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED, cid, "accepted")
        assert bob_told.challenge.seat == 1

        # The game is the game service's record: the seats' accounts and the queue.
        games = games_of(stack)
        view = games.GetGame(pb.GetGameRequest(game_id=accepted.game_id), timeout=10).game
        assert view.settings.rated_queue == made.rated_queue
        assert [x.account_id for x in view.settings.seats] == [alice.account_id, bob.account_id]
        # Bob plays his seat to the end with his token; Alice resigns (the table plays hers).
        games.Resign(pb.ResignRequest(game_id=accepted.game_id, token=mine.seat_token), timeout=10)
        played = play(games, accepted.game_id, accepted.seat_token)
        assert played.answers > 0
        # On a loaded machine the account stream was seen to trail the game by over a minute
        # (a make ci run): the end is waited for as long as the game itself may take.
        finished = bob_watch.take(
            lambda e: (
                e.kind == pb.ACCOUNT_EVENT_KIND_GAME_FINISHED and e.game.game_id == accepted.game_id
            ),
            timeout=180,
        )
        assert finished.game.HasField("result")
        # Rated a moment later: the change comes on the stream, then with the listed game.
        rated = bob_watch.take(
            lambda e: (
                e.kind == pb.ACCOUNT_EVENT_KIND_RATING_CHANGED
                and e.game.game_id == accepted.game_id
            ),
            timeout=60,
        )
        change = rated.game.rating_change
        assert (change.queue, change.player, change.games) == (
            made.rated_queue,
            bob.account_id,
            1,
        )
        assert change.ordinal_before == pytest.approx(change.mu_before - 3 * change.sigma_before)
        assert change.sigma_after < change.sigma_before
    finally:
        alice_watch.close()
        bob_watch.close()
    listed = games.ListMyGames(
        pb.ListMyGamesRequest(include_ended=True), metadata=bob.auth, timeout=10
    )
    ended = [g for g in listed.games if g.game_id == accepted.game_id]
    assert [g.rating_change for g in ended] == [change]
    rdb = redis.Redis.from_url(stack.redis_url)
    try:
        ratings = [rating_of(rdb, made.rated_queue, p.account_id) for p in (alice, bob)]
    finally:
        rdb.close()
    assert ratings[1] is not None and ratings[1].ordinal == pytest.approx(change.ordinal_after)
    assert [r.games for r in ratings if r is not None] == [1, 1]


def test_declined_challenges_close_for_everyone(stack: Platform) -> None:
    alice, bob, carol = players(stack, 3)
    s = stub(stack.address("matchmaking"))
    alice_watch = Watch(stack, alice)
    try:
        made = challenge(s, alice, alice, bob, carol)
        cid = made.challenge_id
        s.AcceptChallenge(  # type: ignore[attr-defined]
            mm.AcceptChallengeRequest(challenge_id=cid), metadata=bob.auth, timeout=10
        )
        alice_watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED, cid, "pending")
        declined = s.DeclineChallenge(  # type: ignore[attr-defined]
            mm.DeclineChallengeRequest(challenge_id=cid, reason="not tonight"),
            metadata=carol.auth,
            timeout=10,
        )
        assert declined.status == mm.CHALLENGE_STATUS_DECLINED
        assert (declined.declined_by, declined.decline_reason) == (carol.account_id, "not tonight")
        told = alice_watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED, cid, "declined")
        assert told.challenge.decline_reason == "not tonight"
    finally:
        alice_watch.close()
    accept = lambda p: s.AcceptChallenge(  # type: ignore[attr-defined]  # noqa: E731
        mm.AcceptChallengeRequest(challenge_id=cid), metadata=p.auth, timeout=10
    )
    assert refusal(lambda: accept(bob)) == (grpc.StatusCode.FAILED_PRECONDITION, "CHALLENGE_CLOSED")
    assert refusal(
        lambda: s.CancelChallenge(  # type: ignore[attr-defined]
            mm.CancelChallengeRequest(challenge_id=cid), metadata=alice.auth, timeout=10
        )
    ) == (grpc.StatusCode.FAILED_PRECONDITION, "CHALLENGE_CLOSED")


def test_a_challenge_is_cancelled_by_its_challenger_only(stack: Platform) -> None:
    alice, bob, eve = players(stack, 3)
    s = stub(stack.address("matchmaking"))
    cid = challenge(s, alice, alice, bob).challenge_id
    cancel = lambda p: s.CancelChallenge(  # type: ignore[attr-defined]  # noqa: E731
        mm.CancelChallengeRequest(challenge_id=cid), metadata=p.auth, timeout=10
    )
    assert refusal(lambda: cancel(bob)) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_CHALLENGER")
    # Someone it does not name: it does not exist for them, whatever they call.
    assert refusal(lambda: cancel(eve)) == (grpc.StatusCode.NOT_FOUND, "CHALLENGE_NOT_FOUND")
    assert refusal(
        lambda: s.GetChallenge(  # type: ignore[attr-defined]
            mm.GetChallengeRequest(challenge_id=cid), metadata=eve.auth, timeout=10
        )
    ) == (grpc.StatusCode.NOT_FOUND, "CHALLENGE_NOT_FOUND")
    # The challenger accepted by proposing: accepting again changes nothing.
    mine = s.AcceptChallenge(  # type: ignore[attr-defined]
        mm.AcceptChallengeRequest(challenge_id=cid), metadata=alice.auth, timeout=10
    )
    assert mine.status == mm.CHALLENGE_STATUS_PENDING
    assert [x.answer for x in mine.seats if x.account_id == alice.account_id] == [
        mm.CHALLENGE_ANSWER_ACCEPTED
    ]
    assert cancel(alice).status == mm.CHALLENGE_STATUS_CANCELLED
    assert refusal(
        lambda: s.AcceptChallenge(  # type: ignore[attr-defined]
            mm.AcceptChallengeRequest(challenge_id=cid), metadata=bob.auth, timeout=10
        )
    ) == (grpc.StatusCode.FAILED_PRECONDITION, "CHALLENGE_CLOSED")
    pending = s.ListMyChallenges(  # type: ignore[attr-defined]
        mm.ListMyChallengesRequest(pending_only=True), metadata=bob.auth, timeout=10
    )
    assert cid not in [c.challenge_id for c in pending.challenges]
    everything = s.ListMyChallenges(  # type: ignore[attr-defined]
        mm.ListMyChallengesRequest(), metadata=bob.auth, timeout=10
    )
    assert cid in [c.challenge_id for c in everything.challenges]


def test_a_challenge_against_bots_starts_at_once(stack: Platform) -> None:
    (alice,) = players(stack, 1)
    s = stub(stack.address("matchmaking"))
    made = challenge(s, alice, alice, "greedy", "random")
    assert made.status == mm.CHALLENGE_STATUS_ACCEPTED and made.game_id
    view = games_of(stack).GetGame(pb.GetGameRequest(game_id=made.game_id), timeout=10).game
    bots = sorted(x.bot for x in view.settings.seats if x.kind == pb.SEAT_KIND_BOT)
    assert bots == ["greedy", "random"]
    assert view.settings.seats[made.seat].account_id == alice.account_id
    decision = games_of(stack).GetDecision(
        pb.GetDecisionRequest(game_id=made.game_id, token=made.seat_token), timeout=10
    )
    assert decision.seat == made.seat


def test_an_operator_pairs_two_bots_that_accept(stack: Platform) -> None:
    """Bulk pairing the Lichess way: a table the operator does not sit at."""
    (operator,) = players(stack, 1, ("play", "ladder"))
    one, two = players(stack, 2)
    s = stub(stack.address("matchmaking"))
    watch = Watch(stack, one)
    try:
        made = challenge(s, operator, one, two, keep_seat_order=True)
        cid = made.challenge_id
        watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_RECEIVED, cid)
        replies = [
            s.AcceptChallenge(  # type: ignore[attr-defined]
                mm.AcceptChallengeRequest(challenge_id=cid), metadata=p.auth, timeout=20
            )
            for p in (one, two)
        ]
        assert replies[0].status == mm.CHALLENGE_STATUS_PENDING
        assert replies[1].status == mm.CHALLENGE_STATUS_ACCEPTED
        told = watch.challenge(pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED, cid, "accepted")
        assert told.challenge.seat == 0 and told.challenge.seat_token
    finally:
        watch.close()
    seen = s.GetChallenge(  # type: ignore[attr-defined]
        mm.GetChallengeRequest(challenge_id=cid), metadata=operator.auth, timeout=10
    )
    assert seen.game_id == replies[1].game_id
    assert (seen.seat, seen.seat_token) == (-1, "")  # the operator holds no seat
    # Without the ladder scope a table one does not sit at is refused.
    (plain,) = players(stack, 1)
    assert refusal(lambda: challenge(s, plain, one, two)) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "SCOPE_REQUIRED",
    )


def test_a_matched_ticket_is_told_on_the_account_stream(stack: Platform) -> None:
    alice, bob = players(stack, 2)
    s = stub(stack.address("matchmaking"))
    watch = Watch(stack, alice)
    try:
        watch.take(lambda e: e.kind == pb.ACCOUNT_EVENT_KIND_HEARTBEAT)  # the stream is up
        fmt = fresh_format(2)
        mine, theirs = enqueue(s, alice, fmt), enqueue(s, bob, fmt)
        (ticket, _) = matched(s, [(alice, mine.ticket_id), (bob, theirs.ticket_id)])
        told = watch.take(lambda e: e.kind == pb.ACCOUNT_EVENT_KIND_TICKET_MATCHED)
        assert told.ticket.ticket_id == mine.ticket_id
        assert (told.ticket.game_id, told.ticket.seat) == (ticket.game_id, ticket.seat)
        assert told.ticket.seat_token == ticket.seat_token
        watch.take(
            lambda e: (
                e.kind == pb.ACCOUNT_EVENT_KIND_GAME_STARTED and e.game.game_id == ticket.game_id
            )
        )
    finally:
        watch.close()


def test_challenges_with_request_ids_are_made_once(stack: Platform) -> None:
    alice, bob = players(stack, 2)
    s = stub(stack.address("matchmaking"))
    fmt = fresh_format(2)
    first = challenge(s, alice, alice, bob, fmt=fmt, request_id="table-1")
    again = challenge(s, alice, alice, bob, fmt=fmt, request_id="table-1")
    assert again.challenge_id == first.challenge_id
    assert refusal(lambda: challenge(s, alice, bob, alice, fmt=fmt, request_id="table-1")) == (
        grpc.StatusCode.ALREADY_EXISTS,
        "REQUEST_ID_REUSED",
    )
    # Another account's same request_id is its own challenge.
    theirs = challenge(s, bob, alice, bob, fmt=fmt, request_id="table-1")
    assert theirs.challenge_id != first.challenge_id


@pytest.mark.parametrize(
    ("who", "fields", "reason"),
    [
        (("me",), {}, "INVALID_CHALLENGE"),  # one seat
        (("me", "random", "random", "random", "random", "random"), {}, "INVALID_CHALLENGE"),
        (("me", "me"), {}, "INVALID_CHALLENGE"),  # an account twice
        (("me", "chess-bot"), {}, "INVALID_CHALLENGE"),  # an unknown bot
        (("me", "bad-id"), {}, "INVALID_CHALLENGE"),
        (("me", "other"), {"expire_seconds": 10}, "INVALID_CHALLENGE"),
        (("me", "other"), {"format": mm.MatchFormat(players=3)}, "INVALID_CHALLENGE"),
        (("me", "other"), {"format": mm.MatchFormat(players=2, map="mars")}, "INVALID_FORMAT"),
        (("me", "other"), {"format": mm.MatchFormat(ladder="weekly")}, "INVALID_FORMAT"),
        (("me", "other"), {"request_id": "no spaces"}, "INVALID_REQUEST_ID"),
    ],
)
def test_bad_challenges_are_refused_with_the_field_at_fault(
    stack: Platform, who: tuple[str, ...], fields: dict[str, object], reason: str
) -> None:
    alice, bob = players(stack, 2)
    s = stub(stack.address("matchmaking"))
    table = []
    for w in who:
        if w == "me":
            table.append(mm.ChallengeSeat(account_id=alice.account_id))
        elif w == "other":
            table.append(mm.ChallengeSeat(account_id=bob.account_id))
        elif w == "bad-id":
            table.append(mm.ChallengeSeat(account_id="ALICE"))
        else:
            table.append(mm.ChallengeSeat(bot=w))
    request = mm.CreateChallengeRequest(seats=table, **fields)  # type: ignore[arg-type]
    code, got = refusal(lambda: s.CreateChallenge(request, metadata=alice.auth, timeout=10))  # type: ignore[attr-defined]
    assert (code, got) == (grpc.StatusCode.INVALID_ARGUMENT, reason)


def test_an_unknown_account_cannot_be_challenged(stack: Platform) -> None:
    (alice,) = players(stack, 1)
    s = stub(stack.address("matchmaking"))
    nobody = mm.ChallengeSeat(account_id="0123456789abcdef")
    request = mm.CreateChallengeRequest(
        seats=[mm.ChallengeSeat(account_id=alice.account_id), nobody]
    )
    assert refusal(lambda: s.CreateChallenge(request, metadata=alice.auth, timeout=10)) == (  # type: ignore[attr-defined]
        grpc.StatusCode.NOT_FOUND,
        "ACCOUNT_NOT_FOUND",
    )


def test_a_challenge_nobody_answered_in_time_expires(own_redis: EmbeddedRedis) -> None:
    """Its time over, it reads as expired at once, and the next answer writes it so."""

    async def go() -> tuple[str, str, str]:
        r = aioredis.Redis.from_url(own_redis.url)
        try:
            store = ChallengeStore(r)
            now = now_ms()
            row = ChallengeRow(
                challenge_id=new_challenge_id(),
                challenger="a" * 16,
                challenger_name="a",
                seats=[Seat(account="a" * 16, name="a"), Seat(account="b" * 16, name="b")],
                format=format_from_proto(fresh_format(2)),
                rated_queue="",
                created_ms=now - 60_000,
                expires_ms=now - 1,
                answers={"a" * 16: "accepted", "b" * 16: "pending"},
            )
            assert await store.create(row) is not None
            read = await store.get(row.challenge_id)
            assert read is not None
            seen = read.status_at(now_ms())
            outcome, status = await store.answer("accept", row.challenge_id, "b" * 16)
            return seen, outcome, status
        finally:
            await r.aclose()

    assert asyncio.run(go()) == ("expired", "closed", "expired")
