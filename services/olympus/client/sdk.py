"""A Python client for the game service: plain data in and out, retries only where safe.

    from olympus.client import OlympusClient

    with OlympusClient("127.0.0.1:7151") as client:
        game = client.create_game(players=2, seed=1)
        me = client.join(game.game_id, game.tokens[0])
        state = me.decision()              # what seat 0 must decide, at which version
        me.act("setup R43 031,084")        # text notation, or the engine's dict form
        for event in me.watch(from_version=state.version):
            ...

Every call has a deadline (`timeout`). Reads are retried on UNAVAILABLE; `act` is retried on
UNAVAILABLE and DEADLINE_EXCEEDED with the same idempotency key, so an answer whose outcome
was lost is applied once and its first result returned; `create_game` is retried the same way
with a `request_id` only (without one a resend could make a second game).

Several replicas of the game service: give their addresses, comma-separated or as a list
(`OlympusClient("10.0.0.1:7151,10.0.0.2:7151")`). Calls go to one of them; a retry after a
failure goes to the next, so a replica that died or was cut off costs a retry, not the game.
Every game lives in the shared store, so any replica serves any game, and an answer retried on
another replica with the same idempotency key is still applied once.
"""

from __future__ import annotations

import os
import secrets
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import grpc

from olympus.platform.config import default_address
from olympus.v1 import board_pb2, game_pb2 as pb, game_pb2_grpc

from . import wire
from .board import board_dict

# The refusals and results live in replies.py; importable from here, as they always were.
from .replies import (
    ActResult as ActResult,
    CreatedGame as CreatedGame,
    DecisionState as DecisionState,
    GameServiceError as GameServiceError,
    StaleVersion as StaleVersion,
    _error,
    _storage_full_wait,
)

DEFAULT_ADDRESS = default_address("gamestate")
ADDRESS_ENV = "OLYMPUS_GAMESTATE_ADDRESS"
_READ_RETRY = frozenset({grpc.StatusCode.UNAVAILABLE})
_ACT_RETRY = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})
# How many times a stale answer is rebased onto a newer version before giving up.
_REBASE_ATTEMPTS = 8

T = TypeVar("T")


def answer_request(answer: str | Mapping[str, Any]) -> dict[str, Any]:
    """The `answer` part of a SubmitActionRequest for text or the engine's dict form."""
    if isinstance(answer, str):
        return {"text": answer}
    try:
        return {"structured": wire.answer_to_proto(dict(answer))}
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not an answer: {answer!r} ({exc})") from exc


def targets_of(address: str | Sequence[str]) -> list[str]:
    """The replicas' addresses from "a,b" or a list of them."""
    listed = address.split(",") if isinstance(address, str) else list(address)
    targets = [t.strip() for t in listed if t.strip()]
    if not targets:
        raise ValueError(f"no game service address in {address!r}")
    return targets


