"""Names the services share the rules of."""

from __future__ import annotations

import re

LADDER_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")  # matched whole; also its scoring queue


def valid_ladder_name(name: str) -> bool:
    return bool(LADDER_NAME_RE.fullmatch(name))
