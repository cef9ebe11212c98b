"""API keys on the game service: optional, but a key that is sent is checked like everywhere
(the accounts' key store), and a game created with one records its creator."""

from __future__ import annotations

import subprocess
import sys

import grpc
import pytest
import redis

from olympus.client import OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as pb
from services import create_account


def make_key(redis_url: str, name: str, scopes: str) -> tuple[str, str, str]:
    """(account id, key, key id), made the operator's way."""
    data = create_account(redis_url, name, scopes, kind="person")
    return data["account_id"], data["key"], data["key_id"]


def create(client: OlympusClient, key: str | None) -> pb.CreateGameResponse:
    metadata = (("authorization", f"Bearer {key}"),) if key else ()
    return client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2)), timeout=10, metadata=metadata
    )


def settings(client: OlympusClient, game_id: str) -> pb.GameSettings:
    return client.stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game.settings


def test_a_game_created_with_a_key_records_its_creator(
    client: OlympusClient, redis_url: str
) -> None:
    account, key, _ = make_key(redis_url, "host-alice", "create_games")
    game = create(client, key)
    assert settings(client, game.game_id).creator_account_id == account
    anonymous = create(client, None)  # no key: as before
    assert settings(client, anonymous.game_id).creator_account_id == ""


@pytest.mark.parametrize(
    ("kind", "code", "reason"),
    [
        ("play-only", grpc.StatusCode.PERMISSION_DENIED, "SCOPE_REQUIRED"),
        ("revoked", grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED"),
        ("unknown", grpc.StatusCode.UNAUTHENTICATED, "INVALID_API_KEY"),
        ("malformed", grpc.StatusCode.UNAUTHENTICATED, "INVALID_API_KEY"),
    ],
)
def test_a_bad_key_is_refused_and_creates_nothing(
    client: OlympusClient,
    redis_url: str,
    rdb: redis.Redis,
    kind: str,
    code: grpc.StatusCode,
    reason: str,
) -> None:
    if kind == "play-only":
        key = make_key(redis_url, "player-bob", "play")[1]
    elif kind == "revoked":
        _, key, key_id = make_key(redis_url, "revoked-carol", "create_games")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "olympus.cli",
                "accounts",
                "revoke",
                "revoked-carol",
                key_id,
                "--redis-url",
                redis_url,
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
    elif kind == "unknown":
        key = "oly_" + "A" * 43
    else:
        key = "not-a-key"
    before = rdb.zcard("olympus:games:all")
    with pytest.raises(grpc.RpcError) as caught:
        create(client, key)
    assert caught.value.code() == code and error_details(caught.value)[0] == reason
    assert rdb.zcard("olympus:games:all") == before
