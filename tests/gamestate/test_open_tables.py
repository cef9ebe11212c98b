"""Open tables and rematches, through the game service: a table made with open seats is listed
with its free seats (never a token) until they are all taken; TakeSeat gives a free seat to
the calling account once (the same caller again gets the same token, another is refused with
SEAT_TAKEN, two at once make one winner); a finished game's rematch is one new game with the
same options and seats and a new seed, in which each token of the finished game finds its own
seat."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
import redis
from redis.crc import key_slot
from test_gamestate_replicated import Pair, pair  # noqa: F401 (the fixture)

from olympus.client import OlympusClient
from olympus.gamestate import store as st
from olympus.gamestate.durability import WAIT_REPLICAS_ENV, WAIT_TIMEOUT_MS_ENV
from olympus.gamestate.open_tables import OPEN_INDEX
from olympus.gamestate.seating import account_key, ended_key
from olympus.platform.errors import error_details
from olympus.v1 import accounts_pb2, accounts_pb2_grpc, game_pb2 as pb
from services import ServiceProcess, running_service

Metadata = tuple[tuple[str, str], ...]


def bearer(key: str) -> Metadata:
    return (("authorization", f"Bearer {key}"),)


@dataclass(frozen=True)
class Person:
    key: str
    name: str
    account_id: str


@pytest.fixture(scope="module")
def people(redis_url: str) -> list[Person]:
    """Three guests (keys with the play and create_games scopes), made the web bridge's way."""
    with grpc.insecure_channel(os.environ["OLYMPUS_ACCOUNTS_ADDRESS"]) as channel:
        stub = accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]
        made = [
            stub.CreateGuestAccount(accounts_pb2.CreateGuestAccountRequest(), timeout=10)
            for _ in range(3)
        ]
    return [Person(m.key, m.account.name, m.account.account_id) for m in made]


@pytest.fixture(scope="module")
def keys(people: list[Person]) -> list[str]:
    return [p.key for p in people]


def refusal(call: Callable[[], Any]) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), error_details(caught.value)[0]


def open_table(
    client: OlympusClient, open_seats: list[int], players: int = 3, key: str = ""
) -> pb.CreateGameResponse:
    seats = [pb.SeatSpec(name=f"seat{i}") for i in range(players)]
    request = pb.CreateGameRequest(
        options=pb.GameOptions(players=players, corporate_era=False),
        seats=seats,
        open_seats=open_seats,
    )
    made: pb.CreateGameResponse = client.stub.CreateGame(
        request, timeout=10, metadata=bearer(key) if key else ()
    )
    return made


def listed(client: OlympusClient) -> dict[str, pb.OpenTable]:
    reply = client.stub.ListOpenTables(pb.ListOpenTablesRequest(), timeout=10)
    return {t.game_id: t for t in reply.tables}


def take(client: OlympusClient, key: str, game_id: str, seat: int | None = None) -> Any:
    request = pb.TakeSeatRequest(game_id=game_id)
    if seat is not None:
        request.seat = seat
    return client.stub.TakeSeat(request, timeout=10, metadata=bearer(key))


def test_an_open_table_is_listed_with_its_free_seats_and_no_token(client: OlympusClient) -> None:
    made = open_table(client, [1, 2])
    assert [(s.seat, s.open, bool(s.token)) for s in made.seats] == [
        (0, False, True),
        (1, True, False),
        (2, True, False),
    ]
    table = listed(client)[made.game_id]
    assert table.free_seats == 2 and table.options.players == 3
    assert not table.options.HasField("seed")
    assert [(s.seat, s.open, s.free, s.name) for s in table.seats] == [
        (0, False, False, "seat0"),
        (1, True, True, "seat1"),
        (2, True, True, "seat2"),
    ]
    assert "token" not in str(table).lower()


