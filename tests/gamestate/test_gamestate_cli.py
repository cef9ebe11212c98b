"""`olympus game ...` as a person uses it: create, read the decision, answer, follow, export."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from gamestate_players import wait_until_waiting_for

from olympus.client import OlympusClient
from services import ServiceProcess


class Cli:
    """`olympus game --address A ...` in a subprocess, with its own games file."""

    def __init__(self, address: str, games_file: Path) -> None:
        self.address = address
        self.games_file = games_file
        self.env = {**os.environ, "OLYMPUS_GAMES_FILE": str(games_file)}

    def __call__(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "olympus.cli", "game", *args, "--address", self.address],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=60,
        )
        if ok:
            assert done.returncode == 0, done.stderr
        return done


@pytest.fixture
def olympus(gamestate: ServiceProcess, tmp_path: Path) -> Cli:
    return Cli(gamestate.address, tmp_path / "games.json")


def test_a_game_from_the_command_line(olympus: Cli) -> None:
    created = olympus("create", "--players", "2", "--seed", "5", "--bot", "1")
    game_id = created.stdout.split()[1]
    assert "seat 0 token" in created.stdout and "seat 1 played by the service" in created.stdout
    saved = json.loads(olympus.games_file.read_text())
    assert set(saved[game_id]["tokens"]) == {"0"} and saved[game_id]["host"]
    assert stat.S_IMODE(olympus.games_file.stat().st_mode) == 0o600  # it holds secrets

    shown = olympus("decision", game_id, "--seat", "0").stdout
    assert "Choose your corporation and cards" in shown and "setup <corporation>" in shown
    assert f'olympus game act {game_id} --seat 0 "<notation>"' in shown
    decision = json.loads(olympus("decision", game_id, "--seat", "0", "--json").stdout)
    corp = decision["decision"]["corporations"][0]["card"]

    refused = olympus("act", game_id, "--seat", "0", "setup R99 -", ok=False)
    assert refused.returncode == 1 and "CORPORATION_NOT_OFFERED" in refused.stderr
    acted = olympus("act", game_id, "--seat", "0", f"setup {corp} -").stdout
    assert "applied 'setup" in acted and "hidden" in acted

    view = json.loads(olympus("show", game_id, "--seat", "0", "--json").stdout)
    assert view["viewer"] == 0 and view["players"][0]["corporation"] == corp
    assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert "seat 0:" in olympus("show", game_id).stdout  # a spectator's readable view

    # The bot answers by itself (the workers play it): then the seat is to act again, and
    # every event so far prints.
    with OlympusClient(olympus.address) as client:
        wait_until_waiting_for(client.spectate(game_id), {0})
    assert "Take your first action" in olympus("decision", game_id, "--seat", "0").stdout
    events = olympus("watch", game_id, "--no-follow").stdout.splitlines()
    assert events[0].startswith("v1 game created")
    assert any("(bot)" in line for line in events)

    # While the game runs its log is public facts only, for the host as for anyone: no seed,
    # and the setup answers (which cards were kept) only as counts.
    log = olympus("log", game_id).stdout
    assert "seed hidden" in log and f"setup {corp}" not in log and "cards, hidden" in log
    export = olympus.games_file.parent / "replay.json"
    refused = olympus("log", game_id, "--export", str(export), ok=False)
    assert refused.returncode == 1 and not export.exists()

    assert game_id in olympus("list", "--status", "active").stdout


def test_usage_errors(olympus: Cli) -> None:
    game_id = olympus("create", "--players", "1", "--no-save").stdout.split()[1]
    assert not olympus.games_file.exists()
    missing = olympus("act", game_id, "pass", ok=False)
    assert missing.returncode == 2 and "--seat" in missing.stderr
    unsaved = olympus("decision", game_id, "--seat", "0", ok=False)
    assert unsaved.returncode == 2 and "no token saved" in unsaved.stderr
    assert olympus("show", "0" * 16, ok=False).returncode == 1


def test_whoami_resign_and_abort_from_the_command_line(olympus: Cli) -> None:
    game_id = olympus("create", "--players", "3").stdout.split()[1]
    assert f"seat 1 of game {game_id}" in olympus("whoami", game_id, "--seat", "1").stdout
    assert f"the host of game {game_id}" in olympus("whoami", game_id, "--host").stdout
    assert "resigned at version 2" in olympus("resign", game_id, "--seat", "1").stdout
    assert "resigned" in olympus("whoami", game_id, "--seat", "1").stdout
    aborted = olympus("abort", game_id, "--reason", "closing the table").stdout
    assert f"game {game_id} aborted at version" in aborted
    refused = olympus("act", game_id, "--seat", "0", "setup R01 -", ok=False)
    assert refused.returncode == 1 and "GAME_ABORTED" in refused.stderr
    assert game_id in olympus("list", "--status", "aborted").stdout
