"""`python -m olympus.gamestate --port P --redis-url URL [--retention-seconds N] ...`."""

from __future__ import annotations

import os
from collections.abc import Sequence

from olympus.engine import version
from olympus.platform.config import parser_for, settings_from
from olympus.platform.keycheck import DEFAULT_ACCOUNTS_ADDRESS, accounts_address_from_env
from olympus.platform.quota import MethodQuota, Rate
from olympus.platform.server import main

from . import store as st
from .account import HEARTBEAT_S
from .lru import cache_memory_arg
from .service import REDIS_TIMEOUT_S, SERVICE_NAME, make_setup

# Default quotas, per replica. Generous for people and for bots playing at full speed (a whole
# game is a few hundred answers per seat); they stop one address or one token from flooding a
# replica. Tighten them for a public server; `--quotas off` lifts them (benchmarks).
QUOTAS = {
    # Without a key, the anonymous policy: a few games an hour per address (each is kept a day
    # once it ends); with one, per account as well as per address.
    f"/{SERVICE_NAME}/CreateGame": MethodQuota(
        per_peer=Rate(300, 60), per_account=Rate(300, 60), anonymous_per_peer=Rate(120, 3600)
    ),
    f"/{SERVICE_NAME}/SubmitAction": MethodQuota(
        per_peer=Rate(60_000, 60), per_token=Rate(6_000, 60)
    ),
    # An undo replays at most engine.undo.UNDO_LIMIT answers: a tenth of the answers' rate.
    f"/{SERVICE_NAME}/UndoAnswers": MethodQuota(per_peer=Rate(6_000, 60), per_token=Rate(600, 60)),
    f"/{SERVICE_NAME}/WatchGame": MethodQuota(
        per_peer=Rate(1_200, 60), per_token=Rate(300, 60), streams_per_peer=1_000
    ),
    # A bot keeps one account stream open (two while it reconnects): a few per account.
    f"/{SERVICE_NAME}/WatchAccount": MethodQuota(
        per_peer=Rate(600, 60), per_account=Rate(120, 60), streams_per_account=16
    ),
    f"/{SERVICE_NAME}/ListMyGames": MethodQuota(
        per_peer=Rate(1_200, 60), per_account=Rate(600, 60)
    ),
    # Open tables (a lobby refreshes its list every few seconds) and rematches (each makes a
    # game at most once, but looks cost a read).
    f"/{SERVICE_NAME}/ListOpenTables": MethodQuota(per_peer=Rate(600, 60)),
    f"/{SERVICE_NAME}/TakeSeat": MethodQuota(per_peer=Rate(300, 60), per_account=Rate(120, 60)),
    f"/{SERVICE_NAME}/Rematch": MethodQuota(
        per_peer=Rate(300, 60), per_account=Rate(120, 60), anonymous_per_peer=Rate(120, 3600)
    ),
}


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(f"OLYMPUS_GAMESTATE_{name}") or default)


