"""Realtime scoring's cost on a mid-game state, with live scores on and off, as ratios on/off:
  * service views: the GameView GetGame builds for a spectator and each seat (the service's
    per-version cache computes the scores once for them all), and the same without the cache;
  * answers: what each version costs once (apply the answer, build its event, which carries
    the scores, save the state);
  * engine views: `Game.view` for a spectator and each seat (no cache: scored at every call).
On and off are measured in alternation; each ratio is the median of the rounds' ratios.

`end_to_end` then plays the same games on a real game service (private Redis), once with live
scores and once without, chunk by chunk in alternation: each answer followed by a GetGame of
every seat and a spectator, as clients following a table do; it reports the service process's
CPU per answer with its views, on and off.

    python -m olympus.bench.livescore
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import grpc

from olympus.engine import Game, GameOptions
from olympus.gamestate.convert import view_to_proto
from olympus.gamestate.events import answer_event
from olympus.gamestate.livescore import LiveScores, live_score
from olympus.gamestate.meta import GameMeta, TimeControl
from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import Plan, Timing, _answers, _service, _timed

PLAYERS = 3
SEED = 5
GENERATION = 6  # mid-game: tiles, milestones, awards and cards with points in play


def mid_game(players: int = PLAYERS, seed: int = SEED) -> Game:
    """A random game at its first action of generation 6, or later if none came by then."""
    g = Game.new(GameOptions(players=players, seed=seed))
    rnd = random.Random(seed)
    while not g.is_over and (g.generation < GENERATION or g.phase != "action"):
        d = g.decisions()[0]
        g.push(d.player, d.sample(rnd))
    return g


def _batch(fn: Callable[[], object], seconds: float) -> int:
    """How many calls take about a tenth of `seconds`."""
    n = 1
    while True:
        begin = time.perf_counter()
        for _ in range(n):
            fn()
        if time.perf_counter() - begin > seconds / 10:
            return n
        n *= 2


def _rate(fn: Callable[[], object], n: int, seconds: float) -> float:
    begin = time.perf_counter()
    count = 0
    while time.perf_counter() - begin < seconds:
        for _ in range(n):
            fn()
        count += n
    return count / (time.perf_counter() - begin)


def _compare(
    on: Callable[[], object], off: Callable[[], object], rounds: int = 7, seconds: float = 0.2
) -> tuple[float, float, float]:
    """Calls per second with the option on and off, measured in alternation (a shared machine's
    drift hits both alike), and the median of the rounds' on/off ratios."""
    n_on, n_off = _batch(on, seconds), _batch(off, seconds)
    on_rates, off_rates, ratios = [], [], []
    for _ in range(rounds):
        a, b = _rate(on, n_on, seconds), _rate(off, n_off, seconds)
        on_rates.append(a)
        off_rates.append(b)
        ratios.append(a / b)
    med = statistics.median
    return med(on_rates), med(off_rates), med(ratios)


def _service_view(
    game: Game, meta: GameMeta, cache: LiveScores, version: int, viewers: list[int | None]
) -> None:
    """What GetGame builds for one caller of each kind, live score included when on."""
    for viewer in viewers:
        view = view_to_proto(game, viewer)
        live = cache.of(meta, version, game)
        if live is not None:
            view.live_score.CopyFrom(live)


