"""The ScoringService gRPC servicer: `Scoring` does the work (results, ratings, pages), the
servicer turns requests and records into messages (records.py makes both).

A result comes from the game service's record of the game (`games.GameRecords`): its queue, its
players and its scores are the game's own, fixed when the game was made; nobody reporting it can
change them. This service owns only its own keys (store.py).

Every method is a plain `@rpc` coroutine taking the request and the context, so that a check
(an API key's scope, say) can be put in front of each one by one line at its top.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any

import grpc
import orjson

from olympus.api.times import timestamp
from olympus.platform import metrics
from olympus.platform.config import ServiceSettings, default_address
from olympus.platform.errors import (
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unavailable,
    quote,
)
from olympus.platform.identity import service_key_from_env
from olympus.platform.keycheck import KeyService, accounts_address_from_env, remote_key_service
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc
from olympus.platform.storage import check_storage
from olympus.v1 import game_pb2, scoring_pb2 as pb, scoring_pb2_grpc

from . import ratings as rt, store as st
from .games import GameRecords
from .live import live_score
from .names import AccountNames
from .records import (
    aborted_record,
    now_ms,
    rating_to_proto,
    result_record,
    scored_game_to_proto,
)

SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["ScoringService"].full_name
CLIENT_NAME = "olympus-scoring"
REDIS_CONNECTIONS = 8
REDIS_TIMEOUT_S = 1.0
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
# Optimistic rating: reads and tries again while other games of the same players land first.
RATE_ATTEMPTS = 50

QUEUE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
GAME_ID_RE = re.compile(r"[0-9a-f]{16}")
MAX_BATCH = 100  # players per GetRatings
PLAYER_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}")


def check_game_id(game_id: str) -> None:
    if not GAME_ID_RE.fullmatch(game_id):
        raise InvalidArgument(
            f"not a game id: {quote(game_id)} (16 hex digits)", reason="INVALID_GAME_ID"
        )


def check_queue(queue: str) -> None:
    if not QUEUE_RE.fullmatch(queue):
        raise InvalidArgument(
            f"not a queue name: {quote(queue)} (1-64 letters, digits, '.', '_', '-')",
            reason="INVALID_ARGUMENT",
        )


def check_player(player: str, field: str = "player") -> None:
    if not PLAYER_RE.fullmatch(player):
        raise InvalidArgument(
            f"{field}: not a player id: {quote(player)} (1-64 letters, digits, '.', '_', ':', "
            "'@', '-')",
            reason="INVALID_ARGUMENT",
        )


def page_size_of(size: int) -> int:
    if size == 0:
        return DEFAULT_PAGE_SIZE
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise InvalidArgument(
            f"page_size must be 1 to {MAX_PAGE_SIZE} (0 means {DEFAULT_PAGE_SIZE}), not {size}",
            reason="INVALID_PAGE_SIZE",
        )
    return size


def encode_token(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(data)).decode().rstrip("=")


def decode_token(token: str, expect: dict[str, str]) -> dict[str, Any]:
    """A page token's data; INVALID_PAGE_TOKEN unless this call made it for the same query."""
    bad = InvalidArgument(
        "bad page_token: pass the one the previous page returned", reason="INVALID_PAGE_TOKEN"
    )
    if len(token) > 400:
        raise bad
    try:
        data = orjson.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (binascii.Error, ValueError):
        raise bad from None
    if not isinstance(data, dict) or any(data.get(k) != v for k, v in expect.items()):
        raise bad
    return data


