"""What became of the games of a fault run: every acknowledged answer in the log, no answer
applied twice, the stored state equal to a replay of the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    acknowledged: int = 0

    def as_dict(self) -> dict[str, int]:
        return dict(vars(self))


def stored_game(r: redis.Redis, game_id: str) -> tuple[int, Game]:
    raw = r.get(f"{st.PREFIX}:{{g:{game_id}}}:state")
    if not isinstance(raw, bytes):
        raise LookupError(f"game {game_id} has no stored state")
    version, _, blob = raw.partition(b":")
    return int(version), unpack_blob(blob)[1]


def check_games(targets: Sequence[str], redis_url: str, runs: Sequence[GameRun]) -> Tally:
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
            version, stored = stored_game(r, run.game_id)
            replayed = Game.new(GameOptions.from_data(log["options"]))
            for a in log["answers"]:
                if a["text"] != RESIGN:
                    replayed.replay_step(a["seat"], a["text"], not (a["bot"] or a["timed_out"]))
            if version != log["version"] or stored.to_bytes() != replayed.to_bytes():
                tally.mismatched += 1
    r.close()
    return tally
