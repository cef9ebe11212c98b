"""The questions decisions ask, as stable codes with parameters.

A decision's `prompt` is English text for the CLI and for old clients; a client that speaks
another language words the question itself from `Prompt.code` and `Prompt.params` (issue 32):
the web page's dictionaries hold one message per code (static/i18n/*.json, keys
"prompt.<code>", counted ones with the plural forms .one/.few/.many/.other), and
docs/languages.md says how they are worded.

Parameter values are strings (the protobuf map is string to string). Their names tell a client
how to word them: `card` a card's number, `res` a resource's id, `tile` a tile's id, `colony` a
colony tile's name, `kind` a card resource's id, `tag` a tag; `n`, `cost`, `most`, `amount` and the like are
numbers (`index` a label's place on its card, `step` a colony track's); `n` is the one that
picks a plural form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from .cards.catalogue import by_number
from .cards.model import CardDef, card_number
from .colony_tiles import tile_def
from .constants import RESOURCES

Params = Mapping[str, str]


def _card(number: str) -> CardDef:
    return by_number()[number]


def _choose_labels(instr: object, out: list[str]) -> None:
    """The labels of every `choose` within an instruction (or a tuple of them), in order."""
    if not isinstance(instr, tuple):
        return
    if len(instr) == 2 and instr[0] == "choose":
        for label, effects in instr[1]:
            out.append(label)
            _choose_labels(effects, out)
        return
    for part in instr:
        _choose_labels(part, out)


@cache
def card_options(number: str) -> tuple[str, ...]:
    """A card's printed "choose one" labels (Imported Hydrogen's "Take 3 plants"...), in the
    order they appear on it (its play, first action, actions, triggers): the index a client
    words a `label.card_option` by, and the card words' "options" key ("019.0")."""
    c = _card(number)
    out: list[str] = []
    _choose_labels(
        (c.play, c.first_action, *(a.effects for a in c.actions), *(t.effects for t in c.triggers)),
        out,
    )
    return tuple(out)


def _trade_english(p: Params) -> str:
    return f"{p['colony']}: {tile_def(p['colony']).income_text(int(p['step']))}"


def _card_suffix(params: Params) -> str:
    return f" ({params['card_name']})" if params.get("card_name") else ""


