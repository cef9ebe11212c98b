"""`olympus game create`: a table made from the command line, its seat tokens printed and kept.

    olympus game create --players 2 --seed 1 --bot 1:random   # seat 1 played by the service
    olympus game create --position start.json                  # from a position (docs/positions.md)

The options are the table's (maps, expansions, bots, beginners, a clock, undo); `--bot SEAT[:NAME]`
names a seat the service plays, and `--position FILE` a position whose options and players the
table takes. The tokens are saved in the games file (games_file.py) for later commands.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from olympus.api.vocab import TIMEOUT_POLICIES, value_of
from olympus.engine.board import SUPPORTED_MAPS
from olympus.platform.strict import whole_arg, whole_number
from olympus.v1 import game_pb2 as pb

from .cli import UsageError, _client, _print_json
from .games_file import save_game


def create(args: argparse.Namespace) -> int:
    """Makes the table, keeps its tokens in the games file (unless --no-save) and prints them."""
    bots: dict[int, str] = dict(args.bot)
    position = None if args.position is None else read_position(args.position)
    with _client(args) as client:
        game = client.create_game(
            players=args.players,
            seed=args.seed,
            corporate_era=args.corporate_era,
            draft=args.draft,
            solo_tr63=args.tr63,
            map=args.map,
            prelude=args.prelude,
            colonies=args.colonies,
            venus=args.venus,
            world_government=args.world_government,
            realtime_scoring=args.realtime_scoring,
            bots=bots,
            beginner=args.beginner,
            undo=args.undo,
            time_control=pb.TimeControl(
                seconds_per_game=args.seconds_per_game,
                seconds_per_decision=args.seconds_per_decision,
                decision_seconds=args.decision_seconds,
                timeout_policy=value_of(TIMEOUT_POLICIES, args.timeout_policy),
                timeouts_before_bot=args.timeouts_before_bot,
            ),
            position=position,
        )
    path = None
    if not args.no_save:
        entry = {
            "address": args.address,
            "tokens": {str(s): t for s, t in game.tokens.items()},
            "host": game.host_token,
        }
        path = save_game(game.game_id, entry)
    if args.json:
        _print_json(
            {
                "game_id": game.game_id,
                "version": game.version,
                "tokens": {str(s): t for s, t in game.tokens.items()},
                "host_token": game.host_token,
                "bots": list(game.bots),
            }
        )
        return 0
    print(f"game {game.game_id}")
    for seat, token in sorted(game.tokens.items()):
        print(f"  seat {seat} token {token}")
    for seat in game.bots:
        print(f"  seat {seat} played by the service ({bots[seat]} bot)")
    print(f"  host token {game.host_token}")
    if path is not None:
        print(f"tokens saved in {path}: use --seat N (or --host) in later commands")
    return 0


def read_position(path: str) -> str:
    """The position file's text (JSON, sent as is: the service checks it)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the position {path}: {exc}") from exc


def bot_spec(text: str) -> tuple[int, str]:
    """`1` or `1:random`: a seat the service plays, and the bot that plays it."""
    seat, _, name = text.partition(":")
    try:
        return whole_number(seat), name or "random"
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc} (expected SEAT or SEAT:NAME)") from None


def add_table_arguments(p: argparse.ArgumentParser) -> None:
    """The table's map and modules, as `game create` and `ladder start/run` take them:
    --map, --prelude, --colonies, --venus and --[no-]world-government (unset: on with Venus)."""
    p.add_argument(
        "--map",
        default="",
        metavar="NAME",
        help=f"the map: {', '.join(SUPPORTED_MAPS)} (default: tharsis)",
    )
    p.add_argument(
        "--prelude", action="store_true", help="the Prelude expansion (4 preludes dealt, 2 kept)"
    )
    p.add_argument(
        "--colonies",
        action="store_true",
        help="the Colonies expansion (colony tiles, trade fleets, Build colony)",
    )
    p.add_argument(
        "--venus",
        action="store_true",
        help="the Venus Next expansion (the Venus scale, its cards, Air Scrapping)",
    )
    p.add_argument(
        "--world-government",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Venus Next: World Government Terraforming after each production phase "
        "(default: on with --venus); --no-world-government: without it",
    )


def add_create_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `game create` (the --no-save and --json flags are the command's own)."""
    p.add_argument("--players", type=whole_arg(), default=2, metavar="N")
    p.add_argument("--seed", type=whole_arg(), default=None)
    p.add_argument(
        "--corporate-era",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Corporate Era cards (default: on)",
    )
    p.add_argument("--draft", action="store_true")
    p.add_argument("--tr63", action="store_true", help="solo: win by reaching TR 63")
    add_table_arguments(p)
    p.add_argument(
        "--realtime-scoring",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="every view and event shows each seat's score as if the game ended now "
        "(default: on); --no-realtime-scoring: no score before the end",
    )
    p.add_argument(
        "--bot",
        action="append",
        type=bot_spec,
        default=[],
        metavar="SEAT[:NAME]",
        help="the service plays this seat (repeatable)",
    )
    p.add_argument(
        "--beginner",
        action="append",
        type=whole_arg(),
        default=[],
        metavar="SEAT",
        help="deal this seat the Beginner corporation (repeatable)",
    )
    clock = p.add_argument_group(
        "clock (enforced by the workers): none, --decision-seconds, or --seconds-per-game with "
        "--seconds-per-decision as its increment"
    )
    clock.add_argument("--seconds-per-game", type=whole_arg(), default=0, help="each seat's bank")
    clock.add_argument(
        "--seconds-per-decision", type=whole_arg(), default=0, help="the bank's increment"
    )
    clock.add_argument(
        "--decision-seconds", type=whole_arg(), default=0, help="a fixed time per decision"
    )
    clock.add_argument(
        "--timeout-policy",
        choices=sorted(TIMEOUT_POLICIES),
        default="default",
        help="when time runs out: the least harmful answer (default) or the bot's",
    )
    clock.add_argument(
        "--timeouts-before-bot",
        type=whole_arg(0, 100),
        default=0,
        help="timeouts after which a bot plays the seat (0: 3)",
    )
    p.add_argument(
        "--undo",
        action="store_true",
        help="seats may take back their latest answers that revealed nothing (game undo)",
    )
    p.add_argument(
        "--position",
        metavar="FILE",
        help="start from this position (JSON, docs/positions.md): the table's options and "
        "number of players are the position's, the option flags above are not sent",
    )
