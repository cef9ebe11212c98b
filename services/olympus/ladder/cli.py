"""`olympus ladder run`: a ladder end to end through the real services and workers.

    olympus ladder run --bots random,passive --games 20 [--players 2] [--json] [--plot r.png]

With `--gamestate` and `--scoring` it uses services already running (their workers play the
games); without, it starts a private stack (an embedded Redis, the game and scoring services,
a worker and beat) and stops it at the end. A progress bar goes to stderr; the leaderboard to
stdout, as a table or (`--json`) a list of {bot, rating, games, wins}.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import grpc

from olympus.platform.strict import whole_arg

BAR = 30


def _ladder_key(redis_url: str) -> str:
    """A key with the `ladder` scope for the private stack's own ladder account."""
    import asyncio

    from olympus.accounts.keys import SCOPE_LADDER, KeyStore
    from olympus.platform.redis_pool import redis_client

    async def make() -> str:
        redis = redis_client(redis_url, "olympus-ladder", 1, 5.0)
        try:
            store = KeyStore(redis)
            account = await store.create_account("ladder-runner", "bot")
            key, _ = await store.create_key(account.account_id, [SCOPE_LADDER])
            return key
        finally:
            await redis.aclose()

    return asyncio.run(make())


@contextlib.contextmanager
def _private_stack() -> Iterator[tuple[str, str, str]]:
    from olympus.launcher import start_service, start_workers, stop
    from olympus.platform.embedded_redis import embedded_redis

    # The stack's own logs go to a file of their own: stdout and stderr are the ladder's.
    with (
        embedded_redis() as redis,
        tempfile.NamedTemporaryFile("w", prefix="olympus-ladder-", suffix=".log") as log,
    ):
        children = []
        try:
            for name in ("gamestate", "scoring"):
                extra = ("--quotas", "off") if name == "gamestate" else ()
                children.append(start_service(name, 0, -1, redis.url, extra, log))
            children += start_workers(redis.url, log)
            key = _ladder_key(redis.url)
            yield f"127.0.0.1:{children[0].port}", f"127.0.0.1:{children[1].port}", key
        finally:
            stop(children)


