"""What guards every request of the bridge, before its handler runs:

- **security headers** on every response: a Content-Security-Policy that allows the page's own
  scripts, styles and data only and forbids framing it (`frame-ancestors 'none'`, and
  X-Frame-Options for older browsers), `nosniff`, no Referer, a same-origin opener, no
  browser features granted;
- **cross-site requests refused**: every request but GET and HEAD must come from the bridge's
  own origin (`Origin`, when the browser sends it, and `Sec-Fetch-Site`) and carry the session's
  CSRF token (`X-CSRF-Token`), so another site can neither replace nor end a visitor's session;
  a form post's body type is refused too;
- **the client's address**: the TCP peer, or with `--trust-proxy-headers` the right-most
  address of `X-Forwarded-For` (set by the proxy in front), which the bridge passes to the
  services as the end user's identity (identity.FORWARDED_FOR).
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable

from aiohttp import web

from .upstream import error_body

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
TRUST_PROXY: web.AppKey[bool] = web.AppKey("trust_proxy", bool)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "X-CSRF-Token"
JSON_TYPES = frozenset({"application/json", ""})  # "": a POST without a body

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}


def refused(status: int, reason: str, message: str) -> web.Response:
    code = {400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 415: "INVALID_ARGUMENT"}
    return web.json_response(error_body(code.get(status, "FAILED"), message, reason), status=status)


def own_origin(request: web.Request) -> str:
    scheme, host = request.scheme, request.host
    if request.app[TRUST_PROXY]:
        scheme = request.headers.get("X-Forwarded-Proto", scheme).split(",")[0].strip()
        host = request.headers.get("X-Forwarded-Host", host).split(",")[0].strip()
    return f"{scheme}://{host}"


def client_address(request: web.Request) -> str:
    if request.app[TRUST_PROXY]:
        forwarded = request.headers.get("X-Forwarded-For", "")
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-1]
    return request.remote or ""


def is_secure(request: web.Request) -> bool:
    return own_origin(request).startswith("https://")


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        exc.headers.update(HEADERS)
        raise
    if not response.prepared:  # a stream (SSE) prepared its headers itself: see `events`
        response.headers.update(HEADERS)
    return response


def cross_site(request: web.Request) -> web.Response | None:
    """The refusal of a state-changing request from another site (before the session is
    read: its CSRF token is checked by `csrf_ok`)."""
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin is not None and origin != own_origin(request):
        return refused(403, "ORIGIN_REJECTED", "this request comes from another site")
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return refused(403, "ORIGIN_REJECTED", "this request comes from another site")
    kind = request.content_type if request.body_exists else ""
    if kind not in JSON_TYPES:
        return refused(415, "INVALID_ARGUMENT", "the body must be JSON (application/json)")
    return None


def csrf_ok(request: web.Request, expected: str) -> bool:
    if request.method in SAFE_METHODS:
        return True
    given = request.headers.get(CSRF_HEADER, "")
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


def csrf_refusal() -> web.Response:
    return refused(
        403, "CSRF_REJECTED", "the request lacks this session's CSRF token (GET /api/session)"
    )
