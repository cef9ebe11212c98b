"""Small constructors that spell card effects as instruction tuples.

Each function returns one instruction (a tuple) or a tuple of them; the interpreter in
`olympus.engine.ops` gives each its meaning. Amounts are ints or *count specs*, evaluated when
the instruction runs:

    per_tag("plant")            1 per plant tag you have (the card being played counts)
    per_tag("building", 2)      1 per 2 building tags
    per_city("mars")            1 per city tile on Mars (all players); "all" includes off-Mars
    per_opponent_tag("space")   1 per space tag your opponents have
    per_event()                 1 per event card played by anyone
    tag_threshold("plant", 3, 4, 1)  4 if you have ≥ 3 plant tags, else 1
"""

from __future__ import annotations

from typing import Any

from .model import CardAction, Instr, Requirement, Trigger, VictoryPoints

Amount = int | tuple[Any, ...]

# --- amounts ----------------------------------------------------------------------------------


def per_tag(tag: str, divisor: int = 1, plus: int = 0) -> tuple[Any, ...]:
    """1 per `divisor` of your `tag` tags; `plus` more tags counted (an event's own tag,
    which is not in play: Solar Probe)."""
    return ("count", "tags", tag, divisor, plus) if plus else ("count", "tags", tag, divisor)


def per_city(where: str = "all", divisor: int = 1) -> tuple[Any, ...]:
    return ("count", "cities", where, divisor)


def per_opponent_tag(tag: str) -> tuple[Any, ...]:
    return ("count", "opponent_tags", tag, 1)


def per_event() -> tuple[Any, ...]:
    return ("count", "events", "all", 1)


def tag_threshold(tag: str, needed: int, high: int, low: int) -> tuple[Any, ...]:
    return ("threshold", tag, needed, high, low)


# --- resources and production -----------------------------------------------------------------


def gain(resource: str, amount: Amount) -> Instr:
    return ("gain", resource, amount)


def spend(resource: str, amount: int) -> Instr:
    """A mandatory loss of your own resource (the card needs you to have it). Heat has an
    instruction of its own: floaters may stand in for it (Stormcraft Incorporated)."""
    if resource == "heat":
        return ("spend_heat", amount)
    return ("gain", resource, -amount)


def prod(resource: str, amount: Amount) -> Instr:
    return ("prod", resource, amount)


def tr(amount: Amount) -> Instr:
    return ("tr", amount)


def temperature(steps: int = 1) -> Instr:
    return ("raise", "temperature", steps)


def oxygen(steps: int = 1) -> Instr:
    return ("raise", "oxygen", steps)


def venus(steps: int = 1) -> Instr:
    """Raise the Venus scale (Venus Next): 1 TR per step, and its bonus steps."""
    return ("raise", "venus", steps)


def draw(n: Amount) -> Instr:
    return ("draw", n)


def look(n: int, keep: int) -> Instr:
    """Reveal the top `n` cards, keep exactly `keep` (free), discard the rest."""
    return ("look", n, keep)


def buy_top() -> Instr:
    """Reveal the top card: buy it for 3 M€ or discard it."""
    return ("buy_top",)


# --- tiles ------------------------------------------------------------------------------------


def _place(tile: str, rule: str, then: str | None) -> Instr:
    return ("place", tile, rule, then) if then else ("place", tile, rule)


def ocean(rule: str = "ocean", then: str | None = None) -> Instr:
    """Place an ocean; `then` names an instruction run with the chosen space ("flood")."""
    return _place("ocean", rule, then)


def greenery(rule: str = "greenery") -> Instr:
    return _place("greenery", rule, None)


def city(rule: str = "city") -> Instr:
    return _place("city", rule, None)


def special_tile(rule: str, then: str | None = None) -> Instr:
    """The card's own tile (Mohole Area, Nuclear Zone, ...), placed by `rule`; `then` may be
    "mining_prod" (Mining Rights / Mining Area: +1 production of the space's metal)."""
    return _place("special", rule, then)


def claim() -> Instr:
    """Land Claim: mark a free land space as yours to build on."""
    return ("claim",)


# --- resources on cards -----------------------------------------------------------------------


ANY_RESOURCE: tuple[str, ...] = ()  # `add`'s kinds for "add 1 resource" (any kind the card holds)