# code -> (the parameters it is sent with, its English wording: today's text, unchanged).
# A parameter ending in "_name" is English only (a card's name for the English text); the page
# words the card from `card` instead, so it is not listed among the parameters sent.
_ENGLISH: dict[str, tuple[tuple[str, ...], Callable[[Params], str]]] = {
    "setup": ((), lambda p: "Choose your corporation and cards"),
    "first_action": ((), lambda p: "Take your first action"),
    "second_action": ((), lambda p: "Take a second action or end your turn"),
    "play_from_hand": ((), lambda p: "Play a card from your hand"),
    "final_greenery": ((), lambda p: "Convert plants into a greenery, or finish"),
    "research": (("cost",), lambda p: f"Buy research cards ({p['cost']} M€ each)"),
    "draft": ((), lambda p: "Draft a card (pick one, pass the rest)"),
    "sell_patents": ((), lambda p: "Sell patents: discard cards for 1 M€ each"),
    "keep_cards": (("n",), lambda p: f"Keep {p['n']} of these cards"),
    "buy_card": (
        ("card", "cost"),
        lambda p: f"Buy {p['card_name']} for {p['cost']} M€?",
    ),
    "swap_card": ((), lambda p: "Discard a card to draw a card?"),
    "discard_cards": (("n",), lambda p: f"Discard {p['n']} card(s)"),
    "keep_preludes": (
        ("n", "dealt"),
        lambda p: f"Keep {p['n']} of your {p['dealt']} preludes",
    ),
    "next_prelude": ((), lambda p: "Choose the prelude to play next"),
    "play_prelude": ((), lambda p: "Play one of these preludes"),
    "choose_one": ((), lambda p: "Choose one"),
    "effect_order": ((), lambda p: "Choose which effect resolves first"),
    "copy_production": ((), lambda p: "Repeat the production box of a card"),
    "convert": (
        ("res", "target"),
        lambda p: f"How much {p['res']} to turn into {p['target']}",
    ),
    "convert_production": (
        ("res", "target"),
        lambda p: f"How much {p['res']} production to turn into {p['target']} production",
    ),
    "remove_any": (
        ("n", "res"),
        lambda p: f"Remove up to {p['n']} {p['res']} from a player (or nobody)",
    ),
    "steal_up_to": (("n", "res"), lambda p: f"Steal up to {p['n']} {p['res']} from a player"),
    "steal": (("n", "res"), lambda p: f"Steal {p['n']} {p['res']} from a player"),
    "lower_production": (
        ("n", "res"),
        lambda p: f"Lower a player's {p['res']} production by {p['n']}",
    ),
    "place_tile": (
        ("tile",),
        lambda p: f"Place {'an' if p['tile'] == 'ocean' else 'a'} {p['tile']} tile",
    ),
    "place_tile_for_card": (
        ("tile", "card"),
        lambda p: (
            f"Place {'an' if p['tile'] == 'ocean' else 'a'} {p['tile']} tile" + _card_suffix(p)
        ),
    ),
    "claim_space": ((), lambda p: "Claim a space"),
    "flood_target": ((), lambda p: "Make an adjacent tile's owner lose 4 M€"),
    "world_government_ocean": ((), lambda p: "Place an ocean for the World Government"),
    "pay_with_heat": (
        ("amount",),
        lambda p: f"Pay {p['amount']} M€: how much of it with heat (the rest in M€)",
    ),
    "pay_with_heat_for_card": (
        ("amount", "card"),
        lambda p: (
            f"Pay {p['amount']} M€{_card_suffix(p)}: how much of it with heat (the rest in M€)"
        ),
    ),
    "pay_with_heat_for_cards_bought": (
        ("amount",),
        lambda p: (
            f"Pay {p['amount']} M€ for the cards bought: how much of it with heat (the rest in M€)"
        ),
    ),
    "pay_with_card_resources": (
        ("card", "holder", "kind", "value"),
        lambda p: (
            f"Pay for {p['card_name']}: how many {p['kind']}s from {p['holder_name']} "
            f"({p['value']} M€ each)"
        ),
    ),
    "colony_tile_to_build": ((), lambda p: "Choose the tile for your colony"),
    "colony_tile_to_trade": ((), lambda p: "Choose the colony tile to trade with"),
    "trade_track_up": (
        ("colony", "most"),
        lambda p: f"Move {p['colony']}'s track marker up before trading (0 to {p['most']} steps)",
    ),
    "colony_tile_into_play": ((), lambda p: "Bring a colony tile into play"),
    "colony_marker_up": ((), lambda p: "Choose the colony tile whose marker goes up a step"),
    "colony_marker_down": ((), lambda p: "Choose the colony tile whose marker goes down a step"),
    "add_to_tagged_card": (
        ("n", "kind", "tag"),
        lambda p: f"Add {p['n']} {p['kind']}(s) to one of your {p['tag']} cards",
    ),
    "remove_from_card": (
        ("n", "kind"),
        lambda p: f"Remove {p['n']} {p['kind']}(s) from one of your cards",
    ),
    "convert_card_resources": (
        ("card", "res"),
        lambda p: f"How many resources on {p['card_name']} to turn into {p['res']}",
    ),
    "pay_heat_with_floaters": (
        ("amount",),
        lambda p: f"Pay {p['amount']} heat: how many floaters to spend as heat",
    ),
    "solo_colony_tile_out": (
        ("kept",),
        lambda p: f"Remove one colony tile from this game ({p['kept']} stay)",
    ),
    # Resources onto a card that reach other players' cards, or of several kinds ("resource").
    "add_to_card": (("n", "kind"), lambda p: f"Add {p['n']} {p['kind']}(s) to a card"),
    "add_to_card_with_tag": (
        ("n", "kind", "tag"),
        lambda p: f"Add {p['n']} {p['kind']}(s) to a {p['tag'].capitalize()} card",
    ),
    "add_resources_to_card": (("n",), lambda p: f"Add {p['n']} resource(s) to a card"),
    "add_resources_to_card_with_tag": (
        ("n", "tag"),
        lambda p: f"Add {p['n']} resource(s) to a {p['tag'].capitalize()} card",
    ),
    "add_to_card_with_resource": ((), lambda p: "Add a resource to a card that has one"),
    # `n` is always 1 (the English says so); it is sent so a client words "1 microbe".
    "take_from_card": (("n", "kind"), lambda p: f"Take {p['n']} {p['kind']} from a card"),
    "remove_from_any_card": (
        ("n", "kind"),
        lambda p: f"Remove up to {p['n']} {p['kind']}(s) from a card (or none)",
    ),
    "steal_from_venus_player": (
        ("n",),
        lambda p: f"Take up to {p['n']} M€ from a player with a Venus tag",
    ),
    "cash_out_card_resources": (
        ("card", "res", "each"),
        lambda p: f"How many resources on {p['card_name']} to spend ({p['each']} {p['res']} each)",
    ),
    "repeat_card_action": ((), lambda p: "Use again the action of a card"),
    "pay_action_with_metal": (
        ("amount", "card", "res", "value"),
        lambda p: (
            f"Pay {p['amount']} M€ for {p['card_name']}'s action: how much {p['res']} "
            f"({p['value']} M€ each; the rest in M€)"
        ),
    ),
    # Option labels (SelectOption.labels), worded like prompts.
    "label.effect_of_card": (("card",), lambda p: p["card_name"]),
    # The engine's own `choose` alternatives (not a card's printed ones), found by their text
    # (`coded_label`): a saved game's frames hold only the text.
    "label.production_up": (("res",), lambda p: f"{p['res']} production +1"),
    "label.metal_production_up": (("res",), lambda p: f"+1 {p['res']} production"),
    "label.fund_award": (("award",), lambda p: f"Fund {p['award_name']}"),
    "label.pay_fee": (
        ("n", "res"),
        lambda p: f"Pay {p['n']} M€" if p["res"] == "megacredits" else f"Pay {p['n']} {p['res']}",
    ),
    "label.world_government_temperature": (
        (),
        lambda p: "World Government: raise the temperature",
    ),
    "label.world_government_oxygen": ((), lambda p: "World Government: raise the oxygen"),
    "label.world_government_ocean": ((), lambda p: "World Government: place an ocean"),
    "label.world_government_venus": ((), lambda p: "World Government: raise Venus"),
    # A card's own printed labels, by the card's number and the label's index on the card: the
    # words are the card's, in the card words catalogue beside its name and text (sections
    # "options" and "actions" of static/i18n/cards/<lang>.json), not in the page dictionaries.
    "label.card_option": (("card", "index"), lambda p: card_options(p["card"])[int(p["index"])]),
    "label.card_action": (
        ("card", "index"),
        lambda p: _card(p["card"]).actions[int(p["index"])].label,
    ),
    # Colony tiles offered as options, by the tile's name; the English after the name (a
    # placement bonus, a trade's income, the marker's step) is the tile's own text.
    "label.colony": (("colony",), lambda p: p["colony"]),
    "label.colony_placement": (
        ("colony",),
        lambda p: f"{p['colony']}: {tile_def(p['colony']).placement_text}",
    ),
    # A trade's income at the marker's `step`: `n` of a resource, of a card resource onto a
    # card, of cards drawn, or one step of a production (Europa).
    "label.colony_trade": (("colony", "step", "n", "res"), _trade_english),
    "label.colony_trade_onto_card": (("colony", "step", "n", "kind"), _trade_english),
    "label.colony_trade_cards": (("colony", "step", "n"), _trade_english),
    "label.colony_trade_production": (("colony", "step", "res"), _trade_english),
    "label.colony_marker": (
        ("colony", "step"),
        lambda p: f"{p['colony']} (marker on step {p['step']})",
    ),
}

