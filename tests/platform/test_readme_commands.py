"""Every shell command the README and the docs show runs as written, after the README's set-up.

Each shell block of README.md and of every docs/**/*.md page (```sh, ```bash, or a
```text/```console block with `$ ` prompts) must carry a marker on the line just above its
fence, saying how it is checked (the API reference pages, docs/api/, are generated from the
protos and hold no commands):

    <!-- readme-test: setup -->       the set-up: `make` lines as below; `source .venv/bin/activate`
                                      is what this test's environment stands for (the venv of
                                      the interpreter running the tests first on PATH), and the
                                      folder it names must be the one `make install` creates
    <!-- readme-test: run -->         each command runs in bash from the repository root and
                                      must exit 0 without a traceback
    <!-- readme-test: server -->      each command starts a long-running service: it must say
                                      it is ready, answer health checks, and exit 0 on SIGTERM
    <!-- readme-test: daemon -->      each command starts a long-running process that serves no
                                      gRPC (a worker, beat): it must print its JSON ready line
                                      (`{"ready": ...}`) and exit 0 on SIGTERM
    <!-- readme-test: transcript -->  `$ ` lines are commands, the lines after them their output:
                                      each shown line must appear, in order (`...` elides);
                                      a command still running once its output was seen (a
                                      watch that follows the game) is then stopped
    needs=PROGRAM (after the kind)    the block needs a program the set-up does not install:
                                      it is skipped, visibly, where that program is missing

A block without a marker fails the test, so a command added later cannot go unchecked.
`make TARGET` lines are checked with `make -n TARGET` (the target exists and its recipe
expands): running `make test` inside the test suite would recurse, and every `make` target
first builds the virtual environment the tests already run in.

What the pages write as the platform's defaults is replaced by this test's own: the service
addresses of the game service, the catalogue and the ladder service (DEFAULT_PORTS: 127.0.0.1:7151,
7152, 7156) by ones started for the test (with the scoring and matchmaking services they need),
`OLYMPUS_API_KEY` by an admin key, every gRPC service's `--port <its default>` by `--port 0`,
the Redis URL by a private redis-server, `.venv/`
by the test's virtual environment, and HOME by a temporary folder. Values that only an earlier
command's output can tell (game ids, tokens) are read from that output: a transcript line that
shows one is matched with a pattern, and the README's value is replaced by the real one in the
commands that follow.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from platform_stack import Platform, platform

from olympus.launcher import SERVICES as STACK
from olympus.platform.config import DEFAULT_PORTS, default_address
from services import ServiceProcess, running_service

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GENERATED = DOCS / "api"  # tools/protodoc.py's pages, made at every build of the site
KINDS = ("setup", "run", "server", "daemon", "transcript")
SHELL_LANGUAGES = ("sh", "bash", "shell", "console", "zsh")
MARKER = re.compile(r"<!--\s*readme-test:\s*(?P<kind>[a-z]+)(?P<attrs>(?:\s+[a-z]+=\S+)*)\s*-->")
# Values only a command's output can tell (as the README shows them in sample output).
PLACEHOLDERS = (
    re.compile(r"[0-9a-f]{16}"),  # game id
    re.compile(r"[A-Za-z0-9_-]{43}"),  # seat or host token
)
HANG_GUARD_S = 120  # a command that never ends or never prints is a failure, not a wait
STOP_GUARD_S = 40  # a service stops within its grace (5 s) and then some


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # of the opening fence, 1-based
    language: str
    kind: str | None
    needs: tuple[str, ...]
    lines: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    """The README, then every docs page but the generated ones, in a stable order."""
    docs = sorted(p for p in DOCS.rglob("*.md") if GENERATED not in p.parents)
    return [README, *docs]


def page_blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        fence = re.fullmatch(r"```(\w*)\s*", lines[i])
        if fence is None:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        marker = MARKER.fullmatch(lines[i - 1].strip()) if i > 0 else None
        attrs = dict(a.split("=", 1) for a in marker["attrs"].split()) if marker else {}
        blocks.append(
            Block(
                path=path,
                line=i + 1,
                language=fence[1],
                kind=marker["kind"] if marker else None,
                needs=tuple(attrs["needs"].split(",")) if "needs" in attrs else (),
                lines=tuple(lines[i + 1 : end]),
            )
        )
        i = end + 1
    return blocks


def is_shell(block: Block) -> bool:
    if block.language in SHELL_LANGUAGES:
        return True
    return block.language in ("", "text") and any(line.startswith("$ ") for line in block.lines)


SHELL_BLOCKS = [b for page in pages() for b in page_blocks(page) if is_shell(b)]


def commands(block: Block) -> list[str]:
    """The commands of a shell block: continuation lines joined, comment lines left out."""
    out: list[str] = []
    pending = ""
    for line in block.lines:
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    return out


@dataclass
class Step:
    command: str
    shown: list[str] = field(default_factory=list)  # the output lines the README shows


def transcript(block: Block) -> list[Step]:
    steps: list[Step] = []
    for line in block.lines:
        if line.startswith("$ "):
            steps.append(Step(line[2:]))
        elif steps and line.strip() not in ("", "...") and not line.startswith("# "):
            steps[-1].shown.append(line.rstrip())
    return steps


# --- the environment the README's reader has after its set-up ---------------------------------


@dataclass
class Shell:
    env: dict[str, str]
    replacements: dict[str, str]

    def prepare(self, command: str) -> str:
        for readme_value, actual in self.replacements.items():
            command = command.replace(readme_value, actual)
        return command

    def run(self, command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-c", self.prepare(command)],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD_S,
        )

    def start(self, command: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            ["bash", "-c", "exec " + self.prepare(command)],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # its own process group, stopped as a whole
        )


@pytest.fixture(scope="module")
def gamestate(redis_url: str, workers: object) -> Iterator[ServiceProcess]:
    """The game service, with the session's workers (conftest) to play the bot seats."""
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service


