"""The service's messages as plain Python data, and answers from plain data to messages.

The dict shapes are the engine's own: a view looks like `Game.view(seat)`, a decision like
`Decision.to_dict()` (with, for costs, `max_steel`, `max_titanium`, `max_heat` and a
`suggested` legal payment), an answer like `Answer.to_dict()`. So a bot written against the
engine reads the same keys from the service. The service uses `answer_to_proto` and
`answer_to_dict` too, so both ends share one mapping.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from olympus.api.answers import answer_to_dict, answer_to_proto, payment_dict, target_value
from olympus.api.vocab import (
    ANSWER_KINDS,
    CARDS_PURPOSES,
    DECISION_KINDS,
    EVENT_KINDS,
    PHASES,
    PROJECTS,
    STATUSES,
    TILES,
    TIMEOUT_POLICIES,
    TRADE_FEES,
    name_or_unknown,
)
from olympus.v1 import game_pb2 as pb

__all__ = ["answer_to_dict", "answer_to_proto"]

RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
STATUS_VALUES: dict[str, Any] = {"any": pb.GAME_STATUS_UNSPECIFIED, **STATUSES}


def status_name(value: int) -> str:
    return name_or_unknown(STATUSES, value)


# --- small pieces ---------------------------------------------------------------------------


def phase_name(value: int) -> str:
    return name_or_unknown(PHASES, value)


def cards(refs: Any) -> list[str]:
    """Card numbers of repeated CardRef (the engine's dicts name cards by number)."""
    return [c.number for c in refs]


def card_or_none(ref: pb.CardRef) -> str | None:
    return ref.number or None


def owner_value(msg: pb.Owner) -> int | str | None:
    which = msg.WhichOneof("who")
    if which == "seat":
        return msg.seat
    if which == "neutral":
        return "neutral"
    return None


def _resources(msg: pb.ResourceCounts) -> dict[str, int]:
    return {name: getattr(msg, name) for name in RESOURCES}


def score_dict(s: pb.SeatScore) -> dict[str, int]:
    return {
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


def live_scores(msg: Any) -> list[dict[str, int]] | None:
    """The `live_score` of a view, decision reply or event as the engine's `live_scores` (a
    score per seat), or None when the message carries none (realtime scoring off)."""
    if not msg.HasField("live_score"):
        return None
    return [score_dict(s) for s in msg.live_score.scores]


def result_dict(msg: pb.GameResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "finished": msg.finished,
        "generation": msg.generation,
        "scores": [score_dict(s) for s in msg.scores],
        "winners": list(msg.winners),
    }
    if msg.HasField("solo_won"):
        data["solo_won"] = msg.solo_won
    return data


def options_dict(o: pb.GameOptions, seats: Sequence[pb.SeatInfo]) -> dict[str, Any]:
    """A table's options as the engine writes them (GameSettings' and GameSummary's)."""
    options: dict[str, Any] = {
        "players": o.players,
        "corporate_era": o.corporate_era,
        "draft": o.draft,
        "solo_tr63": o.solo_tr63,
        "beginner": [s.beginner for s in seats] if any(s.beginner for s in seats) else [],
        "map": o.map,
        "realtime_scoring": o.realtime_scoring_enabled
        if o.HasField("realtime_scoring_enabled")
        else o.realtime_scoring,  # a service from before the field: its meaning then
    }
    if o.undo:  # as the engine writes it: only when on
        options["undo"] = True
    if o.prelude:  # as the engine writes its options: only when on
        options["prelude"] = True
    if o.colonies:
        options["colonies"] = True
    if o.venus:  # Venus Next, with whether World Government Terraforming is played
        options["venus"] = True
        options["world_government"] = o.world_government if o.HasField("world_government") else True
    if o.HasField("seed"):
        options["seed"] = o.seed
    return options


def settings_dict(msg: pb.GameSettings) -> dict[str, Any]:
    return {
        "options": options_dict(msg.options, msg.seats),
        "seats": [seat_dict(s) for s in msg.seats],
        "seed_chosen": msg.seed_chosen,
        "creator_account_id": msg.creator_account_id,
        "time_control": time_control_dict(msg.time_control),
    }


def time_control_dict(msg: pb.TimeControl) -> dict[str, Any]:
    return {
        "seconds_per_game": msg.seconds_per_game,
        "seconds_per_decision": msg.seconds_per_decision,
        "decision_seconds": msg.decision_seconds,
        "timeout_policy": name_or_unknown(TIMEOUT_POLICIES, msg.timeout_policy)
        if msg.timeout_policy
        else "default",
        "timeouts_before_bot": msg.timeouts_before_bot,
    }


def clock_dict(msg: pb.SeatClock) -> dict[str, Any]:
    return {
        "seat": msg.seat,
        "remaining_ms": msg.remaining_ms,
        "deadline_ms": msg.deadline_ms,
        "timeouts": msg.timeouts,
        "handed_to_bot": msg.handed_to_bot,
    }


def seat_dict(msg: pb.SeatInfo) -> dict[str, Any]:
    return {
        "seat": msg.seat,
        "kind": "bot" if msg.kind == pb.SEAT_KIND_BOT else "human",
        "resigned": msg.resigned,
        "handed_to_bot": msg.handed_to_bot,
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
        "play": [{"card": c.card.number, **_rule(c.pay)} for c in msg.play],
        "standard_projects": [
            {"project": name_or_unknown(PROJECTS, p.project), **_rule(p.pay)}
            for p in msg.standard_projects
        ],
        "milestones": [{"name": m.name, **_rule(m.pay)} for m in msg.milestones],
        "awards": [{"name": a.name, **_rule(a.pay)} for a in msg.awards],
        "card_actions": [
            {
                "card": a.card.number,
                "choices": [
                    {"index": c.index, "label": c.label, **_rule(c.pay)} for c in a.choices
                ],
            }
            for a in msg.card_actions
        ],
        "convert_plants": msg.convert_plants,
        "convert_heat": msg.convert_heat,
        "end_turn": msg.end_turn,
        "pass": msg.can_pass,
        **(_trades(msg) if msg.HasField("trade") else {}),  # Colonies games only
    }


def _trades(msg: pb.ActionOptions) -> dict[str, Any]:
    listed = [
        {"tile": t.tile, "fee": name_or_unknown(TRADE_FEES, t.fee), "amount": t.amount}
        for t in msg.trades
    ]
    return {"trade": msg.trade, "trades": listed}


def _option(o: pb.LabelledOption) -> dict[str, Any]:
    """One labelled option; a coded label also has its code and parameters."""
    data: dict[str, Any] = {"index": o.index, "label": o.label, "enabled": o.enabled}
    if o.label_code:
        data.update(label_code=o.label_code, label_params=dict(o.label_params))
    return data


def decision_dict(msg: pb.Decision) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": name_or_unknown(DECISION_KINDS, msg.kind),
        "player": msg.seat,
        "prompt": msg.prompt,
    }
    # The question as a code and its parameters (engine/prompts.py), for a client that words
    # it in its own language; `prompt` stays the English text.
    if msg.prompt_code:
        data["prompt_code"] = msg.prompt_code
        data["prompt_params"] = dict(msg.prompt_params)
    if msg.source.number:
        data["source"] = msg.source.number
    if msg.undoable:
        data["undoable"] = msg.undoable
    which = msg.WhichOneof("options")
    if which == "action":
        data.update(_action(msg.action))
    elif which == "setup":
        data["corporations"] = [
            {"card": c.card.number, "max_cards": c.max_cards} for c in msg.setup.corporations
        ]
        data["cards"] = cards(msg.setup.cards)
    elif which == "cards":
        c = msg.cards
        data.update(
            cards=cards(c.cards),
            min=c.min,
            max=c.max,
            cost_each=c.cost_each,
            purpose=name_or_unknown(CARDS_PURPOSES, c.purpose),
        )
    elif which == "space":
        data.update(tile=name_or_unknown(TILES, msg.space.tile), spaces=list(msg.space.spaces))
    elif which == "player":
        data["seats"] = [target_value(t) for t in msg.player.targets]
    elif which == "option":
        data["options"] = [_option(o) for o in msg.option.options]
    elif which == "amount":
        data.update(min=msg.amount.min, max=msg.amount.max)
    elif which == "final_greenery":
        fg = msg.final_greenery
        data.update(convert_plants=fg.convert_plants, **{"pass": fg.can_pass})
    elif which == "play_card":
        data["play"] = [{"card": c.card.number, **_rule(c.pay)} for c in msg.play_card.play]
    return data


# --- the view -------------------------------------------------------------------------------


def _player(msg: pb.PlayerView) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seat": msg.seat,
        "corporation": card_or_none(msg.corporation),
        "terraform_rating": msg.terraform_rating,
        "resources": _resources(msg.resources),
        "production": _resources(msg.production),
        "hand_size": msg.hand_size,
        "played": cards(msg.played),
        "events": cards(msg.events),
        "card_resources": {r.card.number: r.count for r in msg.card_resources},
        "used_actions": cards(msg.used_actions),
        "passed": msg.passed,
    }
    if msg.HasField("fleets"):  # Colonies games only
        data.update(fleets=msg.fleets, fleets_home=msg.fleets_home, colonies=msg.colonies)
    if msg.HasField("own"):
        own = msg.own
        data.update(
            hand=cards(own.hand),
            dealt_corporations=cards(own.dealt_corporations),
            dealt=cards(own.dealt),
            draft_hand=cards(own.draft_hand),
            drafted=cards(own.drafted),
            preludes=cards(own.preludes),
            unplayable=[_unplayable(u) for u in own.unplayable],
        )
    return data


