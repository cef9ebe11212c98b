"""Bot specs: a bot named with weights of its own (`greedy:plant=2.4:active_card=0.25`), as the
arena, selfplay and the benchmarks take it; every malformed spec refused with a clear error."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from olympus.bots import GreedyBot, SearchBot, make_bot, parse_bot, takes_budget
from olympus.bots.evaluate import PLAIN, SEARCH_WEIGHTS
from olympus.cli import main
from olympus.engine import GameOptions
from olympus.selfplay import play_game


def test_a_spec_sets_weights_over_the_bots_own() -> None:
    greedy = make_bot("greedy:plant=2.4:active_card=0.25", 1)
    assert isinstance(greedy, GreedyBot)
    assert greedy.weights == replace(PLAIN, plant=2.4, active_card=0.25)
    search = make_bot("mcts:plant=1.6", 1, budget=3)
    assert isinstance(search, SearchBot) and search.budget == 3
    # The search bot's other values stay its own.
    assert search.weights == replace(SEARCH_WEIGHTS, plant=1.6)
    assert make_bot("greedy", 1).weights == PLAIN
    assert make_bot(" greedy : tr_income = 0.5 ", 1).weights == replace(PLAIN, tr_income=0.5)
    assert takes_budget("mcts:production=1.2") and not takes_budget("greedy:plant=2")


def test_the_weights_reach_the_bots_choices() -> None:
    """Spelling out greedy's own values plays greedy's game; another value plays another."""
    options = GameOptions(players=2, seed=21, corporate_era=True)
    plain = play_game(options, bot="greedy")
    spelled = play_game(
        options,
        bot="greedy:plant=1.6:active_card=1:tr_income=1:production=1:point=8:hand_card=3",
    )
    assert plain.finished and spelled.finished

    def game(stats: object) -> tuple[object, ...]:
        return tuple(getattr(stats, k) for k in ("final_vp", "decisions", "generations"))

    assert game(spelled) == game(plain)
    for changed in ("production=0", "point=12", "hand_card=6"):
        other = play_game(options, bot=f"greedy:{changed}")
        assert other.finished and game(other) != game(plain), changed


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greed", "unknown bot 'greed'; known: greedy, mcts, passive, random"),
        ("random:plant=1", "the random bot takes no weights"),
        ("greedy:plant", "a weight is name=value, not 'plant'"),
        ("greedy:", "a weight is name=value, not ''"),
        ("greedy:=3", "a weight is name=value, not '=3'"),
        (
            "greedy:sun=1",
            "unknown weight 'sun'; known: plant, active_card, tr_income, production, point, hand_card",
        ),
        ("greedy:plant=lots", "plant must be a number, not 'lots'"),
        ("greedy:plant=-1", "plant must be a finite number >= 0, not -1"),
        ("greedy:plant=nan", "plant must be a finite number >= 0, not nan"),
        ("greedy:plant=1e999", "plant must be a finite number >= 0, not 1e999"),
        ("greedy:plant=1:plant=2", "the weight plant is set twice"),
    ],
)
def test_a_malformed_spec_is_refused_saying_why(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make_bot(spec, 1)
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_bot(spec)


@pytest.mark.parametrize("bot", ["nobody", "greedy:plant=x", "passive:plant=2"])
def test_selfplay_refuses_a_bad_bot_before_any_game(
    capsys: pytest.CaptureFixture[str], bot: str
) -> None:
    assert main(["selfplay", "--games", "1", "--bot", bot, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("olympus selfplay: --bot: ")


def test_selfplay_plays_a_bot_with_weights(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "1", "--bot", "greedy:production=1.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] == 1