def test_a_seat_goes_to_one_account_and_the_full_table_leaves_the_list(
    client: OlympusClient, keys: list[str], people: list[Person]
) -> None:
    made = open_table(client, [1, 2])
    first = take(client, keys[0], made.game_id)
    assert (first.seat, first.replayed, first.free_seats) == (1, False, 1)
    # The token plays the seat: it sees the seat's own decision.
    seen = client.stub.GetDecision(
        pb.GetDecisionRequest(game_id=made.game_id, token=first.token), timeout=10
    )
    assert seen.seat == 1
    assert (made.game_id, 1) in my_seats(client, keys[0])  # the account's seat now
    again = take(client, keys[0], made.game_id, 2)  # the same account: its seat again
    assert (again.seat, again.token, again.replayed) == (1, first.token, True)
    assert refusal(lambda: take(client, keys[1], made.game_id, 1)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "SEAT_TAKEN",
    )
    table = listed(client)[made.game_id]
    assert [(s.free, bool(s.account_id)) for s in table.seats[1:]] == [(False, True), (True, False)]
    assert table.seats[1].account_name == people[0].name
    last = take(client, keys[1], made.game_id)
    assert (last.seat, last.free_seats) == (2, 0)
    assert made.game_id not in listed(client)
    assert refusal(lambda: take(client, keys[2], made.game_id)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "SEAT_TAKEN",
    )


def my_seats(client: OlympusClient, key: str) -> list[tuple[str, int]]:
    """The account's running seats (ListMyGames)."""
    reply = client.stub.ListMyGames(pb.ListMyGamesRequest(), timeout=10, metadata=bearer(key))
    return [(g.game_id, g.seat) for g in reply.games]


def my_ended(client: OlympusClient, key: str, game_id: str) -> list[tuple[int, int, str]]:
    """(seat, status, seat token) of the account's ended seats of the game (ListMyGames)."""
    listed = client.stub.ListMyGames(
        pb.ListMyGamesRequest(include_ended=True), timeout=10, metadata=bearer(key)
    )
    return [(g.seat, g.status, g.seat_token) for g in listed.games if g.game_id == game_id]


def test_a_taken_seat_ends_among_the_accounts_ended_games(
    client: OlympusClient, keys: list[str], people: list[Person], rdb: redis.Redis
) -> None:
    """As the game ends (seating.ended moves the takers' entries like the accounts the
    metadata names), not at the account's next TakeSeat; which still tidies an entry the end
    left behind (a process that died meanwhile)."""
    made = open_table(client, [1], players=2)
    taken = take(client, keys[0], made.game_id)
    for token in (made.seats[0].token, taken.token):
        client.stub.Resign(pb.ResignRequest(game_id=made.game_id, token=token), timeout=10)
    wait_finished(client, made.game_id)
    finished = [(1, pb.GAME_STATUS_FINISHED, "")]
    deadline = time.monotonic() + 30  # the end's bookkeeping follows its commit
    while (ended := my_ended(client, keys[0], made.game_id)) != finished:
        assert time.monotonic() < deadline, f"not among the ended games: {ended}"
        time.sleep(0.05)
    assert (made.game_id, 1) not in my_seats(client, keys[0])
    # The fallback: an entry left among the running seats is moved by the next TakeSeat.
    member = f"{made.game_id}:1"
    rdb.zrem(ended_key(people[0].account_id), member)
    rdb.sadd(account_key(people[0].account_id), member)
    assert my_ended(client, keys[0], made.game_id) == []
    take(client, keys[0], open_table(client, [1], players=2).game_id)
    assert my_ended(client, keys[0], made.game_id) == finished
    assert not rdb.sismember(account_key(people[0].account_id), member)


def test_the_taker_is_the_seats_account_wherever_seats_are_shown(
    client: OlympusClient, keys: list[str], people: list[Person]
) -> None:
    """GetGame, GetGameLog, ListGames, ListMyGames and GetGameRecord name a taken open seat's
    account and show its name; a free one stays as created."""
    made = open_table(client, [1, 2])
    take(client, keys[1], made.game_id, 1)
    taker = people[1]
    want = [("", "seat0"), (taker.account_id, taker.name), ("", "seat2")]

    def seen(seats: Any) -> list[tuple[str, str]]:
        return [(s.account_id, s.name) for s in seats]

    game = client.stub.GetGame(pb.GetGameRequest(game_id=made.game_id), timeout=10).game
    assert seen(game.settings.seats) == want
    log = client.stub.GetGameLog(pb.GetGameLogRequest(game_id=made.game_id), timeout=10)
    assert seen(log.settings.seats) == want
    page = client.stub.ListGames(pb.ListGamesRequest(page_size=500), timeout=10)
    [summary] = [g for g in page.games if g.game_id == made.game_id]
    assert seen(summary.seats) == want
    mine = client.stub.ListMyGames(pb.ListMyGamesRequest(), timeout=10, metadata=bearer(taker.key))
    [listed_game] = [g for g in mine.games if g.game_id == made.game_id]
    assert seen(listed_game.seats) == want and listed_game.seat == 1
    service = bearer(os.environ["OLYMPUS_SERVICE_KEY"])
    record = client.stub.GetGameRecord(
        pb.GetGameRecordRequest(game_id=made.game_id), timeout=10, metadata=service
    )
    assert seen(record.seats) == want
    assert record.seats[1].player == taker.account_id  # its player, as a seated account's
    # A table without open seats reads nothing more and shows what it was made with.
    plain = client.stub.GetGame(
        pb.GetGameRequest(game_id=open_table(client, []).game_id), timeout=10
    ).game
    assert seen(plain.settings.seats) == [("", "seat0"), ("", "seat1"), ("", "seat2")]


