"""Challenges: checking a proposed table, the answers, and making its game once.

A challenge's game is created on the game service with this service's credential, as a match's
is: request_id `ch-<challenge id>` (so it is made once however often it is asked: every
acceptance that finds the challenge `creating` sends the same request), each account's seat
with its account (SeatSpec.account_id) and a token derived from the challenge and the account
(tokens.py, never stored), the format's rated queue when the format is rated. The seats' order
is fixed at creation (shuffled unless asked otherwise), so the request never changes.
"""

from __future__ import annotations

import hashlib
import logging
import random
import re
import secrets
from typing import Any

import grpc

from olympus.api.times import timestamp
from olympus.bots import BOTS
from olympus.platform.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
    Unavailable,
    quote,
)
from olympus.platform.identity import SCOPE_LADDER, Principal
from olympus.platform.strict import display_name_problem
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2

from . import rated
from .challenges import (
    ACCEPTED,
    CANCELLED,
    CREATING,
    DECLINED,
    EXPIRED,
    FAILED,
    PENDING,
    ChallengeRow,
    ChallengeStore,
    Seat,
    new_challenge_id,
    requested_challenge_id,
)
from .formats import format_from_proto
from .matcher import REFUSED_FOR_GOOD
from .peers import Peers
from .store import now_ms
from .tokens import SeatTokens

log = logging.getLogger("olympus.matchmaking.challenges")

MIN_SEATS, MAX_SEATS = 2, 5
EXPIRE_DEFAULT_S, EXPIRE_MIN_S, EXPIRE_MAX_S = 600, 30, 86_400
MAX_MADE_PENDING = 20  # pending challenges one account made
MAX_RECEIVED_PENDING = 100  # pending challenges one account must answer
REASON_MAX = 200
CREATE_TIMEOUT_S = 5.0
_ACCOUNT_RE = re.compile(r"[0-9a-f]{16}")
_REQUEST_RE = re.compile(r"[A-Za-z0-9._:-]{1,64}")

STATUS = {
    PENDING: matchmaking_pb2.CHALLENGE_STATUS_PENDING,
    CREATING: matchmaking_pb2.CHALLENGE_STATUS_CREATING,
    ACCEPTED: matchmaking_pb2.CHALLENGE_STATUS_ACCEPTED,
    DECLINED: matchmaking_pb2.CHALLENGE_STATUS_DECLINED,
    CANCELLED: matchmaking_pb2.CHALLENGE_STATUS_CANCELLED,
    EXPIRED: matchmaking_pb2.CHALLENGE_STATUS_EXPIRED,
    FAILED: matchmaking_pb2.CHALLENGE_STATUS_FAILED,
}
ANSWER = {
    PENDING: matchmaking_pb2.CHALLENGE_ANSWER_PENDING,
    ACCEPTED: matchmaking_pb2.CHALLENGE_ANSWER_ACCEPTED,
    DECLINED: matchmaking_pb2.CHALLENGE_ANSWER_DECLINED,
}


def _invalid(message: str, field: str = "") -> InvalidArgument:
    return InvalidArgument(message, reason="INVALID_CHALLENGE", field=field or None)


def _not_found(cid: str) -> NotFound:
    return NotFound(f"no challenge {quote(cid)}", reason="CHALLENGE_NOT_FOUND")


def _closed(status: str) -> FailedPrecondition:
    return FailedPrecondition(
        f"the challenge is {status} already", reason="CHALLENGE_CLOSED", metadata={"status": status}
    )


def game_request_id(cid: str) -> str:
    return f"ch-{cid}"


