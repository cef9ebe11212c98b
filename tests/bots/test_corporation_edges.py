"""The corporation edges (bots/corporations.py) and their measurement (bench/corporations.py):
the table names every corporation dealt at its table, the search bot takes the dealt
corporation with the larger edge there and falls back to the look-ahead elsewhere, and the
measurement plays the games it says it plays."""

from __future__ import annotations

import pytest

from olympus.bench.corporations import AssignedCorporation, Spec, edges, play, weaker_picks
from olympus.bots import GreedyBot, make_bot
from olympus.bots.corporations import CORPORATION_EDGE, applies, corporation_edge, strongest
from olympus.engine import ChooseSetup, Game, GameOptions
from olympus.engine.cards.catalogue import corporation_pool, get as card_def


def _new(seed: int, **options: object) -> Game:
    return Game.new(GameOptions(seed=seed, **options))  # type: ignore[arg-type]


def test_the_table_names_every_corporation_dealt_at_its_table() -> None:
    dealt = {card_def(c).name for c in corporation_pool(corporate_era=True)}
    assert set(CORPORATION_EDGE) == dealt


def test_the_table_applies_only_where_it_was_measured() -> None:
    assert applies(_new(1, players=2, corporate_era=True, map="tharsis"))
    for options in (
        {"players": 3},
        {"players": 2, "prelude": True},
        {"players": 2, "draft": True},
        {"players": 2, "map": "hellas"},
        {"players": 2, "corporate_era": False},
    ):
        g = _new(1, **options)
        assert not applies(g)
        assert strongest(g, list(g.players[0].dealt_corps)) is None


def test_strongest_is_the_dealt_corporation_with_the_larger_edge() -> None:
    assert len(set(CORPORATION_EDGE.values())) == len(CORPORATION_EDGE)  # no ties to break
    for seed in range(1, 6):
        g = _new(seed, players=2)
        for p in g.players:
            a, b = p.dealt_corps
            expected = max((a, b), key=lambda c: CORPORATION_EDGE[card_def(c).name])
            assert strongest(g, [a, b]) == strongest(g, [b, a]) == expected
    # A corporation the table does not know (Prelude's) leaves the choice to the look-ahead.
    g = _new(4, players=2)
    unknown = next(c for c in corporation_pool(True, prelude=True) if corporation_edge(c) is None)
    assert strongest(g, [g.players[0].dealt_corps[0], unknown]) is None


def _setups_where_greedy_takes_the_weaker(count: int) -> list[int]:
    seeds = []
    for seed in range(1, 200):
        g = _new(seed, players=2)
        answer = GreedyBot(seed).choose(g, g.decision_for(0))
        assert isinstance(answer, ChooseSetup)
        if answer.corporation != strongest(g, list(g.players[0].dealt_corps)):
            seeds.append(seed)
        if len(seeds) == count:
            return seeds
    raise AssertionError("greedy took the stronger corporation in every setup tried")


@pytest.mark.parametrize("seed", _setups_where_greedy_takes_the_weaker(3))
def test_mcts_takes_the_stronger_corporation_where_greedy_does_not(seed: int) -> None:
    g = _new(seed, players=2)
    decision = g.decision_for(0)
    answer = make_bot("mcts", seed, budget=4).choose(g, decision)
    assert isinstance(answer, ChooseSetup)
    assert answer.corporation == strongest(g, list(g.players[0].dealt_corps))
    decision.check(answer)  # a legal answer to the real decision, opening cards included
    # The opening cards are those greedy buys with that corporation.
    assert set(answer.cards) <= set(g.players[0].dealt)


def test_mcts_setup_elsewhere_is_the_look_ahead_choice() -> None:
    g = _new(8, players=3)
    answer = make_bot("mcts", 2, budget=4).choose(g, g.decision_for(1))
    assert answer == GreedyBot(2).choose(g, g.decision_for(1))


def test_the_measurement_assigns_a_dealt_corporation_and_repeats_its_games() -> None:
    row = play(Spec(5001, "measure"))
    assert row == play(Spec(5001, "measure"))
    assert row["finished"]
    for seat in (0, 1):
        assert row["corporations"][seat] in row["dealt"][seat]
    assert sum(row["wins"]) == 1.0


def test_an_assigned_bot_takes_the_corporation_at_its_index() -> None:
    g = _new(12, players=2)
    dealt = g.players[0].dealt_corps
    for pick in (0, 1, 2):
        answer = AssignedCorporation(12, pick).choose(g, g.decision_for(0))
        assert isinstance(answer, ChooseSetup) and answer.corporation == dealt[pick % 2]


def test_the_table_greedy_takes_the_stronger_corporation_in_either_seat() -> None:
    for seat in (0, 1):
        row = play(Spec(4, "versus", seat))
        dealt = row["dealt"][seat]
        assert row["table_seat"] == seat
        assert row["corporations"][seat] == max(dealt, key=CORPORATION_EDGE.__getitem__)


def _row(corps: list[str], dealt: list[list[str]], vp: list[int]) -> dict[str, object]:
    win = [1.0, 0.0] if vp[0] > vp[1] else [0.0, 1.0]
    return {"finished": True, "corporations": corps, "dealt": dealt, "vp": vp, "wins": win}


def test_edges_are_mean_margins_and_balance_out() -> None:
    rows = [
        _row(["Helion", "ThorGate"], [["Helion", "Ecoline"], ["ThorGate", "CrediCor"]], [90, 80]),
        _row(["Helion", "Ecoline"], [["Helion", "Teractor"], ["Ecoline", "PhoboLog"]], [70, 84]),
        _row(["ThorGate", "Ecoline"], [["ThorGate", "Helion"], ["Ecoline", "Inventrix"]], [75, 75]),
    ]
    table = edges(rows)  # type: ignore[arg-type]
    assert table["Helion"] == {"seats": 2, "margin": -2.0, "se": 12.0, "win_rate": 0.5}
    assert table["Ecoline"]["margin"] == 7.0 and table["ThorGate"]["margin"] == -5.0
    assert list(table) == ["Ecoline", "Helion", "ThorGate"]  # largest edge first
    assert sum(t["margin"] * t["seats"] for t in table.values()) == 0  # every margin has its twin
    picks = weaker_picks(rows)  # type: ignore[arg-type]
    # Taken over the other dealt one: Helion over Ecoline, ThorGate over CrediCor and ThorGate
    # over Helion are the weaker picks; Helion over Teractor, Ecoline over PhoboLog and over
    # Inventrix the stronger.
    assert picks["setups"] == 6 and picks["weaker"] == 3
    expected = (
        CORPORATION_EDGE["Ecoline"]
        - CORPORATION_EDGE["Helion"]
        + CORPORATION_EDGE["CrediCor"]
        - CORPORATION_EDGE["ThorGate"]
        + CORPORATION_EDGE["Helion"]
        - CORPORATION_EDGE["ThorGate"]
    ) / 3
    assert picks["mean_edge_given_up"] == round(expected, 1)
