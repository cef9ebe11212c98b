"""Read-only questions about a game: tags, counts, costs, requirements, resource values.

Nothing here changes the state. These functions are the one place where each rule is
computed; legality checks and option lists both call them.
"""

from __future__ import annotations

from typing import Any

from .cards.catalogue import get as card_def
from .cards.model import CardDef, Requirement, Trigger
from .colony_state import colonies_in_play, colonies_of
from .constants import (
    CARD_BUY_COST,
    CITY,
    FLOATER,
    GREENERY,
    HEAT,
    OCEANS_MAX,
    OXYGEN_MAX,
    RESOURCE_INDEX,
    STEEL_VALUE,
    TEMPERATURE_MAX,
    TITANIUM_VALUE,
    VENUS_STEP,
)
from .state import GameState, Player


def tableau(p: Player) -> list[int]:
    """The cards whose effects are in play for this player: corporation first, then projects."""
    return [p.corp, *p.played] if p.corp else p.played


class TableauEffects:
    """What the cards in play change about costs and values, summed once per tableau: the
    action menu asks these at every decision for every card and project in it."""

    __slots__ = (
        "action_cards",
        "discounts",
        "fixed_points",
        "greenery_plants",
        "leniency",
        "project_discounts",
        "scored_cards",
        "steel_bonus",
        "tag_discounts",
        "tags",
        "titanium_bonus",
        "trade_discount",
        "trade_offset",
        "triggers",
        "venus_leniency",
    )

    def __init__(self, p: Player) -> None:
        tags: dict[str, int] = {}
        discounts: list[tuple[str | None, int]] = []
        tag_discounts: list[tuple[str, int]] = []
        projects: dict[str, int] = {}
        self.leniency = self.steel_bonus = self.titanium_bonus = self.venus_leniency = 0
        self.trade_discount = self.trade_offset = 0  # Colonies: fee cuts, track steps
        self.greenery_plants: int | None = None
        actions: list[int] = []
        triggers: dict[str, list[tuple[int, Trigger]]] = {}
        # Victory points: fixed ones summed here, the cards whose points vary kept apart (a
        # live score is computed for every version of a game, and by the bots at every leaf).
        self.fixed_points = 0
        scored: list[int] = []
        for cid in tableau(p):
            card = card_def(cid)
            if card.vp is not None:
                if card.vp.kind == "fixed":
                    self.fixed_points += card.vp.points
                else:
                    scored.append(cid)
            if card.actions:
                actions.append(cid)
            for trigger in card.triggers:
                triggers.setdefault(trigger.event, []).append((cid, trigger))
            for t in card.tags:
                tags[t] = tags.get(t, 0) + 1
            discounts.extend(card.discounts)
            tag_discounts.extend(card.tag_discounts)
            for name, value in card.project_discounts:
                projects[name] = projects.get(name, 0) + value
            self.leniency += card.leniency
            self.venus_leniency += card.venus_leniency
            self.steel_bonus += card.steel_bonus
            self.titanium_bonus += card.titanium_bonus
            self.trade_discount += card.trade_discount
            self.trade_offset += card.trade_offset
            if self.greenery_plants is None:
                self.greenery_plants = card.greenery_plants
        self.tags = tags
        # Cards with actions, and triggers by event, in tableau order: the action menu and
        # every event look only at these instead of walking the whole tableau.
        self.action_cards = tuple(actions)
        self.scored_cards = tuple(scored)
        self.triggers = {event: tuple(found) for event, found in triggers.items()}
        self.discounts = tuple(discounts)
        self.tag_discounts = tuple(tag_discounts)
        self.project_discounts = projects


def tableau_effects(p: Player) -> TableauEffects:
    """The summary of the player's tableau, cached on the player until a card joins it (cards
    only ever join a tableau; a loaded or undone state starts with no cache)."""
    key = len(p.played) * 4096 + p.corp
    if p._effects is not None and p._tags_key == key:
        effects: TableauEffects = p._effects
        return effects
    effects = TableauEffects(p)
    p._effects = effects
    p._tags = effects.tags
    p._tags_key = key
    return effects


def tags_of(p: Player) -> dict[str, int]:
    """Tags in play (corporation and project cards; events do not count). Cached per player."""
    return tableau_effects(p).tags


def tag_count(p: Player, tag: str) -> int:
    """Tags counted when the player acts (requirements, effects, milestones): wild tags
    (Prelude's Research Coordination and Research Network) count as any tag."""
    tags = tags_of(p)
    n = tags.get(tag, 0)
    if tag != "wild":
        n += tags.get("wild", 0)
    return n


def printed_tag_count(p: Player, tag: str) -> int:
    """Tags as printed, wild tags not standing in (victory points per tag)."""
    return tags_of(p).get(tag, 0)


