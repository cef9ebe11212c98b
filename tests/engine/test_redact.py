"""`redacted(game, seat, seed)`: the seat sees no difference, everything else is re-dealt,
and the result is a real game that plays on, saves and depends on nothing the seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from olympus.engine import Game, GameOptions, redacted
from olympus.engine.cards.catalogue import prelude_pool, project_deck
from olympus.engine.flow import setup_budget

CASES = [
    GameOptions(players=1, seed=21),
    GameOptions(players=2, seed=22),
    GameOptions(players=2, seed=23, corporate_era=False, draft=True),
    GameOptions(players=3, seed=24, draft=True),
    GameOptions(players=4, seed=25, corporate_era=False),
    GameOptions(players=5, seed=26, draft=True, beginner=(True, False, False, True, False)),
    GameOptions(players=1, seed=27, prelude=True),
    GameOptions(players=2, seed=28, prelude=True),
    GameOptions(players=3, seed=29, prelude=True, draft=True, beginner=(False, True, False)),
    GameOptions(players=1, seed=30, colonies=True),  # colony tiles and fleets are public
    GameOptions(players=3, seed=31, colonies=True, draft=True),
    # With the Colonies cards: Research Colony, Red Spot Observatory, Solar Probe, Spin-off
    # Department and the Pluto and Miranda tiles draw into hands; Polyphemos buys at 5 M€.
    GameOptions(players=2, seed=32, colonies=True, prelude=True),
    GameOptions(players=4, seed=33, colonies=True, draft=True, corporate_era=False),
]
PRELUDES = frozenset(prelude_pool())
STEP = 7  # check every STEP-th decision, plus setup and every card shown to one seat only


def _drawn(frame: Any) -> list[int]:
    """Cards a frame holds for its own player only (revealed to keep, or the top to buy)."""
    if frame[0] == "look" and len(frame) > 5:
        return list(frame[4])
    if frame[0] == "buy_top" and len(frame) > 3:
        return list(frame[3])
    return []


def _places(g: Game, seat: int) -> dict[str, list[int]]:
    """Every place holding cards `seat` cannot see, by name."""
    out = {"deck": g.deck, "discard": g.discard}
    out |= {"prelude_deck": g.prelude_deck, "prelude_discard": g.prelude_discard}
    for p in g.players:
        if p.seat != seat:
            for name in ("hand", "dealt", "draft_hand", "drafted", "dealt_corps", "preludes"):
                out[f"{p.seat}.{name}"] = getattr(p, name)
    for i, frame in enumerate(g.stack):
        if frame[1] != seat and _drawn(frame):
            out[f"frame{i}"] = _drawn(frame)
        if frame[0] == "prelude_draw" and frame[1] != seat and len(frame) > 4:
            out[f"frame{i}"] = list(frame[4])  # Valley Trust's preludes, seen by one seat
    return out


def _unseen(g: Game, seat: int) -> list[int]:
    return sorted(c for name, cs in _places(g, seat).items() if "corps" not in name for c in cs)


def _all_cards(g: Game) -> list[int]:
    """Every project card wherever it is: none may be lost or made up."""
    cards = g.deck + g.discard
    for p in g.players:
        played = [c for c in p.played if c not in PRELUDES]  # played preludes lie there too
        cards += p.hand + p.dealt + p.draft_hand + p.drafted + played + p.events
    for frame in g.stack:
        cards += _drawn(frame)
    return sorted(cards)


def _positions(options: GameOptions) -> Iterator[Game]:
    rnd = random.Random(options.seed)
    g = Game.new(options)
    n = 0
    while not g.is_over:
        if n < options.players or n % STEP == 0 or any(_drawn(f) for f in g.stack):
            yield g
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
        n += 1
    yield g


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-draft{o.draft}")
def test_redacted_games_keep_what_the_seat_sees_and_hide_the_rest(options: GameOptions) -> None:
    for k, g in enumerate(_positions(options)):
        for seat in range(options.players):
            _check_position(g, seat, k * 7 + seat)


def test_cards_shown_to_one_seat_only_are_hidden_from_the_others() -> None:
    """Cards revealed to keep (`look`) or offered to buy (`buy_top`) wait in the stack: only
    their player sees them. Random games meet them a few times each; gather a dozen."""
    met = 0
    for seed in range(100, 140):
        for g in _positions(GameOptions(players=3, seed=seed, draft=seed % 2 == 0)):
            if not g.stack or not _drawn(g.stack[-1]):
                continue
            owner = g.stack[-1][1]
            met += 1
            for seat in range(3):
                _check_position(g, seat, seed)
            other = (owner + 1) % 3
            shown = {tuple(_drawn(redacted(g, other, s).stack[-1])) for s in range(20)}
            assert len(shown) > 1, "the cards shown to another seat were not re-dealt"
            assert _drawn(redacted(g, owner, 5).stack[-1]) == _drawn(g.stack[-1])
        if met >= 12:
            return
    raise AssertionError(f"only {met} positions with cards shown to one seat were met")


def _check_position(g: Game, seat: int, seed: int) -> None:
    raw = g.to_bytes()
    deck = sorted(project_deck(g.options.corporate_era, g.options.prelude, g.options.colonies))
    assert _all_cards(g) == deck
    r = redacted(g, seat, seed)
    assert g.to_bytes() == raw, "the input game was changed"

    # 1. and 2.: the seat sees no difference, its decisions and its own data included.
    assert r.view(seat) == g.view(seat)
    mine = [d.to_dict() for d in r.decisions() if d.player == seat]
    assert mine == [d.to_dict() for d in g.decisions() if d.player == seat]
    assert r.players[seat].to_data() == g.players[seat].to_data()
    assert [f for f in r.stack if f[1] == seat] == [f for f in g.stack if f[1] == seat]
    if mine:
        rnd = random.Random(seed)
        for _ in range(3):
            answer = r.decision_for(seat).sample(rnd)
            r.clone().apply(seat, answer)
            g.clone().apply(seat, answer)  # legal in the real game too

    # 3.: the same cards in the same numbers, unseen ones shuffled among themselves.
    assert _all_cards(r) == deck
    assert _unseen(r, seat) == _unseen(g, seat)
    real, fake = _places(g, seat), _places(r, seat)
    assert {n: len(cs) for n, cs in fake.items()} == {n: len(cs) for n, cs in real.items()}
    assert r.rng != g.rng and r.options.seed != g.options.seed
    assert [p.corp for p in r.players] == [p.corp for p in g.players]
    _check_setup_choices(r)

    # 5. and independence: same seed, same game (from a saved copy too, whose frames are
    # lists); and the result depends only on what the seat sees: redacting a redacted game
    # gives the same game for the same seed, so the seed cannot be inverted into the real deal.
    assert redacted(Game.from_bytes(raw), seat, seed).to_bytes() == r.to_bytes()
    assert redacted(r, seat, 99).to_bytes() == redacted(g, seat, 99).to_bytes()


def _check_setup_choices(g: Game) -> None:
    """Setup choices waiting in the stack are legal for the (re-dealt) seats that made them."""
    for frame in g.stack:
        if frame[0] == "setup":
            for seat, corp, cards in frame[4]:
                p = g.players[seat]
                assert corp in p.dealt_corps
                assert set(cards) <= set(p.dealt) and len(cards) <= setup_budget(corp)


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-draft{o.draft}")
def test_different_seeds_deal_differently(options: GameOptions) -> None:
    for k, g in enumerate(_positions(options)):
        if k % 4:
            continue
        for seat in range(options.players):
            games = [redacted(g, seat, seed) for seed in range(20)]
            if len(g.deck) > 1:
                assert len({tuple(r.deck) for r in games}) > 1
            others = [
                tuple(tuple(cs) for n, cs in sorted(_places(r, seat).items()) if n[0].isdigit())
                for r in games
            ]
            if any(any(cs) for cs in others[0]) and len(_unseen(g, seat)) > 1:
                assert len(set(others)) > 1
            assert len({r.rng for r in games}) == 20


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-draft{o.draft}")
def test_redacted_games_play_to_the_end_and_save(options: GameOptions) -> None:
    deck = sorted(project_deck(options.corporate_era, options.prelude, options.colonies))
    for k, g in enumerate(_positions(options)):
        if k % 5:
            continue
        seat = k % options.players
        r = redacted(g, seat, seed=k)
        loaded = Game.from_bytes(r.to_bytes())
        assert loaded.to_bytes() == r.to_bytes()
        rnd = random.Random(k)
        while not loaded.is_over:
            d = loaded.decisions()[0]
            loaded.apply(d.player, d.sample(rnd))
            assert _all_cards(loaded) == deck
        assert loaded.result()
