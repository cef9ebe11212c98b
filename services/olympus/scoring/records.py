"""A game's scored record: made from the game service's record of the game (`result_record`,
`aborted_record`), kept as JSON in the scoring store, and turned into the API's messages
(`scored_game_to_proto`, `rating_to_proto`).
"""

from __future__ import annotations

import time
from typing import Any

from olympus.api.times import timestamp
from olympus.v1 import game_pb2, scoring_pb2 as pb

from . import ratings as rt

SCORE_FIELDS = (
    "terraform_rating",
    "milestones",
    "awards",
    "greeneries",
    "cities",
    "cards",
    "total",
    "megacredits",
)


def now_ms() -> int:
    return int(time.time() * 1000)


def result_record(record: game_pb2.GameRecord, rated: bool) -> dict[str, Any]:
    """The scored game (without ratings) from the game service's record of a finished game;
    `rated`: in its queue, with its players."""
    scores = sorted(record.result.scores, key=lambda s: s.seat)
    keys = [(s.total, s.megacredits) for s in scores]
    placed = rt.places(keys)
    by_seat = {s.seat: s for s in record.seats}
    players = [by_seat[s.seat].player for s in scores] if rated else []
    seats = []
    for s, place in zip(scores, placed, strict=True):
        info = by_seat.get(s.seat, game_pb2.RecordSeat())
        seats.append(
            {
                "seat": s.seat,
                "place": place,
                "score": {k: int(getattr(s, k)) for k in SCORE_FIELDS},
                "name": info.name,
                "bot": info.bot,
                "account_id": info.account_id,
                "player": info.player if rated else "",
            }
        )
    out: dict[str, Any] = {
        "game_id": record.game_id,
        "queue": record.rated_queue if rated else "",
        "players": players,
        "generation": record.result.generation,
        "seats": seats,
        "ranking": rt.ranking(keys),
        "winners": list(record.result.winners),
        "recorded_ms": now_ms(),
    }
    if record.result.HasField("solo_won"):
        out["solo_won"] = record.result.solo_won
    return out


def aborted_record(record: game_pb2.GameRecord) -> dict[str, Any]:
    """A rated game that was aborted: recorded so, with no scores and no rating change."""
    return {
        "game_id": record.game_id,
        "queue": record.rated_queue,
        "players": [s.player for s in sorted(record.seats, key=lambda s: s.seat)],
        "generation": 0,
        "seats": [],
        "ranking": [],
        "winners": [],
        "recorded_ms": now_ms(),
        "aborted": True,
    }


def rating_to_proto(r: rt.Rating | dict[str, Any]) -> pb.Rating:
    if isinstance(r, dict):
        r = rt.Rating.from_data(r)
    return pb.Rating(mu=r.mu, sigma=r.sigma, ordinal=r.ordinal, games=r.games, wins=r.wins)


def scored_game_to_proto(record: dict[str, Any]) -> pb.ScoredGame:
    msg = pb.ScoredGame(
        game_id=record["game_id"],
        queue=record["queue"],
        generation=record["generation"],
        ranking=record["ranking"],
        winners=record["winners"],
        recorded_at_ms=record["recorded_ms"],
        record_time=timestamp(record["recorded_ms"]),
    )
    if "solo_won" in record:
        msg.solo_won = record["solo_won"]
    msg.aborted = bool(record.get("aborted", False))
    for s in record["seats"]:
        seat = pb.SeatResult(
            seat=s["seat"],
            place=s["place"],
            score=game_pb2.SeatScore(seat=s["seat"], **s["score"]),
            name=s["name"],
            bot=s["bot"],
            account_id=s["account_id"],
            player=s["player"],
        )
        if "before" in s:
            seat.rating_before.CopyFrom(rating_to_proto(s["before"]))
            seat.rating_after.CopyFrom(rating_to_proto(s["after"]))
        msg.seats.append(seat)
    return msg
