"""One stream per seat is enough to play: WatchGame's events carry the watching seat's
decision (GameEvent.seat_decision) on the newest event after which it must decide, and each
SubmitAction's reply carries the seat's decision right after the answer (next_decision).
Neither ever tells another seat's decision, nor a spectator anything new."""

from __future__ import annotations

import sys
from pathlib import Path

import grpc

from olympus.client import OlympusClient
from olympus.v1 import game_pb2 as pb

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ladder"))

from external_bot import answer_for, submit


def _decision(client: OlympusClient, game_id: str, token: str) -> pb.GetDecisionResponse:
    return client.stub.GetDecision(pb.GetDecisionRequest(game_id=game_id, token=token), timeout=10)


def _same(a: pb.GetDecisionResponse, b: pb.GetDecisionResponse) -> bool:
    """The same decision at the same version (clocks and live scores aside)."""
    keys = ("version", "status", "seat", "your_turn", "decision", "waiting_for", "undoable")
    return all(getattr(a, k) == getattr(b, k) for k in keys)


def _events_until(
    client: OlympusClient, game_id: str, token: str, version: int
) -> list[pb.GameEvent]:
    """A WatchGame stream's events from the start up to `version` (then the stream is left)."""
    request = pb.WatchGameRequest(game_id=game_id, token=token)
    out = []
    stream = client.stub.WatchGame(request, timeout=20)
    for event in stream:
        out.append(event)
        if event.version >= version:
            break
    stream.cancel()
    return out


def test_the_reply_carries_the_seats_next_decision(client: OlympusClient) -> None:
    game = client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=41)), timeout=10
    )
    tokens = {s.seat: s.token for s in game.seats}
    answered = 0
    while answered < 40:
        for seat, token in tokens.items():
            state = _decision(client, game.game_id, token)
            if not state.your_turn:
                continue
            reply = client.stub.SubmitAction(submit(game.game_id, token, state), timeout=10)
            answered += 1
            # Nobody else moves this table: the reply's decision is GetDecision's, now.
            after = _decision(client, game.game_id, token)
            assert reply.next_decision.version == reply.version == after.version
            assert _same(reply.next_decision, after)
            assert reply.next_decision.seat == seat
            assert not reply.event.HasField("seat_decision")  # the public event stays public
    # A replayed answer's reply tells the decision as it is now.
    state = _decision(client, game.game_id, tokens[0])
    if state.your_turn:
        request = pb.SubmitActionRequest(
            game_id=game.game_id,
            token=tokens[0],
            expected_version=state.version,
            idempotency_key="twice",
            text=answer_for(state.decision),
        )
        first = client.stub.SubmitAction(request, timeout=10)
        again = client.stub.SubmitAction(request, timeout=10)
        assert again.replayed and again.version == first.version
        assert _same(again.next_decision, _decision(client, game.game_id, tokens[0]))


def test_only_the_newest_event_carries_the_decision_and_only_to_its_seat(
    client: OlympusClient,
) -> None:
    game = client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=42)), timeout=10
    )
    tokens = {s.seat: s.token for s in game.seats}
    # A few answers in, so that the stream has older events to replay.
    for _ in range(6):
        for token in tokens.values():
            state = _decision(client, game.game_id, token)
            if state.your_turn:
                client.stub.SubmitAction(submit(game.game_id, token, state), timeout=10)
    now = _decision(client, game.game_id, "").version
    for seat, token in tokens.items():
        events = _events_until(client, game.game_id, token, now)
        assert events[-1].version == now
        carried = [e for e in events if e.HasField("seat_decision")]
        state = _decision(client, game.game_id, token)
        if state.your_turn:
            assert [e.version for e in carried] == [now]  # the newest only, never the replayed
            assert _same(carried[0].seat_decision, state)
            assert carried[0].seat_decision.seat == seat  # its own seat's, never another's
        else:
            assert carried == []
    spectator = _events_until(client, game.game_id, "", now)
    assert not any(e.HasField("seat_decision") for e in spectator)


def test_a_bad_token_still_ends_the_stream_with_its_reason(client: OlympusClient) -> None:
    game = client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=43)), timeout=10
    )
    stream = client.stub.WatchGame(
        pb.WatchGameRequest(game_id=game.game_id, token="oly_" + "x" * 40), timeout=10
    )
    try:
        next(iter(stream))
        raise AssertionError("a bad token was watched")
    except grpc.RpcError as exc:
        assert exc.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]
