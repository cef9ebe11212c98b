"""Whole random games with the Colonies cards and corporations in the decks: a soak over every
map, 1-5 players, with and without Prelude; games saved and reloaded at every decision and
replayed; cards drawn by the new cards and by the tiles stay hidden from the other seats."""

from __future__ import annotations

import random

import pytest

from colony_helpers import colony_game, play_saving, put_colonies, trade
from helpers import give, hand, in_play, play
from olympus.engine import Game, GameOptions, redacted
from olympus.engine.board import SUPPORTED_MAPS
from olympus.engine.cards.catalogue import get as card_def

MAX_DECISIONS = 30_000


def _colonies_cards(g: Game) -> set[str]:
    """The Colonies cards and corporations that reached the table."""
    return {
        card_def(c).number
        for p in g.players
        for c in [*p.played, *p.events, *([p.corp] if p.corp else [])]
        if card_def(c).module == "colonies"
    }


def _play_out(options: GameOptions) -> Game:
    rnd = random.Random(options.seed)
    g = Game.new(options)
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return g
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    raise AssertionError(f"seed {options.seed} did not finish")


@pytest.mark.parametrize("map_name", SUPPORTED_MAPS)
def test_random_games_with_the_colonies_cards_finish_on_every_map(map_name: str) -> None:
    seen: set[str] = set()
    for players in range(1, 6):
        for prelude in (False, True):
            seed = 70_000 + 100 * SUPPORTED_MAPS.index(map_name) + 10 * players + prelude
            options = GameOptions(
                players=players, seed=seed, map=map_name, colonies=True, prelude=prelude
            )
            g = _play_out(options)
            assert all(min(p.res) >= 0 for p in g.players)
            assert all(n >= 0 for p in g.players for n in p.card_res.values())
            seen |= _colonies_cards(g)
    assert len(seen) >= 15, "too few Colonies cards reached the table to say much"


def test_the_soak_plays_nearly_every_colonies_card() -> None:
    seen: set[str] = set()
    for i in range(30):
        options = GameOptions(players=2 + i % 4, seed=80_000 + i, colonies=True, prelude=i % 2)
        seen |= _colonies_cards(_play_out(options))
    projects = {f"C{n:02d}" for n in range(1, 50)}
    assert len(seen & projects) >= 40, sorted(projects - seen)


CASES = [
    GameOptions(players=2, seed=141, colonies=True),
    GameOptions(players=3, seed=142, colonies=True, draft=True, prelude=True),
    GameOptions(players=1, seed=143, colonies=True, map="elysium"),
    GameOptions(players=4, seed=144, colonies=True, undo=True, map="amazonis"),
]


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-seed{o.seed}")
def test_colonies_card_games_save_at_every_decision_and_replay(options: GameOptions) -> None:
    game, answers, _ = play_saving(options, MAX_DECISIONS)
    assert game.is_over and _colonies_cards(game)
    assert Game.replay(options, answers).to_bytes() == game.to_bytes()
    as_text = [(seat, str(answer)) for seat, answer in answers]
    assert Game.replay(options, as_text).to_bytes() == game.to_bytes()


# --- hidden information -----------------------------------------------------------------------


def _hidden_hands(g: Game, seat: int, seeds: range) -> set[tuple[int, ...]]:
    """The other seats' hands as `seat` may imagine them over several re-deals; the seat's
    own view and decisions never change."""
    hands = set()
    for s in seeds:
        r = redacted(g, seat, s)
        assert r.view(seat) == g.view(seat)
        mine = [d.to_dict() for d in r.decisions() if d.player == seat]
        assert mine == [d.to_dict() for d in g.decisions() if d.player == seat]
        hands.add(tuple(c for p in r.players if p.seat != seat for c in p.hand))
    return hands


def test_cards_drawn_by_colonies_cards_are_hidden_from_the_other_seat() -> None:
    g = colony_game(2)
    hand(g, 0, "Research Colony", "Solar Probe")
    in_play(g, 0, "Cryo-Sleep", "Warp Drive", "Red Spot Observatory")
    give(g, 0, megacredits=40)
    play(g, 0, "Research Colony", None, "option 0")
    play(g, 0, "Solar Probe")
    assert len(g.players[0].hand) == 2 + 1  # Research Colony's 2, Solar Probe's 1
    seat0 = g.view(1)["players"][0]
    assert seat0["hand_size"] == 3 and "hand" not in seat0
    assert len(_hidden_hands(g, 1, range(12))) > 1  # the drawn cards are re-dealt
    assert redacted(g, 0, 3).players[0].hand == g.players[0].hand  # the drawer keeps its own


def test_pluto_bonus_drawn_for_another_seat_is_hidden_while_it_discards() -> None:
    g = colony_game(2, "Pluto")
    put_colonies(g, "Pluto", 1)
    hand(g, 1, "Warp Drive", "Solar Probe")
    give(g, 0, megacredits=9)
    trade(g, 0, "Pluto")  # seat 1's colony bonus: draw a card, then discard one
    d = g.decisions()[0]
    assert d.player == 1 and d.kind == "cards" and len(g.players[1].hand) == 3
    assert len(_hidden_hands(g, 0, range(12))) > 1
    own = redacted(g, 1, 4)
    assert own.players[1].hand == g.players[1].hand
