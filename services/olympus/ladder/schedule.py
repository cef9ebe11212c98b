"""Ladders kept running by the ladder service itself: every LADDER_SECONDS a tick, for every
ladder (store.py):

- **settles** its running games: a finished one is recorded by the scoring service at once
  (ReportResult: the result, queue and players come from the game service's own record, which
  the ladder fixed when it made the game) and counted; an aborted or vanished one is counted
  unrated;
- **finishes** the tables being made (a tick that died, or a peer that was down, left them
  pending): each is asked for again with the same request, which makes its game once;
- **starts** new games up to the ladder's number of concurrent games (and its `max_games`),
  pairing from the current ratings (`pairing.next_table`, ratings from the scoring service).

A table of built-in bots is made on the game service (CreateGame with the ladder's rated queue
and a request id: idempotent). A table with external bots (an open ladder) is seated by
matchmaking, which holds their ladder tickets: SeatLadderTable claims the tickets, makes the
game and hands each bot its seat (idempotent by the table's match id). Every call goes through
the peers' APIs with the service credential (peers.py); this service reads and writes only its
own keys.

A tick holds each ladder's lock for its work, so two replicas never start games for the same
ladder at once; every step can be repeated, so a tick that dies half-way loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from dataclasses import dataclass

import grpc

from olympus.v1 import game_pb2

from .pairing import Entrant, next_table, player_counts
from .peers import Peers, Refused
from .store import (
    ABORTED,
    FINISHED,
    RUNNING,
    STOPPED,
    LadderRow,
    LadderSpec,
    LadderStore,
    Pending,
    player_id,
)

log = logging.getLogger("olympus.ladder")
LADDER_SECONDS = 2.0


@dataclass
class Ticked:
    reported: int = 0
    dropped: int = 0
    started: int = 0


class LadderScheduler:
    def __init__(self, store: LadderStore, peers: Peers, every_s: float = LADDER_SECONDS) -> None:
        self.store = store
        self.peers = peers
        self.every_s = every_s
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        self._stopping.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError, Exception):
                async with asyncio.timeout(15):
                    await self._task
            self._task = None

    async def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("ladder tick failed; trying again")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.every_s):
                    await self._stopping.wait()

    async def tick(self) -> Ticked:
        out = Ticked()
        for name in await self.store.names():
            if self._stopping.is_set():
                break
            token = await self.store.lock(name)
            if token is None:
                continue  # another replica's tick is at work on it
            try:
                await self._ladder(name, out)
            except (grpc.aio.AioRpcError, Refused) as exc:
                log.warning("ladder %s: a peer failed (%s); next tick", name, exc)
            finally:
                await self.store.unlock(name, token)
        return out

    async def _ladder(self, name: str, out: Ticked) -> None:
        await self._settle(name, out)
        for table in await self.store.pending(name):
            await self._make(name, table)
        row = await self.store.row(name)
        if row.state == RUNNING and row.spec.max_games and self._limit_reached(row, 0):
            await self.store.set_state(name, STOPPED)
            log.info("ladder %s: %d games played, stopped", name, row.finished_since_start)
            return
        if row.state == RUNNING:
            await self._fill(row, out)

    @staticmethod
    def _limit_reached(row: LadderRow, pending: int) -> bool:
        limit = row.spec.max_games
        return bool(limit) and row.finished_since_start + row.running + pending >= limit

    # --- settling ------------------------------------------------------------------------------
    async def _settle(self, name: str, out: Ticked) -> None:
        for game_id in await self.store.running(name):
            try:
                record = await self.peers.record(game_id)
            except Refused as exc:
                if exc.code != grpc.StatusCode.NOT_FOUND:
                    raise
                await self.store.ended(name, game_id, ABORTED)  # gone: never rated here
                out.dropped += 1
                continue
            if record.status == game_pb2.GAME_STATUS_FINISHED:
                await self.peers.report(game_id)
                await self.store.ended(name, game_id, FINISHED)
                out.reported += 1
            elif record.status == game_pb2.GAME_STATUS_ABORTED:
                await self.store.ended(name, game_id, ABORTED)
                out.dropped += 1

    # --- making tables -------------------------------------------------------------------------
    async def _make(self, name: str, table: Pending) -> bool:
        """Ask for a table's game (again): True once it exists and runs."""
        request = game_pb2.CreateGameRequest.FromString(table.request)
        try:
            if table.tickets:
                game_id = await self.peers.seat_table(name, table.match_id, request, table.tickets)
            else:
                game_id = await self.peers.create_game(request)
        except Refused as exc:
            # Tickets taken or cancelled, or a request no repeat can make: nothing was made.
            log.info("ladder %s: a table was not made (%s)", name, exc.reason or exc.code.name)
            await self.store.drop_pending(name, table.match_id)
            return False
        except grpc.aio.AioRpcError as exc:
            log.warning("ladder %s: a table is still being made (%s)", name, exc.code().name)
            return False
        await self.store.started(name, table.match_id, game_id, table.players)
        return True

    async def _fill(self, row: LadderRow, out: Ticked) -> None:
        spec = row.spec
        running = await self.store.running(spec.name)
        pending = await self.store.pending(spec.name)
        if len(running) + len(pending) >= spec.concurrent:
            return
        waiting = await self.peers.ladder_tickets(spec.name) if spec.open else []
        bots = [player_id(b) for b in spec.bots]
        ratings = await self.peers.ratings(spec.name, bots + [t.account_id for t in waiting])
        entrants = [Entrant(b, *ratings.get(b, (0, 0.0))) for b in bots]
        externals = {
            t.account_id: (t, Entrant(t.account_id, *ratings.get(t.account_id, (0, 0.0)), True))
            for t in waiting
        }
        busy = {p for players in running.values() for p in players}
        busy |= {p for table in pending for p in table.players}
        started = row.started + len(pending)
        rnd = random.Random(f"{spec.name}:{started}")
        count = len(running) + len(pending)
        while count < spec.concurrent and not self._limit_reached(row, count - row.running):
            players = player_counts(spec.players, started)
            pool = entrants + [e for a, (_, e) in externals.items() if a not in busy]
            seats = next_table(pool, players, rnd, frozenset(busy))
            tickets = {externals[p][0].ticket_id: i for i, p in enumerate(seats) if p in externals}
            table = _table(spec, seats, tickets)
            await self.store.add_pending(spec.name, table)
            started += 1
            count += 1
            busy |= set(seats)
            if await self._make(spec.name, table):
                out.started += 1
            for account in list(externals):
                if account in seats:
                    del externals[account]  # seated, or its ticket was taken: not again


