"""`olympus game ...`: play on a game service from a shell.

    olympus game create --players 2 --seed 1          # prints the id and one token per seat
    olympus game decision GAME --seat 0               # the options, with the notation to type
    olympus game act GAME --seat 0 "setup R43 031,084"
    olympus game undo GAME --seat 0 --count 1         # tables created with --undo
    olympus game show GAME --seat 0                   # Mars with its tiles, the seats, the decision
    olympus game watch GAME --from 0                  # events as they happen (Ctrl-C stops)
    olympus game log GAME [--export replay.json]
    olympus game list --status active
    olympus game board GAME | --map hellas            # spaces, milestones, awards, tracks

What the text output means: docs/cli.md. Scripts should read `--json` instead.

`create` (game_create.py) keeps the tokens in ~/.olympus/games.json (or $OLYMPUS_GAMES_FILE,
mode 0600), so later commands need only the game id and `--seat N` (or `--host`); `--token T`
works anywhere.
The service address comes from --address or $OLYMPUS_GAMESTATE_ADDRESS (127.0.0.1:7151).
Refusals print the service's reason on stderr and exit with status 1 (2 for usage errors).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from olympus.engine.board import SUPPORTED_MAPS
from olympus.platform.strict import decimal_arg, whole_arg

from .board import board_text
from .games_file import games_file, load_games
from .mapview import map_lines, wants_colour
from .sdk import (
    ADDRESS_ENV,
    DEFAULT_ADDRESS,
    DecisionState,
    GameServiceError,
    OlympusClient,
    SeatHandle,
)
from .tables import games_table, seat_names
from .text import decision_text, event_text, view_text

REFUSED = 1
USAGE_ERROR = 2


class UsageError(Exception):
    pass


def token_for(args: argparse.Namespace, required: bool = False) -> str:
    """The token the command acts with: --token, else --seat/--host from the games file."""
    if getattr(args, "token", None):
        return str(args.token)
    saved = load_games().get(args.game, {})
    if getattr(args, "host", False):
        if "host" not in saved:
            raise UsageError(f"no host token saved for {args.game} in {games_file()}")
        return str(saved["host"])
    seat = getattr(args, "seat", None)
    if seat is not None:
        token = saved.get("tokens", {}).get(str(seat))
        if token is None:
            raise UsageError(f"no token saved for seat {seat} of {args.game}; use --token")
        return str(token)
    if required:
        raise UsageError("say who you are: --seat N (token saved by create) or --token T")
    return ""


def _client(args: argparse.Namespace) -> OlympusClient:
    return OlympusClient(args.address, timeout=args.timeout)


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


# --- commands ---------------------------------------------------------------------------------


def _handle(args: argparse.Namespace, client: OlympusClient, required: bool = False) -> SeatHandle:
    return client.join(args.game, token_for(args, required))


def _show(args: argparse.Namespace) -> int:
    with _client(args) as client:
        handle = _handle(args, client)
        if args.json:
            _print_json(handle.view())
            return 0
        if handle.token:  # a seat's view and its decision, both of one version
            view, state = handle.view_and_decision()
        else:
            view, state = handle.view(), None
        board = client.describe_board(game_id=args.game)
    print("\n".join(view_text(view, board, colour=wants_colour(sys.stdout))))
    if state is not None and state.seat is not None:  # a seat's (the host decides nothing)
        print("\n".join(_decision_lines(state, board)))
    return 0


def _decision_lines(state: DecisionState, board: dict[str, Any] | None) -> list[str]:
    if state.status == "finished":
        return ["the game is over"]
    if not (state.your_turn and state.decision is not None):
        who = ", ".join(f"seat {s}" for s in state.waiting_for) or "nobody"
        return [f"not your turn: waiting for {who}"]
    seat = f"--seat {state.seat}" if state.seat is not None else "--token T"
    return [
        *decision_text(state.decision, board),
        f'answer with: olympus game act {state.game_id} {seat} "<notation>"',
    ]


def _decision(args: argparse.Namespace) -> int:
    with _client(args) as client:
        state = _handle(args, client).decision()
        space = state.decision is not None and state.decision["kind"] == "space"
        board = client.describe_board(game_id=args.game) if space and not args.json else None
    if args.json:
        _print_json(
            {
                "game_id": state.game_id,
                "version": state.version,
                "status": state.status,
                "seat": state.seat,
                "your_turn": state.your_turn,
                "waiting_for": state.waiting_for,
                "phase": state.phase,
                "generation": state.generation,
                "decision": state.decision,
                "undoable": state.undoable,
                **({"live_scores": state.live_scores} if state.live_scores is not None else {}),
            }
        )
        return 0
    print(
        f"game {state.game_id}  version {state.version}  generation {state.generation}, "
        f"{state.phase} phase"
    )
    print("\n".join(_decision_lines(state, board)))
    if state.undoable:
        seat = f"--seat {state.seat}" if state.seat is not None else "--token T"
        print(
            f"you may take back your last {state.undoable} answer(s): "
            f"olympus game undo {state.game_id} {seat} --count N"
        )
    return 0


def _act(args: argparse.Namespace) -> int:
    with _client(args) as client:
        handle = _handle(args, client, required=True)
        result = handle.act(args.answer, version=args.version, key=args.key)
    if args.json:
        _print_json(
            {
                "version": result.version,
                "replayed": result.replayed,
                "answer": result.answer,
                "event": result.event,
            }
        )
        return 0
    again = " (already applied: same key)" if result.replayed else ""
    print(f"applied {result.answer!r}: now version {result.version}{again}")
    if result.event is not None:
        print(event_text(result.event))
    return 0


def _undo(args: argparse.Namespace) -> int:
    with _client(args) as client:
        handle = _handle(args, client, required=True)
        result = handle.undo(args.count, version=args.version, key=args.key)
    if args.json:
        _print_json({"version": result.version, "replayed": result.replayed, "event": result.event})
        return 0
    again = " (already applied: same key)" if result.replayed else ""
    print(f"took back {args.count} answer(s): now version {result.version}{again}")
    return 0


def _watch(args: argparse.Namespace) -> int:
    with _client(args) as client:
        handle = _handle(args, client)
        until = None if args.follow else handle.decision().version
        if until is not None and until <= args.from_version:
            return 0
        names = {} if args.json else seat_names(handle.view())
        for event in handle.watch(from_version=args.from_version):
            print(json.dumps(event) if args.json else event_text(event, names), flush=True)
            if until is not None and event["version"] >= until:
                break
    return 0


def _log(args: argparse.Namespace) -> int:
    with _client(args) as client:
        log = client.game_log(args.game, token_for(args))
    if args.export:
        if log["status"] == "active":
            print(
                "olympus game: the replay export (with the seed) is available once the game "
                "is over; while it runs the log is public facts only",
                file=sys.stderr,
            )
            return 1
        Path(args.export).write_text(json.dumps(log, indent=2), encoding="utf-8")
        print(f"wrote {len(log['answers'])} answers to {args.export}")
        return 0
    if args.json:
        _print_json(log)
        return 0
    opts = log["options"]
    seed = f"seed {opts['seed']}" if "seed" in opts else "seed hidden until the end"
    print(
        f"game {log['game_id']}: {opts['players']} players, {seed}, "
        f"{log['status']} at version {log['version']}"
    )
    for a in log["answers"]:
        bot = " (bot)" if a["bot"] else ""
        text = f"({a['count']} cards, hidden)" if a.get("hidden") else a["text"]
        print(f"  v{a['version']:<5} seat {a['seat']}{bot}: {text}")
    if "result" in log:
        print(f"winners: {log['result']['winners']}")
    return 0


def _list(args: argparse.Namespace) -> int:
    with _client(args) as client:
        games, _ = client.list_games(status=args.status, page_size=args.limit)
    if args.json:
        _print_json(games)
        return 0
    print("\n".join(games_table(games)))
    return 0


def _board(args: argparse.Namespace) -> int:
    if (args.game is None) == (args.map is None):
        raise UsageError("name a game (GAME) or a map (--map NAME), not both")
    with _client(args) as client:
        board = client.describe_board(game_id=args.game, map=args.map)
        # The description is the map's, the same for every game on it: the tiles are the
        # game's view (public: a spectator's).
        view = client.join(args.game, token_for(args)).view() if args.game else None
    if args.json:
        _print_json(board)
        return 0
    lines = map_lines(board, view, colour=wants_colour(sys.stdout))
    print("\n".join([*lines, *board_text(board, view)]))
    return 0


# --- the parser -------------------------------------------------------------------------------


def _abort(args: argparse.Namespace) -> int:
    token = token_for(args) or token_for(argparse.Namespace(game=args.game, host=True))
    with _client(args) as client:
        version = client.abort_game(args.game, token, args.reason)
    print(f"game {args.game} aborted at version {version}")
    return 0


def _resign(args: argparse.Namespace) -> int:
    with _client(args) as client:
        version, before = _handle(args, client, required=True).resign()
    print(f"resigned at version {version}{' (already)' if before else ''}")
    return 0


def _whoami(args: argparse.Namespace) -> int:
    with _client(args) as client:
        who = client.whoami(token_for(args, required=True))
    if args.json:
        _print_json(who)
    elif who["role"] == "host":
        print(f"the host of game {who['game_id']}")
    else:
        gone = ", resigned" if who["resigned"] else ""
        print(f"seat {who['seat']} of game {who['game_id']}{gone}")
    return 0


def _guarded(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UsageError as exc:
            print(f"olympus game: {exc}", file=sys.stderr)
            return USAGE_ERROR
        except GameServiceError as exc:
            print(f"olympus game: refused: {exc}", file=sys.stderr)
            return REFUSED
        except KeyboardInterrupt:
            return 130

    return run


def _who(p: argparse.ArgumentParser, host: bool = False) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--seat", type=whole_arg(), metavar="N", help="act as seat N (token from create)"
    )
    group.add_argument("--token", metavar="T", help="act with this token")
    if host:
        group.add_argument("--host", action="store_true", help="use the saved host token")


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    game = subparsers.add_parser("game", help="play on a game service (create, show, act, ...)")
    # Every sub-command takes these (after its name: `olympus game show GAME --address A`).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--address",
        default=os.environ.get(ADDRESS_ENV) or DEFAULT_ADDRESS,
        help=f"the game service (env {ADDRESS_ENV}; default {DEFAULT_ADDRESS})",
    )
    common.add_argument(
        "--timeout", type=decimal_arg, default=10.0, help="deadline of each call, s"
    )
    sub = game.add_subparsers(dest="game_command", required=True)
    # `game create` uses this module's helpers, so it is imported here, once this module is whole.
    from .game_create import add_create_arguments, create

    def command(name: str, help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help, parents=[common])
        return parser

    p = command("create", "create a game; prints (and saves) the seat tokens")
    add_create_arguments(p)
    p.add_argument("--no-save", action="store_true", help="do not keep the tokens locally")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(create))

    p = command("show", "the game as you may see it")
    p.add_argument("game")
    _who(p, host=True)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_show))

    p = command("decision", "what you must decide, with the notation to type")
    p.add_argument("game")
    _who(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_decision))

    p = command("act", 'answer: act GAME --seat N "play 009 t2"')
    p.add_argument("game")
    p.add_argument("answer", help="the answer in text notation")
    _who(p)
    p.add_argument(
        "--version",
        type=whole_arg(1),
        default=None,
        help="the version you decided at (default: the current one)",
    )
    p.add_argument("--key", default=None, help="idempotency key (default: a fresh one)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_act))

    p = command("undo", "take back your latest answers (tables created with --undo)")
    p.add_argument("game")
    _who(p)
    p.add_argument(
        "--count", type=whole_arg(1), default=1, metavar="N", help="how many answers (default 1)"
    )
    p.add_argument(
        "--version",
        type=whole_arg(1),
        default=None,
        help="the game's version now (default: read it first)",
    )
    p.add_argument("--key", default=None, help="idempotency key (default: a fresh one)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_undo))

    p = command("watch", "print the game's events as they happen")
    p.add_argument("game")
    _who(p, host=True)
    p.add_argument(
        "--from",
        dest="from_version",
        type=whole_arg(),
        default=0,
        metavar="V",
        help="events after version V (default 0: all)",
    )
    p.add_argument(
        "--follow",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="keep following new events (default); --no-follow stops at the present",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_watch))

    p = command("log", "every answer: the replay export once the game is over, public facts before")
    p.add_argument("game")
    _who(p, host=True)
    p.add_argument("--export", metavar="FILE", help="write the replay export (JSON) to FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_log))

    p = command("list", "games on the service, newest first")
    p.add_argument("--status", choices=("any", "active", "finished", "aborted"), default="any")
    p.add_argument("--limit", type=whole_arg(1, 500), default=20)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_list))

    p = command("abort", "end a running game for good (the host's saved token)")
    p.add_argument("game")
    p.add_argument("--token", metavar="T", help="the host token (default: the saved one)")
    p.add_argument("--reason", default="", help="told to the seats (at most 100 characters)")
    p.set_defaults(handler=_guarded(_abort))

    p = command("resign", "give up your seat: the table plays it from now on")
    p.add_argument("game")
    _who(p)
    p.set_defaults(handler=_guarded(_resign))

    p = command("whoami", "which game, role and seat a token is")
    p.add_argument("game")
    _who(p, host=True)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_whoami))

    p = command("board", "what the table looks like: spaces, milestones, awards, tracks")
    p.add_argument("game", nargs="?", help="a game (or use --map)")
    p.add_argument(
        "--map",
        metavar="NAME",
        help=f"a map by name, without a game: {', '.join(SUPPORTED_MAPS)}",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_guarded(_board))
