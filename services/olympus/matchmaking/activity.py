"""WatchAccountActivity: an account's challenges and matched tickets, for the game service's
WatchAccount (which relays them to the account's own stream).

A stream reads the account's challenge list and its last ticket whenever one of them changed
(the shared subscription wakes it: challenges publish the account, tickets their id) and at
least every RECHECK_S (a lost message; a challenge whose time ran out). It tells what differs
from what it read before: so a message lost or sent twice changes nothing, and nothing is
stored per stream but what it last read.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from olympus.v1 import matchmaking_pb2 as mm

from .challenges import PENDING, account_channel_message
from .challenging import Challenges
from .store import MATCHED, MatchStore, TicketRow, now_ms
from .tokens import SeatTokens
from .watchers import RECHECK_S, TicketWatchers


class AccountActivity:
    def __init__(
        self,
        challenges: Challenges,
        store: MatchStore,
        watchers: TicketWatchers,
        ticket_proto: Callable[[TicketRow, SeatTokens], mm.Ticket],
        tokens: SeatTokens,
        recheck_s: float = RECHECK_S,
    ) -> None:
        self.challenges = challenges
        self.store = store
        self.watchers = watchers
        self.ticket_proto = ticket_proto  # service.ticket_to_proto (kept out of an import loop)
        self.tokens = tokens
        self.recheck_s = recheck_s

    async def watch(self, account: str) -> AsyncIterator[mm.AccountActivity]:
        woke = asyncio.Event()
        channel = account_channel_message(account)
        keys = {channel}
        self.watchers.add(channel, woke)
        known: dict[str, bytes] = {}
        ticket_status: dict[str, str] = {}
        first = True
        try:
            while True:
                woke.clear()
                for out in await self._challenges(account, known, first):
                    yield out
                tid = await self.store.open_ticket(account)
                if tid and tid not in keys:
                    for old in keys - {channel}:
                        self.watchers.discard(old, woke)
                    keys = {channel, tid}
                    self.watchers.add(tid, woke)
                row = await self.store.ticket(tid) if tid else None
                if row is not None:
                    before = ticket_status.get(tid)
                    ticket_status = {tid: row.status}
                    if row.status == MATCHED and before != MATCHED and not first:
                        ticket = self.ticket_proto(row, self.tokens)
                        yield mm.AccountActivity(
                            kind=mm.ACCOUNT_ACTIVITY_KIND_TICKET_MATCHED, ticket=ticket
                        )
                first = False
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.recheck_s):
                        await woke.wait()
        finally:
            for key in keys:
                self.watchers.discard(key, woke)

    async def _challenges(
        self, account: str, known: dict[str, bytes], first: bool
    ) -> list[mm.AccountActivity]:
        out = []
        now = now_ms()
        rows = await self.challenges.store.account_challenges(account)
        for row in reversed(rows):  # oldest first
            msg = self.challenges.to_proto(row, account)
            blob = msg.SerializeToString(deterministic=True)
            before = known.get(row.challenge_id)
            if before == blob:
                continue
            known[row.challenge_id] = blob
            to_answer = (
                row.challenger != account
                and row.answers.get(account) == PENDING
                and row.status_at(now) == PENDING
            )
            if before is None and to_answer:
                kind = mm.ACCOUNT_ACTIVITY_KIND_CHALLENGE_RECEIVED
            elif before is not None or not first:
                kind = mm.ACCOUNT_ACTIVITY_KIND_CHALLENGE_UPDATED
            else:
                continue  # as it was when the stream opened: nothing to tell
            out.append(mm.AccountActivity(kind=kind, challenge=msg))
        return out
