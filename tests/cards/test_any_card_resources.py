"""Resources onto ANY card go onto any player's card that holds them; ANOTHER card and "a card
of yours" stay with the player's own (the printed wording, cards.tsv; docs/venus.md, "Resources
onto ANY card"). The decision lists the acting player's cards first, then the others'; the
resources go to the chosen card's owner and count for the owner's VP; the decision survives a
save, a position and a redacted copy, and the bots answer it."""

from __future__ import annotations

import random

import pytest
from venus_helpers import set_venus, venus_game

from helpers import (
    card_points,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    set_parameters,
    set_production,
    set_turn,
    use_action,
)
from olympus.bots.greedy import GreedyBot
from olympus.bots.simple import PassiveBot, RandomBot
from olympus.engine import ChooseCards, ChooseOption, Game, GameOptions
from olympus.engine.decisions import SelectCards
from olympus.engine.errors import IllegalAction
from olympus.engine.redact import redacted


def _add_decision(g: Game) -> SelectCards:
    d = decision(g)
    assert isinstance(d, SelectCards) and d.purpose == "add", d
    return d


def _choose(g: Game, *keys: str) -> None:
    g.apply(decision(g).player, ChooseCards(tuple(cid(k) for k in keys)))


def _corroder_suits_game() -> Game:
    """Seat 0 plays Corroder Suits ("add 1 resource to ANY Venus card") holding no Venus
    card with resources; seat 1 has Venusian Insects (Venus, microbes, 1 VP per 2)."""
    g = venus_game()
    in_play(g, 1, "Venusian Insects", resources=1)
    hand(g, 0, "Corroder Suits")
    give(g, 0, megacredits=8)
    play(g, 0, "Corroder Suits")
    return g


def test_any_venus_card_offers_another_players_card_and_the_owner_scores_it() -> None:
    g = _corroder_suits_game()
    d = _add_decision(g)
    assert d.player == 0 and d.cards == (cid("Venusian Insects"),)
    points_before = card_points(g, 1)
    _choose(g, "Venusian Insects")
    assert card_resources(g, 1, "Venusian Insects") == 2
    assert card_points(g, 1) == points_before + 1  # 1 VP per 2 microbes, for its owner
    assert cid("Venusian Insects") not in g.players[0].card_res


def test_only_other_players_cards_qualifying_the_resources_may_stay_unplaced() -> None:
    g = _corroder_suits_game()
    assert _add_decision(g).minimum == 0  # nothing of the player's own could take them
    _choose(g)
    assert card_resources(g, 1, "Venusian Insects") == 1
    assert decision(g).kind == "action"  # the play is over


def test_own_cards_come_first_and_placing_the_resources_is_then_mandatory() -> None:
    g = venus_game(3)
    in_play(g, 0, "Dirigibles")
    in_play(g, 1, "Floating Habs")
    in_play(g, 2, "Aerial Mappers", "Local Shading")
    hand(g, 0, "Air-Scrapping Expedition")  # 3 floaters onto ANY Venus card
    give(g, 0, megacredits=13)
    play(g, 0, "Air-Scrapping Expedition")
    d = _add_decision(g)
    expected = ("Dirigibles", "Floating Habs", "Aerial Mappers", "Local Shading")
    assert d.cards == tuple(cid(k) for k in expected)  # own first, then seats 1 and 2
    assert d.minimum == 1
    with pytest.raises(IllegalAction):
        _choose(g)  # a card of the player's own could take them: they must go somewhere
    _choose(g, "Local Shading")
    assert card_resources(g, 2, "Local Shading") == 3
    assert card_resources(g, 0, "Dirigibles") == 0


def test_a_card_that_does_not_qualify_is_refused() -> None:
    g = _corroder_suits_game()
    in_play(g, 1, "Decomposers")  # microbes, but no Venus tag
    g._cache = None
    assert cid("Decomposers") not in _add_decision(g).cards
    with pytest.raises(IllegalAction):
        _choose(g, "Decomposers")


@pytest.mark.parametrize(
    ("card", "opponent_card", "added"),
    [
        ("Aerial Mappers", "Titan Shuttles", 1),  # floater onto ANY card
        ("Dirigibles", "Titan Shuttles", 1),
        ("Extremophiles", "Decomposers", 1),  # microbe onto ANY card
        ("Floating Habs", "Titan Shuttles", 1),  # pays 2 M€
        ("Stratopolis", "Aerial Mappers", 2),  # 2 floaters onto ANY Venus card
        ("Thermophiles", "Venusian Insects", 1),  # microbe onto ANY Venus card
    ],
)
def test_venus_actions_onto_any_card_reach_other_players(
    card: str, opponent_card: str, added: int
) -> None:
    g = venus_game()
    in_play(g, 0, card)
    in_play(g, 1, opponent_card)
    give(g, 0, megacredits=2)
    set_turn(g, 0)
    use_action(g, 0, card)
    assert _add_decision(g).cards == (cid(card), cid(opponent_card))
    _choose(g, opponent_card)
    assert card_resources(g, 1, opponent_card) == added
    assert card_resources(g, 0, card) == 0