# The codes whose words are a card's own (the card words catalogue), not a page dictionary's.
CARD_WORDED = frozenset({"label.card_option", "label.card_action"})

# code -> the parameters a client is sent (and may use in its wording).
PROMPT_PARAMS: dict[str, tuple[str, ...]] = {code: names for code, (names, _) in _ENGLISH.items()}


@dataclass(frozen=True)
class Prompt:
    """A question as a code and its parameters; `english` is the text the CLI shows."""

    code: str
    params: Mapping[str, str] = field(default_factory=dict)
    english: str = ""

    @property
    def sent_params(self) -> dict[str, str]:
        """The parameters a client gets (the English-only names left out)."""
        return {k: v for k, v in self.params.items() if k in PROMPT_PARAMS[self.code]}


def prompt(code: str, **params: object) -> Prompt:
    """The prompt `code` with its parameters (any value, kept as its string); a parameter
    `<name>_name` words `<name>` in English only."""
    names, english = _ENGLISH[code]  # KeyError: a code nobody registered
    values = {k: str(v) for k, v in params.items()}
    missing = [n for n in names if n not in values]
    if missing:
        raise TypeError(f"prompt {code!r} needs {missing}")
    return Prompt(code, values, english(values))


def english_text(text: str | Prompt) -> str:
    """The English words of a prompt or label, given as text (no code) or as a Prompt."""
    return text.english if isinstance(text, Prompt) else text


