"""External bots on a named ladder: an operator opens the ladder (`olympus ladder start NAME
--open`), a bot written only against the protos queues with a ladder ticket
(MatchFormat.ladder), beat's scheduler seats it with the built-in bots, and WatchTicket hands it
the game; its results are rated in the ladder's queue. A seat that stops answering loses by the
table's policy (the ladder's clock), and the game still ends rated. Bad ladder tickets are
refused and leave nothing behind."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis.asyncio as aioredis

from olympus.gamestate.chosen import derived_game_id
from olympus.ladder.schedule import LadderScheduler
from olympus.ladder.store import LadderStore
from olympus.matchmaking.formats import ladder_format
from olympus.matchmaking.store import MatchStore, ticket_key
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import Unavailable
from olympus.scoring.service import Scoring
from olympus.scoring.store import ScoringStore
from olympus.v1 import game_pb2, game_pb2_grpc
from olympus.v1 import matchmaking_pb2 as mm
from services import ServiceProcess, create_account, running_service, running_workers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "matchmaking"))

from mm_support import enqueue, get, make_players, refusal, stub, sync_redis, until

BOT = Path(__file__).with_name("external_bot.py")


def ladder(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "ladder", *args, "--redis-url", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def board(url: str, name: str) -> dict[str, dict[str, Any]]:
    done = ladder(url, "show", name, "--json")
    assert done.returncode == 0, done.stderr
    return {row["bot"]: row for row in json.loads(done.stdout)["leaderboard"]}


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[tuple[str, ServiceProcess, ServiceProcess]]:
    url = own_redis.url
    with (
        running_workers(url),
        running_service("gamestate", "--redis-url", url, "--quotas", "off") as games,
        running_service(
            "matchmaking", "--redis-url", url, "--gamestate-address", games.address
        ) as matchmaking,
    ):
        yield url, games, matchmaking


def test_an_external_bot_plays_ladder_games_and_is_rated_in_the_ladder(
    stack: tuple[str, ServiceProcess, ServiceProcess],
) -> None:
    url, games, matchmaking = stack
    opened = ladder(
        url, "start", "open-ladder", "--bots", "passive,random", "--open",
        "--decision-seconds", "60", "--concurrent", "2",
    )  # fmt: skip
    assert opened.returncode == 0, opened.stderr
    made = create_account(url, "outside-ladder-bot", "play,ladder")
    played = subprocess.run(
        [
            sys.executable,
            str(BOT),
            matchmaking.address,
            games.address,
            made["key"],
            "2",
            json.dumps({"ladder": "open-ladder"}),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    rows = [json.loads(line) for line in played.stdout.splitlines()]
    assert len(rows) == 2 and len({r["game_id"] for r in rows}) == 2
    with grpc.insecure_channel(games.address) as channel:
        stub_ = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        for row in rows:
            view = stub_.GetGame(game_pb2.GetGameRequest(game_id=row["game_id"])).game
            assert view.status == game_pb2.GAME_STATUS_FINISHED
            # The ladder's table: the external bot and one built-in bot, on the ladder's clock.
            seats = view.settings.seats
            assert [s.name for s in seats if not s.bot] == ["outside-ladder-bot"]
            assert {s.bot for s in seats if s.bot} <= {"passive", "random"}
            assert view.settings.time_control.decision_seconds == 60
            log = stub_.GetGameLog(game_pb2.GetGameLogRequest(game_id=row["game_id"]))
            mine = [a for a in log.answers if a.seat == row["seat"]]
            assert len(mine) == row["answers"] > 0
            assert not any(a.bot or a.timed_out for a in mine)
    # Both games rated in the ladder's queue for the bot's account, once each.
    account = made["account_id"]
    rated = until(
        lambda: board(url, "open-ladder").get(account, {}).get("games") == 2 or None,
        "the external bot rated twice",
        timeout=60,
    )
    assert rated


def test_a_silent_external_bot_loses_by_the_clock_and_the_game_is_still_rated(
    stack: tuple[str, ServiceProcess, ServiceProcess],
) -> None:
    url, games, matchmaking = stack
    opened = ladder(
        url, "start", "clocked", "--bots", "passive,random", "--open", "--decision-seconds", "1",
        "--concurrent", "1",
    )  # fmt: skip
    assert opened.returncode == 0, opened.stderr
    (silent,) = make_players(url, 1, scopes=("play", "ladder"))
    s = stub(matchmaking.address)
    ticket = enqueue(s, silent, mm.MatchFormat(ladder="clocked"))
    assert ticket.format.ladder == "clocked" and ticket.format.rated
    done = until(
        lambda: (t := get(s, silent, ticket.ticket_id)).status == mm.TICKET_STATUS_MATCHED and t,
        "the ladder ticket seated",
        timeout=60,
    )
    # The table was made from the request stored with its claim (its id is the match's): had
    # the tick died before the assignment, the matchmaking recovery would have sent it again.
    mid = sync_redis(url).hget(ticket_key(ticket.ticket_id), "match").decode()
    assert done.game_id == derived_game_id("", mid)
    with grpc.insecure_channel(games.address) as channel:
        stub_ = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]

        def finished() -> bool:
            view = stub_.GetGame(game_pb2.GetGameRequest(game_id=done.game_id)).game
            return view.status == game_pb2.GAME_STATUS_FINISHED

        until(finished, "the silent bot's game finished", timeout=240)
        log = stub_.GetGameLog(game_pb2.GetGameLogRequest(game_id=done.game_id))
        theirs = [a for a in log.answers if a.seat == done.seat]
        # Three timeouts, then the bot played the seat for the rest of the game.
        assert [a.timed_out for a in theirs[:3]] == [True, True, True]
        assert all(a.bot for a in theirs[3:]) and len(theirs) > 3
    rated = until(
        lambda: board(url, "clocked").get(silent.account_id, {}).get("games") == 1 or None,
        "the silent bot's game rated",
        timeout=60,
    )
    assert rated


def test_bad_ladder_tickets_are_refused_and_leave_nothing(
    stack: tuple[str, ServiceProcess, ServiceProcess],
) -> None:
    url, _, matchmaking = stack
    assert ladder(url, "start", "closed", "--bots", "passive,random").returncode == 0
    s = stub(matchmaking.address)
    bot, other = make_players(url, 2, scopes=("play", "ladder"))
    (player,) = make_players(url, 1, scopes=("play",))

    def enq(who: Any, fmt: mm.MatchFormat) -> object:
        return s.Enqueue(mm.EnqueueRequest(format=fmt), metadata=who.auth, timeout=10)

    closed = (grpc.StatusCode.NOT_FOUND, "LADDER_CLOSED")
    assert refusal(lambda: enq(bot, mm.MatchFormat(ladder="nonesuch"))) == closed
    assert refusal(lambda: enq(bot, mm.MatchFormat(ladder="closed"))) == closed  # not --open
    assert refusal(lambda: enq(player, mm.MatchFormat(ladder="closed"))) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "SCOPE_REQUIRED",
    )
    invalid = (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_FORMAT")
    for bad in (
        mm.MatchFormat(ladder="open ladder!"),
        mm.MatchFormat(ladder="closed", players=2),
        mm.MatchFormat(ladder="closed", rated=True),
        mm.MatchFormat(ladder="closed", time_control=game_pb2.TimeControl(decision_seconds=5)),
    ):
        assert refusal(lambda bad=bad: enq(bot, bad)) == invalid, bad
    r = sync_redis(url)
    assert r.get(f"olympus:mm:acct:{{a:{bot.account_id}}}:ticket") is None
    # A stopped ladder takes no tickets either.
    opened = ladder(url, "start", "stopped", "--bots", "passive,random", "--open")
    assert opened.returncode == 0
    assert ladder(url, "stop", "stopped").returncode == 0
    assert refusal(lambda: enq(other, mm.MatchFormat(ladder="stopped"))) == closed
    assert r.get(f"olympus:mm:acct:{{a:{other.account_id}}}:ticket") is None


class _GameServiceDown:
    """The game service's path failing as Redis out of reach does (UNAVAILABLE): the tick dies
    between its claim and the game."""

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        raise Unavailable("injected: Redis out of reach", reason="STORAGE_UNAVAILABLE")


def test_a_ladder_table_whose_tick_died_is_made_by_recovery_and_still_rated(
    stack: tuple[str, ServiceProcess, ServiceProcess],
) -> None:
    url, games, _ = stack
    # A stopped ladder: beat settles its listed games but seats nobody (the tick below does).
    opened = ladder(
        url, "start", "crashy", "--bots", "passive,random", "--open", "--decision-seconds", "1"
    )
    assert opened.returncode == 0 and ladder(url, "stop", "crashy").returncode == 0
    (bot,) = make_players(url, 1, scopes=("play", "ladder"))

    async def dying_tick() -> tuple[str, str]:
        redis = aioredis.Redis.from_url(url)
        try:
            tickets = MatchStore(redis)
            row = await tickets.enqueue(bot.account_id, "crash-bot", ladder_format("crashy"))
            scheduler = LadderScheduler(
                LadderStore(redis),
                _GameServiceDown(),  # type: ignore[arg-type]
                Scoring(ScoringStore(redis)),
                tickets,
            )
            spec = await scheduler.store.spec("crashy")
            waiting = await scheduler._waiting(spec)
            entry = f"acct:{bot.account_id}"
            with pytest.raises(Unavailable):
                await scheduler._start(spec, ["bot:random", entry], {entry: waiting[entry]})
            # (beat may have started games of the ladder before it was stopped: find ours)
            listed = await scheduler.store.running("crashy")
            ours = [game for game, table in listed.items() if entry in table]
            assert len(ours) == 1
            return row.ticket_id, ours[0]
        finally:
            await redis.aclose()

    ticket_id, listed_game = asyncio.run(dying_tick())
    s = stub(stack[2].address)
    # The matchmaking service's recovery makes that very game after the claim's lease...
    done = until(
        lambda: (t := get(s, bot, ticket_id)).status == mm.TICKET_STATUS_MATCHED and t,
        "the claimed ladder table made by recovery",
        timeout=90,
    )
    assert done.game_id == listed_game
    # ...nobody plays the external seat: the clock and the bot finish it, and it is rated.
    rated = until(
        lambda: board(url, "crashy").get(bot.account_id, {}).get("games") == 1 or None,
        "the recovered ladder game rated",
        timeout=240,
    )
    assert rated
    with grpc.insecure_channel(games.address) as channel:
        stub_ = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        view = stub_.GetGame(game_pb2.GetGameRequest(game_id=listed_game)).game
        assert view.status == game_pb2.GAME_STATUS_FINISHED
