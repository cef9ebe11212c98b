"""DescribeBoard: everything a client needs to draw a table, from a real service process."""

from __future__ import annotations

import csv
import json
import os
import random
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest

from olympus.client import GameServiceError, OlympusClient
from olympus.engine import Game, GameOptions
from olympus.engine.errors import IllegalAction
from olympus.engine.metrics import METRICS
from olympus.v1 import board_pb2
from services import ServiceProcess

# Hex directions in axial (dq, dr), in the documented clockwise order from the upper left.
CLOCKWISE = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@pytest.fixture(scope="module")
def tharsis(client: OlympusClient) -> dict[str, Any]:
    return client.describe_board(map="tharsis")


def _by_id(board: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {s["id"]: s for s in board["spaces"]}


def _reference(filename: str) -> list[dict[str, str]]:
    text = resources.files("olympus.engine.data").joinpath(filename).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines(), delimiter="\t"))


def _refusal(client: OlympusClient, **request: str) -> GameServiceError:
    with pytest.raises(GameServiceError) as refused:
        client.call(client.stub.DescribeBoard, board_pb2.DescribeBoardRequest(**request))
    return refused.value


def test_tharsis_has_61_spaces_on_mars_in_9_rows_and_2_off_mars(tharsis: dict[str, Any]) -> None:
    assert (tharsis["map"], tharsis["map_title"], tharsis["table"]) == ("tharsis", "Tharsis", None)
    on_mars = [s for s in tharsis["spaces"] if s["location"] is not None]
    off_mars = [s for s in tharsis["spaces"] if s["location"] is None]
    assert [s["id"] for s in on_mars] == list(range(3, 64))  # in reading order
    rows = [sum(1 for s in on_mars if s["location"]["row"] == r) for r in range(9)]
    assert rows == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert [(s["id"], s["type"], s["neighbours"]) for s in off_mars] == [
        (1, "off_mars", []),
        (2, "off_mars", []),
    ]
    oceans = [s["id"] for s in on_mars if s["type"] == "ocean"]
    assert oceans == [4, 6, 7, 13, 28, 32, 33, 34, 43, 44, 45, 63]
    assert {s["type"] for s in on_mars} == {"land", "ocean"}


def test_every_space_is_the_reference_tables(tharsis: dict[str, Any]) -> None:
    spaces = _by_id(tharsis)
    rows = [r for r in _reference("spaces.tsv") if r["map"] == "tharsis"]
    wanted = {int(r["space_id"]): r for r in rows if r["space_type"] != "colony"}
    wanted |= {int(r["space_id"]): r for r in rows if r["space_id"] in ("01", "02")}
    assert set(spaces) == set(wanted)
    types = {"land": "land", "ocean": "ocean", "colony": "off_mars"}
    for sid, row in wanted.items():
        space = spaces[sid]
        assert space["type"] == types[row["space_type"]], sid
        assert space["bonuses"] == [b for b in row["bonuses"].split(",") if b], sid
        assert space["volcanic"] == (row["volcanic"] == "yes"), sid
    for row in _reference("adjacency.tsv"):
        space = spaces[int(row["space_id"])]
        loc = space["location"]
        assert (loc["row"], loc["position"]) == (int(row["row"]), int(row["position_in_row"]))
        assert (loc["q"], loc["r"]) == (int(row["axial_q"]), int(row["axial_r"]))
        wanted_neighbours = [int(n) for n in row["neighbours_clockwise_from_top_left"].split(",")]
        assert space["neighbours"] == wanted_neighbours


def test_adjacency_is_symmetric_and_follows_the_documented_coordinates(
    tharsis: dict[str, Any],
) -> None:
    spaces = _by_id(tharsis)
    at = {
        (s["location"]["q"], s["location"]["r"]): sid for sid, s in spaces.items() if s["location"]
    }
    for sid, space in spaces.items():
        loc = space["location"]
        if loc is None:
            continue
        assert loc["r"] == loc["y"] == loc["row"]
        assert loc["x"] == 2 * loc["q"] + loc["r"] - 4 == 2 * loc["position"] + abs(4 - loc["row"])
        # Every hex next to this one on the map is a neighbour, listed clockwise from the
        # upper left; none is listed that is not next to it; each lists this one back.
        around = [at.get((loc["q"] + dq, loc["r"] + dr)) for dq, dr in CLOCKWISE]
        assert space["neighbours"] == [n for n in around if n is not None], sid
        for n in space["neighbours"]:
            assert sid in spaces[n]["neighbours"]
            other = spaces[n]["location"]
            dx, dy = abs(other["x"] - loc["x"]), abs(other["y"] - loc["y"])
            assert (dx, dy) in ((2, 0), (1, 1))  # drawn touching
    assert min(s["location"]["x"] for s in spaces.values() if s["location"]) == 0


