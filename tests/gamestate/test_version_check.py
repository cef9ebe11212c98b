"""A process parses a game again only when it changed elsewhere (issue 35): a load names the
state the process holds and Redis sends the stored one only when it is another. The held state
must never stand for a state another process made, an aborted or deleted game, or a write that
was not acknowledged. Two `Games` on one Redis, each with its own client, are two processes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager

import pytest

from olympus.engine import Game, GameOptions
from olympus.gamestate import held, store as st
from olympus.gamestate.core import Created, Games, unpack_blob
from olympus.gamestate.durability import NO_WAIT, Durability, NotReplicated
from olympus.gamestate.ending import Ending
from olympus.gamestate.meta import SeatMeta, TimeControl
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import Conflict, FailedPrecondition, NotFound, Unavailable
from olympus.platform.redis_pool import redis_client

OPTIONS = GameOptions(players=2, seed=11)
SEATS = [SeatMeta(0), SeatMeta(1)]


def _answers(count: int) -> list[tuple[int, str]]:
    """The first legal answers of OPTIONS' game (each seat's first pending decision)."""
    game = Game.new(OPTIONS)
    rnd = random.Random(5)
    out: list[tuple[int, str]] = []
    while len(out) < count:
        decision = game.decisions()[0]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out


ANSWERS = _answers(6)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many stored states the processes parsed (one entry per parse)."""
    counted: list[int] = []
    real = unpack_blob

    def counting(blob: bytes) -> object:
        counted.append(len(blob))
        return real(blob)

    monkeypatch.setattr(held, "unpack_blob", counting)
    yield counted


@asynccontextmanager
async def _process(url: str, durability: Durability = NO_WAIT) -> AsyncIterator[Games]:
    redis = redis_client(url, "olympus-test-version-check", 4, 5.0)
    store = st.GameStore(
        redis, st.DEFAULT_RETENTION_S, st.DEFAULT_IDEMPOTENCY_S, durability=durability
    )
    try:
        yield Games(store)
    finally:
        await store.close()
        await redis.aclose()


def _run(own_redis: EmbeddedRedis, test: Callable[[Games, Games], Awaitable[None]]) -> None:
    async def both() -> None:
        async with _process(own_redis.url) as one, _process(own_redis.url) as two:
            await test(one, two)

    asyncio.run(both())


async def _answer(games: Games, made: Created, version: int, key: str = "") -> int:
    seat, text = ANSWERS[version - 1]
    done = await games.submit(
        made.meta.game_id, made.tokens[seat], version, key or f"k{version}", text
    )
    return done.version


def test_an_unchanged_game_is_not_sent_nor_parsed_again(
    own_redis: EmbeddedRedis, parses: list[int]
) -> None:
    async def test(one: Games, _other: Games) -> None:
        made = await one.create(OPTIONS, SEATS, TimeControl())
        assert await _answer(one, made, 1) == 2
        first = await one.load(made.meta)
        assert first.version == 2
        for _ in range(3):  # views, a watcher's load, the reply's next decision
            again = await one.current(made.meta.game_id, made.tokens[0])
            assert again.version == 2 and again.game is first.game
        assert parses == []  # this process made every version it read
        stored = await one.store.load(made.meta.game_id, None, first.version, first.updated)
        assert stored.unchanged and stored.state is None and stored.status == st.STATUS_ACTIVE
        # Another stamp (a version made again after a failover lost this one) is sent the state.
        other = await one.store.load(made.meta.game_id, None, first.version, first.updated + 1)
        assert not other.unchanged and other.state is not None

    _run(own_redis, test)


def test_a_state_handed_to_a_reader_stays_as_it_was_after_the_next_answer(
    own_redis: EmbeddedRedis,
) -> None:
    async def test(one: Games, _other: Games) -> None:
        made = await one.create(OPTIONS, SEATS, TimeControl())
        read = await one.current(made.meta.game_id, made.tokens[0])  # the held state, shared
        saved = read.game.to_bytes()
        assert await _answer(one, made, 1) == 2
        assert read.version == 1 and read.game.to_bytes() == saved
        assert (await one.load(made.meta)).game.to_bytes() != saved

    _run(own_redis, test)


