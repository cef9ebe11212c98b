"""A ladder run: keep a number of rated bot games going through the real services until the
wanted number has finished, each result reported to the scoring service (which rates it in the
ladder's queue), then read the leaderboard.

The runner is a client like any other: it creates games with bot seats on the game service
(the workers play them), watches them end, and reports them. Pairing: `pairing.next_table`,
from the ratings the scoring service returned.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from olympus.v1 import game_pb2 as pb
from olympus.v1 import scoring_pb2 as spb

from .pairing import Entrant, next_table, player_counts
from .store import player_id

POLL_S = 0.1


@dataclass(frozen=True, slots=True)
class LadderConfig:
    queue: str
    bots: tuple[str, ...]
    games: int
    players: tuple[int, ...] = (2,)
    concurrent: int = 4
    corporate_era: bool = True
    seed: int = 1
    game_timeout_s: float = 600.0


@dataclass(frozen=True, slots=True)
class Standing:
    bot: str
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass
class LadderResult:
    standings: list[Standing]
    history: dict[str, list[float]] = field(default_factory=dict)  # rating after each game
    games: list[str] = field(default_factory=list)  # the game ids, in the order they ended
    aborted: int = 0  # games that ended without a result (not rated, played again)


class LadderError(Exception):
    pass


def check_config(config: LadderConfig) -> None:
    if len(set(config.bots)) != len(config.bots) or not config.bots:
        raise LadderError("name each bot once, at least one")
    if max(config.players) > len(config.bots):
        raise LadderError(
            f"a {max(config.players)}-player table needs as many bots; got {len(config.bots)}"
        )
    if config.games < 1 or config.concurrent < 1:
        raise LadderError("--games and --concurrent must be at least 1")


class LadderRun:
    def __init__(
        self,
        games: Any,  # a GameService stub
        scoring: Any,  # a ScoringService stub
        config: LadderConfig,
        progress: Callable[[int, int], None] = lambda done, total: None,
        api_key: str = "",
    ) -> None:
        """`api_key`: a key with the `ladder` scope, which rated reports need."""
        check_config(config)
        self.auth = (("authorization", f"Bearer {api_key}"),) if api_key else ()
        self.games = games
        self.scoring = scoring
        self.config = config
        self.progress = progress
        self.rnd = random.Random(config.seed)
        self.entrants = {b: Entrant(b) for b in config.bots}
        self.result = LadderResult([], {b: [] for b in config.bots})
        self.running: dict[str, tuple[list[str], float]] = {}  # game -> (bots by seat, started)

    def run(self) -> LadderResult:
        started = finished = 0
        while finished < self.config.games:
            while len(self.running) < self.config.concurrent and started < self.config.games:
                self._start(player_counts(self.config.players, started))
                started += 1
            time.sleep(POLL_S)
            for game_id in list(self.running):
                ended = self._poll(game_id)
                if ended is None:
                    continue
                del self.running[game_id]
                if ended:
                    finished += 1
                    self.progress(finished, self.config.games)
                else:  # aborted: no result, the game is played again
                    self.result.aborted += 1
                    started -= 1
        self.result.standings = self.standings()
        return self.result

    def _start(self, players: int) -> None:
        busy = frozenset(b for bots, _ in self.running.values() for b in bots)
        table = next_table(list(self.entrants.values()), players, self.rnd, busy)
        request = pb.CreateGameRequest(
            options=pb.GameOptions(players=players, corporate_era=self.config.corporate_era),
            seats=[pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=b, name=b) for b in table],
        )
        reply = self.games.CreateGame(request, timeout=30)
        self.running[reply.game_id] = (table, time.monotonic())

    def _poll(self, game_id: str) -> bool | None:
        """None while the game runs; True once finished and reported; False if aborted."""
        table, since = self.running[game_id]
        view = self.games.GetGame(pb.GetGameRequest(game_id=game_id), timeout=30).game
        if view.status == pb.GAME_STATUS_ABORTED:
            return False
        if view.status != pb.GAME_STATUS_FINISHED:
            if time.monotonic() - since > self.config.game_timeout_s:
                raise LadderError(f"game {game_id} did not end in {self.config.game_timeout_s} s")
            return None
        reply = self.scoring.ReportResult(
            spb.ReportResultRequest(
                game_id=game_id,
                queue=self.config.queue,
                players=[spb.SeatPlayer(seat=i, player=player_id(b)) for i, b in enumerate(table)],
            ),
            timeout=30,
            metadata=self.auth,
        )
        for seat in reply.result.seats:
            bot = table[seat.seat]
            after = seat.rating_after
            self.entrants[bot] = Entrant(bot, after.games, after.ordinal)
            self.result.history[bot].append(after.ordinal)
        self.result.games.append(game_id)
        return True

    def standings(self) -> list[Standing]:
        """The ladder's leaderboard, for this run's bots, best first."""
        out = []
        token = ""
        wanted = {player_id(b): b for b in self.config.bots}
        while True:
            page = self.scoring.Leaderboard(
                spb.LeaderboardRequest(queue=self.config.queue, page_size=100, page_token=token),
                timeout=30,
            )
            for entry in page.entries:
                bot = wanted.get(entry.player)
                if bot is not None:
                    r = entry.rating
                    out.append(Standing(bot, r.ordinal, r.mu, r.sigma, r.games, r.wins))
            token = page.next_page_token
            if not token:
                return out
