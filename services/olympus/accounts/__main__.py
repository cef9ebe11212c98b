"""`python -m olympus.accounts --port P --redis-url URL`: accounts and API keys over gRPC."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.platform.config import parser_for, settings_from
from olympus.platform.quota import MethodQuota, Rate
from olympus.platform.server import main

from .service import REDIS_TIMEOUT_S, SERVICE_NAME, make_setup

# Default quotas, per replica: keys are made rarely; a flood of guesses is slowed down.
QUOTAS = {
    f"/{SERVICE_NAME}/CreateAccount": MethodQuota(per_peer=Rate(300, 60)),
    f"/{SERVICE_NAME}/CreateKey": MethodQuota(per_peer=Rate(300, 60)),
    f"/{SERVICE_NAME}/CreateGuestAccount": MethodQuota(per_peer=Rate(120, 60)),
    # A webhook is set once in a while: a flood of new secrets (or URLs to try) is slowed down.
    f"/{SERVICE_NAME}/SetWebhook": MethodQuota(per_peer=Rate(300, 60), per_account=Rate(30, 60)),
    f"/{SERVICE_NAME}/RotateWebhookSecret": MethodQuota(
        per_peer=Rate(300, 60), per_account=Rate(30, 60)
    ),
}


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for(
        "accounts", "The Olympus accounts service (AccountService, gRPC).", quotas=QUOTAS
    )
    parser.add_argument(
        "--redis-timeout",
        type=float,
        default=float(os.environ.get("OLYMPUS_ACCOUNTS_REDIS_TIMEOUT") or REDIS_TIMEOUT_S),
        help="seconds Redis may take to connect or answer before a call fails with UNAVAILABLE "
        f"(env OLYMPUS_ACCOUNTS_REDIS_TIMEOUT; default {REDIS_TIMEOUT_S:g})",
    )
    args = parser.parse_args(argv)
    if args.redis_timeout <= 0:
        parser.error("--redis-timeout must be positive")
    main(settings_from("accounts", args), make_setup(args.redis_timeout))


if __name__ == "__main__":
    run()
