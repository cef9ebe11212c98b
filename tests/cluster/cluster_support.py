"""What the Redis Cluster tests share: seats played from the test (each acknowledged answer
recorded) and the stored games checked against a replay of their logs."""

from __future__ import annotations

import random
import threading
import time

import redis

from olympus.client import GameServiceError, OlympusClient, StaleVersion
from olympus.client.players import pick
from olympus.engine import Game
from olympus.gamestate import store as st
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.records import RESIGN, unpack_log
from olympus.platform.embedded_cluster import EmbeddedCluster


def cluster_reader(cluster: EmbeddedCluster) -> redis.RedisCluster:
    return redis.RedisCluster(
        startup_nodes=[redis.cluster.ClusterNode("127.0.0.1", p) for p in cluster.ports],
        socket_timeout=5,
    )


class SeatPlayer(threading.Thread):
    """Plays one game's human seats to the end with random legal answers, recording every
    answer the service acknowledged: (version it made, seat, answer text). Like a patient
    client, it keeps trying through UNAVAILABLE (a shard without the replicas strict
    durability asks for) for up to `patience_s` in all."""

    POLL_S = 0.02  # between looks at a game that waits for someone else

    def __init__(
        self,
        client: OlympusClient,
        game_id: str,
        tokens: dict[int, str],
        seed: int,
        patience_s: float = 600.0,
    ) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.game_id = game_id
        self.tokens = tokens
        self.seed = seed
        self.patience_s = patience_s
        self.acknowledged: list[tuple[int, int, str]] = []
        self.unavailable = 0  # answers refused UNAVAILABLE after the client's own retries
        self.error: BaseException | None = None
        self.last_seen = ""

    def describe(self) -> str:
        """For a failure message: where this player is."""
        alive = "playing" if self.is_alive() else f"stopped ({self.error!r})"
        return (
            f"{self.game_id}: {alive}, {len(self.acknowledged)} acknowledged, "
            f"{self.unavailable} unavailable, last seen {self.last_seen}"
        )

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # the test reads it after join
            self.error = exc

    def _play(self) -> None:
        rnd = random.Random(self.seed)
        seats = {s: self.client.join(self.game_id, t) for s, t in self.tokens.items()}
        spectator = self.client.spectate(self.game_id)
        deadline = time.monotonic() + self.patience_s
        while time.monotonic() < deadline:
            state = spectator.decision()
            self.last_seen = f"v{state.version} {state.status}, waiting for {state.waiting_for}"
            if state.status != "active":
                return
            mine = [s for s in state.waiting_for if s in seats]
            if not mine:
                time.sleep(self.POLL_S)
                continue
            handle = seats[rnd.choice(mine)]
            decision = handle.decision()
            if not decision.your_turn or decision.decision is None:
                continue
            answer = pick(decision.decision, rnd)
            try:
                result = handle.act(answer, version=decision.version)
            except StaleVersion:
                continue
            except GameServiceError as exc:
                if exc.status != "UNAVAILABLE":
                    raise
                self.unavailable += 1
                continue  # look again: it may have been written, unacknowledged
            self.acknowledged.append((result.version, decision.decision["player"], result.answer))
        raise AssertionError(f"the game did not finish in {self.patience_s:g} s")


def check_stored_game(reader: redis.RedisCluster, game_id: str) -> list[tuple[int, int, str]]:
    """The game's stored log as (version, seat, text); its stored state must be a replay of
    that log (views and result equal). Returns the log."""
    meta = GameMeta.from_json(game_id, reader.hget(st.game_key(game_id, "game"), "meta") or b"")
    answers = unpack_log(
        reader.lrange(st.game_key(game_id, "logz"), 0, -1),
        reader.lrange(st.game_key(game_id, "log"), 0, -1),
    )
    log = [(a.version, a.seat, a.text) for a in answers]
    assert [v for v, _, _ in log] == list(range(2, 2 + len(log))), "a gap or a double in the log"
    replayed = Game.replay(meta.options, [(s, t) for _, s, t in log if t != RESIGN])
    raw = reader.get(st.game_key(game_id, "state"))
    assert raw is not None
    version, blob = st.unpack_state(raw)
    assert version == 1 + len(log)
    _, stored = unpack_blob(blob)
    assert stored.is_over == replayed.is_over
    for viewer in [None, *range(meta.options.players)]:
        assert stored.view(viewer) == replayed.view(viewer), f"view of {viewer} differs"
    if stored.is_over:
        assert stored.result() == replayed.result()
    return log
