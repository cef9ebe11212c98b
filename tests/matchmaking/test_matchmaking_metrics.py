"""Matchmaking's /metrics after real work: tickets enqueued, matched and cancelled, the time
from enqueue to match, and the queues and tickets waiting (issue 33)."""

from __future__ import annotations

from metrics_support import Samples, grown, scrape, value
from mm_support import enqueue, fresh_format, make_players, matched, stub, until

from olympus.v1 import matchmaking_pb2 as mm
from services import ServiceProcess


def test_tickets_matches_and_queues_are_counted(
    redis_url: str, gamestate: ServiceProcess, matchmaking: ServiceProcess
) -> None:
    s, port = stub(matchmaking.address), matchmaking.metrics_port
    first, second, third = make_players(redis_url, 3)
    before = scrape(port)
    fmt = fresh_format(2)
    pairs = [(p, enqueue(s, p, fmt).ticket_id) for p in (first, second)]
    matched(s, pairs)
    grown(
        port,
        before,
        ("olympus_matchmaking_tickets_total", {"event": "enqueued"}, 2),
        ("olympus_matchmaking_tickets_total", {"event": "matched"}, 2),
        ("olympus_matchmaking_time_to_match_seconds_count", {}, 2),
    )
    # A ticket of a table of three waits: its queue is seen by the next pass, then cancelled.
    ticket = enqueue(s, third, fresh_format(3))

    def waits() -> Samples | None:
        now = scrape(port)
        queues = value(now, "olympus_matchmaking_queues")
        return now if queues >= 1 and value(now, "olympus_matchmaking_tickets_waiting") else None

    waiting = until(waits, "the waiting ticket in the gauges")
    assert value(waiting, "olympus_matchmaking_tickets_total", event="cancelled") == value(
        before, "olympus_matchmaking_tickets_total", event="cancelled"
    )
    s.Cancel(mm.CancelRequest(ticket_id=ticket.ticket_id), metadata=third.auth, timeout=10)
    grown(port, before, ("olympus_matchmaking_tickets_total", {"event": "cancelled"}, 1))
