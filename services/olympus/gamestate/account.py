"""ListMyGames and WatchAccount: an account's own games, for the key that calls.

An account's seats are those a platform service gave it (seating.py's index: a matched
ticket, a ladder table). Each listed running seat comes with a seat token issued to the calling
key (grants.py), so a bot that restarted with nothing but its key finds every game again.

A WatchAccount stream follows each running game of the account the way WatchGame does (the
hub's `follow`, so a game's events are read once per process whatever the number of streams),
one small task per game, all putting into one bounded queue. It learns of new games from the
account's channel (published once a game exists, seating.py) and, in case a message was missed
or a create was cut short, from a scan of the index every `rescan_s`. Nothing else sent for
`heartbeat_s`: a HEARTBEAT. A revoked key or a disabled account ends the stream: the key event
(platform/keycheck.py) wakes the account's streams, which check their key again; the same check
runs at every scan, for the case where the event was not heard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from olympus.api.vocab import STATUSES, value_of
from olympus.platform.errors import InvalidArgument, NotFound, ServiceError
from olympus.platform.identity import Principal
from olympus.platform.keycheck import ACCOUNT_DISABLED, KEY_REVOKED, KeyEventData
from olympus.v1 import game_pb2 as pb

from . import store as st
from .activity import MatchmakingActivity
from .convert import result_to_proto
from .core import Games
from .meta import GameMeta
from .seating import account_channel
from .settings import settings_to_proto
from .watch import EventHub, SeatDecisions, shutting_down

log = logging.getLogger("olympus.gamestate.account")

HEARTBEAT_S = 15.0
RESCAN_S = 30.0
QUEUE = 256  # events a stream holds for a slow reader before its games' tasks wait
RATING_WAIT_S = 900.0  # a finished rated game's rating change is looked for this long
MAX_FOLLOWED = 1000  # running games one stream follows (the first by game id)
PAGE_DEFAULT, PAGE_MAX = 100, 500

ENDED_KINDS = {
    st.STATUS_FINISHED: pb.ACCOUNT_EVENT_KIND_GAME_FINISHED,
    st.STATUS_ABORTED: pb.ACCOUNT_EVENT_KIND_GAME_ABORTED,
}


def my_game(
    game_id: str, seat: int, row: dict[str, Any], token: str, meta: GameMeta | None = None
) -> pb.MyGame:
    """One seat as listed, from the game's summary fields (store.SUMMARY_FIELDS); `meta`: the
    row's with the takers of its open seats (Seating.seated), when read."""
    if meta is None:
        meta = GameMeta.from_json(game_id, row["meta"])
    status = (row["status"] or b"").decode()
    waiting = orjson.loads(row["waiting"] or b"[]") if status == st.STATUS_ACTIVE else []
    msg = pb.MyGame(
        game_id=game_id,
        seat=seat,
        seat_token=token if status == st.STATUS_ACTIVE else "",
        status=value_of(STATUSES, status),
        version=int(row["version"] or 0),
        your_turn=seat in waiting,
        waiting_for=waiting,
        rated_queue=meta.rated_queue,
        seats=settings_to_proto(meta, False).seats,
        generation=int(row["generation"] or 0),
    )
    msg.create_time.FromMilliseconds(meta.created_ms)
    msg.update_time.FromMilliseconds(int(row["updated"] or 0))
    if row["result"]:
        msg.result.CopyFrom(result_to_proto(orjson.loads(row["result"])))
    change = rating_change(row, seat)
    if change is not None:
        msg.rating_change.CopyFrom(change)
    return msg


def rating_change(row: dict[str, Any], seat: int) -> pb.RatingChange | None:
    """The seat's rating change, once its game was rated (workers/results.py keeps it)."""
    raw = row.get("ratings")
    data = orjson.loads(raw).get(str(seat)) if raw else None
    if data is None:
        return None
    (mu_b, sigma_b, ord_b), (mu_a, sigma_a, ord_a) = data["before"], data["after"]
    return pb.RatingChange(
        queue=data["queue"],
        player=data["player"],
        mu_before=mu_b,
        sigma_before=sigma_b,
        ordinal_before=ord_b,
        mu_after=mu_a,
        sigma_after=sigma_a,
        ordinal_after=ord_a,
        games=data["games"],
    )


def _event(kind: int, game: pb.MyGame | None = None) -> pb.AccountEvent:
    msg = pb.AccountEvent(kind=kind)  # type: ignore[arg-type]
    msg.event_time.GetCurrentTime()
    if game is not None:
        msg.game.CopyFrom(game)
    return msg


