"""CreateGame from a position (CreateGameRequest.position) on a real service and Redis: the game
starts at the position's decision and shows its state, plays on, is rebuilt from its log from
the position (the events of a trimmed stream, the stored state, the replay export once over),
and a bad position or one with what it may not go with is refused with its reason, nothing
made."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
import secrets
from pathlib import Path
from typing import Any, cast

import orjson
import pytest
import redis
from gamestate_players import act_once, play_out, wait_until_waiting_for
from test_gamestate_cli import Cli

from olympus.bots import RandomBot
from olympus.client import GameServiceError, OlympusClient, wire
from olympus.engine import Game, GameOptions
from olympus.engine.errors import UnsupportedDecision
from olympus.gamestate.convert import view_to_proto
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.meta import GameMeta, TimeControl
from olympus.gamestate.records import unpack_log
from olympus.gamestate.store import game_key, index_key, unpack_state
from olympus.platform.config import DEFAULT_MAX_REQUEST_BYTES
from olympus.v1 import game_pb2 as pb
from services import ServiceProcess

# What a view shows of the game itself (the rest is the service's: ids, versions, settings).
GAME_FIELDS = (
    "generation",
    "phase",
    "first_player",
    "active_player",
    "temperature",
    "oxygen",
    "oceans",
    "deck_size",
    "discard_size",
    "board",
    "claims",
    "milestones",
    "awards",
    "players",
)


def positions_of(options: GameOptions, bot_seed: int) -> list[tuple[int, dict[str, Any]]]:
    """A random game's positions, each with the number of answers the game had left after it."""
    game = Game.new(options)
    bots = [RandomBot(bot_seed + seat) for seat in range(options.players)]
    found: list[tuple[int, dict[str, Any]]] = []
    answers = 0
    while not game.is_over:
        with contextlib.suppress(UnsupportedDecision):  # mid-action: no position to take
            found.append((answers, game.to_position()))
        decision = game.decisions()[0]
        game.push(decision.player, bots[decision.player].choose(game, decision))
        answers += 1
    return [(answers - made, position) for made, position in found]


@pytest.fixture(scope="module")
def mid_game() -> dict[str, Any]:
    """A 3-player Prelude and Colonies position in the action phase of generation 4."""
    options = GameOptions(players=3, seed=404, prelude=True, colonies=True)
    return next(
        p
        for _, p in positions_of(options, 40)
        if p["generation"] == 4 and p["decision"]["kind"] == "turn"
    )


def shown(view: dict[str, Any]) -> dict[str, Any]:
    return {k: view[k] for k in GAME_FIELDS}


def stored(redis_url: str, game_id: str) -> tuple[GameMeta, list[Any], int, Game]:
    """The meta, the answer log, the version and the game as Redis holds them."""
    r = redis.Redis.from_url(redis_url)
    try:
        raw_meta = r.hget(game_key(game_id, "game"), "meta")
        packed = cast(list[bytes], r.lrange(game_key(game_id, "logz"), 0, -1))
        recent = cast(list[bytes], r.lrange(game_key(game_id, "log"), 0, -1))
        raw = r.get(game_key(game_id, "state"))
    finally:
        r.close()
    assert isinstance(raw_meta, bytes) and isinstance(raw, bytes)
    meta = GameMeta.from_json(game_id, raw_meta)
    log = unpack_log(packed, recent)
    version, blob = unpack_state(raw)
    return meta, log, version, unpack_blob(blob)[1]


def refused(call: Any, reason: str) -> GameServiceError:
    with pytest.raises(GameServiceError) as caught:
        call()
    assert (caught.value.status, caught.value.reason) == ("INVALID_ARGUMENT", reason), caught.value
    return caught.value


