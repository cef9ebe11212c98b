"""What a third-party client relies on in API v1: simultaneous answers without churn, enums
that refuse undefined values, card names, resigning, WhoAmI, the version after creation and
seeds that are marked when chosen."""

from __future__ import annotations

import itertools
import random
import threading
from typing import Any

import grpc
import pytest
from gamestate_players import pick, wait_until_waiting_for

from olympus.api.answers import answer_to_proto
from olympus.client import GameServiceError, OlympusClient
from olympus.engine.cards.catalogue import by_number
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as pb


def _submit(client: OlympusClient, **fields: Any) -> pb.SubmitActionResponse:
    """One raw SubmitAction, no SDK retry or rebase: what a plain gRPC client sees."""
    reply: pb.SubmitActionResponse = client.stub.SubmitAction(
        pb.SubmitActionRequest(**fields), timeout=20
    )
    return reply


def _seat_loop(
    client: OlympusClient,
    game_id: str,
    token: str,
    seed: int,
    until_generation: int,
    outcome: dict[str, int],
    lock: threading.Lock,
) -> None:
    """Answer this seat's decisions as soon as it has one, at the version it read."""
    me = client.join(game_id, token)
    rnd = random.Random(seed)
    key = 0
    while True:
        state = me.decision()
        if state.status != "active" or state.generation >= until_generation:
            return
        if not state.your_turn or state.decision is None:
            continue
        answer = pick(state.decision, rnd)
        key += 1
        try:
            _submit(
                client,
                game_id=game_id,
                token=token,
                expected_version=state.version,
                idempotency_key=f"k{seed}-{key}",
                structured=_structured(answer),
            )
            with lock:
                outcome["accepted"] += 1
        except grpc.RpcError as exc:
            with lock:
                outcome["refused"] += 1
                outcome[f"refused_{error_details(exc)[0]}"] = (
                    outcome.get(f"refused_{error_details(exc)[0]}", 0) + 1
                )


def _structured(answer: dict[str, Any]) -> pb.Answer:
    return answer_to_proto(answer)


