"""The ScoringService gRPC servicer: `Scoring` does the work (results, ratings, pages), the
servicer turns requests and records into messages.

Every method is a plain `@rpc` coroutine taking the request and the context, so that a check
(an API key's scope, say) can be put in front of each one by one line at its top.
"""

from __future__ import annotations

import base64
import binascii
import re
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any

import grpc
import orjson

from olympus.accounts.guard import caller
from olympus.accounts.keys import SCOPE_LADDER, KeyStore
from olympus.gamestate.core import check_game_id
from olympus.gamestate.store import STATUS_ABORTED, STATUS_FINISHED
from olympus.platform.config import ServiceSettings
from olympus.platform.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unavailable,
    quote,
)
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc
from olympus.v1 import game_pb2, scoring_pb2_grpc
from olympus.v1 import scoring_pb2 as pb

from . import ratings as rt
from . import store as st
from .live import live_score

SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["ScoringService"].full_name
CLIENT_NAME = "olympus-scoring"
REDIS_CONNECTIONS = 8
REDIS_TIMEOUT_S = 1.0
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
# Optimistic rating: reads and tries again while other games of the same players land first.
RATE_ATTEMPTS = 50

QUEUE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
PLAYER_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}")
SCORE_FIELDS = (
    "terraform_rating",
    "milestones",
    "awards",
    "greeneries",
    "cities",
    "cards",
    "total",
    "megacredits",
)


def now_ms() -> int:
    return int(time.time() * 1000)


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


def result_record(
    game_id: str, queue: str, players: Sequence[str], result: dict[str, Any], meta: dict[str, Any]
) -> dict[str, Any]:
    """The scored game (without ratings) from the game's stored result and meta."""
    scores = sorted(result["scores"], key=lambda s: int(s["seat"]))
    keys = [(int(s["total"]), int(s["megacredits"])) for s in scores]
    placed = rt.places(keys)
    seats_meta = {int(s["seat"]): s for s in meta.get("seats", [])}
    seats = []
    for s, place in zip(scores, placed, strict=True):
        seat = int(s["seat"])
        info = seats_meta.get(seat, {})
        seats.append(
            {
                "seat": seat,
                "place": place,
                "score": {k: int(s[k]) for k in SCORE_FIELDS},
                "name": str(info.get("name", "")),
                "bot": str(info.get("bot", "")),
                "account_id": str(info.get("account", "") or info.get("account_id", "")),
                "player": players[seat] if players else "",
            }
        )
    record: dict[str, Any] = {
        "game_id": game_id,
        "queue": queue,
        "players": list(players),
        "generation": int(result.get("generation", 0)),
        "seats": seats,
        "ranking": rt.ranking(keys),
        "winners": [int(w) for w in result.get("winners", [])],
        "recorded_ms": now_ms(),
    }
    if "solo_won" in result:
        record["solo_won"] = bool(result["solo_won"])
    return record


class Scoring:
    def __init__(self, store: st.ScoringStore, queues: Collection[str] = ()) -> None:
        self.store = store
        self.queues = frozenset(queues)  # empty: any well-formed queue name

    # --- ReportResult ---------------------------------------------------------------------------
    async def report(
        self, game_id: str, queue: str, seat_players: Sequence[tuple[int, str]]
    ) -> tuple[bool, dict[str, Any]]:
        """(recorded by this call, the scored game)."""
        check_game_id(game_id)
        if queue:
            check_queue(queue)
            if self.queues and queue not in self.queues:
                raise NotFound(
                    f"no ratings are kept for queue {quote(queue)}", reason="UNKNOWN_QUEUE"
                )
        elif seat_players:
            raise InvalidArgument(
                "players are named for a rated game only: give the queue", reason="INVALID_ARGUMENT"
            )
        for i, (_, player) in enumerate(seat_players):
            check_player(player, f"players[{i}].player")
        existing = await self.store.recorded(game_id)
        if existing is None:
            record = await self._record_from_game(game_id, queue, seat_players)
            existing = await self.store.claim(game_id, orjson.dumps(record))
            if existing is None and not queue:
                return True, record
        if existing is not None:
            record = orjson.loads(existing)
            players = _players_by_seat(seat_players, len(record["seats"])) if queue else []
            if record["queue"] != queue or record["players"] != players:
                where = f"queue {quote(record['queue'])}" if record["queue"] else "unrated"
                raise AlreadyExists(
                    f"game {game_id} was recorded before ({where}) with other players or "
                    "another queue",
                    metadata={"queue": record["queue"]},
                )
            if not queue:
                return False, record
        return await self._rate(game_id, queue, record)

    async def _record_from_game(
        self, game_id: str, queue: str, seat_players: Sequence[tuple[int, str]]
    ) -> dict[str, Any]:
        stored = await self.store.game(game_id)
        if not stored.status or stored.meta is None:
            raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
        if stored.status != STATUS_FINISHED or stored.result is None:
            state = "was aborted" if stored.status == STATUS_ABORTED else "is still running"
            raise FailedPrecondition(
                f"game {game_id} {state}: only a finished game has a result",
                reason="GAME_NOT_FINISHED",
            )
        result = orjson.loads(stored.result)
        meta = orjson.loads(stored.meta)
        seats = len(result["scores"])
        players: list[str] = []
        if queue:
            if seats < 2:
                raise InvalidArgument(
                    "a solo game cannot be rated: report it without a queue",
                    reason="INVALID_ARGUMENT",
                )
            players = _players_by_seat(seat_players, seats)
        return result_record(game_id, queue, players, result, meta)

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


