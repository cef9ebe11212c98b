"""The milestones and awards of Elysium, Hellas, Vastitas Borealis and Amazonis Planitia: what
each one measures, claiming at the threshold (Minimalist: at most), funding, and the tie rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers import (
    give,
    in_play,
    new_game,
    put_tile,
    refresh,
    set_production,
    set_resources,
    set_turn,
)
from olympus.engine import Game, IllegalAction
from olympus.engine.cards.catalogue import all_cards, find
from olympus.engine.constants import GREENERY, OCEAN, SPECIAL
from olympus.engine.milestones import AWARDS, MILESTONES, award_points
from olympus.engine.query import tags_of

NEW_MAPS = ("elysium", "hellas", "vastitas_borealis", "amazonis")
Setter = Callable[[Game, int, int], None]


def _cards(keep: Callable[..., bool], n: int) -> list[str]:
    found = [
        d.number
        for d in sorted(all_cards().values(), key=lambda d: d.id)
        if d.type in ("automated", "active") and keep(d)
    ]
    assert len(found) >= n, "not enough cards in the catalogue for this position"
    return found[:n]


def _tagged(tag: str) -> Setter:
    """`n` cards with one `tag` each in play."""
    return lambda g, seat, n: in_play(g, seat, *_cards(lambda d: d.tags.count(tag) == 1, n))


def _only_tagged(tag: str) -> Setter:
    return lambda g, seat, n: in_play(g, seat, *_cards(lambda d: d.tags == (tag,), n))


def _distinct(g: Game, seat: int, n: int) -> None:
    types = ("building", "plant", "science", "microbe", "earth", "space", "animal", "power")
    for tag in types[:n]:
        in_play(g, seat, *_cards(lambda d, t=tag: d.tags == (t,), 1))


def _events(g: Game, seat: int, n: int) -> None:
    events = [d.id for d in all_cards().values() if d.type == "event"][:n]
    g.players[seat].events.extend(events)
    refresh(g)


def _hand(g: Game, seat: int, n: int) -> None:
    g.players[seat].hand.extend(g.deck[:n])
    refresh(g)


def _production(*resources: str) -> Setter:
    """The first resource takes `n`, the others nothing (sums are measured)."""
    return lambda g, seat, n: set_production(g, seat, **{resources[0]: n})


def _stock(resource: str) -> Setter:
    return lambda g, seat, n: set_resources(g, seat, **{resource: n})


def _productions_raised(g: Game, seat: int, n: int) -> None:
    names = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
    set_production(g, seat, **dict.fromkeys(names, 0))
    set_production(g, seat, **dict.fromkeys(names[:n], 1))


def _tiles(where: Callable[[Game, int], bool], kind: int = SPECIAL) -> Setter:
    """`n` tiles of the seat's on empty land spaces that satisfy `where`."""

    def setter(g: Game, seat: int, n: int) -> None:
        free = [
            s
            for s in g.map.mars
            if g.map.space(s).kind == "land" and g.tiles[s] == 0 and where(g, s)
        ]
        assert len(free) >= n
        for s in free[:n]:
            put_tile(g, s, kind, seat)

    return setter


def _rows(first: int, last: int) -> Setter:
    return _tiles(lambda g, s: first <= g.map.space(s).row <= last)


def _by_the_sea(g: Game, seat: int, n: int) -> None:
    """Oceans on every ocean space, then `n` tiles on land next to them."""
    for s in g.map.mars:
        if g.map.space(s).kind == "ocean":
            put_tile(g, s, OCEAN)
    _tiles(lambda g, s: any(g.tiles[x] == OCEAN for x in g.map.space(s).neighbours))(g, seat, n)


def _holder(kind: str) -> str:
    return _cards(lambda d: d.resource == kind, 1)[0]


def _card_resources(kinds: tuple[str, ...]) -> Setter:
    """`n` resources on cards, one at a time on a card of each kind in turn."""

    def setter(g: Game, seat: int, n: int) -> None:
        p = g.players[seat]
        for i in range(n):
            card = find(_holder(kinds[i % len(kinds)]))
            assert card is not None
            if card.id not in p.played:
                in_play(g, seat, card.number)
            p.card_res[card.id] += 1
        refresh(g)

    return setter


def _resource_types(g: Game, seat: int, n: int) -> None:
    for kind in ("microbe", "animal", "science", "fighter")[:n]:
        in_play(g, seat, _holder(kind), resources=1)
    in_play(g, seat, _holder("microbe"))  # no resource on it: not a type the player has


def _tr(g: Game, seat: int, n: int) -> None:
    g.players[seat].tr += n  # n steps above the start
    refresh(g)


