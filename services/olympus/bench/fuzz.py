"""Fuzz the game service: malformed and illegal answers at every kind of decision.

It starts a private redis-server, a real `python -m olympus.gamestate` and the workers that
play its bot seats (or uses the ones named by --address and --redis-url, whose workers must be
running), then plays whole games over grpc.aio, many at once. At
each decision it sends malformed or illegal SubmitAction requests (`fuzz_inputs`: junk and
respelled text, overlong text, odd numbers, wrong kinds, cards not offered, bad payments,
random and respelled structured answers, bad versions, keys, tokens and game ids, bytes that
are not a request at all), then a legal answer that moves the game on, so that the games reach
every phase and every kind of decision; a decision is fuzzed only once the game waits for no
bot seat (the workers answer for those in their own time, and their answers are no changes a
refused request made). Every reply is checked:

  * no INTERNAL or UNKNOWN status (nor DATA_LOSS, UNAVAILABLE...: only refusals a client can act
    on), and no refusal of the legal answer;
  * a refused request changed nothing: the game's version, state bytes and answer log in Redis
    are the same after it as before;
  * a request that must be refused was refused (a random answer that happens to be legal may be
    accepted: the game moves on);
  * the reply is small: status message at most MESSAGE_BOUND bytes, trailers at most
    TRAILER_BOUND bytes.

It prints one JSON line (counts per decision kind and phase, per family of input, refusals per
status and reason, the violations, the largest reply) and exits with 1 if anything was wrong.

    python -m olympus.bench.fuzz --count 100000      # make fuzz (FUZZ_COUNT=...)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc
import redis.asyncio as aioredis
from google.rpc import error_details_pb2, status_pb2

from olympus.client import wire
from olympus.client.players import pick
from olympus.gamestate.store import LOG_CHUNK, game_key
from olympus.platform.embedded_redis import embedded_redis
from olympus.platform.strict import whole_arg
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .fuzz_inputs import DECISION_KINDS, Attempt, Situation, attempts, random_message
from .workers import _workers

MESSAGE_BOUND = 1024
TRAILER_BOUND = 4096
SUBMIT = "/olympus.v1.GameService/SubmitAction"
CREATE = "/olympus.v1.GameService/CreateGame"
# Refusals a client can act on; anything else answering a request is a fault.
REFUSALS = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.ABORTED,
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.OUT_OF_RANGE,
    }
)
RARE_KINDS = frozenset({"setup", "space", "player", "option", "amount", "final_greenery"})
SAMPLES = 8  # problem examples kept for the report, per problem
BOT_WAIT_S = 60  # a bot seat answers within milliseconds; far longer means no worker took it


@dataclass(frozen=True, slots=True)
class Reply:
    code: grpc.StatusCode
    reason: str
    message_bytes: int
    trailer_bytes: int
    details: str


@dataclass
class Report:
    attempts: int = 0
    games: int = 0
    games_finished: int = 0
    decisions: Counter[str] = field(default_factory=Counter)
    attempts_per_kind: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    families: Counter[str] = field(default_factory=Counter)
    refusals: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    accepted_random: int = 0
    bot_answers_meanwhile: int = 0  # a bot seat answered while a decision was fuzzed
    max_message_bytes: int = 0
    max_trailer_bytes: int = 0
    problems: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    problem_counts: Counter[str] = field(default_factory=Counter)

    def problem(self, kind: str, example: str) -> None:
        self.problem_counts[kind] += 1
        if len(self.problems[kind]) < SAMPLES:
            self.problems[kind].append(example[:300])

    def summary(self, seconds: float) -> dict[str, Any]:
        return {
            "benchmark": "fuzz",
            "attempts": self.attempts,
            "attempts_per_second": round(self.attempts / seconds, 1) if seconds else 0,
            "seconds": round(seconds, 1),
            "games": self.games,
            "games_finished": self.games_finished,
            "decisions_per_kind": dict(sorted(self.decisions.items())),
            "attempts_per_kind": dict(sorted(self.attempts_per_kind.items())),
            "kinds_missed": sorted(set(DECISION_KINDS) - set(self.attempts_per_kind)),
            "decisions_per_phase": dict(sorted(self.phases.items())),
            "attempts_per_family": dict(sorted(self.families.items())),
            "refusals": {k: dict(sorted(v.items())) for k, v in sorted(self.refusals.items())},
            "accepted_random": self.accepted_random,
            "bot_answers_meanwhile": self.bot_answers_meanwhile,
            "internal_errors": self.problem_counts["internal_error"],
            "state_changes": self.problem_counts["state_change"],
            "oversized_replies": self.problem_counts["oversized_reply"],
            "accepted_malformed": self.problem_counts["accepted_malformed"],
            "legal_refused": self.problem_counts["legal_refused"],
            "max_message_bytes": self.max_message_bytes,
            "max_trailer_bytes": self.max_trailer_bytes,
            "problems": dict(self.problems),
        }

    @property
    def faults(self) -> int:
        return sum(self.problem_counts.values())


def _reply_of(error: grpc.aio.AioRpcError | None) -> Reply:
    if error is None:
        return Reply(grpc.StatusCode.OK, "", 0, 0, "")
    details = error.details() or ""
    trailers = list(error.trailing_metadata() or ())
    size = 0
    reason = ""
    for key, value in trailers:
        raw = value if isinstance(value, bytes) else str(value).encode()
        size += len(key) + len(raw)
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(raw).details:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason = info.reason
    return Reply(error.code(), reason, len(details.encode()), size, details)


class Fuzzer:
    def __init__(
        self,
        channel: grpc.aio.Channel,
        redis: aioredis.Redis,
        *,
        count: int,
        per_decision: int,
        seed: int,
        max_games: int,
        extra_games: int,
    ) -> None:
        self.stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        # Raw bytes in: some requests are not valid protobuf at all.
        self.submit_raw = channel.unary_unary(
            SUBMIT,
            request_serializer=None,
            response_deserializer=pb.SubmitActionResponse.FromString,
        )
        self.create_raw = channel.unary_unary(
            CREATE, request_serializer=None, response_deserializer=pb.CreateGameResponse.FromString
        )
        self.redis = redis
        self.count = count
        self.per_decision = per_decision
        self.seed = seed
        self.max_games = max_games
        self.extra_games = extra_games
        self._games_at_count: int | None = None
        self.report = Report()
        self._next_game = 0
        self._foreign: tuple[str, str] = ("", "")  # another game's id and seat token

    @property
    def counted(self) -> bool:
        return self.report.attempts >= self.count

    def missing(self) -> set[str]:
        """The kinds of decision not fuzzed yet."""
        return set(DECISION_KINDS) - set(self.report.attempts_per_kind)

    @property
    def done(self) -> bool:
        return self.counted and not self.missing()

    def _may_start_game(self) -> bool:
        """Games start until the count is reached; then a few more only while a kind of
        decision was never met (those games are played on with legal answers alone, and
        fuzzed only at the missing kinds)."""
        if self._next_game >= self.max_games or self.done:
            return False
        if not self.counted:
            return True
        if self._games_at_count is None:
            self._games_at_count = self._next_game
        return self._next_game < self._games_at_count + self.extra_games

    async def run(self, concurrency: int) -> Report:
        await asyncio.gather(*(self._worker() for _ in range(concurrency)))
        return self.report

    async def _worker(self) -> None:
        while self._may_start_game():
            index = self._next_game
            self._next_game += 1
            # Two generators per game: the game's own course (options, seats, legal answers)
            # stays the same whatever the fuzzing draws.
            seed = self.seed * 1_000_003 + index
            await self._play(random.Random(seed), random.Random(-seed - 1))

    # --- one game ------------------------------------------------------------------------------

    async def _create(self, rnd: random.Random, fuzz_rnd: random.Random) -> pb.CreateGameResponse:
        players = rnd.choice((1, 2, 2, 3, 3, 4, 5))
        bots = {s for s in range(1, players) if rnd.random() < 0.2}
        request = pb.CreateGameRequest(
            options=pb.GameOptions(
                players=players,
                seed=rnd.getrandbits(62),
                corporate_era=players == 1 or rnd.random() < 0.8,
                draft=players > 1 and rnd.random() < 0.4,
                solo_tr63=players == 1 and rnd.random() < 0.3,
            ),
            seats=[
                pb.SeatSpec(
                    kind=pb.SEAT_KIND_BOT if s in bots else pb.SEAT_KIND_HUMAN,
                    beginner=rnd.random() < 0.1,
                    name=f"seat {s}",
                )
                for s in range(players)
            ],
        )
        await self._fuzz_create(fuzz_rnd)
        created: pb.CreateGameResponse = await self.stub.CreateGame(request)
        return created

    async def _fuzz_create(self, rnd: random.Random) -> None:
        """CreateGame with random fields (may be valid) and with names nobody may take."""
        random_request = pb.CreateGameRequest()
        random_message(random_request, rnd)
        await self._send(
            self.create_raw, Attempt("create.random", random_request.SerializeToString(), False)
        )
        name = rnd.choice(("a\u202eb", "x\n", "\x1b[2J", "b\u2066c", "\u200fz", "\x00"))
        named = pb.CreateGameRequest(seats=[pb.SeatSpec(name=name), pb.SeatSpec()])
        await self._send(
            self.create_raw, Attempt("create.bad_name", named.SerializeToString(), True)
        )

    async def _play(self, rnd: random.Random, fuzz_rnd: random.Random) -> None:
        created = await self._create(rnd, fuzz_rnd)
        self.report.games += 1
        game_id = created.game_id
        tokens = {s.seat: s.token for s in created.seats if s.kind == pb.SEAT_KIND_HUMAN}
        foreign, self._foreign = self._foreign, (game_id, next(iter(tokens.values()), ""))
        refused_legal = 0
        while not self.done:
            seen = await self._humans_turn(game_id, set(tokens))
            if seen.status == pb.GAME_STATUS_FINISHED:
                self.report.games_finished += 1
                return
            seat = rnd.choice([s for s in seen.waiting_for if s in tokens])
            mine = await self.stub.GetDecision(
                pb.GetDecisionRequest(game_id=game_id, token=tokens[seat])
            )
            decision = wire.decision_dict(mine.decision)
            situation = Situation(
                game_id=game_id,
                version=mine.version,
                token=tokens[seat],
                idle_tokens=tuple(t for s, t in tokens.items() if s not in mine.waiting_for),
                host_token=created.host_token,
                foreign_token=foreign[1] or "B" * 43,
                foreign_game_id=foreign[0] or "f" * 16,
                decision=decision,
                legal=pick(decision, rnd),
            )
            self.report.decisions[situation.kind] += 1
            self.report.phases[wire.phase_name(mine.phase)] += 1
            if await self._fuzz_decision(situation, fuzz_rnd):
                continue  # a random answer that was legal moved the game on
            if await self._answer(situation, fuzz_rnd):
                refused_legal = 0
            else:
                refused_legal += 1
                if refused_legal >= 3:
                    return  # give up on this game; the problem is reported

    async def _humans_turn(self, game_id: str, humans: set[int]) -> Any:
        """The game once it waits for human seats only (or no longer runs): the workers play
        the bot seats after the answer that made it their turn."""
        deadline = time.monotonic() + BOT_WAIT_S
        while True:
            seen = await self.stub.GetDecision(pb.GetDecisionRequest(game_id=game_id))
            if seen.status != pb.GAME_STATUS_ACTIVE or set(seen.waiting_for) <= humans:
                return seen
            if time.monotonic() > deadline:
                raise SystemExit(f"game {game_id}: its bot seats did not answer (no workers?)")
            await asyncio.sleep(0.02)

    async def _fuzz_decision(self, s: Situation, rnd: random.Random) -> bool:
        """Malformed and illegal requests; True if one was accepted (the game moved)."""
        if self.counted and s.kind not in self.missing():
            return False
        before = await self._snapshot(s.game_id)
        n = self.per_decision * (3 if s.kind in RARE_KINDS else 1)
        for attempt in attempts(s, rnd, n):
            self.report.attempts_per_kind[s.kind] += 1
            reply = await self._send(self.submit_raw, attempt)
            if reply.code == grpc.StatusCode.OK:
                if attempt.must_refuse:
                    self.report.problem("accepted_malformed", f"{s.kind} {attempt.preview!r}")
                else:
                    self.report.accepted_random += 1
                return True
            after = await self._snapshot(s.game_id)
            if after != before and await self._bots_answered(s.game_id, before, after):
                # A bot seat's answer landed meanwhile (the workers play on their own time):
                # not this request's doing; the game moved on, so read it again.
                self.report.bot_answers_meanwhile += 1
                return True
            if after != before:
                self.report.problem(
                    "state_change", f"{attempt.family} {s.kind} {attempt.preview!r} {reply.code}"
                )
                return True
        return False

    async def _answer(self, s: Situation, rnd: random.Random) -> bool:
        fields: dict[str, Any] = (
            {"text": s.legal_text}
            if rnd.random() < 0.5
            else {"structured": wire.answer_to_proto(s.legal)}
        )
        try:
            await self.submit_raw(s.submit(**fields), timeout=60)
            return True
        except grpc.aio.AioRpcError as exc:
            reply = _reply_of(exc)
            self.report.problem(
                "legal_refused", f"{s.kind} {s.legal} {reply.code.name} {reply.details}"
            )
            return False

    # --- sending and checking ------------------------------------------------------------------

    async def _send(self, method: grpc.aio.UnaryUnaryMultiCallable, attempt: Attempt) -> Reply:
        r = self.report
        r.attempts += 1
        r.families[attempt.family] += 1
        try:
            await method(attempt.request, timeout=60)
            reply = _reply_of(None)
        except grpc.aio.AioRpcError as exc:
            reply = _reply_of(exc)
        if reply.code == grpc.StatusCode.OK:
            return reply
        r.refusals[reply.code.name][reply.reason or "-"] += 1
        r.max_message_bytes = max(r.max_message_bytes, reply.message_bytes)
        r.max_trailer_bytes = max(r.max_trailer_bytes, reply.trailer_bytes)
        if reply.code not in REFUSALS:
            r.problem(
                "internal_error",
                f"{attempt.family} {attempt.preview!r}: {reply.code.name} {reply.details}",
            )
        if reply.message_bytes > MESSAGE_BOUND or reply.trailer_bytes > TRAILER_BOUND:
            r.problem(
                "oversized_reply",
                f"{attempt.family}: {reply.message_bytes} B message, {reply.trailer_bytes} B trailers",
            )
        return reply

    async def _bots_answered(
        self, game_id: str, before: tuple[Any, ...], after: tuple[Any, ...]
    ) -> bool:
        """Whether every answer between two snapshots was a bot's (log entries "<seat>b...:")."""
        moved = int(after[0] or 0) - int(before[0] or 0)
        if moved <= 0 or after[2] - before[2] != moved:
            return False
        # The newest `moved` answers (still unpacked unless a pack moved them: then not judged).
        entries = await self.redis.lrange(game_key(game_id, "log"), -moved, -1)
        heads = [(e.decode() if isinstance(e, bytes) else str(e)).split(":", 1)[0] for e in entries]
        return len(heads) == moved and all("b" in head for head in heads)

    async def _snapshot(self, game_id: str) -> tuple[Any, ...]:
        """What a refused answer must leave as it was: version, state bytes, and how many
        answers the log holds (unpacked ones plus LOG_CHUNK per packed entry: the commit that
        made a version may pack the log just after its reply, which moves answers, not adds)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hget(game_key(game_id, "game"), "version")
            pipe.get(game_key(game_id, "state"))
            pipe.llen(game_key(game_id, "log"))
            pipe.llen(game_key(game_id, "logz"))
            version, state, loose, packed = await pipe.execute()
            return version, state, loose + LOG_CHUNK * packed


@contextmanager
def _service(redis_url: str, flags: list[str]) -> Iterator[tuple[str, str]]:
    """A game service process on a free port: (address, path of its log)."""
    with tempfile.NamedTemporaryFile(prefix="olympus-fuzz-", suffix=".log", delete=False) as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                *("-m", "olympus.gamestate", "--port", "0", "--redis-url", redis_url),
                *flags,
            ],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"the game service did not start; see {log.name}")
            yield f"127.0.0.1:{json.loads(line)['port']}", log.name
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:  # too busy to drain: a fault already reported
                proc.kill()
                proc.wait()


@asynccontextmanager
async def _clients(
    address: str, redis_url: str
) -> AsyncIterator[tuple[grpc.aio.Channel, aioredis.Redis]]:
    channel = grpc.aio.insecure_channel(address)
    redis = aioredis.Redis.from_url(redis_url)
    try:
        yield channel, redis
    finally:
        await channel.close()
        await redis.aclose()


async def fuzz(args: argparse.Namespace, address: str, redis_url: str) -> dict[str, Any]:
    async with _clients(address, redis_url) as (channel, redis):
        fuzzer = Fuzzer(
            channel,
            redis,
            count=args.count,
            per_decision=args.per_decision,
            seed=args.seed,
            max_games=args.max_games,
            extra_games=args.extra_games,
        )
        start = time.perf_counter()
        report = await fuzzer.run(args.concurrency)
        return report.summary(time.perf_counter() - start) | {"faults": report.faults}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m olympus.bench.fuzz", description=__doc__.split("\n")[0]
    )
    p.add_argument("--count", type=whole_arg(1), default=100_000, help="malformed requests to send")
    p.add_argument("--concurrency", type=whole_arg(1), default=32, help="games played at once")
    p.add_argument("--per-decision", type=whole_arg(1), default=6, help="attempts per decision")
    p.add_argument("--seed", type=whole_arg(), default=1)
    p.add_argument("--max-games", type=whole_arg(1), default=10_000, help="a guard")
    p.add_argument(
        "--extra-games",
        type=whole_arg(),
        default=64,
        help="games started after the count while a kind of decision was never met",
    )
    p.add_argument(
        "--service-flag",
        action="append",
        default=[],
        metavar="FLAG",
        help="passed to the game service it starts (repeatable; e.g. to lift quotas, which "
        "would otherwise refuse most requests before they are looked at)",
    )
    p.add_argument("--address", help="fuzz this game service (with --redis-url: its Redis)")
    p.add_argument("--redis-url", help="the Redis of --address")
    args = p.parse_args(argv)
    if bool(args.address) != bool(args.redis_url):
        p.error("--address and --redis-url go together")
    if args.address:
        summary = asyncio.run(fuzz(args, args.address, args.redis_url))
    else:
        with (
            embedded_redis() as redis,
            _workers(redis.url),
            _service(redis.url, args.service_flag) as (address, log),
        ):
            summary = asyncio.run(fuzz(args, address, redis.url))
            summary["service_log"] = log
            if not summary["faults"]:
                os.unlink(log)  # kept only to explain a fault
                del summary["service_log"]
    print(json.dumps(summary, ensure_ascii=False), flush=True)
    return 1 if summary["faults"] or summary["kinds_missed"] else 0


if __name__ == "__main__":
    sys.exit(main())
