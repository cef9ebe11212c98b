"""Shutdown ends watch streams at once (UNAVAILABLE, SHUTTING_DOWN: reconnect elsewhere) instead
of waiting out the grace period; every service serves Prometheus metrics."""

from __future__ import annotations

import threading
import time

import grpc
import pytest
from metrics_support import Samples, scrape, value
from platform_support import RedisServer, wait_for

from olympus.client import GameServiceError, OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import catalogue_pb2, catalogue_pb2_grpc, game_pb2 as pb
from services import running_service


def test_sigterm_ends_watch_streams_at_once_despite_a_long_grace(redis_url: str) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_url, "--grace", "30") as service,
        OlympusClient(service.address) as client,
    ):
        game = client.create_game(players=2, seed=750)
        request = pb.WatchGameRequest(game_id=game.game_id, from_version=0)
        # The deadline is a third of the grace: a stream left to the grace would hit it.
        streams = [client.stub.WatchGame(request, timeout=10) for _ in range(3)]
        for stream in streams:
            assert next(stream).version == 1
        ended: list[grpc.RpcError] = []

        def drain(stream: grpc.Future) -> None:
            try:
                for _ in stream:  # type: ignore[attr-defined]
                    pass
            except grpc.RpcError as exc:
                ended.append(exc)

        readers = [threading.Thread(target=drain, args=(s,)) for s in streams]
        for reader in readers:
            reader.start()
        assert service.stop(timeout=10) == 0  # and the process itself did not wait the grace
        for reader in readers:
            reader.join(15)
        assert len(ended) == 3
        for exc in ended:
            assert exc.code() == grpc.StatusCode.UNAVAILABLE  # type: ignore[attr-defined]
            assert error_details(exc)[0] == "SHUTTING_DOWN"


GAME = "olympus.v1.GameService/"


def test_game_service_metrics(redis_server: RedisServer) -> None:
    with (
        running_service(
            "gamestate", "--redis-url", redis_server.url, "--quota-create-game-per-peer", "3/1h"
        ) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        games = [client.create_game(players=2, seed=760 + i) for i in range(3)]
        with pytest.raises(GameServiceError):
            client.create_game(players=2)  # over the quota
        with pytest.raises(GameServiceError):
            client.join(games[0].game_id, games[0].tokens[0]).act("nonsense", version=1)
        watch = client.stub.WatchGame(pb.WatchGameRequest(game_id=games[0].game_id), timeout=30)
        assert next(watch).version == 1

        def scraped_with_three_active_games() -> Samples | None:
            samples = scrape(service.metrics_port)  # the gauge is sampled twice a second
            return samples if value(samples, "olympus_games_active") == 3 else None

        samples = wait_for(scraped_with_three_active_games, "the active games gauge")

        def calls(method: str, code: str) -> float:
            return value(samples, "olympus_grpc_calls_total", method=GAME + method, code=code)

        assert calls("CreateGame", "OK") == 3
        assert calls("CreateGame", "RESOURCE_EXHAUSTED") == 1
        assert calls("SubmitAction", "INVALID_ARGUMENT") == 1
        errors = "olympus_grpc_errors_total"
        assert (
            value(
                samples,
                errors,
                method=GAME + "SubmitAction",
                code="INVALID_ARGUMENT",
                reason="MALFORMED",
            )
            == 1
        )
        assert (
            value(
                samples,
                "olympus_quota_refusals_total",
                method=GAME + "CreateGame",
                reason="QUOTA_EXCEEDED",
                scope="peer",
            )
            == 1
        )
        assert value(samples, "olympus_grpc_call_seconds_count", method=GAME + "CreateGame") == 4
        buckets = [
            v
            for (name, labels), v in samples.items()
            if name == "olympus_grpc_call_seconds_bucket"
            and ("method", GAME + "CreateGame") in labels
        ]
        assert buckets and max(buckets) == 4
        assert value(samples, "olympus_grpc_streams_open", method=GAME + "WatchGame") == 1
        assert value(samples, "olympus_redis_seconds_count", operation="create") == 3
        assert value(samples, "olympus_redis_errors_total", operation="create") == 0
        assert value(samples, "olympus_serving") == 1
        watch.cancel()
        wait_for(
            lambda: (
                value(
                    scrape(service.metrics_port),
                    "olympus_grpc_streams_open",
                    method=GAME + "WatchGame",
                )
                == 0
            ),
            "the stream to close",
        )


def test_catalogue_metrics() -> None:
    with running_service("catalogue") as service:
        with grpc.insecure_channel(service.address) as channel:
            cards = catalogue_pb2_grpc.CardCatalogueServiceStub(channel)
            cards.GetCard(catalogue_pb2.GetCardRequest(name="Birds"), timeout=10)
            with pytest.raises(grpc.RpcError):
                cards.GetCard(catalogue_pb2.GetCardRequest(name="No Such Card"), timeout=10)
        method = "olympus.v1.CardCatalogueService/GetCard"
        # A call is counted as it ends on the server, which may be just after its caller got
        # the reply: scrape until both calls are in (a few tries at most).
        deadline = time.monotonic() + 10
        while True:
            samples = scrape(service.metrics_port)
            calls = sum(
                v
                for (name, labels), v in samples.items()
                if name == "olympus_grpc_calls_total" and ("method", method) in labels
            )
            if calls >= 2 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert value(samples, "olympus_grpc_calls_total", method=method, code="OK") == 1
        assert (
            value(
                samples,
                "olympus_grpc_errors_total",
                method=method,
                code="NOT_FOUND",
                reason="CARD_NOT_FOUND",
            )
            == 1
        )
        assert value(samples, "olympus_serving") == 1
