"""A rolling upgrade: the game service of the previous release (real code from this repository's
history, in a git worktree) and this checkout's, on one Redis, play the same games answer by
answer in turn, the new one deploying a rules change as docs/upgrades.md says (step 1,
`--deal-rules 1`: it plays rules 1 and 2 and still deals 1). Nothing may be lost, doubled or
refused for a version mismatch: each replica reads what the other wrote. And a game this replica does not serve (rules or format written by
newer code) is refused with the retryable UNAVAILABLE / VERSION_NOT_SERVED, left untouched.

The previous release is the commit before versions were recorded (the parent of the commit that
added engine/version.py), or $OLYMPUS_UPGRADE_FROM (any revision, e.g. the deployed one). The
new side is this checkout, or $OLYMPUS_UPGRADE_TO_SERVICES (a `services` directory: how the
test was once shown to fail against a replica that writes a format the old one cannot read).
Skipped where the history is absent (a shallow clone)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import orjson
import pytest
import redis

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.client.sdk import GameServiceError, SeatHandle
from olympus.engine import Game, GameOptions
from olympus.engine.version import FIRST_RULES_VERSION
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.store import game_key
from olympus.platform.embedded_redis import EmbeddedRedis
from services import ServiceProcess, running_service

ROOT = Path(__file__).resolve().parents[2]
VERSIONED = "services/olympus/engine/version.py"  # added with the rules/format versions
GAMES = 6  # 2-player human games, half created on each replica
ANSWERS_PER_GAME = 60  # enough to cross setup, research and a few generations of actions
MAX_ANSWERS = 5000  # the one game played to its end ends well before this
VERSION_REASONS = {"VERSION_NOT_SERVED", "CORRUPT_STATE"}  # the old code's refusal is the latter
# Fields of a view the previous release never sends (added since, additively): a client reads
# them as absent from an old replica, so the two views are compared without them.
NEWER_FIELDS = frozenset({"prompt_code", "prompt_params", "label_code", "label_params"})


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def _old_revision() -> str:
    wanted = os.environ.get("OLYMPUS_UPGRADE_FROM")
    try:
        if wanted:
            return _git("rev-parse", "--verify", f"{wanted}^{{commit}}")
        added = _git("log", "--diff-filter=A", "--format=%H", "--", VERSIONED).splitlines()
        if not added:
            pytest.skip(f"no commit adding {VERSIONED} in the history")
        return _git("rev-parse", "--verify", f"{added[-1]}^")
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        pytest.skip(f"the previous release is not in this clone's history ({exc})")


@pytest.fixture(scope="module")
def old_tree() -> Iterator[Path]:
    """The previous release checked out beside this one (never touching this checkout)."""
    rev = _old_revision()
    path = Path(tempfile.mkdtemp(prefix="olympus-old-")) / "tree"
    _git("worktree", "add", "--detach", str(path), rev)
    try:
        yield path
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(path.parent, ignore_errors=True)


def _services_env(services: Path) -> dict[str, str]:
    return {"PYTHONPATH": str(services)}


def _imports_from(services: Path) -> Path:
    """Where a process started with `_services_env(services)` finds the engine."""
    out = subprocess.run(
        [sys.executable, "-c", "import olympus.engine.state as s; print(s.__file__)"],
        env={**os.environ, **_services_env(services)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return Path(out).resolve()


@pytest.fixture(scope="module")
def replicas(own_redis: EmbeddedRedis, old_tree: Path) -> Iterator[dict[str, ServiceProcess]]:
    old_services = old_tree / "services"
    new_services = Path(os.environ.get("OLYMPUS_UPGRADE_TO_SERVICES", ROOT / "services"))
    # Each replica really runs its own code: the old one from the worktree.
    assert _imports_from(old_services).is_relative_to(old_services.resolve())
    assert _imports_from(new_services).is_relative_to(new_services.resolve())
    args = ("--redis-url", own_redis.url)
    # The new code deals the rules the old code plays until no old replica is left.
    new_args = (*args, "--deal-rules", str(FIRST_RULES_VERSION))
    with (
        running_service("gamestate", *args, env=_services_env(old_services)) as old,
        running_service("gamestate", *new_args, env=_services_env(new_services)) as new,
    ):
        yield {"old": old, "new": new}


@dataclass
class Tally:
    answers: int = 0
    lost: int = 0
    doubled: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # reason -> count

    @property
    def version_refusals(self) -> int:
        return sum(n for reason, n in self.refused.items() if reason in VERSION_REASONS)


@dataclass
class Table:
    game_id: str
    seats: dict[str, list[SeatHandle]]  # replica -> a handle per seat through it
    versions: list[int] = field(default_factory=list)  # the version each answer made


def _answer_once(table: Table, via: str, other: str, rnd: random.Random, tally: Tally) -> bool:
    """One answer through replica `via`, sent again (same key) through `other`: the second
    must be told it was already applied. False once the game is over."""
    states = [h.decision() for h in table.seats[via]]
    turn = next((s for s in states if s.your_turn and s.decision is not None), None)
    if turn is None:
        return False
    assert turn.seat is not None and turn.decision is not None
    answer = pick(turn.decision, rnd)
    key = uuid.uuid4().hex
    done = table.seats[via][turn.seat].act(answer, version=turn.version, key=key, rebase=False)
    tally.answers += 1
    table.versions.append(done.version)
    again = table.seats[other][turn.seat].act(answer, version=turn.version, key=key, rebase=False)
    if not again.replayed or again.version != done.version:
        tally.doubled += 1
    seen = table.seats[other][turn.seat].decision()  # the other replica sees it at once
    if seen.version < done.version:
        tally.lost += 1
    return True


def _compare(table: Table, clients: dict[str, OlympusClient], tally: Tally) -> None:
    """Both replicas tell the same log (every answer once, in order) and the same view."""
    logs = {name: c.game_log(table.game_id) for name, c in clients.items()}
    for name, log in logs.items():
        versions = [a["version"] for a in log["answers"]]
        if versions != table.versions:
            tally.lost += len(set(table.versions) - set(versions))
            tally.doubled += len(versions) - len(set(versions))
        assert log["version"] == 1 + len(table.versions), (name, log["version"])
    assert logs["old"] == logs["new"]
    views = [h.view() for h in (table.seats["old"][0], table.seats["new"][0])]
    assert _without_newer(views[0]) == _without_newer(views[1])


def _without_newer(data: object) -> object:
    if isinstance(data, dict):
        return {k: _without_newer(v) for k, v in data.items() if k not in NEWER_FIELDS}
    if isinstance(data, list):
        return [_without_newer(v) for v in data]
    return data


def test_old_and_new_replicas_play_the_same_games(
    replicas: dict[str, ServiceProcess], own_redis: EmbeddedRedis
) -> None:
    tally = Tally()
    clients = {
        name: OlympusClient(s.address, timeout=20, retries=1) for name, s in replicas.items()
    }
    try:
        tables: list[Table] = []
        for i in range(GAMES):
            maker = "old" if i % 2 == 0 else "new"
            created = clients[maker].create_game(players=2, seed=100 + i, undo=i % 3 == 0)
            seats = {
                name: [c.join(created.game_id, created.tokens[s]) for s in (0, 1)]
                for name, c in clients.items()
            }
            tables.append(Table(created.game_id, seats))
        rnd = random.Random(7)
        for step in range(ANSWERS_PER_GAME):
            for i, table in enumerate(tables):
                via, other = ("old", "new") if (step + i) % 2 == 0 else ("new", "old")
                try:
                    _answer_once(table, via, other, rnd, tally)
                except GameServiceError as exc:
                    tally.refused[exc.reason or exc.status] += 1
        finished = tables[0]  # and one game to its end (its result, its replay export)
        for _ in range(MAX_ANSWERS):
            via, other = ("old", "new") if len(finished.versions) % 2 == 0 else ("new", "old")
            try:
                if not _answer_once(finished, via, other, rnd, tally):
                    break
            except GameServiceError as exc:
                tally.refused[exc.reason or exc.status] += 1
                break
        for table in tables:
            try:
                _compare(table, clients, tally)
            except GameServiceError as exc:  # a replica that cannot read the game
                tally.refused[exc.reason or exc.status] += 1
        print(
            f"rolling upgrade: {tally.answers} answers in {GAMES} games, lost {tally.lost}, "
            f"doubled {tally.doubled}, refused {dict(tally.refused)}"
        )
        assert tally.version_refusals == 0, tally.refused
        assert (tally.lost, tally.doubled, sum(tally.refused.values())) == (0, 0, 0), tally
        assert tally.answers >= GAMES * ANSWERS_PER_GAME
        ended = clients["new"].game_log(finished.game_id)
        assert ended["status"] == "finished" and "result" in ended, ended["status"]
        assert ended["rules"] == 1  # both replicas: the version the game was dealt under
        replayed = Game.replay(
            GameOptions.from_data(ended["options"]),
            [(a["seat"], a["text"]) for a in ended["answers"]],
            rules=ended["rules"],
        )
        assert replayed.is_over  # this engine replays what both replicas played
    finally:
        for c in clients.values():
            c.close()


def _refusal(handle: SeatHandle) -> GameServiceError:
    with pytest.raises(GameServiceError) as info:
        handle.decision()
    return info.value


def test_a_game_of_newer_rules_or_format_is_refused_untouched(
    replicas: dict[str, ServiceProcess], own_redis: EmbeddedRedis
) -> None:
    rdb = redis.Redis.from_url(own_redis.url)
    try:
        with (
            OlympusClient(replicas["old"].address, timeout=20) as maker,
            OlympusClient(replicas["new"].address, timeout=20, retries=1) as client,
        ):
            # Made on the old replica: the new one has not cached their metas.
            newer_rules = maker.create_game(players=2, seed=1)
            newer_format = maker.create_game(players=2, seed=2)
            meta_key = game_key(newer_rules.game_id, "game")
            meta = orjson.loads(rdb.hget(meta_key, "meta") or b"")
            rdb.hset(meta_key, "meta", orjson.dumps({**meta, "rules": 99}))
            state_key = game_key(newer_format.game_id, "state")
            stored = rdb.get(state_key) or b""
            assert b';{"v":1,' in stored
            rdb.set(state_key, stored.replace(b';{"v":1,', b';{"v":9,', 1))
            before = {k: rdb.get(k) for k in (state_key, game_key(newer_rules.game_id, "state"))}
            for game, kind in ((newer_rules, "rules_version"), (newer_format, "state_format")):
                err = _refusal(client.join(game.game_id, game.tokens[0]))
                assert (err.status, err.reason) == ("UNAVAILABLE", "VERSION_NOT_SERVED"), err
                assert err.metadata["kind"] == kind
            assert {k: rdb.get(k) for k in before} == before  # never rewritten
    finally:
        rdb.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rules-versions", "3"), "this code plays rules versions 1, 2, not [3]"),
        (("--rules-versions", "1", "--deal-rules", "2"), "which is not served"),
        (("--rules-versions", "x"), "numbers separated by commas"),
    ],
)
def test_a_replica_refuses_to_start_serving_rules_its_code_lacks(
    args: tuple[str, ...], message: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "olympus.gamestate", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_each_game_records_its_rules_and_format(
    replicas: dict[str, ServiceProcess], own_redis: EmbeddedRedis
) -> None:
    """A game made by this code records both; one made before versions reads as 1 and 1."""
    rdb = redis.Redis.from_url(own_redis.url)
    try:
        for name, recorded in (("new", True), ("old", False)):
            with OlympusClient(replicas[name].address, timeout=20) as c:
                game = c.create_game(players=2, seed=5)
            raw = rdb.hget(game_key(game.game_id, "game"), "meta") or b""
            stored = orjson.loads(raw)
            assert (("rules" in stored) and ("format" in stored)) is recorded, stored
            meta = GameMeta.from_json(game.game_id, raw)
            assert (meta.rules, meta.state_format) == (1, 1)
    finally:
        rdb.close()