def _unplayable(msg: pb.UnplayableCard) -> dict[str, Any]:
    """A card in the viewer's hand not playable now, as the engine's view words it: a
    requirement with its kind, subject, bounds and the value now; a cost with its value."""
    entry: dict[str, Any] = {"card": msg.card.number, "reason": msg.reason}
    if msg.reason == "requirement":
        entry["kind"] = msg.kind
        for name in ("subject", "minimum", "maximum", "value"):
            entry[name] = getattr(msg, name) if msg.HasField(name) else None
    elif msg.reason == "cost":
        entry["value"] = msg.value
    return entry


def _standings(msg: pb.GameView) -> dict[str, Any]:
    """Every seat's count toward each milestone and award, as the engine's view has them."""

    def counts(seats: Any) -> list[int]:
        return [s.count for s in sorted(seats, key=lambda s: s.seat)]

    return {
        "milestone_progress": [
            {
                "name": m.name,
                "threshold": m.threshold,
                "at_most": m.at_most,
                "counts": counts(m.seats),
            }
            for m in msg.milestone_progress
        ],
        "award_standings": [
            {"name": a.name, "counts": counts(a.seats)} for a in msg.award_standings
        ],
    }


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
        "phase": name_or_unknown(PHASES, msg.phase),
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
                "tile": name_or_unknown(TILES, t.tile),
                "owner": owner_value(t.owner),
                **({"card": t.card.number} if t.card.number else {}),
            }
            for t in msg.board
        ],
        "claims": [{"space": c.space, "owner": owner_value(c.owner)} for c in msg.claims],
        "milestones": [{"name": m.name, "owner": m.owner} for m in msg.milestones],
        "awards": [{"name": a.name, "funder": a.funder} for a in msg.awards],
        "players": [_player(p) for p in msg.players],
        "waiting_for": list(msg.waiting_for),
        "decisions": [decision_dict(d) for d in msg.decisions],
        "clocks": [clock_dict(c) for c in msg.clocks],
        **_standings(msg),
    }
    scores = live_scores(msg)
    if scores is not None:
        data["live_scores"] = scores
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    if msg.HasField("venus"):  # Venus Next games only, as the engine's view has it
        data["venus"] = msg.venus
    if msg.colony_tiles or msg.settings.options.colonies:  # Colonies games only
        data["colony_tiles"] = [colony_tile_dict(t) for t in msg.colony_tiles]
    return data


