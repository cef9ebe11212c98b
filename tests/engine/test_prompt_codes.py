"""Every decision a game meets asks its question as a known prompt code with the parameters
the code is sent with (issue 32: a client words it in its own language), and the English text
is that code's wording. Random games with every module (Prelude, Colonies, Venus Next)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.decisions import Decision, SelectOption
from olympus.engine.prompts import PROMPT_PARAMS, Prompt, coded_label, prompt

SEEDS = (31, 32, 33, 34)


def _check(d: Decision, seen: Counter[str]) -> None:
    assert d.prompt_code, f"no code: {d.prompt!r}"
    assert d.prompt_code in PROMPT_PARAMS, d.prompt_code
    assert sorted(d.prompt_params) == sorted(PROMPT_PARAMS[d.prompt_code]), d.prompt_code
    assert all(isinstance(v, str) and v for v in d.prompt_params.values()), d.prompt_params
    seen[d.prompt_code] += 1
    if isinstance(d, SelectOption):
        for label, coded in zip(d.labels, d.label_prompts, strict=True):
            if coded is not None:
                assert coded.code in PROMPT_PARAMS and coded.english == label
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
        if not code.startswith("label.") or code == "label.effect_of_card":
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
    # A card's printed label stays text (its words are the card's).
    for text in (
        "Take 3 plants",
        "Plant production +1",
        "Fund Nobody",
        "Pay 12 M€ to place an ocean",
    ):
        assert coded_label(text) == text


def test_random_games_meet_coded_choice_labels(codes_met: Counter[str]) -> None:
    assert any(code.startswith("label.world_government_") for code in codes_met), codes_met
