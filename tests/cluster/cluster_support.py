"""What the Redis Cluster tests share: seats played from the test (each acknowledged answer
recorded) and the stored games checked against a replay of their logs."""

from __future__ import annotations

import random
import threading

import redis

from olympus.client import OlympusClient, StaleVersion
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
    answer the service acknowledged: (version it made, seat, answer text)."""

    def __init__(
        self, client: OlympusClient, game_id: str, tokens: dict[int, str], seed: int
    ) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.game_id = game_id
        self.tokens = tokens
        self.seed = seed
        self.acknowledged: list[tuple[int, int, str]] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # the test reads it after join
            self.error = exc

    def _play(self) -> None:
        rnd = random.Random(self.seed)
        seats = {s: self.client.join(self.game_id, t) for s, t in self.tokens.items()}
        spectator = self.client.spectate(self.game_id)
        for _ in range(20_000):
            state = spectator.decision()
            if state.status != "active":
                return
            mine = [s for s in state.waiting_for if s in seats]
            if not mine:
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
            self.acknowledged.append((result.version, decision.decision["player"], result.answer))
        raise AssertionError("the game did not finish")


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
