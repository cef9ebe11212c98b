"""External bots on a named ladder: an operator opens the ladder (`olympus ladder start NAME
--open`), a bot written only against the protos queues with a ladder ticket
(MatchFormat.ladder), the ladder service pairs it with the built-in bots and has matchmaking
seat it (SeatLadderTable), and WatchTicket hands it the game; its results are rated in the
ladder's queue. A seat that stops answering loses by the table's policy (the ladder's clock),
and the game still ends rated. Bad ladder tickets are refused and leave nothing behind; a table
a dying tick left half-made is made by the next tick, once."""

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
from ladder_support import LadderStack, ladder_stack, wait_for

from olympus.ladder.schedule import _table
from olympus.ladder.store import LadderSpec, LadderStore
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import error_details
from olympus.v1 import (
    game_pb2,
    game_pb2_grpc,
    ladder_pb2,
    ladder_pb2_grpc,
    matchmaking_pb2 as mm,
    matchmaking_pb2_grpc,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "matchmaking"))

from mm_support import Player, enqueue, get, stub, sync_redis, until

BOT = Path(__file__).with_name("external_bot.py")


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[LadderStack]:
    with ladder_stack(own_redis.url) as s:
        yield s


@pytest.fixture(autouse=True)
def _ladders_stopped_after(stack: LadderStack) -> Iterator[None]:
    """Each test's ladders are stopped when it ends: a running ladder plays game after game,
    which on the module's one worker would slow the clocks of the next tests' games."""
    yield
    with grpc.insecure_channel(stack.platform.address("ladder")) as channel:
        ladders = ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]
        admin = (("authorization", f"Bearer {stack.admin}"),)
        for row in ladders.ListLadders(ladder_pb2.ListLaddersRequest(), timeout=30).ladders:
            if row.state == ladder_pb2.LADDER_STATE_RUNNING:
                ladders.StopLadder(
                    ladder_pb2.StopLadderRequest(name=row.name), metadata=admin, timeout=30
                )


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    return err.code(), error_details(err)[0]


def bot_player(stack: LadderStack, scopes: tuple[str, ...] = ("play", "ladder")) -> Player:
    account, key = stack.platform.account(scopes=list(scopes))
    return Player(account, key, "")


def test_an_external_bot_plays_ladder_games_and_is_rated_in_the_ladder(
    stack: LadderStack,
) -> None:
    opened = stack.cli(
        "start", "open-ladder", "--bots", "passive,random", "--open",
        "--decision-seconds", "60", "--concurrent", "2",
    )  # fmt: skip
    assert opened.returncode == 0, opened.stderr
    account, key = stack.platform.account("outside-ladder-bot", ["play", "ladder"])
    played = subprocess.run(
        [
            sys.executable,
            str(BOT),
            stack.platform.address("matchmaking"),
            stack.platform.address("gamestate"),
            key,
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
    with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        for row in rows:
            view = games.GetGame(game_pb2.GetGameRequest(game_id=row["game_id"])).game
            assert view.status == game_pb2.GAME_STATUS_FINISHED
            # The ladder's table: the external bot and one built-in bot, on the ladder's clock,
            # rated in the ladder's queue with the bot's account at its seat.
            seats = view.settings.seats
            assert [s.name for s in seats if not s.bot] == ["outside-ladder-bot"]
            assert [s.account_id for s in seats if not s.bot] == [account]
            assert {s.bot for s in seats if s.bot} <= {"passive", "random"}
            assert view.settings.time_control.decision_seconds == 60
            assert view.settings.rated_queue == "open-ladder"
            log = games.GetGameLog(game_pb2.GetGameLogRequest(game_id=row["game_id"]))
            mine = [a for a in log.answers if a.seat == row["seat"]]
            assert len(mine) == row["answers"] > 0
            assert not any(a.bot or a.timed_out for a in mine)
    rated = wait_for(
        "the external bot rated twice",
        lambda: stack.board("open-ladder").get(account, {}).get("games") == 2,
        timeout=60,
    )
    assert rated


def test_a_silent_external_bot_loses_by_the_clock_and_the_game_is_still_rated(
    stack: LadderStack,
) -> None:
    opened = stack.cli(
        "start", "clocked", "--bots", "passive,random", "--open", "--decision-seconds", "1",
        "--concurrent", "1",
    )  # fmt: skip
    assert opened.returncode == 0, opened.stderr
    silent = bot_player(stack)
    s = stub(stack.platform.address("matchmaking"))
    ticket = enqueue(s, silent, mm.MatchFormat(ladder="clocked"))
    assert ticket.format.ladder == "clocked" and ticket.rated_queue == "clocked"
    done = until(
        lambda: (t := get(s, silent, ticket.ticket_id)).status == mm.TICKET_STATUS_MATCHED and t,
        "the ladder ticket seated",
        timeout=60,
    )
    with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]

        def finished() -> bool:
            view = games.GetGame(game_pb2.GetGameRequest(game_id=done.game_id)).game
            return view.status == game_pb2.GAME_STATUS_FINISHED

        until(finished, "the silent bot's game finished", timeout=240)
        log = games.GetGameLog(game_pb2.GetGameLogRequest(game_id=done.game_id))
        theirs = [a for a in log.answers if a.seat == done.seat]
        # Three timeouts, then the bot played the seat for the rest of the game.
        assert [a.timed_out for a in theirs[:3]] == [True, True, True]
        assert all(a.bot for a in theirs[3:]) and len(theirs) > 3
    rated = wait_for(
        "the silent bot's game rated",
        lambda: stack.board("clocked").get(silent.account_id, {}).get("games") == 1,
        timeout=60,
    )
    assert rated


def test_bad_ladder_tickets_are_refused_and_leave_nothing(stack: LadderStack) -> None:
    assert stack.cli("start", "closed", "--bots", "passive,random").returncode == 0
    s = stub(stack.platform.address("matchmaking"))
    bot, other = bot_player(stack), bot_player(stack)
    player = bot_player(stack, ("play",))

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
    r = sync_redis(stack.platform.redis_url)
    assert r.get(f"olympus:mm:acct:{{a:{bot.account_id}}}:ticket") is None
    # A stopped ladder takes no tickets either (matchmaking hears it within seconds).
    assert stack.cli("start", "stopped", "--bots", "passive,random", "--open").returncode == 0
    assert stack.cli("stop", "stopped").returncode == 0
    wait_for(
        "the stopped ladder refused",
        lambda: _refused(lambda: enq(other, mm.MatchFormat(ladder="stopped"))) == closed,
        timeout=10,
    )
    assert r.get(f"olympus:mm:acct:{{a:{other.account_id}}}:ticket") is None
    # Seating ladder tickets is the ladder service's alone.
    table = mm.SeatLadderTableRequest(ladder="closed", match_id="0" * 16)
    assert refusal(lambda: s.SeatLadderTable(table, metadata=bot.auth)) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "SERVICE_ONLY",
    )
    assert refusal(
        lambda: s.ListLadderTickets(mm.ListLadderTicketsRequest(ladder="closed"), metadata=bot.auth)
    ) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_ONLY")