def test_known_spaces_bonuses_and_names(tharsis: dict[str, Any]) -> None:
    spaces = _by_id(tharsis)

    def facts(sid: int) -> tuple[Any, ...]:
        s = spaces[sid]
        card = s["reserved_for_card"]
        return s["type"], s["bonuses"], s["volcanic"], s["name"], s["name_id"], card

    assert facts(3) == ("land", ["steel", "steel"], False, "", "", None)
    assert facts(6) == ("ocean", ["card"], False, "", "", None)
    assert facts(9) == ("land", ["steel"], True, "Tharsis Tholus", "tharsis_tholus", None)
    assert facts(14) == ("land", ["card"], True, "Ascraeus Mons", "ascraeus_mons", None)
    assert facts(21) == ("land", ["plant", "titanium"], True, "Pavonis Mons", "pavonis_mons", None)
    assert facts(29) == ("land", ["plant", "plant"], True, "Arsia Mons", "arsia_mons", None)
    noctis = {"number": "017", "name": "Noctis City"}
    assert facts(31) == ("land", ["plant", "plant"], False, "Noctis City", "noctis_city", noctis)
    assert facts(63) == ("ocean", ["titanium", "titanium"], False, "", "", None)
    ganymede = {"number": "081", "name": "Ganymede Colony"}
    assert facts(1) == ("off_mars", [], False, "Ganymede Colony", "ganymede_colony", ganymede)
    phobos = {"number": "021", "name": "Phobos Space Haven"}
    assert facts(2) == ("off_mars", [], False, "Phobos Space Haven", "phobos_space_haven", phobos)
    assert sum(s["volcanic"] for s in spaces.values()) == 4


def test_milestones_and_awards_with_their_rules(tharsis: dict[str, Any]) -> None:
    milestones = [(m["id"], m["title"], m["metric"], m["threshold"]) for m in tharsis["milestones"]]
    assert milestones == [
        ("terraformer", "Terraformer", "terraform_rating", 35),
        ("mayor", "Mayor", "city_tiles", 3),
        ("gardener", "Gardener", "greenery_tiles", 3),
        ("builder", "Builder", "building_tags", 8),
        ("planner", "Planner", "cards_in_hand", 16),
    ]
    awards = [(a["id"], a["title"], a["metric"]) for a in tharsis["awards"]]
    assert awards == [
        ("landlord", "Landlord", "owned_tiles"),
        ("banker", "Banker", "megacredit_production"),
        ("scientist", "Scientist", "science_tags"),
        ("thermalist", "Thermalist", "heat"),
        ("miner", "Miner", "steel_and_titanium"),
    ]
    assert all(x["text"] for x in tharsis["milestones"] + tharsis["awards"])
    assert tharsis["milestone_rules"] == {"cost": 8, "victory_points": 5, "max_claimed": 3}
    assert tharsis["award_rules"] == {
        "funding_costs": [8, 14, 20],
        "max_funded": 3,
        "first_place_points": 5,
        "second_place_points": 2,
        "second_place_min_players": 3,
    }


def test_milestone_and_award_ids_are_the_notations_names(tharsis: dict[str, Any]) -> None:
    game = Game.new(GameOptions(players=2, seed=3))
    rnd = random.Random(3)
    while True:  # to a turn where a milestone or an award could be asked for
        d = game.decisions()[0]
        if d.kind == "action" and d.to_dict()["pass"]:
            break
        game.apply(d.player, d.sample(rnd))
    seat = d.player

    def refusal(answer: str) -> str | None:
        try:
            game.clone().apply(seat, answer)
        except IllegalAction as exc:
            return exc.code
        return None

    assert refusal("milestone nowhere") == "unknown_milestone"
    assert refusal("award nowhere") == "unknown_award"
    for m in tharsis["milestones"]:
        assert refusal(f"milestone {m['id']}") != "unknown_milestone"
    for a in tharsis["awards"]:
        assert refusal(f"award {a['id']}") != "unknown_award"


def test_global_parameter_tracks(tharsis: dict[str, Any]) -> None:
    tracks = {t["parameter"]: t for t in tharsis["global_parameters"]}
    assert list(tracks) == ["temperature", "oxygen", "oceans"]

    def track(name: str) -> tuple[Any, ...]:
        t = tracks[name]
        bonuses = [(b["value"], b["kind"]) for b in t["bonuses"]]
        return t["minimum"], t["maximum"], t["step"], bonuses

    heat = "heat_production"
    assert track("temperature") == (-30, 8, 2, [(-24, heat), (-20, heat), (0, "ocean")])
    assert track("oxygen") == (0, 14, 1, [(8, "temperature")])
    assert track("oceans") == (0, 9, 1, [])
    assert all(b["text"] and t["unit"] for t in tracks.values() for b in t["bonuses"])


