"""The web bridge: the page's JSON API over the public gRPC services, and live events (SSE).

Every game read is made with the browser's own seat token (from its session, kept on the
server: session.py) or with none, as a spectator: the page only ever receives what the game
service shows that viewer. Secrets (API key, seat tokens) never leave the server. Every
upstream call carries the user's own identity (their key, and their address forwarded with the
bridge's service credential), so each user has their own quotas. Every state-changing request
must come from the page itself (guard.py), and every malformed input is a 400 (parsing.py).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

import grpc
import orjson
from aiohttp import web
from grpc_health.v1 import health_pb2, health_pb2_grpc

from olympus.platform import metrics
from olympus.platform.errors import Unavailable
from olympus.platform.identity import forwarded_metadata
from olympus.v1 import accounts_pb2, board_pb2, game_pb2 as pb

from .catalogue_rows import compact_catalogue
from .guard import (
    HEADERS,
    TRUST_PROXY,
    client_address,
    cross_site,
    csrf_ok,
    csrf_refusal,
    is_secure,
    security_headers,
)
from .parsing import body_of, game_id, invalid, parsed, text, whole
from .session import COOKIE, Session, SessionStore
from .upstream import (
    CALL_TIMEOUT_S,
    Upstream,
    bad_request,
    error_body,
    refusal,
    to_json,
)

STATIC = resources.files("olympus.web") / "static"
SESSIONS: web.AppKey[SessionStore] = web.AppKey("sessions", SessionStore)
UPSTREAM: web.AppKey[Upstream] = web.AppKey("upstream", Upstream)
SECURE_COOKIE: web.AppKey[bool] = web.AppKey("secure_cookie", bool)
SERVICE_KEY: web.AppKey[str] = web.AppKey("service_key", str)
SESSION: web.RequestKey[Session] = web.RequestKey("session", Session)
HEARTBEAT_S = 15.0  # an idle event stream's comment line (see `events`)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


# --- plumbing --------------------------------------------------------------------------------


@web.middleware
async def observed(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Metrics per route, and a service's refusal turned into the bridge's JSON error."""
    route = request.match_info.route.resource
    name = route.canonical if route is not None else "unmatched"
    started = time.perf_counter()
    status = 500
    try:
        try:
            response = await handler(request)
        except grpc.RpcError as exc:
            response = refusal(exc)
        except Unavailable:  # the bridge's own Redis (sessions) out of reach
            response = web.json_response(
                error_body(
                    "UNAVAILABLE", "sessions are out of reach; try again", "STORAGE_UNAVAILABLE"
                ),
                status=503,
            )
        except web.HTTPException as exc:
            status = exc.status
            raise
        status = response.status
        return response
    finally:
        metrics.WEB_REQUESTS.labels(name, str(status)).inc()
        metrics.WEB_REQUEST_SECONDS.labels(name).observe(time.perf_counter() - started)


