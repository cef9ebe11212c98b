"""The README's SDK example plays a whole game against a real service."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from olympus.platform.config import default_address
from services import WorkerProcesses, running_service

README = Path(__file__).resolve().parents[2] / "README.md"


def _sdk_example() -> str:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    return next(b for b in blocks if "OlympusClient(ADDRESS)" in b)


def test_the_readme_sdk_example_plays_a_game_to_the_end(
    redis_url: str, workers: WorkerProcesses
) -> None:  # the example's bot seat is played by the workers
    code = _sdk_example()
    with running_service("gamestate", "--redis-url", redis_url) as service:
        written = f'ADDRESS = "{default_address("gamestate")}"'
        assert written in code  # else the example would call whatever holds the default port
        code = code.replace(written, f'ADDRESS = "{service.address}"')
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
    winners, answers = out.getvalue().rsplit("]", 1)
    assert winners.startswith("[") and int(answers) > 50
