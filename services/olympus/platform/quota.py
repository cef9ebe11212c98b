"""Call quotas per peer and per token, and a cap on concurrent streams per peer.

Limits are kept in this process's memory: **they are per replica**. Behind a load balancer
spreading calls over N replicas a peer gets up to N times the configured rate; that is the
price of refusing in microseconds without a Redis round trip, and it still stops one caller from
flooding a replica.

A rate is written `COUNT/PERIOD` ("300/1m", "20/s", "6000/1h"): up to COUNT calls at once,
refilled continuously over PERIOD (a token bucket of capacity COUNT, computed as GCRA: one
float per key). `off` (or 0) lifts the limit. The peer is the client's IP address (an IPv6
client by its /64 network, which one host usually owns whole), or the end user's address a
platform service forwarded with its service credential (`identity.FORWARDED_FOR`); the token is
the request's `token` field, keyed by a hash and never logged; the account is the API key's.
Tables are bounded: an idle key is forgotten as soon as its bucket would be full again, and
beyond MAX_KEYS the oldest keys go first.

Kinds of limit per method: `per_peer` (every call from an address), `per_token`, `per_account`
(every call made with one account's keys), `anonymous_per_peer` (calls without a key, from an
address: the stricter anonymous policy), and open streams per address and per account. Calls a
platform service makes on its own behalf (its service credential) are not counted.

A refusal is RESOURCE_EXHAUSTED with reason QUOTA_EXCEEDED (or TOO_MANY_STREAMS) and a
RetryInfo saying when the next call would pass.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass

from . import metrics
from .errors import ResourceExhausted

MAX_KEYS = 100_000
STREAM_RETRY_S = 2.0  # a stream slot frees when one of the peer's streams ends: no better guess
_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0}
_RATE_RE = re.compile(r"^([0-9]+(?:\.[0-9]+)?)/([0-9]*(?:\.[0-9]+)?)([smh])$")


@dataclass(frozen=True, slots=True)
class Rate:
    """Up to `count` calls at once, refilled continuously over `seconds`."""

    count: float
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """`COUNT/PERIOD` (e.g. "300/1m", "20/s"); None for `off` or a zero count."""
        text = text.strip().lower()
        if text in ("off", "0", "none", "unlimited"):
            return None
        match = _RATE_RE.match(text)
        if match is None:
            raise ValueError(f"not a rate: {text!r} (COUNT/PERIOD, e.g. 300/1m, 20/s, or off)")
        count, amount, unit = float(match[1]), float(match[2] or 1), _UNITS[match[3]]
        if count <= 0:
            return None
        if amount <= 0:
            raise ValueError(f"not a rate: {text!r} (the period must be positive)")
        return cls(count, amount * unit)

    def __str__(self) -> str:
        for unit, size in (("h", 3600.0), ("m", 60.0)):
            if self.seconds % size == 0:
                return f"{self.count:g}/{self.seconds / size:g}{unit}"
        return f"{self.count:g}/{self.seconds:g}s"


@dataclass(frozen=True, slots=True)
class MethodQuota:
    """The limits of one gRPC method (None: no limit of that kind)."""

    per_peer: Rate | None = None
    per_token: Rate | None = None
    streams_per_peer: int | None = None
    per_account: Rate | None = None
    anonymous_per_peer: Rate | None = None
    streams_per_account: int | None = None


class _Buckets:
    """One token bucket per key, as GCRA: a key's state is the time at which its bucket will
    be full again (`full_at`); a call costs `interval` seconds of it, and passes while that time
    is at most `window` (the whole bucket) ahead of now."""

    def __init__(self, rate: Rate) -> None:
        self.interval = rate.seconds / rate.count
        self.window = rate.seconds
        self._full_at: dict[bytes | str, float] = {}

    def wait(self, key: bytes | str, now: float) -> float:
        """Seconds until a call with this key would pass (0: now)."""
        full_at = max(self._full_at.get(key, now), now)
        excess = full_at + self.interval - now - self.window
        return excess if excess > 1e-9 else 0.0  # not a refusal for a float's rounding

    def take(self, key: bytes | str, now: float) -> None:
        full_at = max(self._full_at.pop(key, now), now) + self.interval
        self._full_at[key] = full_at  # re-inserted: the dict's order is least recent first
        if len(self._full_at) > MAX_KEYS:
            self._forget(now)

    def _forget(self, now: float) -> None:
        full = [k for k, t in self._full_at.items() if t <= now]
        for k in full:  # a full bucket is the same as no bucket
            del self._full_at[k]
        while len(self._full_at) > MAX_KEYS * 3 // 4:  # an attack with many keys: oldest go
            del self._full_at[next(iter(self._full_at))]

    def __len__(self) -> int:
        return len(self._full_at)


def peer_key(peer: str) -> str:
    """The client address of a gRPC peer string ("ipv4:1.2.3.4:5678", "ipv6:[::1]:5678"),
    an IPv6 address as its /64 network; other transports as they are."""
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        return rest.rpartition(":")[0]
    if kind == "ipv6":
        host = rest.rpartition(":")[0].strip("[]").split("%", 1)[0]
        try:
            address = ipaddress.IPv6Address(host)
        except ValueError:
            return host
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False).network_address) + "/64"
    return peer


def forwarded_key(address: str) -> str:
    """The quota key of an end user's address a service forwarded ("" if it is not an IP
    address): as `peer_key` makes it, an IPv6 address by its /64."""
    try:
        parsed = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return ""
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False).network_address) + "/64"
    return str(parsed)


def token_key(token: str) -> bytes:
    return hashlib.blake2b(token.encode(), digest_size=16).digest()


class MethodLimits:
    """The quotas of one method, checked at the edge of every call."""

    def __init__(self, method: str, quota: MethodQuota) -> None:
        self.method = method
        self.label = method.lstrip("/")
        self.short = method.rsplit("/", 1)[-1]
        self._peer = _Buckets(quota.per_peer) if quota.per_peer else None
        self._token = _Buckets(quota.per_token) if quota.per_token else None
        self._account = _Buckets(quota.per_account) if quota.per_account else None
        self._anonymous = _Buckets(quota.anonymous_per_peer) if quota.anonymous_per_peer else None
        self.streams_per_peer = quota.streams_per_peer or 0
        self.streams_per_account = quota.streams_per_account or 0
        self._streams: dict[str, int] = {}
        self._account_streams: dict[str, int] = {}

    @property
    def uses_token(self) -> bool:
        return self._token is not None

    def admit(self, peer: str, token: str = "", account: str | None = None) -> None:
        """Count one call, or raise ResourceExhausted (QUOTA_EXCEEDED) without counting it.
        `account`: the caller's account, None for a call without a key."""
        now = time.monotonic()
        checks: list[tuple[_Buckets, bytes | str, str]] = []
        if self._peer is not None:
            checks.append((self._peer, peer, "peer"))
        if account is None and self._anonymous is not None:
            checks.append((self._anonymous, peer, "anonymous"))
        if account and self._account is not None:
            checks.append((self._account, account, "account"))
        if token and self._token is not None:
            checks.append((self._token, token_key(token), "token"))
        for buckets, key, scope in checks:  # all must pass before any is counted
            wait = buckets.wait(key, now)
            if wait > 0:
                raise self._refusal("QUOTA_EXCEEDED", scope, wait)
        for buckets, key, _ in checks:
            buckets.take(key, now)

    def open_stream(self, peer: str, account: str | None = None) -> None:
        """Count an open stream of this peer (and account), or raise ResourceExhausted
        (TOO_MANY_STREAMS)."""
        if self.streams_per_peer and self._streams.get(peer, 0) >= self.streams_per_peer:
            raise self._refusal("TOO_MANY_STREAMS", "streams", STREAM_RETRY_S)
        if (
            account
            and self.streams_per_account
            and self._account_streams.get(account, 0) >= self.streams_per_account
        ):
            raise self._refusal("TOO_MANY_STREAMS", "account_streams", STREAM_RETRY_S)
        if self.streams_per_peer:
            self._streams[peer] = self._streams.get(peer, 0) + 1
        if account and self.streams_per_account:
            self._account_streams[account] = self._account_streams.get(account, 0) + 1

    def close_stream(self, peer: str, account: str | None = None) -> None:
        if self.streams_per_peer:
            _decrement(self._streams, peer)
        if account and self.streams_per_account:
            _decrement(self._account_streams, account)

    def _refusal(self, reason: str, scope: str, wait: float) -> ResourceExhausted:
        metrics.QUOTA_REFUSALS.labels(self.label, reason, scope).inc()
        if reason == "TOO_MANY_STREAMS":
            if scope == "account_streams":
                cap, whose = self.streams_per_account, "this account"
            else:
                cap, whose = self.streams_per_peer, "this address"
            message = (
                f"too many open {self.short} streams of {whose} (at most {cap}); close one first"
            )
        else:
            whose = {
                "peer": "this address",
                "anonymous": "this address without an API key",
                "account": "this account",
            }.get(scope, "this token")
            message = f"too many {self.short} calls from {whose}; retry in {wait:.1f}s"
        limit = {
            "peer": "per_peer",
            "anonymous": "anonymous_per_peer",
            "account": "per_account",
            "streams": "streams_per_peer",  # named as the flags name them
            "account_streams": "streams_per_account",
        }
        which = limit.get(scope, "per_token" if scope == "token" else scope)
        return ResourceExhausted(
            message,
            reason=reason,
            retry_after_s=wait,
            metadata={"limit": which},
            # QuotaFailure's subject names the limit as the flags do: "<method>:<limit>".
            quota=(f"{self.short}:{which}", message),
        )


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


class Quotas:
    """Every method's limits; `for_method` is None for a method without any."""

    def __init__(self, table: Mapping[str, MethodQuota]) -> None:
        self._limits = {
            method: MethodLimits(method, quota)
            for method, quota in table.items()
            if quota.per_peer
            or quota.per_token
            or quota.streams_per_peer
            or quota.per_account
            or quota.anonymous_per_peer
            or quota.streams_per_account
        }

    def for_method(self, method: str) -> MethodLimits | None:
        return self._limits.get(method)