def test_a_games_board_is_its_maps_with_the_games_options(
    client: OlympusClient, tharsis: dict[str, Any]
) -> None:
    game = client.create_game(players=3, seed=11, draft=True, bots=[1, 2])
    board = client.describe_board(game_id=game.game_id)
    assert board["table"] == {
        "game_id": game.game_id,
        "players": 3,
        "corporate_era": True,
        "draft": True,
        "solo": False,
        "solo_tr63": False,
        "milestones_and_awards": True,
    }
    assert {**board, "table": None} == tharsis
    assert "seed" not in json.dumps(board)  # the seed stays secret while the game runs

    # A token is optional; a seat's token gives the same answer, a bad one is refused.
    with_token = client.call(
        client.stub.DescribeBoard,
        board_pb2.DescribeBoardRequest(game_id=game.game_id, token=game.tokens[0]),
    )
    assert with_token.table.game_id == game.game_id
    bad = _refusal(client, game_id=game.game_id, token="x" * 43)
    assert (bad.status, bad.reason) == ("UNAUTHENTICATED", "INVALID_TOKEN")

    solo = client.create_game(players=1, seed=5, solo_tr63=True)
    table = client.describe_board(game_id=solo.game_id)["table"]
    assert (table["solo"], table["solo_tr63"], table["milestones_and_awards"]) == (
        True,
        True,
        False,
    )


def test_refusals(client: OlympusClient) -> None:
    supported = "tharsis,elysium,hellas,vastitas_borealis,amazonis"
    for name in ("arabia_terra", "Tharsis", "", "x" * 5000):
        refused = _refusal(client, map=name)
        assert (refused.status, refused.reason) == ("INVALID_ARGUMENT", "UNKNOWN_MAP")
        assert refused.metadata == {"supported": supported} and len(refused.message) < 200
    missing = _refusal(client, game_id="0123456789abcdef")
    assert (missing.status, missing.reason) == ("NOT_FOUND", "GAME_NOT_FOUND")
    malformed = _refusal(client, game_id="not-a-game")
    assert (malformed.status, malformed.reason) == ("INVALID_ARGUMENT", "INVALID_GAME_ID")
    neither = _refusal(client)
    assert (neither.status, neither.reason) == ("INVALID_ARGUMENT", "INVALID_ARGUMENT")
    token_for_a_map = _refusal(client, map="tharsis", token="x" * 43)
    assert token_for_a_map.status == "INVALID_ARGUMENT"
    with pytest.raises(ValueError):
        client.describe_board()
    with pytest.raises(ValueError):
        client.describe_board(game_id="0123456789abcdef", map="tharsis")


def _olympus(address: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "game", "board", *args, "--address", address],
        capture_output=True,
        text=True,
        env={**os.environ},
        timeout=60,
    )


def test_the_command_line_prints_the_board(
    gamestate: ServiceProcess, client: OlympusClient, tharsis: dict[str, Any]
) -> None:
    shown = _olympus(gamestate.address, "--map", "tharsis")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert "Tharsis: 61 spaces on Mars in 9 rows, 2 off Mars" in lines
    row0 = next(line for line in lines if line.strip().startswith("row 0:"))
    assert "03 2 steel" in row0 and "04 ocean 2 steel" in row0 and "06 ocean card" in row0
    assert "31 2 plants (Noctis City, reserved for 017 Noctis City)" in shown.stdout
    assert "Mayor: own at least 3 city tiles [city_tiles >= 3]" in shown.stdout
    assert "fund for 8/14/20 M€" in shown.stdout and "banker" in shown.stdout
    assert "temperature  -30 to 8 °C, step 2" in shown.stdout

    game = client.create_game(players=2, seed=2, bots=[1])
    as_json = _olympus(gamestate.address, game.game_id, "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert {**json.loads(as_json.stdout), "table": None} == tharsis
    assert f"game {game.game_id}: 2 players" in _olympus(gamestate.address, game.game_id).stdout

    unknown = _olympus(gamestate.address, "--map", "atlantis")
    assert unknown.returncode == 1 and "UNKNOWN_MAP" in unknown.stderr
    assert _olympus(gamestate.address).returncode == 2  # neither a game nor a map


def test_the_enums_cover_the_engines_vocabularies() -> None:
    """A map the engine learns to play needs no new code here, only new enum values."""
    for metric in METRICS:
        assert board_pb2.Metric.Value(f"METRIC_{metric.upper()}")
    words = {w for r in _reference("spaces.tsv") for w in r["bonuses"].split(",") if w}
    for word in words:  # every map's bonuses, not only the maps played today
        assert board_pb2.SpaceBonus.Value(f"SPACE_BONUS_{word.upper()}")