def _refused(call: Any) -> tuple[grpc.StatusCode, str] | None:
    try:
        call()
    except grpc.RpcError as exc:
        return exc.code(), error_details(exc)[0]  # type: ignore[attr-defined]
    return None


def test_a_table_a_dying_tick_left_is_made_once_and_rated(stack: LadderStack) -> None:
    """A tick writes the table it chose as pending, then dies before (or while) asking for it:
    the next tick asks again with the same match id, and matchmaking answers with the one game
    it makes. Asked again after that, the same game; a ticket seated already is taken."""
    # The ladder's one table is taken by a game of its bots, so it seats no ticket; stopped, it
    # starts nothing more: the dying tick below is then the only one to seat the ticket. A bots'
    # game can end (seconds, on a quick machine) between the Enqueue and the stop, and then the
    # ladder seats the ticket itself: that try proves nothing, so it is made again on a new
    # ladder with a new bot.
    for attempt in range(5):
        name = f"crashy-{attempt}"
        assert stack.cli(
            "start", name, "--bots", "passive,random", "--open", "--decision-seconds", "1",
            "--concurrent", "1",
        ).returncode == 0  # fmt: skip
        wait_for(
            "the ladder's first game", lambda n=name: stack.show(n)["running"] == 1, timeout=30
        )
        bot = bot_player(stack)
        s = stub(stack.platform.address("matchmaking"))
        ticket = enqueue(s, bot, mm.MatchFormat(ladder=name))
        with grpc.insecure_channel(stack.platform.address("ladder")) as channel:
            ladders = ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]
            admin = (("authorization", f"Bearer {stack.admin}"),)
            ladders.StopLadder(ladder_pb2.StopLadderRequest(name=name), metadata=admin)
        if get(s, bot, ticket.ticket_id).status == mm.TICKET_STATUS_WAITING:
            break
    else:
        pytest.fail("every try's bots' game ended before its ladder was stopped")
    spec = LadderSpec(name, ("passive", "random"), decision_seconds=1)
    table = _table(spec, ["bot:random", bot.account_id], {ticket.ticket_id: 1})

    async def dying_tick() -> None:
        redis = aioredis.Redis.from_url(stack.platform.redis_url)
        try:
            await LadderStore(redis).add_pending(name, table)
        finally:
            await redis.aclose()

    asyncio.run(dying_tick())
    done = until(
        lambda: (t := get(s, bot, ticket.ticket_id)).status == mm.TICKET_STATUS_MATCHED and t,
        "the pending table made by the next tick",
        timeout=60,
    )
    request = game_pb2.CreateGameRequest.FromString(table.request)
    with grpc.insecure_channel(stack.platform.address("matchmaking")) as channel:
        service = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)  # type: ignore[no-untyped-call]
        key = (("authorization", f"Bearer {stack.platform.service_key}"),)
        again = service.SeatLadderTable(
            mm.SeatLadderTableRequest(
                ladder=name,
                match_id=table.match_id,
                game=request,
                tickets=[mm.TableTicket(ticket_id=ticket.ticket_id, seat=1)],
            ),
            metadata=key,
        )
        assert again.game_id == done.game_id  # the same game, not a second
        other = mm.SeatLadderTableRequest(
            ladder=name,
            match_id="f" * 16,
            game=request,
            tickets=[mm.TableTicket(ticket_id=ticket.ticket_id, seat=1)],
        )
        assert refusal(lambda: service.SeatLadderTable(other, metadata=key)) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "TICKETS_TAKEN",
        )
    try:
        wait_for(
            "the recovered ladder game rated",
            lambda: stack.board(name).get(bot.account_id, {}).get("games") == 1,
            timeout=240,
        )
    except AssertionError:
        with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
            games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            view = games.GetGame(game_pb2.GetGameRequest(game_id=done.game_id), timeout=10).game
        seen = {"status": view.status, "generation": view.generation, "version": view.version}
        raise AssertionError(f"not rated: the game {seen}, the ladder {stack.show(name)}") from None
