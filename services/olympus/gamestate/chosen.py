"""Idempotent game creation: CreateGameRequest.request_id and the tokens the caller chooses.

A caller that must not make two games of one intent (the matchmaker, sending again after a
timeout or a crash) names its request. The game id is derived from the creator and the request
id, so every repeat lands on the same game; the game hash keeps a fingerprint of the request
(creator and the request's deterministic bytes), so a repeat of the same request is told from
another request reusing the id. The caller chooses the seat tokens (and may choose the host
token): a repeat can answer with them without the service keeping any token in clear.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from olympus.platform.errors import InvalidArgument, quote
from olympus.v1 import game_pb2 as pb

from .auth import well_formed
from .meta import SeatMeta

REQUEST_ID_RE = re.compile(r"[A-Za-z0-9._:-]{1,64}")  # matched whole


@dataclass(frozen=True, slots=True)
class Chosen:
    """What an idempotent creation brings: the game's id, the request's fingerprint and the
    caller's tokens."""

    game_id: str
    fingerprint: str
    tokens: dict[int, str]  # human seat -> token
    host_token: str  # "": the service makes one (and gives it in the first reply only)


def derived_game_id(creator: str, request_id: str) -> str:
    """The game of a request id: 16 hex digits of SHA-256 of the creator and the id."""
    return hashlib.sha256(f"{creator}\n{request_id}".encode()).hexdigest()[:16]


def fingerprint(creator: str, request: pb.CreateGameRequest) -> str:
    raw = request.SerializeToString(deterministic=True)
    return hashlib.sha256(creator.encode() + b"\n" + raw).hexdigest()


def _bad_token(message: str) -> InvalidArgument:
    return InvalidArgument(message, reason="INVALID_CHOSEN_TOKEN")


def chosen_from_request(
    request: pb.CreateGameRequest, seats: list[SeatMeta], creator: str
) -> Chosen | None:
    """The request's idempotent creation (None without request_id); INVALID_ARGUMENT for a
    malformed request id or chosen tokens that break the rules (game.proto)."""
    specs = list(request.seats)
    if not request.request_id:
        if request.host_token or any(s.token for s in specs):
            raise _bad_token("tokens are chosen only with a request_id")
        return None
    if not REQUEST_ID_RE.fullmatch(request.request_id):
        raise InvalidArgument(
            f"not a request id: {quote(request.request_id)} (1-64 of A-Z a-z 0-9 . _ : -)",
            reason="INVALID_REQUEST_ID",
        )
    if not specs:
        raise _bad_token("with a request_id, give the seats, each human seat with its token")
    tokens: dict[int, str] = {}
    for seat, spec in zip(seats, specs, strict=True):
        if seat.is_bot:
            if spec.token:
                raise _bad_token(f"seat {seat.seat} is a bot seat: it takes no token")
            continue
        if not spec.token:
            raise _bad_token(f"with a request_id, human seat {seat.seat} needs its token")
        if not well_formed(spec.token):
            raise _bad_token(f"seat {seat.seat}: a token is 43 URL-safe base64 characters")
        tokens[seat.seat] = spec.token
    if request.host_token and not well_formed(request.host_token):
        raise _bad_token("host_token: a token is 43 URL-safe base64 characters")
    every = [*tokens.values(), *([request.host_token] if request.host_token else [])]
    if len(set(every)) != len(every):
        raise _bad_token("the chosen tokens must all differ")
    return Chosen(
        game_id=derived_game_id(creator, request.request_id),
        fingerprint=fingerprint(creator, request),
        tokens=tokens,
        host_token=request.host_token,
    )