def _seats_of(request: matchmaking_pb2.CreateChallengeRequest) -> list[Seat]:
    if not MIN_SEATS <= len(request.seats) <= MAX_SEATS:
        raise _invalid(
            f"a challenge has {MIN_SEATS} to {MAX_SEATS} seats, got {len(request.seats)}", "seats"
        )
    seats, accounts = [], set()
    for i, spec in enumerate(request.seats):
        who = spec.WhichOneof("who")
        if who == "account_id":
            if not _ACCOUNT_RE.fullmatch(spec.account_id):
                raise _invalid(
                    f"seats[{i}].account_id must be 16 lowercase hex digits, got "
                    f"{quote(spec.account_id)}",
                    f"seats[{i}].account_id",
                )
            if spec.account_id in accounts:
                raise _invalid(f"the account {spec.account_id} sits twice", f"seats[{i}]")
            accounts.add(spec.account_id)
            seats.append(Seat(account=spec.account_id))
        elif who == "bot":
            if spec.bot not in BOTS:
                raise _invalid(
                    f"seats[{i}].bot: unknown bot {quote(spec.bot)}; known: "
                    f"{', '.join(sorted(BOTS))}",
                    f"seats[{i}].bot",
                )
            seats.append(Seat(bot=spec.bot))
        else:
            raise _invalid(f"seats[{i}] names neither an account nor a bot", f"seats[{i}]")
    if not accounts:
        raise _invalid("a challenge seats at least one account (else create the game)", "seats")
    return seats


def _expire_s(value: int) -> int:
    if value == 0:
        return EXPIRE_DEFAULT_S
    if not EXPIRE_MIN_S <= value <= EXPIRE_MAX_S:
        raise _invalid(
            f"expire_seconds must be {EXPIRE_MIN_S} to {EXPIRE_MAX_S} (0: {EXPIRE_DEFAULT_S}), "
            f"got {value}",
            "expire_seconds",
        )
    return value


