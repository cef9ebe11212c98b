"""The service's messages as plain Python data, and answers from plain data to messages.

The dict shapes are the engine's own: a view looks like `Game.view(seat)`, a decision like
`Decision.to_dict()` (with, for costs, `max_steel`, `max_titanium`, `max_heat` and a
`suggested` legal payment), an answer like `Answer.to_dict()`. So a bot written against the
engine reads the same keys from the service. The service uses `answer_to_proto` and
`answer_to_dict` too, so both ends share one mapping.
"""

from __future__ import annotations

from typing import Any

from olympus.v1 import game_pb2 as pb

RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
_STATUS: dict[int, str] = {
    pb.GAME_STATUS_UNSPECIFIED: "unknown",
    pb.GAME_STATUS_ACTIVE: "active",
    pb.GAME_STATUS_FINISHED: "finished",
}
STATUS_VALUES = {
    "any": pb.GAME_STATUS_UNSPECIFIED,
    "active": pb.GAME_STATUS_ACTIVE,
    "finished": pb.GAME_STATUS_FINISHED,
}
_EMPTY_ANSWERS = ("convert_plants", "convert_heat", "pass", "end_turn")


def status_name(value: int) -> str:
    return _STATUS.get(value, "unknown")


# --- small pieces ---------------------------------------------------------------------------


def owner_value(msg: pb.Owner) -> int | str | None:
    which = msg.WhichOneof("who")
    if which == "seat":
        return msg.seat
    if which == "neutral":
        return "neutral"
    return None


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


def _resources(msg: pb.ResourceCounts) -> dict[str, int]:
    return {name: getattr(msg, name) for name in RESOURCES}


def payment_dict(msg: pb.Payment) -> dict[str, int]:
    return {"steel": msg.steel, "titanium": msg.titanium, "heat": msg.heat}


def result_dict(msg: pb.GameResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "finished": msg.finished,
        "generation": msg.generation,
        "scores": [
            {
                "seat": s.seat,
                "terraform_rating": s.terraform_rating,
                "milestones": s.milestones,
                "awards": s.awards,
                "greeneries": s.greeneries,
                "cities": s.cities,
                "cards": s.cards,
                "total": s.total,
                "megacredits": s.megacredits,
            }
            for s in msg.scores
        ],
        "winners": list(msg.winners),
    }
    if msg.HasField("solo_won"):
        data["solo_won"] = msg.solo_won
    return data


def settings_dict(msg: pb.GameSettings) -> dict[str, Any]:
    o = msg.options
    options: dict[str, Any] = {
        "players": o.players,
        "corporate_era": o.corporate_era,
        "draft": o.draft,
        "solo_tr63": o.solo_tr63,
        "beginner": [s.beginner for s in msg.seats] if any(s.beginner for s in msg.seats) else [],
        "map": o.map,
    }
    if o.HasField("seed"):
        options["seed"] = o.seed
    return {
        "options": options,
        "seats": [seat_dict(s) for s in msg.seats],
        "time_control": {
            "seconds_per_game": msg.time_control.seconds_per_game,
            "seconds_per_decision": msg.time_control.seconds_per_decision,
        },
    }


def seat_dict(msg: pb.SeatInfo) -> dict[str, Any]:
    return {
        "seat": msg.seat,
        "kind": "bot" if msg.kind == pb.SEAT_KIND_BOT else "human",
        "bot": msg.bot,
        "beginner": msg.beginner,
        "name": msg.name,
    }


# --- decisions ------------------------------------------------------------------------------


def _rule(msg: pb.PayRule) -> dict[str, Any]:
    data: dict[str, Any] = {
        "cost": msg.cost,
        "steel_value": msg.steel_value,
        "titanium_value": msg.titanium_value,
        "heat": msg.heat,
        "max_steel": msg.max_steel,
        "max_titanium": msg.max_titanium,
        "max_heat": msg.max_heat,
    }
    if msg.HasField("suggested"):
        data["suggested"] = payment_dict(msg.suggested)
    return data


