"""A ladder's table: its modules (Prelude, Colonies, Venus Next and its World Government
Terraforming) and its map are the ladder's own. Every game it makes is made with them (the game
service's GetGame says so), its bots play those games to the end and they are rated; a running
ladder is never changed to another table. Options the game service would refuse are refused
with the game service's reasons and store nothing; a ladder stored before the options existed
reads (and is written back) as it was."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis.asyncio as aioredis
from ladder_support import LadderStack, ladder_stack, wait_for

from olympus.ladder.store import LADDERS, LadderStore
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2, game_pb2_grpc, ladder_pb2, ladder_pb2_grpc


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[LadderStack]:
    with ladder_stack(own_redis.url) as s:
        yield s


@pytest.fixture
def ladders(stack: LadderStack) -> Iterator[Any]:
    with grpc.insecure_channel(stack.platform.address("ladder")) as channel:
        yield ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]


def admin(stack: LadderStack) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {stack.admin}"),)


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    return err.code(), error_details(err)[0]


def test_a_venus_colonies_prelude_ladder_on_hellas_makes_such_games_and_rates_them(
    stack: LadderStack, ladders: Any
) -> None:
    made = stack.cli(
        "start", "venus-hellas", "--bots", "passive,random", "--concurrent", "2",
        "--max-games", "2", "--venus", "--colonies", "--prelude", "--map", "hellas",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "hellas, Corporate Era, Prelude, Colonies, Venus Next" in made.stdout
    shown = ladders.GetLadder(ladder_pb2.GetLadderRequest(name="venus-hellas"), timeout=10)
    assert (shown.venus, shown.colonies, shown.prelude, shown.map) == (True, True, True, "hellas")
    assert shown.world_government  # unset: on with Venus, as the game service has it
    listed = {
        row.name: row
        for row in ladders.ListLadders(ladder_pb2.ListLaddersRequest(), timeout=10).ladders
    }
    assert listed["venus-hellas"] == shown
    # Running, it is never changed to another table: the same spec without Venus is refused.
    again = ladder_pb2.CreateLadderRequest(
        name="venus-hellas", bots=["passive", "random"], concurrent=2, max_games=2,
        colonies=True, prelude=True, map="hellas",
    )  # fmt: skip
    code, reason = refusal(lambda: ladders.CreateLadder(again, metadata=admin(stack), timeout=10))
    assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "ALREADY_EXISTS")
    again.venus = True  # the very same table: returned as it is
    assert ladders.CreateLadder(again, metadata=admin(stack), timeout=10).map == "hellas"

    done = wait_for(
        "2 rated games", lambda: (s := stack.show("venus-hellas"))["finished"] >= 2 and s
    )
    assert done["state"] == "stopped" and done["started"] == 2 and done["aborted"] == 0
    assert sum(r["games"] for r in done["leaderboard"]) == 4  # both games rated, both seats
    assert (done["venus"], done["world_government"], done["map"]) == (True, True, "hellas")
    page = ladders.ListLadderGames(
        ladder_pb2.ListLadderGamesRequest(name="venus-hellas"), timeout=10
    )
    assert len(page.games) == 2
    with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        for game in page.games:
            assert game.state == ladder_pb2.LADDER_GAME_STATE_FINISHED
            view = games.GetGame(game_pb2.GetGameRequest(game_id=game.game_id), timeout=10).game
            assert view.status == game_pb2.GAME_STATUS_FINISHED
            o = view.settings.options
            assert (o.venus, o.colonies, o.prelude, o.map) == (True, True, True, "hellas")
            assert o.world_government and o.corporate_era
            assert view.settings.rated_queue == "venus-hellas"
            assert view.HasField("venus")  # the Venus scale: played as a Venus Next game


def test_world_government_can_be_turned_off_and_the_games_follow(
    stack: LadderStack, ladders: Any
) -> None:
    made = stack.cli(
        "start", "venus-no-wgt", "--bots", "passive,random", "--concurrent", "1",
        "--venus", "--no-world-government", "--map", "elysium",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    try:
        shown = stack.show("venus-no-wgt")
        assert (shown["venus"], shown["world_government"], shown["map"]) == (
            True, False, "elysium",
        )  # fmt: skip
        # The game it made carries the ladder's table (checked as soon as it exists).
        page = wait_for(
            "the ladder's first game",
            lambda: (
                ladders.ListLadderGames(
                    ladder_pb2.ListLadderGamesRequest(name="venus-no-wgt"), timeout=10
                ).games
            ),
        )
        with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
            games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            view = games.GetGame(game_pb2.GetGameRequest(game_id=page[0].game_id)).game
        o = view.settings.options
        assert (o.venus, o.world_government, o.map) == (True, False, "elysium")
        assert not o.prelude and not o.colonies
    finally:
        assert stack.cli("stop", "venus-no-wgt").returncode == 0


def test_options_the_game_service_refuses_are_refused_with_its_reasons_and_store_nothing(
    stack: LadderStack, ladders: Any
) -> None:
    bad = {
        "wgt-without-venus": (
            ladder_pb2.CreateLadderRequest(
                name="wgt-without-venus", bots=["passive", "random"], world_government=True
            ),
            "INVALID_OPTIONS",
        ),
        "no-such-map": (
            ladder_pb2.CreateLadderRequest(
                name="no-such-map", bots=["passive", "random"], venus=True, map="olympus_mons"
            ),
            "UNKNOWN_MAP",
        ),
    }
    for name, (request, expected) in bad.items():
        code, reason = refusal(
            lambda r=request: ladders.CreateLadder(r, metadata=admin(stack), timeout=10)
        )
        assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, expected), name
        code, reason = refusal(
            lambda n=name: ladders.GetLadder(ladder_pb2.GetLadderRequest(name=n), timeout=10)
        )
        assert reason == "LADDER_NOT_FOUND", name
    names = {r.name for r in ladders.ListLadders(ladder_pb2.ListLaddersRequest()).ladders}
    assert not names & set(bad)
    # The CLI says the same, as a usage error.
    cli = stack.cli("start", "no-such-map", "--bots", "passive,random", "--map", "olympus_mons")
    assert cli.returncode == 2 and "UNKNOWN_MAP" in cli.stderr and "hellas" in cli.stderr
    cli = stack.cli(
        "start", "wgt-without-venus", "--bots", "passive,random", "--no-world-government"
    )
    assert cli.returncode == 0, cli.stderr  # off without Venus is what a table has anyway
    assert stack.show("wgt-without-venus")["world_government"] is False
    assert stack.cli("stop", "wgt-without-venus").returncode == 0


OLD_SPEC = (
    b'{"name":"old-ladder","bots":["passive","random"],"players":[2],"concurrent":2,'
    b'"corporate_era":false,"open":false,"decision_seconds":0,"max_games":5}'
)


def test_a_ladder_stored_before_the_options_reads_and_is_written_as_it_was(
    stack: LadderStack, ladders: Any
) -> None:
    key = "olympus:ladder:{l:old-ladder}"

    async def stored(write: bool) -> bytes:
        redis = aioredis.Redis.from_url(stack.platform.redis_url)
        try:
            if write:  # as the ladder service wrote it before the table's modules existed
                await redis.hset(key, mapping={"spec": OLD_SPEC, "state": "stopped"})
                await redis.sadd(LADDERS, "old-ladder")
            raw = await redis.hget(key, "spec")
            assert isinstance(raw, bytes)
            row = await LadderStore(redis).row("old-ladder")
            assert row.spec.to_json() == raw  # read and written back byte for byte
            return raw
        finally:
            await redis.aclose()

    assert asyncio.run(stored(write=True)) == OLD_SPEC
    old = ladders.GetLadder(ladder_pb2.GetLadderRequest(name="old-ladder"), timeout=10)
    assert (old.prelude, old.colonies, old.venus, old.world_government) == (False,) * 4
    assert old.map == "tharsis" and not old.corporate_era and old.max_games == 5
    assert old.state == ladder_pb2.LADDER_STATE_STOPPED
    # Opening and closing it keeps its spec as it was stored.
    for opened in (True, False):
        ladders.SetLadderOpen(
            ladder_pb2.SetLadderOpenRequest(name="old-ladder", open=opened),
            metadata=admin(stack),
            timeout=10,
        )
    assert asyncio.run(stored(write=False)) == OLD_SPEC
