"""Account names beside ids in leaderboards and ratings: asked of the accounts service (which
owns them) with the service credential, and kept a few minutes. A name that cannot be had
(an account that does not exist, the accounts service out of reach) is "": a leaderboard is
never refused for a name."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import grpc

from olympus.platform.identity import service_metadata
from olympus.v1 import accounts_pb2

log = logging.getLogger("olympus.scoring.names")

KEEP_S = 300.0  # a renamed account shows its new name within this long
MISSING_KEEP_S = 30.0  # an id with no name (or when the accounts service failed) is asked again
SIZE = 65_536
TIMEOUT_S = 1.0


class AccountNames:
    def __init__(self, channel: grpc.aio.Channel | None, service_key: str) -> None:
        from olympus.v1 import accounts_pb2_grpc

        self._stub: Any = (
            accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]
            if channel is not None
            else None
        )
        self._metadata = service_metadata(service_key)
        self._known: OrderedDict[str, tuple[str, float]] = OrderedDict()  # id -> (name, until)

    async def names(self, account_ids: Iterable[str]) -> dict[str, str]:
        """Each id's display name ("" when it has none to tell)."""
        now = time.monotonic()
        out: dict[str, str] = {}
        wanted = []
        for account in dict.fromkeys(account_ids):
            known = self._known.get(account)
            if known is not None and known[1] > now:
                out[account] = known[0]
            else:
                wanted.append(account)
        if wanted:
            found = await asyncio.gather(*(self._ask(a) for a in wanted))
            for account, name in zip(wanted, found, strict=True):
                out[account] = name
        return out

    async def _ask(self, account: str) -> str:
        name, keep = "", MISSING_KEEP_S
        if self._stub is not None:
            try:
                reply = await self._stub.GetAccount(
                    accounts_pb2.GetAccountRequest(account_id=account),
                    metadata=self._metadata,
                    timeout=TIMEOUT_S,
                )
                name, keep = reply.account.name, KEEP_S
            except grpc.RpcError as exc:
                if exc.code() != grpc.StatusCode.NOT_FOUND:
                    log.warning(
                        "account name unavailable",
                        extra={"account_id": account, "error": exc.code().name},
                    )
                # NOT_FOUND too: a rated seat names an account this platform may not have
        self._known[account] = (name, time.monotonic() + keep)
        self._known.move_to_end(account)
        while len(self._known) > SIZE:
            self._known.popitem(last=False)
        return name