def tiles_owned(g: GameState, seat: int, kind: int) -> int:
    tiles = g.tiles
    return sum(1 for i, o in enumerate(g.owners) if o == seat and tiles[i] == kind)


def cities_in_play(g: GameState, where: str = "all") -> int:
    """City tiles of every owner; `where` = "mars" leaves out off-Mars cities."""
    spaces = g.map.spaces
    n = 0
    for sid, kind in enumerate(g.tiles):
        if kind == CITY:
            sp = spaces[sid]
            if where == "all" or (sp is not None and sp.row >= 0):
                n += 1
    return n


def amount(g: GameState, p: Player, value: Any) -> int:
    """Evaluate an int or a count spec (see `cards.dsl`)."""
    if isinstance(value, int):
        return value
    head = value[0]
    if head == "count":
        _, what, subject, divisor, *plus = value  # plus: a constant added before dividing
        n = plus[0] if plus else 0
        if what == "tags":
            n += tag_count(p, subject)
        elif what == "cities":
            n += cities_in_play(g, subject) if subject != "own" else tiles_owned(g, p.seat, CITY)
        elif what == "opponent_tags":
            # Wild tags stand in only for their owner's own requirements and effects: other
            # players' tags are counted as printed (Galilean Waystation, Toll Station).
            n += sum(printed_tag_count(q, subject) for q in g.players if q is not p)
        elif what == "events":
            n += sum(len(q.events) for q in g.players)
        elif what == "colonies":  # Colonies: "own" or "all" (every player's)
            n += colonies_of(g, p.seat) if subject == "own" else colonies_in_play(g)
        elif what == "card_resources":  # Colonies: resources of a kind on the player's cards
            n += card_resources(p, subject)
        elif what == "tagless":  # Colonies: the player's cards in play without tags
            # A wild tag is no tag of a kind: a card whose only tags are wild counts as tagless
            # (Research Coordination, Research Network), as in the TypeScript implementation.
            n += sum(1 for c in tableau(p) if all(t == "wild" for t in card_def(c).tags))
        else:
            raise ValueError(f"unknown count {what!r}")
        return n // int(divisor)
    if head == "threshold":
        _, tag, needed, high, low = value
        return int(high) if tag_count(p, tag) >= needed else int(low)
    raise ValueError(f"unknown amount {value!r}")


# --- passive effects of cards in play ---------------------------------------------------------


def leniency(p: Player) -> int:
    total = tableau_effects(p).leniency
    for mod, value in p.mods:
        if mod == "leniency":
            total += value
    return total


def steel_value(p: Player) -> int:
    return STEEL_VALUE + tableau_effects(p).steel_bonus


def titanium_value(p: Player) -> int:
    return TITANIUM_VALUE + tableau_effects(p).titanium_bonus


def card_resources(p: Player, kind: str) -> int:
    """How many `kind` resources the player has on cards in play (floaters for Airliners)."""
    return sum(p.card_res.get(c, 0) for c in tableau(p) if card_def(c).resource == kind)


def card_buy_cost(p: Player) -> int:
    """What one card bought costs this player (3 M€; Polyphemos pays 5)."""
    if p.corp:
        cost = card_def(p.corp).card_buy_cost
        if cost is not None:
            return cost
    return CARD_BUY_COST


def heat_floaters(p: Player) -> list[tuple[int, int, int]]:
    """(card, floaters, heat each) that may stand in for heat (Stormcraft Incorporated)."""
    out = []
    for c, n in p.card_res.items():  # cards in play that hold resources (few, often none)
        if n and (value := card_def(c).floater_heat):
            out.append((c, n, value))
    return out


def spendable_heat(p: Player) -> int:
    """The heat this player can spend: heat, plus floaters worth heat (Stormcraft)."""
    return p.res[HEAT] + sum(n * value for _, n, value in heat_floaters(p))


def heat_as_mc(p: Player) -> bool:
    return p.corp != 0 and card_def(p.corp).heat_as_mc


def greenery_plant_cost(p: Player) -> int:
    cost = tableau_effects(p).greenery_plants
    return 8 if cost is None else cost