class Challenges:
    def __init__(
        self,
        store: ChallengeStore,
        games: game_pb2_grpc.GameServiceStub,
        tokens: SeatTokens,
        peers: Peers,
        metadata: tuple[tuple[str, str], ...],
    ) -> None:
        self.store = store
        self.games = games
        self.tokens = tokens
        self.peers = peers
        self.metadata = metadata

    # --- what a caller reads -------------------------------------------------------------------
    def to_proto(self, row: ChallengeRow, viewer: str) -> matchmaking_pb2.Challenge:
        now = now_ms()
        status = row.status_at(now)
        msg = matchmaking_pb2.Challenge(
            challenge_id=row.challenge_id,
            status=STATUS.get(status, matchmaking_pb2.CHALLENGE_STATUS_UNSPECIFIED),
            challenger_account_id=row.challenger,
            challenger_name=row.challenger_name,
            format=row.format.to_proto(),
            rated_queue=row.rated_queue,
            create_time=timestamp(row.created_ms),
            expire_time=timestamp(row.expires_ms),
            close_time=timestamp(row.closed_at(now)),
            seat=-1,
            declined_by=row.declined_by,
            decline_reason=row.reason,
        )
        for seat in row.seats:
            if seat.account:
                msg.seats.add(
                    account_id=seat.account,
                    name=seat.name,
                    answer=ANSWER.get(row.answers.get(seat.account, ACCEPTED), 0),  # type: ignore[arg-type]
                )
            else:
                msg.seats.add(bot=seat.bot, name=seat.bot)
        if status == ACCEPTED:
            msg.game_id = row.game_id
            mine = row.seat_of(viewer)
            if mine >= 0:
                msg.seat = mine
                msg.seat_token = self.tokens.token(game_request_id(row.challenge_id), viewer)
        return msg

    async def get(self, principal: Principal, cid: str) -> ChallengeRow:
        row = await self.store.get(cid) if _ACCOUNT_RE.fullmatch(cid) else None
        if row is None or not row.names(principal.account_id):
            raise _not_found(cid)  # another account's challenge does not exist for this caller
        if row.status == CREATING:
            row = await self._make_game(row, quiet=True)
        return row

    async def mine(self, principal: Principal, pending_only: bool) -> list[ChallengeRow]:
        rows = await self.store.account_challenges(principal.account_id)
        out = []
        for row in rows:
            if row.status == CREATING:
                row = await self._make_game(row, quiet=True)
            if not pending_only or row.status_at(now_ms()) == PENDING:
                out.append(row)
        return out

    # --- proposing -----------------------------------------------------------------------------
    async def create(
        self, principal: Principal, request: matchmaking_pb2.CreateChallengeRequest
    ) -> ChallengeRow:
        me = principal.account_id
        seats = _seats_of(request)
        fmt_msg = matchmaking_pb2.MatchFormat()
        fmt_msg.CopyFrom(request.format)
        if fmt_msg.ladder:
            raise InvalidArgument(
                "format: a challenge's format names no ladder (a ladder seats its own tables)",
                reason="INVALID_FORMAT",
                field="format.ladder",
            )
        if fmt_msg.players == 0:
            fmt_msg.players = len(seats)
        if fmt_msg.players != len(seats):
            raise _invalid(
                f"format.players is {fmt_msg.players} but the challenge has {len(seats)} seats",
                "format.players",
            )
        fmt = format_from_proto(fmt_msg)
        expire_s = _expire_s(request.expire_seconds)
        if request.request_id and not _REQUEST_RE.fullmatch(request.request_id):
            raise InvalidArgument(
                "request_id: 1-64 of letters, digits, '.', '_', ':', '-'",
                reason="INVALID_REQUEST_ID",
                field="request_id",
            )
        seated = any(s.account == me for s in seats)
        if not seated:
            principal.require(SCOPE_LADDER)  # an operator's table, for accounts but not itself
        digest = hashlib.sha256(request.SerializeToString(deterministic=True)).hexdigest()
        cid = requested_challenge_id(me, request.request_id) if request.request_id else ""
        if cid:
            found = await self.store.get(cid)
            if found is not None:
                return self._same_request(found, digest)
        named = []
        for seat in seats:
            if not seat.account:
                named.append(seat)
                continue
            if seat.account == me:
                named.append(Seat(account=me, name=principal.name))
                continue
            found_account = await self.peers.account(seat.account)
            if found_account is None:
                raise NotFound(
                    f"no account {seat.account}",
                    reason="ACCOUNT_NOT_FOUND",
                    metadata={"account_id": seat.account},
                )
            name, disabled = found_account
            if disabled:
                raise FailedPrecondition(
                    f"the account {name or seat.account} is disabled",
                    reason="ACCOUNT_DISABLED",
                    metadata={"account_id": seat.account},
                )
            named.append(Seat(account=seat.account, name=name))
        await self._check_pending(me, [s.account for s in named if s.account and s.account != me])
        if not request.keep_seat_order:
            random.Random(secrets.randbits(64)).shuffle(named)
        created = now_ms()
        row = ChallengeRow(
            challenge_id=cid or new_challenge_id(),
            challenger=me,
            challenger_name=principal.name,
            seats=named,
            format=fmt,
            rated_queue=rated.queue_name(fmt) if rated.is_rated(fmt) else "",
            created_ms=created,
            expires_ms=created + expire_s * 1000,
            request_hash=digest,
            answers={
                s.account: ACCEPTED if s.account == me else PENDING for s in named if s.account
            },
        )
        if all(a == ACCEPTED for a in row.answers.values()):
            row.status = CREATING  # nobody else to ask: the game is made now
        stored = await self.store.create(row)
        if stored is None:  # the same request_id, at the same moment
            again = await self.store.get(row.challenge_id)
            if again is None:
                raise Unavailable("the challenge is being made; try again", reason="TRY_AGAIN")
            return self._same_request(again, digest)
        if row.status == CREATING:
            return await self._make_game(row)
        return row

    def _same_request(self, found: ChallengeRow, digest: str) -> ChallengeRow:
        if found.request_hash != digest:
            raise AlreadyExists(
                "this request_id made another challenge",
                reason="REQUEST_ID_REUSED",
                metadata={"challenge_id": found.challenge_id},
            )
        return found

    async def _check_pending(self, me: str, invited: list[str]) -> None:
        now = now_ms()
        made = [
            r
            for r in await self.store.account_challenges(me)
            if r.challenger == me and r.status_at(now) == PENDING
        ]
        if len(made) >= MAX_MADE_PENDING:
            raise ResourceExhausted(
                f"this account has {MAX_MADE_PENDING} pending challenges already: wait for "
                "answers or cancel one",
                reason="TOO_MANY_CHALLENGES",
                retry_after_s=30.0,
            )
        for account in invited:
            received = [
                r
                for r in await self.store.account_challenges(account)
                if r.answers.get(account) == PENDING and r.status_at(now) == PENDING
            ]
            if len(received) >= MAX_RECEIVED_PENDING:
                raise ResourceExhausted(
                    f"the account {account} has {MAX_RECEIVED_PENDING} challenges to answer "
                    "already",
                    reason="TOO_MANY_CHALLENGES",
                    retry_after_s=60.0,
                    metadata={"account_id": account},
                )

    # --- answers -------------------------------------------------------------------------------
    async def answer(
        self, principal: Principal, op: str, cid: str, reason: str = ""
    ) -> ChallengeRow:
        if len(reason) > REASON_MAX:
            raise InvalidArgument(
                f"reason: at most {REASON_MAX} characters", reason="INVALID_REASON", field="reason"
            )
        problem = display_name_problem(reason, "a reason")
        if problem is not None:
            raise InvalidArgument(problem, reason="INVALID_REASON", field="reason")
        me = principal.account_id
        outcome, status = (
            await self.store.answer(op, cid, me, reason)
            if _ACCOUNT_RE.fullmatch(cid)
            else ("missing", "")
        )
        if outcome == "missing":
            raise _not_found(cid)
        row = await self.store.get(cid)
        if row is None or not row.names(me):
            raise _not_found(cid)
        if outcome == "not_invited":
            raise PermissionDenied(
                "only the accounts the challenge seats answer it (its challenger cancels it)",
                reason="NOT_INVITED",
            )
        if outcome == "not_challenger":
            raise PermissionDenied(
                "only the account that made the challenge cancels it (decline it instead)",
                reason="NOT_CHALLENGER",
            )
        if outcome == "closed":
            raise _closed(status)
        await self.store.changed(*self._accounts(row))
        if row.status == CREATING:
            return await self._make_game(row)
        return row

    @staticmethod
    def _accounts(row: ChallengeRow) -> list[str]:
        return [row.challenger, *row.answers]

    # --- the game ------------------------------------------------------------------------------
    def game_request(self, row: ChallengeRow) -> game_pb2.CreateGameRequest:
        rid = game_request_id(row.challenge_id)
        seats = [
            game_pb2.SeatSpec(
                kind=game_pb2.SEAT_KIND_HUMAN,
                name=seat.name,
                account_id=seat.account,
                token=self.tokens.token(rid, seat.account),
            )
            if seat.account
            else game_pb2.SeatSpec(kind=game_pb2.SEAT_KIND_BOT, bot=seat.bot)
            for seat in row.seats
        ]
        return game_pb2.CreateGameRequest(
            options=row.format.game_options(),
            seats=seats,
            time_control=row.format.time_control_proto(),
            request_id=rid,
            rated_queue=row.rated_queue,
        )

    async def _make_game(self, row: ChallengeRow, quiet: bool = False) -> ChallengeRow:
        """Create (or find) the game of a challenge every account accepted; settle it."""
        try:
            reply: Any = await self.games.CreateGame(
                self.game_request(row), metadata=self.metadata, timeout=CREATE_TIMEOUT_S
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in REFUSED_FOR_GOOD:
                log.warning(
                    "a challenge's game cannot be made now",
                    extra={"challenge_id": row.challenge_id, "code": exc.code().name},
                )
                if quiet:
                    return row
                raise Unavailable(
                    "the game cannot be made now; accept again (it is made once)",
                    reason="TRY_AGAIN",
                    retry_after_s=1.0,
                ) from None
            log.error(
                "the game service refused a challenge's table",
                extra={"challenge_id": row.challenge_id, "code": exc.code().name},
            )
            why = f"the game service refused the table ({exc.code().name}): {exc.details()}"
            await self.store.settle(row.challenge_id, FAILED, why[:REASON_MAX])
        else:
            await self.store.settle(row.challenge_id, ACCEPTED, reply.game_id)
        await self.store.changed(*self._accounts(row))
        settled = await self.store.get(row.challenge_id)
        return settled if settled is not None else row
