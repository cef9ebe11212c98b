"""The scoring service's /metrics after real results: a rated game the workers report counts as
rated, its report again as a repeat, an unrated game's report as unrated (issue 33)."""

from __future__ import annotations

import secrets

from metrics_support import grown, scrape
from platform_stack import Platform
from scoring_support import account_id, rated_game, wait_finished
from worker_support import create, finished, wait_for

from olympus.client import OlympusClient
from olympus.v1 import scoring_pb2 as pb
from olympus.v1.game_pb2_grpc import GameServiceStub
from olympus.v1.scoring_pb2_grpc import ScoringServiceStub

RESULTS = "olympus_scoring_results_total"


def test_reported_results_are_counted_by_outcome(
    stack: Platform,
    service_games: GameServiceStub,
    games: OlympusClient,
    anonymous: ScoringServiceStub,
) -> None:
    port = stack.processes["scoring"].metrics_port
    before = scrape(port)
    queue = "metrics-" + secrets.token_hex(3)
    rated = rated_game(service_games, queue, [account_id(), account_id()])
    unrated = create(games, 2, [0, 1])
    wait_finished(service_games, rated.game_id)
    # The workers deliver the rated result on their own (OLYMPUS_REPORT_SECONDS).
    grown(port, before, (RESULTS, {"outcome": "rated"}, 1))
    anonymous.ReportResult(pb.ReportResultRequest(game_id=rated.game_id), timeout=20)
    wait_for("the unrated game to finish", lambda: finished(games, unrated.game_id))
    anonymous.ReportResult(pb.ReportResultRequest(game_id=unrated.game_id), timeout=20)
    grown(
        port,
        before,
        (RESULTS, {"outcome": "repeat"}, 1),
        (RESULTS, {"outcome": "unrated"}, 1),
        timeout=30,
    )