class OlympusClient:
    def __init__(
        self,
        address: str | Sequence[str] | None = None,
        *,
        timeout: float = 10.0,
        retries: int = 4,
        backoff: float = 0.25,
        api_key: str = "",
    ) -> None:
        """`api_key`: sent with every call (`authorization: Bearer <key>`); the service checks
        it and needs its `play` scope (creating games: `create_games`)."""
        self.targets = targets_of(address or os.environ.get(ADDRESS_ENV) or DEFAULT_ADDRESS)
        self.metadata: tuple[tuple[str, str], ...] = (
            (("authorization", f"Bearer {api_key}"),) if api_key else ()
        )
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._channels = [grpc.insecure_channel(t) for t in self.targets]
        self._stubs = [
            game_pb2_grpc.GameServiceStub(c)  # type: ignore[no-untyped-call]
            for c in self._channels
        ]
        self._current = 0

    @property
    def address(self) -> str:
        """The replica calls go to now."""
        return self.targets[self._current]

    @property
    def stub(self) -> Any:
        return self._stubs[self._current]

    def _fail_over(self, method: Callable[..., T]) -> Callable[..., T]:
        """The next replica's version of `method` (a method of one of this client's stubs)."""
        stub = next(s for s in self._stubs if method in vars(s).values())
        name = next(n for n, m in vars(stub).items() if m is method)
        self.rotate()
        moved: Callable[..., T] = getattr(self.stub, name)
        return moved

    def rotate(self) -> None:
        """Send the next calls to the next replica."""
        self._current = (self._current + 1) % len(self._stubs)

    def close(self) -> None:
        for channel in self._channels:
            channel.close()

    def __enter__(self) -> OlympusClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def call(
        self,
        method: Callable[..., T],
        request: Any,
        retry_on: frozenset[grpc.StatusCode] = _READ_RETRY,
        timeout: float | None = None,
    ) -> T:
        """One unary call with a deadline, retried (with backoff) on the given statuses; with
        several replicas each retry goes to the next one (the first retry without waiting)."""
        attempt = 0
        while True:
            try:
                return method(request, timeout=timeout or self.timeout, metadata=self.metadata)
            except grpc.RpcError as exc:
                code = exc.code()  # type: ignore[attr-defined]
                wait = _storage_full_wait(exc, self.backoff)
                if wait is not None and attempt < self.retries:
                    # The service wrote nothing (its contract for STORAGE_FULL): the same
                    # request, sent again once there is room, is safe for every call.
                    time.sleep(wait)
                    attempt += 1
                    continue
                if code not in retry_on or attempt >= self.retries:
                    raise _error(exc) from None
            if len(self._stubs) > 1:
                method = self._fail_over(method)
            if len(self._stubs) == 1 or attempt > 0:
                time.sleep(self.backoff * 2 ** (attempt - (len(self._stubs) > 1)))
            attempt += 1

    # --- games -------------------------------------------------------------------------------
    def create_game(
        self,
        players: int = 2,
        *,
        seed: int | None = None,
        corporate_era: bool | None = None,
        draft: bool = False,
        solo_tr63: bool = False,
        map: str = "",
        prelude: bool = False,
        colonies: bool = False,
        venus: bool = False,
        world_government: bool | None = None,
        bots: Mapping[int, str] | Sequence[int] = (),
        beginner: Sequence[int] = (),
        names: Mapping[int, str] | None = None,
        time_control: pb.TimeControl | tuple[int, int] | None = None,
        undo: bool = False,
        realtime_scoring: bool | None = None,
        request_id: str = "",
        seat_tokens: Mapping[int, str] | None = None,
        host_token: str = "",
        rated_queue: str = "",
        accounts: Mapping[int, str] | None = None,
        position: Mapping[str, Any] | str | None = None,
    ) -> CreatedGame:
        """A new game. `bots` names the seats the service plays (a list of seats for the random
        bot, or seat -> bot name); `beginner` the seats dealt the Beginner corporation;
        `time_control` a pb.TimeControl, or (bank seconds, increment seconds); `undo` lets
        seats take back their latest answers (`SeatHandle.undo`); `prelude` adds the
        Prelude expansion, `colonies` the Colonies expansion, `venus` Venus Next (with World
        Government Terraforming unless `world_government` is False; True without `venus` is
        refused, INVALID_OPTIONS); `realtime_scoring` False: no view or event shows a score before the
        end (default on).

        `request_id` makes the creation idempotent: the same call sent again (a lost reply)
        answers with the game the first sending made, so it is retried like an answer. The
        human seats' tokens are then chosen here: pass `seat_tokens` (seat -> 43 URL-safe
        characters, e.g. `secrets.token_urlsafe(32)`) to be able to send it again yourself
        later; without them fresh ones are made for this call), and `host_token` likewise (the
        service gives the host token it makes only once: a resend's reply has it only when you
        chose it).

        `rated_queue` and `accounts` (seat -> account id) are for a platform service's key only
        (a key with the `service` scope: matchmaking, the ladder): the queue the game is rated
        in, and the account behind each human seat.

        `position` starts the game from a position (docs/positions.md: a dict, or its JSON
        text) instead of dealing it: the table's options are then the position's own, so the
        option arguments above are not sent, and `players` is the position's."""
        bot_names = dict(bots) if isinstance(bots, Mapping) else {s: "random" for s in bots}
        position_json, position_players = wire.position_text(position)
        players = position_players or players
        options = pb.GameOptions(
            players=players,
            draft=draft,
            solo_tr63=solo_tr63,
            map=map,
            undo=undo,
            prelude=prelude,
            colonies=colonies,
            venus=venus,
        )
        if world_government is not None:
            options.world_government = world_government
        if seed is not None:
            options.seed = seed
        if corporate_era is not None:
            options.corporate_era = corporate_era
        if realtime_scoring is not None:
            options.realtime_scoring_enabled = realtime_scoring
        seats = [
            pb.SeatSpec(
                kind=pb.SEAT_KIND_BOT if seat in bot_names else pb.SEAT_KIND_HUMAN,
                bot=bot_names.get(seat, ""),
                beginner=seat in beginner,
                name=(names or {}).get(seat, ""),
                account_id=(accounts or {}).get(seat, ""),
            )
            for seat in range(players)
        ]
        if request_id:
            chosen = dict(seat_tokens or {})
            for seat, spec in enumerate(seats):
                if spec.kind == pb.SEAT_KIND_HUMAN:
                    spec.token = chosen.get(seat) or secrets.token_urlsafe(32)
        elif seat_tokens or host_token:
            raise ValueError("tokens are chosen only with a request_id")
        request = pb.CreateGameRequest(
            options=None if position is not None else options,
            position=position_json,
            seats=seats,
            time_control=time_control
            if isinstance(time_control, pb.TimeControl)
            else pb.TimeControl(
                seconds_per_game=time_control[0] if time_control else 0,
                seconds_per_decision=time_control[1] if time_control else 0,
            ),
            request_id=request_id,
            host_token=host_token,
            rated_queue=rated_queue,
        )
        # Without a request_id a resend may make a second game: never retried then.
        retry = _ACT_RETRY if request_id else frozenset()
        reply = self.call(self.stub.CreateGame, request, retry_on=retry)
        return CreatedGame(
            game_id=reply.game_id,
            version=reply.version,
            tokens={s.seat: s.token for s in reply.seats if s.kind == pb.SEAT_KIND_HUMAN},
            host_token=reply.host_token,
            bots=tuple(s.seat for s in reply.seats if s.kind == pb.SEAT_KIND_BOT),
        )

    def join(self, game_id: str, token: str) -> SeatHandle:
        """A handle to play (or, with the host token, to watch and export) one game."""
        return SeatHandle(self, game_id, token)

    def spectate(self, game_id: str) -> SeatHandle:
        return SeatHandle(self, game_id, "")

    def list_games(
        self, status: str = "any", page_size: int = 50, page_token: str = ""
    ) -> tuple[list[dict[str, Any]], str]:
        """Games newest first, one page, and the token of the next page ("" at the end)."""
        request = pb.ListGamesRequest(
            status=wire.STATUS_VALUES[status], page_size=page_size, page_token=page_token
        )
        reply = self.call(self.stub.ListGames, request)
        return [wire.summary_dict(g) for g in reply.games], reply.next_page_token

    def game_log(self, game_id: str, token: str = "") -> dict[str, Any]:
        """Once the game is over (or aborted): the replay export (options with the seed, every
        answer). While it runs: the public log (no seed; hidden card choices as counts)."""
        reply = self.call(self.stub.GetGameLog, pb.GetGameLogRequest(game_id=game_id, token=token))
        return wire.log_dict(reply)

    def abort_game(self, game_id: str, host_token: str, reason: str = "") -> int:
        """End a running game for good (host token); the version the abort made. Repeating
        it returns the same version."""
        request = pb.AbortGameRequest(game_id=game_id, token=host_token, reason=reason)
        reply = self.call(self.stub.AbortGame, request)
        return int(reply.version)

    def whoami(self, token: str) -> dict[str, Any]:
        """A token's game, role ("seat" or "host"), seat (None for the host) and resigned."""
        reply = self.call(self.stub.WhoAmI, pb.WhoAmIRequest(token=token))
        return {
            "game_id": reply.game_id,
            "role": "host" if reply.role == pb.TOKEN_ROLE_HOST else "seat",
            "seat": reply.seat if reply.HasField("seat") else None,
            "resigned": reply.resigned,
        }

    # --- open tables and rematches (the game service decides who sits where) ------------------
    def open_tables(self) -> list[dict[str, Any]]:
        """Tables with a seat waiting for a person, newest first: id, map, players, free
        seats and each seat (open, free, the account that took it)."""
        reply = self.call(self.stub.ListOpenTables, pb.ListOpenTablesRequest())
        keys = ("seat", "bot", "name", "open", "free", "account_id", "account_name")
        return [
            {
                "game_id": t.game_id,
                "map": t.options.map,
                "players": t.options.players,
                "free_seats": t.free_seats,
                "seats": [{k: getattr(s, k) for k in keys} for s in t.seats],
            }
            for t in reply.tables
        ]

    def take_seat(self, game_id: str, seat: int | None = None) -> SeatHandle:
        """A free open seat (the first, or `seat`) for this client's key's account; safe to
        repeat (the same seat and token again). SEAT_TAKEN when someone else has it."""
        request = pb.TakeSeatRequest(game_id=game_id, seat=seat)
        return self.join(game_id, self.call(self.stub.TakeSeat, request).token)

    def rematch(self, game_id: str, token: str) -> SeatHandle:
        """The finished game's rematch (made once, whoever asks), with this token's seat (a
        host token: the rematch's host token)."""
        reply = self.call(self.stub.Rematch, pb.RematchRequest(game_id=game_id, token=token))
        return self.join(reply.game_id, reply.token)

    def describe_board(self, game_id: str | None = None, map: str | None = None) -> dict[str, Any]:
        """Everything static about a game's table, or a map's: give exactly one of `game_id`
        and `map` (e.g. "tharsis"). Plain data: spaces (type, location, bonuses, name,
        reserved card, neighbours), milestones and awards with their rules and costs, the
        global parameter tracks, and for a game its options (`table`)."""
        if (game_id is None) == (map is None):
            raise ValueError("give exactly one of game_id and map")
        request = (
            board_pb2.DescribeBoardRequest(game_id=game_id)
            if game_id is not None
            else board_pb2.DescribeBoardRequest(map=map)
        )
        return board_dict(self.call(self.stub.DescribeBoard, request))


