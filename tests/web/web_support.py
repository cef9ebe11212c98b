"""A whole local stack for the web client's tests: the game, catalogue, accounts and
matchmaking services and the web bridge, as real processes on a private Redis (the session's
`redis_url` and `workers` fixtures play the bots)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from typing import Any

from services import running_service


@dataclass
class WebStack:
    url: str  # http://127.0.0.1:PORT
    metrics_port: int | None
    gamestate: str  # host:port
    web_log: str = ""  # the bridge's log file


@contextmanager
def web_stack(redis_url: str) -> Iterator[WebStack]:
    with ExitStack() as stack:
        redis = ("--redis-url", redis_url)
        games = stack.enter_context(running_service("gamestate", *redis))
        catalogue = stack.enter_context(running_service("catalogue", *redis))
        accounts = stack.enter_context(running_service("accounts", *redis))
        matchmaking = stack.enter_context(
            running_service("matchmaking", *redis, "--gamestate-address", games.address)
        )
        web = stack.enter_context(
            running_service(
                "web",
                *redis,
                "--gamestate-address",
                games.address,
                "--catalogue-address",
                catalogue.address,
                "--accounts-address",
                accounts.address,
                "--matchmaking-address",
                matchmaking.address,
            )
        )
        yield WebStack(
            f"http://127.0.0.1:{web.port}", web.metrics_port, games.address, web.log_path
        )


@dataclass
class Browser:
    """One browser's cookies, for the JSON API without a page."""

    base: str
    jar: CookieJar = field(default_factory=CookieJar)
    csrf: str = ""  # the session's CSRF token, as the page keeps it (GET /api/session)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if method != "GET" and not self.csrf:
            self.call("GET", "/api/session")
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if method != "GET":
            request.add_header("X-CSRF-Token", self.csrf)
        try:
            with opener.open(request, timeout=30) as response:
                status, reply = response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            status, reply = exc.code, json.loads(exc.read() or b"{}")
        if isinstance(reply, dict) and isinstance(reply.get("csrf_token"), str):
            self.csrf = reply["csrf_token"]
        return status, reply

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        status, data = self.call(method, path, body)
        assert status == 200, (status, data)
        return data


def guest(stack: WebStack) -> Browser:
    """A new browser signed in as a guest."""
    person = Browser(stack.url)
    person.ok("POST", "/api/session/guest")
    return person
