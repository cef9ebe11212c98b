"""Run a command while busy loops hold the machine's cores, and say how much they held.

    python tools/under_load.py --loops 2 -- make test

A loaded machine must not turn CI red (issue 33): this is the bar that shows it. Each loop is a
process spinning at normal priority, so it competes with the tests as any other job on a
shared machine would. At the end the tool prints the command's exit status and wall time and
the CPU the loops got (in cores, averaged over the run), read from /proc, so a run that claims
to be loaded shows that it was. The exit status is the command's.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

SPIN = "while True: pass"


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a live process (/proc/<pid>/stat fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loops", type=int, default=os.cpu_count() or 1, help="busy loops")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (put it after --)")
    if args.loops < 0:
        parser.error("--loops cannot be negative")
    loops = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(args.loops)]
    started = time.monotonic()
    try:
        status = subprocess.call(command)
        wall = time.monotonic() - started
        held = sum(cpu_seconds(p.pid) for p in loops)
    finally:
        for loop in loops:
            loop.send_signal(signal.SIGKILL)
            loop.wait()
    print(
        f"under_load: {' '.join(command)!r} exited {status} after {wall:.0f} s; "
        f"{args.loops} busy loops held {held / wall:.2f} cores of {os.cpu_count()} on average",
        flush=True,
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
