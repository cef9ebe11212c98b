"""Every decision a game meets asks its question as a known prompt code with the parameters
the code is sent with (issue 32: a client words it in its own language), and the English text
is that code's wording. Random games with every module (Prelude, Colonies, Venus Next)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.decisions import Decision, SelectOption
from olympus.engine.prompts import PROMPT_PARAMS, Prompt, prompt

# Prompts still given as plain English (no code: the page shows the English text). They live
# in ops/card_resources.py and venus_ops.py, to be converted next; nothing else may be plain.
UNCODED = tuple(
    re.compile(pattern)
    for pattern in (
        r"Add \d+ \w+\(s\) to .+",
        r"Add a resource to a card that has one",
        r"Take 1 \w+ from a card",
        r"Remove up to \d+ \w+\(s\) from a card \(or none\)",
        r"Take up to \d+ M€ from a player with a Venus tag",
        r"How many resources on .+ to spend \(\d+ \w+ each\)",
        r"Use again the action of a card",
        r"Pay \d+ M€ for .+'s action: how much \w+ \(\d+ M€ each; the rest in M€\)",
    )
)

SEEDS = (31, 32, 33, 34)


def _check(d: Decision, seen: Counter[str]) -> None:
    if not d.prompt_code:
        assert any(p.fullmatch(d.prompt) for p in UNCODED), f"no code: {d.prompt!r}"
        seen["(plain)"] += 1
        return
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
