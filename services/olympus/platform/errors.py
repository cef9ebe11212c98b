"""One error model for every Olympus service, mapped to gRPC in one place.

Every refusal is a `google.rpc.Status` (sent in the `grpc-status-details-bin` trailer, as
grpcio-status reads it) carrying an `ErrorInfo`: a stable `reason` in UPPER_SNAKE_CASE, the
domain `olympus.v1`, and string metadata (e.g. `current_version` for a stale answer). A quota
refusal also carries a `RetryInfo` with the delay to wait. The status message is short, never
longer than MESSAGE_LIMIT characters, and never quotes more than QUOTE_LIMIT characters of the
caller's input (`quote`), nor any internal address.

The reasons are listed, with their meaning, in `protos/olympus/v1/errors.proto`'s comments; a
test checks that every reason raised anywhere is listed there.
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from olympus.engine.errors import (
    CorruptState,
    GameFinished,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourDecision,
    OlympusError,
)
from olympus.engine.version import VersionNotServed

DOMAIN = "olympus.v1"
MESSAGE_LIMIT = 240
QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A bounded, printable rendering of caller input for an error message."""
    text = repr(value) if not isinstance(value, str) else value
    text = "".join(c if c.isprintable() and c.isascii() else "?" for c in text[: limit + 1])
    if len(text) > limit:
        text = text[:limit] + "…"
    return repr(text)


class ServiceError(Exception):
    """An error a service raises on purpose: its gRPC status, stable reason and metadata."""

    status = grpc.StatusCode.INTERNAL
    reason = "INTERNAL"

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        metadata: dict[str, str] | None = None,
        retry_after_s: float | None = None,
        quota: tuple[str, str] | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        # The request field at fault (an INVALID_ARGUMENT's google.rpc.BadRequest); by default
        # the one its reason always names (FIELD_OF_REASON).
        self.field = field if field is not None else FIELD_OF_REASON.get(self.reason)
        self.metadata = dict(metadata or {})
        self.retry_after_s = retry_after_s
        # (subject, description) of the limit that refused the call: a google.rpc.QuotaFailure
        self.quota = quota


# Reasons that always name one request field, whichever call refuses it.
FIELD_OF_REASON = {
    "INVALID_GAME_ID": "game_id",
    "INVALID_IDEMPOTENCY_KEY": "idempotency_key",
    "INVALID_PAGE_SIZE": "page_size",
    "INVALID_PAGE_TOKEN": "page_token",
    "INVALID_HEARTBEAT": "heartbeat_seconds",
    "VERSION_AHEAD": "expected_version",
    "INVALID_REQUEST_ID": "request_id",
    "INVALID_STATUS": "status",
}


class InvalidArgument(ServiceError):
    status = grpc.StatusCode.INVALID_ARGUMENT
    reason = "INVALID_ARGUMENT"


class NotFound(ServiceError):
    status = grpc.StatusCode.NOT_FOUND
    reason = "NOT_FOUND"


class Unauthenticated(ServiceError):
    status = grpc.StatusCode.UNAUTHENTICATED
    reason = "UNAUTHENTICATED"


class PermissionDenied(ServiceError):
    status = grpc.StatusCode.PERMISSION_DENIED
    reason = "PERMISSION_DENIED"


class FailedPrecondition(ServiceError):
    status = grpc.StatusCode.FAILED_PRECONDITION
    reason = "FAILED_PRECONDITION"


class Conflict(ServiceError):
    """A compare-and-set lost: the caller's view is stale."""

    status = grpc.StatusCode.ABORTED
    reason = "STALE_VERSION"


class AlreadyExists(ServiceError):
    status = grpc.StatusCode.ALREADY_EXISTS
    reason = "ALREADY_EXISTS"


class ResourceExhausted(ServiceError):
    """A quota or limit: the caller may try again after `retry_after_s`."""

    status = grpc.StatusCode.RESOURCE_EXHAUSTED
    reason = "QUOTA_EXCEEDED"


class StorageFull(ResourceExhausted):
    """Redis is at its maxmemory: nothing was written; try again later (or elsewhere)."""

    reason = "STORAGE_FULL"


class Unavailable(ServiceError):
    status = grpc.StatusCode.UNAVAILABLE
    reason = "STORAGE_UNAVAILABLE"


class DataLoss(ServiceError):
    status = grpc.StatusCode.DATA_LOSS
    reason = "CORRUPT_STATE"


_ENGINE_STATUS: tuple[tuple[type[OlympusError], grpc.StatusCode], ...] = (
    (MalformedAction, grpc.StatusCode.INVALID_ARGUMENT),
    (InvalidOptions, grpc.StatusCode.INVALID_ARGUMENT),
    (NotYourDecision, grpc.StatusCode.FAILED_PRECONDITION),
    (GameFinished, grpc.StatusCode.FAILED_PRECONDITION),
    (IllegalAction, grpc.StatusCode.FAILED_PRECONDITION),
    # Before CorruptState: a game this replica does not serve is fine on a replica that does
    # (the SDK's retry moves the caller there), never lost data.
    (VersionNotServed, grpc.StatusCode.UNAVAILABLE),
    (CorruptState, grpc.StatusCode.DATA_LOSS),
)


