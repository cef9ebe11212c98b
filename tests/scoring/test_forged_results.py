"""The attacks on ratings that worked before results came only from the game's owner: a report
that voids a rated game, keys that invent results or seat accounts, a forwarded identity without
a service credential. Each is tried against the real services and must leave ratings as the
game service's record makes them: every rated game rated once, nothing else."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
import redis
from platform_stack import Platform
from scoring_support import account_id, rated_game, wait_finished

from olympus.platform.errors import error_details
from olympus.scoring import store as st
from olympus.v1 import game_pb2 as gpb, game_pb2_grpc, scoring_pb2 as pb
from olympus.v1.game_pb2_grpc import GameServiceStub
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    return err.code(), error_details(err)[0]


def keyed(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),)


def test_a_report_the_moment_a_rated_game_ends_rates_it_in_its_queue_not_unrated(
    anonymous: ScoringServiceStub, service_games: GameServiceStub, rdb: redis.Redis
) -> None:
    """The void attack: the loser sends an unrated ReportResult {game_id} as the game ends,
    before the workers deliver it. It used to pin the game unrated (and the rated report was
    then refused). Now the report reads the game's record: the game is rated, once."""
    loser, other = account_id(), account_id()
    made = rated_game(service_games, "void-attack", [loser, other])
    while True:  # report as soon as the game is over, racing the workers
        try:
            reply = anonymous.ReportResult(pb.ReportResultRequest(game_id=made.game_id), timeout=10)
            break
        except grpc.RpcError as exc:
            assert error_details(exc)[0] == "GAME_NOT_FINISHED", exc
    assert reply.result.queue == "void-attack"
    assert [s.player for s in reply.result.seats] == [loser, other]
    assert all(s.HasField("rating_after") for s in reply.result.seats)
    wait_finished(service_games, made.game_id)
    # The workers' delivery comes after: it finds the game rated, and rates nothing again.
    assert rdb.hlen(st.queue_key("void-attack", "games")) == 1
    for player in (loser, other):
        got = anonymous.GetRating(pb.GetRatingRequest(queue="void-attack", player=player))
        assert got.rating.games == 1
        assert rdb.llen(st.history_key("void-attack", player)) == 1


@pytest.mark.parametrize("scopes", ["ladder", "admin", "play,create_games"])
def test_no_key_but_a_services_can_fix_a_rated_queue_or_a_seats_account(
    stack: Platform, anonymous: ScoringServiceStub, scopes: str, rdb: redis.Redis
) -> None:
    """The forge attack: a `ladder` key (what external ladder bots get), or even an admin key,
    used to report results naming any queue and any accounts. No public call can name them now:
    not at creation, not in a report."""
    _, key = stack.account(scopes=scopes.split(","))
    with grpc.insecure_channel(stack.address("gamestate")) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        victim = account_id()
        rated = gpb.CreateGameRequest(
            options=gpb.GameOptions(players=2),
            seats=[gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT), gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT)],
            rated_queue="forged",
        )
        seated = gpb.CreateGameRequest(
            options=gpb.GameOptions(players=2),
            seats=[gpb.SeatSpec(account_id=victim), gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT)],
        )
        for request in (rated, seated):
            code, reason = refusal(lambda r=request: games.CreateGame(r, metadata=keyed(key)))
            # a key that may not create games is refused that first; any other, for the field
            assert code == grpc.StatusCode.PERMISSION_DENIED
            assert reason == ("SCOPE_REQUIRED" if scopes == "ladder" else "SERVICE_ONLY")
            assert refusal(lambda r=request: games.CreateGame(r)) == (
                grpc.StatusCode.PERMISSION_DENIED,
                "SERVICE_ONLY",
            )
        assert refusal(
            lambda: games.GetGameRecord(
                gpb.GetGameRecordRequest(game_id="0123456789abcdef"), metadata=keyed(key)
            )
        ) == (grpc.StatusCode.PERMISSION_DENIED, "SERVICE_ONLY")
        # An unrated game of its own, finished: a report cannot make it rated in any queue.
        mine = games.CreateGame(
            gpb.CreateGameRequest(
                options=gpb.GameOptions(players=2),
                seats=[gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT), gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT)],
            ),
            metadata=keyed(key) if "create_games" in scopes or "admin" in scopes else (),
        )
        wait_finished(games, mine.game_id)
    with grpc.insecure_channel(stack.address("scoring")) as channel:
        scoring = ScoringServiceStub(channel)  # type: ignore[no-untyped-call]
        forged = pb.ReportResultRequest(
            game_id=mine.game_id,
            queue="forged",
            players=[pb.SeatPlayer(seat=0, player=victim), pb.SeatPlayer(seat=1, player="me")],
        )
        assert refusal(lambda: scoring.ReportResult(forged, metadata=keyed(key))) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "NOT_THE_GAMES_RECORD",
        )
    assert not rdb.exists(st.queue_key("forged", "board"))
    assert refusal(lambda: anonymous.Leaderboard(pb.LeaderboardRequest(queue="forged"))) == (
        grpc.StatusCode.NOT_FOUND,
        "UNKNOWN_QUEUE",
    )


def test_a_forwarded_identity_needs_a_service_credential(stack: Platform) -> None:
    """An end user's address is taken from a platform service only: anyone else sending it (to
    get another address's quota) is refused."""
    _, key = stack.account(scopes=["play"])
    with grpc.insecure_channel(stack.address("gamestate")) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        choices = gpb.ListTableChoicesRequest()
        for metadata in (
            (("olympus-forwarded-for", "203.0.113.7"),),
            (
                ("olympus-forwarded-for", "203.0.113.7"),
                ("olympus-service-authorization", f"Bearer {key}"),
            ),
        ):
            assert refusal(lambda m=metadata: games.ListTableChoices(choices, metadata=m)) == (
                grpc.StatusCode.PERMISSION_DENIED,
                "SERVICE_ONLY",
            )
        forwarded = (
            ("olympus-forwarded-for", "203.0.113.7"),
            ("olympus-service-authorization", f"Bearer {stack.service_key}"),
        )
        assert games.ListTableChoices(choices, metadata=forwarded).bots
        bad = (("olympus-forwarded-for", "not an address"), forwarded[1])
        assert refusal(lambda: games.ListTableChoices(choices, metadata=bad)) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        )


def test_an_aborted_rated_game_is_recorded_aborted_and_rates_nobody(
    anonymous: ScoringServiceStub, service_games: GameServiceStub, rdb: redis.Redis
) -> None:
    a, b = account_id(), account_id()
    made = service_games.CreateGame(
        gpb.CreateGameRequest(
            options=gpb.GameOptions(players=2),
            seats=[gpb.SeatSpec(account_id=a), gpb.SeatSpec(account_id=b)],
            rated_queue="aborts",
        ),
        timeout=10,
    )
    service_games.AbortGame(
        gpb.AbortGameRequest(game_id=made.game_id, token=made.host_token, reason="test"), timeout=10
    )
    reply = anonymous.ReportResult(pb.ReportResultRequest(game_id=made.game_id), timeout=10)
    assert reply.result.aborted and reply.result.queue == "aborts" and not reply.result.seats
    assert not rdb.exists(st.queue_key("aborts", "board"))
    record = service_games.GetGameRecord(gpb.GetGameRecordRequest(game_id=made.game_id))
    assert record.status == gpb.GAME_STATUS_ABORTED and record.abort_reason == "host"
    assert [s.player for s in record.seats] == [a, b]
