"""Realtime scoring on the game service: on by default, every view, decision reply and event
carries each seat's score as if the game ended now (the engine's scores of the stored state);
off, none shows a score before the end; games stored before the option keep their setting."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import grpc
import orjson
import pytest
import redis
from gamestate_players import pick, stored_answers, stored_game, wait_for
from test_gamestate_cli import Cli

from olympus.client import ActResult, OlympusClient, SeatHandle, StaleVersion
from olympus.engine import Game, GameOptions
from olympus.gamestate.history import Log, replay_events
from olympus.gamestate.meta import GameMeta, TimeControl
from olympus.gamestate.records import Logged
from olympus.gamestate.store import STATUS_ACTIVE, game_key
from olympus.v1 import game_pb2 as pb
from services import ServiceProcess, running_service

WAIT_S = 120  # a bound on waiting for the bots, never a timed assertion


def scores_of(msg: Any) -> list[dict[str, int]]:
    """A message's live score in the engine's form (`Score.to_dict`)."""
    names = [f.name for f in pb.SeatScore.DESCRIPTOR.fields]
    return [{n: getattr(s, n) for n in names} for s in msg.live_score.scores]


def engine_scores(game: Game) -> list[dict[str, int]]:
    return [s.to_dict() for s in game.scores()]


def get_game(client: OlympusClient, game_id: str, token: str = "") -> pb.GameView:
    reply = client.call(client.stub.GetGame, pb.GetGameRequest(game_id=game_id, token=token))
    view: pb.GameView = reply.game
    return view


def get_decision(client: OlympusClient, game_id: str, token: str = "") -> pb.GetDecisionResponse:
    request = pb.GetDecisionRequest(game_id=game_id, token=token)
    reply: pb.GetDecisionResponse = client.call(client.stub.GetDecision, request)
    return reply


def events(client: OlympusClient, game_id: str, until: int) -> list[pb.GameEvent]:
    """The events up to version `until` (or the end)."""
    out = []
    for event in client.stub.WatchGame(pb.WatchGameRequest(game_id=game_id), timeout=WAIT_S):
        out.append(event)
        if event.version >= until or event.finished:
            break
    return out


def act(handle: SeatHandle, rnd: random.Random) -> ActResult:
    """Answer the seat's decision (read again when another seat moved the game meanwhile)."""
    while True:
        state = handle.decision()
        assert state.your_turn and state.decision is not None
        try:
            return handle.act(pick(state.decision, rnd), version=state.version)
        except StaleVersion:
            continue


def create(client: OlympusClient, options: pb.GameOptions, bots: int = 0) -> pb.CreateGameResponse:
    seats = [
        pb.SeatSpec(kind=pb.SEAT_KIND_BOT if i < bots else pb.SEAT_KIND_HUMAN) for i in range(2)
    ]
    request = pb.CreateGameRequest(options=options, seats=seats)
    reply: pb.CreateGameResponse = client.stub.CreateGame(request, timeout=20)
    return reply


def finished(client: OlympusClient, game_id: str) -> pb.GameView:
    return wait_for(
        lambda: get_game(client, game_id),
        lambda v: v.status == pb.GAME_STATUS_FINISHED,
        f"the bots to finish {game_id}",
        WAIT_S,
    )


def test_on_by_default_views_and_decisions_carry_the_engines_live_scores(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=31)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    rnd = random.Random(31)
    for step in range(40):
        if step % 8 == 0:
            local = stored_game(redis_url, game.game_id)
            expected = engine_scores(local)
            for token in ["", *game.tokens.values()]:  # a spectator and each seat: the same
                view = get_game(client, game.game_id, token)
                assert view.settings.options.realtime_scoring_enabled
                assert view.settings.options.realtime_scoring  # the deprecated field agrees
                assert scores_of(view) == expected
                assert scores_of(get_decision(client, game.game_id, token)) == expected
            sdk_view = seats[0].view()
            assert sdk_view["live_scores"] == local.view(0)["live_scores"] == expected
            assert sdk_view["settings"]["options"]["realtime_scoring"] is True
            assert seats[1].decision().live_scores == expected
        waiting = client.spectate(game.game_id).decision().waiting_for
        act(seats[waiting[0]], rnd)


def test_every_event_carries_the_scores_after_its_version(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=32)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    rnd = random.Random(32)
    for _ in range(30):
        waiting = client.spectate(game.game_id).decision().waiting_for
        result = act(seats[waiting[0]], rnd)
        assert result.event is not None and result.event["version"] == result.version
        assert len(result.event["live_scores"]) == 2  # SubmitAction's event carries it too
    options, answers = stored_answers(redis_url, game.game_id)
    stream = events(client, game.game_id, result.version)
    assert len(stream) == len(answers) + 1
    local = Game.new(options)
    assert scores_of(stream[0]) == engine_scores(local)
    for event, (version, seat, text, _) in zip(stream[1:], answers, strict=True):
        local.apply(seat, text)
        assert event.version == version and scores_of(event) == engine_scores(local)