# A position for each metric: setter(g, seat, n) leaves `seat` measuring exactly n.
SETTERS: dict[str, Setter] = {
    "productions_raised": _productions_raised,
    "highest_production": _production("heat"),
    "bio_tags": _only_tagged("microbe"),
    "project_cards": lambda g, seat, n: in_play(g, seat, *_cards(lambda d: True, n)),
    "events_played": _events,
    "expensive_cards": lambda g, seat, n: in_play(
        g, seat, *_cards(lambda d: (d.cost or 0) >= 20, n)
    ),
    "steel_and_energy": _stock("energy"),
    "southern_tiles": _rows(5, 8),
    "tiles_next_to_oceans": _by_the_sea,
    "terraform_rating": _tr,
    "distinct_tags": _distinct,
    "cards_with_requirements": lambda g, seat, n: in_play(
        g, seat, *_cards(lambda d: bool(d.requirements), n)
    ),
    "polar_tiles": _rows(7, 8),
    "energy_production": _production("energy"),
    "jovian_tags": _tagged("jovian"),
    "greenery_tiles": _tiles(lambda g, s: True, GREENERY),
    "automated_cards": lambda g, seat, n: in_play(
        g, seat, *_cards(lambda d: d.type == "automated", n)
    ),
    "space_tags": _tagged("space"),
    "card_resources": _card_resources(("microbe", "animal")),
    "building_tags": _tagged("building"),
    "plant_production": _production("plants"),
    "cards_in_hand": _hand,
    "earth_tags": _tagged("earth"),
    "equatorial_tiles": _rows(3, 5),
    "most_tags_of_one_type": _only_tagged("building"),
    "animals_and_microbes": _card_resources(("animal", "microbe")),
    "power_tags": _tagged("power"),
    "steel_and_titanium_production": _production("titanium"),
    "card_resource_types": _resource_types,
    "megacredits": _stock("megacredits"),
    "edge_tiles": _tiles(lambda g, s: g.map.space(s).edge),
    "plant_and_heat_production": _production("heat"),
    "production_cards": lambda g, seat, n: in_play(
        g, seat, *_cards(lambda d: any(i[0] == "prod" for i in d.play), n)
    ),
}

MILESTONE_CASES = [(name, m) for name in NEW_MAPS for m in MILESTONES[name] if m != "colonizer"]
AWARD_CASES = [(name, a) for name in NEW_MAPS for a in AWARDS[name] if a != "tourist"]


def test_every_new_map_has_five_of_each() -> None:
    for name in NEW_MAPS:
        assert len(MILESTONES[name]) == 5 and len(AWARDS[name]) == 5
    titles = {m.title for name in NEW_MAPS for m in MILESTONES[name].values()}
    assert titles == {
        *("Generalist", "Specialist", "Ecologist", "Tycoon", "Legend"),
        *("Diversifier", "Tactician", "Polar Explorer", "Energizer", "Rim Settler"),
        *("V. Electrician", "Smith", "Tradesman", "Irrigator", "Capitalist"),
        *("Colonizer", "Forester", "Minimalist", "Terran", "Tropicalist"),
    }
    titles = {a.title for name in NEW_MAPS for a in AWARDS[name].values()}
    assert titles == {
        *("Celebrity", "Industrialist", "Desert Settler", "Estate Dealer", "Benefactor"),
        *("Cultivator", "Magnate", "Space Baron", "Excentric", "Contractor"),
        *("Forecaster", "Edgedancer", "Visionary", "Naturalist", "Voyager"),
        *("Curator", "A. Engineer", "Promoter", "Tourist", "A. Zoologist"),
    }


def _claimable(g: Game, name: str) -> bool:
    return name in g.decision_for(0).options.milestones  # type: ignore[attr-defined]


@pytest.mark.parametrize("map_name, name", MILESTONE_CASES)
def test_a_milestone_is_claimed_at_its_threshold(map_name: str, name: str) -> None:
    m = MILESTONES[map_name][name]
    short, enough = (m.threshold + 1, m.threshold) if m.at_most else (m.threshold - 1, m.threshold)

    g = new_game(2, map=map_name)
    give(g, 0, megacredits=8)  # first: Capitalist's setter sets the M€
    SETTERS[m.metric](g, 0, short)
    assert m.measure(g, g.players[0]) == short
    assert not _claimable(g, name)
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, f"milestone {name}")
    assert refused.value.code == "milestone_unavailable"

    g = new_game(2, map=map_name)
    give(g, 0, megacredits=8)
    SETTERS[m.metric](g, 0, enough)
    before = g.players[0].res[0]
    assert m.measure(g, g.players[0]) == enough and _claimable(g, name)
    g.apply(0, f"milestone {name}")
    assert g.milestones == [(name, 0)] and g.players[0].res[0] == before - 8
    assert next(s for s in g.scores() if s.seat == 0).milestones == 5


def test_minimalist_is_claimable_with_an_empty_hand() -> None:
    g = new_game(2, map="amazonis")
    give(g, 0, megacredits=8)
    assert g.players[0].hand == [] and _claimable(g, "minimalist")


