"""`olympus game show`, `decision` and `board` as text: Mars drawn with the tiles where they
stand, the spaces a decision offers with their place and bonus, cards with their catalogue
facts, and escape codes for a terminal only."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from typing import Any

import pytest
from cli_support import PlayedGame, olympus, play

from olympus.client import OlympusClient
from olympus.client.mapview import HALF
from olympus.engine.cards.catalogue import find
from services import ServiceProcess

LETTERS = {"city": "C", "greenery": "G", "ocean": "O", "special": "S"}


@pytest.fixture(scope="module")
def game(gamestate: ServiceProcess) -> PlayedGame:
    """Cities and power plants for a generation and more; left where a seat must place one."""
    return play(gamestate.address, seed=3, steps=7, stop_at_space=True)


@pytest.fixture(scope="module")
def facts(gamestate: ServiceProcess, game: PlayedGame) -> tuple[dict[str, Any], dict[str, Any]]:
    """The board's description and the public view, read through the SDK."""
    with OlympusClient(gamestate.address) as client:
        return client.describe_board(game_id=game.game_id), client.spectate(game.game_id).view()


def _to_act(game: PlayedGame) -> int:
    with OlympusClient(game.address) as client:
        return next(s for s in game.tokens if game.seat(client, s).decision().your_turn)


def _row_lines(text: str) -> dict[int, str]:
    return {
        int(line.split()[0][1:]): line
        for line in text.splitlines()
        if line[:2] in {f"r{n}" for n in range(9)}
    }


def test_show_draws_every_space_at_its_hexagon_with_the_tiles_and_owners(
    game: PlayedGame, facts: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    board, view = facts
    tiles = {t["space"]: t for t in view["board"]}
    assert {t["tile"] for t in tiles.values()} >= {"city"}  # the game did place some
    shown = olympus(game.address, "show", game.game_id).stdout  # a pipe: plain text
    assert "\x1b" not in shown
    rows = _row_lines(shown)
    on_mars = [s for s in board["spaces"] if s["location"] is not None]
    assert len(rows) == 9 and len(on_mars) == 61
    for space in on_mars:
        loc = space["location"]
        line = rows[loc["row"]]
        column = 4 + loc["x"] * HALF  # half a hexagon per x step: the rows interleave
        cell = line[column : column + 2 * HALF - 1]
        assert cell.startswith(f"{space['id']:02d} "), (space["id"], line)
        tile = tiles.get(space["id"])
        if tile is not None:
            owner = "" if tile["owner"] is None else str(tile["owner"])
            assert cell[3:].strip() == LETTERS[tile["tile"]] + owner, (space["id"], cell)
        elif space["type"] == "ocean":
            assert cell[3] == "~", cell
    # The rest of the view: parameters with their goals, each seat's resources and production.
    assert f"temperature {view['temperature']} °C (goal 8), oxygen {view['oxygen']} %" in shown
    for p in view["players"]:
        assert f"seat {p['seat']}: " in shown and f"TR {p['terraform_rating']}" in shown
    production = [
        line.split() for line in shown.splitlines() if line.strip().startswith("production")
    ]
    assert [[int(x) for x in p[1:]] for p in production] == [
        list(p["production"].values()) for p in view["players"]
    ]


def test_board_of_a_game_shows_its_tiles(
    game: PlayedGame, facts: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    _, view = facts
    shown = olympus(game.address, "board", game.game_id).stdout
    rows = _row_lines(shown)
    for tile in view["board"]:
        assert f"{tile['space']:02d} {tile['tile'][0].upper()}{tile['owner']}" in "".join(
            rows.values()
        )
        assert (
            f"{tile['space']:02d} " in shown
            and f"[{tile['tile']} of seat {tile['owner']}]" in shown
        )
    assert "Tharsis: 61 spaces on Mars in 9 rows" in shown  # the description follows the map


def test_a_space_decision_lists_each_space_with_its_place_and_bonus(
    game: PlayedGame, facts: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    board, _ = facts
    seat = _to_act(game)
    with OlympusClient(game.address) as client:
        offered = game.seat(client, seat).decision().decision
    assert offered is not None and offered["kind"] == "space"
    spaces = {s["id"]: s for s in board["spaces"]}
    for command in ("decision", "show"):
        shown = olympus(game.address, command, game.game_id, f"--token={game.tokens[seat]}").stdout
        lines = {
            line.split()[1]: line for line in shown.splitlines() if line.startswith("  space ")
        }
        assert set(lines) == {f"{s:02d}" for s in offered["spaces"]}, shown
        for sid in offered["spaces"]:
            space, line = spaces[sid], lines[f"{sid:02d}"]
            loc = space["location"]
            assert f"row {loc['row']}, col {loc['position']}:" in line
            for bonus in set(space["bonuses"]):
                count = space["bonuses"].count(bonus)
                assert (bonus if count == 1 else f"{count} {bonus}") in line, line
            if not space["bonuses"] and space["type"] == "land" and not space["name"]:
                assert line.endswith("no bonus"), line
        assert f"answer with: olympus game act {game.game_id}" in shown


def test_setup_lists_the_cards_with_cost_tags_and_requirements(gamestate: ServiceProcess) -> None:
    game = play(gamestate.address, seed=8, steps=0)
    with OlympusClient(gamestate.address) as client:
        setup = game.seat(client, 0).decision().decision
    assert setup is not None and setup["kind"] == "setup"
    shown = olympus(gamestate.address, "decision", game.game_id, f"--token={game.tokens[0]}").stdout
    lines = {line.split()[0]: line for line in shown.splitlines() if line.startswith("    ")}
    for number in setup["cards"]:
        card, line = find(number), lines[number]
        assert card is not None and f"{number} {card.name}: {card.cost} M€" in line
        assert all(tag in line for tag in card.tags) or (not card.tags and "no tags" in line)
        for requirement in card.requirements:
            assert requirement.text() in line, line
    for corporation in setup["corporations"]:
        card = find(corporation["card"])
        assert card is not None and f"starts with {card.starting_mc} M€" in lines[card.number]


def _on_a_terminal(address: str, *args: str, env: dict[str, str]) -> str:
    """The command's output when its stdout is a terminal (a pseudo-terminal)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "olympus.cli", "game", *args, "--address", address],
        stdout=follower,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed: the command is done
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    assert proc.wait(60) == 0, proc.stderr.read() if proc.stderr else ""
    return out.decode("utf-8")


def test_colour_only_on_a_terminal_and_never_with_no_color(game: PlayedGame) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    coloured = _on_a_terminal(game.address, "show", game.game_id, env=env)
    assert "\x1b[" in coloured and "C" in coloured
    plain = _on_a_terminal(game.address, "show", game.game_id, env={**env, "NO_COLOR": "1"})
    assert "\x1b" not in plain and plain.replace("\r\n", "\n").strip()
    # Without escape codes the text is the same.
    assert plain.replace("\r\n", "\n") == _strip_escapes(coloured).replace("\r\n", "\n")


def _strip_escapes(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_game_list_says_who_plays_each_seat(gamestate: ServiceProcess, game: PlayedGame) -> None:
    shown = olympus(gamestate.address, "list").stdout.splitlines()
    assert shown[0].split()[:3] == ["GAME", "STATUS", "SEATS"] and "who plays each" in shown[0]
    row = next(line for line in shown if line.startswith(game.game_id))
    assert "human human" in row and "HB" not in shown[0]
