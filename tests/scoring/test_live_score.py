"""Live scores: a running game's breakdown as if it ended now, for tables with realtime scoring;
the engine's own scores of the same state; refused for tables that turned it off."""

from __future__ import annotations

import random
from typing import Any

import grpc
import pytest
from worker_support import finished, wait_for

from olympus.client import OlympusClient
from olympus.engine import Game, GameOptions
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as gpb, scoring_pb2 as pb
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub


def create(games: OlympusClient, realtime: bool, bots: int = 0, seed: int = 77) -> Any:
    seats = [
        gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT if i < bots else gpb.SEAT_KIND_HUMAN) for i in range(2)
    ]
    options = gpb.GameOptions(players=2, seed=seed, realtime_scoring_enabled=realtime)
    return games.stub.CreateGame(gpb.CreateGameRequest(options=options, seats=seats), timeout=10)


def live(stub: ScoringServiceStub, game_id: str) -> pb.GetLiveScoreResponse:
    reply: pb.GetLiveScoreResponse = stub.GetLiveScore(
        pb.GetLiveScoreRequest(game_id=game_id), timeout=10
    )
    return reply


def test_a_running_game_scores_as_the_engine_scores_its_state(
    games: OlympusClient, anonymous: ScoringServiceStub
) -> None:
    created = create(games, realtime=True)
    shown = games.stub.GetGame(gpb.GetGameRequest(game_id=created.game_id), timeout=10).game
    assert shown.settings.options.realtime_scoring_enabled
    local = Game.new(GameOptions(players=2, seed=77))
    seat0 = games.join(created.game_id, created.seats[0].token)
    seat1 = games.join(created.game_id, created.seats[1].token)
    for _ in range(6):  # setup for both, then a few turns, checked after each answer
        d = local.decisions()[0]
        answer = d.sample(random.Random(d.player))
        (seat0 if d.player == 0 else seat1).act(str(answer))
        local.apply(d.player, answer)
        score = live(anonymous, created.game_id)
        assert not score.finished and score.generation == local.generation
        expected = [s.to_dict() for s in local.scores()]
        got = [{f: getattr(s.score, f) for f in expected[0]} for s in score.seats]
        assert got == expected
        keys = [(s["total"], s["megacredits"]) for s in expected]
        assert [s.place for s in score.seats] == [1 + sum(o > k for o in keys) for k in keys]


def test_a_finished_game_gives_its_final_scores(
    games: OlympusClient, anonymous: ScoringServiceStub
) -> None:
    created = create(games, realtime=True, bots=2, seed=5)
    view = wait_for("the bots to finish", lambda: finished(games, created.game_id))
    score = live(anonymous, created.game_id)
    assert score.finished and score.version == view.version
    assert [s.score.total for s in score.seats] == [s.total for s in view.result.scores]
    assert score.ranking[0] in view.result.winners


@pytest.mark.parametrize(
    ("which", "code", "reason"),
    [
        ("off", grpc.StatusCode.FAILED_PRECONDITION, "LIVE_SCORE_OFF"),
        ("unknown", grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND"),
        ("malformed", grpc.StatusCode.INVALID_ARGUMENT, "INVALID_GAME_ID"),
    ],
)
def test_live_scores_are_refused_where_they_are_not_offered(
    games: OlympusClient, anonymous: ScoringServiceStub, which: str, code: Any, reason: str
) -> None:
    game_id = {
        "off": lambda: create(games, realtime=False).game_id,
        "unknown": lambda: "0123456789abcdef",
        "malformed": lambda: "not-a-game",
    }[which]()
    with pytest.raises(grpc.RpcError) as caught:
        live(anonymous, game_id)
    assert caught.value.code() == code and error_details(caught.value)[0] == reason
