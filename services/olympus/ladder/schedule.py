"""Ladders kept running by the workers: beat sends `olympus.ladder_tick` every few seconds, and
each tick, for every ladder configured in Redis (store.py), reports the ladder's games that
finished (the scoring service's record: once per game, rated in the ladder's queue), drops those
aborted, and starts new games until the ladder's number of concurrent games is reached, pairing
from the current ratings (`pairing.next_table`).

A ladder that is open to external bots also seats the ladder tickets waiting in matchmaking
(MatchFormat.ladder): each table with external bots is claimed, created and assigned through
the matchmaking store, like a match of the matcher's: the claim stores the table's
CreateGameRequest (request_id the match id, the seat tokens chosen then), and the game is made
from it in this process through the game service's own path (`create_from_request`), so that a
tick that dies, or fails to reach Redis, between the claim and the assignment leaves a match
whose lease runs out and that the matchmaking service's recovery finishes by sending the same
request (the same game, made once; see matchmaking/matcher.py). The tickets are never seated
twice, a cancelled one is never seated. The table is listed in `running` under its game id
(derived from the request) before the game is made, so a game made by that recovery is rated
like the others; a listed game that does not exist is waited for while its match is claimed,
and dropped once the match is released (a refusal for good: no game). The external bot learns of its game through WatchTicket and plays it
through the game API, on the ladder's clock.

A tick holds the ladder's lock for its work, so two ticks never start games for the same
ladder at once; a game is reported before it leaves `running`, and the report is idempotent,
so a tick that dies half-way loses nothing.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from olympus.gamestate import store as gst
from olympus.gamestate.auth import new_token
from olympus.gamestate.chosen import derived_game_id
from olympus.gamestate.core import Games
from olympus.gamestate.service import create_from_request
from olympus.matchmaking.formats import ladder_format
from olympus.matchmaking.matcher import REFUSED_FOR_GOOD
from olympus.matchmaking.store import MatchRow, MatchStore, new_match_id
from olympus.platform.errors import NotFound, as_service_error
from olympus.scoring.ratings import Rating
from olympus.scoring.service import Scoring
from olympus.v1 import game_pb2

from .pairing import Entrant, next_table, player_counts
from .store import (
    ACCOUNT_PREFIX,
    BOT_PREFIX,
    LadderSpec,
    LadderStore,
    player_id,
    rated_player,
    seat_entry,
)

log = logging.getLogger("olympus.ladder")
SCAN_LIMIT = 200  # waiting ladder tickets looked at per tick
LEASE_MS = 20_000  # a claimed table's lease: within it the game is created and assigned


@dataclass(frozen=True, slots=True)
class Waiting:
    """An external bot whose ladder ticket waits."""

    ticket: str
    name: str  # the account's name: its seat's name
    entrant: Entrant


@dataclass
class Ticked:
    reported: int = 0
    dropped: int = 0
    started: int = 0


class LadderScheduler:
    def __init__(
        self, store: LadderStore, games: Games, scoring: Scoring, tickets: MatchStore
    ) -> None:
        self.store = store
        self.games = games
        self.scoring = scoring
        self.tickets = tickets  # the ladder tickets external bots queue with (matchmaking)

    async def tick(self) -> Ticked:
        out = Ticked()
        active = set(await self.store.active())
        for name in await self.store.with_running():
            token = await self.store.lock(name)
            if token is None:
                continue  # another tick is at work on it
            try:
                spec = await self.store.spec(name)
                await self._settle(spec, out)
                if name in active:
                    await self._fill(spec, out)
            finally:
                await self.store.unlock(name, token)
        return out

    async def _settle(self, spec: LadderSpec, out: Ticked) -> None:
        for game_id, table in (await self.store.running(spec.name)).items():
            raw = (await self.games.store.summary(game_id))["status"]
            status = raw.decode() if raw else ""
            if status == gst.STATUS_FINISHED:
                players = [(i, rated_player(entry)) for i, entry in enumerate(table)]
                await self.scoring.report(game_id, spec.name, players)
                out.reported += 1
            elif status == "" and await self._being_made(spec, game_id):
                continue  # its match is still claimed: matchmaking's recovery makes it
            elif status in (gst.STATUS_ABORTED, ""):  # aborted, gone or never made: not rated
                out.dropped += 1
            else:
                continue
            await self.store.done(spec.name, game_id)

    async def _fill(self, spec: LadderSpec, out: Ticked) -> None:
        running = await self.store.running(spec.name)
        if len(running) >= spec.concurrent:
            return
        bots = [await self._entrant(spec, player_id(b), player_id(b)) for b in spec.bots]
        waiting = await self._waiting(spec) if spec.open else {}
        started = await self.store.started(spec.name)
        rnd = random.Random(f"{spec.name}:{started}")
        busy = {seat_entry(entry) for table in running.values() for entry in table}
        while len(running) < spec.concurrent:
            players = player_counts(spec.players, started)
            externals = [w.entrant for w in waiting.values()]
            table = next_table(bots + externals, players, rnd, frozenset(busy))
            seated = {entry: waiting.pop(entry) for entry in table if entry in waiting}
            made = await self._start(spec, table, seated)
            if made is None:
                continue  # a ticket was cancelled or taken meanwhile: the others wait on
            game_id, started = made
            running[game_id] = table
            busy |= set(table)
            out.started += 1

    async def _start(
        self, spec: LadderSpec, table: list[str], tickets: dict[str, Waiting]
    ) -> tuple[str, int] | None:
        """Create the table's game and list it as running: (its id, games started so far).
        With external bots, through a claimed match, listed before the game is made (its id is
        derived from the match's request), so that a game made by matchmaking's recovery after
        this tick died is still rated; None when one of their tickets was cancelled or taken
        meanwhile."""
        # No seed in the request: the game service draws a secret one (seed_chosen stays off).
        request = game_pb2.CreateGameRequest(
            options=game_pb2.GameOptions(players=len(table), corporate_era=spec.corporate_era),
            time_control=game_pb2.TimeControl(decision_seconds=spec.decision_seconds),
        )
        mid = new_match_id()
        by_ticket: dict[str, list[Any]] = {}
        for seat, entry in enumerate(table):
            if entry in tickets:
                token = new_token()
                by_ticket[tickets[entry].ticket] = [seat, token]
                request.seats.add(
                    kind=game_pb2.SEAT_KIND_HUMAN, name=tickets[entry].name, token=token
                )
            else:
                bot = entry.removeprefix(BOT_PREFIX)
                request.seats.add(kind=game_pb2.SEAT_KIND_BOT, bot=bot, name=bot)
        if not tickets:
            game_id = (await create_from_request(self.games, request, "")).meta.game_id
            return game_id, await self.store.add_running(spec.name, game_id, table)
        request.request_id = mid
        raw = request.SerializeToString(deterministic=True)
        fid = ladder_format(spec.name).format_id
        claimed = [w.ticket for w in tickets.values()]
        bots = len(table) - len(claimed)
        if await self.tickets.claim(fid, claimed, bots, 0, LEASE_MS, mid, raw, by_ticket) is None:
            return None
        match = MatchRow(fid, mid, "claimed", claimed, bots, 0, "", by_ticket, raw)
        game_id = derived_game_id("", mid)
        started = await self.store.add_running(spec.name, game_id, table, mid)
        try:
            created = await create_from_request(self.games, request, "")
        except Exception as exc:
            if as_service_error(exc).status in REFUSED_FOR_GOOD:
                await self.tickets.release(match, False)  # they wait for the next table
            # else left claimed: after its lease the matchmaking recovery sends it again
            raise
        assert created.meta.game_id == game_id  # derived from the request (chosen.py)
        if not await self.tickets.finish(match, game_id, by_ticket):
            log.error(
                "a ladder match was no longer claimed when its game was made",
                extra={"match": mid, "game_id": game_id},
            )
        return game_id, started

    async def _being_made(self, spec: LadderSpec, game_id: str) -> bool:
        """Whether a listed game that does not exist (yet) is still to be made: its match is
        claimed, so the matchmaking recovery sends its request again."""
        mid = await self.store.claimed_match(spec.name, game_id)
        if not mid:
            return False
        match = await self.tickets.match(ladder_format(spec.name).format_id, mid)
        return match is not None and match.state == "claimed"

    async def _waiting(self, spec: LadderSpec) -> dict[str, Waiting]:
        """The external bots waiting for this ladder, longest-waiting first, by seat entry."""
        out: dict[str, Waiting] = {}
        fid = ladder_format(spec.name).format_id
        for tid, _, _ in await self.tickets.waiting(fid, SCAN_LIMIT):
            row = await self.tickets.ticket(tid)
            if row is None:
                continue
            entry = ACCOUNT_PREFIX + row.account
            out[entry] = Waiting(tid, row.name, await self._entrant(spec, entry, row.account))
        return out

    async def _entrant(self, spec: LadderSpec, entry: str, rated_id: str) -> Entrant:
        try:
            rating, _ = await self.scoring.rating(spec.name, rated_id)
        except NotFound:
            rating = Rating(25.0, 25.0 / 3)
        external = entry.startswith(ACCOUNT_PREFIX)
        return Entrant(entry, rating.games, rating.ordinal, external)
