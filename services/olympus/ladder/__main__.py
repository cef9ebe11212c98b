"""`python -m olympus.ladder --port P --redis-url URL [--gamestate-address H:P] ...`: the
ladder service (LadderService, gRPC) and the scheduler that keeps its ladders playing."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.platform.config import default_address, parser_for, settings_from
from olympus.platform.keycheck import accounts_address_from_env
from olympus.platform.server import main

from .peers import Addresses
from .schedule import LADDER_SECONDS
from .service import make_setup


def _address(name: str, default: str) -> str:
    return (
        os.environ.get(f"OLYMPUS_LADDER_{name.upper()}_ADDRESS")
        or os.environ.get(f"OLYMPUS_{name.upper()}_ADDRESS")
        or default
    )


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for("ladder", "The Olympus ladder service (LadderService, gRPC).")
    for name in ("gamestate", "scoring", "matchmaking"):
        parser.add_argument(
            f"--{name}-address",
            default=_address(name, default_address(name)),
            help=f"the {name} service (env OLYMPUS_{name.upper()}_ADDRESS; default "
            f"{default_address(name)}); called with the service credential OLYMPUS_SERVICE_KEY",
        )
    parser.add_argument(
        "--accounts-address",
        default=accounts_address_from_env(),
        help="the accounts service that checks API keys (env OLYMPUS_ACCOUNTS_ADDRESS)",
    )
    parser.add_argument(
        "--tick-seconds",
        type=float,
        default=float(os.environ.get("OLYMPUS_LADDER_TICK_SECONDS") or LADDER_SECONDS),
        help="how often every ladder's games are settled and new ones started "
        f"(env OLYMPUS_LADDER_TICK_SECONDS; default {LADDER_SECONDS:g})",
    )
    parser.add_argument(
        "--scheduler",
        choices=("on", "off"),
        default=(os.environ.get("OLYMPUS_LADDER_SCHEDULER") or "on").lower(),
        help="off: this replica answers calls but runs no ladder (others do)",
    )
    args = parser.parse_args(argv)
    if args.tick_seconds <= 0:
        parser.error("--tick-seconds must be positive")
    addresses = Addresses(
        args.gamestate_address,
        args.scoring_address,
        args.matchmaking_address,
        args.accounts_address,
    )
    main(
        settings_from("ladder", args),
        make_setup(addresses, args.tick_seconds, args.scheduler == "on"),
    )


if __name__ == "__main__":
    run()
