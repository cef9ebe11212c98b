"""CreateGame's request, read: the engine options (or the position the game starts from), the
seats, the rated queue and the time control a new game is made with, each checked with a clear
refusal."""

from __future__ import annotations

import re
import secrets

import orjson

from olympus.api.names import check_map
from olympus.api.vocab import SEAT_KINDS, name_of
from olympus.bots import BOTS
from olympus.engine import Game, GameOptions
from olympus.engine.errors import InvalidPosition
from olympus.platform.errors import InvalidArgument, quote
from olympus.platform.identity import service_only
from olympus.platform.strict import display_name_problem
from olympus.v1 import game_pb2 as pb

from .chosen import chosen_from_request
from .core import Created, Games
from .meta import SeatMeta
from .settings import time_control_from_proto

# In a request, an unspecified seat kind is a human seat.
SEAT_KINDS_IN = {**SEAT_KINDS, "unspecified": pb.SEAT_KIND_UNSPECIFIED}
NAME_LIMIT = 40
MAX_PLAYERS = 5
ACCOUNT_ID_RE = re.compile(r"[0-9a-f]{16}")
QUEUE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def check_position_request(request: pb.CreateGameRequest) -> None:
    """What a request with a position may not also ask (INVALID_OPTIONS), checked before
    anything else reads the request: the table's options are the position's own, so
    `options` stays unset; it is never rated (its deck and hands are known to whoever wrote
    it, as a chosen seed's are); and its seats are not left open (ListOpenTables shows a
    table dealt from its options, not a position's)."""
    if not request.position:
        return
    if request.HasField("options"):
        raise InvalidArgument(
            "with a position, the table's options are the position's own: leave options unset",
            reason="INVALID_OPTIONS",
        )
    if request.rated_queue:
        raise InvalidArgument(
            "a game created from a position cannot be rated", reason="INVALID_OPTIONS"
        )
    if request.open_seats:
        raise InvalidArgument(
            "a game created from a position has no open seats", reason="INVALID_OPTIONS"
        )


def position_from_request(request: pb.CreateGameRequest) -> Game | None:
    """The game set up from the request's position (None without one), checked by the
    engine: a bad one is INVALID_ARGUMENT, reason INVALID_POSITION, with the engine's error
    `code` and the `path` of the field at fault (and any other detail the engine gives) in
    the ErrorInfo's metadata."""
    if not request.position:
        return None
    try:
        data = orjson.loads(request.position)
    except orjson.JSONDecodeError as exc:
        raise _bad_position(InvalidPosition("", f"not JSON: {exc}")) from exc
    if not isinstance(data, dict):
        raise _bad_position(InvalidPosition("", "a position is a JSON object"))
    try:
        return Game.from_position(data)
    except InvalidPosition as exc:
        raise _bad_position(exc) from exc


def _bad_position(exc: InvalidPosition) -> InvalidArgument:
    return InvalidArgument(
        f"position: {exc.message}",
        reason="INVALID_POSITION",
        # The engine's details too (an UnknownRules' `found` and `served` versions).
        metadata={
            **{k: str(v) for k, v in exc.details.items()},
            "code": exc.code,
            "path": exc.path,
        },
        field="position",
    )


