"""The card catalogue as the page reads it (GET /api/cards): one short row per card with only
what the card faces show, read once per process from the catalogue service."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

from olympus.v1 import catalogue_pb2

from .upstream import CALL_TIMEOUT_S, Upstream

CARDS_PAGE = 250


# The catalogue's fields the page shows, in this order: each card is a short list, not an
# object, and only what the page shows (94 KB of full JSON became 31 KB, 9 KB gzipped).
# A requirement is [kind, subject, minimum, maximum]; points are [kind, points, per, subject]
# (null when the card scores none): the page words both in the reader's language.
CARD_FIELDS = (
    "number",
    "name",
    "cost",
    "tags",
    "summary",
    "type",
    "requirements",
    "vp",
    "resource",
    "actions",
)


def optional(message: Any, name: str) -> Any:
    """A proto3 optional field's value, None when unset."""
    return getattr(message, name) if message.HasField(name) else None


def card_row(card: catalogue_pb2.Card) -> list[Any]:
    """One card as the page's compact row (CARD_FIELDS)."""
    requirements = [
        [r.kind, optional(r, "subject"), optional(r, "minimum"), optional(r, "maximum")]
        for r in card.requirements
    ]
    points = card.vp
    vp = (
        [points.kind, points.points, points.per, optional(points, "subject")]
        if card.HasField("vp")
        else None
    )
    return [
        card.number,
        card.name,
        optional(card, "cost"),
        list(card.tags),
        card.summary,
        card.type,
        requirements or None,
        vp,
        optional(card, "resource"),
        list(card.action_labels) or None,
    ]


async def compact_catalogue(upstream: Upstream) -> tuple[bytes, str]:
    """The catalogue as the page needs it, and its ETag. Read once per process: the catalogue
    only changes with a new build, which restarts the bridge."""
    if upstream.catalogue_json is not None:
        return upstream.catalogue_json
    rows: list[list[Any]] = []
    token = ""
    while True:
        page = await upstream.catalogue.ListCards(
            catalogue_pb2.ListCardsRequest(page_size=CARDS_PAGE, page_token=token),
            timeout=CALL_TIMEOUT_S,
        )
        rows.extend(card_row(card) for card in page.cards)
        token = page.next_page_token
        if not token:
            break
    body = orjson.dumps({"fields": CARD_FIELDS, "cards": rows})
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    upstream.catalogue_json = (body, etag)
    return body, etag