def _progress(done: int, total: int) -> None:
    filled = BAR * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _run(args: argparse.Namespace) -> int:
    from olympus.v1 import game_pb2_grpc, scoring_pb2_grpc

    from .plot import colour_name, ratings_png
    from .runner import LadderConfig, LadderError, LadderRun, check_config

    config = LadderConfig(
        queue=args.queue,
        bots=tuple(b.strip() for b in args.bots.split(",") if b.strip()),
        games=args.games,
        players=tuple(args.players),
        concurrent=args.concurrent,
        corporate_era=not args.base_only,
        seed=args.seed,
    )
    try:
        check_config(config)
    except LadderError as exc:
        print(f"olympus ladder run: {exc}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        if args.gamestate and args.scoring:
            if not args.api_key:
                print(
                    "olympus ladder run: rating needs an API key with the ladder scope: "
                    "--api-key or OLYMPUS_API_KEY",
                    file=sys.stderr,
                )
                return 2
            addresses = (args.gamestate, args.scoring, args.api_key)
        elif args.gamestate or args.scoring:
            print(
                "olympus ladder run: give both --gamestate and --scoring, or neither",
                file=sys.stderr,
            )
            return 2
        else:
            addresses = stack.enter_context(_private_stack())
        games = stack.enter_context(grpc.insecure_channel(addresses[0]))
        scoring = stack.enter_context(grpc.insecure_channel(addresses[1]))
        run = LadderRun(
            game_pb2_grpc.GameServiceStub(games),  # type: ignore[no-untyped-call]
            scoring_pb2_grpc.ScoringServiceStub(scoring),  # type: ignore[no-untyped-call]
            config,
            _progress,
            addresses[2],
        )
        try:
            result = run.run()
        except (LadderError, grpc.RpcError) as exc:
            sys.stderr.write("\n")
            detail = exc.details() if isinstance(exc, grpc.RpcError) else str(exc)
            print(f"olympus ladder run: {detail}", file=sys.stderr)
            return 1
    if args.plot:
        order = [s.bot for s in result.standings]
        with open(args.plot, "wb") as f:
            f.write(ratings_png(result.history, order))
        legend = ", ".join(f"{bot} {colour_name(i)}" for i, bot in enumerate(order))
        print(f"plot written to {args.plot} ({legend})", file=sys.stderr)
    if args.json:
        rows = [
            {"bot": s.bot, "rating": round(s.rating, 3), "games": s.games, "wins": s.wins}
            for s in result.standings
        ]
        print(json.dumps(rows))
    else:
        print(
            f"{'rank':>4}  {'bot':<16} {'rating':>7} {'mu':>7} {'sigma':>6} {'games':>5} {'wins':>5}"
        )
        for rank, s in enumerate(result.standings, 1):
            print(
                f"{rank:>4}  {s.bot:<16} {s.rating:>7.2f} {s.mu:>7.2f} {s.sigma:>6.2f} "
                f"{s.games:>5} {s.wins:>5}"
            )
    return 0


def _redis_url(args: argparse.Namespace) -> str:
    from olympus.platform.config import DEFAULT_REDIS_URL

    return str(args.redis_url or os.environ.get("OLYMPUS_REDIS_URL") or DEFAULT_REDIS_URL)


def _with_store(args: argparse.Namespace, work: Any) -> Any:
    """Run `work(ladder store, scoring)` on the platform's Redis."""
    import asyncio

    from olympus.platform.redis_pool import redis_client
    from olympus.scoring.service import Scoring
    from olympus.scoring.store import ScoringStore

    from .store import LadderStore

    async def go() -> Any:
        redis = redis_client(_redis_url(args), "olympus-ladder-cli", 1, 5.0)
        try:
            return await work(LadderStore(redis), Scoring(ScoringStore(redis)))
        finally:
            await redis.aclose()

    return asyncio.run(go())


def _start(args: argparse.Namespace) -> int:
    from olympus.platform.errors import ServiceError

    from .store import LadderSpec

    try:
        spec = LadderSpec(
            args.name,
            tuple(b.strip() for b in args.bots.split(",") if b.strip()),
            tuple(args.players),
            args.concurrent,
            not args.base_only,
            args.open,
            args.decision_seconds,
        )
    except ServiceError as exc:
        print(f"olympus ladder start: {exc.message}", file=sys.stderr)
        return 2

    async def save(store: Any, _: Any) -> None:
        await store.save(spec)

    _with_store(args, save)
    print(
        f"ladder {spec.name}: {', '.join(spec.bots)}; {spec.concurrent} games at a time "
        "(the workers and beat play and rate them)"
        + ("; external bots join with a ladder ticket" if spec.open else "")
    )
    return 0


def _stop(args: argparse.Namespace) -> int:
    async def stop(store: Any, _: Any) -> bool:
        return bool(await store.stop(args.name))

    if not _with_store(args, stop):
        print(f"olympus ladder stop: no running ladder {args.name!r}", file=sys.stderr)
        return 1
    print(f"ladder {args.name}: no new games (those running are still rated)")
    return 0


def _show(args: argparse.Namespace) -> int:
    from olympus.platform.errors import ServiceError

    from .store import BOT_PREFIX

    async def show(store: Any, scoring: Any) -> tuple[int, int, list[Any]]:
        spec = await store.spec(args.name)
        running = len(await store.running(spec.name))
        try:
            board, _, _ = await scoring.leaderboard(spec.name, 100, "")
        except ServiceError:  # nothing rated yet
            board = []
        return running, await store.started(spec.name), board

    try:
        running, started, board = _with_store(args, show)
    except ServiceError as exc:
        print(f"olympus ladder show: {exc.message}", file=sys.stderr)
        return 1
    rows = [
        {
            "bot": player.removeprefix(BOT_PREFIX),
            "rating": round(r.ordinal, 3),
            "games": r.games,
            "wins": r.wins,
        }
        for _, player, r in board
    ]
    if args.json:
        print(json.dumps({"running": running, "started": started, "leaderboard": rows}))
        return 0
    print(f"ladder {args.name}: {started} games started, {running} running")
    for rank, row in enumerate(rows, 1):
        print(
            f"{rank:>4}  {row['bot']:<16} {row['rating']:>7.2f} {row['games']:>5} {row['wins']:>5}"
        )
    return 0


def _counts(text: str) -> list[int]:
    parse = whole_arg(1, 5)
    return [parse(part) for part in text.split(",")]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    ladder = sub.add_parser("ladder", help="bot ladders: rated games between bots")
    commands = ladder.add_subparsers(dest="ladder_command", required=True)
    p = commands.add_parser("run", help="play a ladder through the services, print its table")
    p.add_argument(
        "--bots", required=True, help="comma-separated bot names (random, passive, greedy)"
    )
    p.add_argument("--games", type=whole_arg(1), default=20, metavar="N")
    p.add_argument(
        "--players",
        type=_counts,
        default=[2],
        metavar="N[,N...]",
        help="players per game; several: the games rotate through them (default 2)",
    )
    p.add_argument("--concurrent", type=whole_arg(1, 256), default=4, metavar="K")
    p.add_argument("--queue", default="ladder", help="the ratings queue (default 'ladder')")
    p.add_argument("--seed", type=whole_arg(), default=1, help="the pairing's seed")
    p.add_argument("--base-only", action="store_true", help="without the Corporate Era cards")
    p.add_argument("--gamestate", metavar="ADDRESS", help="a running game service")
    p.add_argument("--scoring", metavar="ADDRESS", help="a running scoring service")
    p.add_argument(
        "--api-key",
        default=os.environ.get("OLYMPUS_API_KEY"),
        help="with running services: a key with the ladder scope (env OLYMPUS_API_KEY)",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE.png", help="write the ratings over games as a PNG")
    p.set_defaults(handler=_run)

    def redis_flag(q: argparse.ArgumentParser) -> None:
        q.add_argument("--redis-url", help="the platform's Redis (env OLYMPUS_REDIS_URL)")

    p = commands.add_parser("start", help="a ladder the workers keep running (beat pairs games)")
    p.add_argument("name", help="the ladder, also its ratings queue")
    p.add_argument("--bots", required=True, help="comma-separated bot names")
    p.add_argument("--players", type=_counts, default=[2], metavar="N[,N...]")
    p.add_argument("--concurrent", type=whole_arg(1, 1000), default=4, metavar="K")
    p.add_argument("--base-only", action="store_true")
    p.add_argument(
        "--open",
        action="store_true",
        help="external bots join too: they queue with MatchFormat.ladder = NAME (matchmaking)",
    )
    p.add_argument(
        "--decision-seconds",
        type=whole_arg(0, 3600),
        default=0,
        metavar="S",
        help="every seat's time per decision (0: no clock); a seat that runs out gets the "
        "least harmful answer, and after 3 timeouts the random bot plays it",
    )
    redis_flag(p)
    p.set_defaults(handler=_start)
    p = commands.add_parser("stop", help="no new games for a ladder (running ones are rated)")
    p.add_argument("name")
    redis_flag(p)
    p.set_defaults(handler=_stop)
    p = commands.add_parser("show", help="a ladder's games and leaderboard")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    redis_flag(p)
    p.set_defaults(handler=_show)
