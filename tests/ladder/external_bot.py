"""An external bot written only against the protos: grpc and the code generated from
protos/olympus/v1 (no Olympus SDK, no engine). It queues with its API key, learns of its game
through WatchTicket, of its turns through WatchGame, and answers in text notation built from
the Decision message. It plays on one WatchGame stream and one SubmitAction per answer (the
events carry its decisions, each answer's reply its next one). Run:
python external_bot.py MATCHMAKING GAMESTATE KEY GAMES FORMAT_JSON [poll]; prints one JSON line
per game played: {"game_id", "seat", "answers", "calls"} (`poll`: the way before, a GetDecision
after every event, to count what that cost). After a crash, `python external_bot.py resume
GAMESTATE KEY` finds the key's running games with ListMyGames (each with a seat token issued to
this key) and plays each to the end, printing the same lines.
"""

from __future__ import annotations

import json
import sys
import uuid
from dataclasses import asdict, dataclass

import grpc
from google.protobuf import json_format

from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2, matchmaking_pb2_grpc


@dataclass
class Played:
    answers: int = 0
    calls: int = 0  # calls made to the game service for this game (a stream counts once)
    stale: int = 0  # answers refused because the game had moved on (ABORTED)


TERRAFORMING = (
    (game_pb2.STANDARD_PROJECT_AQUIFER, "aquifer"),
    (game_pb2.STANDARD_PROJECT_GREENERY, "greenery"),
    (game_pb2.STANDARD_PROJECT_ASTEROID, "asteroid"),
)


def payment_text(payment: game_pb2.Payment) -> str:
    parts = [
        f"{letter}{amount}"
        for letter, amount in (
            ("s", payment.steel),
            ("t", payment.titanium),
            ("h", payment.heat),
        )
        if amount
    ]
    return "".join(f" {part}" for part in parts)


def answer_for(d: game_pb2.Decision) -> str:
    """Some legal answer for any decision (the simplest one)."""
    kind = d.WhichOneof("options")
    if kind == "setup":
        return f"setup {d.setup.corporations[0].card.number} -"
    if kind == "cards":
        return "cards " + (",".join(c.number for c in d.cards.cards[: d.cards.min]) or "-")
    if kind == "space":
        return f"space {d.space.spaces[0]}"
    if kind == "player":
        target = d.player.targets[0]
        which = target.WhichOneof("target")
        return "player " + (
            "none" if which == "none" else "neutral" if which == "neutral" else str(target.seat)
        )
    if kind == "option":
        return f"option {next(o.index for o in d.option.options if o.enabled)}"
    if kind == "amount":
        return f"amount {d.amount.min}"
    if kind == "action" and not d.action.can_pass:  # the corporation's first action is owed
        return f"action {d.action.card_actions[0].card.number}"
    if kind == "action":
        # Terraform when it can, so that a game against a bot that only passes still ends.
        if d.action.convert_plants:
            return "plants"
        if d.action.convert_heat:
            return "heat"
        offered = {choice.project: choice.pay for choice in d.action.standard_projects}
        for project, word in TERRAFORMING:
            if project in offered:
                # The service's suggested payment: Helion may need heat to afford it.
                return f"project {word}{payment_text(offered[project].suggested)}"
    return "pass"


def play_polling(games: game_pb2_grpc.GameServiceStub, game_id: str, token: str) -> Played:
    """The way a bot had to play before events carried the seat's decision: a GetDecision
    after every event (and after every answer), then the answer. Kept to count the calls."""
    played = Played(calls=1)  # the WatchGame
    for event in games.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, token=token)):
        if event.finished:
            break
        while True:  # several decisions of ours may follow one event
            state = games.GetDecision(game_pb2.GetDecisionRequest(game_id=game_id, token=token))
            played.calls += 1
            if not state.your_turn or state.status != game_pb2.GAME_STATUS_ACTIVE:
                break
            played.calls += 1
            try:
                games.SubmitAction(submit(game_id, token, state))
                played.answers += 1
            except grpc.RpcError as exc:
                if exc.code() != grpc.StatusCode.ABORTED:  # stale: read again
                    raise
                played.stale += 1
    return played


