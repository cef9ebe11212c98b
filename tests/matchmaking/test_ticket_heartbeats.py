"""Heartbeats on WatchTicket, for a client that asks (heartbeat_seconds): the ticket as it is,
sent again after that long with nothing else sent; a bad interval refused."""

from __future__ import annotations

import grpc
from mm_support import enqueue, fresh_format, make_players, refusal, stub

from olympus.v1 import matchmaking_pb2 as mm
from services import ServiceProcess


def test_a_waiting_ticket_is_sent_again_as_it_is(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s = stub(matchmaking.address)
    (player,) = make_players(redis_url, 1)
    ticket = enqueue(s, player, fresh_format(3))  # nobody else: it waits
    request = mm.WatchTicketRequest(ticket_id=ticket.ticket_id, heartbeat_seconds=1)
    stream = s.WatchTicket(request, metadata=player.auth, timeout=30)
    try:
        first, beat, again = next(stream), next(stream), next(stream)
        assert first == beat == again  # nothing changed: the same ticket, waiting
        assert first.status == mm.TICKET_STATUS_WAITING
        s.Cancel(mm.CancelRequest(ticket_id=ticket.ticket_id), metadata=player.auth, timeout=10)
        closed = next(e for e in stream if e.status != mm.TICKET_STATUS_WAITING)
        assert closed.status == mm.TICKET_STATUS_CANCELLED
    finally:
        stream.cancel()
    for seconds in (-5, 301):
        bad = mm.WatchTicketRequest(ticket_id=ticket.ticket_id, heartbeat_seconds=seconds)
        code, reason = refusal(
            lambda bad=bad: next(s.WatchTicket(bad, metadata=player.auth, timeout=10))
        )
        assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_HEARTBEAT")