def test_a_game_starts_at_the_position_and_plays_on(
    client: OlympusClient, redis_url: str, mid_game: dict[str, Any]
) -> None:
    created = client.create_game(position=mid_game)
    assert sorted(created.tokens) == [0, 1, 2] and created.version == 1
    expected = Game.from_position(mid_game)
    seats = {s: client.join(created.game_id, t) for s, t in created.tokens.items()}
    for seat, handle in seats.items():  # each seat sees the position, its own hand too
        assert shown(handle.view()) == shown(wire.view_dict(view_to_proto(expected, seat)))
    spectator = client.spectate(created.game_id).view()
    assert shown(spectator) == shown(wire.view_dict(view_to_proto(expected, None)))
    settings = spectator["settings"]
    assert settings["seed_chosen"]  # its writer knows every hand and the deck
    turn = mid_game["decision"]["seat"]
    state = seats[turn].decision()
    assert state.your_turn and state.decision is not None
    assert state.waiting_for == [turn] and state.decision["player"] == turn
    assert not any(seats[s].decision().your_turn for s in seats if s != turn)

    rnd = random.Random(4)
    for _ in range(30):
        handle = seats[client.spectate(created.game_id).decision().waiting_for[0]]
        act_once(handle, rnd)
    meta, log, version, game = stored(redis_url, created.game_id)
    assert version == 31 and len(log) == 30
    assert orjson.loads(meta.position) == expected.origin  # the start, as the engine wrote it
    # The stored game is the position with the answers played on it, byte for byte.
    rebuilt = Game.replay_from(mid_game, [(a.seat, a.text) for a in log])
    assert (
        rebuilt.to_bytes()
        == game.to_bytes()
        == meta.start().replay_steps((a.seat, a.text) for a in log).to_bytes()
    )


def test_events_rebuilt_from_the_log_equal_the_live_ones(
    client: OlympusClient, redis_url: str, mid_game: dict[str, Any]
) -> None:
    created = client.create_game(position=mid_game)
    seats = {s: client.join(created.game_id, t) for s, t in created.tokens.items()}
    rnd = random.Random(5)
    for _ in range(40):
        act_once(seats[client.spectate(created.game_id).decision().waiting_for[0]], rnd)
    live = list(itertools.islice(client.spectate(created.game_id).watch(from_version=0), 41))
    assert [e["version"] for e in live] == list(range(1, 42))
    assert live[0]["kind"] == "created" and live[0]["generation"] == 4
    r = redis.Redis.from_url(redis_url)
    events = game_key(created.game_id, "events")
    r.xtrim(events, maxlen=5, approximate=False)
    assert r.xlen(events) == 5
    r.close()

    def untimed(got: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**e, "time_ms": 0} for e in got]

    # Versions 1 to 36 are gone from the stream: the service rebuilds them from the log,
    # starting from the position (from the deal they would be another game's events).
    again = list(itertools.islice(client.spectate(created.game_id).watch(from_version=0), 41))
    assert untimed(again) == untimed(live)
    assert again[-5:] == live[-5:]


def test_a_finished_game_replays_from_its_export(client: OlympusClient, redis_url: str) -> None:
    options = GameOptions(players=2, seed=77, venus=True)
    # The last position with at least 25 answers to go.
    position = next(p for left, p in reversed(positions_of(options, 7)) if left >= 25)
    created = client.create_game(position=json.dumps(position, indent=2))  # sent compact
    play_out(client, created.game_id, created.tokens, seed=77)
    log = client.game_log(created.game_id, created.host_token)
    assert log["status"] == "finished" and log["format"] == "olympus-replay/1"
    assert log["position"] == Game.from_position(position).origin
    replayed = Game.replay_from(log["position"], [(a["seat"], a["text"]) for a in log["answers"]])
    _meta, _log, version, game = stored(redis_url, created.game_id)
    assert version == log["version"] and replayed.is_over
    assert replayed.to_bytes() == game.to_bytes()
    scores = [s.to_dict() for s in replayed.scores()]
    assert [s["total"] for s in log["result"]["scores"]] == [s["total"] for s in scores]


def test_a_running_games_log_does_not_tell_its_position(
    client: OlympusClient, mid_game: dict[str, Any]
) -> None:
    created = client.create_game(position=mid_game)
    log = client.game_log(created.game_id, created.host_token)
    assert log["status"] == "active" and "position" not in log  # it tells every hand


def test_a_bad_position_is_refused_and_nothing_is_made(
    client: OlympusClient, rdb: redis.Redis, mid_game: dict[str, Any]
) -> None:
    before = rdb.zcard(index_key("all"))
    err = refused(lambda: client.create_game(position="{not json"), "INVALID_POSITION")
    assert err.metadata == {"code": "invalid_position", "path": ""}
    err = refused(lambda: client.create_game(position="[1, 2]"), "INVALID_POSITION")
    assert err.metadata["code"] == "invalid_position"

    players = [dict(p) for p in mid_game["players"]]
    players[1]["hand"] = ["No Such Card", *players[1]["hand"]]
    err = refused(
        lambda: client.create_game(position={**mid_game, "players": players}), "INVALID_POSITION"
    )
    assert err.metadata == {"code": "unknown_card", "path": "players[1].hand[0]"}
    assert "players[1].hand[0]" in err.message

    err = refused(
        lambda: client.create_game(position={**mid_game, "temperature": 40}), "INVALID_POSITION"
    )
    assert err.metadata == {"code": "out_of_range", "path": "temperature"}
    err = refused(
        lambda: client.create_game(position={**mid_game, "decision": {"kind": "pay"}}),
        "INVALID_POSITION",
    )
    assert err.metadata["code"] == "unsupported_decision"
    err = refused(
        lambda: client.create_game(position={**mid_game, "rules": 99}), "INVALID_POSITION"
    )
    assert err.metadata["code"] == "unknown_rules" and err.metadata["found"] == "99"
    assert rdb.zcard(index_key("all")) == before