class SeatHandle:
    """One seat of one game (or a spectator's view of it, with an empty token)."""

    def __init__(self, client: OlympusClient, game_id: str, token: str) -> None:
        self.client = client
        self.game_id = game_id
        self.token = token
        self.version: int | None = None  # the latest version this handle saw
        # The decision this seat was shown, and at which version (see `act`'s rebase).
        self._shown: tuple[int, dict[str, Any] | None] | None = None

    def view(self) -> dict[str, Any]:
        reply = self.client.call(
            self.client.stub.GetGame, pb.GetGameRequest(game_id=self.game_id, token=self.token)
        )
        self.version = reply.game.version
        return wire.view_dict(reply.game)

    def resign(self) -> tuple[int, bool]:
        """Give up this seat: the table plays it from now on. (The version the resignation
        made, whether it had resigned before.)"""
        reply = self.client.call(
            self.client.stub.Resign, pb.ResignRequest(game_id=self.game_id, token=self.token)
        )
        return int(reply.version), bool(reply.replayed)

    def decision(self) -> DecisionState:
        reply = self.client.call(
            self.client.stub.GetDecision,
            pb.GetDecisionRequest(game_id=self.game_id, token=self.token),
        )
        return self._shown_decision(reply)

    def view_and_decision(self) -> tuple[dict[str, Any], DecisionState]:
        """The view and this seat's decision, both of one stored version (one read): what a
        client drawing the board next to the question it must answer needs. Two calls
        (`view`, `decision`) may straddle another seat's move."""
        request = pb.GetGameRequest(game_id=self.game_id, token=self.token, with_decision=True)
        reply = self.client.call(self.client.stub.GetGame, request)
        return wire.view_dict(reply.game), self._shown_decision(reply.decision)

    def _shown_decision(self, reply: pb.GetDecisionResponse) -> DecisionState:
        self.version = reply.version
        state = DecisionState(
            game_id=reply.game_id,
            version=reply.version,
            status=wire.status_name(reply.status),
            seat=reply.seat if reply.HasField("seat") else None,
            your_turn=reply.your_turn,
            decision=wire.decision_dict(reply.decision) if reply.your_turn else None,
            waiting_for=list(reply.waiting_for),
            phase=wire.phase_name(reply.phase),
            generation=reply.generation,
            undoable=reply.undoable,
            live_scores=wire.live_scores(reply),
        )
        self._shown = (state.version, state.decision)
        return state

    def act(
        self,
        answer: str | Mapping[str, Any],
        *,
        version: int | None = None,
        key: str | None = None,
        rebase: bool = True,
    ) -> ActResult:
        """Answer at `version` (default: the latest version this handle saw). Raises
        StaleVersion when the game moved on, GameServiceError for any other refusal.

        With `rebase`, an answer refused as stale is sent again at the new version when this
        seat's pending decision is exactly the one it was shown at `version`: in simultaneous
        phases (setup, research, draft) other seats' answers move the version without changing
        ours, so the answer means the same thing. Anything else still raises StaleVersion."""
        if version is None:
            version = self.version if self.version is not None else self.decision().version
        key = key or uuid.uuid4().hex  # a refused attempt records nothing: the key can be reused
        for _ in range(_REBASE_ATTEMPTS):
            try:
                return self._submit(answer, version, key)
            except StaleVersion as exc:
                if exc.reason == "IDEMPOTENCY_KEY_REUSED":  # not stale: the key is spoken for
                    raise
                shown = self._shown
                if not rebase or shown is None or shown[0] != version or shown[1] is None:
                    raise
                fresh = self.decision()
                if not fresh.your_turn or fresh.decision != shown[1]:
                    raise
                version = fresh.version
        return self._submit(answer, version, key)

    def _submit(self, answer: str | Mapping[str, Any], version: int, key: str) -> ActResult:
        request = pb.SubmitActionRequest(
            game_id=self.game_id,
            token=self.token,
            expected_version=version,
            idempotency_key=key,
            **answer_request(answer),
        )
        reply = self.client.call(self.client.stub.SubmitAction, request, retry_on=_ACT_RETRY)
        self.version = reply.version
        return ActResult(
            version=reply.version,
            replayed=reply.replayed,
            answer=reply.answer,
            event=wire.event_dict(reply.event) if reply.HasField("event") else None,
        )

    def undo(
        self, count: int = 1, *, version: int | None = None, key: str | None = None
    ) -> ActResult:
        """Take back this seat's last `count` answers (tables created with `undo=True`): the
        game goes back to the state before them, at a new version. `version` must be the
        game's version now (default: the latest this handle saw); `decision().undoable` tells
        how many answers can be taken back. Refused (GameServiceError) with reason UNDO_OFF
        or UNDO_NOT_ALLOWED, StaleVersion when the game moved on. Retried like `act`, with
        the same key; `answer` in the result is "undo <count>"."""
        if version is None:
            version = self.version if self.version is not None else self.decision().version
        request = pb.UndoAnswersRequest(
            game_id=self.game_id,
            token=self.token,
            expected_version=version,
            count=count,
            idempotency_key=key or uuid.uuid4().hex,
        )
        reply = self.client.call(self.client.stub.UndoAnswers, request, retry_on=_ACT_RETRY)
        self.version = reply.version
        return ActResult(
            version=reply.version,
            replayed=reply.replayed,
            answer=f"undo {count}",
            event=wire.event_dict(reply.event) if reply.HasField("event") else None,
        )

    def watch(self, from_version: int = 0, *, resume: bool = True) -> Iterator[dict[str, Any]]:
        """Events after `from_version` as they happen, until the game ends. A dropped stream is
        picked up again from the last version received (`resume`)."""
        after = from_version
        failures = 0
        while True:
            request = pb.WatchGameRequest(
                game_id=self.game_id, token=self.token, from_version=after
            )
            stream = self.client.stub.WatchGame(request, metadata=self.client.metadata)
            try:
                for msg in stream:
                    failures = 0
                    event = wire.event_dict(msg)
                    after = event["version"]
                    self.version = after
                    yield event
                    if event["finished"]:
                        return
                return
            except grpc.RpcError as exc:
                if not resume or exc.code() != grpc.StatusCode.UNAVAILABLE:  # type: ignore[attr-defined]
                    raise _error(exc) from None
                failures += 1
                if failures > self.client.retries:
                    raise _error(exc) from None
                self.client.rotate()
                time.sleep(self.client.backoff * 2**failures)
            finally:
                stream.cancel()

    def log(self) -> dict[str, Any]:
        return self.client.game_log(self.game_id, self.token)
