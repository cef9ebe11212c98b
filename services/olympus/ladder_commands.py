"""`olympus ladder ...`: ladders through the ladder service (LadderService), like any client.

    olympus ladder run --bots random,passive --games 20 [--players 2] [--json] [--plot r.png]
    olympus ladder start daily --bots random,greedy --concurrent 4 [--open] [--max-games N]
        [--prelude] [--colonies] [--venus [--no-world-government]] [--map hellas]
    olympus ladder show daily [--json]          olympus ladder games daily [--json]
    olympus ladder list [--json]                olympus ladder open daily [--close]
    olympus ladder stop daily

`start` and `run` take the table's modules and map, as `game create` does; every game of the
ladder is made with them. `start`, `open` and `stop` need an admin key (`--api-key` or OLYMPUS_API_KEY); `--address`
(OLYMPUS_LADDER_ADDRESS, default 127.0.0.1:7156) names the ladder service. `run` plays a
ladder of N rated games: with `--address` on a running platform (an admin key), without it on a
private stack it starts and stops itself (an embedded Redis, the accounts, game, scoring and
ladder services, a worker and beat), whose log is kept in a file named on stderr when the run
fails. A progress bar goes to stderr; the leaderboard to stdout, as a table or (`--json`) a
list of {bot, rating, games, wins}.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import grpc

from olympus.client.game_create import add_table_arguments
from olympus.client.ladder_run import LadderConfig, LadderResult
from olympus.client.tables import aligned
from olympus.platform.config import default_address
from olympus.platform.strict import whole_arg

BAR = 30
DEFAULT_ADDRESS = default_address("ladder")
USAGE, REFUSED = 2, 1
RATING_NOTE = "(RATING: mu - 3 sigma, the skill the ratings are sure of; MU, SIGMA: its estimate)"


def _progress(done: int, total: int) -> None:
    filled = BAR * done // total if total else BAR
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} games")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _refusal(command: str, exc: grpc.RpcError) -> int:
    from olympus.platform.errors import error_details

    reason, _, _ = error_details(exc)
    code = exc.code()  # type: ignore[attr-defined]
    detail = exc.details()  # type: ignore[attr-defined]
    print(f"olympus ladder {command}: {reason or code.name}: {detail}", file=sys.stderr)
    return USAGE if code == grpc.StatusCode.INVALID_ARGUMENT else REFUSED


@contextlib.contextmanager
def _stubs(address: str) -> Iterator[tuple[Any, Any]]:
    from olympus.v1 import ladder_pb2_grpc

    with grpc.insecure_channel(address) as channel:
        yield ladder_pb2_grpc.LadderServiceStub(channel), channel  # type: ignore[no-untyped-call]


def _auth(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {args.api_key}"),) if args.api_key else ()


def _ladder_row(ladder: Any) -> dict[str, Any]:
    from olympus.v1 import ladder_pb2 as pb

    return {
        "name": ladder.name,
        "state": pb.LadderState.Name(ladder.state).removeprefix("LADDER_STATE_").lower(),
        "bots": list(ladder.bots),
        "players": list(ladder.players),
        "concurrent": ladder.concurrent,
        "open": ladder.open,
        "max_games": ladder.max_games,
        "corporate_era": ladder.corporate_era,
        "prelude": ladder.prelude,
        "colonies": ladder.colonies,
        "venus": ladder.venus,
        "world_government": ladder.world_government,
        "map": ladder.map or "tharsis",
        "started": ladder.games_started,
        "finished": ladder.games_finished,
        "aborted": ladder.games_aborted,
        "running": ladder.games_running,
    }


def _table_words(ladder: Any) -> str:
    """The table every game of the ladder is made with: its map, then its modules."""
    modules = [
        name
        for on, name in (
            (ladder.corporate_era, "Corporate Era"),
            (ladder.prelude, "Prelude"),
            (ladder.colonies, "Colonies"),
            (ladder.venus, "Venus Next"),
        )
        if on
    ]
    if ladder.venus and not ladder.world_government:
        modules.append("no World Government Terraforming")
    return f"{ladder.map or 'tharsis'}" + (f", {', '.join(modules)}" if modules else ", base game")


def _modules(args: argparse.Namespace) -> dict[str, Any]:
    """The table's options from --prelude, --colonies, --venus, --[no-]world-government, --map
    (game_create.add_table_arguments): world_government only when given (unset: on with Venus,
    as the game service has it)."""
    out: dict[str, Any] = {
        "prelude": args.prelude,
        "colonies": args.colonies,
        "venus": args.venus,
        "map": args.map,
    }
    if args.world_government is not None:
        out["world_government"] = args.world_government
    return out


def _standing_rows(stub: Any, name: str) -> list[dict[str, Any]]:
    from olympus.v1 import ladder_pb2 as pb

    rows, token = [], ""
    while True:
        page = stub.GetStandings(
            pb.GetStandingsRequest(name=name, page_size=100, page_token=token), timeout=30
        )
        for s in page.standings:
            rows.append(
                {
                    "bot": s.bot or s.player,
                    "player": s.player,
                    "rating": round(s.rating.ordinal, 3),
                    "games": s.rating.games,
                    "wins": s.rating.wins,
                }
            )
        token = page.next_page_token
        if not token:
            return rows


def _call(command: str, work: Callable[[Any], int], address: str) -> int:
    try:
        with _stubs(address) as (stub, _):
            return work(stub)
    except grpc.RpcError as exc:
        return _refusal(command, exc)


# --- start, open, stop, show, list, games -------------------------------------------------------


def _start(args: argparse.Namespace) -> int:
    from olympus.v1 import ladder_pb2 as pb

    request = pb.CreateLadderRequest(
        name=args.name,
        bots=[b.strip() for b in args.bots.split(",") if b.strip()],
        players=args.players,
        concurrent=args.concurrent,
        corporate_era=not args.base_only,
        open=args.open,
        decision_seconds=args.decision_seconds,
        max_games=args.max_games,
        **_modules(args),
    )

    def work(stub: Any) -> int:
        ladder = stub.CreateLadder(request, metadata=_auth(args), timeout=30)
        print(
            f"ladder {ladder.name}: {', '.join(ladder.bots)}; {ladder.concurrent} games at a "
            f"time on {_table_words(ladder)} (the ladder service plays and rates them)"
            + ("; external bots join with a ladder ticket" if ladder.open else "")
        )
        return 0

    return _call("start", work, args.address)


def _open(args: argparse.Namespace) -> int:
    from olympus.v1 import ladder_pb2 as pb

    def work(stub: Any) -> int:
        ladder = stub.SetLadderOpen(
            pb.SetLadderOpenRequest(name=args.name, open=not args.close),
            metadata=_auth(args),
            timeout=30,
        )
        print(f"ladder {ladder.name}: {'open to' if ladder.open else 'closed to'} external bots")
        return 0

    return _call("open", work, args.address)


def _stop(args: argparse.Namespace) -> int:
    from olympus.v1 import ladder_pb2 as pb

    def work(stub: Any) -> int:
        stub.StopLadder(pb.StopLadderRequest(name=args.name), metadata=_auth(args), timeout=30)
        print(f"ladder {args.name}: no new games (those running are still rated)")
        return 0

    return _call("stop", work, args.address)


def _show(args: argparse.Namespace) -> int:
    from olympus.v1 import ladder_pb2 as pb

    def work(stub: Any) -> int:
        ladder = stub.GetLadder(pb.GetLadderRequest(name=args.name), timeout=30)
        rows = _standing_rows(stub, args.name)
        if args.json:
            print(json.dumps({**_ladder_row(ladder), "leaderboard": rows}))
            return 0
        row = _ladder_row(ladder)
        print(
            f"ladder {row['name']} ({row['state']}): {row['started']} games started, "
            f"{row['running']} running, {row['finished']} rated, {row['aborted']} aborted; "
            f"{_table_words(ladder)}"
        )
        table = [
            [rank, e["bot"], f"{e['rating']:.2f}", e["games"], e["wins"]]
            for rank, e in enumerate(rows, 1)
        ]
        print("\n".join(aligned(["RANK", "BOT", "RATING", "GAMES", "WINS"], table)))
        print(RATING_NOTE)
        return 0

    return _call("show", work, args.address)


def _list(args: argparse.Namespace) -> int:
    from olympus.v1 import ladder_pb2 as pb

    def work(stub: Any) -> int:
        rows = [
            _ladder_row(lad)
            for lad in stub.ListLadders(pb.ListLaddersRequest(), timeout=30).ladders
        ]
        if args.json:
            print(json.dumps(rows))
            return 0
        if not rows:
            print("no ladders")
            return 0
        table = [
            [r["name"], r["state"], r["running"], r["finished"], r["aborted"], r["bots"]]
            for r in rows
        ]
        heads = ["LADDER", "STATE", "RUNNING", "RATED", "ABORTED", "BOTS"]
        print("\n".join(aligned(heads, table)))
        return 0

    return _call("list", work, args.address)


def _games(args: argparse.Namespace) -> int:
    from google.protobuf import json_format

    from olympus.v1 import ladder_pb2 as pb

    def work(stub: Any) -> int:
        page = stub.ListLadderGames(
            pb.ListLadderGamesRequest(name=args.name, page_size=args.count), timeout=30
        )
        if args.json:
            for game in page.games:
                print(json.dumps(json_format.MessageToDict(game, preserving_proto_field_name=True)))
            return 0
        print(f"ladder {args.name}: {page.total_count} games, newest first")
        table = [
            [
                game.game_id,
                pb.LadderGameState.Name(game.state).removeprefix("LADDER_GAME_STATE_").lower(),
                " ".join(game.players),
            ]
            for game in page.games
        ]
        print("\n".join(aligned(["GAME", "STATE", "PLAYERS (by seat)"], table)))
        return 0

    return _call("games", work, args.address)


# --- run ----------------------------------------------------------------------------------------


def _run(args: argparse.Namespace) -> int:
    from .client.ladder_run import LadderError, check_config
    from .client.ratings_plot import colour_name, ratings_png

    config = LadderConfig(
        queue=args.queue,
        bots=tuple(b.strip() for b in args.bots.split(",") if b.strip()),
        games=args.games,
        players=tuple(args.players),
        concurrent=args.concurrent,
        corporate_era=not args.base_only,
        **_modules(args),
    )
    try:
        check_config(config)
    except LadderError as exc:
        print(f"olympus ladder run: {exc}", file=sys.stderr)
        return USAGE
    try:
        result = _play(args, config)
    except _RunFailed as failed:
        return failed.status
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
        table = [
            [rank, s.bot, f"{s.rating:.2f}", f"{s.mu:.2f}", f"{s.sigma:.2f}", s.games, s.wins]
            for rank, s in enumerate(result.standings, 1)
        ]
        print("\n".join(aligned(["RANK", "BOT", "RATING", "MU", "SIGMA", "GAMES", "WINS"], table)))
        print(RATING_NOTE)
    return 0


class _RunFailed(Exception):
    """The run failed and said why on stderr: raised out of the private stack's block, so that
    the stack keeps its log (and names the file) as it does for any failure inside it."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _play(args: argparse.Namespace, config: LadderConfig) -> LadderResult:
    from .client.ladder_run import LadderError, LadderRun

    with contextlib.ExitStack() as stack:
        if args.address:
            if not args.api_key:
                print(
                    "olympus ladder run: a ladder on a running platform needs an admin key: "
                    "--api-key or OLYMPUS_API_KEY",
                    file=sys.stderr,
                )
                raise _RunFailed(USAGE)
            ladder_address, scoring_address, key = args.address, args.scoring, args.api_key
        else:
            from .launcher import private_stack

            ladder_address, scoring_address, key = stack.enter_context(
                private_stack(["accounts", "gamestate", "scoring", "ladder"], "olympus-ladder")
            )
        run = LadderRun(ladder_address, scoring_address, config, _progress, key)
        try:
            return run.run()
        except (LadderError, grpc.RpcError) as exc:
            sys.stderr.write("\n")
            if isinstance(exc, grpc.RpcError):
                raise _RunFailed(_refusal("run", exc)) from exc
            print(f"olympus ladder run: {exc}", file=sys.stderr)
            raise _RunFailed(REFUSED) from exc