@pytest.fixture(scope="module")
def catalogue() -> Iterator[ServiceProcess]:
    with running_service("catalogue") as service:
        yield service


@pytest.fixture(scope="module")
def ladders(redis_url: str) -> Iterator[Platform]:
    """The ladder service, and the services it asks (the session's workers play its games)."""
    with platform(
        redis_url,
        ("gamestate", "scoring", "matchmaking", "ladder"),
        args={"gamestate": ("--quotas", "off")},
    ) as stack:
        yield stack


@pytest.fixture
def shell(
    gamestate: ServiceProcess,
    catalogue: ServiceProcess,
    ladders: Platform,
    redis_url: str,
    tmp_path: Path,
) -> Shell:
    venv_bin = Path(sys.executable).parent
    env = {
        **os.environ,
        "PATH": f"{venv_bin}{os.pathsep}{os.environ.get('PATH', '')}",
        "VIRTUAL_ENV": sys.prefix,
        "HOME": str(tmp_path),
        "OLYMPUS_GAMESTATE_ADDRESS": gamestate.address,
        "OLYMPUS_LADDER_ADDRESS": ladders.address("ladder"),
        "OLYMPUS_API_KEY": ladders.account(scopes=["admin"])[1],
        # `olympus run` as written would take the default ports of every service, maybe busy
        # on a shared machine (another stack, or anything else listening there): free ones instead.
        **{f"OLYMPUS_{name.upper()}_PORT": "0" for name in STACK},
        **{f"OLYMPUS_{name.upper()}_METRICS_PORT": "0" for name in STACK},
    }
    for private in ("OLYMPUS_GAMES_FILE", "OLYMPUS_REDIS_URL"):
        env.pop(private, None)
    return Shell(
        env,
        {
            default_address("gamestate"): gamestate.address,
            default_address("catalogue"): catalogue.address,
            default_address("ladder"): ladders.address("ladder"),
            # The gRPC services' ports only: the web bridge's 8080 is no service of the test's.
            **{
                f"--port {port}": "--port 0"
                for name, port in DEFAULT_PORTS.items()
                if name != "web"
            },
            "redis://127.0.0.1:6379/0": redis_url,
            ".venv/bin/": f"{venv_bin}/",
        },
    )