def test_two_callers_at_once_make_one_winner(client: OlympusClient, keys: list[str]) -> None:
    made = open_table(client, [1], players=2)

    def attempt(key: str) -> str:
        try:
            take(client, key, made.game_id, 1)
            return "seated"
        except grpc.RpcError as exc:
            return error_details(exc)[0]

    with ThreadPoolExecutor(2) as pool:
        outcomes = sorted(pool.map(attempt, keys[1:3]))
    assert outcomes == ["SEAT_TAKEN", "seated"]


def test_what_is_refused(client: OlympusClient, keys: list[str]) -> None:
    made = open_table(client, [1], players=2, key=keys[0])
    code, reason = refusal(lambda: client.stub.TakeSeat(pb.TakeSeatRequest(game_id=made.game_id)))
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")
    assert refusal(lambda: take(client, keys[1], made.game_id, 0)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "NOT_AN_OPEN_SEAT",
    )
    assert refusal(lambda: take(client, keys[0], made.game_id)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "SEATED_AT_TABLE",
    )
    clocked = pb.CreateGameRequest(
        options=pb.GameOptions(players=2),
        open_seats=[1],
        time_control=pb.TimeControl(decision_seconds=60),
    )
    banked = pb.CreateGameRequest(  # a bank clock would start at creation too
        options=pb.GameOptions(players=2),
        open_seats=[1],
        time_control=pb.TimeControl(seconds_per_game=600, seconds_per_decision=10),
    )
    bot_seat = pb.CreateGameRequest(
        options=pb.GameOptions(players=2),
        seats=[pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_BOT)],
        open_seats=[1],
    )
    for request in (clocked, banked, bot_seat):
        assert refusal(lambda r=request: client.stub.CreateGame(r, timeout=10)) == (  # type: ignore[misc]
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_OPTIONS",
        )


def finished_game(client: OlympusClient) -> pb.CreateGameResponse:
    """A 2-seat game of people played to its end by the table (both seats resigned)."""
    seats = [pb.SeatSpec(name="Ann"), pb.SeatSpec(name="Bo"), pb.SeatSpec(kind=pb.SEAT_KIND_BOT)]
    request = pb.CreateGameRequest(
        options=pb.GameOptions(players=3, corporate_era=False, draft=True), seats=seats
    )
    made: pb.CreateGameResponse = client.stub.CreateGame(request, timeout=10)
    for seat in made.seats[:2]:
        client.stub.Resign(pb.ResignRequest(game_id=made.game_id, token=seat.token), timeout=10)
    wait_finished(client, made.game_id)
    return made


def wait_finished(client: OlympusClient, game_id: str) -> None:
    deadline = time.monotonic() + 120
    while client.stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game.status != (
        pb.GAME_STATUS_FINISHED
    ):
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.1)


def rematch(
    client: OlympusClient, game_id: str, token: str, lookup_only: bool = False
) -> pb.RematchResponse:
    request = pb.RematchRequest(game_id=game_id, token=token, lookup_only=lookup_only)
    reply: pb.RematchResponse = client.stub.Rematch(request, timeout=10)
    return reply