def run() -> dict[str, Any]:
    game = mid_game()
    viewers: list[int | None] = [None, *range(PLAYERS)]
    off_game = game.clone()
    off_game.options = GameOptions(players=PLAYERS, seed=SEED, realtime_scoring=False)

    def engine_views(g: Game) -> Callable[[], None]:
        def build() -> None:
            for viewer in viewers:
                g.view(viewer)

        return build

    engine = _compare(engine_views(game), engine_views(off_game))

    def meta(on: bool) -> GameMeta:
        options = GameOptions(players=PLAYERS, seed=SEED, realtime_scoring=on)
        return GameMeta("0123456789abcdef", options, (), TimeControl(), {}, 0)

    on_meta, off_meta, cache = meta(True), meta(False), LiveScores()
    service = _compare(
        lambda: _service_view(game, on_meta, cache, 7, viewers),
        lambda: _service_view(game, off_meta, cache, 7, viewers),
    )

    def uncached_views() -> None:
        """Without the cache: the scores computed again for every caller."""
        for viewer in viewers:
            _service_view(game, on_meta, LiveScores(), 7, [viewer])

    uncached = _compare(uncached_views, lambda: _service_view(game, off_meta, cache, 7, viewers))

    # The answer path, once per version: apply the answer, build its event, save the state.
    rnd = random.Random(SEED)
    d = game.decisions()[0]
    answer = d.sample(rnd)

    def answered(live: bool) -> Callable[[], None]:
        def step() -> None:
            g = game.clone()
            g.push(d.player, answer)
            answer_event(8, d.player, answer, g, False, 0, live)
            g.to_bytes()

        return step

    answers = _compare(answered(True), answered(False))
    scored = _rate(lambda: live_score(game), _batch(lambda: live_score(game), 0.2), 0.4)
    return {
        "state": f"{PLAYERS} players, generation {game.generation}, {game.phase} phase",
        "live_score_us": round(1e6 / scored, 1),
        "service_views_per_s_on": round(service[0] * len(viewers)),
        "service_views_per_s_off": round(service[1] * len(viewers)),
        "service_views_on_over_off": round(service[2], 3),
        "service_views_uncached_on_over_off": round(uncached[2], 3),
        "answers_per_s_on": round(answers[0]),
        "answers_per_s_off": round(answers[1]),
        "answers_on_over_off": round(answers[2], 3),
        "engine_views_per_s_on": round(engine[0] * len(viewers)),
        "engine_views_per_s_off": round(engine[1] * len(viewers)),
        "engine_views_on_over_off": round(engine[2], 3),
    }


async def _end_to_end(
    address: str, pid: int, games: int, answers: int, chunk: int
) -> dict[str, Any]:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        plans: dict[bool, list[Plan]] = {True: [], False: []}
        for on in (True, False):
            for i in range(games):
                seed = 2000 + i  # the same games with and without live scores
                options = pb.GameOptions(players=PLAYERS, seed=seed, realtime_scoring_enabled=on)
                reply = await stub.CreateGame(pb.CreateGameRequest(options=options), timeout=30)
                tokens = {s.seat: s.token for s in reply.seats}
                plans[on].append(Plan(reply.game_id, tokens, _answers(PLAYERS, seed, answers)))

        def player(plan: Plan) -> Any:
            async def run(latencies: list[float]) -> None:
                for _ in range(chunk):
                    if not plan.answers:
                        return
                    seat, text = plan.answers.pop(0)
                    t = time.perf_counter()
                    await stub.SubmitAction(
                        pb.SubmitActionRequest(
                            game_id=plan.game_id,
                            token=plan.tokens[seat],
                            expected_version=plan.version,
                            idempotency_key=f"bench-{plan.version}",
                            text=text,
                        ),
                        timeout=30,
                    )
                    for token in ["", *plan.tokens.values()]:
                        request = pb.GetGameRequest(game_id=plan.game_id, token=token)
                        await stub.GetGame(request, timeout=30)
                    latencies.append(time.perf_counter() - t)
                    plan.version += 1

            return run

        timing = {on: Timing([], 0.0, 0.0) for on in (True, False)}
        for _ in range(-(-answers // chunk)):
            for on in (True, False):
                timing[on] += await _timed(pid, [player(p) for p in plans[on]])
    with_live, without = timing[True].figures("answers"), timing[False].figures("answers")
    return {
        "games": games,
        "answers_each": answers,
        "views_per_answer": PLAYERS + 1,
        "server_cpu_us_per_answer_and_views_on": with_live["server_cpu_us_per_call"],
        "server_cpu_us_per_answer_and_views_off": without["server_cpu_us_per_call"],
        "server_cpu_on_over_off": round(
            with_live["server_cpu_us_per_call"] / without["server_cpu_us_per_call"], 3
        ),
        "p50_us_on": with_live["p50_us"],
        "p50_us_off": without["p50_us"],
    }


def end_to_end(games: int = 4, answers: int = 200, chunk: int = 20) -> dict[str, Any]:
    with embedded_redis() as redis, _service(redis.url) as (address, pid):
        return asyncio.run(_end_to_end(address, pid, games, answers, chunk))


def main_figures() -> dict[str, Any]:
    return {**run(), "service": end_to_end()}


if __name__ == "__main__":
    print(json.dumps({"benchmark": "live_scores", **main_figures()}))
