"""Cross-site attacks on a visitor's bridge session, in a real browser (Debian's chromium).

The visitor signs in as a guest on the bridge's page (its Content-Security-Policy enforced, and
the page breaking none of it) and sits at a table. Pages of another origin, served by this test
(one of the same site, one of another), then post forms to the bridge's sign-out, guest and key
endpoints (into frames, and taking the whole tab), fire `fetch(..., {mode: "no-cors",
credentials: "include"})` at them and try to frame the bridge's page. The visitor's session
must come out intact and the frame empty. With the Origin and CSRF checks taken out, both cases
fail (a top-level post to /guest replaces the session even from another site)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import create_table, open_page
from web_support import WebStack

pytestmark = pytest.mark.browser


ENDPOINTS = ("signout", "guest", "key")


def evil_page(bridge: str) -> bytes:
    """Forms posted into frames and no-cors fetches at each session endpoint, and the bridge's
    page in a frame; the title says when all of it has been tried."""
    forms = "".join(
        f'<form method="post" action="{bridge}/api/session/{path}" target="sink{i}">'
        f'<input name="key" value="oly_{"a" * 43}"></form><iframe name="sink{i}"></iframe>'
        for i, path in enumerate(ENDPOINTS)
    )
    script = (
        "<script>"
        "for (const f of document.forms) f.submit();"
        f"for (const p of {list(ENDPOINTS)!r}) {{"
        f"  fetch('{bridge}/api/session/' + p, {{method: 'POST', mode: 'no-cors', "
        "credentials: 'include', headers: {'Content-Type': 'text/plain'}, body: '{}'});"
        f"  fetch('{bridge}/api/session/' + p, {{method: 'POST', mode: 'no-cors', "
        "credentials: 'include', body: new URLSearchParams('key=x')});"
        "}"
        "setTimeout(() => { document.title = 'done'; }, 1500);"
        "</script>"
    )
    frame = f'<iframe id="framed" src="{bridge}/" width="400" height="300"></iframe>'
    return f"<!doctype html><html><body>{forms}{frame}{script}</body></html>".encode()


def top_level_post(bridge: str, path: str) -> bytes:
    """A form that takes the whole tab to the bridge with a POST (a link the visitor follows)."""
    return (
        f'<!doctype html><html><body><form method="post" action="{bridge}/api/session/{path}">'
        f'<input name="key" value="oly_{"b" * 43}"></form>'
        "<script>document.forms[0].submit();</script></body></html>"
    ).encode()


@pytest.fixture(params=["127.0.0.1", "127.0.0.2"], ids=["same-site", "cross-site"])
def evil_site(request: Any, browser_stack: WebStack) -> Iterator[str]:
    """Another origin. On 127.0.0.1 (another port) it is the same *site*, so even SameSite
    cookies go with its requests and only the bridge's Origin and CSRF checks stand; on
    127.0.0.2 (Linux routes all of 127/8 to lo) it is another site as well."""
    bridge = browser_stack.url
    pages = {"/evil.html": evil_page(bridge)}
    pages.update({f"/top-{p}.html": top_level_post(bridge, p) for p in ENDPOINTS})

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer((request.param, 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{request.param}:{server.server_address[1]}"
    finally:
        server.shutdown()


def session_of(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("fetch('/api/session').then(r => r.json())"))


def test_another_site_can_neither_end_nor_replace_the_session_nor_frame_the_page(
    browser: Any, browser_stack: WebStack, evil_site: str
) -> None:
    page = open_page(browser, browser_stack.url + "/", csp=True)
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    create_table(page)  # a guest at a table: the session holds a seat token and a host token
    before = session_of(page)
    assert before["signed_in"] and before["games"]

    attacker = page.context.new_page()  # the same browser, the same cookies
    attacker.goto(evil_site + "/evil.html")
    attacker.wait_for_function("document.title === 'done'", timeout=30_000)
    # The bridge's page did not render inside the other site's frame.
    framed = attacker.frame_locator("#framed").locator("body[data-ready='1']")
    assert framed.count() == 0
    for path in ENDPOINTS:  # the whole tab posted to the bridge, as a followed link would
        with attacker.expect_navigation(url=f"{browser_stack.url}/api/session/{path}"):
            attacker.goto(f"{evil_site}/top-{path}.html")

    after = session_of(page)
    assert after == before, "another site changed the visitor's session"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert session_of(page)["account"] == before["account"]
    assert violations == [], violations
    page.context.close()
