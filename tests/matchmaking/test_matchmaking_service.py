"""The matchmaking service against a real game service, on a private Redis."""

from __future__ import annotations

import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import grpc
from mm_support import (
    Player,
    enqueue,
    fresh_format,
    get,
    make_players,
    matched,
    refusal,
    revoke,
    stub,
    sync_redis,
)

from olympus.matchmaking.store import waiting_key
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm
from services import ServiceProcess, running_service


def game_stub(address: str) -> game_pb2_grpc.GameServiceStub:
    return game_pb2_grpc.GameServiceStub(grpc.insecure_channel(address))  # type: ignore[no-untyped-call]


def test_four_tickets_make_two_games_with_working_seats(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s, games = stub(matchmaking.address), game_stub(gamestate.address)
    players = make_players(redis_url, 4)
    fmt = fresh_format(2)
    pairs = [(p, enqueue(s, p, fmt).ticket_id) for p in players]
    tickets = matched(s, pairs)
    by_game: dict[str, list[int]] = defaultdict(list)
    for t in tickets:
        by_game[t.game_id].append(t.seat)
    assert len(by_game) == 2
    assert all(sorted(seats) == [0, 1] for seats in by_game.values())
    for (player, _), t in zip(pairs, tickets, strict=True):
        assert t.bot_seats == 0 and t.closed_ms >= t.created_ms
        decision = games.GetDecision(
            game_pb2.GetDecisionRequest(game_id=t.game_id, token=t.seat_token), timeout=10
        )
        assert decision.seat == t.seat  # the token answers for the ticket's seat
        # the seat is tied to the account, in the game's own record
        view = games.GetGame(game_pb2.GetGameRequest(game_id=t.game_id), timeout=10).game
        assert view.settings.seats[t.seat].account_id == player.account_id
        assert get(s, player, t.ticket_id).seat_token == t.seat_token  # derived the same again
    # no seat token is stored in matchmaking's keys
    r = sync_redis(redis_url)
    stored = b"".join(v for k in r.keys("olympus:mm:*") if r.type(k) == b"hash" for v in r.hvals(k))
    assert not any(t.seat_token.encode() in stored for t in tickets)
    # a matched ticket cannot be cancelled; a new ticket may be opened after a match
    code, reason = refusal(
        lambda: s.Cancel(mm.CancelRequest(ticket_id=pairs[0][1]), metadata=players[0].auth)
    )
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TICKET_CLOSED")
    again = enqueue(s, players[0], fresh_format(2))
    assert again.status == mm.TICKET_STATUS_WAITING


def test_cancelled_ticket_stays_out(redis_url: str, matchmaking: ServiceProcess) -> None:
    s = stub(matchmaking.address)
    a, b, c = make_players(redis_url, 3)
    fmt = fresh_format(2)
    ta = enqueue(s, a, fmt).ticket_id
    first = s.Cancel(mm.CancelRequest(ticket_id=ta), metadata=a.auth, timeout=10).ticket
    assert first.status == mm.TICKET_STATUS_CANCELLED
    second = s.Cancel(mm.CancelRequest(ticket_id=ta), metadata=a.auth, timeout=10).ticket
    assert second == first  # idempotent
    tb, tc = enqueue(s, b, fmt).ticket_id, enqueue(s, c, fmt).ticket_id
    tickets = matched(s, [(b, tb), (c, tc)])
    assert tickets[0].game_id == tickets[1].game_id
    assert get(s, a, ta) == first  # still cancelled, in no game
    assert sync_redis(redis_url).zcard(waiting_key(ta[:16])) == 0


def test_two_replicas_never_double_assign(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    players = make_players(redis_url, 40)
    fmt = fresh_format(2)
    with running_service(
        "matchmaking",
        "--redis-url",
        redis_url,
        "--gamestate-address",
        gamestate.address,
        "--match-interval",
        "0.01",
    ) as other:
        stubs = [stub(matchmaking.address), stub(other.address)]
        with ThreadPoolExecutor(8) as pool:
            ids = list(
                pool.map(
                    lambda ip: enqueue(stubs[ip[0] % 2], ip[1], fmt).ticket_id, enumerate(players)
                )
            )
        tickets = matched(stubs[0], list(zip(players, ids, strict=True)))
    seats = [(t.game_id, t.seat) for t in tickets]
    assert len(set(seats)) == 40  # every ticket its own seat
    by_game: dict[str, list[int]] = defaultdict(list)
    for game_id, seat in seats:
        by_game[game_id].append(seat)
    assert len(by_game) == 20 and all(sorted(v) == [0, 1] for v in by_game.values())
    games = game_stub(gamestate.address)
    for (game_id, seat), p in zip(seats, players, strict=True):
        view = games.GetGame(game_pb2.GetGameRequest(game_id=game_id), timeout=10).game
        assert view.settings.seats[seat].account_id == p.account_id


def test_watch_ticket_streams_until_matched(redis_url: str, matchmaking: ServiceProcess) -> None:
    s = stub(matchmaking.address)
    a, b = make_players(redis_url, 2)
    fmt = fresh_format(2)
    ta = enqueue(s, a, fmt).ticket_id
    seen: list[mm.Ticket] = []
    first = threading.Event()

    def watch() -> None:
        for msg in s.WatchTicket(mm.WatchTicketRequest(ticket_id=ta), metadata=a.auth, timeout=30):
            seen.append(msg)
            first.set()

    watcher = threading.Thread(target=watch)
    watcher.start()
    assert first.wait(10)
    assert seen[0].status == mm.TICKET_STATUS_WAITING and seen[0].ticket_id == ta
    enqueue(s, b, fmt)
    watcher.join(30)
    assert not watcher.is_alive()  # the stream ended by itself
    assert seen[-1].status == mm.TICKET_STATUS_MATCHED and seen[-1].game_id
    assert seen[-1] == get(s, a, ta)


def test_bad_input_is_refused_and_changes_nothing(
    redis_url: str, matchmaking: ServiceProcess
) -> None:
    s = stub(matchmaking.address)
    a, b, revoked = make_players(redis_url, 3)
    (no_play,) = make_players(redis_url, 1, scopes=("create_games",))
    revoke(redis_url, revoked)
    r = sync_redis(redis_url)
    fmt = fresh_format(2)
    fid_queue = None

    def enq(p: Player | None, f: mm.MatchFormat = fmt) -> object:
        return s.Enqueue(mm.EnqueueRequest(format=f), metadata=p.auth if p else (), timeout=10)

    assert refusal(lambda: enq(None)) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")
    assert refusal(lambda: enq(revoked)) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")
    assert refusal(lambda: enq(no_play)) == (grpc.StatusCode.PERMISSION_DENIED, "SCOPE_REQUIRED")
    bad_formats = [
        mm.MatchFormat(players=0),
        mm.MatchFormat(players=6),
        mm.MatchFormat(players=2, map="atlantis"),
        mm.MatchFormat(players=1, corporate_era=False),
        mm.MatchFormat(players=2, time_control=game_pb2.TimeControl(seconds_per_decision=5)),
        mm.MatchFormat(players=2, time_control=game_pb2.TimeControl(timeout_policy=99)),  # type: ignore[arg-type]
    ]
    for bad in bad_formats:
        assert refusal(lambda bad=bad: enq(a, bad)) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_FORMAT",
        ), bad
    ticket = enqueue(s, a, fmt)  # none of the above left an open ticket
    fid_queue = waiting_key(ticket.ticket_id[:16])
    assert r.zrange(fid_queue, 0, -1) == [ticket.ticket_id.encode()]
    assert refusal(lambda: enq(a)) == (grpc.StatusCode.ALREADY_EXISTS, "DUPLICATE_TICKET")
    assert refusal(lambda: enq(a, fresh_format(3))) == (
        grpc.StatusCode.ALREADY_EXISTS,
        "DUPLICATE_TICKET",
    )
    # someone else's ticket does not exist for b, and b's calls change nothing
    not_found = (grpc.StatusCode.NOT_FOUND, "TICKET_NOT_FOUND")
    tid = ticket.ticket_id
    assert refusal(lambda: get(s, b, tid)) == not_found
    assert refusal(lambda: s.Cancel(mm.CancelRequest(ticket_id=tid), metadata=b.auth)) == not_found
    assert (
        refusal(lambda: list(s.WatchTicket(mm.WatchTicketRequest(ticket_id=tid), metadata=b.auth)))
        == not_found
    )
    assert refusal(lambda: get(s, b, "0" * 32)) == not_found
    assert refusal(lambda: get(s, b, "nonsense")) == not_found
    assert refusal(lambda: get(s, revoked, tid)) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "API_KEY_REVOKED",
    )
    assert get(s, a, tid) == ticket  # still waiting, the only one in its queue
    assert r.zrange(fid_queue, 0, -1) == [tid.encode()]
    s.Cancel(mm.CancelRequest(ticket_id=tid), metadata=a.auth, timeout=10)


def test_table_options_of_the_format_reach_the_game_and_split_the_queues(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s, games = stub(matchmaking.address), game_stub(gamestate.address)
    a, b, c = make_players(redis_url, 3)
    fmt = fresh_format(2, map="hellas", prelude=True, draft=True)
    plain = mm.MatchFormat()
    plain.CopyFrom(fmt)
    plain.prelude = False
    waiting = enqueue(s, c, plain)  # another format: never grouped with the others
    tickets = matched(s, [(a, enqueue(s, a, fmt).ticket_id), (b, enqueue(s, b, fmt).ticket_id)])
    assert tickets[0].format.prelude and tickets[0].format.map == "hellas"
    options = games.GetGame(game_pb2.GetGameRequest(game_id=tickets[0].game_id)).game
    assert options.settings.options.prelude and options.settings.options.draft
    assert options.settings.options.map == "hellas"
    assert get(s, c, waiting.ticket_id).status == mm.TICKET_STATUS_WAITING
    assert waiting.ticket_id[:16] != tickets[0].ticket_id[:16]  # a queue of its own
    s.Cancel(mm.CancelRequest(ticket_id=waiting.ticket_id), metadata=c.auth, timeout=10)
