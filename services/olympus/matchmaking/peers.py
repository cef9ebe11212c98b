"""What matchmaking asks the other services, over their APIs, with its service credential:
the ratings tickets carry (ScoringService.GetRatings), whether a ladder takes external bots
(LadderService.GetLadder), and the accounts a challenge seats (AccountService.GetAccount). Each answer about a ladder is kept a couple of seconds (tickets for
a ladder come in bursts; a ladder closed is noticed within that)."""

from __future__ import annotations

import time
from typing import Any

import grpc

from olympus.platform.errors import NotFound, Unavailable, quote
from olympus.platform.identity import service_metadata
from olympus.v1 import (
    accounts_pb2,
    accounts_pb2_grpc,
    ladder_pb2,
    ladder_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
)

from . import rated
from .formats import Format

TIMEOUT_S = 5.0
LADDER_TTL_S = 2.0
OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)


def _unavailable(what: str, exc: grpc.aio.AioRpcError) -> Unavailable:
    return Unavailable(
        f"the {what} service cannot answer now ({exc.code().name}); try again",
        reason="SERVICE_UNAVAILABLE",
    )


class Peers:
    def __init__(
        self,
        scoring_address: str,
        ladder_address: str,
        service_key: str,
        accounts_address: str = "",
    ) -> None:
        self.metadata = service_metadata(service_key)
        self._channels = [
            grpc.aio.insecure_channel(scoring_address, options=OPTIONS),
            grpc.aio.insecure_channel(ladder_address, options=OPTIONS),
        ]
        self.scoring: Any = scoring_pb2_grpc.ScoringServiceStub(self._channels[0])  # type: ignore[no-untyped-call]
        self.ladders: Any = ladder_pb2_grpc.LadderServiceStub(self._channels[1])  # type: ignore[no-untyped-call]
        self.accounts: Any = None
        if accounts_address:
            self._channels.append(grpc.aio.insecure_channel(accounts_address, options=OPTIONS))
            self.accounts = accounts_pb2_grpc.AccountServiceStub(self._channels[-1])  # type: ignore[no-untyped-call]
        self._open: dict[str, tuple[float, bool]] = {}

    async def ticket_rating(self, fmt: Format, account: str) -> int:
        """The rating a ticket of this account carries in a rated format (0 unrated)."""
        if not rated.is_rated(fmt):
            return 0
        try:
            reply = await self.scoring.GetRatings(
                scoring_pb2.GetRatingsRequest(queue=rated.queue_name(fmt), players=[account]),
                metadata=self.metadata,
                timeout=TIMEOUT_S,
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:  # a queue the scoring service refuses
                return 0
            raise _unavailable("scoring", exc) from None
        entry = reply.ratings[0] if reply.ratings else None
        if entry is None or not entry.HasField("rating"):
            return 0
        ordinal: float = entry.rating.ordinal
        return round(ordinal)

    async def check_ladder_open(self, name: str) -> None:
        """NOT_FOUND LADDER_CLOSED unless the ladder runs and takes external bots."""
        now = time.monotonic()
        known = self._open.get(name)
        if known is None or known[0] < now:
            known = (now + LADDER_TTL_S, await self._ladder_open(name))
            self._open[name] = known
            if len(self._open) > 10_000:
                self._open.clear()
        if not known[1]:
            raise NotFound(
                f"no ladder {quote(name)} takes external bots now (an operator opens one with "
                "`olympus ladder start NAME --open`)",
                reason="LADDER_CLOSED",
            )

    async def _ladder_open(self, name: str) -> bool:
        try:
            ladder = await self.ladders.GetLadder(
                ladder_pb2.GetLadderRequest(name=name), metadata=self.metadata, timeout=TIMEOUT_S
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return False
            raise _unavailable("ladder", exc) from None
        return bool(ladder.open and ladder.state == ladder_pb2.LADDER_STATE_RUNNING)

    async def account(self, account_id: str) -> tuple[str, bool] | None:
        """An account's (name, disabled), None when there is no such account."""
        if self.accounts is None:
            raise Unavailable(
                "this matchmaking service knows no accounts service (--accounts-address)",
                reason="SERVICE_UNAVAILABLE",
            )
        try:
            reply = await self.accounts.GetAccount(
                accounts_pb2.GetAccountRequest(account_id=account_id),
                metadata=self.metadata,
                timeout=TIMEOUT_S,
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:
                return None
            raise _unavailable("accounts", exc) from None
        return reply.account.name, reply.account.disabled

    async def close(self) -> None:
        for channel in self._channels:
            await channel.close()
