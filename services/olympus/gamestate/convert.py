"""Engine data <-> protobuf, at the edge of the service and nowhere else.

The engine speaks in plain dicts (`Game.view`, `Decision.to_dict`, `Answer.to_dict`, `result`);
this module maps them field by field onto the messages of `olympus/v1/game.proto` and back.
The action decision also gets what a remote client needs to pay without knowing the rules:
for each cost, how much steel, titanium and heat may go in, and one legal payment.
"""

from __future__ import annotations

from typing import Any

from olympus.api.answers import (
    answer_to_dict,
    answer_to_proto as wire_answer_to_proto,
    target_proto,
)
from olympus.api.cards import card_ref, card_refs, is_card_number
from olympus.api.vocab import (
    CARDS_PURPOSES,
    DECISION_KINDS,
    PHASES,
    PROJECTS,
    TILES,
    TRADE_FEES,
    value_of,
)
from olympus.engine import Answer, Decision, Game, from_dict
from olympus.engine.actions import Payment
from olympus.engine.cards.catalogue import get as card_def
from olympus.engine.cards.model import card_id, card_number
from olympus.engine.constants import HEAT, NEUTRAL, STEEL, TITANIUM
from olympus.engine.decisions import SelectOption
from olympus.engine.errors import MalformedAction
from olympus.engine.payment import PayRule, payments
from olympus.engine.prelude import PlayFromHand
from olympus.engine.turn import TurnDecision
from olympus.engine.turn_options import feasible_after_payment
from olympus.v1 import game_pb2 as pb

RESOURCE_FIELDS = ("megacredits", "steel", "titanium", "plants", "energy", "heat")


# --- small pieces ---------------------------------------------------------------------------


def owner(value: int | str | None) -> pb.Owner:
    if value is None or (isinstance(value, int) and value < 0 and value != NEUTRAL):
        return pb.Owner()
    if value == "neutral" or value == NEUTRAL:
        return pb.Owner(neutral=True)
    return pb.Owner(seat=int(value))


def result_to_proto(result: dict[str, Any]) -> pb.GameResult:
    msg = pb.GameResult(
        finished=result["finished"],
        generation=result["generation"],
        scores=[pb.SeatScore(**s) for s in result["scores"]],
        winners=result["winners"],
    )
    if "solo_won" in result:
        msg.solo_won = result["solo_won"]
    return msg


def log_entry(entry: tuple[Any, ...]) -> pb.LogEntry:
    args = []
    for value in entry[1:]:
        if isinstance(value, int) and not isinstance(value, bool):
            args.append(pb.LogArg(number=value))
        elif value is None:
            args.append(pb.LogArg(text="none"))
        elif isinstance(value, str) and is_card_number(value):
            args.append(pb.LogArg(card=card_ref(value)))
        else:
            args.append(pb.LogArg(text=str(value)))
    return pb.LogEntry(kind=str(entry[0]), args=args)


# --- the view ---------------------------------------------------------------------------------


def _player(entry: dict[str, Any]) -> pb.PlayerView:
    msg = pb.PlayerView(
        seat=entry["seat"],
        terraform_rating=entry["terraform_rating"],
        resources=pb.ResourceCounts(**entry["resources"]),
        production=pb.ResourceCounts(**entry["production"]),
        hand_size=entry["hand_size"],
        played=card_refs(entry["played"]),
        events=card_refs(entry["events"]),
        card_resources=[
            pb.CardResources(card=card_ref(number), count=count)
            for number, count in entry["card_resources"].items()
        ],
        used_actions=card_refs(entry["used_actions"]),
        passed=entry["passed"],
    )
    if entry["corporation"]:
        msg.corporation.CopyFrom(card_ref(entry["corporation"]))
    if "fleets" in entry:  # the Colonies expansion
        msg.fleets = entry["fleets"]
        msg.fleets_home = entry["fleets_home"]
        msg.colonies = entry["colonies"]
    if "hand" in entry:
        msg.own.CopyFrom(
            pb.OwnCards(
                hand=card_refs(entry["hand"]),
                dealt_corporations=card_refs(entry["dealt_corporations"]),
                dealt=card_refs(entry["dealt"]),
                draft_hand=card_refs(entry["draft_hand"]),
                drafted=card_refs(entry["drafted"]),
                preludes=card_refs(entry["preludes"]),
                unplayable=[_unplayable(u) for u in entry.get("unplayable", ())],
            )
        )
    return msg