def _table(spec: LadderSpec, seats: list[str], tickets: dict[str, int]) -> Pending:
    """A table's request: built-in bots seated by name; an external bot's seat left for
    matchmaking to fill (its account, its token). No seed: the game service draws a secret one.
    A table of bots only carries a request id (the match id): asked again, the same game."""
    mid = secrets.token_hex(8)
    options = game_pb2.GameOptions(
        players=len(seats),
        corporate_era=spec.corporate_era,
        map=spec.map,
        prelude=spec.prelude,
        colonies=spec.colonies,
        venus=spec.venus,
    )
    if spec.world_government is not None:  # unset: the game service's default (with venus)
        options.world_government = spec.world_government
    request = game_pb2.CreateGameRequest(
        options=options,
        time_control=game_pb2.TimeControl(decision_seconds=spec.decision_seconds),
        rated_queue=spec.name,
    )
    external_seats = set(tickets.values())
    for i, player in enumerate(seats):
        if i in external_seats:
            request.seats.add(kind=game_pb2.SEAT_KIND_HUMAN)
        else:
            bot = player.removeprefix("bot:")
            request.seats.add(kind=game_pb2.SEAT_KIND_BOT, bot=bot, name=bot)
    if not tickets:
        request.request_id = mid
    return Pending(mid, request.SerializeToString(deterministic=True), list(seats), tickets)