@web.middleware
async def sessions(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The browser's session (None without one) for the handler; a state-changing request
    from another site, or without the session's CSRF token, is refused before it runs."""
    refused = cross_site(request)
    if refused is not None:
        return refused
    cookie = request.cookies.get(COOKIE, "")
    session = await request.app[SESSIONS].load(cookie) if cookie else None
    if session is not None:
        request[SESSION] = session
    if not csrf_ok(request, session.csrf if session is not None else ""):
        return csrf_refusal()
    return await handler(request)


def session_of(request: web.Request) -> Session:
    """The request's session; an empty one (not saved) without."""
    return request.get(SESSION) or Session()


def upstream_md(
    request: web.Request, session: Session | None = None
) -> tuple[tuple[str, str], ...]:
    """What every upstream call carries: the user's key (if signed in), and their address
    forwarded with the bridge's service credential (their quotas, not the bridge's)."""
    session = session if session is not None else session_of(request)
    return forwarded_metadata(request.app[SERVICE_KEY], client_address(request), session.key)


def cookie_on(request: web.Request, response: web.StreamResponse, session: Session) -> None:
    response.set_cookie(
        COOKIE,
        session.sid,
        httponly=True,
        samesite="Strict",
        secure=request.app[SECURE_COOKIE] or is_secure(request),
        max_age=request.app[SESSIONS].ttl_s,
        path="/",
    )


async def with_session(
    request: web.Request, response: web.Response, session: Session
) -> web.Response:
    """Save the session and give its cookie (a new session gets its id now)."""
    if not session.sid:
        fresh = request.app[SESSIONS].new()
        session.sid, session.csrf = fresh.sid, fresh.csrf
    await request.app[SESSIONS].save(session)
    cookie_on(request, response, session)
    return response


def game_token(request: web.Request) -> str:
    return session_of(request).seats.get(game_id(request), "")


# --- the page, health ------------------------------------------------------------------------


async def index(request: web.Request) -> web.Response:
    return web.Response(
        body=(STATIC / "index.html").read_bytes(),
        content_type="text/html",
        headers={"Cache-Control": "no-cache"},
    )


async def healthz(request: web.Request) -> web.Response:
    """200 when the game service answers its health check, else 503."""
    upstream = request.app[UPSTREAM]
    try:
        async with grpc.aio.insecure_channel(upstream.addresses.gamestate) as channel:
            stub = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
            reply = await stub.Check(health_pb2.HealthCheckRequest(), timeout=2.0)
        serving = reply.status == health_pb2.HealthCheckResponse.SERVING
    except grpc.RpcError:
        serving = False
    return web.json_response(
        {"status": "SERVING" if serving else "NOT_SERVING"}, status=200 if serving else 503
    )


# --- session: guest, API key ----------------------------------------------------------------


def session_json(session: Session) -> dict[str, Any]:
    """What the page may know of its session: never the key or a token; its CSRF token, which
    the page sends back on every state-changing request (a page of another site cannot read
    it)."""
    return {
        "signed_in": bool(session.key),
        "account": session.account,
        "games": list(session.seats),
        "csrf_token": session.csrf,
    }


async def get_session(request: web.Request) -> web.Response:
    """The session, made now (anonymous) when the browser has none: the page's first call."""
    if SESSION in request:
        return web.json_response(session_json(request[SESSION]))
    session = request.app[SESSIONS].new()
    return await with_session(request, web.json_response(session_json(session)), session)


async def signed_in(request: web.Request, key: str, account: str) -> web.Response:
    """The session with this key, under a new id and CSRF token (any id known before the
    sign-in is worth nothing after it)."""
    session = session_of(request)
    session.key, session.account = key, account
    fresh = await request.app[SESSIONS].renew(session)
    response = web.json_response(session_json(fresh))
    cookie_on(request, response, fresh)
    return response


async def sign_in_guest(request: web.Request) -> web.Response:
    made = await request.app[UPSTREAM].accounts.CreateGuestAccount(
        accounts_pb2.CreateGuestAccountRequest(),
        metadata=upstream_md(request, Session()),
        timeout=CALL_TIMEOUT_S,
    )
    return await signed_in(request, made.key, made.account.name)


async def sign_in_key(request: web.Request) -> web.Response:
    key = text((await body_of(request)).get("key", ""), "key", 100, ascii_only=True).strip()
    if not key:
        return bad_request("give an API key", "MISSING_KEY")
    who = await request.app[UPSTREAM].accounts.WhoAmI(
        accounts_pb2.AccountServiceWhoAmIRequest(),
        metadata=upstream_md(request, Session(key=key)),
        timeout=CALL_TIMEOUT_S,
    )
    return await signed_in(request, key, who.account.name)


async def sign_out(request: web.Request) -> web.Response:
    """Ends the session for good: its record is deleted (the key and tokens with it)."""
    session = request.get(SESSION)
    if session is not None:
        await request.app[SESSIONS].delete(session.sid)
    response = web.json_response(session_json(Session()))
    response.del_cookie(COOKIE, path="/")
    return response


# --- lobby -----------------------------------------------------------------------------------

LIST_STATUSES = ("GAME_STATUS_ACTIVE", "GAME_STATUS_FINISHED", "GAME_STATUS_ABORTED")


async def table_choices(request: web.Request) -> web.Response:
    reply = await request.app[UPSTREAM].games.ListTableChoices(
        pb.ListTableChoicesRequest(), metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    return web.json_response(to_json(reply))


async def list_games(request: web.Request) -> web.Response:
    status = request.query.get("status", "GAME_STATUS_ACTIVE")
    if status not in LIST_STATUSES:
        raise invalid(f"status: one of {', '.join(LIST_STATUSES)}")
    query = pb.ListGamesRequest(status=status, page_size=50)
    reply = await request.app[UPSTREAM].games.ListGames(
        query, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    mine = session_of(request).seats
    games = [dict(to_json(g), mine=g.game_id in mine) for g in reply.games]
    return web.json_response({"games": games})


async def create_game(request: web.Request) -> web.Response:
    """Creates a table; this browser sits at its first human seat. The other human seats'
    tokens come back as invitations (links a person opens to sit there)."""
    data = await body_of(request)
    create = parsed(
        {k: data[k] for k in ("options", "seats", "time_control") if k in data},
        pb.CreateGameRequest(),
    )
    if create.request_id or create.host_token or create.rated_queue:
        raise invalid("a table made here takes options, seats and a time control only")
    for seat in create.seats:
        if seat.token or seat.account_id:
            raise invalid("seats: kind, bot, beginner and name only")
    session = session_of(request)
    made = await request.app[UPSTREAM].games.CreateGame(
        create, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    humans = [s for s in made.seats if s.token]
    invites = [(s.seat, s.token) for s in humans[1:]]
    session.host(made.game_id, made.host_token, invites)  # this browser may abort the table
    if humans:
        session.sit(made.game_id, humans[0].token)
    body = {
        "game_id": made.game_id,
        "seat": humans[0].seat if humans else None,
        "invitations": invitation_links(made.game_id, invites),
    }
    return await with_session(request, web.json_response(body), session)


def invitation_links(game: str, invites: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """A table's invitations as the page shows them: a link per seat, which sits whoever
    opens it there (`join_game`). No "taken": a seat token says nothing of who holds it, and
    the game service tells no seat's holder but an open seat's (OpenSeat.free)."""
    return [{"seat": seat, "link": f"/#/join/{game}/{token}"} for seat, token in invites]


async def invitations(request: web.Request) -> web.Response:
    """The invitations of a table this browser created, from its session (any tab, any day
    the session lives); to its host only, as each link is a seat's token. Never cached."""
    game = game_id(request)
    session = session_of(request)
    if game not in session.hosts:
        return bad_request(
            "only the browser that created this table sees its invitations", "NOT_HOST", 403
        )
    body = {"invitations": invitation_links(game, session.invites.get(game, []))}
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def join_game(request: web.Request) -> web.Response:
    """Sits this browser at the seat an invitation's token names."""
    game = game_id(request)
    token = text((await body_of(request)).get("token", ""), "token", 64, ascii_only=True)
    who = await request.app[UPSTREAM].games.WhoAmI(
        pb.WhoAmIRequest(token=token), metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    if who.game_id != game or who.role != pb.TOKEN_ROLE_SEAT:
        return bad_request("this invitation is not a seat of this game", "NOT_A_SEAT", 403)
    session = session_of(request)
    session.sit(who.game_id, token)
    return await with_session(
        request, web.json_response({"game_id": who.game_id, "seat": who.seat}), session
    )


async def cards(request: web.Request) -> web.Response:
    """The catalogue, compact (catalogue_rows.py), for the page to look up: cached by the
    browser for a day and revalidated by its ETag (a 304 with no body)."""
    body, etag = await compact_catalogue(request.app[UPSTREAM])
    headers = {"ETag": etag, "Cache-Control": "public, max-age=86400"}
    if etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    response = web.Response(body=body, content_type="application/json", headers=headers)
    response.enable_compression()  # gzip when the browser takes it: 31 KB -> about 9 KB
    return response


# --- a game ----------------------------------------------------------------------------------


async def game(request: web.Request) -> web.Response:
    """The game as this browser may see it, and its own pending decision (if any)."""
    games = request.app[UPSTREAM].games
    game, token = game_id(request), game_token(request)
    # One read: the view and the decision of one stored version (two reads could straddle a
    # bot's move, and the page would show the new board with the old decision).
    reply = await games.GetGame(
        pb.GetGameRequest(game_id=game, token=token, with_decision=True),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    host = game in session_of(request).hosts
    return web.json_response(
        {"game": to_json(reply.game), "decision": to_json(reply.decision), "host": host}
    )


async def board(request: web.Request) -> web.Response:
    reply = await request.app[UPSTREAM].games.DescribeBoard(
        board_pb2.DescribeBoardRequest(game_id=game_id(request)),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(to_json(reply))


def idempotency_key(data: dict[str, Any]) -> str:
    key = data.get("key")
    if key is None or key == "":
        return uuid.uuid4().hex
    return text(key, "key", 128, ascii_only=True) or uuid.uuid4().hex


async def answer(request: web.Request) -> web.Response:
    """The browser's answer for its seat: {"expected_version", "answer": {...} | "text": "...",
    "key"}; the key (the browser's own, kept for retries) makes a retry safe."""
    game = game_id(request)
    data = await body_of(request)
    submit = pb.SubmitActionRequest(
        game_id=game,
        token=game_token(request),
        expected_version=whole(data.get("expected_version", 0), "expected_version"),
        idempotency_key=idempotency_key(data),
    )
    if "text" in data:
        submit.text = text(data["text"], "text", 2_000)
    else:
        submit.structured.CopyFrom(parsed(data.get("answer"), pb.Answer()))
    reply = await request.app[UPSTREAM].games.SubmitAction(
        submit, metadata=upstream_md(request), timeout=CALL_TIMEOUT_S
    )
    return web.json_response(to_json(reply))


async def undo(request: web.Request) -> web.Response:
    game = game_id(request)
    data = await body_of(request)
    reply = await request.app[UPSTREAM].games.UndoAnswers(
        pb.UndoAnswersRequest(
            game_id=game,
            token=game_token(request),
            expected_version=whole(data.get("expected_version", 0), "expected_version"),
            count=whole(data.get("count", 1), "count", 1, 10_000),
            idempotency_key=idempotency_key(data),
        ),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(to_json(reply))


async def resign(request: web.Request) -> web.Response:
    """This browser's seat resigns (the table's policy plays it from now on)."""
    game = game_id(request)
    token = game_token(request)
    if not token:
        return bad_request("this browser has no seat at this game", "NOT_A_SEAT", 403)
    reply = await request.app[UPSTREAM].games.Resign(
        pb.ResignRequest(game_id=game, token=token),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(to_json(reply))


async def abort(request: web.Request) -> web.Response:
    """Ends a table this browser created (its host token), with an optional reason."""
    game = game_id(request)
    token = session_of(request).hosts.get(game, "")
    if not token:
        return bad_request("only the browser that created this table may abort it", "NOT_HOST", 403)
    reason = text((await body_of(request)).get("reason", ""), "reason", 100)
    reply = await request.app[UPSTREAM].games.AbortGame(
        pb.AbortGameRequest(game_id=game, token=token, reason=reason),
        metadata=upstream_md(request),
        timeout=CALL_TIMEOUT_S,
    )
    return web.json_response(to_json(reply))


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: every GameEvent after `from` (query), then live ones until the game
    ends. Events are public (answers choosing hidden cards are told only as a count)."""
    games = request.app[UPSTREAM].games
    game = game_id(request)
    start = whole(request.query.get("from", "0"), "from")
    watch = games.WatchGame(
        pb.WatchGameRequest(game_id=game, token=game_token(request), from_version=start),
        metadata=upstream_md(request),
    )
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
            **HEADERS,
        }
    )
    await response.prepare(request)
    metrics.WEB_STREAMS_OPEN.inc()

    gone = asyncio.Event()  # set when the heartbeat found the browser gone

    async def heartbeat() -> None:
        """A comment line now and then: a browser that left is noticed (the write fails) and
        its watch ended, even while the game is idle; proxies keep the stream open."""
        try:
            while True:
                await asyncio.sleep(HEARTBEAT_S)
                await response.write(b": ping\n\n")
        except (ConnectionError, RuntimeError):
            gone.set()
            watch.cancel()

    beating = asyncio.create_task(heartbeat())
    try:
        async for event in watch:
            line = orjson.dumps(to_json(event)).decode()
            await response.write(f"id: {event.version}\nevent: game\ndata: {line}\n\n".encode())
        await response.write(b"event: end\ndata: {}\n\n")
    except grpc.RpcError as exc:
        if exc.code() != grpc.StatusCode.CANCELLED:  # type: ignore[attr-defined]
            body = orjson.dumps(orjson.loads(refusal(exc).text or "{}")).decode()
            await response.write(f"event: refused\ndata: {body}\n\n".encode())
    except ConnectionError:
        watch.cancel()  # the browser left (a tab closed): nothing to tell, nobody to tell it
    except asyncio.CancelledError:
        watch.cancel()
        if not gone.is_set():
            raise
    finally:
        beating.cancel()
        watch.cancel()
        metrics.WEB_STREAMS_OPEN.dec()
    return response


async def favicon(request: web.Request) -> web.FileResponse:
    """Browsers ask /favicon.ico of every page: the page's icon (also linked from index.html)."""
    icon = Path(str(STATIC / "favicon.svg"))
    return web.FileResponse(icon, headers={"Content-Type": "image/svg+xml"})


async def font(request: web.Request) -> web.FileResponse:
    """static/fonts/ (the Chinese subsets, their licence): aiohttp's static files know no font
    type and would say octet-stream. The same validators (ETag, Last-Modified) as theirs."""
    name = request.match_info["name"]  # decoded: "..%2F" would climb out of fonts/
    path = Path(str(STATIC / "fonts" / name))
    if "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        raise web.HTTPNotFound()
    kind = {"Content-Type": "font/woff2"} if name.endswith(".woff2") else None
    return web.FileResponse(path, headers=kind)


# --- the application -------------------------------------------------------------------------


def make_app(
    upstream: Upstream,
    sessions_store: SessionStore,
    secure_cookie: bool = False,
    service_key: str = "",
    trust_proxy: bool = False,
) -> web.Application:
    app = web.Application(
        middlewares=[security_headers, observed, sessions], client_max_size=64 * 1024
    )
    app[SESSIONS] = sessions_store
    app[UPSTREAM] = upstream
    app[SECURE_COOKIE] = secure_cookie
    app[SERVICE_KEY] = service_key
    app[TRUST_PROXY] = trust_proxy
    r = app.router
    r.add_get("/", index)
    r.add_get("/healthz", healthz)
    r.add_get("/favicon.ico", favicon)
    r.add_get("/static/fonts/{name}", font)  # before the static files: matched in order
    r.add_static("/static/", str(STATIC), append_version=False)
    r.add_get("/api/session", get_session)
    r.add_post("/api/session/guest", sign_in_guest)
    r.add_post("/api/session/key", sign_in_key)
    r.add_post("/api/session/signout", sign_out)
    r.add_get("/api/choices", table_choices)
    r.add_get("/api/cards", cards)
    r.add_get("/api/games", list_games)
    r.add_post("/api/games", create_game)
    r.add_post("/api/games/{game_id}/join", join_game)
    r.add_get("/api/games/{game_id}", game)
    r.add_get("/api/games/{game_id}/board", board)
    r.add_get("/api/games/{game_id}/events", events)
    r.add_get("/api/games/{game_id}/invitations", invitations)
    r.add_post("/api/games/{game_id}/answer", answer)
    r.add_post("/api/games/{game_id}/undo", undo)
    r.add_post("/api/games/{game_id}/resign", resign)
    r.add_post("/api/games/{game_id}/abort", abort)
    # The ladder, ratings and replay pages' endpoints (pages.py imports this module's helpers,
    # so it is imported here, once this module is whole).
    from .pages import add_routes
    from .tables import add_routes as add_table_routes  # the open tables and rematches
    from .tickets import add_routes as add_ticket_routes  # the matchmaking queue

    add_routes(app)
    add_table_routes(app)
    add_ticket_routes(app)

    async def close_upstream(app: web.Application) -> None:
        await upstream.close()

    app.on_cleanup.append(close_upstream)
    return app
