"""The `olympus` command line.

olympus selfplay --players 2 --games 50 --seed 1 --bot random --corporate-era --json

Output is often piped (`olympus cards list --json | head -3`): when the reader goes away, every
command stops quietly, with the status a shell gives a process ended by SIGPIPE, instead of a
BrokenPipeError traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence

from .platform.strict import whole_arg

Handler = Callable[[argparse.Namespace], int]
# 128 + SIGPIPE: what a shell reports for a writer whose reader went away.
BROKEN_PIPE_STATUS = 128 + signal.SIGPIPE


def _selfplay(args: argparse.Namespace) -> int:
    from .bots import parse_bot
    from .engine.errors import InvalidOptions
    from .selfplay import run

    if args.solo:
        args.players = 1
    try:
        parse_bot(args.bot)
    except ValueError as exc:  # an unknown bot, weights it cannot take: before any game
        print(f"olympus selfplay: --bot: {exc}", file=sys.stderr)
        return 2
    try:
        summary = run(
            players=args.players,
            games=args.games,
            seed=args.seed,
            bot=args.bot,
            corporate_era=args.corporate_era,
            draft=args.draft,
            solo_tr63=args.tr63,
            persist=args.persist,
            map_name=args.map,
            undo=args.undo,
            prelude=args.prelude,
            realtime_scoring=args.realtime_scoring,
            colonies=args.colonies,
            venus=args.venus,
        )
    except InvalidOptions as exc:  # an unknown map: the message lists the supported ones
        print(f"olympus selfplay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>24}: {value}")
    return 0 if summary["finished"] == summary["games"] else 1


def _add_selfplay(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("selfplay", help="play whole games between bots and report figures")
    p.add_argument("--players", type=whole_arg(1, 5), default=2, metavar="N")
    p.add_argument("--games", type=whole_arg(), default=10, metavar="K")
    p.add_argument("--seed", type=whole_arg(), default=1, metavar="S")
    p.add_argument(
        "--bot", default="random", help="every seat's bot: random, greedy, greedy:plant=2.4, ..."
    )
    p.add_argument(
        "--corporate-era",
        action=argparse.BooleanOptionalAction,
        default=True,  # as `game create` and GameOptions: base cards only with --no-corporate-era
        help="the Corporate Era cards (default: on, as for `olympus game create`)",
    )
    p.add_argument("--draft", action="store_true", help="draft variant in research")
    p.add_argument("--solo", action="store_true", help="a solo game (players=1, Corporate Era)")
    p.add_argument("--tr63", action="store_true", help="solo: win by reaching TR 63")
    p.add_argument("--prelude", action="store_true", help="the Prelude expansion")
    p.add_argument("--colonies", action="store_true", help="the Colonies expansion")
    p.add_argument("--venus", action="store_true", help="the Venus Next expansion")
    p.add_argument("--persist", action="store_true", help="save and reload after every decision")
    p.add_argument(
        "--map",
        default="tharsis",
        metavar="NAME",
        help="the map: tharsis (default), elysium, hellas, vastitas_borealis or amazonis",
    )
    p.add_argument(
        "--undo",
        action="store_true",
        help="the undo table option; seats take back an answer now and then (UNDO_RATE)",
    )
    p.add_argument(
        "--realtime-scoring",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="follow the live score, reporting how often the lead changed (default: on)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_selfplay)


# Sub-commands that live with their concern: each module exposes `add_parser(subparsers)`.
PLUGGED_SUBCOMMANDS = (
    "olympus.launcher",  # olympus run
    "olympus.catalogue.cli",  # olympus cards ...
    "olympus.client.cli",  # olympus game ...
    "olympus.client.call",  # olympus call ADDRESS SERVICE/METHOD JSON
    "olympus.accounts.cli",  # olympus accounts ...
    "olympus.worker_commands",  # olympus worker, olympus beat
    "olympus.ladder_commands",  # olympus ladder ...
    "olympus.platform.probe",  # olympus health ADDRESS
    "olympus.arena",  # olympus arena --bots greedy,random
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="olympus", description="Olympus: Terraforming Mars platform"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _add_selfplay(sub)
    for module_name in PLUGGED_SUBCOMMANDS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue  # that part of the platform is not installed
            raise
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        status = handler(args)
        sys.stdout.flush()  # a pipe closed early fails here, inside the handling below
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE_STATUS
    return status


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush of what is still
    buffered cannot fail a second time ("Exception ignored ... BrokenPipeError")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
