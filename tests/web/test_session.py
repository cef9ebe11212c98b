"""The signed session cookie: host tokens kept next to seat tokens, and cookies made before
host tokens existed still read."""

from __future__ import annotations

import base64

import orjson
import pytest

from olympus.web.session import MAX_HOSTED, BadSession, Session, _mac, decode, encode

SECRET = b"s" * 32


def test_hosts_round_trip_and_only_the_newest_are_kept() -> None:
    session = Session(key="k", account="ann")
    session.sit("g1", "seat-token")
    for n in range(MAX_HOSTED + 3):
        session.host(f"h{n}", f"host-token-{n}")
    back = decode(encode(session, SECRET), SECRET)
    assert back == session
    assert list(back.hosts) == [f"h{n}" for n in range(3, MAX_HOSTED + 3)]


def test_a_cookie_from_before_host_tokens_still_reads() -> None:
    body = base64.urlsafe_b64encode(orjson.dumps({"k": "k", "a": "ann", "s": {"g": "t"}}))
    body = body.rstrip(b"=")
    back = decode(f"{body.decode()}.{_mac(SECRET, body)}", SECRET)
    assert back.seats == {"g": "t"} and back.hosts == {}


def test_hosts_of_the_wrong_shape_are_a_bad_session() -> None:
    body = base64.urlsafe_b64encode(orjson.dumps({"k": "", "a": "", "s": {}, "h": [1]}))
    body = body.rstrip(b"=")
    with pytest.raises(BadSession):
        decode(f"{body.decode()}.{_mac(SECRET, body)}", SECRET)
