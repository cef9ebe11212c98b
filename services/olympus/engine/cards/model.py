"""The shape of a card: facts, requirements, victory points and effects as plain data.

A card's effects are short tuples of instructions (see `olympus.engine.ops`), e.g.
``("prod", "plants", 1)`` or ``("place", "city", "city")``. The interpreter copies them onto the
game's stack when the card is played, a blue action is used, or a trigger fires; nothing here
holds a function, so card data can be listed, compared and served as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Instr = tuple[Any, ...]

# Card types.
AUTOMATED = "automated"
ACTIVE = "active"
EVENT = "event"
CORPORATION = "corporation"
PRELUDE = "prelude"


@dataclass(frozen=True, slots=True)
class Requirement:
    """A global-parameter, tag, production or tile-count condition checked when played.

    kind: temperature | oxygen | oceans | tag | production | greeneries | cities
          | colonies, floaters (the player's own; Colonies) | venus, tr (Venus Next; `tr`:
          the player's own terraform rating)
    subject: the tag or resource for `tag`/`production`; for `cities`, "any" (all players',
             written `cities(any player)`) or "own" (the player's, written `cities`).
    Exactly one of `minimum`/`maximum` is set.
    """

    kind: str
    minimum: int | None = None
    maximum: int | None = None
    subject: str | None = None

    @property
    def is_global(self) -> bool:
        return self.kind in ("temperature", "oxygen", "oceans", "venus")

    def text(self) -> str:
        """The compact notation of the reference table (`oxygen>=5`, `tag:science>=2`)."""
        if self.kind in ("tag", "production"):
            head = f"{self.kind}:{self.subject}"
        elif self.kind == "cities":
            head = "cities" if self.subject == "own" else "cities(any player)"
        else:
            head = self.kind
        if self.minimum is not None:
            return f"{head}>={self.minimum}"
        return f"{head}<={self.maximum}"


@dataclass(frozen=True, slots=True)
class VictoryPoints:
    """Points a card scores at the end.

    kind:
      fixed          `points`
      per_resource   `points` per `per` resources of type `subject` on the card
      per_tag        `points` per `per` of the owner's `subject` tags
      per_adjacent   `points` per adjacent tile of kind `subject` (ocean/city) around the card's tile
      per_cities     `points` per `per` city tiles in play (all players)
      if_resource    `points` if the card holds at least one `subject` resource
      per_colonies   `points` per `per` colonies in play (all players; Colonies)
    """

    kind: str
    points: int
    per: int = 1
    subject: str | None = None

    def text(self) -> str:
        """The wording of the reference table (`1 per 2 animals`)."""
        if self.kind == "fixed":
            return str(self.points)
        if self.kind == "per_resource":
            noun = _plural(self.subject or "", self.per)
            if self.subject == "science":
                noun = "science resource" if self.per == 1 else "science resources"
            return (
                f"{self.points} per {noun}"
                if self.per == 1
                else f"{self.points} per {self.per} {noun}"
            )
        if self.kind == "per_tag":
            return f"{self.points} per {self.subject} tag"
        if self.kind == "per_adjacent":
            return f"{self.points} per adjacent {self.subject}"
        if self.kind == "per_cities":
            return f"{self.points} per {self.per} cities (all players)"
        if self.kind == "per_colonies":
            return f"{self.points} per {self.per} colonies (all players)"
        if self.kind == "if_resource":
            return f"{self.points} if at least 1 {self.subject} resource here"
        raise ValueError(self.kind)


def _plural(noun: str, count: int) -> str:
    return noun if count == 1 else noun + "s"


@dataclass(frozen=True, slots=True)
class CardAction:
    """One alternative of a blue card's action (a card may offer several).

    `cost` M€ is paid as part of the answer that uses the action; steel/titanium may help
    when `steel`/`titanium` say so (Aquifer Pumping, Water Import From Europa).
    `condition` names a rule check that must hold (e.g. "tr_raised" for UNMI).
    """

    label: str
    effects: tuple[Instr, ...]
    cost: int = 0
    steel: bool = False
    titanium: bool = False
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class Trigger:
    """An ongoing effect: when `event` happens, run `effects` for the card's owner.

    event:   card_played | tile_placed | standard_project | colony_placed (Colonies)
             | venus_raised (Venus Next: once per step, any player's or the World Government's)
    scope:   "self" (only the owner's doings) or "any" (any player's)
    tags:    for card_played, fire once per matching tag on the played card (empty: once)
    tiles:   for tile_placed, the tile kinds that count ("city", "ocean", "greenery")
    where:   for tile_placed, "mars" to count only tiles on Mars, "metal_bonus" for spaces
             that offer steel or titanium
    card_type: for card_played, only cards of this type (e.g. "event")
    min_cost: only cards / standard projects whose base cost is at least this
    """

    event: str
    effects: tuple[Instr, ...]
    scope: str = "self"
    tags: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    where: str | None = None
    card_type: str | None = None
    min_cost: int | None = None
    require_tag: str | None = None  # card_played: the card must carry this tag (once, not per tag)
    vp_icon: bool = False  # card_played: only cards whose VP icon is worth more than 0 (Vitor)


@dataclass(frozen=True, slots=True)
class CardDef:
    """Everything the engine and the catalogue know about a card."""

    id: int
    number: str
    name: str
    module: str  # base | corpera | prelude | colonies
    kind: str  # project | corporation | prelude
    type: str  # automated | active | event | corporation | prelude
    cost: int | None
    tags: tuple[str, ...]
    requirements: tuple[Requirement, ...] = ()
    vp: VictoryPoints | None = None
    starting_mc: int | None = None
    summary: str = ""
    play: tuple[Instr, ...] = ()  # immediate effects; for corporations, their start
    first_action: tuple[Instr, ...] = ()  # corporations: the forced first action of the game
    actions: tuple[CardAction, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    resource: str | None = None  # the card-resource kind this card holds
    # Passive effects of a card in play.
    # "When you play a <tag> card" / "a card": (tag or None for every card, M€), once per card.
    discounts: tuple[tuple[str | None, int], ...] = ()
    # "When you play a <tag> tag": (tag, M€) off per such tag on the card played (Research's
    # two science tags with Valley Trust: 4 M€ off; Luna Governor with Earth Office: 6).
    tag_discounts: tuple[tuple[str, int], ...] = ()
    project_discounts: tuple[tuple[str, int], ...] = ()  # (standard project, M€)
    leniency: int = 0  # global requirements this many steps looser
    venus_leniency: int = 0  # Venus requirements only, this many steps looser (Morning Star Inc.)
    production_gains: bool = False  # each production step gained also gives 1 of it (Manutech)
    steel_bonus: int = 0  # each steel worth this much more
    titanium_bonus: int = 0
    heat_as_mc: bool = False
    greenery_plants: int | None = None  # plants a greenery costs this player
    protects_resources: bool = False  # Pets: its own resources cannot be removed
    protects_owner: bool = (
        False  # Protected Habitats: opponents cannot remove plants/animals/microbes
    )
    # (tag, M€): resources on this card pay that much each toward cards with the tag
    # (Psychrophiles' microbes for plant cards); spent on their own, see `query.card_cost`.
    resource_pays: tuple[str, int] | None = None
    # Colonies: each trade fee this much lower (Cryo-Sleep, Rim Freighters); the marker may be
    # pushed up this many steps before each of the owner's trades (Trade Envoys, Trading Colony).
    trade_discount: int = 0
    trade_offset: int = 0
    # Colonies corporations: what each card bought costs its owner (Polyphemos: 5 M€), and
    # how much heat each floater on the card is worth when its owner spends heat (Stormcraft).
    card_buy_cost: int | None = None
    floater_heat: int = 0
    # Named Python checks for the rare card whose playability the instructions cannot express.
    play_check: str | None = None

    @property
    def is_event(self) -> bool:
        return self.type == EVENT

    @property
    def has_action(self) -> bool:
        return bool(self.actions)

    @property
    def production_box(self) -> tuple[Instr, ...]:
        """The production changes Robotic Workforce repeats, in printed order: the player's own
        and any player's production lowered (Heat Trappers, Biomass Combustors), a Mining
        tile's metal included."""
        box = [i for i in self.play if i[0] in ("prod", "prod_any")]
        if any(i[0] == "place" and len(i) > 3 and i[3] == "mining_prod" for i in self.play):
            box.append(("mining_prod",))
        return tuple(box)


def card_id(number: str) -> int:
    """Stable integer id of a printed card number: `048` → 48, `R08` → 1008, `P41` → 2041,
    `C07` → 3007 (Colonies)."""
    if number[:1] == "C":
        return 3000 + int(number[1:])
    if number[:1] == "R":
        return 1000 + int(number[1:])
    if number[:1] == "P":
        return 2000 + int(number[1:])
    return int(number)


def card_number(cid: int) -> str:
    """Inverse of `card_id`."""
    if cid >= 3000:
        return f"C{cid - 3000:02d}"
    if cid >= 2000:
        return f"P{cid - 2000:02d}"
    if cid >= 1000:
        return f"R{cid - 1000:02d}"
    return f"{cid:03d}"
