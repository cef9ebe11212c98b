"""An account's own games, for the key that calls: ListMyGames lists its running seats (each
with a seat token issued to the calling key) and its last ended ones; WatchAccount tells of its
games starting, its turns (with the decision), its games ending, and sends a heartbeat when
nothing else happens. A bot that restarted with nothing but its key finds every game again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from olympus.client import OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import accounts_pb2, accounts_pb2_grpc, game_pb2 as pb
from services import ServiceProcess, WorkerProcesses, create_account, running_service

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ladder"))

from external_bot import submit

Metadata = tuple[tuple[str, str], ...]


@pytest.fixture(scope="module")
def quick(redis_url: str, workers: WorkerProcesses) -> Iterator[ServiceProcess]:
    """A game service whose account streams beat every half second."""
    args = ("--redis-url", redis_url, "--account-heartbeat-seconds", "0.5")
    with running_service("gamestate", *args) as service:
        yield service


@pytest.fixture(scope="module")
def games(quick: ServiceProcess) -> Iterator[OlympusClient]:
    with OlympusClient(quick.address, timeout=20) as c:
        yield c


def bearer(key: str) -> Metadata:
    return (("authorization", f"Bearer {key}"),)


SERVICE = bearer(os.environ["OLYMPUS_SERVICE_KEY"])


def account(redis_url: str, name: str) -> tuple[str, str, str]:
    """(account id, key, key id) of a new account with the play scope."""
    data = create_account(redis_url, name, "play", kind="bot")
    return data["account_id"], data["key"], data["key_id"]


def seated_game(client: OlympusClient, accounts: list[str], seed: int = 7) -> pb.CreateGameResponse:
    """A game made the platform's way (the service credential names each seat's account)."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, account_id=a) for a in accounts]
    request = pb.CreateGameRequest(
        options=pb.GameOptions(players=len(seats), seed=seed), seats=seats
    )
    made: pb.CreateGameResponse = client.stub.CreateGame(request, timeout=10, metadata=SERVICE)
    return made


def my_games(
    client: OlympusClient,
    key: str,
    include_ended: bool = False,
    page_size: int = 0,
    token: str = "",
) -> pb.ListMyGamesResponse:
    request = pb.ListMyGamesRequest(
        include_ended=include_ended, page_size=page_size, page_token=token
    )
    out: pb.ListMyGamesResponse = client.stub.ListMyGames(request, timeout=10, metadata=bearer(key))
    return out


def another_key(key: str) -> str:
    """A second key of the key's own account, made by its owner (the accounts service)."""
    with grpc.insecure_channel(os.environ["OLYMPUS_ACCOUNTS_ADDRESS"]) as channel:
        stub = accounts_pb2_grpc.AccountServiceStub(channel)
        made = stub.CreateKey(
            accounts_pb2.CreateKeyRequest(scopes=[accounts_pb2.SCOPE_PLAY]),
            timeout=10,
            metadata=bearer(key),
        )
    return str(made.key)


def refusal(call: object) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()  # type: ignore[operator]
    return caught.value.code(), error_details(caught.value)[0]


# --- ListMyGames -------------------------------------------------------------------------------


def test_a_restarted_bot_finds_its_seat_and_plays_it_with_a_token_of_its_own(
    games: OlympusClient, redis_url: str
) -> None:
    alice, alice_key, _ = account(redis_url, "list-alice")
    bob, bob_key, _ = account(redis_url, "list-bob")
    game = seated_game(games, [alice, bob])
    listed = my_games(games, alice_key)
    assert [(g.game_id, g.seat) for g in listed.games] == [(game.game_id, 0)]
    mine = listed.games[0]
    assert mine.status == pb.GAME_STATUS_ACTIVE and mine.version >= 1
    assert mine.seat_token and mine.seat_token != game.seats[0].token
    assert [s.account_id for s in mine.seats] == [alice, bob]
    assert mine.create_time.ToMilliseconds() > 0 and not mine.HasField("result")
    # The issued token is the seat's: it reads the seat's decision and answers it.
    state = games.stub.GetDecision(
        pb.GetDecisionRequest(game_id=game.game_id, token=mine.seat_token), timeout=10
    )
    assert state.seat == 0 and state.your_turn == mine.your_turn
    if state.your_turn:
        reply = games.stub.SubmitAction(submit(game.game_id, mine.seat_token, state), timeout=10)
        assert reply.version == state.version + 1
    # The same key is issued the same token again; the other account sees only its own seat.
    assert my_games(games, alice_key).games[0].seat_token == mine.seat_token
    assert [(g.game_id, g.seat) for g in my_games(games, bob_key).games] == [(game.game_id, 1)]


