"""Structured answers: protobuf `Answer` <-> the engine's dict form (`Answer.to_dict()`).

One mapping for both ends: the service reads client answers with `answer_to_dict`, the SDK
sends them with `answer_to_proto`, and the service tells answers in events with
`answer_to_proto`.
"""

from __future__ import annotations

from typing import Any

from olympus.v1 import game_pb2 as pb

from .vocab import PROJECTS, TRADE_FEES, name_of, value_of

# The engine's answer type -> the Answer oneof member, where the names differ.
# A trade is `trade_with` (tile and fee); the older empty `trade` reads as a trade without its
# tile, which the engine refuses as malformed.
_FIELD_OF = {"pass": "pass_turn", "trade": "trade_with"}
_TYPE_OF = {field: kind for kind, field in _FIELD_OF.items()}
_EMPTY_ANSWERS = ("convert_plants", "convert_heat", "pass", "end_turn")


def target_value(msg: pb.PlayerTarget) -> int | str | None:
    which = msg.WhichOneof("target")
    if which == "seat":
        return msg.seat
    if which == "neutral":
        return "neutral"
    return None


def target_proto(value: int | str | None) -> pb.PlayerTarget:
    if value is None or value == "none":
        return pb.PlayerTarget(none=True)
    if value == "neutral":
        return pb.PlayerTarget(neutral=True)
    return pb.PlayerTarget(seat=_whole(value))


def _whole(value: Any) -> int:
    """A number of an answer's dict form: an int as such. Strings and floats are refused, not
    converted: `int()` would take " 45", "4_5", "+45" and other scripts' digits."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {type(value).__name__}")
    return value


def payment_dict(msg: pb.Payment) -> dict[str, int]:
    return {"steel": msg.steel, "titanium": msg.titanium, "heat": msg.heat}


def _payment_proto(data: Any) -> pb.Payment:
    data = data or {}
    return pb.Payment(
        steel=_whole(data.get("steel", 0)),
        titanium=_whole(data.get("titanium", 0)),
        heat=_whole(data.get("heat", 0)),
    )


def answer_to_proto(data: dict[str, Any]) -> pb.Answer:
    """An answer in the engine's dict form (`{"type": "play_card", "card": "009", ...}`)."""
    kind = data.get("type")
    msg = pb.Answer()
    if kind == "play_card":
        msg.play_card.CopyFrom(
            pb.PlayCardAnswer(card=data["card"], payment=_payment_proto(data.get("payment")))
        )
    elif kind == "standard_project":
        msg.standard_project.CopyFrom(
            pb.StandardProjectAnswer(
                project=value_of(PROJECTS, data["project"]),
                payment=_payment_proto(data.get("payment")),
            )
        )
    elif kind in ("milestone", "award"):
        getattr(msg, kind).CopyFrom(
            pb.NamedAnswer(name=data["name"], payment=_payment_proto(data.get("payment")))
        )
    elif kind == "card_action":
        msg.card_action.CopyFrom(
            pb.CardActionAnswer(
                card=data["card"],
                choice=_whole(data.get("choice", 0)),
                payment=_payment_proto(data.get("payment")),
            )
        )
    elif kind in _EMPTY_ANSWERS:
        getattr(msg, _FIELD_OF.get(kind, kind)).SetInParent()
    elif kind == "trade":
        fee = data.get("fee")  # None: the one payable fee; a word outside the table: KeyError
        trade = pb.TradeAnswer(tile=data["tile"])
        if fee is not None:
            trade.fee = TRADE_FEES[fee]  # type: ignore[assignment]
        msg.trade_with.CopyFrom(trade)
    elif kind == "setup":
        msg.setup.CopyFrom(
            pb.SetupAnswer(corporation=data["corporation"], cards=list(data.get("cards", ())))
        )
    elif kind == "cards":
        msg.cards.CopyFrom(pb.CardsAnswer(cards=list(data.get("cards", ()))))
    elif kind == "space":
        msg.space = _whole(data["space"])
    elif kind == "player":
        msg.player.CopyFrom(target_proto(data.get("seat")))
    elif kind == "option":
        msg.option = _whole(data["index"])
    elif kind == "amount":
        msg.amount = _whole(data["amount"])
    else:
        raise ValueError(f"unknown answer type {kind!r}")
    return msg


def answer_to_dict(msg: pb.Answer) -> dict[str, Any] | None:
    """The engine's dict form of a structured answer; None when no field is set.
    An undefined enum value (a standard project) is refused with INVALID_ENUM."""
    field = msg.WhichOneof("kind")
    if field is None:
        return None
    kind = _TYPE_OF.get(field, field)
    data: dict[str, Any] = {"type": kind}
    if kind == "play_card":
        data.update(card=msg.play_card.card, payment=payment_dict(msg.play_card.payment))
    elif kind == "standard_project":
        sp = msg.standard_project
        project = name_of(PROJECTS, sp.project, "standard_project.project")
        data.update(project=project, payment=payment_dict(sp.payment))
    elif kind in ("milestone", "award"):
        named: pb.NamedAnswer = getattr(msg, kind)
        data.update(name=named.name, payment=payment_dict(named.payment))
    elif kind == "card_action":
        ca = msg.card_action
        data.update(card=ca.card, choice=ca.choice, payment=payment_dict(ca.payment))
    elif field == "trade_with":
        data["tile"] = msg.trade_with.tile
        if msg.trade_with.fee:  # unspecified: the one payable fee
            data["fee"] = name_of(TRADE_FEES, msg.trade_with.fee, "trade_with.fee")
    elif kind == "setup":
        data.update(corporation=msg.setup.corporation, cards=list(msg.setup.cards))
    elif kind == "cards":
        data["cards"] = list(msg.cards.cards)
    elif kind == "space":
        data["space"] = msg.space
    elif kind == "player":
        data["seat"] = target_value(msg.player)
    elif kind == "option":
        data["index"] = msg.option
    elif kind == "amount":
        data["amount"] = msg.amount
    return data