def colony_tile_dict(msg: pb.ColonyTile) -> dict[str, Any]:
    return {
        "name": msg.name,
        "active": msg.active,
        "marker": msg.marker,
        "colonies": list(msg.colonies),
        "fleet": msg.fleet if msg.HasField("fleet") else None,
    }


# --- answers and events ---------------------------------------------------------------------


def _log_arg(msg: pb.LogArg) -> int | str:
    which = msg.WhichOneof("value")
    if which == "number":
        return msg.number
    if which == "card":
        return msg.card.number
    return msg.text


def event_dict(msg: pb.GameEvent) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": msg.version,
        "kind": name_or_unknown(EVENT_KINDS, msg.kind),
        "seat": msg.seat if msg.HasField("seat") else None,
        "bot": msg.bot,
        "log": [[e.kind, *(_log_arg(a) for a in e.args)] for e in msg.log],
        "waiting_for": list(msg.waiting_for),
        "phase": name_or_unknown(PHASES, msg.phase),
        "generation": msg.generation,
        "finished": msg.finished,
        "time_ms": msg.time_ms,
        "timed_out": msg.timed_out,
        "handed_to_bot": msg.handed_to_bot,
        "clocks": [clock_dict(c) for c in msg.clocks],
    }
    if msg.HasField("answer"):
        a = msg.answer
        answer: dict[str, Any] = {"type": name_or_unknown(ANSWER_KINDS, a.type), "hidden": a.hidden}
        if a.hidden:
            answer["count"] = a.count
        else:
            answer["text"] = a.text
            answer["answer"] = answer_to_dict(a.answer)
        data["answer"] = answer
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    scores = live_scores(msg)
    if scores is not None:
        data["live_scores"] = scores
    return data


