"""`make bench`: the engine benchmark, then the game service benchmark; one JSON line each."""

from __future__ import annotations

import json
import sys

from . import engine


def main() -> int:
    print(json.dumps({"benchmark": "engine", **engine.run()}), flush=True)
    try:
        from . import service
    except ModuleNotFoundError:
        return 0
    print(json.dumps({"benchmark": "gamestate_service", **service.main_figures()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