def test_what_a_position_does_not_go_with_is_refused(
    client: OlympusClient, rdb: redis.Redis, mid_game: dict[str, Any]
) -> None:
    before = rdb.zcard(index_key("all"))
    text = json.dumps(mid_game)
    refused(lambda: client.create_game(position=text, rated_queue="olympus.2p"), "INVALID_OPTIONS")
    stub_request = {"position": text, "open_seats": [1]}
    with pytest.raises(GameServiceError) as caught:
        client.call(client.stub.CreateGame, _request(**stub_request))
    assert caught.value.reason == "INVALID_OPTIONS"
    with pytest.raises(GameServiceError) as caught:  # options with a position
        client.call(
            client.stub.CreateGame,
            _request(position=text, options=pb.GameOptions(players=3)),
        )
    assert caught.value.reason == "INVALID_OPTIONS"
    # Seats, if given, are one per player of the position.
    with pytest.raises(GameServiceError) as caught:
        client.call(client.stub.CreateGame, _request(position=text, seats=[pb.SeatSpec()] * 2))
    assert caught.value.reason == "INVALID_OPTIONS"
    refused(lambda: client.create_game(position=mid_game, beginner=[0]), "INVALID_OPTIONS")
    assert rdb.zcard(index_key("all")) == before


def _request(**fields: Any) -> Any:
    return pb.CreateGameRequest(**fields)


def test_bot_seats_play_from_the_position(
    client: OlympusClient, redis_url: str, mid_game: dict[str, Any]
) -> None:
    """The workers' bots answer from the position's state (they load the stored game)."""
    turn = mid_game["decision"]["seat"]
    human = (turn + 1) % 3
    bots = {s: "random" for s in range(3) if s != human}
    created = client.create_game(position=mid_game, bots=bots)
    assert sorted(created.tokens) == [human]
    handle = client.join(created.game_id, created.tokens[human])
    state = wait_until_waiting_for(handle, [human])  # the bot to play first answered
    assert state.status == "active" and state.version > 1
    _meta, log, version, game = stored(redis_url, created.game_id)
    assert log[0].seat == turn and log[0].bot
    rebuilt = Game.replay_from(mid_game, [(a.seat, a.text) for a in log])
    assert version == state.version and rebuilt.to_bytes() == game.to_bytes()


def test_the_cli_creates_from_a_position_file(
    gamestate: ServiceProcess, tmp_path: Path, mid_game: dict[str, Any]
) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(mid_game, indent=2))
    olympus = Cli(gamestate.address, tmp_path / "games.json")
    created = json.loads(olympus("create", "--position", str(path), "--json").stdout)
    assert sorted(created["tokens"]) == ["0", "1", "2"]
    seat = str(mid_game["decision"]["seat"])
    view = json.loads(olympus("show", created["game_id"], "--seat", seat, "--json").stdout)
    assert view["generation"] == 4 and view["settings"]["seed_chosen"]
    missing = olympus("create", "--position", str(tmp_path / "missing.json"), ok=False)
    assert missing.returncode == 2 and "cannot read the position" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"options": {"players": 2}, "players": [{}, {}], "decision": {"kind": "x"}}')
    refusal = olympus("create", "--position", str(bad), ok=False)
    assert refusal.returncode == 1 and "INVALID_POSITION" in refusal.stderr