# --- messages ---------------------------------------------------------------------------------
def rating_to_proto(r: rt.Rating | dict[str, Any]) -> pb.Rating:
    if isinstance(r, dict):
        r = rt.Rating.from_data(r)
    return pb.Rating(mu=r.mu, sigma=r.sigma, ordinal=r.ordinal, games=r.games, wins=r.wins)


def scored_game_to_proto(record: dict[str, Any]) -> pb.ScoredGame:
    msg = pb.ScoredGame(
        game_id=record["game_id"],
        queue=record["queue"],
        generation=record["generation"],
        ranking=record["ranking"],
        winners=record["winners"],
        recorded_at_ms=record["recorded_ms"],
    )
    if "solo_won" in record:
        msg.solo_won = record["solo_won"]
    for s in record["seats"]:
        seat = pb.SeatResult(
            seat=s["seat"],
            place=s["place"],
            score=game_pb2.SeatScore(seat=s["seat"], **s["score"]),
            name=s["name"],
            bot=s["bot"],
            account_id=s["account_id"],
            player=s["player"],
        )
        if "before" in s:
            seat.rating_before.CopyFrom(rating_to_proto(s["before"]))
            seat.rating_after.CopyFrom(rating_to_proto(s["after"]))
        msg.seats.append(seat)
    return msg


class ScoringService(scoring_pb2_grpc.ScoringServiceServicer):
    def __init__(self, scoring: Scoring, keys: KeyStore) -> None:
        self.keys = keys
        self.scoring = scoring

    @rpc
    async def ReportResult(
        self, request: pb.ReportResultRequest, context: grpc.aio.ServicerContext
    ) -> pb.ReportResultResponse:
        if request.queue:
            # Rating moves with the players named per seat: only a ladder runner or the
            # platform (an admin key) may say who sat where. Recording a result unrated is
            # harmless (it is the game's own) and open to anyone.
            await caller(self.keys, context, SCOPE_LADDER)
        now, record = await self.scoring.report(
            request.game_id, request.queue, [(p.seat, p.player) for p in request.players]
        )
        return pb.ReportResultResponse(recorded_now=now, result=scored_game_to_proto(record))

    @rpc
    async def GetLiveScore(
        self, request: pb.GetLiveScoreRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetLiveScoreResponse:
        return await live_score(self.scoring.store, request.game_id)

    @rpc
    async def GetRating(
        self, request: pb.GetRatingRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetRatingResponse:
        rating, rank = await self.scoring.rating(request.queue, request.player)
        return pb.GetRatingResponse(
            queue=request.queue, player=request.player, rating=rating_to_proto(rating), rank=rank
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
        return pb.LeaderboardResponse(
            entries=[
                pb.LeaderboardEntry(rank=rank, player=player, rating=rating_to_proto(rating))
                for rank, player, rating in entries
            ],
            next_page_token=token,
            total_count=total,
        )


def make_setup(
    queues: Collection[str] = (), redis_timeout_s: float = REDIS_TIMEOUT_S
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    """`queues`: the only queues ratings are kept for (empty: any well-formed name)."""

    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, redis_timeout_s)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        servicer = ScoringService(Scoring(st.ScoringStore(redis), queues), KeyStore(redis))
        # The generated *_pb2_grpc module comes without type stubs.
        scoring_pb2_grpc.add_ScoringServiceServicer_to_server(  # type: ignore[no-untyped-call]
            servicer, server
        )

        async def probe() -> None:
            await redis.ping()

        async def cleanup() -> None:
            await redis.aclose()

        return ServiceHooks(names=[SERVICE_NAME], cleanup=cleanup, probe=probe)

    return setup
