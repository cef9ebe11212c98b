"""Numbers on the command line are read in ASCII digits only, and a bad one is a usage error.

argparse's `type=int` would take " 5", "+5", "5_0" and "٥" (an Arabic-Indic five); `float`
likewise. Each `olympus` command and each service refuses them with status 2 and a message.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("-m", "olympus.cli", "selfplay", "--games", "٥"),
        ("-m", "olympus.cli", "selfplay", "--players", "+2"),
        ("-m", "olympus.cli", "selfplay", "--players", "6"),
        ("-m", "olympus.cli", "selfplay", "--seed", "1_000"),
        ("-m", "olympus.cli", "cards", "list", "--min-cost", "٣"),
        ("-m", "olympus.cli", "game", "create", "--players", " 2"),
        ("-m", "olympus.cli", "game", "create", "--bot", "x"),
        ("-m", "olympus.cli", "game", "create", "--bot", "١:random"),
        ("-m", "olympus.cli", "game", "create", "--timeout", "١٠"),
        ("-m", "olympus.cli", "game", "watch", "0123456789abcdef", "--from", "4_5"),
        ("-m", "olympus.cli", "game", "act", "0123456789abcdef", "pass", "--seat", "٠"),
        ("-m", "olympus.cli", "game", "list", "--limit", "2\n"),
        ("-m", "olympus.cli", "run", "--gamestate-port", "70000"),
        ("-m", "olympus.cli", "call", "127.0.0.1:1", "list", "--timeout", "1e1"),
        ("-m", "olympus.catalogue", "--port", "٥٠٠٥٢"),
        ("-m", "olympus.catalogue", "--port", "0", "--grace", "+1"),
    ],
    ids=repr,
)
def test_a_number_not_in_ascii_digits_is_a_usage_error(argv: tuple[str, ...]) -> None:
    done = run(*argv)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert "expected" in done.stderr, done.stderr


def test_the_plain_spellings_still_work() -> None:
    done = run("-m", "olympus.cli", "selfplay", "--games", "1", "--players", "2", "--seed", "07")
    assert done.returncode == 0, done.stderr