def as_service_error(exc: BaseException) -> ServiceError:
    """Any exception as the ServiceError it is reported as (INTERNAL for the unexpected)."""
    if isinstance(exc, ServiceError):
        return exc
    if isinstance(exc, OlympusError):
        status = grpc.StatusCode.FAILED_PRECONDITION
        for kind, mapped in _ENGINE_STATUS:
            if isinstance(exc, kind):
                status = mapped
                break
        err = ServiceError(exc.message, reason=exc.code.upper(), metadata=exc.details)
        err.status = status
        return err
    if "OOM command not allowed" in str(exc):  # Redis at its maxmemory, on a path not wrapped
        return StorageFull(
            "storage is full: nothing was written; try again later", retry_after_s=5.0
        )
    return ServiceError("unexpected server error")


def bounded(message: str) -> str:
    if len(message) <= MESSAGE_LIMIT:
        return message
    return message[: MESSAGE_LIMIT - 1] + "…"


def to_rpc_status(err: ServiceError) -> grpc.Status:
    """The grpc.Status (code, short message, details trailer) for an error."""
    details = []
    info = any_pb2.Any()
    info.Pack(
        error_details_pb2.ErrorInfo(
            reason=err.reason, domain=DOMAIN, metadata={k: str(v) for k, v in err.metadata.items()}
        )
    )
    details.append(info)
    if err.retry_after_s is not None:
        retry = any_pb2.Any()
        delay = duration_pb2.Duration()
        delay.FromMilliseconds(max(1, int(err.retry_after_s * 1000)))
        retry.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
        details.append(retry)
    if err.quota is not None:
        subject, description = err.quota
        violation = error_details_pb2.QuotaFailure.Violation(
            subject=subject, description=bounded(description)
        )
        failure = any_pb2.Any()
        failure.Pack(error_details_pb2.QuotaFailure(violations=[violation]))
        details.append(failure)
    if err.field and err.status == grpc.StatusCode.INVALID_ARGUMENT:
        violation = error_details_pb2.BadRequest.FieldViolation(
            field=err.field, description=bounded(err.message)
        )
        bad = any_pb2.Any()
        bad.Pack(error_details_pb2.BadRequest(field_violations=[violation]))
        details.append(bad)
    status = status_pb2.Status(
        code=err.status.value[0], message=bounded(err.message), details=details
    )
    return rpc_status.to_status(status)


def status_for(exc: BaseException) -> tuple[grpc.StatusCode, str]:
    """The status code and the message a client sees (for logs and simple callers)."""
    err = as_service_error(exc)
    return err.status, bounded(err.message)


def error_details(exc: grpc.RpcError) -> tuple[str, dict[str, str], float | None]:
    """A client's reading of a refusal: (reason, metadata, retry delay in seconds or None).
    An error without Olympus details (from a proxy, say) has reason ""."""
    status = rpc_status.from_call(exc)  # type: ignore[arg-type]
    reason, retry = "", None
    metadata: dict[str, str] = {}
    if status is None:
        return reason, metadata, retry
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reason, metadata = info.reason, dict(info.metadata)
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            delay = error_details_pb2.RetryInfo()
            detail.Unpack(delay)
            retry = delay.retry_delay.ToMilliseconds() / 1000
    return reason, metadata, retry


def _details_of(exc: grpc.RpcError, kind: type[Any]) -> list[Any]:
    """The status details of one google.rpc type an error carries."""
    status = rpc_status.from_call(exc)  # type: ignore[arg-type]
    out = []
    for detail in status.details if status is not None else ():
        if detail.Is(kind.DESCRIPTOR):
            message = kind()
            detail.Unpack(message)
            out.append(message)
    return out


def field_violations(exc: grpc.RpcError) -> list[tuple[str, str]]:
    """An INVALID_ARGUMENT's fields at fault, from its google.rpc.BadRequest:
    [(field, description)] (e.g. ("page_size", ...)); [] when it names none."""
    return [
        (v.field, v.description)
        for bad in _details_of(exc, error_details_pb2.BadRequest)
        for v in bad.field_violations
    ]


def quota_violations(exc: grpc.RpcError) -> list[tuple[str, str]]:
    """A quota refusal's limits, from its google.rpc.QuotaFailure: [(subject, description)],
    subject "<method>:<limit>" (e.g. "CreateGame:per_peer"); [] for any other error."""
    return [
        (v.subject, v.description)
        for failure in _details_of(exc, error_details_pb2.QuotaFailure)
        for v in failure.violations
    ]
