"""API keys on the game service: optional, but a key that is sent is checked like everywhere
(the accounts' key store), and a game created with one records its creator."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable

import grpc
import pytest
import redis

from olympus.client import OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import board_pb2, game_pb2 as pb
from services import create_account

Metadata = tuple[tuple[str, str], ...]


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


def _operator(redis_url: str, *args: str) -> None:
    """`olympus accounts ...` on the platform's Redis, as an operator runs it."""
    command = [sys.executable, "-m", "olympus.cli", "accounts", *args, "--redis-url", redis_url]
    subprocess.run(command, check=True, capture_output=True, timeout=60)


def _calls(game: pb.CreateGameResponse) -> dict[str, Callable[[OlympusClient, Metadata], object]]:
    """Every game-service call a player or spectator makes, each on `game` with a seat's token
    (WatchGame: its first event)."""
    gid, token = game.game_id, game.seats[0].token
    return {
        "GetGame": lambda c, m: c.stub.GetGame(
            pb.GetGameRequest(game_id=gid, token=token), metadata=m, timeout=10
        ),
        "GetDecision": lambda c, m: c.stub.GetDecision(
            pb.GetDecisionRequest(game_id=gid, token=token), metadata=m, timeout=10
        ),
        "SubmitAction": lambda c, m: c.stub.SubmitAction(
            pb.SubmitActionRequest(
                game_id=gid, token=token, expected_version=game.version, text="pass"
            ),
            metadata=m,
            timeout=10,
        ),
        "UndoAnswers": lambda c, m: c.stub.UndoAnswers(
            pb.UndoAnswersRequest(game_id=gid, token=token, expected_version=game.version, count=1),
            metadata=m,
            timeout=10,
        ),
        "WatchGame": lambda c, m: next(
            iter(c.stub.WatchGame(pb.WatchGameRequest(game_id=gid, token=token), metadata=m))
        ),
        "ListGames": lambda c, m: c.stub.ListGames(pb.ListGamesRequest(), metadata=m, timeout=10),
        "GetGameLog": lambda c, m: c.stub.GetGameLog(
            pb.GetGameLogRequest(game_id=gid, token=token), metadata=m, timeout=10
        ),
        "Resign": lambda c, m: c.stub.Resign(
            pb.ResignRequest(game_id=gid, token=token), metadata=m, timeout=10
        ),
        "WhoAmI": lambda c, m: c.stub.WhoAmI(pb.WhoAmIRequest(token=token), metadata=m, timeout=10),
        "DescribeBoard": lambda c, m: c.stub.DescribeBoard(
            board_pb2.DescribeBoardRequest(game_id=gid), metadata=m, timeout=10
        ),
        "ListTableChoices": lambda c, m: c.stub.ListTableChoices(
            pb.ListTableChoicesRequest(), metadata=m, timeout=10
        ),
    }


def _refusal(call: Callable[[], object]) -> tuple[grpc.StatusCode, str] | None:
    try:
        call()
    except grpc.RpcError as exc:
        return exc.code(), error_details(exc)[0]  # type: ignore[attr-defined]
    return None


def _bearer(key: str) -> Metadata:
    return (("authorization", f"Bearer {key}"),)


