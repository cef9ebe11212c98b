"""A game as one seat may know it: everything the seat cannot see re-dealt at random.

Bots must decide with their own seat's knowledge only. `redacted(game, seat, seed)` returns a
new game (information-set sampling, as ISMCTS does) whose `view(seat)` and pending decisions for
`seat` are exactly the real ones, and in which everything else is a fresh random deal.

Hidden, because `view.py` never shows it to this seat (counts are kept, identities re-dealt):

- the deck (only its size is shown) and the discard pile (only its size is shown: the engine
  reshuffles it into the deck when the deck runs out, so its contents decide future draws);
- every other seat's ``hand`` (size shown), ``dealt``, ``draft_hand`` and ``drafted``;
- Prelude: every other seat's ``preludes`` (dealt, or kept and not yet played), the prelude
  deck and the set-aside preludes, and the preludes a ``prelude_draw`` frame (Valley Trust)
  shows another seat: re-dealt among themselves, from the preludes only;
- every other seat's ``dealt_corps`` during setup. Corporations come from their own pool
  (`corporation_pool`); the undealt rest of it is not kept in the state, so the unseen
  corporations are the pool minus this seat's own and any chosen (public) ones;
- stack frames holding cards shown only to another seat: ``look`` (cards revealed to keep some)
  and ``buy_top`` (the top card offered) once they have drawn, and that seat's entry in the
  ``setup`` frame (corporation and cards chosen, revealed only when everybody has chosen): it
  is re-sampled as a random legal choice from the re-dealt corporations and cards;
- ``rng`` (the SplitMix64 state predicts every future shuffle) and ``options.seed`` (with it,
  `Game.new` would rebuild the whole opening deal and deck order);
- the undo option's window (an earlier copy of the whole state): dropped.

Public and kept as is: the board, parameters, played cards and events, card resources, used
actions, TRs, resources, production, milestones, awards, whose turn it is, the rest of the
stack, and all of the seat's own cards and frames.

The re-deal sorts the unseen cards before shuffling, so the result depends only on what the seat
sees, the counts and `seed`, never on where the hidden cards really are (the seed cannot be
inverted into the real deal). Limit: redaction works from the state, not from history, so what
the seat remembers but the view does not show (cards it discarded or passed in the draft, a card
revealed by Search For Life) is re-dealt like any unseen card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cards.catalogue import corporation_pool
from .flow import setup_budget
from .game import Game
from .rng import below, next_u64, seed_state, shuffle
from .state import Frame


def _drawn_cards(frame: Frame) -> int | None:
    """Where a frame holds cards drawn for its player (index), or None."""
    if frame[0] == "look" and len(frame) > 5:
        return 4
    if frame[0] == "buy_top" and len(frame) > 3:
        return 3
    return None


def redacted(game: Game, seat: int, seed: int) -> Game:
    """A copy of `game` as `seat` may know it, the unseen cards re-dealt from `seed`."""
    g = game.clone()  # the input is never changed: lists are copied, frames are replaced
    others = [p for p in g.players if p.seat != seat]
    hidden_frames = [
        (i, at)
        for i, frame in enumerate(g.stack)
        if frame[1] != seat and (at := _drawn_cards(frame)) is not None
    ]

    # Unseen project cards, sorted: the deal depends on `seed`, not on where they really are.
    unseen = g.deck + g.discard
    for p in others:
        unseen += p.hand + p.dealt + p.draft_hand + p.drafted
    for i, at in hidden_frames:
        unseen += g.stack[i][at]
    unseen.sort()
    state = shuffle(seed_state(seed), unseen)

    def deal(n: int) -> list[int]:
        nonlocal unseen
        cards, unseen = unseen[:n], unseen[n:]
        return cards

    # Same places, same counts, in a fixed order.
    g.deck = deal(len(g.deck))
    g.discard = deal(len(g.discard))
    for p in others:
        p.hand = deal(len(p.hand))
        p.dealt = deal(len(p.dealt))
        p.draft_hand = deal(len(p.draft_hand))
        p.drafted = deal(len(p.drafted))
    for i, at in hidden_frames:
        frame = g.stack[i]
        g.stack[i] = (*frame[:at], tuple(deal(len(frame[at]))), *frame[at + 1 :])
    state = _redeal_preludes(g, seat, state)

    # Corporations dealt to others in setup (the Beginner corporation is public: an option).
    seen = set(g.players[seat].dealt_corps) | {p.corp for p in g.players}
    pool = corporation_pool(
        g.options.corporate_era, g.options.prelude, g.options.colonies, g.options.venus
    )
    corps = [c for c in pool if c not in seen]
    state = shuffle(state, corps)
    for p in others:
        if not g.options.is_beginner(p.seat) and p.dealt_corps:
            p.dealt_corps, corps = corps[: len(p.dealt_corps)], corps[len(p.dealt_corps) :]

    for i, frame in enumerate(g.stack):
        if frame[0] == "setup":
            chosen: list[tuple[Any, ...]] = []
            for entry in frame[4]:
                if entry[0] != seat:
                    entry, state = _sample_setup(g, entry[0], state)
                chosen.append(tuple(entry))
            g.stack[i] = (*frame[:4], tuple(chosen))

    # Future randomness from `seed`, not from the real game.
    value, state = next_u64(state)
    g.options = replace(g.options, seed=value >> 1)  # a seed must be below 2**63
    g.rng = state
    g.undo_window = None  # its copy of an earlier state holds every real card
    g._cache = None
    return g


def _redeal_preludes(g: Game, seat: int, state: int) -> int:
    """Preludes the seat cannot see, re-dealt among the same places (same counts)."""
    others = [p for p in g.players if p.seat != seat]
    frames = [
        i
        for i, frame in enumerate(g.stack)
        if frame[0] == "prelude_draw" and frame[1] != seat and len(frame) > 4
    ]
    unseen = g.prelude_deck + g.prelude_discard
    for p in others:
        unseen += p.preludes
    for i in frames:
        unseen += g.stack[i][4]
    if not unseen:
        return state
    unseen.sort()
    state = shuffle(state, unseen)

    def deal(n: int) -> list[int]:
        nonlocal unseen
        cards, unseen = unseen[:n], unseen[n:]
        return cards

    g.prelude_deck = deal(len(g.prelude_deck))
    g.prelude_discard = deal(len(g.prelude_discard))
    for p in others:
        p.preludes = deal(len(p.preludes))
    for i in frames:
        frame = g.stack[i]
        g.stack[i] = (*frame[:4], tuple(deal(len(frame[4]))), *frame[5:])
    return state


def _sample_setup(g: Game, seat: int, state: int) -> tuple[tuple[Any, ...], int]:
    """A random legal setup choice for another seat, from its re-dealt corporations and cards:
    the real one (even how many cards were bought) is secret until everybody has chosen."""
    p = g.players[seat]
    if g.options.is_beginner(seat):
        return (seat, p.dealt_corps[0], tuple(p.dealt)), state  # Beginner takes all 10
    pick, state = below(state, len(p.dealt_corps))
    corp = p.dealt_corps[pick]
    count, state = below(state, min(setup_budget(corp), len(p.dealt)) + 1)
    return (seat, corp, tuple(p.dealt[:count])), state  # `dealt` is already shuffled