def test_each_key_of_an_account_gets_its_own_token(games: OlympusClient, redis_url: str) -> None:
    carol, first_key, _ = account(redis_url, "list-carol")
    second_key = another_key(first_key)
    game = seated_game(games, [carol, account(redis_url, "list-dave")[0]])
    first = my_games(games, first_key).games[0].seat_token
    second = my_games(games, second_key).games[0].seat_token
    assert first and second and first != second
    for token in (first, second):
        who = games.stub.WhoAmI(pb.WhoAmIRequest(token=token), timeout=10)
        assert (who.game_id, who.seat) == (game.game_id, 0)


def test_revoking_a_key_takes_back_the_tokens_issued_to_it(
    games: OlympusClient, redis_url: str
) -> None:
    erin, first_key, _ = account(redis_url, "revoke-erin")
    second_key = another_key(first_key)
    game = seated_game(games, [erin, account(redis_url, "revoke-fred")[0]])
    kept = my_games(games, first_key).games[0].seat_token
    revoked = my_games(games, second_key).games[0].seat_token
    second_id = next(
        k.key_id
        for k in accounts_stub()
        .ListKeys(accounts_pb2.ListKeysRequest(), timeout=10, metadata=bearer(first_key))
        .keys
        if k.key_id != key_id_of(first_key)
    )
    accounts_stub().RevokeKey(
        accounts_pb2.RevokeKeyRequest(key_id=second_id), timeout=10, metadata=bearer(first_key)
    )

    def refused() -> bool:
        try:
            games.stub.WhoAmI(pb.WhoAmIRequest(token=revoked), timeout=10)
        except grpc.RpcError as exc:
            return bool(exc.code() == grpc.StatusCode.UNAUTHENTICATED)
        return False

    deadline = time.monotonic() + 20
    while not refused():
        assert time.monotonic() < deadline, "the revoked key's token still plays"
        time.sleep(0.1)
    assert refusal(
        lambda: games.stub.GetDecision(
            pb.GetDecisionRequest(game_id=game.game_id, token=revoked), timeout=10
        )
    ) == (grpc.StatusCode.UNAUTHENTICATED, "INVALID_TOKEN")
    # The other key's token and the seat's own token still play.
    for token in (kept, game.seats[0].token):
        who = games.stub.WhoAmI(pb.WhoAmIRequest(token=token), timeout=10)
        assert (who.game_id, who.seat) == (game.game_id, 0)


def accounts_stub() -> accounts_pb2_grpc.AccountServiceStub:
    channel = grpc.insecure_channel(os.environ["OLYMPUS_ACCOUNTS_ADDRESS"])
    return accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]


def key_id_of(key: str) -> str:
    import hashlib

    return hashlib.sha256(key.encode()).hexdigest()[:12]


def test_ended_games_are_listed_on_request_latest_first_without_a_token(
    games: OlympusClient, redis_url: str
) -> None:
    erin, erin_key, _ = account(redis_url, "list-erin")
    other = account(redis_url, "list-frank")[0]
    made = [seated_game(games, [erin, other], seed=s) for s in (1, 2, 3)]
    for game in made[:2]:
        games.stub.AbortGame(
            pb.AbortGameRequest(game_id=game.game_id, token=game.host_token, reason="test"),
            timeout=10,
        )
        time.sleep(0.005)  # distinct end times
    running = my_games(games, erin_key)
    assert [g.game_id for g in running.games] == [made[2].game_id]
    everything = my_games(games, erin_key, include_ended=True)
    assert [g.game_id for g in everything.games] == [
        made[2].game_id,
        made[1].game_id,
        made[0].game_id,
    ]
    for ended in everything.games[1:]:
        assert ended.status == pb.GAME_STATUS_ABORTED and ended.seat_token == ""


