"""Rated matches: their scoring queue, and the ratings tickets carry.

A rated format's games are rated in the scoring queue `mm-<players>p-<format id>` (e.g.
`mm-2p-3f0c9a1b2d4e5f60`): stable (the format id is the hash of the format's canonical JSON),
one queue per format, and a valid scoring queue name. The queue is fixed when the game is
created (CreateGameRequest.rated_queue, with this service's credential), with the account of
each ticket's seat (SeatSpec.account_id): the game service keeps both with the game and
delivers the result to the scoring service itself. The rated player of a seat is the account
that won it (a seat its player resigned, or that timed out to the bot, still counts for the
account); a bot seat (backfill) is `bot:<bot name>` (`bot:random`), the k-th bot seat of one
game (k >= 2) `bot:<bot name>.<k>`: the game service's record says so (GameRecord).

A rated ticket's `rating` is the account's ordinal (mu - 3 sigma) in the format's queue, asked
of the scoring service (GetRatings), rounded to an integer, 0 when the account is not rated
there yet: `--rating-gap` and `--rating-widen` are in these units (a new player's ordinal is 0;
a strong one's some 20-35).
"""

from __future__ import annotations

from .formats import Format

BOT = "random"  # the bot that takes backfilled seats
MIN_RATED_PLAYERS = 2  # a solo game cannot be rated


def queue_name(fmt: Format) -> str:
    return f"mm-{fmt.players}p-{fmt.format_id}"


def is_rated(fmt: Format) -> bool:
    """Rated here, by the matchmaking queue (a ladder rates its games in its own queue)."""
    return fmt.rated and fmt.players >= MIN_RATED_PLAYERS and not fmt.ladder


def rated_queue(fmt: Format) -> str:
    """The queue a ticket's game is rated in ("" unrated): the format's, or its ladder's."""
    if fmt.ladder:
        return fmt.ladder
    return queue_name(fmt) if is_rated(fmt) else ""
