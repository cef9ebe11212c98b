"""CreateGame with a request_id: the same request makes one game however often it is sent,
with the caller's tokens; another request under the same id, or tokens that break the rules,
are refused and create nothing."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

import pytest
import redis

from olympus.client import GameServiceError, OlympusClient, SeatHandle
from olympus.gamestate.store import game_key, index_key
from olympus.v1 import game_pb2 as pb
from services import create_account


def token() -> str:
    return secrets.token_urlsafe(32)


def request(rid: str, tokens: list[str | None], **fields: Any) -> pb.CreateGameRequest:
    """A game of one seat per token: a human seat with it, or a bot seat for None."""
    seats = [
        pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, token=t, name=f"p{i}")
        if t is not None
        else pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot="random")
        for i, t in enumerate(tokens)
    ]
    return pb.CreateGameRequest(
        options=pb.GameOptions(players=len(tokens)), seats=seats, request_id=rid, **fields
    )


def create(
    client: OlympusClient, req: pb.CreateGameRequest, key: str = ""
) -> pb.CreateGameResponse:
    metadata = (("authorization", f"Bearer {key}"),) if key else ()
    reply: pb.CreateGameResponse = client.stub.CreateGame(req, timeout=10, metadata=metadata)
    return reply


def derived(creator: str, rid: str) -> str:
    return hashlib.sha256(f"{creator}\n{rid}".encode()).hexdigest()[:16]


def games_listed(rdb: redis.Redis, game_id: str) -> int:
    return sum(1 for m in rdb.zrange(index_key("all"), 0, -1) if m.decode().endswith(":" + game_id))


def refused(call: Callable[[], object]) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()
    return info.value


def sdk_create(client: OlympusClient, req: pb.CreateGameRequest) -> Callable[[], object]:
    return lambda: client.call(client.stub.CreateGame, req, retry_on=frozenset())


def test_the_same_request_twice_makes_one_game_with_the_callers_tokens(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    rid = "match:" + secrets.token_hex(8)
    mine = [token(), None, token()]
    req = request(rid, mine)
    first = create(client, req)
    again = create(client, req)
    assert first.game_id == again.game_id == derived("", rid)
    assert games_listed(rdb, first.game_id) == 1
    for reply in (first, again):
        assert [s.token for s in reply.seats] == [mine[0], "", mine[2]]
        assert [s.kind for s in reply.seats] == [
            pb.SEAT_KIND_HUMAN,
            pb.SEAT_KIND_BOT,
            pb.SEAT_KIND_HUMAN,
        ]
    # A host token made by the service is given once: the repeat has none to give.
    assert len(first.host_token) == 43 and again.host_token == ""
    assert client.whoami(first.host_token)["role"] == "host"
    for seat in (0, 2):
        who = client.whoami(mine[seat])  # type: ignore[arg-type]
        assert (who["game_id"], who["seat"]) == (first.game_id, seat)
    # The game moves on (the bot seat's setup): a repeat answers its version now. Read once
    # the bot has made its move, after which only the humans' answers can change it.
    handle = client.join(first.game_id, mine[0])  # type: ignore[arg-type]
    version = version_once_seat_answered(client, handle, 1)
    assert create(client, req).version == version


def version_once_seat_answered(client: OlympusClient, handle: SeatHandle, seat: int) -> int:
    """The game's version once `seat` no longer has a decision to make, waited for on the
    game's event stream (a bot answers on the workers, whenever they get to it)."""
    state = handle.decision()
    if seat not in state.waiting_for:
        return state.version
    request = pb.WatchGameRequest(
        game_id=handle.game_id, token=handle.token, from_version=state.version
    )
    for _event in client.stub.WatchGame(request, timeout=120, metadata=client.metadata):
        state = handle.decision()
        if seat not in state.waiting_for:
            return state.version
    raise AssertionError(f"the game ended with seat {seat} still to answer")


def test_a_chosen_host_token_is_given_back_on_every_repeat(client: OlympusClient) -> None:
    host = token()
    req = request("with-host." + secrets.token_hex(4), [token(), token()], host_token=host)
    first, again = create(client, req), create(client, req)
    assert first.host_token == again.host_token == host
    assert client.whoami(host) == {
        "game_id": first.game_id,
        "role": "host",
        "seat": None,
        "resigned": False,
    }


