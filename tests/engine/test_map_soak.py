"""Random games on every new map (2 and 4 players, and solo): all finish, no stock goes below
zero, the paid spaces get used; saved and reloaded at every decision, and replayed from the
seed and the answers, a game on a new map is the same game."""

from __future__ import annotations

import random

import pytest

from olympus.engine import Game, GameOptions

NEW_MAPS = ("elysium", "hellas", "vastitas_borealis", "amazonis")
GAMES = 20


def _play(options: GameOptions, seed: int, persist: bool = False) -> tuple[Game, list[object]]:
    game = Game.new(options)
    rnd = random.Random(seed)
    answers: list[object] = []
    while not game.is_over:
        d = game.decisions()[0]
        answer = d.sample(rnd)
        game.apply(d.player, answer)
        answers.append((d.player, answer))
        for p in game.players:
            assert min(p.res) >= 0, (options, len(answers), p.res)
        if persist:
            game = Game.from_bytes(game.to_bytes())
        assert len(answers) < 20_000
    return game, answers


@pytest.mark.parametrize("name", NEW_MAPS)
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_on_a_map_all_finish(name: str, players: int) -> None:
    used_fee_spaces = 0
    for i in range(GAMES):
        options = GameOptions(players=players, seed=1_000 * players + i, map=name, draft=i % 4 == 0)
        game, _ = _play(options, seed=i)
        assert game.is_over and game.result()["finished"]
        used_fee_spaces += sum(1 for s in game.map.fee_spaces if game.tiles[s])
    if name in ("hellas", "vastitas_borealis"):
        assert used_fee_spaces > 0  # the paid pole was built on in some game


@pytest.mark.parametrize("name", NEW_MAPS)
def test_solo_games_on_a_map_finish_after_14_generations(name: str) -> None:
    for i in range(5):
        game, _ = _play(GameOptions(players=1, seed=300 + i, map=name, solo_tr63=i % 2 == 1), i)
        assert game.is_over and game.generation == 14


@pytest.mark.parametrize("name", NEW_MAPS)
def test_saved_and_reloaded_at_every_decision_and_replayed(name: str) -> None:
    options = GameOptions(players=3, seed=77, map=name)
    plain, answers = _play(options, seed=5)
    reloaded, _ = _play(options, seed=5, persist=True)
    assert reloaded.to_bytes() == plain.to_bytes()
    replayed = Game.replay(options, answers)  # type: ignore[arg-type]
    assert replayed.to_bytes() == plain.to_bytes()
    assert replayed.result() == plain.result()
    assert Game.from_bytes(plain.to_bytes()).map.name == name
