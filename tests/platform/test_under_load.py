"""tools/under_load.py: the command's exit status passes through, the loops really spin, and
none is left behind."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "under_load.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60
    )


# The command: note the tool's other children (the loops), spin a little, fail with 3.
COMMAND = """
import os, sys, time
tool = os.getppid()
kids = open(f"/proc/{tool}/task/{tool}/children").read().split()
open(sys.argv[1], "w").write(" ".join(k for k in kids if int(k) != os.getpid()))
t = time.time()
while time.time() - t < 1.5:
    pass
sys.exit(3)
"""


def test_the_status_is_the_commands_and_the_loops_are_measured_then_gone(tmp_path: Path) -> None:
    noted = tmp_path / "loops"
    done = run("--loops", "2", "--", sys.executable, "-c", COMMAND, str(noted))
    assert done.returncode == 3, done.stderr
    line = re.search(r"exited 3 after \d+ s; 2 busy loops held ([\d.]+) cores", done.stdout)
    assert line, done.stdout
    assert float(line.group(1)) > 0.1  # the loops got CPU (even on a loaded machine)
    loops = noted.read_text().split()
    assert len(loops) == 2
    assert not [pid for pid in loops if Path(f"/proc/{pid}").exists()]  # none outlives the run


def test_a_missing_command_is_refused() -> None:
    done = run("--loops", "1")
    assert done.returncode == 2 and "no command given" in done.stderr