def card_cost(p: Player, card: CardDef) -> int:
    """The least the card can cost this player now in M€ and metals: printed cost less
    discounts, less what card resources of theirs can pay without paying more than the cost
    (`resource_payer`), never below 0. How it is paid is `turn_options.card_rule`."""
    cost = _discounted_cost(p, card)
    payer = resource_payer(p, card)
    if payer is not None:
        _, held, value = payer
        cost -= min(held, cost // value) * value
    return cost


def discounted_cost(p: Player, card: CardDef) -> int:
    """The card's printed cost less the discounts in play, never below 0: the cost its payment
    covers, card resources included."""
    return _discounted_cost(p, card)


def resource_payer(p: Player, card: CardDef) -> tuple[int, int, int] | None:
    """(card, resources held, M€ each): the player's card whose resources may pay toward this
    card (Psychrophiles' microbes for plant cards), or None when no such card holds any. How
    many go in is the player's choice (`payment.resource_choices`)."""
    # Only cards holding resources can pay with them: a few in play, often none (a card's
    # every cost goes through here, so the whole tableau is not walked).
    for cid, held in p.card_res.items():
        if not held:
            continue
        pays = card_def(cid).resource_pays
        if pays is not None and pays[0] in card.tags:
            return cid, held, pays[1]
    return None


def _discounted_cost(p: Player, card: CardDef) -> int:
    cost = card.cost or 0
    tags = card.tags
    effects = tableau_effects(p)
    for tag, value in effects.discounts:
        if tag is None or tag in tags:
            # "When you play a space card": once per card, however many space tags it carries.
            cost -= value
    for tag, value in effects.tag_discounts:
        # "When you play an Earth tag": once per printed Earth tag (wild tags do not count).
        cost -= value * tags.count(tag)
    for mod, value in p.mods:
        if mod == "discount":
            cost -= value
    return cost if cost > 0 else 0


def project_cost(p: Player, project: str, base: int) -> int:
    cost = base - tableau_effects(p).project_discounts.get(project, 0)
    return cost if cost > 0 else 0


# --- requirements -----------------------------------------------------------------------------


def requirement_failure(
    g: GameState, p: Player, card: CardDef, ignore_global: bool = False
) -> str | None:
    """Why the card's requirements are not met, or None when they are."""
    unmet = unmet_requirement(g, p, card, ignore_global)
    return None if unmet is None else unmet_text(unmet)


def unmet_text(unmet: tuple[Requirement, int]) -> str:
    """A requirement not met, in words (`unmet_requirement`'s answer)."""
    r, value = unmet
    return f"requires {r.text()} (now {value})"


def unmet_requirement(
    g: GameState, p: Player, card: CardDef, ignore_global: bool = False
) -> tuple[Requirement, int] | None:
    """The first requirement not met and the value it looked at, or None when all are met.

    The action menu asks this for every card in hand at every decision: it words nothing."""
    if not card.requirements:
        return None
    lenient = leniency(p)
    for r in card.requirements:
        if r.is_global and ignore_global:
            continue
        value, slack = _requirement_value(g, p, r)
        if r.kind == "venus":  # Morning Star Inc.'s own steps add to the global ones
            slack *= lenient + tableau_effects(p).venus_leniency
        else:
            slack *= lenient if r.is_global else 0
        if r.minimum is not None and value + slack < r.minimum:
            return r, value
        if r.maximum is not None and value - slack > r.maximum:
            return r, value
    return None


def _requirement_value(g: GameState, p: Player, r: Requirement) -> tuple[int, int]:
    """The current value a requirement looks at, and the size of one leniency step."""
    kind = r.kind
    if kind == "temperature":
        return g.temperature, 2
    if kind == "oxygen":
        return g.oxygen, 1
    if kind == "oceans":
        return g.oceans, 1
    if kind == "venus":  # Venus Next: one leniency step is 2%
        return g.venus, VENUS_STEP
    if kind == "tr":  # Venus Next: the player's own terraform rating
        return p.tr, 0
    if kind == "tag":
        return tag_count(p, r.subject or ""), 0
    if kind == "production":
        return p.prod[RESOURCE_INDEX[r.subject or ""]], 0
    if kind == "greeneries":
        return tiles_owned(g, p.seat, GREENERY), 0
    if kind == "cities":  # every player's, or the player's own ("cities>=1": Colonies)
        if r.subject == "own":
            return tiles_owned(g, p.seat, CITY), 0
        return cities_in_play(g), 0
    if kind == "floaters":  # Colonies: floaters on the player's cards
        return card_resources(p, FLOATER), 0
    if kind == "colonies":  # Colonies: the player's own colonies
        return colonies_of(g, p.seat), 0
    raise ValueError(f"unknown requirement kind {kind!r}")


def terraformed(g: GameState) -> bool:
    return g.temperature >= TEMPERATURE_MAX and g.oxygen >= OXYGEN_MAX and g.oceans >= OCEANS_MAX


def adjacent_count(g: GameState, space: int, kind: int) -> int:
    sp = g.map.spaces[space]
    if sp is None:
        return 0
    tiles = g.tiles
    return sum(1 for n in sp.neighbours if tiles[n] == kind)
