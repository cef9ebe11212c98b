"""`make bench`: the engine benchmark, the bots benchmark (decisions per second of each bot),
then the game service benchmarks (answers, Redis memory
per game, watchers), the workers benchmark (bot games per minute, bot turn latency), matchmaking (tickets matched
per second, time to match), live scores (views and answers per second with realtime scoring on
and off); one JSON line each."""

from __future__ import annotations

import importlib
import json
import sys

from . import bots, engine


def main() -> int:
    print(json.dumps({"benchmark": "engine", **engine.run()}), flush=True)
    print(json.dumps({"benchmark": "bots", **bots.main_figures()}), flush=True)
    try:
        service = importlib.import_module(f"{__package__}.service")
    except ModuleNotFoundError:
        return 0  # the game service benchmark is not installed
    print(json.dumps({"benchmark": "gamestate_service", **service.main_figures()}), flush=True)
    memory = importlib.import_module(f"{__package__}.memory")
    print(json.dumps({"benchmark": "gamestate_memory", **memory.main_figures()}), flush=True)
    watchers = importlib.import_module(f"{__package__}.watchers")
    print(json.dumps({"benchmark": "gamestate_watchers", **watchers.main_figures()}), flush=True)
    workers = importlib.import_module(f"{__package__}.workers")
    print(json.dumps({"benchmark": "workers", **workers.main_figures()}), flush=True)
    matchmaking = importlib.import_module(f"{__package__}.matchmaking")
    print(json.dumps({"benchmark": "matchmaking", **matchmaking.main_figures()}), flush=True)
    live = importlib.import_module(f"{__package__}.livescore")
    print(json.dumps({"benchmark": "live_scores", **live.main_figures()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
