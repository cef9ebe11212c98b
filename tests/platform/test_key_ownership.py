"""Each service owns its keys: the whole platform on one Redis, every command it sends watched
(MONITOR), while a player signs up, plays an anonymous and a rated matchmaking game, a ladder
plays, scores are read and a key is revoked. Every key a service's connections name must carry
a prefix that service owns (its connections are named: CLIENT SETNAME). A service reading or
writing another's keys fails this test, whatever module did it."""

from __future__ import annotations

import re
import threading
import time
from collections import defaultdict
from collections.abc import Iterator

import grpc
import pytest
import redis
from platform_stack import Platform, platform

from olympus.platform.embedded_redis import RedisUnavailable, embedded_redis
from olympus.v1 import (
    accounts_pb2,
    accounts_pb2_grpc,
    game_pb2,
    game_pb2_grpc,
    ladder_pb2,
    ladder_pb2_grpc,
    matchmaking_pb2,
    matchmaking_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
)

# Who owns which keys (and pub/sub channels), by prefix.
OWNED = {
    "accounts": ("olympus:acct:", "olympus:apikey:", "olympus:acctname:"),
    "gamestate": ("olympus:{g:", "olympus:token:", "olympus:games:", "olympus:timers:"),
    "matchmaking": ("olympus:mm:",),
    "scoring": ("olympus:scoring:",),
    "ladder": ("olympus:ladder:", "olympus:ladders"),
    "web": ("olympus:web:",),
}
# A connection's name (CLIENT SETNAME) says whose it is; the workers are the game service's.
NAMES = {
    "olympus-accounts": "accounts",
    "olympus-gamestate": "gamestate",
    "olympus-worker": "gamestate",
    "olympus-matchmaking": "matchmaking",
    "olympus-scoring": "scoring",
    "olympus-ladder": "ladder",
    "olympus-web": "web",
}
# Celery's broker connections (kombu, unnamed): the task queues only.
BROKER = ("_kombu.", "unacked", "olympus.bots", "olympus.clock", "olympus.webhooks", "celery")
KEYLIKE = re.compile(r"^(olympus[:.]|_kombu\.|unacked|celery)")
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
LINE = re.compile(r"^\S+ \[\d+ (\S+)\] (.*)$")


def owner_of(name: str) -> str:
    for prefix, owner in NAMES.items():
        if name == prefix or name.startswith(prefix + "-"):
            return owner
    return ""


class Monitor:
    """Every command the Redis runs, by connection, from a thread of its own."""

    def __init__(self, url: str) -> None:
        self.conn = redis.Redis.from_url(url)
        self.lines: list[tuple[str, list[str]]] = []
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.started = threading.Event()

    def __enter__(self) -> Monitor:
        self.thread.start()
        self.started.wait(10)
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping = True
        self.conn.ping()  # one more line, so the reader wakes and sees it is stopping
        self.thread.join(10)

    def _run(self) -> None:
        connection = self.conn.connection_pool.get_connection()
        connection.send_command("MONITOR")
        connection.read_response()
        self.started.set()
        while not self.stopping:
            raw = connection.read_response()
            text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
            match = LINE.match(text)
            if match:
                args = [a.encode().decode("unicode_escape") for a in QUOTED.findall(match[2])]
                self.lines.append((match[1], args))