def add(
    kind: str | tuple[str, ...],
    n: Amount = 1,
    target: str = "self",
    required: bool = False,
    tag: str = "",
) -> Instr:
    """Add `n` card resources (an int or a count spec such as `per_tag`) of `kind` (one kind,
    several, or ANY_RESOURCE). Target, as printed: "self" (this card), "other" (ANOTHER card:
    another card of yours that holds `kind`), "any" (a card of yours, this one included) or
    "any_player" (ANY card: any player's card that holds `kind`, this one included). `tag`:
    only cards with that tag ("venus": a Venus card). With nowhere to go they are lost, unless
    `required`: then the effect counts as impossible (a `choose` alternative or an action
    with no card to take them is not offered)."""
    return ("add", kind, n, target, 1 if required else 0, *((tag,) if tag else ()))


def add_to_card(card: Any, n: int = 1) -> Instr:
    """Add resources to one named card ("$played": the card that fired the trigger)."""
    return ("add_to", card, n)


def add_to_existing(n: int = 1) -> Instr:
    """Add resources to one of your cards that already holds at least one (any kind)."""
    return ("add_existing", n)


def spend_here(kind: str, n: int) -> Instr:
    return ("spend_res", kind, n)


def move_here(kind: str) -> Instr:
    """Take one `kind` resource from any card (any player's, where allowed) onto this card."""
    return ("move_res", kind)


def remove_from_card(kind: str, n: int) -> Instr:
    """Red-bordered: remove up to `n` resources from any card (or none)."""
    return ("remove_card_res", kind, n)


# --- other players ----------------------------------------------------------------------------


def remove_any(resource: str, n: int) -> Instr:
    """Red-bordered: remove up to `n` of a resource from one player (or nobody)."""
    return ("remove_any", resource, n)


def steal(resource: str, n: int) -> Instr:
    """Take up to `n` of a resource from one other player."""
    return ("steal", resource, n)


def steal_exactly(resource: str, n: int) -> Instr:
    """Take exactly `n` of a resource from another player who has that many; somebody must,
    for the card to be playable (solo: the neutral opponent always has them)."""
    return ("steal_exact", resource, n)


def reduce_production(resource: str, n: int) -> Instr:
    """Lower one player's production (yourself included if nobody else has enough). Somebody
    must have it for the card to be playable, except in solo (the neutral opponent)."""
    return ("prod_any", resource, n)


# --- choices ----------------------------------------------------------------------------------


def choose(*alternatives: tuple[str, tuple[Instr, ...]]) -> Instr:
    """The player picks one alternative whose effects can be carried out."""
    return ("choose", tuple((label, tuple(effects)) for label, effects in alternatives))


def convert(mode: str, source: str, target: str) -> Instr:
    """Turn any amount (at least 1) of `source` into `target`; mode "prod" moves production
    steps (Insulation), "res" spends resources (Power Infrastructure)."""
    return ("convert", mode, source, target)


def copy_production(tag: str) -> Instr:
    """Repeat the production box of one of your cards with this tag (Robotic Workforce)."""
    return ("copy_prod", tag)


def next_card(modifier: str, value: int) -> Instr:
    """A one-shot modifier for the next card played this generation: "discount" M€ or
    "leniency" steps on global requirements."""
    return ("next_card", modifier, value)


def reveal_for(tag: str, kind: str) -> Instr:
    """Reveal the top card; if it carries `tag`, add a `kind` resource here (Search For Life)."""
    return ("reveal_tag", tag, kind)


def swap_card() -> Instr:
    """You may discard a card from hand to draw a card (Mars University)."""
    return ("swap_card",)


# --- card fields ------------------------------------------------------------------------------


def req(text: str) -> tuple[Requirement, ...]:
    """Requirements in the reference notation, joined by `&` (`oxygen>=5 & tag:science>=2`)."""
    out = []
    for part in (p.strip() for p in text.split("&")):
        if not part:
            continue
        op = ">=" if ">=" in part else "<="
        head, value = part.split(op)
        n = int(value)
        subject = None
        if head.startswith(("tag:", "production:")):
            head, subject = head.split(":")
        elif head.startswith("cities"):
            head, subject = "cities", "own" if head == "cities" else "any"
        lo, hi = (n, None) if op == ">=" else (None, n)
        out.append(Requirement(kind=head, minimum=lo, maximum=hi, subject=subject))
    return tuple(out)


def vp(points: int) -> VictoryPoints:
    return VictoryPoints("fixed", points)


def vp_per_resource(kind: str, per: int = 1, points: int = 1) -> VictoryPoints:
    return VictoryPoints("per_resource", points, per, kind)


def vp_per_tag(tag: str, points: int = 1) -> VictoryPoints:
    return VictoryPoints("per_tag", points, 1, tag)


def vp_per_adjacent(tile: str, points: int = 1) -> VictoryPoints:
    return VictoryPoints("per_adjacent", points, 1, tile)


def vp_per_cities(per: int, points: int = 1) -> VictoryPoints:
    return VictoryPoints("per_cities", points, per)


