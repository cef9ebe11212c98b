"""The Prelude option: dealing and keeping preludes, the prelude phase, and how it combines
with the draft, Beginner corporations and the solo game. (The cards: tests/cards.)"""

from __future__ import annotations

import random

import pytest

from helpers import cid, prelude_turn
from olympus.engine import ChooseCards, ChooseSetup, Game, GameOptions, IllegalAction
from olympus.engine.cards.catalogue import corporation_pool, prelude_pool, project_deck
from olympus.engine.cards.model import card_number
from olympus.engine.prelude import FIZZLE_MEGACREDITS

MC = 0


def _keep_first_two(g: Game, seat: int) -> tuple[int, ...]:
    kept = tuple(g.players[seat].preludes[:2])
    g.apply(seat, ChooseCards(kept))
    return kept


def _finish_setup(g: Game) -> None:
    """Every seat keeps its first two preludes and takes its first corporation, no cards."""
    while g.phase == "setup":
        d = g.decisions()[0]
        p = g.players[d.player]
        if d.kind == "cards":
            _keep_first_two(g, d.player)
        else:
            g.apply(d.player, ChooseSetup(p.dealt_corps[0], ()))


def test_without_the_option_no_prelude_card_is_dealt() -> None:
    g = Game.new(GameOptions(players=3, seed=1))
    assert all(p.preludes == [] for p in g.players) and g.prelude_deck == []
    assert not {c for c in g.deck} & set(project_deck(True, True)[-7:])
    assert all(d.kind == "setup" for d in g.decisions())
    assert "prelude" not in g.options.to_data() and "pd" not in g.to_data()


def test_with_the_option_the_decks_hold_the_prelude_projects_and_corporations() -> None:
    g = Game.new(GameOptions(players=2, seed=1, prelude=True))
    everywhere = g.deck + g.discard + [c for p in g.players for c in p.dealt]
    assert sorted(everywhere) == sorted(project_deck(True, True))
    assert len(corporation_pool(True, True)) == len(corporation_pool(True)) + 5
    preludes = g.prelude_deck + [c for p in g.players for c in p.preludes]
    assert sorted(preludes) == sorted(prelude_pool()) and len(preludes) == 35


@pytest.mark.parametrize("players", [1, 2, 5])
def test_each_seat_is_dealt_four_preludes_and_keeps_two_before_choosing_its_corporation(
    players: int,
) -> None:
    g = Game.new(GameOptions(players=players, seed=3, prelude=True))
    decisions = g.decisions()
    assert [d.player for d in decisions] == list(range(players))
    for d in decisions:
        assert d.kind == "cards" and d.purpose == "prelude"  # type: ignore[attr-defined]
        assert (d.minimum, d.maximum) == (2, 2)  # type: ignore[attr-defined]
        assert list(d.cards) == g.players[d.player].preludes  # type: ignore[attr-defined]
        assert len(d.cards) == 4  # type: ignore[attr-defined]
    kept = _keep_first_two(g, 0)
    assert tuple(g.players[0].preludes) == kept
    assert g.decision_for(0).kind == "setup"
    assert len(g.prelude_discard) == 2


@pytest.mark.parametrize(
    ("pick", "code"),
    [
        ((0,), "wrong_card_count"),
        ((0, 1, 2), "wrong_card_count"),
        ((0, 0), "duplicate_card"),
        (("P99",), "card_not_offered"),
    ],
)
def test_an_illegal_keep_is_refused_and_changes_nothing(
    pick: tuple[object, ...], code: str
) -> None:
    g = Game.new(GameOptions(players=2, seed=4, prelude=True))
    dealt = g.players[0].preludes
    other = next(c for c in prelude_pool() if c not in dealt)
    cards = tuple(dealt[i] if isinstance(i, int) else other for i in pick)
    before = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, ChooseCards(cards))
    assert err.value.code == code
    if code == "card_not_offered":  # the card it names, for a program
        assert err.value.details == {"card": card_number(other)}
    assert g.to_bytes() == before
    with pytest.raises(IllegalAction):
        g.apply(0, ChooseSetup(g.players[0].dealt_corps[0], ()))  # the keep comes first
    assert g.to_bytes() == before


def test_preludes_are_played_in_turn_order_each_seat_choosing_its_order() -> None:
    g = Game.new(GameOptions(players=3, seed=5, prelude=True))
    _finish_setup(g)
    assert g.phase == "prelude"
    order = [(g.first + i) % 3 for i in range(3)]
    rnd = random.Random(5)
    seen: list[int] = []
    while g.phase == "prelude":
        d = g.decisions()[0]
        if d.kind == "cards" and d.purpose == "prelude":  # type: ignore[attr-defined]
            seen.append(d.player)
            p = g.players[d.player]
            assert len(p.preludes) == 2 and set(d.cards) == set(p.preludes)  # type: ignore[attr-defined]
            assert g.active == d.player
            second = p.preludes[1]
            g.apply(d.player, ChooseCards((second,)))
            assert second in p.played or second in g.prelude_discard
        else:
            g.apply(d.player, d.sample(rnd))  # a space, a target... asked by a prelude
    assert seen == order
    assert all(p.preludes == [] for p in g.players)
    assert g.phase == "action" and g.active == g.first
    assert g.decisions()[0].kind == "action" and g.generation == 1