def test_pages_cover_every_seat_once(games: OlympusClient, redis_url: str) -> None:
    gina, gina_key, _ = account(redis_url, "list-gina")
    other = account(redis_url, "list-hank")[0]
    made = [seated_game(games, [gina, other], seed=10 + s) for s in range(5)]
    games.stub.AbortGame(
        pb.AbortGameRequest(game_id=made[0].game_id, token=made[0].host_token), timeout=10
    )
    seen: list[str] = []
    token = ""
    pages = 0
    while True:
        page = my_games(games, gina_key, include_ended=True, page_size=2, token=token)
        pages += 1
        seen += [g.game_id for g in page.games]
        assert len(page.games) <= 2
        if not page.next_page_token:
            break
        token = page.next_page_token
    assert pages == 3
    running = sorted(g.game_id for g in made[1:])
    assert seen == [*running, made[0].game_id]


@pytest.mark.parametrize(
    ("size", "token", "reason"),
    [
        (501, "", "INVALID_PAGE_SIZE"),
        (-1, "", "INVALID_PAGE_SIZE"),
        (0, "nonsense", "INVALID_PAGE_TOKEN"),
        (0, "r:zz:0", "INVALID_PAGE_TOKEN"),
        (0, "e:12:0123456789abcdef:0", "INVALID_PAGE_TOKEN"),  # an ended cursor, ended not asked
    ],
)
def test_bad_paging_is_an_argument_error(
    games: OlympusClient, redis_url: str, size: int, token: str, reason: str
) -> None:
    key = account(redis_url, f"list-paging-{reason}-{size}-{len(token)}")[1]
    code, got = refusal(lambda: my_games(games, key, page_size=size, token=token))
    assert (code, got) == (grpc.StatusCode.INVALID_ARGUMENT, reason)


def test_the_account_calls_need_a_valid_key(games: OlympusClient, redis_url: str) -> None:
    code, reason = refusal(lambda: games.stub.ListMyGames(pb.ListMyGamesRequest(), timeout=10))
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")
    code, reason = refusal(lambda: my_games(games, "oly_" + "A" * 43))
    assert code == grpc.StatusCode.UNAUTHENTICATED and reason == "INVALID_API_KEY"
    stream = games.stub.WatchAccount(pb.WatchAccountRequest(), timeout=10)
    code, reason = refusal(lambda: next(stream))
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")


# --- WatchAccount ------------------------------------------------------------------------------


class Watch:
    """A WatchAccount stream, read event by event."""

    def __init__(self, client: OlympusClient, key: str, timeout: float = 60) -> None:
        self.stream = client.stub.WatchAccount(
            pb.WatchAccountRequest(), timeout=timeout, metadata=bearer(key)
        )
        self.skipped: list[pb.AccountEvent] = []

    def next(self, kind: int | None = None, game_id: str | None = None) -> pb.AccountEvent:
        """The first event not taken yet of `kind` (for `game_id`); the others stay for later
        calls (heartbeats are dropped unless asked for)."""

        def wanted(event: pb.AccountEvent) -> bool:
            return (kind is None or event.kind == kind) and (
                game_id is None or event.game.game_id == game_id
            )

        for i, event in enumerate(self.skipped):
            if wanted(event):
                return self.skipped.pop(i)
        for event in self.stream:
            if wanted(event):
                return event  # type: ignore[no-any-return]
            if event.kind != pb.ACCOUNT_EVENT_KIND_HEARTBEAT:
                self.skipped.append(event)
        raise AssertionError("the stream ended")

    def close(self) -> None:
        self.stream.cancel()


def test_the_stream_tells_started_games_turns_and_endings(
    games: OlympusClient, redis_url: str
) -> None:
    ivy, ivy_key, _ = account(redis_url, "watch-ivy")
    jack = account(redis_url, "watch-jack")[0]
    before = seated_game(games, [ivy, jack], seed=21)
    watch = Watch(games, ivy_key)
    try:
        started = watch.next(pb.ACCOUNT_EVENT_KIND_GAME_STARTED, before.game_id)
        assert started.game.seat == 0 and started.game.seat_token
        # A game made while the stream is open is told too.
        later = seated_game(games, [jack, ivy], seed=22)
        told = watch.next(pb.ACCOUNT_EVENT_KIND_GAME_STARTED, later.game_id)
        assert told.game.seat == 1
        # Ivy's turn (every seat picks its corporation at once): the decision comes along, and
        # answering it with the streamed token works.
        turn = watch.next(pb.ACCOUNT_EVENT_KIND_YOUR_TURN, before.game_id)
        assert turn.game.your_turn and turn.decision.your_turn and turn.decision.seat == 0
        reply = games.stub.SubmitAction(
            submit(before.game_id, started.game.seat_token, turn.decision), timeout=10
        )
        assert reply.version == turn.decision.version + 1
        games.stub.AbortGame(
            pb.AbortGameRequest(game_id=later.game_id, token=later.host_token), timeout=10
        )
        aborted = watch.next(pb.ACCOUNT_EVENT_KIND_GAME_ABORTED, later.game_id)
        assert aborted.game.status == pb.GAME_STATUS_ABORTED and not aborted.game.seat_token
        # Quiet: heartbeats, half a second apart on this service.
        first = watch.next(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)
        second = watch.next(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)
        gap = second.event_time.ToMilliseconds() - first.event_time.ToMilliseconds()
        assert 300 <= gap <= 5000
    finally:
        watch.close()