def vp_if_resource(kind: str, points: int) -> VictoryPoints:
    return VictoryPoints("if_resource", points, 1, kind)


def action(
    label: str,
    *effects: Instr,
    cost: int = 0,
    steel: bool = False,
    titanium: bool = False,
    condition: str | None = None,
) -> CardAction:
    return CardAction(label, tuple(effects), cost, steel, titanium, condition)


def on_tags(tags: tuple[str, ...], *effects: Instr, scope: str = "self") -> Trigger:
    """Fire once per matching tag on each card played (by you, or by anyone with scope="any")."""
    return Trigger("card_played", tuple(effects), scope=scope, tags=tags)


def on_tile(
    tiles: tuple[str, ...], *effects: Instr, scope: str = "any", where: str | None = None
) -> Trigger:
    return Trigger("tile_placed", tuple(effects), scope=scope, tiles=tiles, where=where)


# --- Colonies ---------------------------------------------------------------------------------


def per_colony(whose: str = "own", divisor: int = 1) -> tuple[Any, ...]:
    """1 per colony: "own" (yours) or "all" (every player's), per `divisor` of them."""
    return ("count", "colonies", whose, divisor)


def colony(bonus: bool = True, own_tile: bool = False, mc_prod_after: int = 0) -> Instr:
    """Place a colony on a tile of your choice (with its placement bonus unless `bonus` is
    False); `own_tile` allows a tile that already holds one of yours (Research Colony).
    Feasible only while some tile can take it, so a card that places one is playable only then.
    `mc_prod_after`: the card then lowers M€ production this much, so only tiles that leave
    room for it above the floor are offered (Minority Refuge at -4 or -5: Luna only)."""
    bonus_flag, own = 1 if bonus else 0, 1 if own_tile else 0
    return (
        ("colony", bonus_flag, own, mc_prod_after) if mc_prod_after else ("colony", bonus_flag, own)
    )


def fleet(n: int = 1) -> Instr:
    """Gain `n` trade fleets (Sky Docks, Space Port; at most 4 in all)."""
    return ("fleet", n)


def trade(free: bool = False) -> Instr:
    """Trade with a colony tile (a fleet of yours must be home); `free`: no fee (Titan
    Floating Launch-pad), else the player picks and pays a fee as for the trade action."""
    return ("trade", "free" if free else "fee")


def colony_bonuses() -> Instr:
    """Collect the colony bonus of every colony you own (Productive Outpost)."""
    return ("colony_bonuses",)


def add_colony_tile() -> Instr:
    """Bring one of the colony tiles left out into play (Aridor's first action)."""
    return ("add_colony_tile",)


def vp_per_colonies(per: int, points: int = 1) -> VictoryPoints:
    """`points` per `per` colonies in play, every player's (Space Port Colony)."""
    return VictoryPoints("per_colonies", points, per)


def on_colony(*effects: Instr, scope: str = "any") -> Trigger:
    """When a colony is placed (by anyone, or by you with scope="self"): Poseidon."""
    return Trigger("colony_placed", tuple(effects), scope=scope)


def per_card_resource(kind: str, divisor: int = 1) -> tuple[Any, ...]:
    """1 per `divisor` `kind` resources on your cards (Floater Leasing)."""
    return ("count", "card_resources", kind, divisor)


def per_tagless_card() -> tuple[Any, ...]:
    """1 per card of yours in play without tags (Community Services, counting itself)."""
    return ("count", "tagless", "own", 1)


def spend_from_card(kind: str, n: int = 1) -> Instr:
    """Remove `n` `kind` resources from one of your cards (the card needs them: Air Raid)."""
    return ("spend_from", kind, n)


def cash_here(resource: str, most: int = 0, needs: int = 0) -> Instr:
    """Gain 1 `resource` per resource on this card (at most `most`, 0: no limit); the card
    keeps them (Jupiter Floating Station, Martian Zoo). With `needs`, usable only while the
    card holds at least that many (Martian Zoo's action needs an animal)."""
    return ("cash_here", resource, most, needs) if needs else ("cash_here", resource, most)


def convert_here(resource: str) -> Instr:
    """Turn X resources on this card (X at least 1, the player's choice) into X `resource`
    (Titan Shuttles)."""
    return ("convert_here", resource)


def shift_tracks() -> Instr:
    """Raise one colony tile's marker a step and lower another's (Market Manipulation)."""
    return ("shift_tracks",)


def new_tag_types() -> Instr:
    """M€ production +1 per tag type the card that fired the trigger brings into play
    (Aridor)."""
    return ("new_tag_types", "$played")