def _action(msg: pb.ActionOptions) -> dict[str, Any]:
    return {
        "actions_taken": msg.actions_taken,
        "play": [{"card": c.card, **_rule(c.pay)} for c in msg.play],
        "standard_projects": [{"project": p.name, **_rule(p.pay)} for p in msg.standard_projects],
        "milestones": [{"name": m.name, **_rule(m.pay)} for m in msg.milestones],
        "awards": [{"name": a.name, **_rule(a.pay)} for a in msg.awards],
        "card_actions": [
            {
                "card": a.card,
                "choices": [
                    {"index": c.index, "label": c.label, **_rule(c.pay)} for c in a.choices
                ],
            }
            for a in msg.card_actions
        ],
        "convert_plants": msg.convert_plants,
        "convert_heat": msg.convert_heat,
        "end_turn": msg.end_turn,
        "pass": getattr(msg, "pass"),
    }


def decision_dict(msg: pb.Decision) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": msg.kind, "player": msg.seat, "prompt": msg.prompt}
    if msg.source:
        data["source"] = msg.source
    which = msg.WhichOneof("options")
    if which == "action":
        data.update(_action(msg.action))
    elif which == "setup":
        data["corporations"] = [
            {"card": c.card, "max_cards": c.max_cards} for c in msg.setup.corporations
        ]
        data["cards"] = list(msg.setup.cards)
    elif which == "cards":
        c = msg.cards
        data.update(
            cards=list(c.cards), min=c.min, max=c.max, cost_each=c.cost_each, purpose=c.purpose
        )
    elif which == "space":
        data.update(tile=msg.space.tile, spaces=list(msg.space.spaces))
    elif which == "player":
        data["seats"] = [target_value(t) for t in msg.player.targets]
    elif which == "option":
        data["options"] = [
            {"index": o.index, "label": o.label, "enabled": o.enabled} for o in msg.option.options
        ]
    elif which == "amount":
        data.update(min=msg.amount.min, max=msg.amount.max)
    elif which == "final_greenery":
        fg = msg.final_greenery
        data.update(convert_plants=fg.convert_plants, **{"pass": getattr(fg, "pass")})
    return data


# --- the view -------------------------------------------------------------------------------


def _player(msg: pb.PlayerView) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seat": msg.seat,
        "corporation": msg.corporation or None,
        "terraform_rating": msg.terraform_rating,
        "resources": _resources(msg.resources),
        "production": _resources(msg.production),
        "hand_size": msg.hand_size,
        "played": list(msg.played),
        "events": list(msg.events),
        "card_resources": dict(msg.card_resources),
        "used_actions": list(msg.used_actions),
        "passed": msg.passed,
    }
    if msg.HasField("own"):
        own = msg.own
        data.update(
            hand=list(own.hand),
            dealt_corporations=list(own.dealt_corporations),
            dealt=list(own.dealt),
            draft_hand=list(own.draft_hand),
            drafted=list(own.drafted),
        )
    return data


def view_dict(msg: pb.GameView) -> dict[str, Any]:
    """The engine's `Game.view` dict, plus game_id, version, status, settings, created_at_ms."""
    data: dict[str, Any] = {
        "game_id": msg.game_id,
        "version": msg.version,
        "status": status_name(msg.status),
        "settings": settings_dict(msg.settings),
        "created_at_ms": msg.created_at_ms,
        "viewer": msg.viewer if msg.HasField("viewer") else None,
        "generation": msg.generation,
        "phase": msg.phase,
        "first_player": msg.first_player,
        "active_player": msg.active_player if msg.HasField("active_player") else None,
        "temperature": msg.temperature,
        "oxygen": msg.oxygen,
        "oceans": msg.oceans,
        "deck_size": msg.deck_size,
        "discard_size": msg.discard_size,
        "board": [
            {
                "space": t.space,
                "tile": t.tile,
                "owner": owner_value(t.owner),
                **({"card": t.card} if t.card else {}),
            }
            for t in msg.board
        ],
        "claims": [{"space": c.space, "owner": owner_value(c.owner)} for c in msg.claims],
        "milestones": [{"name": m.name, "owner": m.owner} for m in msg.milestones],
        "awards": [{"name": a.name, "funder": a.funder} for a in msg.awards],
        "players": [_player(p) for p in msg.players],
        "waiting_for": list(msg.waiting_for),
        "decisions": [decision_dict(d) for d in msg.decisions],
    }
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data


