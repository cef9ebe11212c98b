"""Every decision a game meets asks its question as a known prompt code with the parameters
the code is sent with (issue 32: a client words it in its own language), and the English text
is that code's wording. Random games with every module (Prelude, Colonies, Venus Next)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.cards.catalogue import by_number
from olympus.engine.colony_tiles import TILES, TRACK_STEPS
from olympus.engine.decisions import Decision, SelectOption
from olympus.engine.ops.colonies import trade_label
from olympus.engine.prompts import (
    CARD_WORDED,
    PROMPT_PARAMS,
    Prompt,
    card_options,
    coded_label,
    prompt,
)

SEEDS = (31, 32, 33, 34)


def _check(d: Decision, seen: Counter[str]) -> None:
    assert d.prompt_code, f"no code: {d.prompt!r}"
    assert d.prompt_code in PROMPT_PARAMS, d.prompt_code
    assert sorted(d.prompt_params) == sorted(PROMPT_PARAMS[d.prompt_code]), d.prompt_code
    assert all(isinstance(v, str) and v for v in d.prompt_params.values()), d.prompt_params
    seen[d.prompt_code] += 1
    if isinstance(d, SelectOption):
        # Every option's label is coded too (a card's printed ones and colony tiles included),
        # with the parameters its code is sent with and its English unchanged.
        for label, coded in zip(d.labels, d.label_prompts, strict=True):
            assert coded is not None, f"no code: {label!r} ({d.prompt_code})"
            assert coded.code in PROMPT_PARAMS and coded.english == label
            assert sorted(coded.sent_params) == sorted(PROMPT_PARAMS[coded.code]), coded.code
            seen[coded.code] += 1


@pytest.fixture(scope="module")
def codes_met() -> Counter[str]:
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        options = GameOptions(
            players=1 + seed % 4,
            seed=seed,
            prelude=True,
            colonies=True,
            venus=True,
            draft=seed % 2 == 0,
        )
        game = Game.new(options)
        rnd = random.Random(seed)
        while not game.is_over:
            d = game.decisions()[0]
            _check(d, seen)
            game.apply(d.player, d.sample(rnd))
    return seen


def test_every_decision_met_has_a_known_code_with_its_parameters(codes_met: Counter[str]) -> None:
    # The games did meet the common questions and some of the expansions' ones.
    for code in ("setup", "first_action", "second_action", "research", "place_tile"):
        assert codes_met[code] > 0, code
    assert len(codes_met) >= 15, codes_met


def test_the_english_wording_is_the_text_old_clients_get() -> None:
    cases = {
        ("keep_cards", (("n", 2),)): "Keep 2 of these cards",
        ("research", (("cost", 3),)): "Buy research cards (3 M€ each)",
        ("place_tile", (("tile", "ocean"),)): "Place an ocean tile",
        (
            "place_tile_for_card",
            (("tile", "city"), ("card", "123"), ("card_name", "Urbanized Area")),
        ): "Place a city tile (Urbanized Area)",
        (
            "convert",
            (("res", "heat"), ("target", "plants")),
        ): "How much heat to turn into plants",
        (
            "convert_production",
            (("res", "energy"), ("target", "heat")),
        ): "How much energy production to turn into heat production",
        # The prompts coded last keep the text games showed before (issue 32).
        ("add_to_card", (("n", 2), ("kind", "microbe"))): "Add 2 microbe(s) to a card",
        (
            "add_to_card_with_tag",
            (("n", 1), ("kind", "floater"), ("tag", "venus")),
        ): "Add 1 floater(s) to a Venus card",
        ("add_resources_to_card", (("n", 1),)): "Add 1 resource(s) to a card",
        (
            "add_resources_to_card_with_tag",
            (("n", 2), ("tag", "jovian")),
        ): "Add 2 resource(s) to a Jovian card",
        ("add_to_card_with_resource", ()): "Add a resource to a card that has one",
        ("take_from_card", (("n", 1), ("kind", "animal"))): "Take 1 animal from a card",
        (
            "remove_from_any_card",
            (("n", 2), ("kind", "animal")),
        ): "Remove up to 2 animal(s) from a card (or none)",
        (
            "steal_from_venus_player",
            (("n", 4),),
        ): "Take up to 4 M€ from a player with a Venus tag",
        (
            "cash_out_card_resources",
            (
                ("card", "251"),
                ("card_name", "Sulphur-Eating Bacteria"),
                ("res", "megacredits"),
                ("each", 3),
            ),
        ): "How many resources on Sulphur-Eating Bacteria to spend (3 megacredits each)",
        ("repeat_card_action", ()): "Use again the action of a card",
        (
            "pay_action_with_metal",
            (
                ("amount", 6),
                ("card", "243"),
                ("card_name", "Rotator Impacts"),
                ("res", "titanium"),
                ("value", 3),
            ),
        ): "Pay 6 M€ for Rotator Impacts's action: how much titanium (3 M€ each; the rest in M€)",
    }
    for (code, params), english in cases.items():
        made = prompt(code, **dict(params))
        assert made.english == english
        # The English-only card name is not sent; the card's number is.
        assert "card_name" not in made.sent_params


def test_a_code_without_its_parameters_is_refused() -> None:
    with pytest.raises(TypeError, match="needs"):
        prompt("keep_cards")
    with pytest.raises(KeyError):
        prompt("no_such_question")


def test_a_plain_text_prompt_has_no_code() -> None:
    d = SelectOption(0, "Pick", ["a", Prompt("label.effect_of_card", {"card": "001"}, "X")], [0, 1])
    assert (d.prompt, d.prompt_code, d.prompt_params) == ("Pick", "", {})
    assert d.labels == ("a", "X") and d.label_prompts[0] is None


def test_the_engines_own_choice_labels_are_coded_with_their_english() -> None:
    samples = {
        "label.production_up": {"res": "plants"},
        "label.metal_production_up": {"res": "titanium"},
        "label.fund_award": {"award": "venuphile", "award_name": "Venuphile"},
        "label.pay_fee": {"n": "3", "res": "megacredits"},
    }
    for code in PROMPT_PARAMS:
        # (A card's own labels are found with the card, below; the effect order's and colony
        # tiles' labels are made coded, never found from text.)
        if not code.startswith("label.") or code in CARD_WORDED or code == "label.effect_of_card":
            continue
        if code.startswith("label.colony"):
            continue
        made = prompt(code, **samples.get(code, {}))
        coded = coded_label(made.english)
        assert isinstance(coded, Prompt), code
        assert (coded.code, coded.sent_params, coded.english) == (
            made.code,
            made.sent_params,
            made.english,
        )
    assert coded_label("Pay 2 energy") == prompt("label.pay_fee", n=2, res="energy")
    # Without the card that asks, a card's printed label stays text; so does a text that is
    # none of the asking card's.
    for text in (
        "Take 3 plants",
        "Plant production +1",
        "Fund Nobody",
        "Pay 12 M€ to place an ocean",
    ):
        assert coded_label(text) == text
    assert coded_label("Take 3 plants", by_number()["115"].id) == "Take 3 plants"


def test_a_cards_own_labels_are_coded_by_the_card_and_index() -> None:
    """A card's printed "choose one" labels and its action labels (Viron repeats an action as a
    choice) are coded from the text and the asking card, their English the very text."""
    hydrogen, photosynthesis, fungus = (by_number()[n].id for n in ("019", "115", "134"))
    assert coded_label("Add 2 animals to another card", hydrogen) == prompt(
        "label.card_option", card="019", index=2
    )
    made = coded_label("Plant production +1", photosynthesis)
    assert isinstance(made, Prompt) and made.sent_params == {"card": "115", "index": "1"}
    assert made.english == "Plant production +1"
    action = coded_label("Add 2 microbes to another card", fungus)
    assert action == prompt("label.card_action", card="134", index=1)
    assert isinstance(action, Prompt) and action.english == "Add 2 microbes to another card"
    # Every card's options, each coded with its own index and found again from its English.
    total = 0
    for number, card in by_number().items():
        labels = card_options(number)
        assert len(set(labels)) == len(labels), number  # one index per text
        for i, label in enumerate(labels):
            coded = coded_label(label, card.id)
            assert coded == prompt("label.card_option", card=number, index=i), (number, label)
        for i, act in enumerate(card.actions):
            coded = coded_label(act.label, card.id)
            assert coded == prompt("label.card_action", card=number, index=i), (number, act.label)
        total += len(labels)
    assert total >= 24


def test_colony_labels_keep_the_tiles_english() -> None:
    for tile in TILES:
        for step in range(1, TRACK_STEPS + 1):
            made = trade_label(tile.name, step)
            assert made.english == f"{tile.name}: {tile.income_text(step)}"
            assert made.sent_params["colony"] == tile.name and made.sent_params["step"] == str(step)
        placed = prompt("label.colony_placement", colony=tile.name)
        assert placed.english == f"{tile.name}: {tile.placement_text}"
        assert prompt("label.colony", colony=tile.name).english == tile.name
    assert prompt("label.colony_marker", colony="Io", step=4).english == "Io (marker on step 4)"
    assert trade_label("Europa", 1).sent_params == {
        "colony": "Europa",
        "step": "1",
        "res": "megacredits",
    }
    assert trade_label("Titan", 1).code == "label.colony_trade_onto_card"
    assert trade_label("Pluto", 3).code == "label.colony_trade_cards"


def test_random_games_meet_coded_choice_labels(codes_met: Counter[str]) -> None:
    assert any(code.startswith("label.world_government_") for code in codes_met), codes_met
    assert any(code.startswith("label.colony") for code in codes_met), codes_met