@pytest.mark.parametrize("players", [3, 5])
def test_simultaneous_phases_refuse_nothing(client: OlympusClient, players: int) -> None:
    """Every seat answers the moment it reads its decision, at the version it read: in setup,
    research and draft the others' answers move the version, yet none is refused."""
    game = client.create_game(players=players, seed=300 + players, draft=True)
    outcome = {"accepted": 0, "refused": 0}
    lock = threading.Lock()
    threads = [
        threading.Thread(
            target=_seat_loop,
            args=(client, game.game_id, token, 1000 + seat, 3, outcome, lock),
        )
        for seat, token in game.tokens.items()
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    state = client.spectate(game.game_id).decision()
    assert state.generation >= 3  # setup, two research-and-draft rounds, the action phases
    # 5 seats: setup 5 + (draft picks 4x5 + research 5) per generation from the second on.
    assert outcome["accepted"] > 3 * players, outcome
    print(f"\n{players} seats, draft, every seat answering at once: {outcome}")
    assert outcome["refused"] == 0, outcome


def test_an_answer_whose_decision_changed_is_still_stale(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=41, beginner=[0, 1])
    state = client.spectate(game.game_id).decision()
    first = state.waiting_for[0]
    me = client.join(game.game_id, game.tokens[first])
    me.act("project power_plant", version=state.version)
    # The first player's decision changed (one action taken): the old version is stale.
    with pytest.raises(GameServiceError) as info:
        _act_raw(client, game.game_id, game.tokens[first], state.version, "k-stale", "pass")
    assert info.value.status == "ABORTED" and info.value.reason == "STALE_VERSION"
    assert int(info.value.metadata["current_version"]) == state.version + 1


def _act_raw(
    client: OlympusClient, game_id: str, token: str, version: int, key: str, text: str
) -> pb.SubmitActionResponse:
    reply: pb.SubmitActionResponse = client.call(
        client.stub.SubmitAction,
        pb.SubmitActionRequest(
            game_id=game_id, token=token, expected_version=version, idempotency_key=key, text=text
        ),
        retry_on=frozenset(),
    )
    return reply


def test_undefined_enum_values_are_refused(client: OlympusClient) -> None:
    bad_seat = pb.CreateGameRequest(
        options=pb.GameOptions(players=2), seats=[pb.SeatSpec(kind=7), pb.SeatSpec()]
    )
    with pytest.raises(GameServiceError) as info:
        client.call(client.stub.CreateGame, bad_seat, retry_on=frozenset())
    assert (info.value.status, info.value.reason) == ("INVALID_ARGUMENT", "INVALID_ENUM")

    game = client.create_game(players=2, seed=42, beginner=[0, 1])
    state = client.spectate(game.game_id).decision()
    token = game.tokens[state.waiting_for[0]]
    answer = pb.Answer(standard_project=pb.StandardProjectAnswer(project=99))  # type: ignore[arg-type]
    with pytest.raises(GameServiceError) as info:
        client.call(
            client.stub.SubmitAction,
            pb.SubmitActionRequest(
                game_id=game.game_id,
                token=token,
                expected_version=state.version,
                idempotency_key="enum",
                structured=answer,
            ),
            retry_on=frozenset(),
        )
    assert info.value.reason == "INVALID_ENUM"
    assert client.spectate(game.game_id).decision().version == state.version
    # The enum form of the same kind of answer is accepted.
    ok = pb.Answer(
        standard_project=pb.StandardProjectAnswer(project=pb.STANDARD_PROJECT_POWER_PLANT)
    )
    reply = client.call(
        client.stub.SubmitAction,
        pb.SubmitActionRequest(
            game_id=game.game_id,
            token=token,
            expected_version=state.version,
            idempotency_key="enum-ok",
            structured=ok,
        ),
        retry_on=frozenset(),
    )
    assert reply.answer == "project power_plant"
    assert reply.event.answer.type == pb.ANSWER_KIND_STANDARD_PROJECT
    assert reply.event.phase == pb.PHASE_ACTION and reply.event.kind == pb.EVENT_KIND_ANSWER


def test_cards_come_with_their_names(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=43)
    token = game.tokens[0]
    view = client.stub.GetGame(pb.GetGameRequest(game_id=game.game_id, token=token)).game
    assert view.phase == pb.PHASE_SETUP
    own = view.players[0].own
    refs = [*own.dealt, *own.dealt_corporations]
    assert refs and all(r.name == by_number()[r.number].name for r in refs)
    decision = client.stub.GetDecision(
        pb.GetDecisionRequest(game_id=game.game_id, token=token)
    ).decision
    assert decision.kind == pb.DECISION_KIND_SETUP
    offered = [c.card for c in decision.setup.corporations] + list(decision.setup.cards)
    assert all(r.name and r.name == by_number()[r.number].name for r in offered)


def test_creation_is_version_1_and_the_bots_answer_after_it(client: OlympusClient) -> None:
    game = client.create_game(players=3, seed=44, bots=[1, 2])
    assert game.version == 1  # the workers play the bot seats once CreateGame has returned
    # Both bots choose their setup without anyone asking: the game then waits for seat 0 only.
    state = wait_until_waiting_for(client.spectate(game.game_id), {0})
    assert (state.version, state.waiting_for, state.phase) == (3, [0], "setup")
    events = list(itertools.islice(client.spectate(game.game_id).watch(from_version=0), 3))
    assert [(e["version"], e["kind"]) for e in events] == [
        (1, "created"),
        (2, "answer"),
        (3, "answer"),
    ]
    assert {e["seat"] for e in events[1:]} == {1, 2} and all(e["bot"] for e in events[1:])
    answers = client.game_log(game.game_id)["answers"]
    assert [(a["version"], a["bot"]) for a in answers] == [(2, True), (3, True)]
    alone = client.create_game(players=2, seed=45)
    assert alone.version == 1


def test_a_chosen_seed_is_marked_everywhere(client: OlympusClient) -> None:
    chosen = client.create_game(players=2, seed=46)
    secret = client.create_game(players=2)
    for game, marked in ((chosen, True), (secret, False)):
        view = client.spectate(game.game_id).view()
        assert view["settings"]["seed_chosen"] is marked
        assert "seed" not in view["settings"]["options"]
        assert client.game_log(game.game_id)["seed_chosen"] is marked
    listed = {g["game_id"]: g for g in client.list_games(page_size=500)[0]}
    assert listed[chosen.game_id]["seed_chosen"] and not listed[secret.game_id]["seed_chosen"]


def test_whoami(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=47)
    seat = client.stub.WhoAmI(pb.WhoAmIRequest(token=game.tokens[1]))
    assert (seat.game_id, seat.role, seat.seat) == (game.game_id, pb.TOKEN_ROLE_SEAT, 1)
    host = client.stub.WhoAmI(pb.WhoAmIRequest(token=game.host_token))
    assert (host.game_id, host.role, host.HasField("seat")) == (
        game.game_id,
        pb.TOKEN_ROLE_HOST,
        False,
    )
    for token, reason in (
        ("", "TOKEN_REQUIRED"),
        ("x", "INVALID_TOKEN"),
        ("A" * 43, "INVALID_TOKEN"),
    ):
        with pytest.raises(GameServiceError) as info:
            client.call(client.stub.WhoAmI, pb.WhoAmIRequest(token=token), retry_on=frozenset())
        assert (info.value.status, info.value.reason) == ("UNAUTHENTICATED", reason)


def test_a_resigned_seat_is_played_out_by_the_table(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=48)
    gid = game.game_id
    done = client.stub.Resign(pb.ResignRequest(game_id=gid, token=game.tokens[1]))
    again = client.stub.Resign(pb.ResignRequest(game_id=gid, token=game.tokens[1]))
    assert (again.version, again.replayed, done.replayed) == (done.version, True, False)
    who = client.stub.WhoAmI(pb.WhoAmIRequest(token=game.tokens[1]))
    assert who.resigned

    # The table (the workers) answers seat 1's setup; seat 0 still waits for its own answer.
    state = wait_until_waiting_for(client.spectate(gid), {0})
    assert state.waiting_for == [0] and state.version == done.version + 1
    settings = client.spectate(gid).view()["settings"]
    assert [s["resigned"] for s in settings["seats"]] == [False, True]
    assert settings["seats"][1]["kind"] == "bot"

    with pytest.raises(GameServiceError) as info:
        client.join(gid, game.tokens[1]).act("pass", version=state.version)
    assert (info.value.status, info.value.reason) in {
        ("FAILED_PRECONDITION", "SEAT_RESIGNED"),
        ("FAILED_PRECONDITION", "NOT_YOUR_DECISION"),
    }
    with pytest.raises(GameServiceError) as info:
        client.call(
            client.stub.Resign,
            pb.ResignRequest(game_id=gid, token=game.host_token),
            retry_on=frozenset(),
        )
    assert info.value.reason == "NOT_A_SEAT_TOKEN"

    events = []
    for event in client.spectate(gid).watch(from_version=0):
        events.append(event)
        if event["version"] >= state.version:
            break
    kinds = [e["kind"] for e in events]
    assert kinds[:3] == ["created", "resigned", "answer"] and events[1]["seat"] == 1

    # Seat 0 plays to the end alone; the table plays seat 1 throughout.
    me = client.join(gid, game.tokens[0])
    rnd = random.Random(48)
    for _ in range(3000):
        state = wait_until_waiting_for(me, {0})  # while the table plays seat 1
        if state.status != "active":
            break
        assert state.your_turn and state.decision is not None
        me.act(pick(state.decision, rnd), version=state.version)
    log = client.game_log(gid)
    assert log["status"] == "finished" and "seed" in log["options"]
    assert next(a["text"] for a in log["answers"] if a["seat"] == 1) == "resign"
    assert all(a["bot"] for a in log["answers"] if a["seat"] == 1 and a["text"] != "resign")


def test_times_go_out_as_timestamps_beside_their_ms(client: OlympusClient) -> None:
    """Every time the game service sends has its google.protobuf.Timestamp `*_time` beside the
    deprecated unix-ms field, with the same value (docs/api-compatibility.md)."""
    game = client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=9)), timeout=10
    )
    token = game.seats[0].token
    view = client.stub.GetGame(pb.GetGameRequest(game_id=game.game_id), timeout=10).game
    assert view.create_time.ToMilliseconds() == view.created_at_ms > 0
    stream = client.stub.WatchGame(
        pb.WatchGameRequest(game_id=game.game_id, token=token), timeout=20
    )
    created = next(stream)
    stream.cancel()
    assert created.event_time.ToMilliseconds() == created.time_ms > 0
    state = client.stub.GetDecision(
        pb.GetDecisionRequest(game_id=game.game_id, token=token), timeout=10
    )
    corporation = state.decision.setup.corporations[0].card.number
    reply = client.stub.SubmitAction(
        pb.SubmitActionRequest(
            game_id=game.game_id,
            token=token,
            expected_version=state.version,
            idempotency_key="times",
            text=f"setup {corporation} -",
        ),
        timeout=10,
    )
    assert reply.event.event_time.ToMilliseconds() == reply.event.time_ms > 0
    listed = client.stub.ListGames(pb.ListGamesRequest(status=pb.GAME_STATUS_ACTIVE), timeout=10)
    for summary in listed.games:
        assert summary.create_time.ToMilliseconds() == summary.created_at_ms
        assert summary.update_time.ToMilliseconds() == summary.updated_at_ms