# --- the checks ---------------------------------------------------------------------------------


def test_every_shell_block_says_how_it_is_checked() -> None:
    unmarked = [b.where for b in SHELL_BLOCKS if b.kind is None]
    assert not unmarked, f"shell blocks without a <!-- readme-test: KIND --> marker: {unmarked}"
    unknown = [(b.where, b.kind) for b in SHELL_BLOCKS if b.kind not in KINDS]
    assert not unknown, f"unknown marker kinds (known: {', '.join(KINDS)}): {unknown}"
    assert {b.kind for b in SHELL_BLOCKS} >= {"setup", "run", "server", "transcript"}


@pytest.mark.parametrize("block", SHELL_BLOCKS, ids=lambda b: f"{b.where}-{b.kind}")
def test_the_readme_command_block_works(block: Block, shell: Shell) -> None:
    missing = [p for p in block.needs if shell.run(f"command -v {p}").returncode != 0]
    if missing:
        pytest.skip(f"{block.where} needs {', '.join(missing)}, which is not installed here")
    if block.kind == "transcript":
        _check_transcript(block, shell)
        return
    cmds = commands(block)
    assert cmds, f"{block.where}: a marked block without commands"
    for command in cmds:
        if re.match(r"make(\s|$)", command):
            _check_make(command, shell, block)
        elif re.match(r"(source|\.)\s", command):
            assert block.kind == "setup", f"{block.where}: activation outside the set-up"
            _check_activation(command, shell, block)
        elif block.kind == "server":
            _check_server(command, shell, block)
        elif block.kind == "daemon":
            _check_daemon(command, shell, block)
        else:
            _check_run(command, shell, block)


def _check_make(command: str, shell: Shell, block: Block) -> subprocess.CompletedProcess[str]:
    dry = shell.run(re.sub(r"^make", "make -n", command))
    assert dry.returncode == 0, f"{block.where}: {command!r}: {dry.stderr}"
    return dry


def _check_activation(command: str, shell: Shell, block: Block) -> None:
    """`source DIR/bin/activate` must name the folder `make install` makes a venv in."""
    venv = re.match(r"(?:source|\.)\s+(\S+)/bin/activate\b", command)
    assert venv, f"{block.where}: not an activation: {command!r}"
    # -B: the recipe as a fresh clone runs it, even where the venv is made already.
    dry = _check_make("make -B install", shell, block)
    assert f"-m venv {venv[1]}" in dry.stdout, (command, dry.stdout)
    assert (Path(sys.prefix) / "bin" / "activate").exists()


def _check_run(command: str, shell: Shell, block: Block) -> None:
    done = shell.run(command)
    context = f"{block.where}: {command!r}\nstdout: {done.stdout[-2000:]}\nstderr: {done.stderr}"
    assert done.returncode == 0, context
    assert "Traceback" not in done.stderr, context
    assert done.stdout.strip(), context  # every command shown prints something


