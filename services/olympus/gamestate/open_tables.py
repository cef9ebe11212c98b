"""Open tables: human seats left for anyone signed in to take (ListOpenTables, TakeSeat).

Who sits at an open seat is the game service's own record, never a caller's claim: the seat
goes to the account of the API key that calls TakeSeat, by one compare-and-set in the game's
own slot, and the seat's token is then issued to that key (grants.py). The metadata, with the
token hashes of creation, is written once and cached everywhere, so the record lives in the
game's grants hash (deleted with the game, like every key of it):

    olympus:{g:<id>}:grants    "o:<seat>" -> "" while the open seat is free, then the
                               account id that took it; "n:<seat>" -> that account's name

and the list of tables with a free seat, outside any game's slot (written after the game and
its open seats: a listed table's seats can always be taken):

    olympus:games:open         sorted set: game ids, scored by creation ms

A table leaves the list when its last open seat is taken; one that ended or was deleted is
dropped by the next listing that finds it there. The tokens made at creation for open seats
are never handed out: the creator cannot play them.

A taken seat is the account's like a seat a platform service gave it (seating.py's index,
written after the compare-and-set, again on a repeat): ListMyGames lists it, WatchAccount
follows it, a revoked key's token for it is taken back and a disabled account's seat is handed
to the table. The metadata names the open seats (not who took them), so whatever shows a seat's
account (GetGame, GetGameLog, ListGames, ListMyGames, GetGameRecord) reads the takers with it,
once per call and only for a game with open seats (seating.py's `seated`); and the end of the
game moves the takers' entries among their ended games like the seats the metadata names
(seating.ended). Should that be cut short (the process died), the account's next TakeSeat moves
every entry whose game ended (ListMyGames and WatchAccount pass over such entries meanwhile).

Under strict durability (durability.py: replicas to wait for) the compare-and-set goes through
the store's writing path, WAIT after it on the same connection: TakeSeat answers only once the
replicas hold the seat's record, or fails UNAVAILABLE (the record may stay on the master: the
same account asking again gets its seat, acknowledged once the replicas hold it, like a
repeated CreateGame).

ListOpenTables pages by the list's score and id: a page token is "<creation ms, 15 digits>:<game
id>" of the page's last table, and the next page holds the tables listed after it, newest
first (ties in the same millisecond by id), so tables that leave the list meanwhile move no
other table between pages.
"""

from __future__ import annotations

import time
from typing import Any

