"""Who the game service tells, and of what, after a commit (gamestate/webhooks.py), on real
engine games and tables; the outbox is a list here (the whole path, with Redis, the workers and
a receiver, is tests/workers/test_webhook_delivery.py)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from olympus.engine import Game, GameOptions
from olympus.gamestate.meta import GameMeta, SeatMeta, TimeControl
from olympus.gamestate.table import Table
from olympus.gamestate.webhooks import (
    GAME_ABORTED,
    GAME_FINISHED,
    YOUR_TURN,
    Delivery,
    Notifier,
    Presence,
    delivery_id,
)
from olympus.platform.keycheck import WEBHOOK_CHANGED, KeyEventData

ALICE, BOB = "a" * 16, "b" * 16


class Outbox:
    def __init__(self) -> None:
        self.made: list[Delivery] = []

    async def make(self, deliveries: list[Delivery], due_ms: int) -> int:
        self.made.extend(deliveries)
        return len(deliveries)


def meta(*seats: SeatMeta, players: int = 2) -> GameMeta:
    return GameMeta(
        "0123456789abcdef", GameOptions(players=players, seed=3), seats, TimeControl(), {}, 0
    )


def told(notify: Any) -> list[tuple[str, int, int, str]]:
    """What `notify(notifier)` puts in the outbox: (kind, version, seat, account)."""

    async def go() -> list[Delivery]:
        outbox = Outbox()
        notifier = Notifier(outbox)  # type: ignore[arg-type]
        notify(notifier)
        await notifier.drain()
        return outbox.made

    return [(d.kind, d.version, d.seat, d.account) for d in asyncio.run(go())]


def test_a_new_game_tells_each_account_seat_of_its_first_decision() -> None:
    game = Game.new(GameOptions(players=2, seed=3))
    table = Table.new(game, 0, TimeControl())
    two = meta(SeatMeta(0, account=ALICE), SeatMeta(1, account=BOB))
    assert told(lambda n: n.committed(two, 1, table, game, None, 0)) == [
        (YOUR_TURN, 1, 0, ALICE),
        (YOUR_TURN, 1, 1, BOB),
    ]
    # A seat without an account, or a bot seat, is never told of a turn.
    one = meta(SeatMeta(0), SeatMeta(1, bot="random", account=BOB))
    assert told(lambda n: n.committed(one, 1, table, game, None, 0)) == []
    # A seat the table plays now (resigned) is not either.
    resigned = table.resign(0, 2)
    assert told(lambda n: n.committed(two, 1, resigned, game, None, 0)) == [(YOUR_TURN, 1, 1, BOB)]


def test_the_rest_of_a_seats_own_turn_is_not_told_anothers_move_is() -> None:
    """Played through: whenever the game goes from waiting for one seat only to waiting for
    the other only, the other is told; while it waits for the seat that answered, nobody is."""
    game = Game.new(GameOptions(players=2, seed=3))
    table = Table.new(game, 0, TimeControl())
    two = meta(SeatMeta(0, account=ALICE), SeatMeta(1, account=BOB))
    rnd = random.Random(1)
    version = 1
    handed = kept = 0
    while not game.is_over and version < 300:
        before = set(game.waiting_for())
        decision = game.decisions()[0]
        actor = decision.player
        update = table.begin(version + 1, actor, game)
        game.apply(actor, decision.sample(rnd))
        version += 1
        table = update.finish(game, 0, TimeControl())
        after = set(game.waiting_for())
        out = told(lambda n, v=version, t=table, a=actor: n.committed(two, v, t, game, a, 0))
        assert all(kind == YOUR_TURN and at == version for kind, at, _, _ in out)
        assert actor not in {seat for _, _, seat, _ in out}
        if before == {actor} and after == {1 - actor}:
            assert [seat for _, _, seat, _ in out] == [1 - actor]
            handed += 1
        elif after == {actor}:
            assert out == []
            kept += 1
    assert handed > 10 and kept > 10, (handed, kept)


def test_the_end_is_told_to_every_account_seat_with_its_placement() -> None:
    game = Game.new(GameOptions(players=2, seed=5))
    rnd = random.Random(2)
    while not game.is_over:
        d = game.decisions()[0]
        game.push(d.player, d.sample(rnd))
    table = Table.new(game, 0, TimeControl())
    two = meta(SeatMeta(0, account=ALICE), SeatMeta(1, bot="random", account=BOB))
    made: list[Delivery] = []

    async def go() -> None:
        outbox = Outbox()
        notifier = Notifier(outbox)  # type: ignore[arg-type]
        notifier.committed(two, 400, table, game, 0, 1_796_587_442_123)
        notifier.ended(two, 401, GAME_ABORTED, 0)
        await notifier.drain()
        made.extend(outbox.made)

    asyncio.run(go())
    assert [(d.kind, d.seat) for d in made] == [
        (GAME_FINISHED, 0),
        (GAME_FINISHED, 1),
        (GAME_ABORTED, 0),
        (GAME_ABORTED, 1),
    ]
    body = json.loads(made[0].body)
    result = game.result()
    winners = result["winners"]
    assert body["id"] == delivery_id(two.game_id, 400, 0, GAME_FINISHED) == made[0].id
    assert body["time"] == "2026-12-06T20:04:02.123Z"
    assert body["result"]["winner"] == (0 in winners)
    assert body["result"]["placement"] == (1 if 0 in winners else 2)
    assert body["result"]["score"] == result["scores"][0]["total"]
    assert "result" not in json.loads(made[2].body)


def test_presence_holds_back_only_a_fresh_no() -> None:
    answers = {ALICE: True, BOB: False}
    asked: list[str] = []

    async def ask(account: str) -> bool | None:
        asked.append(account)
        return answers[account]

    async def go() -> None:
        presence = Presence(ask, ttl_s=60)
        # Not known yet: told (the worker looks again), and asked in the background, once.
        assert presence.wants(BOB) and presence.wants(BOB)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert asked == [BOB]
        assert not presence.wants(BOB)
        # The account's webhook changed: forgotten at once.
        await presence.on_key_event(KeyEventData("1-0", WEBHOOK_CHANGED, BOB))
        assert presence.wants(BOB)
        await presence.close()

    asyncio.run(go())
