"""`python -m olympus.matchmaking --port P --redis-url URL [--gamestate-address H:P] ...`."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.platform.config import default_address, parser_for, settings_from
from olympus.platform.keycheck import accounts_address_from_env
from olympus.platform.quota import MethodQuota, Rate
from olympus.platform.server import main

from .matcher import MatcherSettings
from .service import SERVICE_NAME, Addresses, Limits, make_setup
from .store import DEFAULT_MAX_QUEUES

# Default quotas, per replica: a player enqueues, watches and cancels now and then; a bot
# playing all day a few times a minute. Per account and per address (a guest factory on one
# address shares the address's), and open WatchTicket streams per account and per address.
QUOTAS = {
    f"/{SERVICE_NAME}/Enqueue": MethodQuota(per_peer=Rate(600, 60), per_account=Rate(30, 60)),
    f"/{SERVICE_NAME}/Cancel": MethodQuota(per_peer=Rate(600, 60), per_account=Rate(30, 60)),
    f"/{SERVICE_NAME}/GetTicket": MethodQuota(per_peer=Rate(6_000, 60), per_account=Rate(300, 60)),
    f"/{SERVICE_NAME}/ListMyTickets": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(120, 60)
    ),
    f"/{SERVICE_NAME}/CreateChallenge": MethodQuota(
        per_peer=Rate(600, 60), per_account=Rate(30, 60)
    ),
    f"/{SERVICE_NAME}/AcceptChallenge": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(60, 60)
    ),
    f"/{SERVICE_NAME}/DeclineChallenge": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(60, 60)
    ),
    f"/{SERVICE_NAME}/CancelChallenge": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(60, 60)
    ),
    f"/{SERVICE_NAME}/GetChallenge": MethodQuota(
        per_peer=Rate(6_000, 60), per_account=Rate(300, 60)
    ),
    f"/{SERVICE_NAME}/ListMyChallenges": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(120, 60)
    ),
    f"/{SERVICE_NAME}/WatchTicket": MethodQuota(
        per_peer=Rate(600, 60),
        per_account=Rate(60, 60),
        streams_per_peer=1_000,
        streams_per_account=8,
    ),
}


def _env(name: str, default: str) -> str:
    return os.environ.get(f"OLYMPUS_MATCHMAKING_{name}") or default


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for(
        "matchmaking", "The Olympus matchmaking service (MatchmakingService, gRPC).", quotas=QUOTAS
    )
    parser.add_argument(
        "--gamestate-address",
        default=_env(
            "GAMESTATE_ADDRESS",
            os.environ.get("OLYMPUS_GAMESTATE_ADDRESS") or default_address("gamestate"),
        ),
        help="the game service that creates matched games "
        f"(env OLYMPUS_GAMESTATE_ADDRESS; default {default_address('gamestate')})",
    )
    parser.add_argument(
        "--scoring-address",
        default=_env(
            "SCORING_ADDRESS",
            os.environ.get("OLYMPUS_SCORING_ADDRESS") or default_address("scoring"),
        ),
        help="the scoring service rated tickets read their rating from "
        f"(env OLYMPUS_SCORING_ADDRESS; default {default_address('scoring')})",
    )
    parser.add_argument(
        "--ladder-address",
        default=_env(
            "LADDER_ADDRESS",
            os.environ.get("OLYMPUS_LADDER_ADDRESS") or default_address("ladder"),
        ),
        help="the ladder service, asked whether a ladder takes external bots "
        f"(env OLYMPUS_LADDER_ADDRESS; default {default_address('ladder')})",
    )
    parser.add_argument(
        "--accounts-address",
        default=accounts_address_from_env(),
        help="the accounts service that checks API keys (env OLYMPUS_ACCOUNTS_ADDRESS); the "
        "service credential is OLYMPUS_SERVICE_KEY",
    )
    parser.add_argument(
        "--max-queues",
        type=int,
        default=int(_env("MAX_QUEUES", str(DEFAULT_MAX_QUEUES))),
        help="formats with waiting players held at once; a ticket for another format is "
        f"refused (TOO_MANY_QUEUES); 0: no cap (default {DEFAULT_MAX_QUEUES})",
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
    if args.max_queues < 0:
        parser.error("--max-queues must be >= 0")
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
        make_setup(
            Addresses(
                args.gamestate_address,
                args.scoring_address,
                args.ladder_address,
                args.accounts_address,
            ),
            settings,
            args.ticket_ttl_seconds,
            Limits(args.max_queues),
        ),
    )


if __name__ == "__main__":
    run()
