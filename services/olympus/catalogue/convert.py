"""How a card looks outside the engine, and how a request becomes a query.

`card_to_dict` is the one structured rendering of a CardDef: the command line prints it as JSON
and `card_to_proto` builds the protobuf message from it, so both speak the same field names
(those of `catalogue.proto`).
"""

from __future__ import annotations

from typing import Any

from olympus.engine.cards.model import CardDef, Requirement, VictoryPoints
from olympus.v1 import catalogue_pb2

from .query import CardQuery


def requirement_to_dict(req: Requirement) -> dict[str, Any]:
    return {
        "kind": req.kind,
        "subject": req.subject,
        "minimum": req.minimum,
        "maximum": req.maximum,
        "text": req.text(),
    }


def vp_to_dict(vp: VictoryPoints) -> dict[str, Any]:
    return {
        "kind": vp.kind,
        "points": vp.points,
        "per": vp.per,
        "subject": vp.subject,
        "text": vp.text(),
    }


def card_to_dict(card: CardDef) -> dict[str, Any]:
    """JSON-ready; None where the card has no such fact (no cost, no VP, no resource...)."""
    return {
        "number": card.number,
        "name": card.name,
        "module": card.module,
        "kind": card.kind,
        "type": card.type,
        "cost": card.cost,
        "tags": list(card.tags),
        "requirements": [requirement_to_dict(r) for r in card.requirements],
        "vp": vp_to_dict(card.vp) if card.vp is not None else None,
        "starting_megacredits": card.starting_mc,
        "summary": card.summary,
        "resource": card.resource,
        "has_action": card.has_action,
        "action_labels": [a.label for a in card.actions],
    }


def card_to_proto(card: CardDef) -> catalogue_pb2.Card:
    # Protobuf constructors take nested dicts for messages and None for "leave unset".
    return catalogue_pb2.Card(**card_to_dict(card))


def query_from_request(request: catalogue_pb2.ListCardsRequest) -> CardQuery:
    """The filters of a ListCards request (raises InvalidQuery for a bad one)."""
    return CardQuery.parse(
        module=request.module,
        kind=request.kind,
        type=request.type,
        tag=request.tag,
        min_cost=request.min_cost if request.HasField("min_cost") else None,
        max_cost=request.max_cost if request.HasField("max_cost") else None,
        requirement_kind=request.requirement_kind,
        search=request.search,
    )