_RESOURCE = "(" + "|".join(RESOURCES) + ")"
_WORLD_GOVERNMENT = {
    prompt(code).english: code for code in _ENGLISH if code.startswith("label.world_government_")
}


@cache
def _award_ids() -> dict[str, str]:
    """Every award's title -> its id (every map's and Venus Next's)."""
    from .milestones import VENUS_AWARDS  # (import cycle: the milestones need the state)

    return {a.title: a.name for awards in VENUS_AWARDS.values() for a in awards.values()}


def coded_label(text: str, card: int = 0) -> str | Prompt:
    """A `choose` alternative's label as a Prompt with the very same English: one the engine
    words itself (a fee, a production +1, an award, the World Government's steps), else, for
    the `card` that asks (its id, 0 for the rules), one of its own printed "choose one" labels
    or action labels (Viron repeats an action through a choice). A saved game's frames hold
    only the text, so the code is found from it. Any other text stays text."""
    if text in _WORLD_GOVERNMENT:
        return prompt(_WORLD_GOVERNMENT[text])
    if m := re.fullmatch(_RESOURCE + r" production \+1", text):
        return prompt("label.production_up", res=m[1])
    if m := re.fullmatch(r"\+1 " + _RESOURCE + " production", text):
        return prompt("label.metal_production_up", res=m[1])
    if m := re.fullmatch(r"Pay (\d+) (M€|energy|titanium)", text):
        res = "megacredits" if m[2] == "M€" else m[2]
        return prompt("label.pay_fee", n=m[1], res=res)
    if (m := re.fullmatch(r"Fund (.+)", text)) and m[1] in _award_ids():
        return prompt("label.fund_award", award=_award_ids()[m[1]], award_name=m[1])
    if card:
        number = card_number(card)
        if text in (options := card_options(number)):
            return prompt("label.card_option", card=number, index=options.index(text))
        actions = [a.label for a in _card(number).actions]
        if text in actions:
            return prompt("label.card_action", card=number, index=actions.index(text))
    return text
