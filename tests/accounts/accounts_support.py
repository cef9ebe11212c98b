"""Helpers of the accounts tests (shared with conftest.py)."""

from __future__ import annotations

import secrets
import subprocess
import sys
from dataclasses import dataclass


def olympus(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", *args], capture_output=True, text=True, timeout=60
    )


def unique(prefix: str) -> str:
    """A name no other test of the session uses (they share one Redis)."""
    return f"{prefix}-{secrets.token_hex(4)}"


def auth(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),)


@dataclass
class Admin:
    account_id: str
    name: str
    key: str