@pytest.mark.parametrize(("corporation", "options"), [("Celestic", {"venus": True})])
def test_a_corporation_action_onto_any_card_reaches_other_players(
    corporation: str, options: dict[str, bool]
) -> None:
    g = new_game(2, [corporation, "R00"], **options)
    in_play(g, 1, "Dirigibles")
    set_turn(g, 0)
    use_action(g, 0, corporation)
    assert _add_decision(g).cards == (cid(corporation), cid("Dirigibles"))
    _choose(g, "Dirigibles")
    assert card_resources(g, 1, "Dirigibles") == 1


def test_stormcraft_puts_its_floater_on_another_players_card() -> None:
    g = new_game(2, ["Stormcraft Incorporated", "R00"], colonies=True)
    in_play(g, 1, "Titan Shuttles")
    set_turn(g, 0)
    use_action(g, 0, "Stormcraft Incorporated")
    _choose(g, "Titan Shuttles")
    assert card_resources(g, 1, "Titan Shuttles") == 1


@pytest.mark.parametrize(
    ("card", "cost", "opponent_card", "added"),
    [
        ("Atmo Collectors", 15, "Dirigibles", 2),  # colonies: 2 floaters onto ANY card
        ("Atmoscoop", 22, "Dirigibles", 2),  # venus: 2 floaters onto ANY card
        ("Eos Chasma National Park", 16, "Birds", 1),  # base: 1 animal onto ANY animal card
    ],
)
def test_played_cards_onto_any_card_reach_other_players(
    card: str, cost: int, opponent_card: str, added: int
) -> None:
    g = venus_game()
    in_play(g, 0, "Research", "Physics Complex")  # 3 science tags (Atmoscoop)
    set_parameters(g, temperature=-12)  # Eos Chasma
    in_play(g, 1, opponent_card)
    hand(g, 0, card)
    give(g, 0, megacredits=cost)
    play(g, 0, card)
    if decision(g).kind == "option":  # Atmoscoop: temperature or Venus first
        g.apply(0, ChooseOption(1))
    assert cid(opponent_card) in _add_decision(g).cards
    _choose(g, opponent_card)
    assert card_resources(g, 1, opponent_card) == added


def test_another_card_never_offers_other_players_cards() -> None:
    """Imported Nitrogen: 3 microbes and 2 animals onto ANOTHER card each, which stays the
    player's own: with the only animal card seat 1's, the animals are lost; seat 0's two
    microbe cards are asked between, seat 1's Decomposers is refused."""
    g = new_game()
    in_play(g, 0, "Tardigrades", "Ants")
    in_play(g, 1, "Decomposers", "Birds")
    hand(g, 0, "Imported Nitrogen")
    give(g, 0, megacredits=23)
    play(g, 0, "Imported Nitrogen")
    d = _add_decision(g)
    assert d.cards == (cid("Tardigrades"), cid("Ants"))
    with pytest.raises(IllegalAction):
        _choose(g, "Decomposers")
    _choose(g, "Tardigrades")
    assert card_resources(g, 0, "Tardigrades") == 3
    assert decision(g).kind == "action"  # no animal decision: nothing of seat 0's holds animals
    assert card_resources(g, 1, "Birds") == 0 and card_resources(g, 1, "Decomposers") == 0


@pytest.mark.parametrize(
    ("card", "cost", "venus"),
    [
        ("Venusian Plants", 13, 16),  # 1 microbe or 1 animal onto ANOTHER Venus card
        ("Freyja Biodomes", 14, 10),  # 2 microbes or 2 animals onto ANOTHER Venus card
        ("Hydrogen to Venus", 11, 0),  # 1 floater per Jovian tag onto A Venus card (yours)
    ],
)
def test_venus_cards_worded_another_or_a_venus_card_stay_with_the_players_own(
    card: str, cost: int, venus: int
) -> None:
    g = venus_game()
    set_venus(g, venus)
    in_play(g, 0, "Io Mining Industries")  # a Jovian tag (Hydrogen to Venus)
    for seat in (0, 1):  # each seat: two Venus cards for microbes or animals, two for floaters
        in_play(g, seat, "Venusian Insects", "Venusian Animals", "Dirigibles", "Local Shading")
    hand(g, 0, card)
    give(g, 0, megacredits=cost)
    set_production(g, 0, energy=1)  # Freyja Biodomes lowers it
    play(g, 0, card)
    d = _add_decision(g)
    expected = (
        ("Dirigibles", "Local Shading")
        if card == "Hydrogen to Venus"
        else ("Venusian Insects", "Venusian Animals")
    )
    assert d.cards == tuple(cid(k) for k in expected)  # seat 0's only


