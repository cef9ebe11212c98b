"""The SDK's dict form of a decision (client/wire.py decision_dict) carries the question's
code and parameters and a coded option label's, as the protobuf does (issue 32): a client of
the SDK can word them in its own language; the English `prompt` and `label` stay."""

from __future__ import annotations

import random

from olympus.client.wire import decision_dict
from olympus.engine import Game, GameOptions
from olympus.engine.decisions import SelectOption
from olympus.engine.prompts import Prompt, prompt
from olympus.gamestate.convert import decision_to_proto


def test_every_decision_of_a_game_keeps_its_code_and_parameters_on_the_wire() -> None:
    game = Game.new(GameOptions(players=2, seed=7, prelude=True, colonies=True, venus=True))
    rnd = random.Random(7)
    codes = set()
    for _ in range(300):
        if game.is_over:
            break
        d = game.decisions()[0]
        data = decision_dict(decision_to_proto(d))
        assert data["prompt"] == d.prompt
        assert data["prompt_code"] == d.prompt_code, d.prompt
        assert data["prompt_params"] == d.prompt_params
        codes.add(data["prompt_code"])
        game.apply(d.player, d.sample(rnd))
    assert {"setup", "first_action"} <= codes, codes


def test_a_coded_option_label_has_its_code_and_a_plain_one_none() -> None:
    labels: list[str | Prompt] = [
        prompt("label.effect_of_card", card="009", card_name="Lava Flows"),
        "Pass",
    ]
    d = SelectOption(1, prompt("effect_order"), labels, [0, 1])
    data = decision_dict(decision_to_proto(d))
    assert (data["prompt_code"], data["prompt_params"]) == ("effect_order", {})
    coded, plain = data["options"]
    assert coded == {
        "index": 0,
        "label": "Lava Flows",
        "enabled": True,
        "label_code": "label.effect_of_card",
        "label_params": {"card": "009"},  # the English-only name is not sent
    }
    assert plain == {"index": 1, "label": "Pass", "enabled": True}