def run(argv: Sequence[str] | None = None) -> None:
    parser = parser_for(
        "gamestate", "The Olympus game state service (GameService, gRPC).", quotas=QUOTAS
    )
    parser.add_argument(
        "--retention-seconds",
        type=int,
        default=_env_int("RETENTION_SECONDS", st.DEFAULT_RETENTION_S),
        help="how long a finished or aborted game is kept (all of it: record, answer log, "
        "events, tokens) before it is deleted; GetGameLog exports it until then; 0 keeps games "
        "forever (env OLYMPUS_GAMESTATE_RETENTION_SECONDS; default 7 days)",
    )
    parser.add_argument(
        "--anonymous-retention-seconds",
        type=int,
        default=_env_int("ANONYMOUS_RETENTION_SECONDS", st.DEFAULT_ANONYMOUS_RETENTION_S),
        help="how long a game created without an API key is kept once it ends (the anonymous "
        "policy; at most --retention-seconds) "
        "(env OLYMPUS_GAMESTATE_ANONYMOUS_RETENTION_SECONDS; default 1 day)",
    )
    parser.add_argument(
        "--accounts-address",
        default=accounts_address_from_env(),
        help="the accounts service that checks API keys (env OLYMPUS_ACCOUNTS_ADDRESS; "
        f"default {DEFAULT_ACCOUNTS_ADDRESS}); the service credential is OLYMPUS_SERVICE_KEY",
    )
    parser.add_argument(
        "--idempotency-seconds",
        type=int,
        default=_env_int("IDEMPOTENCY_SECONDS", st.DEFAULT_IDEMPOTENCY_S),
        help="how long a game's SubmitAction idempotency keys are remembered after its last "
        "keyed answer (at most its last 32 keys) "
        "(env OLYMPUS_GAMESTATE_IDEMPOTENCY_SECONDS; default 1 day)",
    )
    parser.add_argument(
        "--redis-timeout",
        type=float,
        default=float(os.environ.get("OLYMPUS_GAMESTATE_REDIS_TIMEOUT") or REDIS_TIMEOUT_S),
        help="seconds Redis may take to connect or answer before a call fails with UNAVAILABLE "
        f"(env OLYMPUS_GAMESTATE_REDIS_TIMEOUT; default {REDIS_TIMEOUT_S:g})",
    )
    parser.add_argument(
        "--inactivity-seconds",
        type=int,
        default=_env_int("INACTIVITY_SECONDS", st.DEFAULT_INACTIVITY_S),
        help="a running game nobody answered for this long is aborted; 0 never aborts "
        "(env OLYMPUS_GAMESTATE_INACTIVITY_SECONDS; default 7 days)",
    )
    parser.add_argument(
        "--sweep-seconds",
        type=float,
        default=float(os.environ.get("OLYMPUS_GAMESTATE_SWEEP_SECONDS") or 5),
        help="how often this process looks for idle games to abort and ended games to delete "
        "(env OLYMPUS_GAMESTATE_SWEEP_SECONDS; default 5)",
    )
    parser.add_argument(
        "--broker-url",
        default=os.environ.get("OLYMPUS_GAMESTATE_BROKER_URL")
        or os.environ.get("OLYMPUS_BROKER_URL")
        or "",
        help="the workers' task broker, where bot turns are sent (env OLYMPUS_BROKER_URL; "
        "default: --redis-url)",
    )
    parser.add_argument(
        "--account-heartbeat-seconds",
        type=float,
        default=float(os.environ.get("OLYMPUS_GAMESTATE_ACCOUNT_HEARTBEAT_SECONDS") or HEARTBEAT_S),
        help="a WatchAccount stream with nothing else to send for this long sends a HEARTBEAT "
        f"(env OLYMPUS_GAMESTATE_ACCOUNT_HEARTBEAT_SECONDS; default {HEARTBEAT_S:g})",
    )
    parser.add_argument(
        "--matchmaking-address",
        default=os.environ.get("OLYMPUS_MATCHMAKING_ADDRESS") or "",
        help="the matchmaking service WatchAccount reads challenges and matched tickets from "
        "(env OLYMPUS_MATCHMAKING_ADDRESS; default none: WatchAccount tells games only)",
    )
    parser.add_argument(
        "--cache-memory",
        type=cache_memory_arg,
        default=os.environ.get("OLYMPUS_GAMESTATE_CACHE_MEMORY") or "1GiB",
        help="memory this process's per-game caches share (512MiB, 1GiB, 2GB): ~16 KB per "
        "game held, so 1GiB holds ~48,000 games; a game that does not fit is loaded and "
        "parsed again on each answer (docs/sizing.md) "
        "(env OLYMPUS_GAMESTATE_CACHE_MEMORY; default 1GiB)",
    )
    parser.add_argument(
        "--rules-versions",
        default=os.environ.get("OLYMPUS_RULES_VERSIONS") or "",
        help="the rules versions this replica plays, e.g. 1,2 (env OLYMPUS_RULES_VERSIONS; "
        "default all its code knows); a game of another is refused UNAVAILABLE / "
        "VERSION_NOT_SERVED, for a replica that serves it (docs/upgrades.md)",
    )
    parser.add_argument(
        "--deal-rules",
        type=int,
        default=_env_int("DEAL_RULES", 0) or None,
        help="the rules version new games are dealt under (env OLYMPUS_GAMESTATE_DEAL_RULES; "
        "default the newest served): the previous one while replicas of older code still run",
    )
    args = parser.parse_args(argv)
    try:
        served = version.parse_versions(args.rules_versions) if args.rules_versions else None
        version.serve(served, args.deal_rules)
    except ValueError as exc:
        parser.error(str(exc))
    if args.account_heartbeat_seconds <= 0:
        parser.error("--account-heartbeat-seconds must be positive")
    if args.anonymous_retention_seconds < 0:
        parser.error("--anonymous-retention-seconds must be >= 0")
    if args.retention_seconds < 0 or args.idempotency_seconds < 1:
        parser.error("--retention-seconds must be >= 0 and --idempotency-seconds >= 1")
    if args.redis_timeout <= 0:
        parser.error("--redis-timeout must be positive")
    if args.inactivity_seconds < 0 or args.sweep_seconds <= 0:
        parser.error("--inactivity-seconds must be >= 0 and --sweep-seconds > 0")
    main(
        settings_from("gamestate", args),
        make_setup(
            args.retention_seconds,
            args.idempotency_seconds,
            args.inactivity_seconds,
            args.sweep_seconds,
            args.redis_timeout,
            args.broker_url,
            args.anonymous_retention_seconds,
            args.accounts_address,
            args.account_heartbeat_seconds,
            args.matchmaking_address,
            args.cache_memory,
        ),
    )


if __name__ == "__main__":
    run()
