"""Games on every map through a real game service: CreateGame takes the map, DescribeBoard
describes it (spaces, special spaces, milestones and awards), an unknown map is refused."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from importlib import resources

import pytest
from gamestate_players import play_out

from olympus.client import GameServiceError, OlympusClient
from olympus.engine import Game, GameOptions
from olympus.engine.milestones import AWARDS, MILESTONES
from services import ServiceProcess

MAPS = {
    "tharsis": "Tharsis",
    "elysium": "Elysium",
    "hellas": "Hellas",
    "vastitas_borealis": "Vastitas Borealis",
    "amazonis": "Amazonis Planitia",
}
TYPES = {"land": "land", "ocean": "ocean", "colony": "off_mars", "restricted": "restricted"}


def _reference(name: str) -> dict[int, dict[str, str]]:
    text = resources.files("olympus.engine.data").joinpath("spaces.tsv").read_text("utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {
        int(r["space_id"]): r
        for r in rows
        if r["map"] == name and (r["space_type"] != "colony" or r["space_id"] in ("01", "02"))
    }


@pytest.mark.parametrize("name", MAPS)
def test_a_game_on_each_map_is_described(client: OlympusClient, name: str) -> None:
    game = client.create_game(players=2, seed=5, map=name, bots=[1])
    assert client.spectate(game.game_id).view()["settings"]["options"]["map"] == name
    board = client.describe_board(game_id=game.game_id)
    assert (board["map"], board["map_title"]) == (name, MAPS[name])
    assert board == {**client.describe_board(map=name), "table": board["table"]}

    spaces = {s["id"]: s for s in board["spaces"]}
    wanted = _reference(name)
    assert set(spaces) == set(wanted)
    for sid, row in wanted.items():
        assert spaces[sid]["type"] == TYPES[row["space_type"]], sid
        assert spaces[sid]["bonuses"] == [b for b in row["bonuses"].split(",") if b], sid
        assert spaces[sid]["volcanic"] == (row["volcanic"] == "yes"), sid
    fees = {sid: s["placement_fee"] for sid, s in spaces.items() if s["placement_fee"]}
    assert fees == {"hellas": {61: 6}, "vastitas_borealis": {33: 3}}.get(name, {})

    assert [m["id"] for m in board["milestones"]] == list(MILESTONES[name])
    assert [a["id"] for a in board["awards"]] == list(AWARDS[name])
    at_most = [m["id"] for m in board["milestones"] if m["at_most"]]
    assert at_most == (["minimalist"] if name == "amazonis" else [])
    assert all(m["metric"] != "unknown" for m in board["milestones"] + board["awards"])


def test_the_restricted_space_and_a_paid_space_as_the_board_shows_them(
    client: OlympusClient,
) -> None:
    amazonis = {s["id"]: s for s in client.describe_board(map="amazonis")["spaces"]}
    assert (amazonis[33]["type"], amazonis[33]["bonuses"]) == ("restricted", [])
    hellas = {s["id"]: s for s in client.describe_board(map="hellas")["spaces"]}
    assert (hellas[61]["type"], hellas[61]["bonuses"]) == ("land", ["ocean"])


def test_an_unknown_map_is_refused_with_the_supported_ones(client: OlympusClient) -> None:
    for name in ("mars", "Hellas", "x" * 300):
        with pytest.raises(GameServiceError) as refused:
            client.create_game(players=2, map=name, bots=[1])
        error = refused.value
        assert (error.status, error.reason) == ("INVALID_ARGUMENT", "UNKNOWN_MAP")
        assert error.metadata == {"supported": ",".join(MAPS)}
        assert "supported: tharsis, elysium, hellas, vastitas_borealis, amazonis" in error.message
        assert len(error.message) < 200


def test_a_game_on_a_new_map_plays_to_its_end_and_replays(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=9, map="vastitas_borealis")
    play_out(client, game.game_id, game.tokens, seed=3)
    log = client.game_log(game.game_id)
    assert log["status"] == "finished" and log["options"]["map"] == "vastitas_borealis"
    replayed = Game.replay(
        GameOptions.from_data(log["options"]), [(a["seat"], a["text"]) for a in log["answers"]]
    )
    assert replayed.is_over and replayed.result() == log["result"]


def _olympus(address: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "game", *args, "--address", address],
        capture_output=True,
        text=True,
        env={**os.environ},
        timeout=60,
    )


def test_the_command_line_creates_a_game_on_a_map(gamestate: ServiceProcess) -> None:
    created = _olympus(gamestate.address, "create", "--map", "hellas", "--bot", "1")
    assert created.returncode == 0, created.stderr
    shown = _olympus(gamestate.address, "board", "--map", "hellas")
    assert "Hellas: 61 spaces on Mars" in shown.stdout
    assert "61 ocean (costs 6 M€ to build on)" in shown.stdout
    shown = _olympus(gamestate.address, "board", "--map", "amazonis")
    assert "33 restricted" in shown.stdout
    assert "[cards_in_hand <= 2]" in shown.stdout
    refused = _olympus(gamestate.address, "create", "--map", "mars")
    assert refused.returncode != 0 and "UNKNOWN_MAP" in refused.stderr
