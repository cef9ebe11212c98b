"""Positions round-trip: at many points of random games of every kind of table, the position
sets up a game equal to the original in every saved field (and so with the same legal
answers), its own position is the same, and it plays on exactly as the original did."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest

from olympus.bots import RandomBot
from olympus.engine import Game, GameOptions
from olympus.engine.actions import Answer
from olympus.engine.errors import UnsupportedDecision

TABLES = [
    GameOptions(players=2, seed=11, colonies=True, undo=True),
    GameOptions(players=3, seed=12, prelude=True, colonies=True, draft=True, undo=True),
    GameOptions(players=1, seed=13, colonies=True, prelude=True, undo=True),
    GameOptions(players=4, seed=14, corporate_era=False, map="hellas", undo=True),
    GameOptions(players=2, seed=15, map="elysium", prelude=True, undo=True),
    GameOptions(players=5, seed=16, draft=True, map="amazonis"),
    GameOptions(players=3, seed=17, map="vastitas_borealis", colonies=True),
    GameOptions(players=1, seed=18, solo_tr63=True, beginner=(True,)),
    GameOptions(players=2, seed=19, venus=True),
    GameOptions(players=3, seed=20, venus=True, prelude=True, colonies=True, draft=True),
    GameOptions(players=1, seed=21, venus=True),
]
EVERY = 3  # take the position at every third decision that has one


def comparable(g: Game) -> dict[str, Any]:
    """The saved state without what a position leaves out on purpose: the undo option's
    memory, the origin, the latest tile's space (never read) and the count of answers; the
    order of two maps whose order does not matter."""
    data = orjson.loads(g.to_bytes())
    data.pop("u", None)
    data.pop("ps", None)
    data["g"] = data["g"][:7]
    for key in ("s", "c"):
        data[key] = sorted(zip(data[key][::2], data[key][1::2], strict=True))
    return data


def whole_game(
    options: GameOptions, every: int = EVERY
) -> tuple[list[tuple[int, Answer]], list[tuple[int, Game]]]:
    """A random game's answers, and copies of it at every `every`-th decision a position can
    name (by the number of answers given before it)."""
    game = Game.new(options)
    bots = [RandomBot(options.seed * 7 + seat) for seat in range(options.players)]
    answers: list[tuple[int, Answer]] = []
    points: list[tuple[int, Game]] = []
    named = 0
    while True:
        try:
            game.to_position()
        except UnsupportedDecision:
            pass
        else:
            if named % every == 0:
                points.append((len(answers), game.clone()))
            named += 1
        if game.is_over:
            return answers, points
        decision = game.decisions()[0]
        answer = bots[decision.player].choose(game, decision)
        answers.append((decision.player, answer))
        game.push(decision.player, answer)


@pytest.fixture(scope="module", params=TABLES, ids=lambda o: f"p{o.players}-s{o.seed}")
def played(
    request: pytest.FixtureRequest,
) -> tuple[list[tuple[int, Answer]], list[tuple[int, Game]]]:
    return whole_game(request.param)


def test_positions_round_trip_and_rebuild_the_same_game(played: Any) -> None:
    _, points = played
    assert len(points) > 20
    for _, original in points:
        position = orjson.loads(orjson.dumps(original.to_position()))  # plain JSON
        rebuilt = Game.from_position(position)
        assert rebuilt.to_position() == position
        assert comparable(rebuilt) == comparable(original)
        for d in original.decisions():
            assert [str(a) for a in rebuilt.legal_actions(d.player)] == [
                str(a) for a in d.legal_actions()
            ]


def test_a_rebuilt_game_plays_on_as_the_original(played: Any) -> None:
    answers, points = played
    ended = Game.new(points[0][1].options).replay_steps(answers)
    final = comparable(ended)
    for at, original in points[:: max(1, len(points) // 4)]:
        rebuilt = Game.from_position(original.to_position())
        rebuilt.replay_steps(answers[at:])  # checked: every later answer is legal there
        assert rebuilt.is_over
        assert comparable(rebuilt) == final
        assert rebuilt.result() == ended.result()


def test_every_kind_of_decision_is_met() -> None:
    kinds: Counter[str] = Counter()
    for options in (TABLES[1], TABLES[4]):
        _, points = whole_game(options, every=1)
        kinds.update(g.to_position()["decision"]["kind"] for _, g in points)
    assert set(kinds) == {
        "setup",
        "prelude",
        "research",
        "draft",
        "turn",
        "final_greenery",
        "ended",
    }


def test_the_middle_of_an_action_is_refused_with_a_typed_error() -> None:
    game = Game.new(GameOptions(players=2, seed=3))
    bots = [RandomBot(1), RandomBot(2)]
    while True:
        d = game.decisions()[0]
        if d.kind in ("space", "option", "player", "amount"):
            break
        game.push(d.player, bots[d.player].choose(game, d))
    with pytest.raises(UnsupportedDecision) as err:
        game.to_position()
    assert err.value.path == "decision"
    assert err.value.code == "unsupported_decision"
