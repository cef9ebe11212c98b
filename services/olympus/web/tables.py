"""The lobby's open tables and a finished game's rematch (docs/web-table.md).

Who sits where is the game service's to say (ListOpenTables, TakeSeat, Rematch): the bridge
only carries the person's own key (TakeSeat seats that key's account) and keeps the seat token
the service hands back in the session, as for every seat. No token reaches the page.

    GET  /api/tables                     the tables with a free seat ("mine": this browser
                                         sits there)
    POST /api/tables                     a new open table: this browser sits at the first
                                         person's seat, the other persons' seats wait in the list
    POST /api/tables/{game_id}/take      takes a free seat ({"seat": n}, or the first free)
    GET  /api/games/{game_id}/rematch    the finished game's rematch, if one was made
    POST /api/games/{game_id}/rematch    makes it (once, whoever asks first) and sits this
                                         browser at its seat there (and hosts it, for the host)
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from olympus.v1 import game_pb2 as pb

from .bridge import UPSTREAM, session_of, upstream_md, with_session
from .parsing import body_of, game_id, invalid, parsed, whole
from .upstream import CALL_TIMEOUT_S, bad_request, to_json

LISTED = 50  # open tables the lobby shows


async def open_tables(request: web.Request) -> web.Response:
    reply = await request.app[UPSTREAM].games.ListOpenTables(
        pb.ListOpenTablesRequest(page_size=LISTED),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    mine = session_of(request).seats
    tables = [dict(to_json(t), mine=t.game_id in mine) for t in reply.tables]
    return web.json_response({"tables": tables})


def open_table_request(data: dict[str, Any]) -> pb.CreateGameRequest:
    """An open table's CreateGame: options and seats only (an open table has no clock); every
    person's seat but the first is left open."""
    if data.get("time_control"):
        raise invalid("an open table has no clock: it would run for seats nobody took yet")
    create: pb.CreateGameRequest = parsed(
        {k: data[k] for k in ("options", "seats") if k in data}, pb.CreateGameRequest()
    )
    if any(seat.token or seat.account_id for seat in create.seats):
        raise invalid("seats: kind, bot, beginner and name only")
    players = create.options.players or len(create.seats)
    kinds = [s.kind for s in create.seats] or [pb.SEAT_KIND_HUMAN] * players
    people = [i for i, kind in enumerate(kinds) if kind != pb.SEAT_KIND_BOT]
    if len(people) < 2:
        raise invalid("an open table has a seat for at least one other person", "NO_OPEN_SEAT")
    create.open_seats.extend(people[1:])
    return create


async def create_open_table(request: web.Request) -> web.Response:
    create = open_table_request(await body_of(request))
    made = await request.app[UPSTREAM].games.CreateGame(
        create, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    session = session_of(request)
    session.host(made.game_id, made.host_token)
    first = next(s for s in made.seats if s.token)
    session.sit(made.game_id, first.token)
    body = {"game_id": made.game_id, "seat": first.seat, "open_seats": list(create.open_seats)}
    return await with_session(request, web.json_response(body), session)


async def take_seat(request: web.Request) -> web.Response:
    """This browser's person takes a free seat (their key's account is its player)."""
    game = game_id(request)
    session = session_of(request)
    if not session.key:
        return bad_request("sign in to take a seat", "SIGN_IN_REQUIRED", 401)
    data = await body_of(request)
    ask = pb.TakeSeatRequest(game_id=game)
    if data.get("seat") is not None:
        ask.seat = whole(data["seat"], "seat", 0, 4)
    taken = await request.app[UPSTREAM].games.TakeSeat(
        ask, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    session.sit(game, taken.token)
    body = {"game_id": game, "seat": taken.seat, "free_seats": taken.free_seats}
    return await with_session(request, web.json_response(body), session)


def rematch_tokens(request: web.Request) -> list[str]:
    """This browser's tokens of the game: its seat's first (the seat it takes in the
    rematch), then its host token."""
    session, game = session_of(request), game_id(request)
    return [t for t in (session.seats.get(game, ""), session.hosts.get(game, "")) if t]


async def rematch_state(request: web.Request) -> web.Response:
    """The rematch of the finished game, if one was made (changes nothing)."""
    tokens = rematch_tokens(request)
    if not tokens:
        return web.json_response({"game_id": None, "seat": None})
    reply = await request.app[UPSTREAM].games.Rematch(
        pb.RematchRequest(game_id=game_id(request), token=tokens[0], lookup_only=True),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(rematch_json(reply))


def rematch_json(reply: pb.RematchResponse) -> dict[str, Any]:
    seated = reply.game_id and reply.role == pb.TOKEN_ROLE_SEAT
    return {"game_id": reply.game_id or None, "seat": reply.seat if seated else None}


async def make_rematch(request: web.Request) -> web.Response:
    """The rematch (made now if nobody made it yet); this browser sits at its seat there and,
    if it hosted the finished game, hosts the rematch."""
    tokens = rematch_tokens(request)
    if not tokens:
        return bad_request("this browser has no seat at this game", "NOT_A_SEAT", 403)
    session = session_of(request)
    replies = []
    for token in tokens:
        reply = await request.app[UPSTREAM].games.Rematch(
            pb.RematchRequest(game_id=game_id(request), token=token),
            metadata=upstream_md(request),
            timeout=CALL_TIMEOUT_S,
        )
        if reply.role == pb.TOKEN_ROLE_HOST:
            session.host(reply.game_id, reply.token)
        else:
            session.sit(reply.game_id, reply.token)
        replies.append(reply)
    return await with_session(request, web.json_response(rematch_json(replies[0])), session)


def add_routes(app: web.Application) -> None:
    r = app.router
    r.add_get("/api/tables", open_tables)
    r.add_post("/api/tables", create_open_table)
    r.add_post("/api/tables/{game_id}/take", take_seat)
    r.add_get("/api/games/{game_id}/rematch", rematch_state)
    r.add_post("/api/games/{game_id}/rematch", make_rematch)