class Scoring:
    def __init__(
        self, store: st.ScoringStore, games: GameRecords | None, queues: Collection[str] = ()
    ) -> None:
        self.store = store
        self.games = games  # the owner of every result
        self.queues = frozenset(queues)  # empty: any well-formed queue name

    # --- ReportResult ---------------------------------------------------------------------------
    async def report(
        self, game_id: str, queue: str = "", seat_players: Sequence[tuple[int, str]] = ()
    ) -> tuple[bool, dict[str, Any]]:
        """(recorded by this call, the scored game), from the game service's record. `queue`
        and `seat_players` (deprecated) may only repeat that record."""
        check_game_id(game_id)
        if queue:
            check_queue(queue)
        for i, (_, player) in enumerate(seat_players):
            check_player(player, f"players[{i}].player")
        existing = await self.store.recorded(game_id)
        if existing is not None:
            record = orjson.loads(existing)
            _same_as_claimed(record, queue, seat_players)
            if not record["queue"] or record.get("aborted"):
                return False, record
            return await self._rate(game_id, record["queue"], record)
        owned = await self._game_record(game_id)
        if owned.status == game_pb2.GAME_STATUS_ABORTED and owned.rated_queue:
            record = aborted_record(owned)
        elif owned.status != game_pb2.GAME_STATUS_FINISHED:
            state = "was aborted" if owned.status == game_pb2.GAME_STATUS_ABORTED else "is running"
            raise FailedPrecondition(
                f"game {game_id} {state}: only a finished game has a result",
                reason="GAME_NOT_FINISHED",
            )
        else:
            record = result_record(owned, rated=bool(owned.rated_queue))
        _same_as_claimed(record, queue, seat_players)
        if record["queue"] and self.queues and record["queue"] not in self.queues:
            raise NotFound(
                f"no ratings are kept for queue {quote(record['queue'])}", reason="UNKNOWN_QUEUE"
            )
        found = await self.store.claim(game_id, orjson.dumps(record))
        if found is not None:  # another report recorded it meanwhile
            record = orjson.loads(found)
        if not record["queue"] or record.get("aborted"):
            return found is None, record
        recorded, out = await self._rate(game_id, record["queue"], record)
        return recorded, out

    async def _game_record(self, game_id: str) -> game_pb2.GameRecord:
        if self.games is None:
            raise Unavailable(
                "this scoring service has no game service to read results from",
                reason="SERVICE_UNAVAILABLE",
            )
        return await self.games.record(game_id)

    async def _rate(
        self, game_id: str, queue: str, record: dict[str, Any]
    ) -> tuple[bool, dict[str, Any]]:
        players: list[str] = record["players"]
        placed = [int(s["place"]) for s in record["seats"]]
        for _ in range(RATE_ATTEMPTS):
            rated, stored = await self.store.ratings_for(queue, game_id, players)
            if rated is not None:
                return False, orjson.loads(rated)
            before = [rt.Rating.from_data(orjson.loads(r)) if r else rt.initial() for r in stored]
            after = rt.rate(before, placed)
            at = now_ms()
            full = dict(record, recorded_ms=at)
            full["seats"] = [
                dict(seat, before=b.to_data(), after=a.to_data())
                for seat, b, a in zip(record["seats"], before, after, strict=True)
            ]
            updates = [
                st.RatingUpdate(
                    player=player,
                    expected=raw or b"",
                    new=orjson.dumps(a.to_data()),
                    board_score=-a.ordinal,
                    history_entry=orjson.dumps(
                        {
                            "game_id": game_id,
                            "place": place,
                            "players": len(players),
                            "before": b.to_data(),
                            "after": a.to_data(),
                            "ms": at,
                        }
                    ),
                )
                for player, raw, b, a, place in zip(
                    players, stored, before, after, placed, strict=True
                )
            ]
            kind, existing = await self.store.rate(queue, game_id, orjson.dumps(full), updates)
            if kind == st.RATED:
                return True, full
            if kind == st.ALREADY and existing is not None:
                return False, orjson.loads(existing)
            metrics.SCORING_CONFLICTS.inc()  # a player's rating changed meanwhile: again
        raise Unavailable("the ratings kept changing; try again", reason="TRY_AGAIN")

    # --- reading ----------------------------------------------------------------------------------
    async def _known_queue(self, queue: str) -> None:
        check_queue(queue)
        if queue in self.queues:
            return
        if not await self.store.queue_exists(queue):
            raise NotFound(f"no ratings are kept for queue {quote(queue)}", reason="UNKNOWN_QUEUE")

    async def rating(self, queue: str, player: str) -> tuple[rt.Rating, int]:
        check_queue(queue)
        check_player(player)
        exists, raw, rank = await self.store.rating(queue, player)
        if not exists and queue not in self.queues:
            raise NotFound(f"no ratings are kept for queue {quote(queue)}", reason="UNKNOWN_QUEUE")
        if raw is None or rank is None:
            raise NotFound(f"{quote(player)} is not rated in {queue}", reason="NOT_RATED")
        return rt.Rating.from_data(orjson.loads(raw)), int(rank) + 1

    async def ratings(
        self, queue: str, players: Sequence[str]
    ) -> list[tuple[str, rt.Rating | None, int]]:
        """(player, rating or None, 1-based rank or 0) of each player asked, in order. An
        unknown queue is only refused when this service keeps a fixed list of queues: for the
        others, nobody is rated there yet."""
        check_queue(queue)
        if self.queues and queue not in self.queues:
            raise NotFound(f"no ratings are kept for queue {quote(queue)}", reason="UNKNOWN_QUEUE")
        if not 1 <= len(players) <= MAX_BATCH:
            raise InvalidArgument(
                f"players: 1 to {MAX_BATCH}, not {len(players)}", reason="INVALID_ARGUMENT"
            )
        if len(set(players)) != len(players):
            raise InvalidArgument("players: each player once", reason="INVALID_ARGUMENT")
        for i, player in enumerate(players):
            check_player(player, f"players[{i}]")
        rows = await self.store.ratings(queue, players)
        return [
            (
                player,
                rt.Rating.from_data(orjson.loads(raw)) if raw else None,
                rank + 1 if raw else 0,
            )
            for player, (raw, rank) in zip(players, rows, strict=True)
        ]

    async def history(
        self, queue: str, player: str, page_size: int, page_token: str
    ) -> tuple[list[dict[str, Any]], str, int]:
        """(entries newest first, next page token, total)."""
        check_player(player)
        size = page_size_of(page_size)
        await self._known_queue(queue)
        end: int | None = None
        if page_token:
            data = decode_token(page_token, {"q": queue, "p": player})
            end = data.get("e")
            if not isinstance(end, int) or end < 1:
                raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
        length, first, entries = await self.store.history(queue, player, size, end)
        if length == 0:
            raise NotFound(f"{quote(player)} is not rated in {queue}", reason="NOT_RATED")
        if end is not None and end > length:
            raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
        token = encode_token({"q": queue, "p": player, "e": first}) if first > 0 else ""
        return [orjson.loads(e) for e in reversed(entries)], token, length

    async def leaderboard(
        self, queue: str, page_size: int, page_token: str
    ) -> tuple[list[tuple[int, str, rt.Rating]], str, int]:
        """([(rank, player, rating)], next page token, players on the board)."""
        size = page_size_of(page_size)
        await self._known_queue(queue)
        after: tuple[float, str] | None = None
        if page_token:
            data = decode_token(page_token, {"q": queue})
            score, player = data.get("s"), data.get("p")
            if not isinstance(score, (int, float)) or not isinstance(player, str):
                raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
            after = (float(score), player)
        page = await self.store.board_page(queue, size + 1, after)
        ranked = [(page.start + i + 1, e) for i, e in enumerate(page.entries)]
        if after is not None:
            # entries tied with the last one seen, up to it (its rating moved since)
            last_score, last_player = after
            ranked = [
                (rank, (player, score, raw))
                for rank, (player, score, raw) in ranked
                if not (score == last_score and player.encode() <= last_player.encode())
            ]
        more = len(ranked) > size
        ranked = ranked[:size]
        token = ""
        if more and ranked:
            _, (player, score, _) = ranked[-1]
            token = encode_token({"q": queue, "s": score, "p": player})
        out = [
            (rank, player, rt.Rating.from_data(orjson.loads(raw)))
            for rank, (player, _, raw) in ranked
        ]
        return out, token, page.size