def test_every_game_call_that_carries_a_key_checks_it_and_wants_play(
    client: OlympusClient, redis_url: str, rdb: redis.Redis
) -> None:
    """Not only CreateGame: a revoked key, a disabled account's key, an unknown key and a key
    without the `play` scope are refused on every call, before anything is read or written."""
    game = create(client, None)
    _, revoked, revoked_id = make_key(redis_url, "keys-revoked", "play")
    _, disabled, _ = make_key(redis_url, "keys-disabled", "play")
    _, host_only, _ = make_key(redis_url, "keys-host-only", "create_games")
    _operator(redis_url, "revoke", "keys-revoked", revoked_id)
    _operator(redis_url, "disable", "keys-disabled")
    expected = {
        revoked: (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED"),
        disabled: (grpc.StatusCode.PERMISSION_DENIED, "ACCOUNT_DISABLED"),
        "oly_" + "B" * 43: (grpc.StatusCode.UNAUTHENTICATED, "INVALID_API_KEY"),
        host_only: (grpc.StatusCode.PERMISSION_DENIED, "SCOPE_REQUIRED"),
    }
    state = rdb.dump(f"olympus:{{g:{game.game_id}}}:state")
    assert state is not None
    for name, call in _calls(game).items():
        for key, refusal in expected.items():
            got = _refusal(lambda call=call, key=key: call(client, _bearer(key)))
            assert got == refusal, (name, key[:8], got)
    assert rdb.dump(f"olympus:{{g:{game.game_id}}}:state") == state  # nothing moved
    # The same calls with no key, or with a valid `play` key, are answered (Resign last: it
    # ends the seat's part).
    _, player, _ = make_key(redis_url, "keys-player", "play")
    for name, call in _calls(game).items():
        if name in ("SubmitAction", "UndoAnswers"):
            continue  # answered or refused on the game's rules, not on the key
        assert _refusal(lambda call=call: call(client, _bearer(player))) is None, name


def test_a_key_revoked_while_in_use_is_refused_within_seconds(
    client: OlympusClient, redis_url: str
) -> None:
    """The game service caches a key's check; the accounts service pushes the revocation, so a
    key in use (its check cached) is refused within the push's delay, not the cache's life."""
    game = create(client, None)
    get_game = _calls(game)["GetGame"]
    _, key, key_id = make_key(redis_url, "keys-in-use", "play")
    assert _refusal(lambda: get_game(client, _bearer(key))) is None  # checked, and cached
    _operator(redis_url, "revoke", "keys-in-use", key_id)
    revoked = time.monotonic()
    while (got := _refusal(lambda: get_game(client, _bearer(key)))) is None:
        assert time.monotonic() - revoked < 10, "a revoked key still answered after 10 s"
        time.sleep(0.02)
    assert got == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED")
    print(f"revoked key refused {1000 * (time.monotonic() - revoked):.0f} ms after revoke")


def test_the_open_table_calls_check_a_key_like_every_call(
    client: OlympusClient, redis_url: str, rdb: redis.Redis
) -> None:
    """CreateGame with open seats, ListOpenTables, TakeSeat and Rematch refuse a revoked key, a
    disabled account's, an unknown one and one without the scope the call needs (CreateGame:
    create_games; the others: play), before anything is read or written; with a valid key
    they are answered."""
    open_request = pb.CreateGameRequest(
        options=pb.GameOptions(players=2, corporate_era=False), open_seats=[1]
    )
    table = client.stub.CreateGame(open_request, timeout=10)
    finished = create(client, None)
    for seat in finished.seats:  # both resign: the table plays the game to its end
        client.stub.Resign(pb.ResignRequest(game_id=finished.game_id, token=seat.token), timeout=10)
    deadline = time.monotonic() + 120
    while client.stub.GetGame(
        pb.GetGameRequest(game_id=finished.game_id), timeout=10
    ).game.status != (pb.GAME_STATUS_FINISHED):
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.1)
    gid, old = table.game_id, finished.game_id
    calls: dict[str, Callable[[OlympusClient, Metadata], object]] = {
        "CreateGame": lambda c, m: c.stub.CreateGame(open_request, metadata=m, timeout=10),
        "ListOpenTables": lambda c, m: c.stub.ListOpenTables(
            pb.ListOpenTablesRequest(), metadata=m, timeout=10
        ),
        "TakeSeat": lambda c, m: c.stub.TakeSeat(
            pb.TakeSeatRequest(game_id=gid), metadata=m, timeout=10
        ),
        "Rematch": lambda c, m: c.stub.Rematch(
            pb.RematchRequest(game_id=old, token=finished.seats[0].token), metadata=m, timeout=10
        ),
    }
    _, revoked, revoked_id = make_key(redis_url, "tables-revoked", "play,create_games")
    _, disabled, _ = make_key(redis_url, "tables-disabled", "play,create_games")
    _, play_only, _ = make_key(redis_url, "tables-play-only", "play")
    _, host_only, _ = make_key(redis_url, "tables-host-only", "create_games")
    _operator(redis_url, "revoke", "tables-revoked", revoked_id)
    _operator(redis_url, "disable", "tables-disabled")
    expected = {
        revoked: (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REVOKED"),
        disabled: (grpc.StatusCode.PERMISSION_DENIED, "ACCOUNT_DISABLED"),
        "oly_" + "C" * 43: (grpc.StatusCode.UNAUTHENTICATED, "INVALID_API_KEY"),
    }
    lacking = (grpc.StatusCode.PERMISSION_DENIED, "SCOPE_REQUIRED")
    games_before = rdb.zcard("olympus:games:all")
    grants_before = rdb.hgetall(f"olympus:{{g:{gid}}}:grants")
    for name, call in calls.items():
        for key, refusal in {
            **expected,
            (play_only if name == "CreateGame" else host_only): lacking,
        }.items():
            got = _refusal(lambda call=call, key=key: call(client, _bearer(key)))
            assert got == refusal, (name, key[:8], got)
    # Nothing made, no seat taken, no rematch's secret drawn.
    assert rdb.zcard("olympus:games:all") == games_before
    assert rdb.hgetall(f"olympus:{{g:{gid}}}:grants") == grants_before
    assert not rdb.hexists(f"olympus:{{g:{old}}}:grants", "rematch")
    _, player, _ = make_key(redis_url, "tables-player", "play,create_games")
    for name, call in calls.items():
        assert _refusal(lambda call=call: call(client, _bearer(player))) is None, name
