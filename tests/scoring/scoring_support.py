"""Rated games for the scoring tests, made the way matchmaking and the ladder make them (the
service credential fixes the queue and each seat's account), and played to the end by the
workers: every human seat resigns at once, so the table's bot plays it."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any

import grpc

from olympus.v1 import game_pb2 as gpb


class Bearer(grpc.UnaryUnaryClientInterceptor):  # type: ignore[misc]
    """Sends `authorization: Bearer <key>` with every call of a channel."""

    def __init__(self, key: str) -> None:
        self.key = key

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        metadata = [*(details.metadata or ()), ("authorization", f"Bearer {self.key}")]
        return continuation(details._replace(metadata=metadata), request)


def account_id() -> str:
    """A fresh account id (16 hex digits): seats name accounts, the game need not check them."""
    return secrets.token_hex(8)


def rated_game(
    games: Any, queue: str, seats: Sequence[str], bots: Sequence[str] = ()
) -> gpb.CreateGameResponse:
    """A rated game: an account per human seat (`seats`), then bot seats (`bots`); every human
    seat resigned at once (the random bot plays it to the end)."""
    specs = [gpb.SeatSpec(kind=gpb.SEAT_KIND_HUMAN, account_id=a) for a in seats]
    specs += [gpb.SeatSpec(kind=gpb.SEAT_KIND_BOT, bot=b) for b in bots]
    made: gpb.CreateGameResponse = games.CreateGame(
        gpb.CreateGameRequest(
            options=gpb.GameOptions(players=len(specs)), seats=specs, rated_queue=queue
        ),
        timeout=10,
    )
    for seat in made.seats:
        if seat.token:
            games.Resign(gpb.ResignRequest(game_id=made.game_id, token=seat.token), timeout=10)
    return made


def wait_finished(games: Any, game_id: str, timeout: float = 180.0) -> gpb.GameView:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view: gpb.GameView = games.GetGame(gpb.GetGameRequest(game_id=game_id), timeout=10).game
        if view.status == gpb.GAME_STATUS_FINISHED:
            return view
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} did not finish")


def winner_seat(view: gpb.GameView) -> int:
    best = max(view.result.scores, key=lambda s: (s.total, s.megacredits))
    return int(best.seat)
