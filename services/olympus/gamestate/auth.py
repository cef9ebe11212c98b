"""Seat tokens: random secrets handed out once, stored only as their SHA-256.

A token is 32 random bytes in URL-safe base64 (43 characters). The service keeps the hash of
each token in the game's metadata (seat number, or HOST for the host token) and in a global
index (token hash -> game), which only tells a token of another game (PERMISSION_DENIED) from
one that exists nowhere (UNAUTHENTICATED).
"""

from __future__ import annotations

import hashlib
import re
import secrets

HOST = -1  # the seat number the host token maps to
TOKEN_BYTES = 32
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{43}")  # matched whole: no final newline


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def well_formed(token: str) -> bool:
    return bool(_TOKEN_RE.fullmatch(token))
