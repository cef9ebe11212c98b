"""Games played through the game service from this host, many at once: an SDK client with the
random player on seat 0 (or, on a silent seat, no client answering at all: its clock answers
for it), the service's random bot (the Celery workers) on seat 1. Every answer the service
acknowledged is recorded, with the version it made, for `check.py`.

Each game is created with a `request_id` and tokens chosen here, so a creation whose reply
was lost to the fault is sent again and answers with the same game: a fault never leaves an
extra game nobody counts. Each is rated, as matchmaking makes its rated games: created with the
stack's service credential, in the run's queue, seat 0 an account of its own (`RATED_QUEUE`,
`account_of`), so `check.py` can count that every finished game was rated exactly once."""

from __future__ import annotations

import hashlib
import random
import secrets
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.client.sdk import GameServiceError, SeatHandle, StaleVersion
from olympus.v1 import game_pb2 as pb

HUMAN_SEAT = 0
BOT_SEAT = 1
# The service answers UNAVAILABLE while a replica or Redis is down; a game keeps trying for
# this long before its host aborts it.
GAME_DEADLINE_S = 900.0
RETRY_PAUSE_S = 0.5
# While the other seat plays, the client looks again after a pause that doubles from the
# first to the last: a bot's answer usually comes within milliseconds, a silent seat's clock
# after seconds, and a hundred clients polling flat out would cost more CPU than the games.
POLL_FIRST_S = 0.02
POLL_LAST_S = 0.5
_RETRIED = ("UNAVAILABLE", "DEADLINE_EXCEEDED")


def rated_queue(run_tag: str) -> str:
    return f"faults-{run_tag}"


def account_of(run_tag: str, seed: int) -> str:
    """Seat 0's account in a table's game (16 hex digits, one per table and run)."""
    return hashlib.sha256(f"{run_tag}:{seed}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Table:
    """One game to play: its seed, its clock (0: none), and whether seat 0 never answers."""

    seed: int
    decision_seconds: int = 0
    silent: bool = False
    timeouts_before_bot: int = 3

    def time_control(self) -> pb.TimeControl | None:
        if not self.decision_seconds:
            return None
        return pb.TimeControl(
            decision_seconds=self.decision_seconds,
            timeout_policy=pb.TIMEOUT_POLICY_DEFAULT_ANSWER,
            timeouts_before_bot=self.timeouts_before_bot,
        )


@dataclass
class GameRun:
    game_id: str
    host_token: str
    table: Table = field(default_factory=lambda: Table(0))
    rated_queue: str = ""
    players: tuple[str, ...] = ()  # the rated player of each seat
    acked: dict[int, str] = field(default_factory=dict)  # version made -> answer text
    status: str = "active"
    aborted_by_us: bool = False
    created_attempts: int = 1  # CreateGame sendings it took (a resend finds the same game)


def _create(client: OlympusClient, table: Table, run_tag: str, until: float) -> tuple[GameRun, str]:
    """The game, made once however often the request must be sent, and seat 0's token."""
    request_id = f"faults.{run_tag}.{table.seed}"
    token, host = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    attempts = 0
    while True:
        attempts += 1
        try:
            g = client.create_game(
                players=2,
                # No seed: a rated game's is the service's to draw (the table's seed still names
                # the game and drives this player's choices).
                bots=[BOT_SEAT],
                time_control=table.time_control(),
                request_id=request_id,
                seat_tokens={HUMAN_SEAT: token},
                host_token=host,
                rated_queue=rated_queue(run_tag),
                accounts={HUMAN_SEAT: account_of(run_tag, table.seed)},
            )
        except GameServiceError as exc:
            if exc.status not in _RETRIED or time.monotonic() > until:
                raise
            time.sleep(RETRY_PAUSE_S)
            continue
        players = (account_of(run_tag, table.seed), "bot:random")
        run = GameRun(
            g.game_id, g.host_token, table, rated_queue(run_tag), players, created_attempts=attempts
        )
        return run, token


def _answer(me: SeatHandle, run: GameRun, answer: dict[str, object], version: int) -> None:
    """One answer, sent with one idempotency key until the service says what became of it."""
    key = secrets.token_hex(16)
    while True:
        try:
            result = me.act(answer, version=version, key=key)
        except StaleVersion:
            return  # not applied: the game moved on (a bot, a timeout)
        except GameServiceError as exc:
            if exc.status in _RETRIED:
                time.sleep(RETRY_PAUSE_S)  # outcome unknown: the same key again
                continue
            if exc.status == "FAILED_PRECONDITION" or exc.reason in ("GAME_OVER", "GAME_ABORTED"):
                return  # over, aborted, or the seat handed to a bot after too many timeouts
            raise
        run.acked[result.version] = result.answer
        return


def play_game(
    targets: Sequence[str], table: Table, run_tag: str, stop: threading.Event, service_key: str
) -> GameRun:
    with OlympusClient(
        list(targets), timeout=5.0, retries=6, backoff=0.2, api_key=service_key
    ) as client:
        until = time.monotonic() + GAME_DEADLINE_S
        run, token = _create(client, table, run_tag, until)
        me = client.join(run.game_id, token)
        rnd = random.Random(table.seed)
        pause = POLL_FIRST_S
        while True:
            try:
                d = me.decision()
            except GameServiceError as exc:
                if exc.status not in _RETRIED:
                    raise
                time.sleep(RETRY_PAUSE_S)
                continue
            if d.status != "active":
                run.status = d.status
                return run
            if time.monotonic() > until or stop.is_set():
                client.abort_game(run.game_id, run.host_token, "fault run deadline")
                run.aborted_by_us = True
                continue
            if table.silent or not d.your_turn or d.decision is None:
                time.sleep(pause)
                pause = min(pause * 2, POLL_LAST_S)
                continue
            pause = POLL_FIRST_S
            _answer(me, run, pick(d.decision, rnd), d.version)


def play_games(
    targets: Sequence[str], tables: Sequence[Table], concurrency: int, service_key: str
) -> list[GameRun]:
    """Every table played, `concurrency` at a time (one thread and one client each), its game
    made with `service_key` (the stack's service credential: rated games)."""
    stop = threading.Event()
    run_tag = secrets.token_hex(4)  # request ids and the rated queue of this run only
    with ThreadPoolExecutor(concurrency) as pool:
        futures = [pool.submit(play_game, targets, t, run_tag, stop, service_key) for t in tables]
        try:
            return [f.result() for f in futures]
        finally:
            stop.set()