def _grant_key(principal: Principal) -> str:
    # Every key checked by the accounts service has an id; a principal without one (a test's
    # local keys) gets its account's.
    return principal.key_id or f"account:{principal.account_id}"


@dataclass(eq=False)
class _Stream:
    """One WatchAccount stream's own state."""

    account: str
    events: asyncio.Queue[pb.AccountEvent] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    followers: dict[tuple[str, int], asyncio.Task[None]] = field(default_factory=dict)
    done: set[tuple[str, int]] = field(default_factory=set)  # ended while followed: not again
    # Rated games that finished while followed, until their rating change is told (or given
    # up on at the loop time given): each scan looks.
    unrated: dict[tuple[str, int], float] = field(default_factory=dict)
    scan: bool = True
    recheck: bool = False
    failure: BaseException | None = None

    def poke(self, scan: bool = False, recheck: bool = False) -> None:
        self.scan = self.scan or scan
        self.recheck = self.recheck or recheck
        self.wake.set()

    async def put(self, event: pb.AccountEvent) -> None:
        await self.events.put(event)
        self.wake.set()


class AccountGames:
    def __init__(
        self,
        games: Games,
        hub: EventHub,
        decisions: SeatDecisions,
        heartbeat_s: float = HEARTBEAT_S,
        rescan_s: float = RESCAN_S,
        activity: MatchmakingActivity | None = None,
    ) -> None:
        self.activity = activity  # challenges and matched tickets, from matchmaking
        self.games = games
        self.hub = hub
        self.decisions = decisions
        self.heartbeat_s = heartbeat_s
        self.rescan_s = rescan_s
        self._streams: dict[str, set[_Stream]] = {}  # by account

    # --- ListMyGames ---------------------------------------------------------------------------
    async def list(
        self, principal: Principal, include_ended: bool, page_size: int, page_token: str
    ) -> pb.ListMyGamesResponse:
        if not 0 <= page_size <= PAGE_MAX:
            raise InvalidArgument(
                f"page_size must be between 1 and {PAGE_MAX} (0: {PAGE_DEFAULT})",
                reason="INVALID_PAGE_SIZE",
            )
        size = page_size or PAGE_DEFAULT
        after = _parse_token(page_token, include_ended)
        account = principal.account_id
        seating = self.games.seating
        # Every candidate in listing order, each with its cursor (what a token resumes after).
        candidates: list[tuple[tuple[Any, ...], str, int]] = []
        if after is None or after[0] == "r":
            for game_id, seat in await seating.account_seats(account):
                running: tuple[Any, ...] = ("r", game_id, seat)
                if after is None or running > after:
                    candidates.append((running, game_id, seat))
        if include_ended:
            for game_id, seat, ended_ms in await seating.ended_seats(account):
                ended: tuple[Any, ...] = ("e", ended_ms, game_id, seat)
                if after is None or after[0] == "r" or _before(ended, after):
                    candidates.append((ended, game_id, seat))
        out = pb.ListMyGamesResponse()
        key = _grant_key(principal)
        last: tuple[Any, ...] = ()
        for start in range(0, len(candidates), size):
            chunk = candidates[start : start + size]
            rows = await self.games.store.summaries([game_id for _, game_id, _ in chunk])
            metas = await self._seated(chunk, rows)
            for (cursor, game_id, seat), row in zip(chunk, rows, strict=True):
                if len(out.games) == size:
                    out.next_page_token = _token(last)
                    return out
                last = cursor
                meta = metas.get(game_id)
                listed = await self._listed(account, cursor[0], game_id, seat, row, key, meta)
                if listed is not None:
                    out.games.append(listed)
        return out

    async def _seated(
        self, chunk: Sequence[tuple[tuple[Any, ...], str, int]], rows: Sequence[dict[str, Any]]
    ) -> dict[str, GameMeta]:
        """The chunk's games' metadata with the takers of their open seats, read at once."""
        games = {g: row["meta"] for (_, g, _), row in zip(chunk, rows, strict=True) if row["meta"]}
        metas = [GameMeta.from_json(game_id, raw) for game_id, raw in games.items()]
        return {m.game_id: m for m in await self.games.seating.seated_all(metas)}

    async def _listed(
        self,
        account: str,
        section: str,
        game_id: str,
        seat: int,
        row: dict[str, Any],
        key: str,
        meta: GameMeta | None,
    ) -> pb.MyGame | None:
        status = (row["status"] or b"").decode()
        if row["meta"] is None or not status:
            if section == "e":  # an ended game that is gone: forgotten
                await self.games.seating.forget_ended(account, game_id, seat)
            return None  # a running seat's game not made yet, or its create failed
        if section == "r" and status in st.ENDED:
            return None  # it ended this moment: listed among the ended ones
        token = ""
        if status == st.STATUS_ACTIVE:
            token = await self.games.grants.issue(game_id, seat, key)
        return my_game(game_id, seat, row, token, meta)

    # --- WatchAccount --------------------------------------------------------------------------
    async def watch(
        self, principal: Principal, recheck: Callable[[], Awaitable[object]]
    ) -> AsyncIterator[pb.AccountEvent]:
        """The stream's events; `recheck` checks the call's key again (raising when it is no
        longer valid)."""
        if self.hub.closing:
            raise shutting_down()
        stream = _Stream(principal.account_id)
        loop = asyncio.get_running_loop()
        self._streams.setdefault(stream.account, set()).add(stream)
        channel = account_channel(stream.account).encode()
        relay = (
            asyncio.ensure_future(self.activity.relay(stream.account, stream.put))
            if self.activity is not None
            else None
        )
        try:
            with self.hub.listening(channel, lambda: stream.poke(scan=True)):
                last_sent = loop.time()
                next_scan = loop.time()
                while True:
                    stream.wake.clear()
                    if self.hub.closing:
                        raise shutting_down()
                    if stream.failure is not None:
                        raise stream.failure
                    if stream.recheck:
                        stream.recheck = False
                        await recheck()
                    if stream.scan or loop.time() >= next_scan:
                        stream.scan = False
                        next_scan = loop.time() + self.rescan_s
                        await recheck()  # in case a revocation was not heard
                        await self._scan(stream, principal)
                        await self._ratings(stream, loop.time())
                    if not stream.events.empty():
                        yield stream.events.get_nowait()
                        last_sent = loop.time()
                        continue
                    if loop.time() >= last_sent + self.heartbeat_s:
                        yield _event(pb.ACCOUNT_EVENT_KIND_HEARTBEAT)
                        last_sent = loop.time()
                        continue
                    wait = min(last_sent + self.heartbeat_s, next_scan) - loop.time()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(max(wait, 0.0)):
                            await stream.wake.wait()
        finally:
            streams = self._streams.get(stream.account)
            if streams is not None:
                streams.discard(stream)
                if not streams:
                    del self._streams[stream.account]
            if relay is not None:
                relay.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await relay
            for task in stream.followers.values():
                task.cancel()
            for task in stream.followers.values():
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _scan(self, stream: _Stream, principal: Principal) -> None:
        """Follow every running seat of the account not followed yet."""
        seats = await self.games.seating.account_seats(stream.account)
        for game_seat in seats[:MAX_FOLLOWED]:
            if game_seat in stream.followers or game_seat in stream.done:
                continue
            task = asyncio.ensure_future(self._follow(stream, principal, *game_seat))
            stream.followers[game_seat] = task

    async def _ratings(self, stream: _Stream, now: float) -> None:
        """RATING_CHANGED for each rated game of the stream's now rated."""
        for game_seat, until in list(stream.unrated.items()):
            game_id, seat = game_seat
            row = await self.games.store.summary(game_id)
            if row["meta"] is None or row["status"] != st.STATUS_FINISHED.encode() or now > until:
                # gone, aborted (unrated), or never rated (the scoring service down that long)
                del stream.unrated[game_seat]
                continue
            if rating_change(row, seat) is not None:
                del stream.unrated[game_seat]
                game = my_game(game_id, seat, row, "")  # rated: no open seats
                await stream.put(_event(pb.ACCOUNT_EVENT_KIND_RATING_CHANGED, game))

    async def _follow(self, stream: _Stream, principal: Principal, game_id: str, seat: int) -> None:
        """One game's events for the stream: GAME_STARTED, YOUR_TURN..., then how it ended."""
        game_seat = (game_id, seat)
        try:
            try:
                meta = await self.games.meta(game_id)
            except NotFound:
                return  # not made yet (the next scan looks again) or never made
            row = await self.games.store.summary(game_id)
            status = (row["status"] or b"").decode()
            if status != st.STATUS_ACTIVE:
                stream.done.add(game_seat)  # ended (its index entry was not tidied) or gone
                return
            token = await self.games.grants.issue(game_id, seat, _grant_key(principal))
            game = my_game(game_id, seat, row, token, await self.games.seating.seated(meta))
            await stream.put(_event(pb.ACCOUNT_EVENT_KIND_GAME_STARTED, game))
            # From the version before the newest: its event tells whether the seat decides now.
            events = self.hub.follow(game_id, max(game.version - 1, 0))
            async with contextlib.aclosing(events) as followed:
                async for event in followed:
                    if event.finished:
                        stream.done.add(game_seat)
                        await self._ended(stream, game_id, seat)
                        if meta.rated_queue:
                            wait = asyncio.get_running_loop().time() + RATING_WAIT_S
                            stream.unrated[game_seat] = wait
                        return
                    await self._turn(stream, meta, game, event, seat)
        except asyncio.CancelledError:
            raise
        except NotFound:
            stream.done.add(game_seat)  # the game was deleted
        except ServiceError as exc:
            if not self.hub.closing:
                stream.failure = exc  # live events unavailable: the client watches again
            stream.wake.set()
        except Exception as exc:
            log.exception("an account stream's game follower failed", extra={"game_id": game_id})
            stream.failure = exc
            stream.wake.set()
        finally:
            stream.followers.pop(game_seat, None)

    async def _turn(
        self, stream: _Stream, meta: GameMeta, game: pb.MyGame, event: pb.GameEvent, seat: int
    ) -> None:
        decision = await self.decisions.decision_after(meta, event, seat)
        if decision is None:
            return
        loaded = await self.decisions.state_at(meta, event.version)
        if loaded is None or seat in loaded.table.resigned or seat in loaded.table.robots:
            return  # the table plays this seat now
        now = pb.MyGame()
        now.CopyFrom(game)
        now.version = decision.version
        now.your_turn = True
        del now.waiting_for[:]
        now.waiting_for.extend(decision.waiting_for)
        now.generation = decision.generation
        now.update_time.GetCurrentTime()
        out = _event(pb.ACCOUNT_EVENT_KIND_YOUR_TURN, now)
        out.decision.CopyFrom(decision)
        await stream.put(out)

    async def _ended(self, stream: _Stream, game_id: str, seat: int) -> None:
        row = await self.games.store.summary(game_id)
        status = (row["status"] or b"").decode()
        if row["meta"] is None or status not in ENDED_KINDS:
            return
        meta = await self.games.seating.seated(GameMeta.from_json(game_id, row["meta"]))
        await stream.put(_event(ENDED_KINDS[status], my_game(game_id, seat, row, "", meta)))

    # --- key events ----------------------------------------------------------------------------
    async def on_key_event(self, event: KeyEventData) -> None:
        """A key of the account revoked, or the account disabled: its streams check their key
        (the stream whose key it was ends with the key's status)."""
        if event.kind not in (KEY_REVOKED, ACCOUNT_DISABLED):
            return
        for stream in self._streams.get(event.account_id, ()):
            stream.poke(recheck=True)

    @property
    def streams(self) -> int:
        return sum(len(s) for s in self._streams.values())


# --- page tokens: "r:<game>:<seat>" after a running seat, "e:<ms>:<game>:<seat>" an ended one --


def _token(cursor: tuple[Any, ...]) -> str:
    return ":".join(str(part) for part in cursor)


def _parse_token(token: str, include_ended: bool) -> tuple[Any, ...] | None:
    if not token:
        return None
    parts = token.split(":")
    try:
        if len(parts) == 3 and parts[0] == "r" and _GAME_RE.fullmatch(parts[1]):
            return ("r", parts[1], int(parts[2]))
        if len(parts) == 4 and parts[0] == "e" and include_ended and _GAME_RE.fullmatch(parts[2]):
            return ("e", int(parts[1]), parts[2], int(parts[3]))
    except ValueError:
        pass
    raise InvalidArgument(
        "bad page_token (a previous page's, with the same include_ended)",
        reason="INVALID_PAGE_TOKEN",
    )


_GAME_RE = re.compile(r"[0-9a-f]{16}")


def _before(cursor: tuple[Any, ...], after: tuple[Any, ...]) -> bool:
    """Whether an ended seat's cursor comes after `after` in latest-first order."""
    return (cursor[1], cursor[2], cursor[3]) < (after[1], after[2], after[3])
