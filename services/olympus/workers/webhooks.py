"""Webhook deliveries, sent by the game service's workers from the outbox the game service and
the workers fill (gamestate/webhooks.py says what is told, and keeps the outbox's keys).

Beat sends `olympus.deliver_webhooks` every `webhook_sweep_seconds` (0.5 s); it claims the
deliveries due (each pushed LEASE_S ahead first, so a worker that dies mid-try leaves it to a
later sweep) and sends them, all at once. Where to is the account's webhook, read from the
accounts service (GetWebhookTarget, with the service credential) and kept
`webhook_target_ttl_s`. A try that gets no answer within `webhook_timeout_s`, cannot connect,
or is answered 5xx or 429 is made again after `webhook_retry_s` (5 s), then twice as long each
time (10 s, 20 s, ...) while the event is at most `webhook_retry_for_s` (an hour) old. Any other
answer is final: a 2xx delivered, anything else failed (logged and counted); a refusal is first
checked against the account's webhook read again (a URL or secret just changed: the new one is
tried at once). The body of a delivery is made once; each try signs it again with its own
timestamp (receivers reject old timestamps: replays). Deliveries are at least once: a receiver
de-duplicates them by their id (X-Olympus-Delivery).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import grpc

from olympus.gamestate.store import GameStore
from olympus.gamestate.webhooks import SHARDS, Delivery, Outbox
from olympus.platform import metrics
from olympus.platform.errors import Unavailable
from olympus.platform.identity import service_metadata
from olympus.v1 import accounts_pb2, accounts_pb2_grpc

from .settings import WorkerSettings

log = logging.getLogger("olympus.workers.webhooks")

LEASE_S = 30.0  # beyond a sweep's budget: a claimed delivery comes back after this
BATCH = 128  # deliveries a sweep claims at most
AT_ONCE = 64  # tries in flight at once, per worker process
PER_HOST = 8  # of which to one receiver (host and port): a slow one holds up no other
# A sweep starts no try after this long (the rest are due again at once, for the next sweep):
# within a task's time limits whatever the receivers do.
SWEEP_BUDGET_S = 10.0
USER_AGENT = "Olympus-Webhooks/1"
TARGET_TIMEOUT_S = 2.0

# Outcomes of a try (the metric's `outcome` label); a deferred one (the sweep's budget spent
# before it began) is not a try.
DELIVERED, RETRIED, FAILED, DROPPED = "delivered", "retried", "failed", "dropped"
DEFERRED = "deferred"


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """X-Olympus-Signature: HMAC-SHA256 over "<timestamp>.<body>", keyed with the secret."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


@dataclass(frozen=True, slots=True)
class Target:
    url: str
    secret: str


