"""The seat tokens of matched games, stored nowhere.

The game service keeps only the hashes of seat tokens; so does this service, in effect: it
keeps none at all. A seat token is derived from this service's secret and the match and ticket
it belongs to (HMAC-SHA256, 32 bytes as 43 URL-safe base64 characters, the form of every seat
token), computed again whenever it is needed: in the CreateGameRequest of a match (so a resend
after a failure makes the same request), and in the ticket its owner reads (GetTicket,
WatchTicket). A copy of this service's Redis therefore holds no token that plays a seat.

The secret is OLYMPUS_MATCHMAKING_TOKEN_SECRET when set (every replica the same), else derived
from the service credential every replica already shares.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

SECRET_ENV = "OLYMPUS_MATCHMAKING_TOKEN_SECRET"


def secret_from_env(service_key: str) -> bytes:
    explicit = os.environ.get(SECRET_ENV, "")
    if explicit:
        return explicit.encode()
    if not service_key:
        raise ValueError(
            "matchmaking needs the service credential (OLYMPUS_SERVICE_KEY) or "
            f"{SECRET_ENV} to make the seat tokens of its games"
        )
    return hmac.new(service_key.encode(), b"olympus matchmaking seat tokens v1", "sha256").digest()


class SeatTokens:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def token(self, match_id: str, ticket_id: str) -> str:
        digest = hmac.new(self._secret, f"{match_id}:{ticket_id}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")