from olympus.platform.errors import (
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from olympus.platform.identity import Principal
from olympus.platform.storage import storage_calls
from olympus.v1 import game_pb2 as pb

from . import store as st
from .core import Created, Games
from .listing import PAGE_TOKEN_RE
from .meta import GameMeta
from .seating import ENDED_KEPT, account_key, ended_key, holder_fields, read_holders
from .settings import settings_to_proto

OPEN_INDEX = f"{st.PREFIX}:games:open"
PAGE_DEFAULT, PAGE_MAX = 50, 100

_storage = storage_calls("game", "olympus.gamestate.open_tables", prefix="open_")

# KEYS: game hash, grants hash. ARGV: the seat asked for (-1: the first free one), account,
# account name. Returns {code, seat, free seats left}: 1 taken now, 2 the account's already
# (its seat), -1 no game, -2 no such open seat, -3 taken by another, -4 the game finished,
# -5 it was aborted.
TAKE = """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return {-1, -1, 0} end
local fields = redis.call('HGETALL', KEYS[2])
local open, free = {}, 0
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 2) == 'o:' then
    local seat, holder = tonumber(string.sub(fields[i], 3)), fields[i + 1]
    if holder == ARGV[2] then return {2, seat, 0} end
    open[seat] = holder
    if holder == '' then free = free + 1 end
  end
end
if next(open) == nil then return {-2, -1, 0} end
if status == 'finished' then return {-4, -1, 0} end
if status ~= 'active' then return {-5, -1, 0} end
local chosen = tonumber(ARGV[1])
if chosen >= 0 then
  if open[chosen] == nil then return {-2, chosen, free} end
  if open[chosen] ~= '' then return {-3, chosen, free} end
else
  chosen = nil
  for seat, holder in pairs(open) do
    if holder == '' and (chosen == nil or seat < chosen) then chosen = seat end
  end
  if chosen == nil then return {-3, -1, 0} end
end
redis.call('HSET', KEYS[2], 'o:' .. chosen, ARGV[2], 'n:' .. chosen, ARGV[3])
return {1, chosen, free - 1}
"""


def open_seats_of(request: pb.CreateGameRequest) -> tuple[int, ...]:
    """CreateGame's open seats, checked: distinct human seats of a table made without a
    request id, a rated queue or a clock (which would run for a seat nobody has taken)."""
    wanted = list(request.open_seats)
    if not wanted:
        return ()
    if request.request_id or request.rated_queue:
        raise InvalidArgument(
            "open seats are for tables made without request_id or rated_queue",
            reason="INVALID_OPTIONS",
        )
    tc = request.time_control
    if tc.seconds_per_game or tc.decision_seconds:
        raise InvalidArgument(
            "an open table has no clock: it would run for seats nobody has taken yet",
            reason="INVALID_OPTIONS",
        )
    players = request.options.players or len(request.seats)
    kinds = [s.kind for s in request.seats] or [pb.SEAT_KIND_HUMAN] * players
    humans = {i for i, kind in enumerate(kinds) if kind != pb.SEAT_KIND_BOT}
    if len(set(wanted)) != len(wanted) or not set(wanted) <= humans:
        raise InvalidArgument(
            f"open_seats: distinct human seats among {sorted(humans)}", reason="INVALID_OPTIONS"
        )
    return tuple(sorted(wanted))


def seat_tokens(created: Created, open_seats: tuple[int, ...]) -> list[pb.SeatToken]:
    """CreateGame's seats: an open seat's token stays unsaid (TakeSeat issues one)."""
    return [
        pb.SeatToken(
            seat=s.seat,
            kind=pb.SEAT_KIND_BOT if s.is_bot else pb.SEAT_KIND_HUMAN,
            token="" if s.seat in open_seats else created.tokens.get(s.seat, ""),
            open=s.seat in open_seats,
        )
        for s in created.meta.seats
    ]


class OpenTables:
    def __init__(self, games: Games) -> None:
        self.games = games
        self.redis = games.store.redis
        self._take = self.redis.register_script(TAKE)

    @_storage
    async def opened(self, meta: GameMeta, open_seats: tuple[int, ...]) -> None:
        """A new game's open seats, then its entry in the list (see the module's doc)."""
        if not open_seats:
            return
        grants = st.game_key(meta.game_id, "grants")
        await self.redis.hset(grants, mapping={f"o:{seat}": "" for seat in open_seats})
        await self.redis.zadd(OPEN_INDEX, {meta.game_id: meta.created_ms})

    @_storage
    async def holders(self, meta: GameMeta) -> dict[int, tuple[str, str]] | None:
        """Each open seat's (account id, account name), ("", "") while free; None once the
        game ended or is gone."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(st.game_key(meta.game_id, "game"), "status")
        seats = [s.seat for s in meta.seats]
        pipe.hmget(st.game_key(meta.game_id, "grants"), holder_fields(seats))
        status, values = await pipe.execute()
        if status is None or status.decode() != st.STATUS_ACTIVE:
            return None
        return read_holders(seats, values)

    async def listed(self, page_size: int, page_token: str = "") -> pb.ListOpenTablesResponse:
        """A page of the tables with a free seat, newest first, after the table `page_token`
        names; entries of ended, gone or full tables are dropped from the list on the way.
        A next page token when entries remain after the page (their tables may prove ended:
        the next page is then shorter, or empty)."""
        if not 0 <= page_size <= PAGE_MAX:
            raise InvalidArgument(f"page_size: 1 to {PAGE_MAX}", reason="INVALID_PAGE_SIZE")
        if page_token and not PAGE_TOKEN_RE.fullmatch(page_token):
            raise InvalidArgument(
                "bad page_token (a previous page's next_page_token)", reason="INVALID_PAGE_TOKEN"
            )
        size = page_size or PAGE_DEFAULT
        reply = pb.ListOpenTablesResponse()
        cursor = _cursor(page_token) if page_token else None
        while True:
            wanted = size - len(reply.tables) + 1  # one more than needed: is there a next page?
            entries = await self._page(cursor, wanted)
            for entry in entries:
                if len(reply.tables) == size:
                    assert cursor is not None
                    reply.next_page_token = _token(cursor)
                    return reply
                cursor = entry
                table = await self._table(entry[1])
                if table is None:
                    await self._drop(entry[1])
                else:
                    reply.tables.append(table)
            if len(entries) < wanted:
                return reply  # the list ends here

    @_storage
    async def _page(self, after: tuple[int, str] | None, count: int) -> list[tuple[int, str]]:
        """(creation ms, game id) of the next `count` entries after `after`, newest first
        (the sorted set's reverse order: by score, then by id)."""
        if after is None:
            rows = await self.redis.zrevrange(OPEN_INDEX, 0, count - 1, withscores=True)
            return [(int(score), member.decode()) for member, score in rows]
        score, game_id = after
        # Those of the same millisecond with a lower id, then the older ones.
        same = await self.redis.zrangebyscore(OPEN_INDEX, score, score)
        ties = sorted((m.decode() for m in same if m.decode() < game_id), reverse=True)
        out = [(score, t) for t in ties[:count]]
        if len(out) < count:
            rows = await self.redis.zrevrangebyscore(
                OPEN_INDEX, f"({score}", "-inf", start=0, num=count - len(out), withscores=True
            )
            out += [(int(s), member.decode()) for member, s in rows]
        return out

    @_storage
    async def _drop(self, game_id: str) -> None:
        await self.redis.zrem(OPEN_INDEX, game_id)

    async def _table(self, game_id: str) -> pb.OpenTable | None:
        try:
            meta = await self.games.meta(game_id)
        except NotFound:
            return None
        holders = await self.holders(meta)
        free = [seat for seat, (account, _) in (holders or {}).items() if not account]
        if not free:
            return None
        settings = settings_to_proto(meta, reveal_seed=False)
        table = pb.OpenTable(
            game_id=game_id,
            options=settings.options,
            time_control=settings.time_control,
            free_seats=len(free),
        )
        table.create_time.FromMilliseconds(meta.created_ms)
        assert holders is not None
        for s in meta.seats:
            account, name = holders.get(s.seat, ("", ""))
            table.seats.append(
                pb.OpenSeat(
                    seat=s.seat,
                    kind=pb.SEAT_KIND_BOT if s.is_bot else pb.SEAT_KIND_HUMAN,
                    bot=s.bot,
                    name=s.name,
                    open=s.seat in holders,
                    free=s.seat in free,
                    account_id=account,
                    account_name=name,
                )
            )
        return table

    async def take(
        self, principal: Principal, game_id: str, seat: int | None
    ) -> pb.TakeSeatResponse:
        """The open seat for the caller's account, and its token for the caller's key."""
        if principal.is_service or not principal.account_id or not principal.key_id:
            raise PermissionDenied(
                "a seat is taken with a person's or a bot's own API key", reason="SCOPE_REQUIRED"
            )
        meta = await self.games.meta(game_id)
        if seat is not None and not 0 <= seat < len(meta.seats):
            raise InvalidArgument(f"seat: 0 to {len(meta.seats) - 1}", reason="OUT_OF_RANGE")
        code, taken, free = await self._claim(meta, principal, -1 if seat is None else seat)
        if code == -1:
            raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
        if code == -2:
            raise FailedPrecondition(
                "this seat was not left open at this table", reason="NOT_AN_OPEN_SEAT"
            )
        if code == -3:
            raise FailedPrecondition("someone took this seat already", reason="SEAT_TAKEN")
        if code == -4:
            raise FailedPrecondition("the game is over", reason="GAME_FINISHED")
        if code == -5:
            raise FailedPrecondition("the game was aborted", reason="GAME_ABORTED")
        if code == 1 and free == 0:
            await self._drop(game_id)  # full: off the list
        await self._tidy(principal.account_id)
        await self._index(principal.account_id, game_id, taken)
        if code == 1:
            await self.games.seating.tell(game_id, [principal.account_id])  # GAME_STARTED
        token = await self.games.grants.issue(game_id, taken, principal.key_id)
        return pb.TakeSeatResponse(seat=taken, token=token, replayed=code == 2, free_seats=free)

    async def _claim(self, meta: GameMeta, principal: Principal, seat: int) -> tuple[int, int, int]:
        if principal.account_id == meta.creator:
            holders = await self.holders(meta) or {}
            others = [s.seat for s in meta.seats if not s.is_bot and s.seat not in holders]
            if holders and others:
                raise FailedPrecondition(
                    "you created this table and sit at it already", reason="SEATED_AT_TABLE"
                )
        code, taken, free = await self._run_take(meta.game_id, seat, principal)
        return int(code), int(taken), int(free)

    @_storage
    async def _index(self, account: str, game_id: str, seat: int) -> None:
        await self.redis.sadd(account_key(account), f"{game_id}:{seat}")

    @_storage
    async def _tidy(self, account: str) -> None:
        """The account's running seats whose game ended go among its ended ones (as
        seating.ended does for the seats the metadata names). An entry without a game is left:
        its game may be being made (seating.py writes the entry first)."""
        seats = await self.games.seating.account_seats(account)
        if not seats:
            return
        pipe = self.redis.pipeline(transaction=False)
        for game_id, _ in seats:
            pipe.hget(st.game_key(game_id, "game"), "status")
        statuses = await pipe.execute()
        now = int(time.time() * 1000)
        ended = [
            f"{game_id}:{seat}"
            for (game_id, seat), status in zip(seats, statuses, strict=True)
            if status is not None and status.decode() in st.ENDED
        ]
        if ended:
            pipe = self.redis.pipeline(transaction=False)
            pipe.srem(account_key(account), *ended)
            pipe.zadd(ended_key(account), dict.fromkeys(ended, now), nx=True)
            pipe.zremrangebyrank(ended_key(account), 0, -(ENDED_KEPT + 1))
            await pipe.execute()

    @_storage
    async def _run_take(self, game_id: str, seat: int, principal: Principal) -> Any:
        """The compare-and-set, through the store's writing path: under strict durability
        it waits for the replicas after a seat taken (NotReplicated: UNAVAILABLE), and a seat
        the account had already is confirmed the same way (its first write may not have
        reached them: `GameStore.confirm`, as for a repeated creation)."""
        keys = [st.game_key(game_id, "game"), st.game_key(game_id, "grants")]
        args = [seat, principal.account_id, principal.name]
        reply = await self.games.store.write(self._take, keys, args)
        if int(reply[0]) == 2:
            await self.games.store.confirm(game_id)
        return reply


def _cursor(token: str) -> tuple[int, str]:
    score, _, game_id = token.partition(":")
    return int(score), game_id


def _token(cursor: tuple[int, str]) -> str:
    return f"{cursor[0]:015d}:{cursor[1]}"
