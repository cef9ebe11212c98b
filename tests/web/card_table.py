"""A table whose hands the card tests know. With seed 387 (2 players, base game, Tharsis) the
second seat, the invited one, plays first and is dealt Kelp Farming (055: 6 oceans) and Birds
(072: 13% oxygen, 1 VP per animal) among its ten cards; it is offered Tharsis Republic (R31)."""

from __future__ import annotations

from typing import Any

from web_support import Browser

SEED = 387
KELP_FARMING, BIRDS = "055", "072"
ADAPTED_LICHEN, CONVOY = "048", "161"  # playable at the start: 9 and 15 M€, no requirement
BOUGHT = (ADAPTED_LICHEN, KELP_FARMING, BIRDS, CONVOY)
THARSIS_REPUBLIC = "R31"


# With seed 12 the invited seat plays first too, is offered ThorGate first and is dealt
# Nitrite Reducing Bacteria (11 M€, no requirement): an active card that holds microbes (3 when
# played) and has an action (add a microbe here).
ACTIVE_SEED, NITRITE_REDUCING_BACTERIA = 12, "157"


def seeded_table(host: Browser, seed: int = SEED) -> tuple[str, str]:
    """Seat 0 is `host`'s; (the game id, the invitation token of seat 1)."""
    options = {"players": 2, "corporate_era": False, "map": "tharsis", "seed": seed}
    made = host.ok("POST", "/api/games", {"options": options, "seats": [{"name": "Host"}, {}]})
    [invitation] = made["invitations"]
    return made["game_id"], invitation["link"].rsplit("/", 1)[1]


def answer(player: Browser, game_id: str, body: dict[str, Any]) -> Any:
    """`body` answers the player's pending decision (its version read first)."""
    path = f"/api/games/{game_id}"
    version = int(player.ok("GET", path)["decision"]["version"])
    return player.ok("POST", path + "/answer", {"expected_version": version, "answer": body})


def setup(player: Browser, game_id: str, cards: tuple[str, ...] = ()) -> None:
    """The player's setup: the first corporation offered, and `cards` bought."""
    reply = player.ok("GET", f"/api/games/{game_id}")["decision"]
    corporations = reply["decision"]["setup"]["corporations"]
    corporation = corporations[0]["card"]["number"]
    answer(player, game_id, {"setup": {"corporation": corporation, "cards": list(cards)}})