class _Lines:
    """A process's output lines, read on a thread (readline would block the test)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        stdout = proc.stdout
        assert stdout is not None

        def pump() -> None:
            for line in stdout:
                self._queue.put(line.rstrip("\n"))
            self._queue.put(None)

        threading.Thread(target=pump, daemon=True).start()

    def next(self, deadline: float) -> str | None:
        """The next line; None once the output ended. Fails past the deadline."""
        while True:
            try:
                line = self._queue.get(timeout=0.2)
            except queue.Empty:
                if time.monotonic() > deadline:
                    raise AssertionError(f"no more output; so far: {self.seen[-20:]}") from None
                continue
            if line is not None:
                self.seen.append(line)
            return line


class StopHang(AssertionError):
    """A process that did not stop on a signal (it was killed)."""


def _stop(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> int:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        try:
            return proc.wait(STOP_GUARD_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise StopHang("did not stop on a signal") from None
    return proc.returncode


def _check_server(command: str, shell: Shell, block: Block) -> None:
    """Ready (a JSON ready line, or `olympus run`'s "Ctrl-C stops" line), healthy, stops."""
    proc = shell.start(command)
    launcher = "olympus run" in command or "make run" in command
    try:
        lines = _Lines(proc)
        ports: list[int] = []
        deadline = time.monotonic() + HANG_GUARD_S
        while True:
            line = lines.next(deadline)
            assert line is not None, f"{block.where}: {command!r} ended: {lines.seen}"
            if line.startswith("{") and json.loads(line).get("event") == "ready":
                ports.append(int(json.loads(line)["port"]))
                if not launcher:  # `olympus run` passes its services' lines through
                    break
                continue
            # An address a service listens on (not one inside a URL, like Redis's).
            ports += [int(p) for p in re.findall(r"(?<![/@])127\.0\.0\.1:(\d+)", line)]
            if "Ctrl-C" in line:
                break
        assert ports, f"{block.where}: {command!r} named no port: {lines.seen}"
        for port in ports:
            with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
                reply = health_pb2_grpc.HealthStub(channel).Check(
                    health_pb2.HealthCheckRequest(), timeout=10
                )
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        status = _stop(proc)
    assert status == 0, f"{block.where}: {command!r} exited with {status}: {lines.seen[-12:]}"


def _check_daemon(command: str, shell: Shell, block: Block) -> None:
    """Ready (a JSON line with "ready"), then stops cleanly on SIGTERM."""
    proc = shell.start(command)
    try:
        lines = _Lines(proc)
        deadline = time.monotonic() + HANG_GUARD_S
        while True:
            line = lines.next(deadline)
            assert line is not None, f"{block.where}: {command!r} ended: {lines.seen}"
            if line.startswith("{") and "ready" in json.loads(line):
                break
    finally:
        status = _stop(proc)
    assert status == 0, f"{block.where}: {command!r} exited with {status}: {lines.seen[-12:]}"


def _pattern(shown: str, known: dict[str, str]) -> tuple[re.Pattern[str], list[str]]:
    """A shown output line as a pattern: its placeholder words (ids, tokens) match any value
    of their shape, or the value already learned for them. Returns the pattern and the README
    values its groups capture."""
    parts: list[str] = []
    captured: list[str] = []
    for word in re.split(r"(\s+)", shown.strip()):
        if word.isspace():
            parts.append(r"\s+")
        elif word in known:
            parts.append(re.escape(known[word]))
        elif any(p.fullmatch(word) for p in PLACEHOLDERS):
            shape = next(p for p in PLACEHOLDERS if p.fullmatch(word))
            parts.append(f"({shape.pattern})")
            captured.append(word)
        else:
            parts.append(re.escape(word))
    return re.compile(r"\s*" + "".join(parts)), captured


def _check_transcript(block: Block, shell: Shell) -> None:
    steps = transcript(block)
    assert steps, f"{block.where}: a transcript without `$ ` commands"
    for step in steps:
        assert step.command.startswith("olympus "), (block.where, step.command)
        proc = shell.start(step.command)
        try:
            lines = _Lines(proc)
            deadline = time.monotonic() + HANG_GUARD_S
            for shown in step.shown:
                pattern, captured = _pattern(shown, shell.replacements)
                while True:
                    line = lines.next(deadline)
                    assert line is not None, (
                        f"{block.where}: `{step.command}` never printed {shown!r}; it printed:\n"
                        + "\n".join(lines.seen)
                    )
                    match = pattern.fullmatch(line.rstrip())
                    if match:
                        shell.replacements.update(zip(captured, match.groups(), strict=True))
                        break
            if _follows(step.command):
                status = _stop(proc, signal.SIGINT)  # what Ctrl-C does
                assert status in (0, 130), f"{block.where}: `{step.command}`: {status}"
            else:
                status = proc.wait(HANG_GUARD_S)
                assert status == 0, f"{block.where}: `{step.command}` exited with {status}"
        finally:
            _stop(proc, signal.SIGKILL)


def _follows(command: str) -> bool:
    """A command that runs until stopped says so in its comment (`# ... Ctrl-C stops`)."""
    comment = re.search(r"\s#\s[^'\"]*$", command)
    return comment is not None and "Ctrl-C" in comment[0]