def _unplayable(entry: dict[str, Any]) -> pb.UnplayableCard:
    """A card in the viewer's hand not playable now (the view's `unplayable`); the
    requirement's fields and the value only where the engine gave them."""
    msg = pb.UnplayableCard(
        card=card_ref(entry["card"]), reason=entry["reason"], kind=entry.get("kind", "")
    )
    for name in ("subject", "minimum", "maximum", "value"):
        if entry.get(name) is not None:
            setattr(msg, name, entry[name])
    return msg


def _standings(data: dict[str, Any]) -> dict[str, Any]:
    """The view's milestone progress and award standings as their messages."""

    def seats(counts: list[int]) -> list[pb.SeatCount]:
        return [pb.SeatCount(seat=seat, count=n) for seat, n in enumerate(counts)]

    return {
        "milestone_progress": [
            pb.MilestoneProgress(
                name=m["name"],
                threshold=m["threshold"],
                at_most=m["at_most"],
                seats=seats(m["counts"]),
            )
            for m in data.get("milestone_progress", ())
        ],
        "award_standings": [
            pb.AwardStanding(name=a["name"], seats=seats(a["counts"]))
            for a in data.get("award_standings", ())
        ],
    }


def view_to_proto(game: Game, viewer: int | None) -> pb.GameView:
    """The engine's view for `viewer`; the service adds id, version, status and settings."""
    # Live scores are the service's to add, from its per-version cache and the table's setting.
    data = game.view(viewer, live_scores=False)
    msg = pb.GameView(
        generation=data["generation"],
        phase=value_of(PHASES, data["phase"]),
        first_player=data["first_player"],
        temperature=data["temperature"],
        oxygen=data["oxygen"],
        oceans=data["oceans"],
        deck_size=data["deck_size"],
        discard_size=data["discard_size"],
        board=[
            pb.Tile(
                space=t["space"],
                tile=value_of(TILES, t["tile"]),
                owner=owner(t["owner"]),
                card=card_ref(t["card"]) if t.get("card") else None,
            )
            for t in data["board"]
        ],
        claims=[pb.SpaceClaim(space=c["space"], owner=owner(c["owner"])) for c in data["claims"]],
        milestones=[
            pb.MilestoneClaim(name=m["name"], owner=m["owner"]) for m in data["milestones"]
        ],
        awards=[pb.AwardFunding(name=a["name"], funder=a["funder"]) for a in data["awards"]],
        players=[_player(p) for p in data["players"]],
        waiting_for=data["waiting_for"],
        decisions=[decision_to_proto(d) for d in game.decisions() if d.player == viewer],
        **_standings(data),
    )
    if viewer is not None:
        msg.viewer = viewer
    if data["active_player"] is not None:
        msg.active_player = data["active_player"]
    if "result" in data:
        msg.result.CopyFrom(result_to_proto(data["result"]))
    if "venus" in data:  # Venus Next: the scale, in Venus games' views only
        msg.venus = data["venus"]
    for t in data.get("colony_tiles", ()):  # the Colonies expansion
        tile = msg.colony_tiles.add(
            name=t["name"], active=t["active"], marker=t["marker"], colonies=t["colonies"]
        )
        if t["fleet"] is not None:
            tile.fleet = t["fleet"]
    return msg


# --- decisions --------------------------------------------------------------------------------


