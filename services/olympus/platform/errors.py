"""Map the engine's and the platform's errors to gRPC status codes, in one place."""

from __future__ import annotations

import grpc

from olympus.engine.errors import (
    CorruptState,
    GameFinished,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourDecision,
    OlympusError,
)


class ServiceError(Exception):
    """An error a service raises on purpose, with the status it maps to."""

    status = grpc.StatusCode.INTERNAL
    code = "internal"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class InvalidArgument(ServiceError):
    status = grpc.StatusCode.INVALID_ARGUMENT
    code = "invalid_argument"


class NotFound(ServiceError):
    status = grpc.StatusCode.NOT_FOUND
    code = "not_found"


class Unauthenticated(ServiceError):
    status = grpc.StatusCode.UNAUTHENTICATED
    code = "unauthenticated"


class PermissionDenied(ServiceError):
    status = grpc.StatusCode.PERMISSION_DENIED
    code = "permission_denied"


class Conflict(ServiceError):
    """A compare-and-set lost: the caller's view is stale."""

    status = grpc.StatusCode.ABORTED
    code = "stale_version"


class Unavailable(ServiceError):
    status = grpc.StatusCode.UNAVAILABLE
    code = "unavailable"


_ENGINE_STATUS: tuple[tuple[type[OlympusError], grpc.StatusCode], ...] = (
    (MalformedAction, grpc.StatusCode.INVALID_ARGUMENT),
    (InvalidOptions, grpc.StatusCode.INVALID_ARGUMENT),
    (NotYourDecision, grpc.StatusCode.FAILED_PRECONDITION),
    (GameFinished, grpc.StatusCode.FAILED_PRECONDITION),
    (IllegalAction, grpc.StatusCode.FAILED_PRECONDITION),
    (CorruptState, grpc.StatusCode.DATA_LOSS),
)


def status_for(exc: BaseException) -> tuple[grpc.StatusCode, str]:
    """The status and the message (prefixed with a stable reason code) for an error."""
    if isinstance(exc, ServiceError):
        return exc.status, f"{exc.code}: {exc.message}"
    if isinstance(exc, OlympusError):
        for kind, status in _ENGINE_STATUS:
            if isinstance(exc, kind):
                return status, f"{exc.code}: {exc.message}"
        return grpc.StatusCode.FAILED_PRECONDITION, f"{exc.code}: {exc.message}"
    return grpc.StatusCode.INTERNAL, "internal: unexpected server error"
