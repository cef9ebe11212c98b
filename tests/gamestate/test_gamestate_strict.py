"""Through gRPC: ids, keys, tokens, page tokens, answers and seat names in their exact form.

A game id, idempotency key or token with a final newline, a number in another script's digits,
`+45` or `4_5`: each is refused (INVALID_ARGUMENT, or UNAUTHENTICATED for a token) and the game
in Redis is exactly as it was. Seat names refuse control and text-direction characters.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
import redis

from olympus.client import GameServiceError, OlympusClient
from olympus.client.sdk import CreatedGame, answer_request
from olympus.gamestate.store import game_key
from olympus.v1 import game_pb2 as pb

LEGAL = "project power_plant"


@pytest.fixture
def game(client: OlympusClient) -> CreatedGame:
    """Two Beginner seats in the first action phase (no setup answer needed), at version 1."""
    return client.create_game(players=2, seed=3, beginner=[0, 1])


def snapshot(r: redis.Redis, game_id: str) -> tuple[Any, ...]:
    return (
        r.hget(game_key(game_id, "game"), "version"),
        r.get(game_key(game_id, "state")),
        r.lrange(game_key(game_id, "log"), 0, -1),
        r.xlen(game_key(game_id, "events")),
    )


def refused(call: Callable[[], object]) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        call()
    return info.value


def submit(client: OlympusClient, **fields: Any) -> Callable[[], object]:
    return lambda: client.call(
        client.stub.SubmitAction, pb.SubmitActionRequest(**fields), retry_on=frozenset()
    )


def _ok(client: OlympusClient, game: CreatedGame) -> dict[str, Any]:
    seat = client.spectate(game.game_id).decision().waiting_for[0]
    return {
        "game_id": game.game_id,
        "token": game.tokens[seat],
        "expected_version": 1,
        "idempotency_key": "key-1",
        "text": LEGAL,
    }


def test_respelled_ids_keys_and_answers_are_refused_and_change_nothing(
    client: OlympusClient, game: CreatedGame, rdb: redis.Redis
) -> None:
    ok = _ok(client, game)
    gid, token = ok["game_id"], ok["token"]
    before = snapshot(rdb, gid)
    invalid = "INVALID_ARGUMENT"
    cases: list[tuple[str, str, dict[str, Any]]] = [
        (invalid, "INVALID_GAME_ID", {**ok, "game_id": gid + "\n"}),
        (invalid, "INVALID_GAME_ID", {**ok, "game_id": " " + gid}),
        (invalid, "INVALID_GAME_ID", {**ok, "game_id": gid.upper()}),
        (invalid, "INVALID_IDEMPOTENCY_KEY", {**ok, "idempotency_key": "key-1\n"}),
        (invalid, "INVALID_IDEMPOTENCY_KEY", {**ok, "idempotency_key": "ключ"}),
        (invalid, "INVALID_IDEMPOTENCY_KEY", {**ok, "idempotency_key": "k" * 129}),
        ("UNAUTHENTICATED", "INVALID_TOKEN", {**ok, "token": token + "\n"}),
        ("UNAUTHENTICATED", "INVALID_TOKEN", {**ok, "token": " " + token}),
        (invalid, "MALFORMED", {**ok, "text": LEGAL + "\n"}),
        (invalid, "MALFORMED", {**ok, "text": " " + LEGAL}),
        (invalid, "MALFORMED", {**ok, "text": "project  power_plant"}),
        (invalid, "MALFORMED", {**ok, "text": "PROJECT power_plant"}),
        (invalid, "MALFORMED", {**ok, "text": "project power_plant s٠"}),
        (invalid, "MALFORMED", {**ok, "text": "project power_plant s+0"}),
        (invalid, "MALFORMED", {**ok, "text": "project power_plant s0_0"}),
        (invalid, "MALFORMED", {**ok, "text": "play ٠٠٩"}),
        (invalid, "MALFORMED", {**ok, "text": "space ٤٥"}),
        (invalid, "MALFORMED", {**ok, "text": "space +45"}),
        (invalid, "MALFORMED", {**ok, "text": "space 4_5"}),
        (invalid, "MALFORMED", {**ok, "text": "space 45\n"}),
        (invalid, "MALFORMED", {**ok, "text": "x" * 1500}),
    ]
    structured: list[pb.Answer] = [
        pb.Answer(play_card=pb.PlayCardAnswer(card="009\n")),
        pb.Answer(play_card=pb.PlayCardAnswer(card="٠٠٩")),
        pb.Answer(play_card=pb.PlayCardAnswer(card="9")),
        pb.Answer(card_action=pb.CardActionAnswer(card="R٠2")),
        pb.Answer(cards=pb.CardsAnswer(cards=["012", " 034"])),
        pb.Answer(setup=pb.SetupAnswer(corporation="R00\n")),
        pb.Answer(space=-1),
        pb.Answer(amount=-3),
        pb.Answer(option=2**31 - 1),
        pb.Answer(player=pb.PlayerTarget(seat=-2)),
    ]
    no_text = {k: v for k, v in ok.items() if k != "text"}
    cases += [(invalid, "MALFORMED", {**no_text, "structured": s}) for s in structured]
    undefined = pb.StandardProjectAnswer(project=77)  # type: ignore[arg-type]
    cases.append(
        (invalid, "INVALID_ENUM", {**no_text, "structured": pb.Answer(standard_project=undefined)})
    )
    for status, reason, fields in cases:
        error = refused(submit(client, **fields))
        assert (error.status, error.reason) == (status, reason), (fields, error)
        assert snapshot(rdb, gid) == before, fields
    assert "malformed" in refused(submit(client, **{**ok, "token": token + "\n"})).message

    # Reading calls are as strict about the id and the token.
    for call in (
        lambda: client.spectate(gid + "\n").view(),
        lambda: client.spectate(gid + "\n").decision(),
        lambda: client.game_log(gid + "\n"),
    ):
        assert refused(call).reason == "INVALID_GAME_ID"
    assert refused(lambda: client.join(gid, token + "\n").view()).reason == "INVALID_TOKEN"

    # The exact forms still work, with the same key (a refused key was not spent).
    result = client.join(gid, token).act(LEGAL, version=1, key="key-1")
    assert result.version == 2 and not result.replayed


def test_a_page_token_is_taken_only_as_issued(client: OlympusClient) -> None:
    for _ in range(3):
        client.create_game(players=1, seed=1)
    _, token = client.list_games(page_size=2)
    assert token
    assert len(client.list_games(page_size=2, page_token=token)[0]) >= 1
    digits = token.split(":", 1)[0]
    for bad in (
        token + "\n",
        " " + token,
        digits.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")) + token[len(digits) :],
    ):
        error = refused(lambda bad=bad: client.list_games(page_size=2, page_token=bad))
        assert (error.status, error.reason) == ("INVALID_ARGUMENT", "INVALID_PAGE_TOKEN")


@pytest.mark.parametrize(
    "name",
    [
        "evil\u202etxt.exe",  # right-to-left override
        "a\u202ab",  # left-to-right embedding
        "a\u2066b\u2069",  # isolates
        "a\u200fb",  # right-to-left mark
        "a\u200eb",  # left-to-right mark
        "a\u061cb",  # Arabic letter mark
        "two\nlines",
        "tab\there",
        "\x1b[31mred",  # a terminal escape
        "nul\x00",
        "del\x7f",
        "c1\x85",
        "line\u2028sep",
    ],
    ids=repr,
)
def test_a_seat_name_with_control_or_direction_characters_is_refused(
    client: OlympusClient, name: str
) -> None:
    total = len(client.list_games(page_size=500)[0])
    error = refused(lambda: client.create_game(players=2, names={1: name}))
    assert (error.status, error.reason) == ("INVALID_ARGUMENT", "INVALID_NAME")
    assert len(client.list_games(page_size=500)[0]) == total


def test_names_in_any_script_are_welcome(client: OlympusClient) -> None:
    names = {0: "Zoë 🚀", 1: "المريخ", 2: "火星 colony", 3: "👩‍🚀 crew"}  # ZWJ emoji allowed
    game = client.create_game(players=4, names=names)
    seats = client.spectate(game.game_id).view()
    assert seats["players"][0]["seat"] == 0
    listed = {g["game_id"]: g for g in client.list_games(page_size=500)[0]}[game.game_id]
    assert [s["name"] for s in listed["seats"]] == [names[i] for i in range(4)]


@pytest.mark.parametrize(
    "answer",
    [
        {"type": "space", "space": "٤٥"},
        {"type": "space", "space": "45"},
        {"type": "amount", "amount": 3.0},
        {"type": "option", "index": True},
        {"type": "play_card", "card": "009", "payment": {"steel": "١"}},
        {"type": "player", "seat": "1"},
    ],
    ids=repr,
)
def test_the_sdk_does_not_convert_strings_to_numbers(answer: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        answer_request(answer)


def test_a_huge_player_count_is_refused_before_any_seat_is_built() -> None:
    """players = 2**32 - 1 once made the service build four billion default seats (the fuzz
    run found it: the process grew by gigabytes until the kernel killed it). Checked in a
    process capped at 1 GB of memory, so that a regression fails instead of eating the host."""
    code = """
import resource
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from olympus.gamestate.creating import options_from_request
from olympus.platform.errors import InvalidArgument
from olympus.v1 import game_pb2 as pb
try:
    options_from_request(pb.CreateGameRequest(options=pb.GameOptions(players=2**32 - 1)))
except InvalidArgument as exc:
    print(exc.reason)
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "INVALID_OPTIONS", run.stderr[-500:]
