"""Every refusal has its status and reason, and leaves the game exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest
import redis
from gamestate_players import play_out

from olympus.client import GameServiceError, OlympusClient
from olympus.client.sdk import CreatedGame
from olympus.gamestate.store import game_key
from olympus.platform.errors import field_violations
from olympus.v1 import game_pb2 as pb

FORGED_TOKEN = "A" * 43  # well formed, belongs to no game


def _snapshot(r: redis.Redis, game_id: str) -> tuple[Any, ...]:
    return (
        r.hget(game_key(game_id, "game"), "version"),
        r.get(game_key(game_id, "state")),
        r.lrange(game_key(game_id, "log"), 0, -1),
        r.xlen(game_key(game_id, "events")),
    )


@pytest.fixture
def game(client: OlympusClient) -> CreatedGame:
    """A game in its first action phase, at version 2: both seats were dealt the Beginner
    corporation (no setup answer), and the first player built a power plant."""
    created = client.create_game(players=2, seed=3, beginner=[0, 1])
    first = client.spectate(created.game_id).decision().waiting_for[0]
    client.join(created.game_id, created.tokens[first]).act("project power_plant", version=1)
    return created


def refused(call: Callable[[], object]) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()
    return info.value


def submit(client: OlympusClient, **fields: Any) -> Callable[[], object]:
    return lambda: client.call(
        client.stub.SubmitAction, pb.SubmitActionRequest(**fields), retry_on=frozenset()
    )


def test_every_submit_refusal_leaves_the_game_unchanged(
    client: OlympusClient, game: CreatedGame, rdb: redis.Redis
) -> None:
    gid = game.game_id
    state = client.spectate(gid).decision()
    seat = state.waiting_for[0]
    idle = 1 - seat
    token, idle_token = game.tokens[seat], game.tokens[idle]
    other = client.create_game(players=2, seed=4)
    v = state.version
    ok: dict[str, Any] = {
        "game_id": gid,
        "token": token,
        "expected_version": v,
        "idempotency_key": "k1",
    }
    legal = "project power_plant"
    hand = set(client.join(gid, token).view()["players"][seat]["hand"])
    absent = next(f"{n:03d}" for n in range(1, 200) if f"{n:03d}" not in hand)
    before = _snapshot(rdb, gid)

    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("UNAUTHENTICATED", "TOKEN_REQUIRED", {**ok, "token": "", "text": legal}),
        ("UNAUTHENTICATED", "INVALID_TOKEN", {**ok, "token": "not a token", "text": legal}),
        ("UNAUTHENTICATED", "INVALID_TOKEN", {**ok, "token": FORGED_TOKEN, "text": legal}),
        ("PERMISSION_DENIED", "WRONG_GAME_TOKEN", {**ok, "token": other.tokens[0], "text": legal}),
        ("PERMISSION_DENIED", "NOT_A_SEAT_TOKEN", {**ok, "token": game.host_token, "text": legal}),
        ("INVALID_ARGUMENT", "INVALID_GAME_ID", {**ok, "game_id": "../etc", "text": legal}),
        ("NOT_FOUND", "GAME_NOT_FOUND", {**ok, "game_id": "0" * 16, "text": legal}),
        (
            "INVALID_ARGUMENT",
            "INVALID_IDEMPOTENCY_KEY",
            {**ok, "idempotency_key": "", "text": legal},
        ),
        (
            "INVALID_ARGUMENT",
            "INVALID_IDEMPOTENCY_KEY",
            {**ok, "idempotency_key": "a b", "text": legal},
        ),
        ("INVALID_ARGUMENT", "INVALID_VERSION", {**ok, "expected_version": 0, "text": legal}),
        ("INVALID_ARGUMENT", "MALFORMED", {**ok}),  # no answer at all
        ("INVALID_ARGUMENT", "MALFORMED", {**ok, "structured": pb.Answer()}),
        ("INVALID_ARGUMENT", "MALFORMED", {**ok, "text": "fly to the moon"}),
        ("INVALID_ARGUMENT", "MALFORMED", {**ok, "text": "play 9"}),
        (
            "INVALID_ARGUMENT",
            "MALFORMED",
            {**ok, "structured": pb.Answer(play_card=pb.PlayCardAnswer(card="not-a-card"))},
        ),
        ("ABORTED", "STALE_VERSION", {**ok, "expected_version": v - 1, "text": legal}),
        # A version no reply ever named is an argument error, not a race to read again.
        ("INVALID_ARGUMENT", "VERSION_AHEAD", {**ok, "expected_version": v + 1, "text": legal}),
        ("INVALID_ARGUMENT", "VERSION_AHEAD", {**ok, "expected_version": 2**62, "text": legal}),
        ("FAILED_PRECONDITION", "CARD_NOT_IN_HAND", {**ok, "text": f"play {absent}"}),
        ("FAILED_PRECONDITION", "BAD_PAYMENT", {**ok, "text": "project power_plant s1"}),
        ("FAILED_PRECONDITION", "UNKNOWN_PROJECT", {**ok, "text": "project moon_base"}),
        ("FAILED_PRECONDITION", "WRONG_ANSWER_KIND", {**ok, "text": "amount 3"}),
        ("FAILED_PRECONDITION", "NOT_YOUR_DECISION", {**ok, "token": idle_token, "text": "pass"}),
    ]
    # A refusal about one thing names it in the ErrorInfo's metadata (errors.proto).
    about = {"CARD_NOT_IN_HAND": {"card": absent}, "UNKNOWN_PROJECT": {"project": "moon_base"}}
    for status, reason, fields in cases:
        error = refused(submit(client, **fields))
        assert (error.status, error.reason) == (status, reason), (fields, error)
        for name, value in about.get(reason, {}).items():
            assert error.metadata.get(name) == value, (reason, error.metadata)
        assert error.message  # every refusal says why
        assert _snapshot(rdb, gid) == before, fields

    # A refused key was not spent: the same key with a legal answer is applied.
    result = client.join(gid, token).act(legal, version=v, key="k1")
    assert result.version == v + 1 and not result.replayed


def test_answers_after_the_end_are_refused(client: OlympusClient, rdb: redis.Redis) -> None:
    game = client.create_game(players=1, seed=9)
    play_out(client, game.game_id, game.tokens, seed=9)
    me = client.join(game.game_id, game.tokens[0])
    v = me.decision().version
    before = _snapshot(rdb, game.game_id)
    error = refused(lambda: me.act("pass", version=v))
    assert (error.status, error.reason) == ("FAILED_PRECONDITION", "GAME_FINISHED")
    assert _snapshot(rdb, game.game_id) == before


def test_reading_refusals(client: OlympusClient, game: CreatedGame) -> None:
    gid = game.game_id
    other = client.create_game(players=2, seed=5)
    for call, status in [
        (lambda: client.join(gid, FORGED_TOKEN).view(), "UNAUTHENTICATED"),
        (lambda: client.join(gid, "short").decision(), "UNAUTHENTICATED"),
        (lambda: client.join(gid, other.tokens[1]).view(), "PERMISSION_DENIED"),
        (lambda: client.spectate("f" * 16).view(), "NOT_FOUND"),
        (lambda: client.spectate("nope").decision(), "INVALID_ARGUMENT"),
        (lambda: client.game_log(gid, FORGED_TOKEN), "UNAUTHENTICATED"),
        (lambda: client.game_log(gid, other.host_token), "PERMISSION_DENIED"),
        (lambda: client.list_games(page_token="garbage"), "INVALID_ARGUMENT"),
        (lambda: client.list_games(page_size=501), "INVALID_ARGUMENT"),
        (lambda: next(iter(client.join(gid, FORGED_TOKEN).watch())), "UNAUTHENTICATED"),
        (lambda: next(iter(client.spectate(gid).watch(from_version=-1))), "INVALID_ARGUMENT"),
    ]:
        assert refused(call).status == status
    # The log of a running game is public facts only, for the host as for anyone: no seed.
    for token in (game.host_token, game.tokens[0], ""):
        log = client.game_log(gid, token)
        assert log["status"] == "active" and "seed" not in log["options"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 6},
        {"players": 0},
        {"players": 2, "map": "venus"},
        {"players": 1, "corporate_era": False},
        {"players": 2, "solo_tr63": True},
        {"players": 2, "bots": {1: "grandmaster"}},
        {"players": 2, "seed": 2**63},
    ],
)
def test_create_refuses_bad_options(client: OlympusClient, kwargs: dict[str, Any]) -> None:
    total = len(client.list_games(page_size=500)[0])
    assert refused(lambda: client.create_game(**kwargs)).status == "INVALID_ARGUMENT"
    assert len(client.list_games(page_size=500)[0]) == total


@pytest.mark.parametrize(
    ("call", "field"),
    [
        ("ListGames", "page_size"),
        ("ListGames", "page_token"),
        ("SubmitAction", "expected_version"),
        ("SubmitAction", "idempotency_key"),
        ("SubmitAction", "game_id"),
        ("WatchGame", "heartbeat_seconds"),
        ("WatchGame", "from_version"),
    ],
)
def test_an_argument_error_names_its_field(
    client: OlympusClient, game: CreatedGame, call: str, field: str
) -> None:
    """INVALID_ARGUMENT carries a google.rpc.BadRequest naming the request field at fault."""
    good = {"game_id": game.game_id, "token": game.tokens[0]}
    bad: dict[str, Any] = {
        "page_size": {"page_size": 9999},
        "page_token": {"page_token": "nonsense"},
        "expected_version": {**good, "expected_version": 0, "idempotency_key": "k", "text": "pass"},
        "idempotency_key": {**good, "expected_version": 2, "idempotency_key": "", "text": "pass"},
        "game_id": {**good, "game_id": "../x", "expected_version": 2, "idempotency_key": "k"},
        "heartbeat_seconds": {**good, "heartbeat_seconds": 999},
        "from_version": {**good, "from_version": -1},
    }[field]
    method = getattr(client.stub, call)
    request = {
        "ListGames": pb.ListGamesRequest,
        "SubmitAction": pb.SubmitActionRequest,
        "WatchGame": pb.WatchGameRequest,
    }[call](**bad)
    with pytest.raises(grpc.RpcError) as caught:
        reply = method(request, timeout=10)
        if call == "WatchGame":
            next(reply)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    (violation,) = field_violations(caught.value)
    assert violation[0] == field and violation[1] == caught.value.details()
