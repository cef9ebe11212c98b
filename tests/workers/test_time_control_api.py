"""Time control through the API: what CreateGame accepts and refuses, and what it shows."""

from __future__ import annotations

import grpc
import pytest

from olympus.client import OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as pb


def create(client: OlympusClient, tc: pb.TimeControl) -> pb.CreateGameResponse:
    return client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2), time_control=tc), timeout=10
    )


@pytest.mark.parametrize(
    ("tc", "reason"),
    [
        (pb.TimeControl(decision_seconds=30, seconds_per_game=600), "INVALID_TIME_CONTROL"),
        (pb.TimeControl(seconds_per_decision=5), "INVALID_TIME_CONTROL"),
        (pb.TimeControl(decision_seconds=4_000_000_000), "INVALID_TIME_CONTROL"),
        (pb.TimeControl(decision_seconds=30, timeouts_before_bot=101), "INVALID_TIME_CONTROL"),
        (pb.TimeControl(decision_seconds=30, timeout_policy=7), "INVALID_ENUM"),  # type: ignore[arg-type]
    ],
)
def test_a_time_control_that_cannot_work_is_refused(
    client: OlympusClient, rdb: object, tc: pb.TimeControl, reason: str
) -> None:
    before = len(client.stub.ListGames(pb.ListGamesRequest(), timeout=10).games)
    with pytest.raises(grpc.RpcError) as caught:
        create(client, tc)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_details(caught.value)[0] == reason
    assert len(client.stub.ListGames(pb.ListGamesRequest(), timeout=10).games) == before


def test_the_time_control_and_every_seats_clock_are_shown(client: OlympusClient) -> None:
    created = create(
        client, pb.TimeControl(decision_seconds=90, timeout_policy=pb.TIMEOUT_POLICY_BOT)
    )
    game = client.stub.GetGame(pb.GetGameRequest(game_id=created.game_id), timeout=10).game
    tc = game.settings.time_control
    assert (tc.decision_seconds, tc.timeout_policy, tc.timeouts_before_bot) == (
        90,
        pb.TIMEOUT_POLICY_BOT,
        3,  # the default
    )
    assert [c.seat for c in game.clocks] == [0, 1]
    for clock in game.clocks:  # setup: both seats decide at once, each on its own clock
        assert 0 < clock.remaining_ms <= 90_000 and clock.deadline_ms > game.created_at_ms
        assert clock.deadline_ms - game.created_at_ms == 90_000
    decision = client.stub.GetDecision(
        pb.GetDecisionRequest(game_id=created.game_id, token=created.seats[0].token), timeout=10
    )
    assert [c.seat for c in decision.clocks] == [0, 1]


def test_an_untimed_game_shows_no_clocks(client: OlympusClient) -> None:
    created = create(client, pb.TimeControl())
    game = client.stub.GetGame(pb.GetGameRequest(game_id=created.game_id), timeout=10).game
    assert not game.clocks and game.settings.time_control.timeouts_before_bot == 3
