"""Bounded requests and a port of one's own: a request over the size bound is refused cleanly
before it is parsed, and a second instance on a taken port refuses to start."""

from __future__ import annotations

import json
import subprocess
import sys

import grpc
from platform_support import SERVING, health_status

from olympus.client import OlympusClient
from olympus.platform.errors import MESSAGE_LIMIT
from olympus.v1 import game_pb2 as pb
from services import running_service


def test_oversized_answers_are_refused_cleanly_and_the_channel_goes_on(redis_url: str) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_url) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        game = client.create_game(players=2, seed=730)
        token = game.tokens[0]
        for size, codes in (
            # over the 8 KiB bound: refused by gRPC before parsing
            (17_000, {grpc.StatusCode.RESOURCE_EXHAUSTED}),
            # under it: the service refuses the answer itself
            (8_000, {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.RESOURCE_EXHAUSTED}),
        ):
            text = "play " + "7" * size
            request = pb.SubmitActionRequest(
                game_id=game.game_id,
                token=token,
                expected_version=1,
                text=text,
                idempotency_key="k",
            )
            try:
                client.stub.SubmitAction(request, timeout=10)
                raise AssertionError(f"a {size}-character answer was accepted")
            except grpc.RpcError as exc:
                assert exc.code() in codes, (size, exc.code())  # type: ignore[attr-defined]
                details = exc.details() or ""  # type: ignore[attr-defined]
                # a short message, never the answer itself
                assert len(details) <= MESSAGE_LIMIT and text not in details
            # the same channel still works
            assert client.join(game.game_id, token).decision().version == 1
        assert client.join(game.game_id, token).view()["generation"] == 1


def test_a_second_instance_on_a_taken_port_refuses_to_start() -> None:
    with running_service("catalogue") as first:
        for flags in (
            ("--port", str(first.port), "--metrics-port", "0"),  # the gRPC port is taken
            ("--port", "0", "--metrics-port", str(first.metrics_port)),  # the metrics port is
        ):
            second = subprocess.run(
                [sys.executable, "-m", "olympus.catalogue", *flags],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert second.returncode != 0 and second.stdout == ""  # never ready
            lines = second.stderr.strip().splitlines()
            assert len(lines) == 1, second.stderr
            record = json.loads(lines[0])
            assert record["level"] == "ERROR"
            taken = flags[1] if flags[1] != "0" else flags[3]
            assert "cannot" in record["message"] and taken in record["message"]
        assert health_status(first.address) == SERVING  # the first one is unharmed