def test_a_game_another_process_moved_is_parsed_once_at_its_new_version(
    own_redis: EmbeddedRedis, parses: list[int]
) -> None:
    async def test(one: Games, two: Games) -> None:
        made = await one.create(OPTIONS, SEATS, TimeControl())
        assert await _answer(two, made, 1) == 2  # the other process parses it, answers
        assert len(parses) == 1
        seen = await one.load(made.meta)
        assert seen.version == 2 and len(parses) == 2
        assert seen.game.to_bytes() == (await two.load(made.meta)).game.to_bytes()
        assert (await one.load(made.meta)) is seen and len(parses) == 2  # held from now on
        # The first process answers on the state it now holds: no parse, and the other one
        # sees that answer.
        assert await _answer(one, made, 2) == 3
        assert (await two.load(made.meta)).version == 3 and len(parses) == 3

    _run(own_redis, test)


def test_an_answer_racing_another_process_is_judged_on_the_stored_state(
    own_redis: EmbeddedRedis,
) -> None:
    async def test(one: Games, two: Games) -> None:
        made = await one.create(OPTIONS, SEATS, TimeControl())
        await two.load(made.meta)
        assert await _answer(one, made, 1) == 2
        # The second process still holds version 1: the same request with the same key is the
        # first one's result, another key is told the game moved on.
        seat, text = ANSWERS[0]
        again = await two.submit(made.meta.game_id, made.tokens[seat], 1, "k1", text)
        assert again.replayed and again.version == 2
        with pytest.raises(Conflict, match="at version 2, not 1"):
            await two.submit(made.meta.game_id, made.tokens[seat], 1, "other", text)
        assert (await two.load(made.meta)).version == 2

    _run(own_redis, test)


def test_an_aborted_or_deleted_game_is_never_served_from_the_held_state(
    own_redis: EmbeddedRedis,
) -> None:
    async def test(one: Games, two: Games) -> None:
        made = await one.create(OPTIONS, SEATS, TimeControl())
        assert await _answer(one, made, 1) == 2
        await Ending(two).abort(made.meta.game_id, made.host_token, "")
        seen = await one.load(made.meta)
        assert seen.version == 3 and seen.status == st.STATUS_ABORTED
        with pytest.raises(FailedPrecondition, match="aborted"):
            await _answer(one, made, 3)
        await Ending(two).delete(made.meta.index_member)
        with pytest.raises(NotFound):
            await one.load(made.meta)
        assert made.meta.game_id not in one._states

    _run(own_redis, test)


def test_a_write_that_was_not_replicated_is_never_held(own_redis: EmbeddedRedis) -> None:
    async def test() -> None:
        # A replica is required and none exists: every commit applies on the master, and is
        # refused to the caller (NotReplicated: UNAVAILABLE), who may retry it.
        strict = Durability(replicas=1, timeout_ms=10)
        async with _process(own_redis.url) as one, _process(own_redis.url, strict) as two:
            made = await one.create(OPTIONS, SEATS, TimeControl())
            before = await two.load(made.meta)
            with pytest.raises(Unavailable) as info:
                await _answer(two, made, 1)
            assert isinstance(info.value.__cause__, NotReplicated)
            assert two._states.get(made.meta.game_id) is before  # not the unacknowledged one
            # The master kept the write: the next load finds another version than the one
            # held, and parses it (had a failover lost it, the state another process wrote
            # at that version would be the one sent: see the stamp in the first test).
            now = await two.load(made.meta)
            assert now.version == 2 and now is not before
            assert now.game.to_bytes() == (await one.load(made.meta)).game.to_bytes()

    asyncio.run(test())