def test_a_rematch_is_one_new_game_where_each_token_finds_its_seat(client: OlympusClient) -> None:
    running = open_table(client, [], players=2)
    assert refusal(lambda: rematch(client, running.game_id, running.seats[0].token)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "GAME_NOT_FINISHED",
    )
    old = finished_game(client)
    ann, bo = old.seats[0].token, old.seats[1].token
    assert rematch(client, old.game_id, bo, lookup_only=True).game_id == ""  # none made yet
    with ThreadPoolExecutor(2) as pool:  # two clicks at once: one game
        first, second = pool.map(lambda t: rematch(client, old.game_id, t), (ann, ann))
    assert first.game_id == second.game_id and first.token == second.token
    new = first.game_id
    assert new != old.game_id and (first.role, first.seat) == (pb.TOKEN_ROLE_SEAT, 0)
    looked = rematch(client, old.game_id, bo, lookup_only=True)
    assert (looked.game_id, looked.seat) == (new, 1) and looked.token not in (first.token, bo)
    host = rematch(client, old.game_id, old.host_token)
    assert (host.game_id, host.role) == (new, pb.TOKEN_ROLE_HOST)
    # Each token is the one of its seat in the new game; the host's is the host's.
    for reply, role, seat in ((first, pb.TOKEN_ROLE_SEAT, 0), (looked, pb.TOKEN_ROLE_SEAT, 1)):
        who = client.stub.WhoAmI(pb.WhoAmIRequest(token=reply.token), timeout=10)
        assert (who.game_id, who.role, who.seat) == (new, role, seat)
    who = client.stub.WhoAmI(pb.WhoAmIRequest(token=host.token), timeout=10)
    assert (who.game_id, who.role) == (new, pb.TOKEN_ROLE_HOST)
    # The same options and seats (the bot stays a bot), a new seed, running.
    before = client.stub.GetGame(pb.GetGameRequest(game_id=old.game_id), timeout=10).game
    after = client.stub.GetGame(pb.GetGameRequest(game_id=new), timeout=10).game
    assert after.status == pb.GAME_STATUS_ACTIVE and not after.settings.seed_chosen
    assert [(s.name, s.kind) for s in after.settings.seats] == [
        ("Ann", pb.SEAT_KIND_HUMAN),
        ("Bo", pb.SEAT_KIND_HUMAN),
        ("", pb.SEAT_KIND_BOT),
    ]
    assert after.settings.options.draft and not after.settings.options.corporate_era
    new_log = client.stub.GetGameLog(pb.GetGameLogRequest(game_id=new), timeout=10)
    old_log = client.stub.GetGameLog(pb.GetGameLogRequest(game_id=old.game_id), timeout=10)
    assert not new_log.settings.options.HasField("seed")  # kept secret while it runs
    assert old_log.settings.options.HasField("seed")
    assert before.settings.options.players == after.settings.options.players == 3


def test_the_sdk_lists_takes_a_seat_and_finds_the_rematch(
    gamestate: ServiceProcess, client: OlympusClient, keys: list[str]
) -> None:
    made = open_table(client, [1], players=2)
    with OlympusClient(gamestate.address, timeout=20, api_key=keys[2]) as mine:
        [table] = [t for t in mine.open_tables() if t["game_id"] == made.game_id]
        assert (table["free_seats"], [s["free"] for s in table["seats"]]) == (1, [False, True])
        seat = mine.take_seat(made.game_id)
        assert seat.decision().seat == 1
        assert mine.take_seat(made.game_id).token == seat.token  # the same seat again
    old = finished_game(client)
    ann = client.rematch(old.game_id, old.seats[0].token)
    bo = client.rematch(old.game_id, old.seats[1].token)
    assert ann.game_id == bo.game_id != old.game_id
    assert (ann.decision().seat, bo.decision().seat) == (0, 1)


def pages(client: OlympusClient, size: int) -> list[list[str]]:
    """Every page of ListOpenTables at `size` a page, following next_page_token."""
    out, token = [], ""
    while True:
        reply = client.stub.ListOpenTables(
            pb.ListOpenTablesRequest(page_size=size, page_token=token), timeout=10
        )
        assert len(reply.tables) <= size
        out.append([t.game_id for t in reply.tables])
        if not reply.next_page_token:
            return out
        token = reply.next_page_token