def _counts(text: str) -> list[int]:
    parse = whole_arg(1, 5)
    return [parse(part) for part in text.split(",")]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    ladder = sub.add_parser("ladder", help="bot ladders: rated games between bots")
    commands = ladder.add_subparsers(dest="ladder_command", required=True)
    service = argparse.ArgumentParser(add_help=False)
    service.add_argument(
        "--address",
        default=os.environ.get("OLYMPUS_LADDER_ADDRESS") or DEFAULT_ADDRESS,
        help=f"the ladder service (env OLYMPUS_LADDER_ADDRESS; default {DEFAULT_ADDRESS})",
    )
    key = argparse.ArgumentParser(add_help=False)
    key.add_argument(
        "--api-key",
        default=os.environ.get("OLYMPUS_API_KEY"),
        help="an admin key (env OLYMPUS_API_KEY)",
    )

    p = commands.add_parser("run", parents=[key], help="play N rated games, print the table")
    p.add_argument("--bots", required=True, help="comma-separated bot names (random, greedy…)")
    p.add_argument("--games", type=whole_arg(1), default=20, metavar="N")
    p.add_argument(
        "--players",
        type=_counts,
        default=[2],
        metavar="N[,N...]",
        help="players per game; several: the games rotate through them (default 2)",
    )
    p.add_argument("--concurrent", type=whole_arg(1, 256), default=4, metavar="K")
    p.add_argument("--queue", default="ladder", help="the ladder's name and ratings queue")
    p.add_argument("--base-only", action="store_true", help="without the Corporate Era cards")
    add_table_arguments(p)
    p.add_argument(
        "--address", help="a running ladder service (default: a private stack of its own)"
    )
    p.add_argument(
        "--scoring",
        default=os.environ.get("OLYMPUS_SCORING_ADDRESS") or default_address("scoring"),
        help="with --address: the scoring service, for the ratings' history",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE.png", help="write the ratings over games as a PNG")
    p.set_defaults(handler=_run)

    p = commands.add_parser(
        "start", parents=[service, key], help="a ladder the ladder service keeps playing"
    )
    p.add_argument("name", help="the ladder, also its ratings queue")
    p.add_argument("--bots", required=True, help="comma-separated bot names")
    p.add_argument("--players", type=_counts, default=[2], metavar="N[,N...]")
    p.add_argument("--concurrent", type=whole_arg(1, 1000), default=4, metavar="K")
    p.add_argument("--base-only", action="store_true", help="without the Corporate Era cards")
    add_table_arguments(p)
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
    p.add_argument(
        "--max-games",
        type=whole_arg(0),
        default=0,
        metavar="N",
        help="stop after N rated games (0: never)",
    )
    p.set_defaults(handler=_start)
    p = commands.add_parser("open", parents=[service, key], help="let external bots join")
    p.add_argument("name")
    p.add_argument("--close", action="store_true", help="close it to external bots instead")
    p.set_defaults(handler=_open)
    p = commands.add_parser(
        "stop", parents=[service, key], help="no new games for a ladder (running ones are rated)"
    )
    p.add_argument("name")
    p.set_defaults(handler=_stop)
    p = commands.add_parser("show", parents=[service], help="a ladder and its leaderboard")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_show)
    p = commands.add_parser("list", parents=[service], help="every ladder")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_list)
    p = commands.add_parser("games", parents=[service], help="a ladder's games, newest first")
    p.add_argument("name")
    p.add_argument("--count", type=whole_arg(1, 100), default=20, metavar="N")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_games)