def test_another_request_under_the_same_id_is_refused(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    rid = secrets.token_hex(8)
    first = create(client, request(rid, [token(), token()]))
    before = rdb.hgetall(game_key(first.game_id, "game"))
    # Other tokens (or anything else: a name, an option) make another request.
    err = refused(sdk_create(client, request(rid, [token(), token()])))
    assert (err.status, err.reason) == ("ALREADY_EXISTS", "REQUEST_ID_REUSED")
    assert err.metadata == {"game_id": first.game_id}
    assert rdb.hgetall(game_key(first.game_id, "game")) == before
    assert games_listed(rdb, first.game_id) == 1


def test_the_request_id_is_the_creators_own(
    client: OlympusClient, rdb: redis.Redis, redis_url: str
) -> None:
    key = create_account(redis_url, "idem-" + secrets.token_hex(4), "create_games")["key"]
    rid = secrets.token_hex(8)
    anonymous = create(client, request(rid, [token()]))
    keyed = create(client, request(rid, [token()]), key=key)
    assert anonymous.game_id != keyed.game_id
    assert games_listed(rdb, keyed.game_id) == 1


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("no token on a human seat", "INVALID_CHOSEN_TOKEN"),
        ("malformed token", "INVALID_CHOSEN_TOKEN"),
        ("the same token twice", "INVALID_CHOSEN_TOKEN"),
        ("host token equal to a seat's", "INVALID_CHOSEN_TOKEN"),
        ("token on a bot seat", "INVALID_CHOSEN_TOKEN"),
        ("no seats given", "INVALID_CHOSEN_TOKEN"),
        ("tokens without request id", "INVALID_CHOSEN_TOKEN"),
        ("malformed request id", "INVALID_REQUEST_ID"),
        ("request id too long", "INVALID_REQUEST_ID"),
    ],
)
def test_bad_chosen_tokens_or_request_ids_are_refused_and_create_nothing(
    client: OlympusClient, rdb: redis.Redis, case: str, reason: str
) -> None:
    rid = secrets.token_hex(8)
    t = token()
    req = {
        "no token on a human seat": request(rid, [token(), ""]),
        "malformed token": request(rid, [token(), t[:-1] + "!"]),
        "the same token twice": request(rid, [t, t]),
        "host token equal to a seat's": request(rid, [t, token()], host_token=t),
        "token on a bot seat": request(rid, [token(), None]),
        "no seats given": pb.CreateGameRequest(options=pb.GameOptions(players=2), request_id=rid),
        "tokens without request id": request("", [token(), token()]),
        "malformed request id": request("a b", [token(), token()]),
        "request id too long": request("x" * 65, [token(), token()]),
    }[case]
    if case == "token on a bot seat":
        req.seats[1].token = token()
    total = rdb.zcard(index_key("all"))
    err = refused(sdk_create(client, req))
    assert (err.status, err.reason) == ("INVALID_ARGUMENT", reason), err
    assert not rdb.exists(game_key(derived("", rid), "game"))
    assert rdb.zcard(index_key("all")) == total


def test_a_token_of_another_game_is_refused_and_creates_nothing(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    taken = client.create_game(players=1).tokens[0]
    rid = secrets.token_hex(8)
    total = rdb.zcard(index_key("all"))
    for req in (
        request(rid, [token(), taken]),
        request(rid, [token(), token()], host_token=taken),
    ):
        err = refused(sdk_create(client, req))
        assert (err.status, err.reason) == ("ALREADY_EXISTS", "TOKEN_IN_USE")
    assert not rdb.exists(game_key(derived("", rid), "game"))
    assert rdb.zcard(index_key("all")) == total


def test_the_sdk_sends_a_request_id_again_and_gets_the_same_game(
    client: OlympusClient, rdb: redis.Redis
) -> None:
    rid = "sdk." + secrets.token_hex(6)
    seat0, host = token(), token()
    made = [
        client.create_game(
            players=2, seed=5, bots=[1], request_id=rid, seat_tokens={0: seat0}, host_token=host
        )
        for _ in range(2)
    ]
    assert made[0].game_id == made[1].game_id == derived("", rid)
    assert made[0].tokens == made[1].tokens == {0: seat0}
    assert made[0].host_token == made[1].host_token == host
    assert made[1].bots == (1,)
    assert games_listed(rdb, made[0].game_id) == 1


def test_the_sdk_makes_the_tokens_of_a_request_id_when_not_given(client: OlympusClient) -> None:
    rid = "sdk." + secrets.token_hex(6)
    made = client.create_game(players=2, request_id=rid)
    assert sorted(made.tokens) == [0, 1] and all(len(t) == 43 for t in made.tokens.values())
    assert client.whoami(made.tokens[1])["seat"] == 1
    # Sent again without its tokens it carries new ones: another request under the same id.
    again = refused(lambda: client.create_game(players=2, request_id=rid))
    assert (again.status, again.reason) == ("ALREADY_EXISTS", "REQUEST_ID_REUSED")


def test_the_sdk_refuses_chosen_tokens_without_a_request_id(client: OlympusClient) -> None:
    with pytest.raises(ValueError, match="request_id"):
        client.create_game(players=2, seat_tokens={0: token(), 1: token()})
