"""Hidden information: no view, decision or event shown to one seat (or to a spectator) ever
contains a card only another seat may know of.

The test plays random games through the service and keeps a local copy of each game (same
seed, same answers), which tells at every version which cards each seat holds in secret.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from gamestate_players import pick

from olympus.client import OlympusClient
from olympus.engine import Game, GameOptions, from_dict
from olympus.engine.cards.model import card_number

CARD = re.compile(r"^(?:[RPC]\d{2}|\d{3})$")


def cards_in(data: Any) -> set[str]:
    """Every card number anywhere in a JSON-like value (values and keys)."""
    found: set[str] = set()
    if isinstance(data, str):
        if CARD.match(data):
            found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            found |= cards_in(key) | cards_in(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= cards_in(value)
    return found


def public_cards(game: Game) -> set[str]:
    public: set[str] = set()
    for p in game.players:
        public |= {card_number(c) for c in (*p.played, *p.events)}
        if p.corp:
            public.add(card_number(p.corp))
    public |= {card_number(c) for c in game.specials.values()}
    return public


def secrets_of(game: Game) -> dict[int, set[str]]:
    """Per seat, the cards only that seat may see now."""
    public = public_cards(game)
    out = {}
    for p in game.players:
        held = {
            card_number(c) for c in (*p.hand, *p.dealt, *p.dealt_corps, *p.draft_hand, *p.drafted)
        }
        for d in game.decisions():
            if d.player == p.seat:
                held |= cards_in(d.to_dict())
        out[p.seat] = held - public
    return out


@pytest.mark.parametrize(("players", "draft"), [(2, True), (3, False), (4, True)])
def test_no_view_or_event_shows_another_seats_cards(
    client: OlympusClient, players: int, draft: bool
) -> None:
    seed = 60 + players
    game = client.create_game(players=players, seed=seed, draft=draft)
    mirror = Game.new(GameOptions(players=players, seed=seed, draft=draft))
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    spectator = client.spectate(game.game_id)
    rnd = random.Random(players)
    # Per version: the cards secret then, and the cards public then.
    history = {1: (set().union(*secrets_of(mirror).values()), public_cards(mirror))}
    own_cards_seen = 0
    while not mirror.is_over:
        secret = secrets_of(mirror)
        everyone = set().union(*secret.values())
        seen = cards_in(spectator.view())
        assert not seen & everyone, seen & everyone
        for seat, handle in seats.items():
            others = everyone - secret[seat]
            view, state = handle.view(), handle.decision()
            assert view["version"] == state.version == 1 + mirror.decisions_made
            seen = cards_in(view) | cards_in(state.decision or {})
            assert not seen & others, (seat, seen & others)
            own_cards_seen += len(seen & secret[seat])
        # One answer, by a seat the game waits for, applied here and there alike.
        seat = rnd.choice(mirror.waiting_for())
        state = seats[seat].decision()
        answer = pick(state.decision or {}, rnd)
        seats[seat].act(answer, version=state.version)
        mirror.apply(seat, from_dict(answer))
        history[1 + mirror.decisions_made] = (
            set().union(*secrets_of(mirror).values()),
            public_cards(mirror),
        )
    assert own_cards_seen > 0  # the check can see cards at all

    for event in spectator.watch(from_version=0):
        # What was secret before or after this answer and is not public after it.
        v = event["version"]
        before = history[v - 1][0] if v > 1 else set()
        hidden = (before | history[v][0]) - history[v][1]
        assert not cards_in(event) & hidden, (event, cards_in(event) & hidden)