class Targets:
    """Each account's webhook, from the accounts service (GetWebhookTarget), kept `ttl_s`."""

    def __init__(self, address: str, service_key: str, ttl_s: float) -> None:
        self.address = address
        self.service_key = service_key
        self.ttl_s = ttl_s
        self._known: dict[str, tuple[Target | None, float]] = {}
        # Made on first use, on the loop the tasks run on (a channel belongs to one loop).
        self._channel: grpc.aio.Channel | None = None
        self._stub: Any = None

    def _accounts(self) -> Any:
        if self._stub is None:
            self._channel = grpc.aio.insecure_channel(
                self.address, options=(("grpc.max_reconnect_backoff_ms", 5_000),)
            )
            self._stub = accounts_pb2_grpc.AccountServiceStub(self._channel)  # type: ignore[no-untyped-call]
        return self._stub

    async def get(self, account: str, fresh: bool = False) -> Target | None:
        """The account's webhook, None when it has none (or is disabled, or unknown);
        UNAVAILABLE when the accounts service cannot say now."""
        known = self._known.get(account)
        if known is not None and not fresh and known[1] > time.monotonic():
            return known[0]
        if not self.service_key:
            raise Unavailable(
                "no service credential (OLYMPUS_SERVICE_KEY): webhooks cannot be read",
                reason="SERVICE_UNAVAILABLE",
            )
        try:
            reply = await self._accounts().GetWebhookTarget(
                accounts_pb2.GetWebhookTargetRequest(account_id=account),
                metadata=service_metadata(self.service_key),
                timeout=TARGET_TIMEOUT_S,
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                raise Unavailable(
                    f"the accounts service cannot say where to deliver ({exc.code().name})",
                    reason="SERVICE_UNAVAILABLE",
                ) from None
            target = None
        else:
            target = Target(reply.url, reply.secret) if reply.configured else None
        self._known[account] = (target, time.monotonic() + self.ttl_s)
        if len(self._known) > 10_000:
            self._known.clear()
        return target

    async def has(self, account: str) -> bool:
        """Whether the account has a webhook (the workers' gamestate Presence asks this)."""
        return await self.get(account) is not None

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()


@dataclass
class Sent:
    delivered: int = 0
    retried: int = 0
    failed: int = 0
    dropped: int = 0
    deferred: int = 0

    def add(self, outcome: str) -> None:
        setattr(self, outcome, getattr(self, outcome) + 1)


class WebhookDelivery:
    def __init__(self, store: GameStore, targets: Targets, settings: WorkerSettings) -> None:
        self.outbox = Outbox(store)
        self.targets = targets
        self.timeout_s = settings.webhook_timeout_s
        self.retry_s = settings.webhook_retry_s
        self.retry_for_s = settings.webhook_retry_for_s
        self._http: aiohttp.ClientSession | None = None
        self._at_once = asyncio.Semaphore(AT_ONCE)
        self._hosts: dict[str, asyncio.Semaphore] = {}
        self._deadline = 0.0

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            # No timeout of its own: each try's is counted once its turn came (_post).
            self._http = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=AT_ONCE, limit_per_host=PER_HOST),
                timeout=aiohttp.ClientTimeout(total=None),
                headers={"User-Agent": USER_AGENT},
            )
        return self._http

    def _host(self, url: str) -> asyncio.Semaphore:
        host = urlsplit(url).netloc.lower()
        slot = self._hosts.get(host)
        if slot is None:
            if len(self._hosts) > 10_000:
                self._hosts = {h: s for h, s in self._hosts.items() if s.locked()}
            slot = self._hosts[host] = asyncio.Semaphore(PER_HOST)
        return slot

    async def sweep(self) -> Sent:
        """Send the deliveries due now (at most BATCH), each claimed for a lease first."""
        out = Sent()
        now = int(time.time() * 1000)
        self._deadline = time.monotonic() + SWEEP_BUDGET_S
        claimed: list[str] = []
        first = random.randrange(SHARDS)  # when more are due than a batch, no shard waits last
        for n in range(SHARDS):
            if len(claimed) >= BATCH:
                break
            shard = (first + n) % SHARDS
            claimed += await self.outbox.claim(
                shard, now, int(LEASE_S * 1000), BATCH - len(claimed)
            )
        if not claimed:
            return out
        tries = []
        for ident, delivery in zip(claimed, await self.outbox.records(claimed), strict=True):
            if delivery is None:  # its record expired: long given up
                await self.outbox.forget(ident)
            elif delivery.state != "pending":  # done, but still due (cannot happen: kept tidy)
                await self.outbox.settle(delivery, None)
            else:
                tries.append(self._try(delivery))
        for outcome in await asyncio.gather(*tries):
            out.add(outcome)
        return out

    # --- one try -------------------------------------------------------------------------------
    async def _try(self, delivery: Delivery) -> str:
        """Send the delivery once and store what came of it; the outcome."""
        outcome = await self._send(delivery)
        due: int | None = None
        if outcome == DEFERRED:  # not tried: due again at once, for the next sweep
            await self.outbox.settle(delivery, int(time.time() * 1000))
            return outcome
        if outcome == RETRIED:
            delay = self.retry_s * 2 ** (delivery.tries - 1)
            again = time.time() + delay
            if again - delivery.at_ms / 1000 > self.retry_for_s:
                outcome = FAILED
                log.warning(
                    "a webhook was not delivered within %gs of its event: given up",
                    self.retry_for_s,
                    extra={"game_id": delivery.game_id, "delivery": delivery.id},
                )
            else:
                due = int(again * 1000)
        if outcome != RETRIED:
            delivery.state = outcome
        metrics.WEBHOOK_DELIVERIES.labels(delivery.kind, outcome).inc()
        if outcome == DELIVERED:
            delay_s = max(0.0, time.time() - delivery.at_ms / 1000)
            metrics.WEBHOOK_DELAY_SECONDS.labels(delivery.kind).observe(delay_s)
        await self.outbox.settle(delivery, due)
        return outcome

    async def _send(self, delivery: Delivery) -> str:
        """One POST (two when the account's webhook changed under a final refusal); the
        outcome before the retry window is looked at: DELIVERED, RETRIED, FAILED or DROPPED."""
        try:
            target = await self.targets.get(delivery.account)
        except Unavailable:
            delivery.tries += 1
            return RETRIED  # where to is not known now: the next try asks again
        if target is None:
            return DROPPED  # no webhook (deleted meanwhile, or the account disabled)
        status = await self._post(delivery, target)
        if status == DEFERRED:
            return DEFERRED
        if isinstance(status, int) and _final_refusal(status):
            # The URL or secret may have changed since it was read (a rotation, kept up to
            # the targets' time to live): read it again, and try the new one at once.
            try:
                fresh = await self.targets.get(delivery.account, fresh=True)
            except Unavailable:
                fresh = target  # cannot tell now: the refusal stands
            if fresh is None:
                return DROPPED
            if fresh != target:
                status = await self._post(delivery, fresh)
                if status == DEFERRED:
                    return RETRIED  # the refusal was one try: the next sweep tries the new one
        if not isinstance(status, int) or status == 429 or 500 <= status <= 599:
            return RETRIED
        if 200 <= status <= 299:
            return DELIVERED
        log.warning(
            "a webhook was refused with HTTP %d: given up",
            status,
            extra={"game_id": delivery.game_id, "delivery": delivery.id},
        )
        return FAILED

    async def _post(self, delivery: Delivery, target: Target) -> int | str | None:
        """The receiver's HTTP status, None when it could not be reached or did not answer in
        time, DEFERRED when the sweep's budget was spent before this try's turn came."""
        async with self._at_once, self._host(target.url):
            if time.monotonic() > self._deadline:
                return DEFERRED
            return await self._post_now(delivery, target)

    async def _post_now(self, delivery: Delivery, target: Target) -> int | None:
        delivery.tries += 1
        body = delivery.body.encode()
        stamp = int(time.time())
        headers = {
            "Content-Type": "application/json",
            "X-Olympus-Delivery": delivery.id,
            "X-Olympus-Event": delivery.kind,
            "X-Olympus-Timestamp": str(stamp),
            "X-Olympus-Signature": sign(target.secret, stamp, body),
        }
        started = time.perf_counter()
        try:
            async with (
                asyncio.timeout(self.timeout_s),
                self._session().post(
                    target.url, data=body, headers=headers, allow_redirects=False
                ) as reply,
            ):
                return reply.status
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            log.info(
                "a webhook try failed (%s)",
                type(exc).__name__,
                extra={"game_id": delivery.game_id, "delivery": delivery.id},
            )
            return None
        finally:
            metrics.WEBHOOK_SECONDS.labels(delivery.kind).observe(time.perf_counter() - started)

    async def close(self) -> None:
        if self._http is not None:
            with contextlib.suppress(Exception):
                await self._http.close()


def _final_refusal(status: int) -> bool:
    return not (200 <= status <= 299 or status == 429 or 500 <= status <= 599)