def _same_as_claimed(
    record: dict[str, Any], queue: str, seat_players: Sequence[tuple[int, str]]
) -> None:
    """The deprecated queue and players of a report may only repeat the game's own record."""
    if not queue and not seat_players:
        return
    same = not queue or queue == record["queue"]
    if same and seat_players:
        try:
            same = _players_by_seat(seat_players, len(record["players"])) == record["players"]
        except InvalidArgument:  # not one player per seat of the record
            same = False
    if not same:
        raise InvalidArgument(
            "the queue and players of a game are the game service's record of it, not the "
            "reporter's: leave them unset",
            reason="NOT_THE_GAMES_RECORD",
            metadata={"queue": record["queue"]},
        )


def _players_by_seat(seat_players: Sequence[tuple[int, str]], seats: int) -> list[str]:
    """The rated players in seat order: exactly one per seat of the game, each player once."""
    by_seat: dict[int, str] = {}
    for seat, player in seat_players:
        if not 0 <= seat < seats:
            raise InvalidArgument(
                f"seat {seat} is not a seat of this {seats}-seat game", reason="INVALID_ARGUMENT"
            )
        if seat in by_seat:
            raise InvalidArgument(f"seat {seat} is named twice", reason="INVALID_ARGUMENT")
        by_seat[seat] = player
    if len(by_seat) != seats:
        missing = [s for s in range(seats) if s not in by_seat]
        raise InvalidArgument(
            f"a rated game names the player of every seat; missing: {missing}",
            reason="INVALID_ARGUMENT",
        )
    players = [by_seat[s] for s in range(seats)]
    if len(set(players)) != seats:
        raise InvalidArgument("a player sits at one seat only", reason="INVALID_ARGUMENT")
    return players