# --- answers and events ---------------------------------------------------------------------


def _whole(value: Any) -> int:
    """A number of an answer's dict form: an int as such. Strings and floats are refused, not
    converted: `int()` would take " 45", "4_5", "+45" and other scripts' digits."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {type(value).__name__}")
    return value


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
                project=data["project"], payment=_payment_proto(data.get("payment"))
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
        getattr(msg, kind).SetInParent()
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
    """The engine's dict form of a structured answer; None when no field is set."""
    kind = msg.WhichOneof("kind")
    if kind is None:
        return None
    data: dict[str, Any] = {"type": kind}
    if kind == "play_card":
        data.update(card=msg.play_card.card, payment=payment_dict(msg.play_card.payment))
    elif kind == "standard_project":
        sp = msg.standard_project
        data.update(project=sp.project, payment=payment_dict(sp.payment))
    elif kind in ("milestone", "award"):
        named: pb.NamedAnswer = getattr(msg, kind)
        data.update(name=named.name, payment=payment_dict(named.payment))
    elif kind == "card_action":
        ca = msg.card_action
        data.update(card=ca.card, choice=ca.choice, payment=payment_dict(ca.payment))
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


def _log_arg(msg: pb.LogArg) -> int | str:
    return msg.number if msg.WhichOneof("value") == "number" else msg.text


def event_dict(msg: pb.GameEvent) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": msg.version,
        "kind": msg.kind,
        "seat": msg.seat if msg.HasField("seat") else None,
        "bot": msg.bot,
        "log": [[e.kind, *(_log_arg(a) for a in e.args)] for e in msg.log],
        "waiting_for": list(msg.waiting_for),
        "phase": msg.phase,
        "generation": msg.generation,
        "finished": msg.finished,
        "time_ms": msg.time_ms,
    }
    if msg.HasField("answer"):
        a = msg.answer
        answer: dict[str, Any] = {"type": a.type, "hidden": a.hidden}
        if a.hidden:
            answer["count"] = a.count
        else:
            answer["text"] = a.text
            answer["answer"] = answer_to_dict(a.answer)
        data["answer"] = answer
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data


def summary_dict(msg: pb.GameSummary) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game_id": msg.game_id,
        "status": status_name(msg.status),
        "version": msg.version,
        "players": msg.players,
        "seats": [seat_dict(s) for s in msg.seats],
        "generation": msg.generation,
        "phase": msg.phase,
        "waiting_for": list(msg.waiting_for),
        "created_at_ms": msg.created_at_ms,
        "updated_at_ms": msg.updated_at_ms,
    }
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data


def log_dict(msg: pb.GameLog) -> dict[str, Any]:
    """The replay export: `Game.replay(GameOptions.from_data(log["options"]),
    [(a["seat"], a["text"]) for a in log["answers"]])` rebuilds the game."""
    settings = settings_dict(msg.settings)
    data: dict[str, Any] = {
        "format": msg.format,
        "game_id": msg.game_id,
        "options": settings["options"],
        "seats": settings["seats"],
        "time_control": settings["time_control"],
        "answers": [
            {"version": a.version, "seat": a.seat, "text": a.text, "bot": a.bot}
            for a in msg.answers
        ],
        "status": status_name(msg.status),
        "version": msg.version,
    }
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data