def test_open_tables_come_in_pages_by_creation_then_id(
    client: OlympusClient, keys: list[str], rdb: redis.Redis
) -> None:
    """Every table once, newest first, those of the same millisecond by id (the list's own
    order); a table that fills meanwhile moves no other one between pages; a token that is not
    a page's is refused."""
    made = [open_table(client, [1], players=2).game_id for _ in range(5)]
    # Three of them in one millisecond (the list's score), to page through ties.
    tied = int(rdb.zscore(OPEN_INDEX, made[2]) or 0)
    rdb.zadd(OPEN_INDEX, {made[1]: tied, made[3]: tied})
    order = [g.decode() for g in rdb.zrevrange(OPEN_INDEX, 0, -1)]  # by score, then id
    expected = [g for g in order if g in made]
    assert len(expected) == 5
    listed_pages = pages(client, 2)
    seen = [g for page in listed_pages for g in page]
    assert len(seen) == len(set(seen))  # no table twice
    assert [g for g in seen if g in made] == expected
    # Filling a table of the first page between two pages skips none of the next.
    first = client.stub.ListOpenTables(pb.ListOpenTablesRequest(page_size=2), timeout=10)
    take(client, keys[2], first.tables[0].game_id)
    rest = client.stub.ListOpenTables(
        pb.ListOpenTablesRequest(page_size=2, page_token=first.next_page_token), timeout=10
    )
    assert [t.game_id for t in rest.tables] == seen[2:4]
    for bad in ("nope", "123:abc", f"{'9' * 15}:{'g' * 16}"):
        code, reason = refusal(
            lambda b=bad: client.stub.ListOpenTables(  # type: ignore[misc]
                pb.ListOpenTablesRequest(page_token=b), timeout=10
            )
        )
        assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN")


def test_a_taken_seat_waits_for_a_replica_under_strict_durability(
    pair: Pair,  # noqa: F811 (the fixture)
    people: list[Person],
) -> None:
    """With OLYMPUS_REDIS_WAIT_REPLICAS, TakeSeat answers once a replica holds the seat's
    record: without one it is UNAVAILABLE, and so is the same account's repeat (the record is
    on the master alone), until the replica is back."""
    env = {WAIT_REPLICAS_ENV: "1", WAIT_TIMEOUT_MS_ENV: "200"}
    url = f"redis://127.0.0.1:{pair.master_port}/0"
    with (
        running_service("gamestate", "--redis-url", url, "--quotas", "off", env=env) as service,
        OlympusClient(service.address, retries=0) as strict,
    ):
        made = open_table(strict, [1], players=2)
        grants = f"olympus:{{g:{made.game_id}}}:grants"
        pair.detach()
        for _ in range(2):
            assert refusal(lambda: take(strict, people[0].key, made.game_id))[0] == (
                grpc.StatusCode.UNAVAILABLE
            )
        assert pair.master.hget(grants, "o:1") == people[0].account_id.encode()
        pair.attach()
        again = take(strict, people[0].key, made.game_id)
        assert (again.seat, again.replayed) == (1, True)
        assert pair.replica.hget(grants, "o:1") == people[0].account_id.encode()


def test_what_open_tables_and_rematches_write_stays_in_the_games_slot(
    client: OlympusClient, keys: list[str], people: list[Person], rdb: redis.Redis
) -> None:
    """CreateGame with open seats, TakeSeat and Rematch write each game's keys under its own
    hash tag (one cluster slot, deleted with the game); outside it only the known keys: the
    list of open tables and the account's seat index."""
    made = open_table(client, [1], players=2)
    taken = take(client, keys[0], made.game_id)
    for token in (made.seats[0].token, taken.token):
        client.stub.Resign(pb.ResignRequest(game_id=made.game_id, token=token), timeout=10)
    wait_finished(client, made.game_id)
    again = rematch(client, made.game_id, taken.token)
    for game_id in (made.game_id, again.game_id):
        named = {k.decode() for k in rdb.scan_iter(match=f"*{game_id}*")}
        assert named <= {st.game_key(game_id, part) for part in st.GAME_PARTS}, named
        assert len({key_slot(k.encode()) for k in named}) == 1
    grants = rdb.hgetall(st.game_key(made.game_id, "grants"))
    assert grants[b"o:1"] == people[0].account_id.encode() and b"rematch" in grants
    assert rdb.zscore(OPEN_INDEX, made.game_id) is None  # full, then over: off the list