def summary_dict(msg: pb.GameSummary) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game_id": msg.game_id,
        "status": status_name(msg.status),
        "version": msg.version,
        "players": msg.players,
        "seats": [seat_dict(s) for s in msg.seats],
        "generation": msg.generation,
        "phase": name_or_unknown(PHASES, msg.phase),
        "waiting_for": list(msg.waiting_for),
        "created_at_ms": msg.created_at_ms,
        "updated_at_ms": msg.updated_at_ms,
        "seed_chosen": msg.seed_chosen,
    }
    if msg.HasField("options"):  # a service from before GameSummary.options has none
        data["options"] = options_dict(msg.options, msg.seats)
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data


def log_dict(msg: pb.GameLog) -> dict[str, Any]:
    """The replay export: `Game.replay(GameOptions.from_data(log["options"]),
    [(a["seat"], a["text"]) for a in log["answers"]], rules=log["rules"])` rebuilds the game;
    one created from a position has it under "position" (once over), and
    `Game.replay_from(log["position"], answers)` rebuilds it."""
    settings = settings_dict(msg.settings)
    data: dict[str, Any] = {
        "format": msg.format,
        "game_id": msg.game_id,
        "options": settings["options"],
        "seats": settings["seats"],
        "time_control": settings["time_control"],
        "seed_chosen": settings["seed_chosen"],
        "answers": [
            {
                "version": a.version,
                "seat": a.seat,
                "text": a.text,
                "bot": a.bot,
                "timed_out": a.timed_out,
                **({"hidden": True, "count": a.count} if a.hidden else {}),
            }
            for a in msg.answers
        ],
        "status": status_name(msg.status),
        "version": msg.version,
        "rules": msg.rules_version or 1,  # 0: a service of before versions (version 1 only)
    }
    if msg.position:
        data["position"] = json.loads(msg.position)
    if msg.HasField("result"):
        data["result"] = result_dict(msg.result)
    return data


def position_text(position: Mapping[str, Any] | str | None) -> tuple[str, int]:
    """CreateGameRequest.position for a position given as a dict or as JSON text, written
    compact (the request's size is bound, and a pretty-printed file can be twice as large),
    with its number of players (0 when it does not say one that could be). Text that is not JSON is sent as it
    is, for the service to refuse with its reason."""
    if position is None:
        return "", 0
    data: Any = position
    if isinstance(position, str):
        try:
            data = json.loads(position)
        except ValueError:
            return position, 0
    if not isinstance(data, Mapping):
        return position if isinstance(position, str) else json.dumps(data), 0
    options = data.get("options")
    players = options.get("players") if isinstance(options, Mapping) else None
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if not isinstance(players, int) or isinstance(players, bool) or not 0 < players <= 64:
        players = 0  # no count to build seats for: the service tells what is wrong with it
    return text, players
