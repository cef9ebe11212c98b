"""Keys for the scoring tests: made the operator's way, sent on every call of a channel."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import grpc


def make_key(redis_url: str, name: str, scopes: str) -> str:
    """An account with one key, made the operator's way (`olympus accounts create`)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "olympus.cli",
            "accounts",
            "create",
            name,
            "--kind",
            "bot",
            "--scopes",
            scopes,
            "--json",
            "--redis-url",
            redis_url,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return str(json.loads(done.stdout.splitlines()[0])["key"])


class Bearer(grpc.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    """Sends `authorization: Bearer <key>` with every call of a channel."""

    def __init__(self, key: str) -> None:
        self.key = key

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        metadata = [*(details.metadata or ()), ("authorization", f"Bearer {self.key}")]
        return continuation(details._replace(metadata=metadata), request)
