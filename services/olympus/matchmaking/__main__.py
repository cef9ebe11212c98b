"""`python -m olympus.matchmaking --port P --redis-url URL [--gamestate-address H:P] ...`."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.platform.config import parser_for, settings_from
from olympus.platform.server import main

from .matcher import MatcherSettings
from .service import make_setup


def _env(name: str, default: str) -> str:
    return os.environ.get(f"OLYMPUS_MATCHMAKING_{name}") or default


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for(
        "matchmaking", "The Olympus matchmaking service (MatchmakingService, gRPC)."
    )
    parser.add_argument(
        "--gamestate-address",
        default=_env("GAMESTATE_ADDRESS", "127.0.0.1:50051"),
        help="the game service that creates matched games "
        "(env OLYMPUS_MATCHMAKING_GAMESTATE_ADDRESS; default 127.0.0.1:50051)",
    )
    parser.add_argument(
        "--backfill-seconds",
        type=float,
        default=float(_env("BACKFILL_SECONDS", "0")),
        help="a ticket waiting this long without a full group gets bot seats ('random') for "
        "the seats nobody fills; 0 = never (env OLYMPUS_MATCHMAKING_BACKFILL_SECONDS; default 0)",
    )
    parser.add_argument(
        "--matcher",
        choices=("on", "off"),
        default=_env("MATCHER", "on").lower(),
        help="off: this replica answers calls but makes no matches (other replicas do) "
        "(env OLYMPUS_MATCHMAKING_MATCHER; default on)",
    )
    parser.add_argument(
        "--match-interval",
        type=float,
        default=float(_env("MATCH_INTERVAL", "0.1")),
        help="seconds between two passes of this replica's matcher (default 0.1)",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=float(_env("LEASE_SECONDS", "10")),
        help="a match not assigned this long after its claim is finished (game recorded) or "
        "given back to the queue by any replica; CreateGame gets half of it (default 10)",
    )
    parser.add_argument(
        "--rating-gap",
        type=float,
        default=float(_env("RATING_GAP", "100")),
        help="the rating difference a new ticket accepts (default 100)",
    )
    parser.add_argument(
        "--rating-widen",
        type=float,
        default=float(_env("RATING_WIDEN", "10")),
        help="how much the accepted difference grows per second waited (default 10)",
    )
    parser.add_argument(
        "--ticket-ttl-seconds",
        type=int,
        default=int(_env("TICKET_TTL_SECONDS", "86400")),
        help="how long a matched or cancelled ticket stays readable (default 1 day)",
    )
    args = parser.parse_args(argv)
    if args.backfill_seconds < 0 or args.match_interval <= 0 or args.lease_seconds <= 0:
        parser.error("--backfill-seconds must be >= 0, --match-interval and --lease-seconds > 0")
    if args.ticket_ttl_seconds < 1:
        parser.error("--ticket-ttl-seconds must be >= 1")
    settings = MatcherSettings(
        interval_s=args.match_interval,
        lease_s=args.lease_seconds,
        backfill_s=args.backfill_seconds,
        rating_gap=args.rating_gap,
        rating_widen=args.rating_widen,
        enabled=args.matcher == "on",
    )
    main(
        settings_from("matchmaking", args),
        make_setup(args.gamestate_address, settings, args.ticket_ttl_seconds),
    )


if __name__ == "__main__":
    run()