class ScoringService(scoring_pb2_grpc.ScoringServiceServicer):
    def __init__(self, scoring: Scoring, names: AccountNames | None = None) -> None:
        self.scoring = scoring
        self.names = names or AccountNames(None, "")

    @rpc
    async def ReportResult(
        self, request: pb.ReportResultRequest, context: grpc.aio.ServicerContext
    ) -> pb.ReportResultResponse:
        # Open to anyone: the result, its queue and its players are read from the game
        # service's record, so a report can only make the true record happen (once).
        now, record = await self.scoring.report(
            request.game_id,
            request.queue,  # deprecated: must repeat the record
            [(p.seat, p.player) for p in request.players],  # likewise
        )
        rated = bool(record.get("queue")) and not record.get("aborted")
        metrics.SCORING_RESULTS.labels(
            "repeat" if not now else "rated" if rated else "unrated"
        ).inc()
        return pb.ReportResultResponse(recorded_now=now, result=scored_game_to_proto(record))

    @rpc
    async def GetLiveScore(
        self, request: pb.GetLiveScoreRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetLiveScoreResponse:
        check_game_id(request.game_id)
        if self.scoring.games is None:
            raise Unavailable("no game service to read the game from", reason="SERVICE_UNAVAILABLE")
        return live_score(await self.scoring.games.decision(request.game_id))

    @rpc
    async def GetRatings(
        self, request: pb.GetRatingsRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetRatingsResponse:
        rows = await self.scoring.ratings(request.queue, list(request.players))
        names = await self.names.names(player for player, _, _ in rows)
        out = pb.GetRatingsResponse(queue=request.queue)
        for player, rating, rank in rows:
            entry = out.ratings.add(player=player, rank=rank, name=names[player])
            if rating is not None:
                entry.rating.CopyFrom(rating_to_proto(rating))
        return out

    @rpc
    async def GetRating(
        self, request: pb.GetRatingRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetRatingResponse:
        rating, rank = await self.scoring.rating(request.queue, request.player)
        names = await self.names.names([request.player])
        return pb.GetRatingResponse(
            queue=request.queue,
            player=request.player,
            rating=rating_to_proto(rating),
            rank=rank,
            name=names[request.player],
        )

    @rpc
    async def GetHistory(
        self, request: pb.GetHistoryRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetHistoryResponse:
        entries, token, total = await self.scoring.history(
            request.queue, request.player, request.page_size, request.page_token
        )
        return pb.GetHistoryResponse(
            games=[
                pb.RatedGame(
                    game_id=e["game_id"],
                    place=e["place"],
                    players=e["players"],
                    rating_before=rating_to_proto(e["before"]),
                    rating_after=rating_to_proto(e["after"]),
                    recorded_at_ms=e["ms"],
                    record_time=timestamp(e["ms"]),
                )
                for e in entries
            ],
            next_page_token=token,
            total_count=total,
        )

    @rpc
    async def Leaderboard(
        self, request: pb.LeaderboardRequest, context: grpc.aio.ServicerContext
    ) -> pb.LeaderboardResponse:
        entries, token, total = await self.scoring.leaderboard(
            request.queue, request.page_size, request.page_token
        )
        names = await self.names.names(player for _, player, _ in entries)
        return pb.LeaderboardResponse(
            entries=[
                pb.LeaderboardEntry(
                    rank=rank, player=player, rating=rating_to_proto(rating), name=names[player]
                )
                for rank, player, rating in entries
            ],
            next_page_token=token,
            total_count=total,
        )


def make_setup(
    queues: Collection[str] = (),
    redis_timeout_s: float = REDIS_TIMEOUT_S,
    gamestate_address: str = default_address("gamestate"),
    accounts_address: str = "",
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    """`queues`: the only queues ratings are kept for (empty: any well-formed name);
    `gamestate_address`: the game service results are read from."""

    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, redis_timeout_s)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        service_key = service_key_from_env()
        games = GameRecords(gamestate_address, service_key)
        keys: KeyService = remote_key_service(
            accounts_address or accounts_address_from_env(), service_key
        )
        keys.start()
        names = AccountNames(keys.channel, service_key)
        servicer = ScoringService(Scoring(st.ScoringStore(redis), games, queues), names)
        # The generated *_pb2_grpc module comes without type stubs.
        scoring_pb2_grpc.add_ScoringServiceServicer_to_server(  # type: ignore[no-untyped-call]
            servicer, server
        )

        async def probe() -> None:
            await check_storage(redis)  # NOT_SERVING while Redis is out of reach or full

        async def cleanup() -> None:
            await keys.close()
            await games.close()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME], cleanup=cleanup, probe=probe, authenticator=keys.auth
        )

    return setup