def test_the_order_decides_whether_a_paid_prelude_can_be_played() -> None:
    from helpers import new_game

    g = new_game(2)  # 0 M€
    prelude_turn(g, 0, "Donation", "Business Empire")
    g.apply(0, f"cards {card_number(cid('Business Empire'))}")  # first: it cannot be paid
    p = g.players[0]
    assert cid("Business Empire") in g.prelude_discard and p.prod[MC] == 0
    assert p.res[MC] == FIZZLE_MEGACREDITS + 21
    g = new_game(2)
    prelude_turn(g, 0, "Donation", "Business Empire")
    g.apply(0, "cards P08")  # Donation first pays for Business Empire
    p = g.players[0]
    assert p.prod[MC] == 6 and p.res[MC] == 21 - 6
    assert {cid("Donation"), cid("Business Empire")} <= set(p.played)


def test_a_prelude_turn_with_one_prelude_left_asks_nothing() -> None:
    from helpers import new_game

    g = new_game(2)
    prelude_turn(g, 0, "Donation")
    assert g.players[0].res[MC] == 21 and g.decisions()[0].kind == "action"


def test_preludes_are_not_drafted_and_the_draft_still_works() -> None:
    options = GameOptions(players=3, seed=6, prelude=True, draft=True)
    g = Game.new(options)
    _finish_setup(g)
    rnd = random.Random(6)
    while g.generation == 1:
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    assert g.phase == "draft"
    assert all(len(p.draft_hand) == 4 for p in g.players)
    assert all(card_number(c)[0] != "P" or c > 2035 for p in g.players for c in p.draft_hand)


def test_beginner_seats_keep_preludes_too() -> None:
    g = Game.new(GameOptions(players=2, seed=7, prelude=True, beginner=(True, False)))
    kinds = [(d.player, d.kind) for d in g.decisions()]
    assert kinds == [(0, "cards"), (1, "cards")]
    _keep_first_two(g, 0)
    assert [d.player for d in g.decisions()] == [1]  # seat 0 has nothing more to choose
    _keep_first_two(g, 1)
    g.apply(1, ChooseSetup(g.players[1].dealt_corps[0], ()))
    assert g.phase == "prelude"
    assert len(g.players[0].hand) == 10  # the Beginner corporation's free cards


def test_a_solo_prelude_game_lasts_12_generations() -> None:
    g = Game.new(GameOptions(players=1, seed=8, prelude=True))
    rnd = random.Random(8)
    while not g.is_over:
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    assert g.generation == 12
    assert "solo_won" in g.result()


def test_a_seat_sees_its_own_preludes_only_and_played_ones_are_public() -> None:
    g = Game.new(GameOptions(players=2, seed=9, prelude=True))
    mine = [card_number(c) for c in g.players[0].preludes]
    theirs = [card_number(c) for c in g.players[1].preludes]
    own, other = g.view(0)["players"]
    assert own["preludes"] == mine and "preludes" not in other
    spectator = str(g.view(None))
    assert not any(n in spectator for n in mine + theirs)
    assert not any(f"'{n}'" in str(g.view(0)) for n in theirs)
    _finish_setup(g)
    while g.phase == "prelude":
        d = g.decisions()[0]
        g.apply(d.player, d.sample(random.Random(1)))
    played = [card_number(c) for c in g.players[1].played if c >= 2000]
    assert played and set(played) <= set(g.view(0)["players"][1]["played"])


def test_redaction_re_deals_other_seats_preludes_and_valley_trusts_draw() -> None:
    from helpers import new_game, set_turn
    from olympus.engine import redacted

    g = new_game(2, corporations=["Valley Trust", "R00"], prelude=False)
    g.prelude_deck = list(prelude_pool()[:20])
    g.players[1].preludes = list(prelude_pool()[20:22])
    g.players[0].first_action = True
    set_turn(g, 0)
    g.apply(0, "action R34")
    shown = g.stack[-1][4]
    assert g.stack[-1][0] == "prelude_draw" and len(shown) == 3
    mine = redacted(g, 0, 1)
    assert mine.stack[-1][4] == shown and mine.view(0) == g.view(0)
    assert mine.players[1].preludes != g.players[1].preludes or mine.prelude_deck != g.prelude_deck
    theirs = {tuple(redacted(g, 1, s).stack[-1][4]) for s in range(10)}
    assert len(theirs) > 1  # what seat 0 was shown is re-dealt for seat 1
    for s in range(10):
        r = redacted(g, 1, s)
        assert r.view(1) == g.view(1)
        assert sorted(r.prelude_deck + list(r.stack[-1][4]) + r.players[0].preludes) == sorted(
            g.prelude_deck + list(shown) + g.players[0].preludes
        )
