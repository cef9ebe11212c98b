"""Each account's webhook: the URL the game service's workers POST its notifications to, and the
secret they sign them with. The accounts service owns it; the workers read it over gRPC
(AccountService.GetWebhookTarget, service credential), never from Redis.

    olympus:acct:{a:<id>}:webhook   hash: url, secret, created ms (the URL's), secret ms

The secret signs (HMAC-SHA256) what the workers send, so it is kept as it is (unlike API keys,
which are kept as their hash): whoever reads this Redis can forge deliveries, as whoever reads
it can make accounts. It is shown once, by the call that made it (SetWebhook,
RotateWebhookSecret), and never by GetWebhook. Every change is a KEY_EVENT_KIND_WEBHOOK_CHANGED
event on the accounts' event stream, so the game service forgets what it knew of the account at
once.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from olympus.platform.errors import InvalidArgument, NotFound
from olympus.platform.keycheck import WEBHOOK_CHANGED
from olympus.platform.storage import storage_calls

from .keys import KeyStore, _account_key

MAX_URL = 2048
SECRET_PREFIX = "olywh_"
SECRET_BYTES = 32
# Plain http is for a receiver on the same machine only (local development, tests).
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
_HOST_RE = re.compile(r"[A-Za-z0-9.-]{1,253}")

_storage = storage_calls("account", "olympus.accounts.webhooks", prefix="accounts_webhook_")


@dataclass(frozen=True, slots=True)
class Webhook:
    url: str
    secret: str
    created_ms: int
    secret_ms: int


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(SECRET_BYTES)


def _bad(message: str) -> InvalidArgument:
    return InvalidArgument(message, reason="INVALID_WEBHOOK_URL", field="url")


def check_url(url: str) -> str:
    """The URL as it will be used, or INVALID_WEBHOOK_URL saying what is wrong with it."""
    if not url:
        raise _bad("url is required: https://host/path")
    if len(url) > MAX_URL:
        raise _bad(f"url is {len(url)} characters long; at most {MAX_URL}")
    if not all("\x21" <= c <= "\x7e" for c in url):
        raise _bad("url must be printable ASCII without spaces (percent-encode the rest)")
    try:
        parts = urlsplit(url)
        port = parts.port  # a port that is not a number 0-65535 raises here
    except ValueError:
        raise _bad("url is not a valid URL") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise _bad(f"url must be https:// (got {scheme or 'no'} scheme)")
    if "@" in parts.netloc:
        raise _bad("url must not hold a user name or password (user:password@)")
    host = (parts.hostname or "").lower()
    if not host:
        raise _bad("url has no host")
    if parts.fragment or url.endswith("#"):
        raise _bad("url must not have a #fragment")
    if port == 0:
        raise _bad("url's port must be 1-65535")
    if parts.netloc.startswith("["):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise _bad("url's host is not a valid IPv6 address") from None
    elif not _HOST_RE.fullmatch(host) or ".." in host or host.startswith(("-", ".")):
        raise _bad("url's host is not a valid host name")
    if scheme == "http" and host not in LOOPBACK_HOSTS:
        raise _bad(
            "url must be https://; plain http:// is allowed only to 127.0.0.1, localhost or "
            "[::1] (a receiver on the same machine)"
        )
    return url


class WebhookStore:
    """The webhooks, beside the accounts they belong to (same hash tag)."""

    def __init__(self, keys: KeyStore) -> None:
        self.keys = keys
        self.redis: Any = keys.redis

    @staticmethod
    def _key(account_id: str) -> str:
        return _account_key(account_id) + ":webhook"

    @_storage
    async def set(self, account_id: str, url: str) -> Webhook:
        """Register (or replace) the account's webhook with a new secret."""
        url = check_url(url)
        await self.keys.account(account_id)  # NOT_FOUND before anything is written
        now = int(time.time() * 1000)
        hook = Webhook(url, new_secret(), now, now)
        await self.redis.hset(
            self._key(account_id),
            mapping={"url": url, "secret": hook.secret, "created": now, "secret_ms": now},
        )
        await self.keys._event(WEBHOOK_CHANGED, account_id)
        return hook

    @_storage
    async def get(self, account_id: str) -> Webhook | None:
        await self.keys.account(account_id)
        row = await self.redis.hgetall(self._key(account_id))
        if not row or b"url" not in row or b"secret" not in row:
            return None
        return Webhook(
            row[b"url"].decode(),
            row[b"secret"].decode(),
            int(row.get(b"created") or 0),
            int(row.get(b"secret_ms") or 0),
        )

    async def require(self, account_id: str) -> Webhook:
        hook = await self.get(account_id)
        if hook is None:
            raise NotFound("this account has no webhook", reason="WEBHOOK_NOT_FOUND")
        return hook

    @_storage
    async def delete(self, account_id: str) -> bool:
        await self.keys.account(account_id)
        deleted = bool(await self.redis.delete(self._key(account_id)))
        if deleted:
            await self.keys._event(WEBHOOK_CHANGED, account_id)
        return deleted

    @_storage
    async def rotate(self, account_id: str) -> Webhook:
        """A new secret for the account's webhook (WEBHOOK_NOT_FOUND without one)."""
        hook = await self.require(account_id)
        now = int(time.time() * 1000)
        secret = new_secret()
        # Only while the webhook is still there: a rotation racing a delete makes nothing.
        changed = await self.redis.eval(_ROTATE, 1, self._key(account_id), secret, now)
        if not changed:
            raise NotFound("this account has no webhook", reason="WEBHOOK_NOT_FOUND")
        await self.keys._event(WEBHOOK_CHANGED, account_id)
        return Webhook(hook.url, secret, hook.created_ms, now)


_ROTATE = """
-- KEYS: the webhook's hash; ARGV: the new secret, now ms
if redis.call('HEXISTS', KEYS[1], 'url') == 0 then return 0 end
redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'secret_ms', ARGV[2])
return 1
"""
