"""`make bench`: one JSON line per benchmark, in this order: the engine, the bots' decisions per
second, the search bot's simulations per second, the game service (answers, Redis memory per
game, the floor under an answer, watchers, CPU per answer by games held, a read's costs in the process), the workers (bot
games per minute, bot turn latency), matchmaking (tickets matched per second, time to match; and
a good pair's time to match while one account attacks, against idle), what the seams between the
services cost (SubmitAction and time to match on the code before them and on this checkout,
service_seams), live scores (views and answers per second with realtime scoring on and off), the
cost of WAIT for a replica on Redis Cluster (redis_wait), of `appendfsync always` against
`everysec` (redis_appendfsync), and SubmitAction's p50 with webhooks on over off (webhooks).

`python -m olympus.bench engine live_scores` runs only the named ones."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

# Benchmark name -> module of this package whose `main_figures()` measures it.
BENCHMARKS = {
    "engine": "engine",
    "bots": "bots",
    "search_bot": "search",
    "gamestate_service": "service",
    "gamestate_answer_floor": "floor",  # the least an answer costs on this stack, over the no-op
    "gamestate_memory": "memory",
    "gamestate_watchers": "watchers",
    "gamestate_cache_scaling": "cache_scaling",  # CPU per answer at 1,000 and 10,000 games held
    "gamestate_views": "views",  # a view's cost per viewer, its shared part, a parse, a clone
    "workers": "workers",
    "matchmaking": "matchmaking",
    "matchmaking_abuse": "matchmaking_abuse",
    "service_seams": "seams",
    "live_scores": "livescore",
    "redis_wait": "durability",
    "redis_appendfsync": "appendfsync",
    "webhooks": "webhooks",
}


def _figures(module: str) -> Callable[[], dict[str, Any]]:
    loaded = importlib.import_module(f"{__package__}.{module}")
    run: Callable[[], dict[str, Any]] = loaded.main_figures
    return run


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        print(
            f"unknown benchmark {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}",
            file=sys.stderr,
        )
        return 2
    for name in names or BENCHMARKS:
        print(json.dumps({"benchmark": name, **_figures(BENCHMARKS[name])()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
