"""The log tells what a placement earns and every change of a terraform rating (issue 32):
("bonus", seat, what, how many, space) once per kind of goods, ("tr", seat, change, TR now) for
each raise or loss. A card bonus is a count, never the card: the log is public."""

from __future__ import annotations

from typing import Any

from helpers import answer, give, new_game, put_tile
from olympus.engine import Game
from olympus.engine.cards.catalogue import get as card_def
from olympus.engine.constants import MC, OCEAN, OCEAN_ADJACENCY_BONUS, STEEL
from olympus.engine.mutate import raise_tr
from olympus.engine.placement import legal_spaces
from olympus.gamestate.convert import log_entry


def _space_with(g: Game, bonus: str, ocean_next: bool) -> tuple[int, int | None]:
    """A land space a city may go on with `bonus` printed on it, and (when asked) an ocean
    space next to it."""
    for space in legal_spaces(g, 0, "city", "city"):
        sp = g.map.spaces[space]
        assert sp is not None
        if bonus not in sp.bonus:
            continue
        oceans = [n for n in sp.neighbours if g.map.spaces[n].kind == "ocean"]  # type: ignore[union-attr]
        if not ocean_next:
            return space, None
        if oceans:
            return space, oceans[0]
    raise AssertionError(f"no city space with {bonus}")


def _build_city(g: Game, space: int) -> list[tuple[Any, ...]]:
    """Seat 0 builds a city (the standard project) on `space`: the log of the space answer."""
    give(g, 0, megacredits=25)
    answer(g, "project city")
    answer(g, f"space {space}")
    return list(g.log)


def test_a_steel_space_next_to_an_ocean_logs_its_steel_and_the_oceans_megacredits() -> None:
    g = new_game()
    space, ocean = _space_with(g, "steel", ocean_next=True)
    assert ocean is not None
    put_tile(g, ocean, OCEAN)
    steel = g.map.spaces[space].bonus.count("steel")  # type: ignore[union-attr]
    p = g.players[0]
    log = _build_city(g, space)
    bonuses = [e for e in log if e[0] == "bonus"]
    assert ("bonus", 0, "steel", steel, space) in bonuses
    oceans_next = sum(1 for n in g.map.spaces[space].neighbours if g.tiles[n] == OCEAN)  # type: ignore[union-attr]
    assert ("bonus", 0, "megacredits", OCEAN_ADJACENCY_BONUS * oceans_next, space) in bonuses
    assert len(bonuses) == len({e[2] for e in bonuses})  # one entry per kind of goods
    assert p.res[STEEL] == steel
    # 25 given, the city's 25 paid: what is left is the oceans' M€.
    assert p.res[MC] == OCEAN_ADJACENCY_BONUS * oceans_next
    # Through the game service's conversion: plain public arguments (a seat, words, numbers).
    entry = log_entry(("bonus", 0, "steel", steel, space))
    assert [a.WhichOneof("value") for a in entry.args] == ["number", "text", "number", "number"]


def test_a_space_with_no_goods_and_no_ocean_logs_no_bonus() -> None:
    g = new_game()
    space = next(
        s
        for s in legal_spaces(g, 0, "city", "city")
        if not g.map.spaces[s].bonus  # type: ignore[union-attr]
        and all(g.tiles[n] != OCEAN for n in g.map.spaces[s].neighbours)  # type: ignore[union-attr]
    )
    assert not [e for e in _build_city(g, space) if e[0] == "bonus"]


def test_an_ocean_raises_the_tr_and_logs_it() -> None:
    g = new_game()
    p = g.players[0]
    before = p.tr
    give(g, 0, megacredits=18)
    answer(g, "project aquifer")
    space = legal_spaces(g, 0, "ocean", "ocean")[0]
    answer(g, f"space {space}")
    assert p.tr == before + 1
    assert ("tr", 0, 1, before + 1) in g.log
    assert g.log.index(("tile", 0, "ocean", space)) < g.log.index(("tr", 0, 1, before + 1))


def test_a_tr_loss_is_logged_as_made_and_nothing_when_nothing_changes() -> None:
    g = new_game()
    p = g.players[0]
    p.tr = 3
    g.log = []
    raise_tr(g, p, -2)
    assert (p.tr, g.log) == (1, [("tr", 0, -2, 1)])
    raise_tr(g, p, -5)  # stops at 0: the loss made is 1
    assert (p.tr, g.log[-1]) == (0, ("tr", 0, -1, 0))
    logged = len(g.log)
    raise_tr(g, p, -1)
    raise_tr(g, p, 0)
    assert (p.tr, len(g.log)) == (0, logged)


def test_a_card_bonus_logs_a_count_and_not_the_card() -> None:
    g = new_game()
    space, _ = _space_with(g, "card", ocean_next=False)
    p = g.players[0]
    hand = list(p.hand)
    log = _build_city(g, space)
    drawn = [c for c in p.hand if c not in hand]
    cards = g.map.spaces[space].bonus.count("card")  # type: ignore[union-attr]
    assert len(drawn) == cards >= 1
    assert ("bonus", 0, "cards", cards, space) in log
    assert not [e for e in log if e[0] == "draw"]  # told once, by the bonus
    # The engine names a card by its printed number (a string; numbers are seats and counts).
    secret = {card_def(c).number for c in drawn}
    for entry in log:
        assert not secret & set(entry[1:]), entry
        for arg in log_entry(entry).args:
            assert not arg.HasField("card") or arg.card.number not in secret, entry