def test_colonizer_counts_no_colonies_until_the_colonies_expansion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new_game(2, map="amazonis")
    give(g, 0, megacredits=100)
    colonizer = MILESTONES["amazonis"]["colonizer"]
    assert colonizer.measure(g, g.players[0]) == 0 and not _claimable(g, "colonizer")
    # The metric is the one place Colonies fills in; once it counts 4, the claim is open.
    from olympus.engine import metrics

    monkeypatch.setitem(metrics.METRICS, "colonies", lambda g, p: 4)
    refresh(g)
    assert _claimable(g, "colonizer")


@pytest.mark.parametrize("map_name, name", AWARD_CASES)
def test_an_award_goes_to_the_highest_measure(map_name: str, name: str) -> None:
    award = AWARDS[map_name][name]
    g = new_game(3, map=map_name)
    setter = SETTERS[award.metric]
    setter(g, 0, 3)
    setter(g, 1, 1)
    base = award.measure(g, g.players[2])  # untouched: 0, or the starting TR for Benefactor
    assert [award.measure(g, p) for p in g.players] == [base + 3, base + 1, base]
    assert award_points(g, award) == {0: 5, 1: 2}
    give(g, 1, megacredits=8)
    g.players[1].hand.clear()  # Visionary: funding needs no cards
    set_turn(g, 1)
    g.apply(1, f"award {name}")  # who funds it does not matter
    assert g.awards == [(name, 1)]
    assert next(s for s in g.scores() if s.seat == 0).awards == 5


def test_tourist_counts_empty_spaces_next_to_your_tiles_but_not_the_restricted_one() -> None:
    g = new_game(2, map="amazonis")
    tourist = AWARDS["amazonis"]["tourist"]
    put_tile(g, 3, SPECIAL, 0)  # a corner: 3 neighbours (4 and 8 are ocean spaces)
    assert tourist.measure(g, g.players[0]) == 3
    put_tile(g, 9, SPECIAL, 0)  # 3 4 10 16 15 8 around it: 4 and 8 counted once, 3 taken
    assert tourist.measure(g, g.players[0]) == 5
    put_tile(g, 4, OCEAN)  # an ocean tile fills an empty space
    assert tourist.measure(g, g.players[0]) == 4
    put_tile(g, 32, SPECIAL, 1)  # next to the restricted centre
    assert 33 in g.map.space(32).neighbours
    assert tourist.measure(g, g.players[1]) == len(g.map.space(32).neighbours) - 1


def test_ties_on_a_new_maps_award() -> None:
    g = new_game(3, map="elysium")
    benefactor = AWARDS["elysium"]["benefactor"]
    for seat, tr in enumerate((30, 30, 25)):
        g.players[seat].tr = tr
    assert award_points(g, benefactor) == {0: 5, 1: 5}  # tied first: nobody second
    g.players[1].tr = 25
    assert award_points(g, benefactor) == {0: 5, 1: 2, 2: 2}  # tied second: both get 2
    g2 = new_game(2, map="elysium")
    g2.players[0].tr = 30
    assert award_points(g2, benefactor) == {0: 5}  # two players: no second place


def test_wild_tags_count_for_milestones_and_not_awards() -> None:
    g = new_game(2, map="hellas")
    in_play(g, 0, *_cards(lambda d: d.tags.count("jovian") == 1, 2))
    in_play(g, 0, "P40")  # Research Coordination: one wild tag
    p = g.players[0]
    assert tags_of(p)["wild"] == 1
    rim_settler = MILESTONES["hellas"]["rim_settler"]
    voyager = AWARDS["vastitas_borealis"]["voyager"]
    assert rim_settler.measure(g, p) == 3 and voyager.measure(g, p) == 2


def test_celebrity_and_tycoon_leave_events_and_the_corporation_out() -> None:
    g = new_game(2, ["R24", "R00"], map="elysium")  # a corporation is not a project card
    p = g.players[0]
    expensive_event = next(
        d.id for d in all_cards().values() if d.type == "event" and (d.cost or 0) >= 20
    )
    p.events.append(expensive_event)
    refresh(g)
    assert AWARDS["elysium"]["celebrity"].measure(g, p) == 0
    assert MILESTONES["elysium"]["tycoon"].measure(g, p) == 0
    assert MILESTONES["elysium"]["legend"].measure(g, p) == 1


def test_a_engineer_counts_every_card_that_changes_its_owners_production() -> None:
    g = new_game(2, ["R24", "R00"], map="amazonis")  # Mining Guild starts with +1 steel prod
    p = g.players[0]
    engineer = AWARDS["amazonis"]["a_engineer"]
    assert engineer.measure(g, p) == 1
    # Insulation moves production, Artificial Photosynthesis chooses one, Energy Tapping takes
    # one: all change their owner's production; Tardigrades does not.
    in_play(g, 0, "Insulation", "Artificial Photosynthesis", "Energy Tapping", "Tardigrades")
    assert engineer.measure(g, p) == 4
    nitrogen = find("Nitrogen-Rich Asteroid")
    assert nitrogen is not None and nitrogen.type == "event"
    p.events.append(nitrogen.id)  # events count too
    assert engineer.measure(g, p) == 5
