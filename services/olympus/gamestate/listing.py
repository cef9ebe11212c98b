"""ListGames: pages of a status index, newest first, that never show a game that is gone.

Index members are "<created ms>:<id>", so games created in the same millisecond come by id.
Members whose game was deleted, or whose status moved on, are tidied away as they are met, and
the page is filled from further members.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from olympus.platform.errors import InvalidArgument

from . import store as st
from .schedules import Schedules

PAGE_TOKEN_RE = re.compile(r"[0-9]{15}:[0-9a-f]{16}")


async def page(
    store: st.GameStore, schedules: Schedules, status: str, page_size: int, page_token: str
) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    """A page of an index, newest first. Members whose game is gone or whose status moved
    on are tidied away as they are met, and the page is filled from further members."""
    if page_token and not PAGE_TOKEN_RE.fullmatch(page_token):
        raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
    if page_size < 0 or page_size > 500:
        raise InvalidArgument(
            "page_size must be between 1 and 500 (0: 50)", reason="INVALID_PAGE_SIZE"
        )
    size = page_size or 50
    games: list[tuple[str, dict[str, Any]]] = []
    cursor = page_token or None
    while True:
        wanted = size - len(games) + 1  # one more than needed: is there a next page?
        members = await store.page(status, wanted, cursor)
        rows = await store.summaries([st.member_game(m) for m in members])
        for member, row in zip(members, rows, strict=True):
            if len(games) == size:
                return games, cursor or ""  # members remain after this page
            cursor = member
            if await _listed(store, schedules, status, member, row):
                games.append((st.member_game(member), row))
        if len(members) < wanted:
            return games, ""  # the index ends here


async def _listed(
    store: st.GameStore, schedules: Schedules, index: str, member: str, row: dict[str, Any]
) -> bool:
    """Whether an index member is to be listed; if not, the index is tidied."""
    if row["meta"] is None:  # the game was deleted
        await store.drop_from_index(index, member)
        return False
    row_status = (row["status"] or b"").decode()
    if index != st.INDEX_ALL and row_status != index:
        if row_status in st.ENDED:
            # The game ended but the process died before moving it: move it now.
            anonymous = not orjson.loads(row["meta"]).get("creator")
            await schedules.ended(member, row_status, int(row["updated"] or 0), anonymous)
        else:
            await store.drop_from_index(index, member)
        return False
    return True
