"""The game service's caches sized by memory (issue 35): the byte-bounded LRU, the
`--cache-memory` flag, and a game that was evicted from its process's cache playing on exactly
as if it had stayed (on a real Redis, through the same Games the service runs)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import redis.asyncio as aioredis

from olympus.engine import Game, GameOptions
from olympus.gamestate import store as st
from olympus.gamestate.__main__ import run
from olympus.gamestate.core import Games, Loaded, loaded_bytes, unpack_blob
from olympus.gamestate.lru import (
    DEFAULT_CACHE_MEMORY,
    GRANT_BYTES,
    LIVE_SCORE_BYTES,
    META_BYTES,
    MIN_CACHE_MEMORY,
    CacheBudget,
    InvalidMemorySize,
    Lru,
    parse_memory,
    state_bytes,
)
from olympus.gamestate.meta import SeatMeta, TimeControl
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.redis_pool import redis_client

# --- the LRU bounded by bytes -----------------------------------------------------------------


def test_an_lru_without_weights_counts_its_entries() -> None:
    cache: Lru[str, int] = Lru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2 and cache.used == 2


def test_an_lru_evicts_the_least_recently_used_until_its_bytes_fit() -> None:
    cache: Lru[str, bytes] = Lru(100, len)
    cache.put("a", b"x" * 40)
    cache.put("b", b"x" * 40)
    cache.get("a")
    cache.put("c", b"x" * 50)  # 130 bytes: "b", the least recently used, goes
    assert sorted(k for k in "abc" if k in cache) == ["a", "c"]
    assert cache.used == 90
    cache.put("d", b"x" * 95)  # room for it alone
    assert [k for k in "abcd" if k in cache] == ["d"] and cache.used == 95


def test_an_lru_replacing_a_value_counts_its_new_weight_only() -> None:
    cache: Lru[str, bytes] = Lru(100, len)
    cache.put("a", b"x" * 60)
    cache.put("a", b"x" * 30)
    assert cache.used == 30
    cache.put("b", b"x" * 70)
    assert "a" in cache and "b" in cache and cache.used == 100


def test_a_value_heavier_than_the_whole_lru_is_not_kept_and_evicts_nothing() -> None:
    cache: Lru[str, bytes] = Lru(100, len)
    cache.put("a", b"x" * 10)
    cache.put("big", b"x" * 101)
    assert "big" not in cache and cache.get("a") == b"x" * 10 and cache.used == 10


def test_taking_and_dropping_give_their_bytes_back() -> None:
    cache: Lru[str, bytes] = Lru(100, len)
    cache.put("a", b"x" * 10)
    cache.put("b", b"x" * 20)
    assert cache.take("a") == b"x" * 10 and cache.used == 20
    assert cache.take("a") is None
    cache.drop("b")
    cache.drop("b")
    assert cache.used == 0 and len(cache) == 0


def test_an_lru_cannot_have_a_negative_size() -> None:
    with pytest.raises(ValueError, match="negative"):
        Lru(-1)


def test_a_cached_state_weighs_its_packed_bytes_times_the_measured_factor() -> None:
    game = Game.new(GameOptions(players=3, seed=1))
    known = Loaded(1, game, None, packed=1_000)  # type: ignore[arg-type]
    unknown = Loaded(1, game, None)  # type: ignore[arg-type]
    assert loaded_bytes(known) == state_bytes(1_000) < loaded_bytes(unknown) == state_bytes(0)
    assert state_bytes(2_000) > state_bytes(1_000)


# --- the memory budget and its flag -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("1GiB", 1 << 30),
        ("512MiB", 512 << 20),
        ("300MB", 300_000_000),
        ("2g", 2_000_000_000),
        ("1.5GiB", 3 << 29),
        ("1048576", 1 << 20),
        (" 64 mib ", 64 << 20),
    ],
)
def test_memory_sizes_are_read_with_their_units(text: str, size: int) -> None:
    assert parse_memory(text) == size


@pytest.mark.parametrize("text", ["", "lots", "1 GiBs", "-5MiB", "1e9", "GiB", "12 parsecs"])
def test_a_memory_size_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(InvalidMemorySize, match="not a memory size"):
        parse_memory(text)


def test_a_memory_size_under_a_mebibyte_is_refused() -> None:
    with pytest.raises(InvalidMemorySize, match="under the minimum"):
        parse_memory("512KiB")
    assert parse_memory("1MiB") == MIN_CACHE_MEMORY


@pytest.mark.parametrize("value", ["lots", "10KB", "0"])
def test_the_flag_refuses_a_bad_size_naming_it(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(["--cache-memory", value, "--redis-url", "redis://127.0.0.1:1"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--cache-memory" in err and repr(value) in err


def test_the_environment_default_is_checked_like_the_flag(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OLYMPUS_GAMESTATE_CACHE_MEMORY", "a lot")
    with pytest.raises(SystemExit):
        run(["--redis-url", "redis://127.0.0.1:1"])
    assert "'a lot'" in capsys.readouterr().err


def test_every_cache_takes_its_share_of_the_budget() -> None:
    budget = CacheBudget(256 << 20)
    shares = (
        budget.STATES,
        budget.METAS,
        budget.LIVE_SCORES,
        budget.GRANTS,
        budget.WATCHED_STATES,
        budget.DECISION_REPLIES,
    )
    assert sum(shares) <= 1.0
    games = Games(_unconnected_store(), caches=budget)
    assert games._states.size == budget.share(budget.STATES)
    assert games._metas.size == budget.entries(budget.METAS, 2_048)
    # Twice the memory: twice the games, in every cache.
    double = Games(_unconnected_store(), caches=CacheBudget(512 << 20))
    pairs: list[tuple[Lru[Any, Any], Lru[Any, Any]]] = [
        (games._states, double._states),
        (games._metas, double._metas),
        (games.live._scored, double.live._scored),
        (games.grants._seats, double.grants._seats),
    ]
    for one, two in pairs:
        assert abs(two.size - 2 * one.size) <= 1  # a share's rounding
    assert CacheBudget().total == DEFAULT_CACHE_MEMORY and CacheBudget().games > 40_000


@pytest.mark.parametrize("total", [MIN_CACHE_MEMORY, 256 << 20, DEFAULT_CACHE_MEMORY, 8 << 30])
def test_the_per_game_caches_beside_the_states_hold_every_game_the_states_hold(
    total: int,
) -> None:
    budget = CacheBudget(total)
    held = budget.share(budget.STATES) // state_bytes(0)  # games of the measured size
    assert held == budget.games
    assert budget.entries(budget.METAS, META_BYTES) >= held
    assert budget.entries(budget.LIVE_SCORES, LIVE_SCORE_BYTES) >= held
    assert budget.entries(budget.GRANTS, GRANT_BYTES) >= held


def _unconnected_store() -> st.GameStore:
    """A store whose client never connects (sizing the caches reads nothing)."""
    return st.GameStore(aioredis.Redis(port=1), st.DEFAULT_RETENTION_S, st.DEFAULT_IDEMPOTENCY_S)


# --- an evicted game plays on identically -----------------------------------------------------


def _script(seed: int, count: int) -> list[tuple[int, str]]:
    game = Game.new(GameOptions(players=3, seed=seed))
    rnd = random.Random(seed)
    out: list[tuple[int, str]] = []
    while len(out) < count and not game.is_over:
        decision = game.decisions()[0]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out


def test_a_game_evicted_from_a_small_cache_plays_on_as_if_it_had_stayed(
    private_redis: EmbeddedRedis,
) -> None:
    async def play() -> None:
        redis = redis_client(private_redis.url, "olympus-test-cache", 4, 5.0)
        store = st.GameStore(redis, st.DEFAULT_RETENTION_S, st.DEFAULT_IDEMPOTENCY_S)
        # The smallest budget: its state share holds ~70 games; 90 are played in turns, so
        # each comes back after ~90 others, evicted.
        games = Games(store, caches=CacheBudget(MIN_CACHE_MEMORY))
        seats = [SeatMeta(0), SeatMeta(1), SeatMeta(2)]
        options = GameOptions(players=3, seed=7)
        created = [await games.create(options, seats, TimeControl()) for _ in range(90)]
        script = _script(7, 30)
        reference = Game.new(options)
        evicted = 0
        for version, (seat, text) in enumerate(script, start=1):
            reference.apply(seat, text)
            for made in created:
                game_id = made.meta.game_id
                evicted += game_id not in games._states
                done = await games.submit(game_id, made.tokens[seat], version, f"k{version}", text)
                assert done.version == version + 1
                assert games._states.used <= games._states.size
        # Every game, evicted and parsed again on most answers, is where the uninterrupted
        # engine is: the same state, byte for byte, at the same version.
        assert evicted > len(created) * len(script) // 2
        for made in created:
            stored = await store.load(made.meta.game_id)
            assert stored.version == len(script) + 1 and stored.state is not None
            assert unpack_blob(stored.state)[1].to_bytes() == reference.to_bytes()
        await store.close()
        await redis.aclose()

    asyncio.run(play())