def test_a_realistic_position_fits_the_request_bound_and_a_larger_one_is_refused(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    """CreateGame keeps the service's request bound (8 KiB): a 3-player position of generation
    6 with every expansion fits, sent compact; past the bound gRPC refuses the request before
    it is read (RESOURCE_EXHAUSTED, the REQUEST_TOO_LARGE of errors.proto) and nothing is
    made."""
    options = GameOptions(players=3, seed=66, prelude=True, colonies=True, venus=True)
    position = next(p for _, p in positions_of(options, 66) if p["generation"] == 6)
    request = pb.CreateGameRequest(position=wire.position_text(position)[0])
    assert 4_000 < request.ByteSize() < DEFAULT_MAX_REQUEST_BYTES
    created = client.create_game(position=position)
    assert client.spectate(created.game_id).view()["generation"] == 6

    before = rdb.zcard(index_key("all"))
    spaced = json.dumps(position, indent=4)  # pretty-printed, as a file may be: too large
    assert len(spaced) > DEFAULT_MAX_REQUEST_BYTES
    with pytest.raises(GameServiceError) as caught:
        client.call(client.stub.CreateGame, pb.CreateGameRequest(position=spaced))
    assert caught.value.status == "RESOURCE_EXHAUSTED"
    assert rdb.zcard(index_key("all")) == before


def test_a_position_weighs_in_the_metadata_cache_for_its_size(mid_game: dict[str, Any]) -> None:
    game = Game.from_position(mid_game)
    plain = GameMeta("0123456789abcdef", game.options, (), TimeControl(), {}, 0)
    started = GameMeta.from_json(
        plain.game_id,
        GameMeta(
            plain.game_id,
            game.options,
            (),
            TimeControl(),
            {},
            0,
            position=orjson.dumps(game.origin).decode(),
        ).to_json(),
    )
    assert plain.cache_units() == 1 and started.cache_units() >= 2
    assert started.start().to_bytes() == game.to_bytes()
    assert plain.start().to_bytes() == Game.new(game.options).to_bytes()


def test_the_documented_puzzle_file_is_the_documented_example() -> None:
    """docs/positions.md's `olympus game create --position` runs on this file."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    (block,) = re.findall(r"```json\n(.*?)```", (docs / "positions.md").read_text(), re.DOTALL)
    assert json.loads((docs / "positions-puzzle.json").read_text()) == json.loads(block)


def test_answers_taken_back_replay_from_the_position(client: OlympusClient, redis_url: str) -> None:
    """With the undo option, an answer taken back is logged as an undo: the events rebuilt from
    the log (the stream trimmed) replay it from the position, and no undo reaches before it."""
    options = GameOptions(players=2, seed=88, undo=True)
    position = next(
        p
        for _, p in positions_of(options, 8)
        if p["generation"] == 3 and p["decision"]["kind"] == "turn"
    )
    created = client.create_game(position=position)
    seats = {s: client.join(created.game_id, t) for s, t in created.tokens.items()}
    first = seats[position["decision"]["seat"]]
    assert first.decision().undoable == 0  # nothing before the position to take back
    rnd = random.Random(8)
    undone = 0
    for _ in range(60):
        spectator = client.spectate(created.game_id).decision()
        if spectator.status != "active" or undone >= 2:
            break
        handle = seats[spectator.waiting_for[0]]
        act_once(handle, rnd)
        if handle.decision().undoable:
            handle.undo(1)
            undone += 1
    assert undone >= 1
    version = client.spectate(created.game_id).decision().version
    live = list(itertools.islice(client.spectate(created.game_id).watch(from_version=0), version))
    assert sum(e["kind"] == "undo" for e in live) == undone
    r = redis.Redis.from_url(redis_url)
    r.xtrim(game_key(created.game_id, "events"), maxlen=1, approximate=False)
    r.close()
    again = list(itertools.islice(client.spectate(created.game_id).watch(from_version=0), version))
    assert [{**e, "time_ms": 0} for e in again] == [{**e, "time_ms": 0} for e in live]
    _meta, log, _version, game = stored(redis_url, created.game_id)
    rebuilt = Game.replay_from(position, [(a.seat, a.text) for a in log])
    assert rebuilt.to_bytes() == game.to_bytes()


def test_a_position_game_with_a_request_id_is_made_once(
    client: OlympusClient, mid_game: dict[str, Any]
) -> None:
    tokens = {s: secrets.token_urlsafe(32) for s in range(3)}
    first = client.create_game(position=mid_game, request_id="pos-1", seat_tokens=tokens)
    again = client.create_game(position=mid_game, request_id="pos-1", seat_tokens=tokens)
    assert again.game_id == first.game_id and again.tokens == first.tokens == tokens
    other = {**mid_game, "temperature": mid_game["temperature"] + 2}
    with pytest.raises(GameServiceError) as caught:  # another position under the same id
        client.create_game(position=other, request_id="pos-1", seat_tokens=tokens)
    assert caught.value.reason == "REQUEST_ID_REUSED"