def options_from_request(
    request: pb.CreateGameRequest, service: bool = False, start: Game | None = None
) -> tuple[GameOptions, list[SeatMeta], bool]:
    """The engine options, the seats, and whether the caller chose the seed. `service`: the
    caller is a platform service, which alone may name the seats' accounts. `start`: the game
    set up from the request's position, whose options are the table's (and whose deck and
    hands its writer knows: marked like a chosen seed)."""
    o = request.options
    players = start.options.players if start is not None else o.players or len(request.seats)
    # Before anything is built per seat: a huge count must not become a huge list.
    if not 1 <= players <= MAX_PLAYERS:
        raise InvalidArgument(
            f"players must be 1 to {MAX_PLAYERS}, got {players}", reason="INVALID_OPTIONS"
        )
    if request.seats and len(request.seats) != players:
        raise InvalidArgument(
            f"{len(request.seats)} seats given for {players} players", reason="INVALID_OPTIONS"
        )
    specs = list(request.seats) or [pb.SeatSpec() for _ in range(players)]
    seats = []
    for i, spec in enumerate(specs):
        name_of(SEAT_KINDS_IN, spec.kind, f"seats[{i}].kind")
        bot = ""
        if spec.kind == pb.SEAT_KIND_BOT:
            bot = spec.bot or "random"
            if bot not in BOTS:
                raise InvalidArgument(
                    f"unknown bot {quote(bot)}; known: {', '.join(sorted(BOTS))}",
                    reason="UNKNOWN_BOT",
                )
        elif spec.bot:
            raise InvalidArgument(
                f"seat {i} is a human seat but names a bot", reason="INVALID_OPTIONS"
            )
        if len(spec.name) > NAME_LIMIT:
            raise InvalidArgument(
                f"seat names are at most {NAME_LIMIT} characters", reason="INVALID_NAME"
            )
        problem = display_name_problem(spec.name)
        if problem is not None:
            raise InvalidArgument(f"seat {i}: {problem}", reason="INVALID_NAME")
        beginner = spec.beginner
        if start is not None:
            beginner = start.options.is_beginner(i)
            if spec.beginner and not beginner:
                raise InvalidArgument(
                    f"seat {i}: the position's options do not make it a beginner seat",
                    reason="INVALID_OPTIONS",
                )
        if spec.account_id:
            if not service:
                raise service_only("SeatSpec.account_id")
            if bot or not ACCOUNT_ID_RE.fullmatch(spec.account_id):
                raise InvalidArgument(
                    f"seat {i}: account_id is 16 lowercase hex digits, on a human seat",
                    reason="INVALID_ARGUMENT",
                )
        seats.append(
            SeatMeta(seat=i, bot=bot, beginner=beginner, name=spec.name, account=spec.account_id)
        )
    if players > 1 and all(s.bot == "passive" for s in seats):
        # Only terraforming ends a game of several players, and the passive bot never does.
        raise InvalidArgument(
            "a table of passive bots only would never end: seat another bot or a human",
            reason="INVALID_OPTIONS",
        )
    if start is not None:
        return start.options, seats, True
    check_map(o.map or "tharsis")
    options = GameOptions(  # InvalidOptions -> INVALID_ARGUMENT
        players=players,
        seed=o.seed if o.HasField("seed") else secrets.randbelow(2**63),
        corporate_era=o.corporate_era if o.HasField("corporate_era") else True,
        draft=o.draft,
        solo_tr63=o.solo_tr63,
        beginner=tuple(s.beginner for s in seats) if any(s.beginner for s in seats) else (),
        map=o.map or "tharsis",
        undo=o.undo,
        prelude=o.prelude,
        colonies=o.colonies,
        venus=o.venus,
        # unset: follows venus (GameOptions refuses true without venus: INVALID_OPTIONS)
        world_government=o.world_government if o.HasField("world_government") else None,
        realtime_scoring=realtime_scoring_from_request(o),
    )
    return options, seats, o.HasField("seed")


def realtime_scoring_from_request(o: pb.GameOptions) -> bool:
    """On unless `realtime_scoring_enabled` is false. The deprecated `realtime_scoring` can
    only ask for it (proto3: its false is not told from unset); with an explicit off, that is
    a contradiction."""
    if not o.HasField("realtime_scoring_enabled"):
        return True
    if o.realtime_scoring and not o.realtime_scoring_enabled:
        raise InvalidArgument(
            "realtime_scoring (deprecated) is true but realtime_scoring_enabled is false: "
            "set realtime_scoring_enabled only",
            reason="INVALID_OPTIONS",
        )
    return o.realtime_scoring_enabled


async def create_from_request(
    games: Games,
    request: pb.CreateGameRequest,
    creator: str,
    service: bool = False,
    open_seats: tuple[int, ...] = (),
) -> Created:
    """CreateGame's work: a repeat of a request with a request_id finds the game its first
    sending made (chosen.py). `service`: the caller is a platform service (see the module);
    `open_seats`: the request's open seats, checked (open_tables.open_seats_of); with a
    position, `check_position_request` was called first."""
    start = position_from_request(request)
    options, seats, seed_chosen = options_from_request(request, service, start)
    rated_queue = rated_queue_from_request(request, seats, seed_chosen, service)
    time_control = time_control_from_proto(request.time_control)
    chosen = chosen_from_request(request, seats, creator)
    return await games.create(
        options,
        seats,
        time_control,
        seed_chosen,
        creator,
        chosen,
        rated_queue,
        open_seats,
        start,
    )


def rated_queue_from_request(
    request: pb.CreateGameRequest, seats: list[SeatMeta], seed_chosen: bool, service: bool
) -> str:
    """The queue a new game is rated in ("" unrated): a service's to say, for a game whose
    every seat has a rated player (an account, or a bot) and whose seed nobody chose."""
    queue = request.rated_queue
    if not queue:
        return ""
    if not service:
        raise service_only("CreateGameRequest.rated_queue")
    if not QUEUE_RE.fullmatch(queue):
        raise InvalidArgument(
            f"rated_queue: not a queue name: {quote(queue)} (1-64 letters, digits, '.', '_', '-')",
            reason="INVALID_ARGUMENT",
        )
    if len(seats) < 2:
        raise InvalidArgument("a solo game cannot be rated", reason="INVALID_OPTIONS")
    if seed_chosen:
        raise InvalidArgument(
            "a game whose seed was chosen cannot be rated", reason="INVALID_OPTIONS"
        )
    unnamed = [s.seat for s in seats if not s.is_bot and not s.account]
    if unnamed:
        raise InvalidArgument(
            f"a rated game names the account of every human seat; missing: {unnamed}",
            reason="INVALID_OPTIONS",
        )
    return queue