def _pay_rule(game: Game, seat: int, rule: PayRule, card: int = 0) -> pb.PayRule:
    """The rule with the most of each resource that may go in, and one legal payment."""
    p = game.players[seat]
    res = p.res
    cost = rule.cost
    suggested: Payment | None = None
    effects = card_def(card).play if card else ()
    for pay in payments(p, rule):
        if not card or feasible_after_payment(game, p, card, effects, rule, pay):
            suggested = pay
            break
    msg = pb.PayRule(
        cost=cost,
        steel_value=rule.steel,
        titanium_value=rule.titanium,
        heat=rule.heat,
        max_steel=min(res[STEEL], -(-cost // rule.steel)) if rule.steel else 0,
        max_titanium=min(res[TITANIUM], -(-cost // rule.titanium)) if rule.titanium else 0,
        max_heat=min(res[HEAT], cost) if rule.heat else 0,
    )
    if suggested is not None:
        msg.suggested.CopyFrom(
            pb.Payment(steel=suggested.steel, titanium=suggested.titanium, heat=suggested.heat)
        )
    return msg


def _action_options(d: TurnDecision) -> pb.ActionOptions:
    o = d.options
    game: Game = d.g  # type: ignore[assignment]
    seat = d.player
    data = d.to_dict()
    msg = pb.ActionOptions(
        actions_taken=data["actions_taken"],
        play=[
            pb.PlayableCard(
                card=card_ref(c["card"]),
                pay=_pay_rule(game, seat, o.cards[card_id(c["card"])], card_id(c["card"])),
            )
            for c in data["play"]
        ],
        standard_projects=[
            pb.StandardProjectChoice(project=value_of(PROJECTS, n), pay=_pay_rule(game, seat, rule))
            for n, rule in o.projects.items()
        ],
        milestones=[
            pb.PayableChoice(name=n, pay=_pay_rule(game, seat, rule))
            for n, rule in o.milestones.items()
        ],
        awards=[
            pb.PayableChoice(name=n, pay=_pay_rule(game, seat, rule))
            for n, rule in o.awards.items()
        ],
        card_actions=[
            pb.CardActionOption(
                card=card_ref(a["card"]),
                choices=[
                    pb.CardActionChoice(
                        index=c["index"],
                        label=c["label"],
                        pay=_pay_rule(game, seat, o.actions[card_id(a["card"])][c["index"]]),
                    )
                    for c in a["choices"]
                ],
            )
            for a in data["card_actions"]
        ],
        convert_plants=data["convert_plants"],
        convert_heat=data["convert_heat"],
        end_turn=data["end_turn"],
        can_pass=data["pass"],
    )
    if "trade" in data:  # the Colonies expansion's games only
        msg.trade = data["trade"]
        msg.trades.extend(
            pb.TradeChoice(tile=t["tile"], fee=value_of(TRADE_FEES, t["fee"]), amount=t["amount"])
            for t in data["trades"]
        )
    return msg


def decision_to_proto(d: Decision) -> pb.Decision:
    msg = pb.Decision(
        seat=d.player,
        kind=value_of(DECISION_KINDS, d.kind),
        prompt=d.prompt,
        prompt_code=d.prompt_code,
        prompt_params=d.prompt_params,
        undoable=d.undoable,
    )
    if isinstance(d, TurnDecision):
        msg.action.CopyFrom(_action_options(d))
        return msg
    data = d.to_dict()
    if data.get("source"):
        msg.source.CopyFrom(card_ref(data["source"]))
    kind = d.kind
    if kind == "setup":
        msg.setup.CopyFrom(
            pb.SetupOptions(
                corporations=[
                    pb.CorporationOffer(card=card_ref(c["card"]), max_cards=c["max_cards"])
                    for c in data["corporations"]
                ],
                cards=card_refs(data["cards"]),
            )
        )
    elif kind == "cards":
        msg.cards.CopyFrom(
            pb.CardsOptions(
                cards=card_refs(data["cards"]),
                min=data["min"],
                max=data["max"],
                cost_each=data["cost_each"],
                purpose=value_of(CARDS_PURPOSES, data["purpose"]),
            )
        )
    elif kind == "space":
        msg.space.CopyFrom(
            pb.SpaceOptions(tile=value_of(TILES, data["tile"]), spaces=data["spaces"])
        )
    elif kind == "player":
        msg.player.CopyFrom(pb.PlayerOptions(targets=[target_proto(s) for s in data["seats"]]))
    elif kind == "option":
        assert isinstance(d, SelectOption)
        msg.option.CopyFrom(
            pb.OptionOptions(
                options=[
                    pb.LabelledOption(
                        **o,
                        label_code=coded.code if coded else "",
                        label_params=coded.sent_params if coded else {},
                    )
                    for o, coded in zip(data["options"], d.label_prompts, strict=True)
                ]
            )
        )
    elif kind == "amount":
        msg.amount.CopyFrom(pb.AmountOptions(min=data["min"], max=data["max"]))
    elif kind == "final_greenery":
        msg.final_greenery.CopyFrom(
            pb.FinalGreeneryOptions(convert_plants=data["convert_plants"], can_pass=data["pass"])
        )
    elif kind == "play_card":
        assert isinstance(d, PlayFromHand)
        game: Game = d.g  # type: ignore[assignment]
        msg.play_card.CopyFrom(
            pb.PlayCardOptions(
                play=[
                    pb.PlayableCard(
                        card=card_ref(card_number(c)), pay=_pay_rule(game, d.player, r, c)
                    )
                    for c, r in d.rules.items()
                ]
            )
        )
    else:  # a decision kind this service does not know yet: the engine grew one
        raise ValueError(f"no protobuf form for decision kind {kind!r}")
    return msg


# --- answers ----------------------------------------------------------------------------------
# One mapping for both ends (`olympus.api.answers`), on the engine's dict form.


def answer_from_proto(msg: pb.Answer) -> Answer:
    """The engine answer for a structured answer; MalformedAction when it makes no sense."""
    data = answer_to_dict(msg)
    if data is None:
        raise MalformedAction("the answer is empty: set one of its fields")
    return from_dict(data)


def answer_to_proto(answer: Answer) -> pb.Answer:
    return wire_answer_to_proto(answer.to_dict())
