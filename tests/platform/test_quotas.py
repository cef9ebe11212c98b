"""Quotas per peer and per token, and the cap on open streams per peer: a call over a limit is
refused with RESOURCE_EXHAUSTED, a stable reason and a retry delay; other callers go on."""

from __future__ import annotations

import grpc
import pytest
from platform_support import wait_for

from olympus.client import GameServiceError, OlympusClient
from olympus.platform.errors import error_details, quota_violations
from olympus.platform.quota import Rate, peer_key
from olympus.v1 import game_pb2 as pb
from services import running_service


def _refused(call: object) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()  # type: ignore[operator]
    return info.value


def test_create_game_per_peer_and_submit_action_per_token(redis_url: str) -> None:
    with (
        running_service(
            "gamestate",
            "--redis-url",
            redis_url,
            "--quota-create-game-per-peer",
            "3/1h",
            "--quota-submit-action-per-token",
            "2/1h",
        ) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        games = [client.create_game(players=2, seed=700 + i) for i in range(3)]
        refusal = _refused(lambda: client.create_game(players=2, seed=703))
        assert (refusal.status, refusal.reason) == ("RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED")
        # the bucket refills one game every 20 minutes: that is when to come back
        assert refusal.retry_after is not None and 60 < refusal.retry_after <= 1200
        # which limit: a google.rpc.QuotaFailure beside the ErrorInfo
        with pytest.raises(grpc.RpcError) as raw:
            client.stub.CreateGame(pb.CreateGameRequest(options=pb.GameOptions(players=2)))
        ((subject, description),) = quota_violations(raw.value)
        assert subject == "CreateGame:per_peer" and "this address" in description

        game = games[0]
        first, second = (client.join(game.game_id, game.tokens[s]) for s in (0, 1))
        for _ in range(2):  # malformed answers count too: the quota is on calls
            assert _refused(lambda: first.act("nonsense", version=1)).reason == "MALFORMED"
        refusal = _refused(lambda: first.act("nonsense", version=1))
        assert (refusal.status, refusal.reason) == ("RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED")
        assert refusal.retry_after is not None and refusal.retry_after > 0
        # another token of the same peer still has its own quota
        assert _refused(lambda: second.act("nonsense", version=1)).reason == "MALFORMED"
        # and reading is not limited
        assert first.decision().version == 1


def test_open_watch_streams_per_peer_are_capped(redis_url: str) -> None:
    with (
        running_service(
            "gamestate", "--redis-url", redis_url, "--quota-watch-game-streams-per-peer", "2"
        ) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        game = client.create_game(players=2, seed=710)
        request = pb.WatchGameRequest(game_id=game.game_id, from_version=0)
        streams = [client.stub.WatchGame(request, timeout=30) for _ in range(2)]
        for stream in streams:
            assert next(stream).version == 1  # open, and waiting for more
        third = client.stub.WatchGame(request, timeout=30)
        with pytest.raises(grpc.RpcError) as info:
            next(third)
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        reason, _, retry = error_details(info.value)
        assert reason == "TOO_MANY_STREAMS" and retry is not None and retry > 0
        ((subject, description),) = quota_violations(info.value)
        assert subject == "WatchGame:streams_per_peer" and "at most 2" in description

        streams[0].cancel()  # one closes: a new one may open (once the server saw it close)

        def reopened() -> grpc.Future | None:
            again = client.stub.WatchGame(request, timeout=30)
            try:
                assert next(again).version == 1
            except grpc.RpcError as exc:
                assert error_details(exc)[0] == "TOO_MANY_STREAMS"
                return None
            return again

        wait_for(reopened, "a stream slot to free").cancel()
        streams[1].cancel()


def test_quotas_off_lifts_every_limit(redis_url: str) -> None:
    with (
        running_service(
            "gamestate",
            "--redis-url",
            redis_url,
            "--quota-create-game-per-peer",
            "1/1h",
            "--quotas",
            "off",
        ) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        for seed in range(720, 723):
            client.create_game(players=1, seed=seed)


def test_rates_and_peers_are_read_as_documented() -> None:
    assert Rate.parse("300/1m") == Rate(300, 60)
    assert Rate.parse("20/s") == Rate(20, 1)
    assert Rate.parse("off") is None and Rate.parse("0/1m") is None
    for bad in ("300", "1/0s", "x/1m", "-1/1m", "1/1d"):
        with pytest.raises(ValueError):
            Rate.parse(bad)
    assert peer_key("ipv4:10.1.2.3:5555") == "10.1.2.3"
    assert peer_key("ipv6:[2001:db8:1:2:3:4:5:6]:5555") == "2001:db8:1:2::/64"
    assert peer_key("ipv6:[::ffff:10.1.2.3]:5555") == "10.1.2.3"