def test_off_nothing_shows_a_score_before_the_end(client: OlympusClient) -> None:
    created = create(client, pb.GameOptions(players=2, realtime_scoring_enabled=False), bots=2)
    assert not get_game(client, created.game_id).HasField("live_score")
    final = finished(client, created.game_id)
    assert not final.settings.options.realtime_scoring_enabled
    assert not final.settings.options.realtime_scoring
    assert not final.HasField("live_score") and final.result.scores  # the result still shows
    assert not get_decision(client, created.game_id).HasField("live_score")
    stream = events(client, created.game_id, final.version)
    assert stream[-1].finished and stream[-1].result.scores
    assert not any(e.HasField("live_score") for e in stream)
    view = client.spectate(created.game_id).view()
    assert "live_scores" not in view and view["settings"]["options"]["realtime_scoring"] is False


def test_at_the_end_the_live_score_is_the_result(client: OlympusClient) -> None:
    created = create(client, pb.GameOptions(players=2, seed=33), bots=2)
    final = finished(client, created.game_id)
    assert list(final.live_score.scores) == list(final.result.scores)
    last = events(client, created.game_id, final.version)[-1]
    assert last.finished and list(last.live_score.scores) == list(last.result.scores)


def test_the_deprecated_field_still_asks_and_cannot_contradict(client: OlympusClient) -> None:
    asked = create(client, pb.GameOptions(players=2, realtime_scoring=True))
    assert get_game(client, asked.game_id).HasField("live_score")
    with pytest.raises(grpc.RpcError) as caught:
        create(
            client,
            pb.GameOptions(players=2, realtime_scoring=True, realtime_scoring_enabled=False),
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize(
    ("recorded", "shown"),
    [({"realtime_scoring": False}, False), ({}, False), ({"realtime_scoring": True}, True)],
)
def test_games_stored_before_the_option_keep_their_recorded_setting(
    client: OlympusClient, redis_url: str, recorded: dict[str, bool], shown: bool
) -> None:
    """A meta of the older form (options without the key; the table's choice, if any, beside
    them), read by a service process that never saw the game."""
    game = client.create_game(players=2, seed=34)
    r = redis.Redis.from_url(redis_url)
    try:
        key = game_key(game.game_id, "game")
        meta = orjson.loads(r.hget(key, "meta") or b"")
        del meta["realtime_scoring"]
        assert "realtime_scoring" not in meta["options"]  # on: not written, as before
        r.hset(key, "meta", orjson.dumps({**meta, **recorded}))
    finally:
        r.close()
    with (
        running_service("gamestate", "--redis-url", redis_url) as fresh,
        OlympusClient(fresh.address, timeout=20) as other,
    ):
        view = get_game(other, game.game_id)
        assert view.HasField("live_score") is shown
        assert view.settings.options.realtime_scoring_enabled is shown
        result = act(other.join(game.game_id, game.tokens[0]), random.Random(34))
        assert result.event is not None and ("live_scores" in result.event) is shown


def test_events_rebuilt_from_the_log_carry_live_scores_as_the_table_says() -> None:
    """When the stream no longer keeps old events, the answers rebuild them: the same."""
    game = Game.new(GameOptions(players=2, seed=35))
    rnd = random.Random(35)
    answers = []
    for version in range(2, 8):
        d = game.decisions()[0]
        answer = d.sample(rnd)
        game.apply(d.player, answer)
        answers.append(Logged(version, d.player, str(answer), False))
    for on in (True, False):
        options = GameOptions(players=2, seed=35, realtime_scoring=on)
        meta = GameMeta("0123456789abcdef", options, (), TimeControl(), {}, 0)
        rebuilt = list(replay_events(Log(meta, answers, STATUS_ACTIVE, 7, None)))
        assert [e.version for e in rebuilt] == list(range(1, 8))
        assert all(e.HasField("live_score") is on for e in rebuilt)
        if on:
            assert scores_of(rebuilt[-1]) == engine_scores(game)


@pytest.fixture
def olympus(gamestate: ServiceProcess, tmp_path: Path) -> Cli:
    return Cli(gamestate.address, tmp_path / "games.json")


def test_the_command_line_creates_with_or_without_and_prints_live_scores(olympus: Cli) -> None:
    on = olympus("create", "--players", "2", "--seed", "36").stdout.split()[1]
    off = olympus("create", "--players", "2", "--no-realtime-scoring").stdout.split()[1]
    shown = olympus("show", on).stdout
    assert "live score (as if the game ended now):" in shown
    assert "seat 0: 20 VP = TR 20 + milestones 0 + awards 0" in shown  # setup: TR only
    assert "live score" not in olympus("show", off).stdout
    assert json.loads(olympus("show", on, "--json").stdout)["live_scores"][1]["total"] == 20
    assert "live_scores" not in json.loads(olympus("show", off, "--json").stdout)
    assert (
        len(json.loads(olympus("decision", on, "--seat", "0", "--json").stdout)["live_scores"]) == 2
    )
    assert "live_scores" not in json.loads(olympus("decision", off, "--seat", "0", "--json").stdout)
    watched = olympus("watch", on, "--no-follow").stdout.splitlines()
    assert watched == [
        "v1 game created | waiting for seat 0, seat 1",
        "    live score: seat 0 20 VP, seat 1 20 VP",
    ]
    assert olympus("watch", off, "--no-follow").stdout.splitlines() == [
        "v1 game created | waiting for seat 0, seat 1"
    ]
