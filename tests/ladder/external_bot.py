"""An external bot written only against the protos: grpc and the code generated from
protos/olympus/v1 (no Olympus SDK, no engine). It queues with its API key, learns of its game
through WatchTicket, of its turns through WatchGame, and answers in text notation built from
the Decision message. Run: python external_bot.py MATCHMAKING GAMESTATE KEY GAMES FORMAT_JSON;
prints one JSON line per game played: {"game_id", "seat", "answers"}.
"""

from __future__ import annotations

import json
import sys
import uuid

import grpc
from google.protobuf import json_format

from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2, matchmaking_pb2_grpc

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


def play(games: game_pb2_grpc.GameServiceStub, game_id: str, token: str) -> int:
    answers = 0
    for event in games.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, token=token)):
        if event.finished:
            break
        while True:  # several decisions of ours may follow one event
            state = games.GetDecision(game_pb2.GetDecisionRequest(game_id=game_id, token=token))
            if not state.your_turn or state.status != game_pb2.GAME_STATUS_ACTIVE:
                break
            try:
                games.SubmitAction(
                    game_pb2.SubmitActionRequest(
                        game_id=game_id,
                        token=token,
                        expected_version=state.version,
                        idempotency_key=uuid.uuid4().hex,
                        text=answer_for(state.decision),
                    )
                )
                answers += 1
            except grpc.RpcError as exc:
                if exc.code() != grpc.StatusCode.ABORTED:  # stale: read again
                    raise
    return answers


def main() -> int:
    matchmaking_address, gamestate_address, key, count, format_json = sys.argv[1:6]
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
            answers = play(games, ticket.game_id, ticket.seat_token)
            print(
                json.dumps({"game_id": ticket.game_id, "seat": ticket.seat, "answers": answers}),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
