"""What the SDK's calls give back: a refusal (`GameServiceError`, `StaleVersion`, made from the
gRPC error with the service's reason and retry delay) or a result (`CreatedGame`,
`DecisionState`, `ActResult`). sdk.py makes them; import them from there or `olympus.client`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import grpc

from olympus.platform.errors import error_details

# A call refused because the platform's storage is full waits at most this long per retry.
STORAGE_FULL_MAX_WAIT_S = 5.0


class GameServiceError(Exception):
    """A call the service refused: `status` is the gRPC status name (e.g. "ABORTED"),
    `reason` the service's stable reason (e.g. "CARD_NOT_IN_HAND", from the ErrorInfo),
    `metadata` the ErrorInfo's metadata, `retry_after` the RetryInfo delay in seconds."""

    def __init__(
        self,
        status: str,
        message: str,
        reason: str = "",
        metadata: dict[str, str] | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status}: {reason + ': ' if reason else ''}{message}")
        self.status = status
        self.reason = reason
        self.message = message
        self.metadata = dict(metadata or {})
        self.retry_after = retry_after


class StaleVersion(GameServiceError):
    """ABORTED: the game moved on since the version the answer named; read the decision again."""


def _error(exc: grpc.RpcError) -> GameServiceError:
    code: grpc.StatusCode = exc.code()  # type: ignore[attr-defined]
    details: str = exc.details() or ""  # type: ignore[attr-defined]
    kind = StaleVersion if code == grpc.StatusCode.ABORTED else GameServiceError
    reason, metadata, retry = error_details(exc)
    return kind(code.name, details, reason, metadata, retry)


def _storage_full_wait(exc: grpc.RpcError, backoff: float) -> float | None:
    """How long to wait before sending a call refused with STORAGE_FULL again (its RetryInfo,
    at most STORAGE_FULL_MAX_WAIT_S); None for any other refusal."""
    if exc.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:  # type: ignore[attr-defined]
        return None
    reason, _, retry = error_details(exc)
    if reason != "STORAGE_FULL":
        return None  # a quota: the caller decides whether to wait
    return min(retry if retry is not None else backoff, STORAGE_FULL_MAX_WAIT_S)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    tokens: dict[int, str]  # seat -> secret token, human seats
    host_token: str
    bots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DecisionState:
    game_id: str
    version: int  # pass it back as the answer's expected version
    status: str
    seat: int | None
    your_turn: bool
    decision: dict[str, Any] | None  # `Decision.to_dict()` form, with payment helpers
    waiting_for: list[int]
    phase: str
    generation: int
    # Tables with the undo option: how many answers this seat may take back now (`undo`).
    undoable: int = 0
    # Every seat's score as if the game ended now (tables with realtime scoring), else None.
    live_scores: list[dict[str, int]] | None = None


@dataclass(frozen=True, slots=True)
class ActResult:
    version: int  # the version the answer made
    replayed: bool  # the idempotency key was used before: this is that first result
    answer: str  # the answer applied, in text notation
    event: dict[str, Any] | None