def exercise(stack: Platform) -> None:
    """Everything a platform does in a day, quickly."""
    auth_of = lambda key: (("authorization", f"Bearer {key}"),)  # noqa: E731
    accounts = accounts_pb2_grpc.AccountServiceStub(
        grpc.insecure_channel(stack.address("accounts"))
    )  # type: ignore[no-untyped-call]
    games = game_pb2_grpc.GameServiceStub(grpc.insecure_channel(stack.address("gamestate")))  # type: ignore[no-untyped-call]
    mm = matchmaking_pb2_grpc.MatchmakingServiceStub(
        grpc.insecure_channel(stack.address("matchmaking"))
    )  # type: ignore[no-untyped-call]
    scoring = scoring_pb2_grpc.ScoringServiceStub(grpc.insecure_channel(stack.address("scoring")))  # type: ignore[no-untyped-call]
    ladders = ladder_pb2_grpc.LadderServiceStub(grpc.insecure_channel(stack.address("ladder")))  # type: ignore[no-untyped-call]
    _, admin = stack.account("owner-admin", ["admin"])
    guest = accounts.CreateGuestAccount(accounts_pb2.CreateGuestAccountRequest(), timeout=10)
    key = guest.key
    accounts.WhoAmI(accounts_pb2.AccountServiceWhoAmIRequest(), metadata=auth_of(key))
    # Its matched game's turns and end go to a webhook (nothing listens there: the workers
    # keep the deliveries and try them again, in keys of their own).
    accounts.SetWebhook(
        accounts_pb2.SetWebhookRequest(url="http://127.0.0.1:9/olympus"), metadata=auth_of(key)
    )
    made = games.CreateGame(
        game_pb2.CreateGameRequest(
            options=game_pb2.GameOptions(players=2),
            seats=[game_pb2.SeatSpec(kind=game_pb2.SEAT_KIND_BOT)] * 2,
        ),
        metadata=auth_of(key),
        timeout=10,
    )
    ticket = mm.Enqueue(
        matchmaking_pb2.EnqueueRequest(format=matchmaking_pb2.MatchFormat(players=2, rated=True)),
        metadata=auth_of(key),
        timeout=10,
    ).ticket
    stream = mm.WatchTicket(
        matchmaking_pb2.WatchTicketRequest(ticket_id=ticket.ticket_id), metadata=auth_of(key)
    )
    matched = next(t for t in stream if t.status == matchmaking_pb2.TICKET_STATUS_MATCHED)
    games.Resign(game_pb2.ResignRequest(game_id=matched.game_id, token=matched.seat_token))
    ladders.CreateLadder(
        ladder_pb2.CreateLadderRequest(name="owners", bots=["random", "passive"], max_games=1),
        metadata=auth_of(admin),
        timeout=10,
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        done = ladders.GetLadder(ladder_pb2.GetLadderRequest(name="owners")).games_finished
        try:
            rated = scoring.GetRating(
                scoring_pb2.GetRatingRequest(
                    queue=matched.rated_queue, player=guest.account.account_id
                )
            ).rating.games
        except grpc.RpcError:
            rated = 0
        if done >= 1 and rated >= 1:
            break
        time.sleep(0.3)
    else:
        raise AssertionError("the ladder game and the rated game were never both rated")
    scoring.GetLiveScore(scoring_pb2.GetLiveScoreRequest(game_id=made.game_id))
    ladders.GetStandings(ladder_pb2.GetStandingsRequest(name="owners"))
    accounts.RevokeKey(
        accounts_pb2.RevokeKeyRequest(key_id=guest.key_info.key_id), metadata=auth_of(key)
    )
    time.sleep(1.0)  # the revocation reaches every service


@pytest.fixture(scope="module")
def watched() -> Iterator[list[tuple[str, list[str]]]]:
    try:
        with embedded_redis() as server:
            with (
                Monitor(server.url) as monitor,
                platform(
                    server.url,
                    ("gamestate", "catalogue", "scoring", "matchmaking", "ladder"),
                    args={
                        "gamestate": ("--quotas", "off"),
                        "matchmaking": ("--backfill-seconds", "0.5", "--match-interval", "0.05"),
                        "ladder": ("--tick-seconds", "0.3"),
                    },
                    workers=True,
                    worker_env={"OLYMPUS_REPORT_SECONDS": "0.3"},
                ) as stack,
            ):
                exercise(stack)
            yield monitor.lines
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


def test_every_service_touches_only_the_keys_it_owns(watched: list[tuple[str, list[str]]]) -> None:
    names: dict[str, str] = {}
    touched: dict[str, set[str]] = defaultdict(set)
    strays: list[str] = []
    for client, args in watched:
        if client == "lua":  # a script's own commands: its caller's line names the same keys
            continue
        if [a.upper() for a in args[:2]] == ["CLIENT", "SETNAME"]:
            names[client] = args[2]
            continue
        keys = [a for a in args[1:] if KEYLIKE.match(a)]
        if not keys:
            continue
        name = names.get(client, "")
        owner = owner_of(name)
        if owner:
            touched[owner].update(keys)
        elif name.startswith("test-") or name == "":
            if name == "" and not all(k.startswith(BROKER) for k in keys):
                strays.append(f"{client} (unnamed): {args[0]} {keys[:3]}")
        else:
            strays.append(f"{client} ({name}): {args[0]} {keys[:3]}")
    wrong = {
        owner: sorted(k for k in keys if not k.startswith(OWNED[owner]))
        for owner, keys in touched.items()
    }
    wrong = {owner: keys[:5] for owner, keys in wrong.items() if keys}
    assert wrong == {}, f"services touching keys they do not own: {wrong}"
    assert strays == [], f"connections not named for a service: {strays[:5]}"
    # the exercise reached every service's own keys (the test cannot pass by seeing nothing)
    for owner in ("accounts", "gamestate", "matchmaking", "scoring", "ladder"):
        assert touched[owner], f"no command of {owner} was seen"
