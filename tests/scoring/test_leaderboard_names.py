"""Leaderboards and ratings name each player: the account's name beside its id, asked of the
accounts service (which owns names); an id the platform has no account for shows "", and the
board is served all the same."""

from __future__ import annotations

import time

import grpc
from platform_stack import Platform
from scoring_support import account_id, rated_game

from olympus.v1 import game_pb2_grpc, scoring_pb2 as pb
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub


def test_the_leaderboard_names_its_players(
    stack: Platform,
    service_games: game_pb2_grpc.GameServiceStub,
    anonymous: ScoringServiceStub,
) -> None:
    named, _ = stack.account("board-ada", ["play"])
    nameless = account_id()  # a seat's account the accounts service does not have
    queue = "names-queue"
    rated_game(service_games, queue, [named, nameless])
    deadline = time.monotonic() + 180
    while True:
        try:
            board = anonymous.Leaderboard(pb.LeaderboardRequest(queue=queue), timeout=10)
            if len(board.entries) == 2:
                break
        except grpc.RpcError as exc:  # the queue exists once its first game is rated
            assert exc.code() == grpc.StatusCode.NOT_FOUND, exc
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.2)
    names = {e.player: e.name for e in board.entries}
    assert names == {named: "board-ada", nameless: ""}
    one = anonymous.GetRating(pb.GetRatingRequest(queue=queue, player=named), timeout=10)
    assert one.name == "board-ada"
    many = anonymous.GetRatings(
        pb.GetRatingsRequest(queue=queue, players=[nameless, named]), timeout=10
    )
    assert [(r.player, r.name) for r in many.ratings] == [(nameless, ""), (named, "board-ada")]
