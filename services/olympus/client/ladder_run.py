"""A ladder run: N rated bot games through the real services, then the leaderboard.

The run is a client like any other: it asks the ladder service for a ladder that stops after
N rated games (`max_games`), follows it until they are played (the ladder service pairs the
tables from the ratings, the game service's workers play them, the scoring service rates each
from the game's own record), then reads the standings and each bot's rating history from the
scoring service for the plot.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import grpc

from olympus.v1 import ladder_pb2 as lpb, ladder_pb2_grpc, scoring_pb2 as spb, scoring_pb2_grpc

BOT_PREFIX = "bot:"  # a built-in bot's rated player (GameRecord.seats.player)


def player_id(bot: str) -> str:
    return BOT_PREFIX + bot


POLL_S = 0.2


@dataclass(frozen=True, slots=True)
class LadderConfig:
    queue: str
    bots: tuple[str, ...]
    games: int
    players: tuple[int, ...] = (2,)
    concurrent: int = 4
    corporate_era: bool = True
    # The table's modules and map (CreateLadderRequest's): None/"" leave the service's default.
    prelude: bool = False
    colonies: bool = False
    venus: bool = False
    world_government: bool | None = None
    map: str = ""
    game_timeout_s: float = 600.0  # a run whose ladder makes no progress this long fails


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
    games: list[str] = field(default_factory=list)  # the game ids, newest first
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
        ladder_address: str,
        scoring_address: str,
        config: LadderConfig,
        progress: Callable[[int, int], None] = lambda done, total: None,
        api_key: str = "",
    ) -> None:
        """`api_key`: an admin key (creating a ladder needs one)."""
        check_config(config)
        self.auth = (("authorization", f"Bearer {api_key}"),) if api_key else ()
        self.config = config
        self.progress = progress
        self._ladder_channel = grpc.insecure_channel(ladder_address)
        self._scoring_channel = grpc.insecure_channel(scoring_address)
        self.ladders = ladder_pb2_grpc.LadderServiceStub(self._ladder_channel)  # type: ignore[no-untyped-call]
        self.scoring = scoring_pb2_grpc.ScoringServiceStub(self._scoring_channel)  # type: ignore[no-untyped-call]

    def run(self) -> LadderResult:
        try:
            return self._run()
        finally:
            self._ladder_channel.close()
            self._scoring_channel.close()

    def _run(self) -> LadderResult:
        c = self.config
        ladder = self.ladders.CreateLadder(
            lpb.CreateLadderRequest(
                name=c.queue,
                bots=list(c.bots),
                players=list(c.players),
                concurrent=c.concurrent,
                corporate_era=c.corporate_era,
                max_games=c.games,
                prelude=c.prelude,
                colonies=c.colonies,
                venus=c.venus,
                world_government=c.world_government,
                map=c.map,
            ),
            metadata=self.auth,
            timeout=30,
        )
        base, aborted_base = ladder.games_finished, ladder.games_aborted
        done = -1
        moved = time.monotonic()
        while done < c.games:
            ladder = self.ladders.GetLadder(lpb.GetLadderRequest(name=c.queue), timeout=30)
            now_done = min(ladder.games_finished - base, c.games)
            if now_done != done:
                done, moved = now_done, time.monotonic()
                self.progress(done, c.games)
            elif time.monotonic() - moved > c.game_timeout_s:
                raise LadderError(f"no game of the ladder ended in {c.game_timeout_s:g} s")
            if done < c.games:
                time.sleep(POLL_S)
        result = LadderResult(self.standings(), aborted=ladder.games_aborted - aborted_base)
        result.history = {b: self.history(player_id(b)) for b in c.bots}
        games = self.ladders.ListLadderGames(
            lpb.ListLadderGamesRequest(name=c.queue, page_size=100), timeout=30
        )
        result.games = [g.game_id for g in games.games]
        return result

    def history(self, player: str) -> list[float]:
        """The player's rating after each of its games in the queue, oldest first."""
        out: list[float] = []
        token = ""
        while True:
            try:
                page = self.scoring.GetHistory(
                    spb.GetHistoryRequest(
                        queue=self.config.queue, player=player, page_size=100, page_token=token
                    ),
                    timeout=30,
                )
            except grpc.RpcError as exc:
                if exc.code() == grpc.StatusCode.NOT_FOUND:  # type: ignore[attr-defined]
                    return out  # never rated
                raise
            out.extend(g.rating_after.ordinal for g in page.games)
            token = page.next_page_token
            if not token:
                return list(reversed(out))

    def standings(self) -> list[Standing]:
        """The ladder's leaderboard, for this run's bots, best first."""
        out = []
        token = ""
        wanted = {player_id(b): b for b in self.config.bots}
        while True:
            page = self.ladders.GetStandings(
                lpb.GetStandingsRequest(name=self.config.queue, page_size=100, page_token=token),
                timeout=30,
            )
            for entry in page.standings:
                bot = wanted.get(entry.player)
                if bot is not None:
                    r = entry.rating
                    out.append(Standing(bot, r.ordinal, r.mu, r.sigma, r.games, r.wins))
            token = page.next_page_token
            if not token:
                return out
