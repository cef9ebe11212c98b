"""A game's own record (GameService.GetGameRecord, for the platform's services): who sat where,
the queue it is rated in and, once it ended, its result. A taken open seat is its taker's (its
account id and name), as everywhere the game service shows a seat's account. The scoring service rates a game from
this and nothing else."""

from __future__ import annotations

import orjson

from olympus.api.vocab import STATUSES, value_of
from olympus.platform.errors import NotFound
from olympus.v1 import game_pb2 as pb

from . import store as st
from .convert import result_to_proto
from .core import Games


async def game_record(games: Games, game_id: str) -> pb.GameRecord:
    meta = await games.meta(game_id)  # INVALID_GAME_ID, GAME_NOT_FOUND
    row = await games.store.summary(game_id)
    status = (row["status"] or b"").decode()
    if not status:
        games.forget(game_id)
        raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
    table = (await games.load(meta)).table
    meta = await games.seating.seated(meta)  # the takers of its open seats, as its accounts
    players = meta.rated_players()
    msg = pb.GameRecord(
        game_id=game_id,
        status=value_of(STATUSES, status),
        version=int(row["version"] or 0),
        rated_queue=meta.rated_queue,
        seats=[
            pb.RecordSeat(
                seat=s.seat,
                account_id=s.account,
                bot=s.bot,
                name=s.name,
                player=players[s.seat],
                resigned=s.seat in table.resigned,
                handed_to_bot=s.seat in table.robots,
            )
            for s in meta.seats
        ],
    )
    msg.create_time.FromMilliseconds(meta.created_ms)
    if status in st.ENDED:
        msg.end_time.FromMilliseconds(int(row["updated"] or 0))
    if row["result"]:
        msg.result.CopyFrom(result_to_proto(orjson.loads(row["result"])))
    if status == st.STATUS_ABORTED:
        reason = await games.store.redis.hget(st.game_key(game_id, "game"), "reason")
        msg.abort_reason = (reason or b"").decode()
    return msg