def test_a_game_played_to_the_end_is_told_finished_with_its_result(
    games: OlympusClient, redis_url: str
) -> None:
    kate, kate_key, _ = account(redis_url, "watch-kate")
    game = seated_game(games, [kate, account(redis_url, "watch-leo")[0]], seed=23)
    watch = Watch(games, kate_key, timeout=240)
    try:
        watch.next(pb.ACCOUNT_EVENT_KIND_GAME_STARTED, game.game_id)
        for seat in game.seats:  # the table's bot plays both seats to the end
            games.stub.Resign(pb.ResignRequest(game_id=game.game_id, token=seat.token), timeout=10)
        finished = watch.next(pb.ACCOUNT_EVENT_KIND_GAME_FINISHED, game.game_id)
        assert finished.game.status == pb.GAME_STATUS_FINISHED
        assert finished.game.HasField("result") and len(finished.game.result.scores) == 2
    finally:
        watch.close()
    listed = my_games(games, kate_key, include_ended=True)
    assert [(g.game_id, g.status) for g in listed.games] == [
        (game.game_id, pb.GAME_STATUS_FINISHED)
    ]


def test_a_resigned_seat_gets_no_turns(games: OlympusClient, redis_url: str) -> None:
    mia, mia_key, _ = account(redis_url, "watch-mia")
    game = seated_game(games, [mia, account(redis_url, "watch-ned")[0]], seed=24)
    games.stub.Resign(pb.ResignRequest(game_id=game.game_id, token=game.seats[0].token), timeout=10)
    watch = Watch(games, mia_key)
    try:
        watch.next(pb.ACCOUNT_EVENT_KIND_GAME_STARTED, game.game_id)
        for _ in range(3):  # the table plays seat 0 now: beats only, no YOUR_TURN
            event = watch.next()
            assert event.kind in (pb.ACCOUNT_EVENT_KIND_HEARTBEAT,), event
    finally:
        watch.close()


@pytest.mark.parametrize(
    ("operator", "code", "reason"),
    [
        ("revoke", grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED"),
        ("disable", grpc.StatusCode.PERMISSION_DENIED, "ACCOUNT_DISABLED"),
    ],
)
def test_revoking_the_key_or_disabling_the_account_ends_its_stream(
    games: OlympusClient, redis_url: str, operator: str, code: grpc.StatusCode, reason: str
) -> None:
    name = f"watch-{operator}"
    _, key, key_id = account(redis_url, name)
    watch = Watch(games, key)
    watch.next(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)
    args = [name, key_id] if operator == "revoke" else [name]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "olympus.cli",
            "accounts",
            operator,
            *args,
            "--redis-url",
            redis_url,
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    with pytest.raises(grpc.RpcError) as caught:
        watch.next(pb.ACCOUNT_EVENT_KIND_GAME_STARTED)  # nothing comes: the stream ends
    assert (caught.value.code(), error_details(caught.value)[0]) == (code, reason)


def test_an_account_holds_at_most_sixteen_streams(games: OlympusClient, redis_url: str) -> None:
    key = account(redis_url, "watch-many")[1]
    open_ = [Watch(games, key) for _ in range(16)]
    try:
        for watch in open_:
            watch.next(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)  # each is open on the server
        extra = Watch(games, key)
        code, reason = refusal(lambda: extra.next())
        assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS")
        open_[0].close()
        time.sleep(0.5)  # the server sees the cancel
        again = Watch(games, key)
        again.next(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)
        open_.append(again)
    finally:
        for watch in open_:
            watch.close()
