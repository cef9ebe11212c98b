"""`python -m olympus.scoring --port P --redis-url URL [--queues 2p-standard,ladder] ...`."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.platform.config import default_address, parser_for, settings_from
from olympus.platform.keycheck import accounts_address_from_env
from olympus.platform.server import main

from .service import QUEUE_RE, REDIS_TIMEOUT_S, make_setup


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for(
        "scoring", "The Olympus scoring service (ScoringService, gRPC): results and ratings."
    )
    parser.add_argument(
        "--queues",
        default=os.environ.get("OLYMPUS_SCORING_QUEUES") or "",
        help="comma-separated queue names: the only queues ratings are kept for (a report for "
        "another is refused with UNKNOWN_QUEUE); empty: any well-formed name, a queue "
        "coming into being with its first rated game (env OLYMPUS_SCORING_QUEUES)",
    )
    parser.add_argument(
        "--gamestate-address",
        default=os.environ.get("OLYMPUS_SCORING_GAMESTATE_ADDRESS")
        or os.environ.get("OLYMPUS_GAMESTATE_ADDRESS")
        or default_address("gamestate"),
        help="the game service, owner of every result, read with the service credential "
        f"OLYMPUS_SERVICE_KEY (env OLYMPUS_GAMESTATE_ADDRESS; default {default_address('gamestate')})",
    )
    parser.add_argument(
        "--accounts-address",
        default=accounts_address_from_env(),
        help="the accounts service that checks API keys (env OLYMPUS_ACCOUNTS_ADDRESS)",
    )
    parser.add_argument(
        "--redis-timeout",
        type=float,
        default=float(os.environ.get("OLYMPUS_SCORING_REDIS_TIMEOUT") or REDIS_TIMEOUT_S),
        help="seconds Redis may take to connect or answer before a call fails with UNAVAILABLE "
        f"(env OLYMPUS_SCORING_REDIS_TIMEOUT; default {REDIS_TIMEOUT_S:g})",
    )
    args = parser.parse_args(argv)
    queues = [q.strip() for q in args.queues.split(",") if q.strip()]
    bad = [q for q in queues if not QUEUE_RE.fullmatch(q)]
    if bad:
        parser.error(f"--queues: not a queue name: {bad[0]!r}")
    if args.redis_timeout <= 0:
        parser.error("--redis-timeout must be positive")
    main(
        settings_from("scoring", args),
        make_setup(queues, args.redis_timeout, args.gamestate_address, args.accounts_address),
    )


if __name__ == "__main__":
    run()