def play(games: game_pb2_grpc.GameServiceStub, game_id: str, token: str) -> Played:
    """One WatchGame stream and one SubmitAction per answer: an event after which this seat
    must decide carries the decision (seat_decision), and each answer's reply carries the
    seat's next one (next_decision) when it must decide again at once."""
    played = Played(calls=1)  # the WatchGame, from the start: the newest event has the decision
    answered_at = 0  # decisions at this version or older are spent
    for event in games.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, token=token)):
        if event.finished:
            break
        state = event.seat_decision if event.HasField("seat_decision") else None
        while state is not None and state.your_turn and state.version > answered_at:
            played.calls += 1
            try:
                reply = games.SubmitAction(submit(game_id, token, state))
            except grpc.RpcError as exc:
                if exc.code() != grpc.StatusCode.ABORTED:  # stale: a newer event is coming
                    raise
                played.stale += 1
                break
            played.answers += 1
            # Every decision before the version this answer made is spent (in a simultaneous
            # phase the answer may land after another seat's: reply.version > state.version+1).
            answered_at = reply.version - 1
            state = reply.next_decision
    return played


def submit(
    game_id: str, token: str, state: game_pb2.GetDecisionResponse
) -> game_pb2.SubmitActionRequest:
    return game_pb2.SubmitActionRequest(
        game_id=game_id,
        token=token,
        expected_version=state.version,
        idempotency_key=uuid.uuid4().hex,
        text=answer_for(state.decision),
    )


def resume(gamestate_address: str, key: str) -> int:
    """Every running game of the key's account, played to the end one after another."""
    auth = (("authorization", f"Bearer {key}"),)
    with grpc.insecure_channel(gamestate_address) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)
        page = game_pb2.ListMyGamesResponse(next_page_token="")
        running: list[game_pb2.MyGame] = []
        while True:
            request = game_pb2.ListMyGamesRequest(page_token=page.next_page_token)
            page = games.ListMyGames(request, metadata=auth)
            running += [g for g in page.games if g.status == game_pb2.GAME_STATUS_ACTIVE]
            if not page.next_page_token:
                break
        for game in running:
            played = play(games, game.game_id, game.seat_token)
            row = {"game_id": game.game_id, "seat": game.seat, **asdict(played)}
            print(json.dumps(row), flush=True)
    return 0


def main() -> int:
    if sys.argv[1] == "resume":
        return resume(*sys.argv[2:4])
    matchmaking_address, gamestate_address, key, count, format_json = sys.argv[1:6]
    how = play_polling if sys.argv[6:7] == ["poll"] else play
    auth = (("authorization", f"Bearer {key}"),)
    fmt = json_format.Parse(format_json, matchmaking_pb2.MatchFormat())
    with (
        grpc.insecure_channel(matchmaking_address) as mm_channel,
        grpc.insecure_channel(gamestate_address) as game_channel,
    ):
        matchmaking = matchmaking_pb2_grpc.MatchmakingServiceStub(mm_channel)
        games = game_pb2_grpc.GameServiceStub(game_channel)
        for _ in range(int(count)):
            ticket = matchmaking.Enqueue(
                matchmaking_pb2.EnqueueRequest(format=fmt), metadata=auth
            ).ticket
            for update in matchmaking.WatchTicket(
                matchmaking_pb2.WatchTicketRequest(ticket_id=ticket.ticket_id), metadata=auth
            ):
                ticket = update
                if ticket.status != matchmaking_pb2.TICKET_STATUS_WAITING:
                    break
            if ticket.status != matchmaking_pb2.TICKET_STATUS_MATCHED:
                raise SystemExit(f"ticket ended {ticket.status}")
            played = how(games, ticket.game_id, ticket.seat_token)
            row = {"game_id": ticket.game_id, "seat": ticket.seat, **asdict(played)}
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
