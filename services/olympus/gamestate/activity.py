"""An account's matchmaking activity on its WatchAccount stream: challenges and matched
tickets, which the matchmaking service owns and tells over its API
(MatchmakingService.WatchAccountActivity, with this service's credential).

Each WatchAccount stream holds one such call while it is open. The matchmaking service out of
reach does not end the account stream: the call is opened again with a growing delay, and its
first messages tell again every challenge still waiting for the account's answer (a client
may so see one twice, never miss one).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import grpc

from olympus.platform.identity import service_metadata
from olympus.v1 import game_pb2 as pb, matchmaking_pb2 as mm, matchmaking_pb2_grpc

log = logging.getLogger("olympus.gamestate.activity")

RETRY_FIRST_S, RETRY_MAX_S = 0.5, 10.0
OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)

_KINDS = {
    mm.ACCOUNT_ACTIVITY_KIND_CHALLENGE_RECEIVED: pb.ACCOUNT_EVENT_KIND_CHALLENGE_RECEIVED,
    mm.ACCOUNT_ACTIVITY_KIND_CHALLENGE_UPDATED: pb.ACCOUNT_EVENT_KIND_CHALLENGE_UPDATED,
    mm.ACCOUNT_ACTIVITY_KIND_TICKET_MATCHED: pb.ACCOUNT_EVENT_KIND_TICKET_MATCHED,
}
_PREFIX = "CHALLENGE_STATUS_"


def challenge_notice(challenge: mm.Challenge) -> pb.ChallengeNotice:
    status = mm.ChallengeStatus.Name(challenge.status)
    notice = pb.ChallengeNotice(
        challenge_id=challenge.challenge_id,
        status=status.removeprefix(_PREFIX).lower(),
        challenger_account_id=challenge.challenger_account_id,
        challenger_name=challenge.challenger_name,
        players=len(challenge.seats),
        rated_queue=challenge.rated_queue,
        game_id=challenge.game_id,
        seat=challenge.seat,
        seat_token=challenge.seat_token,
        declined_by=challenge.declined_by,
        decline_reason=challenge.decline_reason,
    )
    if challenge.HasField("expire_time"):
        notice.expire_time.CopyFrom(challenge.expire_time)
    return notice


def account_event(activity: mm.AccountActivity) -> pb.AccountEvent | None:
    kind = _KINDS.get(activity.kind)
    if kind is None:
        return None  # a kind newer than this service: not told
    event = pb.AccountEvent(kind=kind)
    event.event_time.GetCurrentTime()
    if activity.HasField("challenge"):
        event.challenge.CopyFrom(challenge_notice(activity.challenge))
    if activity.HasField("ticket"):
        t = activity.ticket
        event.ticket.CopyFrom(
            pb.TicketNotice(
                ticket_id=t.ticket_id,
                game_id=t.game_id,
                seat=t.seat,
                seat_token=t.seat_token,
                rated_queue=t.rated_queue,
            )
        )
    return event


class MatchmakingActivity:
    def __init__(self, address: str, service_key: str) -> None:
        self.channel = grpc.aio.insecure_channel(address, options=OPTIONS)
        self.stub: Any = matchmaking_pb2_grpc.MatchmakingServiceStub(self.channel)  # type: ignore[no-untyped-call]
        self.metadata = service_metadata(service_key)

    async def relay(self, account: str, put: Callable[[pb.AccountEvent], Awaitable[None]]) -> None:
        """Put the account's activity, as AccountEvents, until cancelled."""
        delay = RETRY_FIRST_S
        while True:
            call = self.stub.WatchAccountActivity(
                mm.WatchAccountActivityRequest(account_id=account), metadata=self.metadata
            )
            try:
                async for activity in call:
                    delay = RETRY_FIRST_S
                    event = account_event(activity)
                    if event is not None:
                        await put(event)
            except asyncio.CancelledError:
                call.cancel()
                raise
            except grpc.aio.AioRpcError as exc:
                log.warning(
                    "the matchmaking activity stream failed; opening it again",
                    extra={"account_id": account, "code": exc.code().name},
                )
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX_S)

    async def close(self) -> None:
        await self.channel.close()
