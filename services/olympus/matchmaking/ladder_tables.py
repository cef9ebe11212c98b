"""Ladder tables: external bots' ladder tickets seated at the tables the ladder service chooses
(ListLadderTickets, SeatLadderTable; the ladder service's credential only).

A ladder's tickets wait in the ladder's own queue (formats.ladder_format), which the matcher
never groups: the ladder pairs them by its ratings. To seat some, the ladder sends the table
(a CreateGameRequest whose ticket seats are human seats without token or account) under a match
id of its own; this service fills each ticket's seat (its account, its name; the token is
derived, tokens.py), claims the tickets with the request exactly as a match of its own, makes
the game and assigns the tickets (`Matcher.create_and_assign`). A repeat of the same match id
finds the match: the same game, or TRY_AGAIN while it is being made; a match whose lease ran
out is finished by the matcher's recovery like any other. So a table is made once, and a
cancelled or taken ticket is never seated.
"""

from __future__ import annotations

import re

from olympus.api.names import valid_ladder_name
from olympus.platform.errors import FailedPrecondition, InvalidArgument, Unavailable, quote
from olympus.v1 import game_pb2, matchmaking_pb2

from .formats import ladder_format
from .matcher import Matcher
from .store import WAITING, MatchRow, MatchStore

DEFAULT_PAGE = 200
MAX_PAGE = 500
LEASE_MS = 20_000
_MATCH_RE = re.compile(r"[0-9a-f]{16}")


def _ladder_fid(ladder: str) -> str:
    if not valid_ladder_name(ladder):
        raise InvalidArgument(f"not a ladder name: {quote(ladder)}", reason="INVALID_ARGUMENT")
    return ladder_format(ladder).format_id


class LadderTables:
    def __init__(self, store: MatchStore, matcher: Matcher) -> None:
        self.store = store
        self.matcher = matcher

    async def list_tickets(
        self, ladder: str, page_size: int
    ) -> matchmaking_pb2.ListLadderTicketsResponse:
        fid = _ladder_fid(ladder)
        size = page_size or DEFAULT_PAGE
        if not 1 <= size <= MAX_PAGE:
            raise InvalidArgument(f"page_size: 1 to {MAX_PAGE}", reason="INVALID_PAGE_SIZE")
        out = matchmaking_pb2.ListLadderTicketsResponse()
        for tid, since, _ in await self.store.waiting(fid, size):
            row = await self.store.ticket(tid)
            if row is None or row.status != WAITING or not await self.matcher.still_allowed(row):
                continue
            ticket = out.tickets.add(ticket_id=tid, account_id=row.account, name=row.name)
            ticket.create_time.FromMilliseconds(since)
        return out

    async def seat(
        self, request: matchmaking_pb2.SeatLadderTableRequest
    ) -> matchmaking_pb2.SeatLadderTableResponse:
        fid = _ladder_fid(request.ladder)
        mid = request.match_id
        if not _MATCH_RE.fullmatch(mid):
            raise InvalidArgument("match_id: 16 lowercase hex digits", reason="INVALID_ARGUMENT")
        known = await self.store.match(fid, mid)
        if known is None:
            known = await self._claim(fid, mid, request)
            await self.matcher.create_and_assign(known)
            known = await self.store.match(fid, mid) or known
        return self._outcome(known)

    async def _claim(
        self, fid: str, mid: str, request: matchmaking_pb2.SeatLadderTableRequest
    ) -> MatchRow:
        game = game_pb2.CreateGameRequest()
        game.CopyFrom(request.game)
        seats = len(game.seats)
        chosen: dict[str, list[object]] = {}
        if not request.tickets:
            raise InvalidArgument("a ladder table seats at least one ticket")
        for t in request.tickets:
            if t.ticket_id in chosen:
                raise InvalidArgument("tickets: each ticket once")
            if not 0 <= t.seat < seats:
                raise InvalidArgument(f"seat {t.seat} is not a seat of this {seats}-seat table")
            spec = game.seats[t.seat]
            if spec.kind == game_pb2.SEAT_KIND_BOT or spec.token or spec.account_id:
                raise InvalidArgument(
                    f"seat {t.seat}: a ticket's seat is a human seat without token or account"
                )
            row = await self.store.ticket(t.ticket_id)
            if row is None or row.format.ladder != ladder_format(request.ladder).ladder:
                raise FailedPrecondition(
                    "a ticket of this table is not this ladder's", reason="TICKETS_TAKEN"
                )
            if row.status != WAITING or not await self.matcher.still_allowed(row):
                raise FailedPrecondition(
                    "a ticket of this table is no longer waiting: nothing was made",
                    reason="TICKETS_TAKEN",
                )
            spec.name, spec.account_id = row.name, row.account
            chosen[t.ticket_id] = [t.seat, ""]
        if len({int(str(s[0])) for s in chosen.values()}) != len(chosen):
            raise InvalidArgument("tickets: each at a seat of its own")
        game.request_id = mid
        raw = game.SerializeToString(deterministic=True)
        tickets = list(chosen)
        bots = seats - len(tickets)
        claimed = await self.store.claim(fid, tickets, bots, 0, LEASE_MS, mid, raw, chosen)
        if claimed is None:
            raise FailedPrecondition(
                "a ticket of this table was taken or cancelled meanwhile: nothing was made",
                reason="TICKETS_TAKEN",
            )
        return MatchRow(fid, mid, "claimed", tickets, bots, 0, "", chosen, raw)

    @staticmethod
    def _outcome(match: MatchRow) -> matchmaking_pb2.SeatLadderTableResponse:
        if match.state in ("created", "assigned") and match.game_id:
            return matchmaking_pb2.SeatLadderTableResponse(game_id=match.game_id)
        if match.state == "released":
            raise FailedPrecondition(
                "the game service refused this table; its tickets wait again",
                reason="TICKETS_TAKEN",
            )
        raise Unavailable("the table's game is being made: ask again", reason="TRY_AGAIN")
