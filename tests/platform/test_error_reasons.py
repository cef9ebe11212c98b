"""Every reason a service can give is listed in `ErrorReason` (protos/olympus/v1/errors.proto),
and a refusal reaches the client as a google.rpc.Status with ErrorInfo (and RetryInfo)."""

from __future__ import annotations

import re
from pathlib import Path

import grpc

from olympus.engine import errors as engine_errors
from olympus.platform import errors
from olympus.v1 import errors_pb2

ROOT = Path(__file__).resolve().parents[2] / "services" / "olympus"
LISTED = set(errors_pb2.ErrorReason.keys())


def _raised_reasons() -> set[str]:
    found: set[str] = set()
    for path in ROOT.rglob("*.py"):
        if "v1" in path.parts:
            continue
        text = path.read_text()
        found.update(re.findall(r'reason="([A-Z_]+)"', text))
        found.update(re.findall(r'reason = "([A-Z_]+)"', text))
        found.update(c.upper() for c in re.findall(r'code="([a-z_]+)"', text))
        found.update(c.upper() for c in re.findall(r'code = "([a-z_]+)"', text))
    return found


def test_every_reason_in_the_code_is_listed_in_the_proto() -> None:
    raised = _raised_reasons()
    assert len(raised) > 30
    missing = raised - LISTED
    assert not missing, f"add these to ErrorReason in errors.proto: {sorted(missing)}"


def test_engine_errors_become_their_upper_case_reason() -> None:
    err = errors.as_service_error(engine_errors.IllegalAction("no", code="card_not_in_hand"))
    assert (err.status, err.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CARD_NOT_IN_HAND")
    err = errors.as_service_error(engine_errors.MalformedAction("what?"))
    assert (err.status, err.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED")
    err = errors.as_service_error(RuntimeError("secret detail at 10.0.0.7:6379"))
    assert err.status == grpc.StatusCode.INTERNAL and "10.0.0.7" not in err.message


def test_rich_status_carries_error_info_retry_and_a_bounded_message() -> None:
    err = errors.ResourceExhausted("x" * 5000, metadata={"limit": "10"}, retry_after_s=1.5)
    status = errors.to_rpc_status(err)
    assert status.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert len(status.details) <= errors.MESSAGE_LIMIT
    keys = [k for k, _ in status.trailing_metadata]
    assert "grpc-status-details-bin" in keys


def test_quote_bounds_and_cleans_caller_input() -> None:
    quoted = errors.quote("a\n" * 1000)
    assert len(quoted) <= errors.QUOTE_LIMIT + 3 and "\n" not in quoted
