"""What became of the games of a fault run: every acknowledged answer in the log, no answer
applied twice, the stored state equal to a replay of the log, the clock's rules kept, no game in
the store that the run does not know of, and every finished game rated exactly once (its result
delivered by the game service's workers to the scoring service, whatever the fault did)."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
import redis

from olympus.client import OlympusClient
from olympus.engine import Game
from olympus.engine.options import GameOptions
from olympus.gamestate import store as st
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.records import RESIGN

from .play import HUMAN_SEAT, GameRun


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    aborted: int = 0
    lost: int = 0
    doubled: int = 0
    mismatched: int = 0
    misclocked: int = 0
    uncounted: int = 0
    acknowledged: int = 0
    timeouts: int = 0
    rated: int = 0  # finished games rated (once)
    unrated: int = 0  # finished games not rated within RATING_WAIT_S
    rated_twice: int = 0  # a player's history holding a game more than once

    def as_dict(self) -> dict[str, int]:
        return dict(vars(self))


def stored_game(r: redis.Redis, game_id: str) -> tuple[int, Game]:
    raw = r.get(f"{st.PREFIX}:{{g:{game_id}}}:state")
    if not isinstance(raw, bytes):
        raise LookupError(f"game {game_id} has no stored state")
    version, _, blob = raw.partition(b":")
    return int(version), unpack_blob(blob)[1]


def clock_kept(run: GameRun, log: dict[str, Any]) -> bool:
    """The clock's rules, read from the log: only a clocked table times a seat out; the
    client's seat is answered by the timeout policy (never by a bot) until its time ran out
    `timeouts_before_bot` times, and by the bot only (never itself, never a timeout) after;
    a silent seat never answers itself, so a finished game shows exactly that many timeouts."""
    limit = run.table.timeouts_before_bot if run.table.decision_seconds else 0
    timeouts = 0
    for a in log["answers"]:
        if a["seat"] != HUMAN_SEAT or a["text"] == RESIGN:
            continue
        handed = limit > 0 and timeouts >= limit
        if a["timed_out"]:
            if not limit or handed:
                return False
            timeouts += 1
        elif a["bot"] != handed or (run.table.silent and not a["bot"]):
            return False
    return not (run.table.silent and log["status"] == "finished" and timeouts != limit)


RATING_WAIT_S = 120.0  # the workers deliver every few seconds; a fault may hold them up


def scoring_key(queue: str, part: str) -> str:
    return f"olympus:scoring:{{q:{queue}}}:{part}"


def check_ratings(r: redis.Redis, runs: Sequence[GameRun], tally: Tally) -> None:
    """Every finished game rated once in its queue (waiting for the delivery), for each of its
    players exactly once; an aborted one not rated."""
    finished = [run for run in runs if run.status == "finished" and run.rated_queue]
    deadline = time.monotonic() + RATING_WAIT_S
    waiting = list(finished)
    while waiting and time.monotonic() < deadline:
        waiting = [
            run
            for run in waiting
            if not r.hexists(scoring_key(run.rated_queue, "games"), run.game_id)
        ]
        if waiting:
            time.sleep(1.0)
    tally.unrated += len(waiting)
    tally.rated += len(finished) - len(waiting)
    for run in runs:
        for player in run.players:
            entries = r.lrange(scoring_key(run.rated_queue, f"h:{player}"), 0, -1)
            count = sum(orjson.loads(e)["game_id"] == run.game_id for e in entries)
            tally.rated_twice += count > 1
            if run.status != "finished":
                tally.rated_twice += count > 0  # an aborted game is never rated


def check_games(
    targets: Sequence[str],
    redis_url: str,
    runs: Sequence[GameRun],
    known: Collection[str] = (),
) -> Tally:
    """`known`: the ids of every game made on this stack before these runs (earlier faults)."""
    tally = Tally(games=len(runs))
    r = redis.Redis.from_url(redis_url)
    with OlympusClient(list(targets), timeout=10.0, retries=6) as client:
        for run in runs:
            log = client.game_log(run.game_id, run.host_token)
            tally.finished += log["status"] == "finished"
            tally.aborted += log["status"] == "aborted"
            tally.acknowledged += len(run.acked)
            logged = {a["version"]: a for a in log["answers"]}
            for version, text in run.acked.items():
                entry = logged.get(version)
                if entry is None or entry["seat"] != HUMAN_SEAT or entry["text"] != text:
                    tally.lost += 1
            own = [
                a
                for a in log["answers"]
                if a["seat"] == HUMAN_SEAT
                and not a["bot"]
                and not a["timed_out"]
                and a["text"] != RESIGN
            ]
            tally.doubled += sum(1 for a in own if a["version"] not in run.acked)
            tally.timeouts += sum(1 for a in log["answers"] if a["timed_out"])
            tally.misclocked += not clock_kept(run, log)
            version, stored = stored_game(r, run.game_id)
            replayed = Game.new(GameOptions.from_data(log["options"]))
            for a in log["answers"]:
                if a["text"] != RESIGN:
                    replayed.replay_step(a["seat"], a["text"], not (a["bot"] or a["timed_out"]))
            if version != log["version"] or stored.to_bytes() != replayed.to_bytes():
                tally.mismatched += 1
    ours = {run.game_id for run in runs} | set(known)
    members = r.zrange(st.index_key("all"), 0, -1)
    listed = {st.member_game(m.decode() if isinstance(m, bytes) else str(m)) for m in members}
    tally.uncounted = len(listed - ours)
    check_ratings(r, runs, tally)
    r.close()
    return tally
