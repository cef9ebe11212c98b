"""Server-side sessions (web/session.py) on a real Redis: the cookie's id names a record no
Redis copy can read (encrypted under the bridge's secret and the id), a wrong secret or a bad id
is no session, signing in renews the id, signing out deletes the record, and a session keeps
only its newest seats and hosted tables."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import redis
import redis.asyncio as aioredis

from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.web.session import MAX_HOSTED, PREFIX, SessionStore

SECRET = b"s" * 32
KEY = "oly_" + "k" * 43
TOKEN = "t" * 43


@pytest.fixture(scope="module")
def url(own_redis: EmbeddedRedis) -> Iterator[str]:
    yield own_redis.url


def run(url: str, work: object) -> object:
    async def go() -> object:
        r = aioredis.Redis.from_url(url)
        try:
            return await work(r)  # type: ignore[operator]
        finally:
            await r.aclose()

    return asyncio.run(go())


def test_a_session_round_trips_and_redis_holds_no_secret_in_clear(url: str) -> None:
    async def work(r: aioredis.Redis) -> None:
        store = SessionStore(r, SECRET)
        session = store.new()
        session.key, session.account = KEY, "ann"
        session.sit("0123456789abcdef", TOKEN)
        await store.save(session)
        back = await store.load(session.sid)
        assert back == session
        raw = b"".join([await r.get(k) or b"" for k in await r.keys(PREFIX + "*")])
        for secret in (KEY, TOKEN, session.sid, session.csrf, "ann"):
            assert secret.encode() not in raw
        assert session.sid.encode() not in b"".join(await r.keys("*"))
        # another bridge's secret reads nothing; nor does a malformed or unknown id
        assert await SessionStore(r, b"o" * 32).load(session.sid) is None
        assert await store.load("not an id") is None
        assert await store.load(store.new().sid) is None

    run(url, work)


def test_signing_in_renews_the_id_and_signing_out_ends_the_session(url: str) -> None:
    async def work(r: aioredis.Redis) -> None:
        store = SessionStore(r, SECRET)
        before = store.new()
        before.sit("0123456789abcdef", TOKEN)
        await store.save(before)
        before.key = KEY
        after = await store.renew(before)
        assert after.sid != before.sid and after.csrf != before.csrf
        assert await store.load(before.sid) is None  # the old id is worth nothing now
        assert (await store.load(after.sid)) == after and after.seats == before.seats
        await store.delete(after.sid)
        assert await store.load(after.sid) is None

    run(url, work)


def test_only_the_newest_hosted_tables_are_kept() -> None:
    store = SessionStore(redis.Redis(), SECRET)  # nothing is sent: the session only
    session = store.new()
    for n in range(MAX_HOSTED + 3):
        session.host(f"h{n}", f"host-token-{n}")
    assert list(session.hosts) == [f"h{n}" for n in range(3, MAX_HOSTED + 3)]
