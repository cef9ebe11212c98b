"""ListMyTickets: an account's last tickets, newest first, for whichever of its keys asks; a
matched one with its game, seat and seat token, so a bot that lost its ticket ids finds them."""

from __future__ import annotations

import grpc
from mm_support import Player, enqueue, fresh_format, make_players, matched, refusal, stub

from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm
from services import ServiceProcess


def mine(s: object, player: Player, include_closed: bool = True) -> list[mm.Ticket]:
    reply = s.ListMyTickets(  # type: ignore[attr-defined]
        mm.ListMyTicketsRequest(include_closed=include_closed), metadata=player.auth, timeout=10
    )
    return list(reply.tickets)


def test_a_bot_finds_its_tickets_and_its_seat_again(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s = stub(matchmaking.address)
    alice, bob, carol = make_players(redis_url, 3)
    assert mine(s, alice) == []
    # A cancelled ticket, then a matched one, then an open one: newest first.
    first = enqueue(s, alice, fresh_format(3))
    s.Cancel(mm.CancelRequest(ticket_id=first.ticket_id), metadata=alice.auth, timeout=10)
    fmt = fresh_format(2)
    second = enqueue(s, alice, fmt)
    other = enqueue(s, bob, fmt)
    (ticket, _) = matched(s, [(alice, second.ticket_id), (bob, other.ticket_id)])
    third = enqueue(s, alice, fresh_format(3))
    listed = mine(s, alice)
    assert [t.ticket_id for t in listed] == [third.ticket_id, second.ticket_id, first.ticket_id]
    assert [t.status for t in listed] == [
        mm.TICKET_STATUS_WAITING,
        mm.TICKET_STATUS_MATCHED,
        mm.TICKET_STATUS_CANCELLED,
    ]
    assert listed[1] == ticket  # the same as GetTicket: game, seat and seat token
    assert [t.ticket_id for t in mine(s, alice, include_closed=False)] == [third.ticket_id]
    # The seat token it carries plays the seat.
    with grpc.insecure_channel(gamestate.address) as channel:
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        state = games.GetDecision(
            game_pb2.GetDecisionRequest(game_id=ticket.game_id, token=listed[1].seat_token),
            timeout=10,
        )
        assert state.seat == ticket.seat
    # Another account sees none of them; a call without a key is refused.
    assert [t.ticket_id for t in mine(s, bob)] == [other.ticket_id]
    assert mine(s, carol) == []
    code, reason = refusal(lambda: s.ListMyTickets(mm.ListMyTicketsRequest(), timeout=10))
    assert (code, reason) == (grpc.StatusCode.UNAUTHENTICATED, "API_KEY_REQUIRED")
    s.Cancel(mm.CancelRequest(ticket_id=third.ticket_id), metadata=alice.auth, timeout=10)