def test_symbiotic_fungus_action_refuses_another_players_card() -> None:
    """ "Add a microbe to ANOTHER card": with nothing of seat 0's holding microbes the action is
    not offered, whatever seat 1 holds."""
    g = new_game()
    in_play(g, 0, "Symbiotic Fungus")
    in_play(g, 1, "Decomposers")
    set_turn(g, 0)
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Symbiotic Fungus")


def test_the_decision_survives_a_save_and_a_redacted_copy_and_the_result_a_position() -> None:
    g = _corroder_suits_game()
    pending = _add_decision(g)
    loaded = Game.from_bytes(g.to_bytes())
    assert _add_decision(loaded).cards == pending.cards
    seen_by_opponent = redacted(loaded, 1, seed=7)  # the tableau is public: nothing re-dealt
    assert seen_by_opponent.decisions()[0].cards == pending.cards  # type: ignore[attr-defined]
    _choose(loaded, "Venusian Insects")
    in_tableaux = {c for p in loaded.players for c in p.played}
    loaded.deck[:] = [c for c in loaded.deck if c not in in_tableaux]  # placed by hand above
    rebuilt = Game.from_position(loaded.to_position())
    assert card_resources(rebuilt, 1, "Venusian Insects") == 2
    assert card_points(rebuilt, 1) == card_points(loaded, 1)


def test_a_saved_decision_with_several_kinds_reloads() -> None:
    """Freyja Biodomes' frame holds a tuple of kinds, a list once saved."""
    g = venus_game()
    set_venus(g, 10)
    in_play(g, 0, "Venusian Insects", "Venusian Animals")
    hand(g, 0, "Freyja Biodomes")
    give(g, 0, megacredits=14)
    set_production(g, 0, energy=1)
    play(g, 0, "Freyja Biodomes")
    loaded = Game.from_bytes(g.to_bytes())
    assert _add_decision(loaded).cards == _add_decision(g).cards
    _choose(loaded, "Venusian Animals")
    assert card_resources(loaded, 0, "Venusian Animals") == 2


def test_the_bots_answer_a_decision_listing_other_players_cards() -> None:
    g = venus_game()
    in_play(g, 0, "Dirigibles")
    in_play(g, 1, "Floating Habs")
    hand(g, 0, "Air-Scrapping Expedition")
    give(g, 0, megacredits=13)
    play(g, 0, "Air-Scrapping Expedition")
    d = _add_decision(g)
    for bot in (RandomBot(seed=1), PassiveBot(), GreedyBot(seed=1)):
        choice = bot.choose(g, d)
        d.check(choice)
    assert PassiveBot().choose(g, d) == ChooseCards((cid("Dirigibles"),))  # its own first
    # The greedy bot judges 3 floaters on its own card better than on its opponent's VP card.
    assert GreedyBot(seed=1).choose(g, d) == ChooseCards((cid("Dirigibles"),))
    sampled = {d.sample(random.Random(seed)) for seed in range(20)}
    assert ChooseCards((cid("Floating Habs"),)) in sampled


def test_random_games_place_resources_on_other_players_cards() -> None:
    """Whole 3-player games with random answers: ANY decisions that list other players' cards
    come up, each one reloads from a save as it was, and a resource given to another player's
    card lands with its owner."""
    listed = given = 0
    for seed in range(12):  # Venus Next, with Colonies in every other game
        g = Game.new(GameOptions(players=3, seed=seed, venus=True, colonies=seed % 2 == 1))
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.decisions()[0]
            answer = d.sample(rnd)
            if isinstance(d, SelectCards) and d.purpose == "add":
                acting = g.players[d.player]
                if any(c != acting.corp and c not in acting.played for c in d.cards):
                    listed += 1
                    assert _add_decision(Game.from_bytes(g.to_bytes())).cards == d.cards
                card = answer.cards[0] if answer.cards else 0  # type: ignore[attr-defined]
                owner = next((p for p in g.players if card in p.played or card == p.corp), None)
                if owner is not None and owner is not acting:
                    before = owner.card_res.get(card, 0)
                    g.apply(d.player, answer)
                    assert owner.card_res[card] > before and card not in acting.card_res
                    given += 1
                    continue
            g.apply(d.player, answer)
    assert listed and given
