"""The matchmaking queue for the page: a browser enqueues, follows and cancels its ticket.

The ticket is the matchmaking service's (Enqueue, GetTicket, Cancel); the bridge only carries
the person's own key and, once the ticket is matched, keeps the seat token it names in the
session, as for every seat. The token never reaches the page.

    POST /api/matchmaking                     enqueues ({"format": {...}})
    GET  /api/matchmaking/{ticket_id}         the ticket; once matched, this browser sits there
    POST /api/matchmaking/{ticket_id}/cancel  leaves the queue
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from olympus.v1 import matchmaking_pb2

from .bridge import UPSTREAM, session_of, upstream_md, with_session
from .parsing import body_of, parsed, ticket_id
from .upstream import CALL_TIMEOUT_S, bad_request, to_json


def no_matchmaking() -> web.Response:
    return bad_request("this bridge has no matchmaking service", "NO_MATCHMAKING", 503)


async def enqueue(request: web.Request) -> web.Response:
    upstream = request.app[UPSTREAM]
    if upstream.matchmaking is None:
        return no_matchmaking()
    data = await body_of(request)
    ask = parsed({"format": data.get("format", {})}, matchmaking_pb2.EnqueueRequest())
    reply = await upstream.matchmaking.Enqueue(
        ask, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    return web.json_response(ticket_json(reply.ticket))


def ticket_json(ticket: matchmaking_pb2.Ticket) -> dict[str, Any]:
    data = to_json(ticket)
    data.pop("seat_token", None)  # kept in the session, never shown to the page
    return data


async def ticket(request: web.Request) -> web.Response:
    """A ticket's state; once matched, this browser sits at the seat it was given."""
    upstream = request.app[UPSTREAM]
    if upstream.matchmaking is None:
        return no_matchmaking()
    session = session_of(request)
    reply = await upstream.matchmaking.GetTicket(
        matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id(request)),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    response = web.json_response(ticket_json(reply))
    if reply.status == matchmaking_pb2.TICKET_STATUS_MATCHED and reply.seat_token and session.sid:
        session.sit(reply.game_id, reply.seat_token)
        return await with_session(request, response, session)
    return response


async def cancel_ticket(request: web.Request) -> web.Response:
    upstream = request.app[UPSTREAM]
    if upstream.matchmaking is None:
        return no_matchmaking()
    reply = await upstream.matchmaking.Cancel(
        matchmaking_pb2.CancelRequest(ticket_id=ticket_id(request)),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(ticket_json(reply.ticket))


def add_routes(app: web.Application) -> None:
    r = app.router
    r.add_post("/api/matchmaking", enqueue)
    r.add_get("/api/matchmaking/{ticket_id}", ticket)
    r.add_post("/api/matchmaking/{ticket_id}/cancel", cancel_ticket)
