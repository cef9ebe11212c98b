"""Keys for the scoring tests: made the operator's way, sent on every call of a channel."""

from __future__ import annotations

from typing import Any

import grpc

from services import create_account


def make_key(redis_url: str, name: str, scopes: str) -> str:
    return create_account(redis_url, name, scopes)["key"]


class Bearer(grpc.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    """Sends `authorization: Bearer <key>` with every call of a channel."""

    def __init__(self, key: str) -> None:
        self.key = key

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        metadata = [*(details.metadata or ()), ("authorization", f"Bearer {self.key}")]
        return continuation(details._replace(metadata=metadata), request)
