"""The ladder and ratings pages' API, and the replay of a finished game (docs/web-pages.md).

Read-only and public: leaderboards and ratings come from the scoring service, ladders from the
ladder service, a finished game's public events and final spectator view from the game
service. Every call carries the user's identity (`upstream_md`: their key, their forwarded
address), so the services' quotas count per user as for every other endpoint; every id and
number is checked here before any call (a 400 naming the field). A replay is the dearest read
the bridge makes (a whole game's events), so one client address builds at most
`REPLAYS_PER_ADDRESS` at once (429 `TOO_MANY_REPLAYS`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from aiohttp import web

from olympus.v1 import game_pb2 as pb, ladder_pb2, scoring_pb2

from .bridge import UPSTREAM, upstream_md
from .guard import client_address
from .parsing import game_id, invalid, whole
from .upstream import CALL_TIMEOUT_S, bad_request, to_json

# The scoring service's own alphabets (a queue is also a ladder's name; a player an account id
# or a bot's name such as "bot:random"): refused here, before any call, with the field named.
QUEUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
PLAYER = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}")
PAGE_TOKEN = re.compile(r"[A-Za-z0-9._~=+/-]{0,200}")
HISTORY_PAGES = 5  # a player page's chart: the newest 500 rated games at most
REPLAY_EVENTS = 20_000  # more than any game makes; a longer stream is cut (and says so)
REPLAY_TIMEOUT_S = 60.0
REPLAYS_PER_ADDRESS = 2


class InFlight:
    """How many replays each client address is having built right now."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: Counter[str] = Counter()

    @contextmanager
    def take(self, address: str) -> Iterator[bool]:
        """True (and counted until the block ends) when the address is under its limit."""
        if self.open[address] >= self.most:
            yield False
            return
        self.open[address] += 1
        try:
            yield True
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]


REPLAYS: web.AppKey[InFlight] = web.AppKey("replays", InFlight)


def queue_of(value: str) -> str:
    if not QUEUE.fullmatch(value):
        raise invalid("queue: 1 to 64 letters, digits, '.', '_' or '-'", "INVALID_QUEUE")
    return value


def player_of(value: str) -> str:
    if not PLAYER.fullmatch(value):
        raise invalid(
            "player: 1 to 64 letters, digits, '.', '_', ':', '@' or '-'", "INVALID_PLAYER"
        )
    return value


def page_token_of(request: web.Request) -> str:
    token = request.query.get("page_token", "")
    if not PAGE_TOKEN.fullmatch(token):
        raise invalid("page_token: not a page token", "INVALID_PAGE_TOKEN")
    return token


def no_service(name: str) -> web.Response:
    return bad_request(f"this bridge has no {name} service", f"NO_{name.upper()}", 503)


async def ladders(request: web.Request) -> web.Response:
    """Every ladder (its name is its scoring queue), for the ladder page's list of queues."""
    ladder = request.app[UPSTREAM].ladder
    if ladder is None:
        return web.json_response({"ladders": []})
    reply = await ladder.ListLadders(
        ladder_pb2.ListLaddersRequest(), metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    return web.json_response(to_json(reply))


async def leaderboard(request: web.Request) -> web.Response:
    """A queue's players best first, a page at a time (`page_size` 1 to 100, `page_token`)."""
    scoring = request.app[UPSTREAM].scoring
    if scoring is None:
        return no_service("scoring")
    ask = scoring_pb2.LeaderboardRequest(
        queue=queue_of(request.match_info["queue"]),
        page_size=whole(request.query.get("page_size", "50"), "page_size", 1, 100),
        page_token=page_token_of(request),
    )
    reply = await scoring.Leaderboard(ask, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S)
    return web.json_response(to_json(reply))


async def player(request: web.Request) -> web.Response:
    """A player's rating and rank in a queue, and their rated games there oldest first (the
    chart's points: one per game, the rating after it)."""
    scoring = request.app[UPSTREAM].scoring
    if scoring is None:
        return no_service("scoring")
    who = player_of(request.match_info["player"])
    queue = queue_of(request.query.get("queue", ""))
    md = upstream_md(request)
    rating = await scoring.GetRating(
        scoring_pb2.GetRatingRequest(queue=queue, player=who), metadata=md, timeout=CALL_TIMEOUT_S
    )
    games: list[dict[str, Any]] = []
    token = ""
    for _ in range(HISTORY_PAGES):
        page = await scoring.GetHistory(
            scoring_pb2.GetHistoryRequest(queue=queue, player=who, page_size=100, page_token=token),
            metadata=md,
            timeout=CALL_TIMEOUT_S,
        )
        games.extend(to_json(g) for g in page.games)
        token = page.next_page_token
        if not token:
            break
    games.reverse()  # the service gives newest first; a chart reads left to right
    return web.json_response(
        {**to_json(rating), "games": games, "complete": not token, "total_count": len(games)}
    )


async def replay(request: web.Request) -> web.Response:
    """A finished game's public events from its first version, and its final public view: the
    page steps through the events on the board. Read as a spectator (no token), so nothing
    hidden is in it, whoever asks."""
    games = request.app[UPSTREAM].games
    game = game_id(request)
    with request.app[REPLAYS].take(client_address(request)) as allowed:
        if not allowed:
            return bad_request(
                f"at most {REPLAYS_PER_ADDRESS} replays at once", "TOO_MANY_REPLAYS", 429
            )
        md = upstream_md(request)
        final = await games.GetGame(
            pb.GetGameRequest(game_id=game), metadata=md, timeout=CALL_TIMEOUT_S
        )
        if final.game.status != pb.GAME_STATUS_FINISHED:
            return bad_request("only a finished game can be replayed", "GAME_NOT_FINISHED", 422)
        events: list[dict[str, Any]] = []
        watch = games.WatchGame(
            pb.WatchGameRequest(game_id=game, from_version=0),
            metadata=md,
            timeout=REPLAY_TIMEOUT_S,
        )
        try:
            async for event in watch:
                events.append(to_json(event))
                if len(events) >= REPLAY_EVENTS:
                    break
        finally:
            watch.cancel()
    body = {"final": to_json(final.game), "events": events, "cut": len(events) >= REPLAY_EVENTS}
    response = web.json_response(body)
    response.enable_compression()
    return response


def add_routes(app: web.Application) -> None:
    app[REPLAYS] = InFlight(REPLAYS_PER_ADDRESS)
    r = app.router
    r.add_get("/api/ladders", ladders)
    r.add_get("/api/leaderboard/{queue}", leaderboard)
    r.add_get("/api/players/{player}", player)
    r.add_get("/api/games/{game_id}/replay", replay)
