"""Whole random games with Colonies (its cards and corporations in the decks too):
saved and reloaded at every decision, replayed from seed and answers, a soak at 1-5 players,
and views that show every seat the same colony tiles."""

from __future__ import annotations

import random

import pytest

from colony_helpers import play_saving
from olympus.engine import Game, GameOptions, Undo
from olympus.engine.actions import Answer
from olympus.engine.board import SUPPORTED_MAPS
from olympus.selfplay import play_game

CASES = [
    GameOptions(players=2, seed=41, colonies=True),
    GameOptions(players=3, seed=42, colonies=True, draft=True),
    GameOptions(players=4, seed=43, colonies=True, corporate_era=False, map="hellas"),
    GameOptions(players=1, seed=44, colonies=True),
    GameOptions(players=2, seed=45, colonies=True, prelude=True, undo=True),
    GameOptions(players=5, seed=46, colonies=True, beginner=(True, False, False, False, True)),
]


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-seed{o.seed}")
def test_saving_at_every_decision_changes_nothing_and_the_game_replays(
    options: GameOptions,
) -> None:
    game, answers, seen = play_saving(options)
    assert game.is_over and game.colonies is not None
    assert seen["trade"] > 0
    assert seen["Choose the tile for your colony"] + seen["standard_project"] > 0
    assert Game.replay(options, answers).to_bytes() == game.to_bytes()
    as_text = [(seat, str(answer)) for seat, answer in answers]
    assert Game.replay(options, as_text).to_bytes() == game.to_bytes()


GAMES_PER_COUNT = 25


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_with_colonies_all_finish(players: int) -> None:
    unfinished = []
    for i in range(GAMES_PER_COUNT):
        options = GameOptions(
            players=players,
            seed=90_000 + 100 * players + i,
            colonies=True,
            corporate_era=players == 1 or i % 4 != 0,
            draft=i % 3 == 0,
            prelude=i % 5 == 1,
        )
        stats = play_game(options)
        if not stats.finished:
            unfinished.append(options.seed)
    assert unfinished == []


def test_every_seat_and_spectators_see_the_same_colony_tiles() -> None:
    rnd = random.Random(7)
    g = Game.new(GameOptions(players=3, seed=7, colonies=True))
    checked = 0
    while not g.is_over:
        views = [g.view(seat) for seat in (None, 0, 1, 2)]
        tiles = views[0]["colony_tiles"]
        assert all(v["colony_tiles"] == tiles for v in views)
        assert g.colonies is not None
        for v in views:
            for p in v["players"]:
                assert p["fleets"] == g.colonies.fleets[p["seat"]]
                assert p["colonies"] == g.colonies.colonies_of(p["seat"])
        assert [t["name"] for t in tiles] == [t.name for t in g.colonies.tiles]
        checked += 1
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    assert checked > 100


@pytest.mark.parametrize("map_name", SUPPORTED_MAPS)
def test_colonies_with_undo_on_every_map_finish_and_replay(map_name: str) -> None:
    """Random answers and random undos (trades and colonies taken back too): no stock below
    zero, and the seed plus the answers and undos replay the very same game."""
    players = 1 + SUPPORTED_MAPS.index(map_name)
    options = GameOptions(
        players=players, seed=95_000 + players, map=map_name, colonies=True, undo=True
    )
    rnd = random.Random(options.seed)
    game = Game.new(options)
    log: list[tuple[int, Answer | Undo]] = []
    while not game.is_over:
        d = game.decisions()[0]
        answer = d.sample(rnd)
        game.apply(d.player, answer)
        log.append((d.player, answer))
        if game.undoable(d.player) and rnd.random() < 0.2:
            count = rnd.randint(1, game.undoable(d.player))
            game.undo(d.player, count)
            log.append((d.player, Undo(count)))
        assert all(min(p.res) >= 0 for p in game.players)
        assert len(log) < 30_000
    assert any(isinstance(a, Undo) for _, a in log)
    assert Game.replay(options, log).to_bytes() == game.to_bytes()
