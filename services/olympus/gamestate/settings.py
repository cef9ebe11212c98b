"""A game's settings and listing rows as the protos tell them (GetGame, ListGames, ListMyGames,
WatchAccount)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import orjson

from olympus.api.times import timestamp
from olympus.api.vocab import PHASES, STATUSES, TIMEOUT_POLICIES, name_of, value_of
from olympus.platform.errors import InvalidArgument
from olympus.v1 import game_pb2 as pb

from .convert import result_to_proto
from .core import RESIGNED_BOT
from .meta import GameMeta, InvalidTimeControl, TimeControl


def time_control_from_proto(tc: pb.TimeControl) -> TimeControl:
    policy = name_of(
        TIMEOUT_POLICIES,
        tc.timeout_policy or pb.TIMEOUT_POLICY_DEFAULT_ANSWER,
        "time_control.timeout_policy",
    )
    try:
        return TimeControl.from_wire(tc, policy)
    except InvalidTimeControl as exc:
        raise InvalidArgument(f"time_control: {exc}", reason="INVALID_TIME_CONTROL") from None


def time_control_to_proto(tc: TimeControl) -> pb.TimeControl:
    return pb.TimeControl(
        seconds_per_game=tc.seconds_per_game,
        seconds_per_decision=tc.seconds_per_decision,
        decision_seconds=tc.decision_seconds,
        timeout_policy=value_of(TIMEOUT_POLICIES, tc.timeout_policy),
        timeouts_before_bot=tc.timeouts_before_bot,
    )


def settings_to_proto(
    meta: GameMeta,
    reveal_seed: bool,
    resigned: Collection[int] = (),
    robots: Collection[int] = (),
) -> pb.GameSettings:
    o = meta.options
    options = pb.GameOptions(
        players=o.players,
        corporate_era=o.corporate_era,
        draft=o.draft,
        solo_tr63=o.solo_tr63,
        map=o.map,
        realtime_scoring=meta.realtime_scoring,  # for clients that read the deprecated field
        realtime_scoring_enabled=meta.realtime_scoring,
        undo=o.undo,
        prelude=o.prelude,
        colonies=o.colonies,
        venus=o.venus,
    )
    if o.venus:  # told only where it can be on (the default follows venus)
        options.world_government = o.wgt
    if reveal_seed:
        options.seed = o.seed
    return pb.GameSettings(
        options=options,
        seats=[
            pb.SeatInfo(
                seat=s.seat,
                kind=pb.SEAT_KIND_BOT
                if s.is_bot or s.seat in resigned or s.seat in robots
                else pb.SEAT_KIND_HUMAN,
                bot=s.bot or (RESIGNED_BOT if s.seat in resigned or s.seat in robots else ""),
                beginner=s.beginner,
                name=s.name,
                resigned=s.seat in resigned,
                handed_to_bot=s.seat in robots,
                account_id=s.account,
            )
            for s in meta.seats
        ],
        seed_chosen=meta.seed_chosen,
        creator_account_id=meta.creator,
        time_control=time_control_to_proto(meta.time_control),
        rated_queue=meta.rated_queue,
    )


def summary_to_proto(
    game_id: str, row: dict[str, Any], meta: GameMeta | None = None
) -> pb.GameSummary:
    """`meta`: the row's, with the takers of its open seats (Seating.seated_all) when read."""
    if meta is None:
        meta = GameMeta.from_json(game_id, row["meta"])
    status = row["status"].decode()
    settings = settings_to_proto(meta, False)  # the seed stays GetGame's to tell
    msg = pb.GameSummary(
        game_id=game_id,
        status=value_of(STATUSES, status),
        version=int(row["version"]),
        players=meta.options.players,
        seats=settings.seats,
        options=settings.options,
        generation=int(row["generation"] or 0),
        phase=value_of(PHASES, (row["phase"] or b"").decode()),
        waiting_for=orjson.loads(row["waiting"] or b"[]"),
        created_at_ms=int(row["created"] or 0),
        updated_at_ms=int(row["updated"] or 0),
        seed_chosen=meta.seed_chosen,
        create_time=timestamp(int(row["created"] or 0)),
        update_time=timestamp(int(row["updated"] or 0)),
    )
    if row["result"]:
        msg.result.CopyFrom(result_to_proto(orjson.loads(row["result"])))
    return msg
