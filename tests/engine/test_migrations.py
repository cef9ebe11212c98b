"""Save formats and rules versions: an older save is migrated on load, a newer one (format or
rules) is refused untouched with the retryable `VersionNotServed`, and a game keeps the rules
version it was dealt under through saves, loads and replays (rules 1 and 2 today; a version
beyond them is refused). A frame of an instruction since folded into another still plays."""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest

from helpers import card_resources, cid, decision, give, hand, in_play, new_game, play
from olympus.engine import ChooseCards, Game, GameOptions, migrations, version
from olympus.engine.decisions import SelectCards
from olympus.engine.errors import CorruptState
from olympus.engine.version import VersionNotServed, plays_since

OPTIONS = GameOptions(players=2, seed=41, corporate_era=True, undo=True)
BEYOND = version.RULES_VERSION + 1  # a rules version this code does not implement


def _played(
    options: GameOptions = OPTIONS, answers: int = 30, seed: int = 1, rules: int | None = None
) -> Game:
    """A game some random answers in (past the setup, so the save holds real play), dealt
    under `rules` (default the version this process deals)."""
    rnd = random.Random(seed)
    game = Game.new(options, rules=rules)
    for _ in range(answers):
        decision = game.decisions()[0]
        game.apply(decision.player, decision.sample(rnd))
    return game


def _answers(game: Game) -> list[tuple[int, str]]:
    """The answers that made `game` (as `_played` dealt and answered it)."""
    rnd = random.Random(1)
    twin = Game.new(game.options, rules=game.rules)
    out: list[tuple[int, str]] = []
    while twin.decisions_made < game.decisions_made:
        decision = twin.decisions()[0]
        answer = decision.sample(rnd)
        twin.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out


def _continue(game: Game, steps: int, seed: int) -> bytes:
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        decision = game.decisions()[0]
        game.apply(decision.player, decision.sample(rnd))
    return game.to_bytes()


def test_a_save_of_the_first_rules_version_keeps_its_bytes() -> None:
    game = _played(rules=version.FIRST_RULES_VERSION)
    data = game.to_data()
    assert data["v"] == migrations.FORMAT_VERSION == 1
    assert "rv" not in data  # saves made before versions existed read the same
    assert Game.from_bytes(game.to_bytes()).rules == version.FIRST_RULES_VERSION


def _v2_step(data: dict[str, Any]) -> dict[str, Any]:
    """A synthetic format 2: the rules version written in every save, the undo window's
    copy brought along (a migration owns the whole save, nested ones too)."""
    out = {**data, "v": 2, "rv": data.get("rv", 1)}
    if "u" in out:
        seat, base, answers = out["u"]
        out["u"] = [seat, _v2_step(base), answers]
    return out


def test_an_older_format_is_migrated_on_load_and_plays_on_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _played(rules=1)
    saved = game.to_data()
    assert "u" in saved  # the undo window's nested save is migrated too
    untouched = copy.deepcopy(saved)
    expected = _continue(game.clone(), 40, seed=7)
    monkeypatch.setattr(migrations, "FORMAT_VERSION", 2)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, _v2_step)
    assert migrations.readable_formats() == range(1, 3)
    loaded = Game.from_data(saved)
    assert saved == untouched  # the caller's save is not rewritten in place
    assert loaded.rules == 1
    after = orjson.loads(_continue(loaded, 40, seed=7))
    assert after["v"] == 2  # written in the new format from then on
    assert _without_format(after) == _without_format(orjson.loads(expected))


def _without_format(data: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k != "v"}
    if "u" in out:
        seat, base, answers = out["u"]
        out["u"] = [seat, _without_format(base), answers]
    return out


def test_a_format_without_a_path_up_is_corrupt_not_retryable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = _played().to_data()
    monkeypatch.setattr(migrations, "FORMAT_VERSION", 2)  # and no migration from 1
    with pytest.raises(CorruptState, match="too old") as info:
        Game.from_data(saved)
    assert not isinstance(info.value, VersionNotServed)


def test_a_broken_migration_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    saved = _played().to_data()
    monkeypatch.setattr(migrations, "FORMAT_VERSION", 2)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, lambda d: dict(d))  # forgets to say "v": 2
    with pytest.raises(CorruptState, match="did not make format 2"):
        Game.from_data(saved)


@pytest.mark.parametrize("bad", [None, "1", 0, -1, True, 1.0])
def test_a_malformed_format_is_corrupt(bad: object) -> None:
    saved = {**_played(answers=3).to_data(), "v": bad}
    with pytest.raises(CorruptState) as info:
        Game.from_data(saved)
    assert not isinstance(info.value, VersionNotServed)


def test_a_newer_format_is_refused_untouched_and_retryable() -> None:
    raw = orjson.dumps({**_played().to_data(), "v": migrations.FORMAT_VERSION + 1})
    with pytest.raises(VersionNotServed) as info:
        Game.from_bytes(raw)
    assert info.value.code == "version_not_served"
    assert info.value.details == {"kind": "state_format", "found": "2", "served": "1"}


def test_a_newer_rules_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    saved = {**_played().to_data(), "rv": BEYOND}
    with pytest.raises(VersionNotServed) as info:
        Game.from_data(saved)
    assert info.value.details == {"kind": "rules_version", "found": "3", "served": "1, 2"}
    with pytest.raises(VersionNotServed):
        Game.new(OPTIONS, rules=BEYOND)  # nor dealt
    with pytest.raises(CorruptState, match="bad rules version"):
        Game.from_data({**saved, "rv": "2"})


def _next_rule(game: Game) -> str:
    """How a rules change reads in the engine: the old behaviour stays for the games dealt
    before it."""
    return "new" if plays_since(game, 2) else "old"


def test_rules_1_and_2_are_served_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game of the previous release: dealt under rules 1 (what an old replica deals).
    old_game = _played(rules=1)
    old_save = old_game.to_bytes()
    # This deploy: rules 2 for new games, rules 1 still played for the running ones.
    monkeypatch.setattr(version, "SERVED_RULES", version.SERVED_RULES)  # restored after
    monkeypatch.setattr(version, "DEAL_RULES", version.DEAL_RULES)
    version.serve()  # a replica of the new code: serves both, deals the newest
    assert {1, 2} == version.SERVED_RULES and version.current_rules() == 2
    resumed = Game.from_bytes(old_save)
    assert resumed.rules == 1 and _next_rule(resumed) == "old"
    assert _continue(resumed.clone(), 30, seed=5) == _continue(old_game.clone(), 30, seed=5)
    assert resumed.clone().rules == 1
    new_game = _played(seed=2)
    assert new_game.rules == 2 and _next_rule(new_game) == "new"
    new_save = new_game.to_bytes()
    assert orjson.loads(new_save)["rv"] == 2
    assert Game.from_bytes(new_save).rules == 2
    # A game dealt under version 1 replays under version 1 (what the game service's history
    # does with the version its meta records).
    answers = _answers(old_game)
    replayed = Game.replay(OPTIONS, answers, rules=1)
    assert replayed.rules == 1 and replayed.to_bytes() == old_save
    assert Game.replay(OPTIONS, answers).rules == 2  # the current rules unless told
    # Mid rolling upgrade the new code still deals version 1, which old replicas play.
    version.serve(deal=1)
    assert Game.new(OPTIONS).rules == 1
    # An old replica (serves 1 only) refuses the new game instead of playing it by old rules.
    version.serve(frozenset({1}))
    with pytest.raises(VersionNotServed):
        Game.from_bytes(new_save)
    # Version 1 retired: its last games must have ended first; one left is refused, not lost.
    version.serve(frozenset({2}))
    with pytest.raises(VersionNotServed):
        Game.from_bytes(old_save)
    assert Game.new(OPTIONS).rules == 2


def test_a_deploy_serves_only_versions_its_code_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(version, "SERVED_RULES", version.SERVED_RULES)
    monkeypatch.setattr(version, "DEAL_RULES", version.DEAL_RULES)
    assert version.parse_versions(" 1, 2,") == {1, 2}
    for bad in ("", "one", "1;2"):
        with pytest.raises(ValueError):
            version.parse_versions(bad)
    with pytest.raises(ValueError, match=r"plays rules versions 1, 2, not \[3\]"):
        version.serve(frozenset({1, BEYOND}))
    with pytest.raises(ValueError, match="not served"):
        version.serve(frozenset({1}), deal=2)
    version.serve(frozenset({1}), deal=1)
    assert (version.SERVED_RULES, version.current_rules()) == (frozenset({1}), 1)


def _floater_game() -> Game:
    """Seat 0 (rules 1) holds two Jovian floater cards and two Venus ones."""
    g = new_game(colonies=True, venus=True, rules=1)
    in_play(g, 0, "Jupiter Floating Station", "Titan Shuttles", "Dirigibles", "Local Shading")
    return g


@pytest.mark.parametrize(
    ("frame", "card", "cost", "offered"),
    [
        (
            ("add_tagged", 0, "Nitrogen from Titan", "floater", 2, "jovian"),
            "Nitrogen from Titan",
            25,
            ("Jupiter Floating Station", "Titan Shuttles"),
        ),
        (
            ("add_venus", 0, "Air-Scrapping Expedition", 3, ["floater"], 0, 0),
            "Air-Scrapping Expedition",
            13,
            ("Dirigibles", "Local Shading"),
        ),
        (  # saved before `required` existed
            ("add_venus", 0, "Air-Scrapping Expedition", 3, ["floater"], 0),
            "Air-Scrapping Expedition",
            13,
            ("Dirigibles", "Local Shading"),
        ),
    ],
)
def test_a_save_waiting_on_a_retired_frame_plays_as_add(
    frame: tuple[Any, ...], card: str, cost: int, offered: tuple[str, ...]
) -> None:
    # A save made before the instruction was folded into `add`: the card's floaters wait on
    # the old frame. It plays as the card plays today in a game of the same rules.
    g = _floater_game()
    g.stack.append((frame[0], frame[1], cid(frame[2]), *frame[3:]))
    g._cache = None
    old = Game.from_bytes(g.to_bytes())
    now = _floater_game()
    hand(now, 0, card)
    give(now, 0, megacredits=cost)
    play(now, 0, card)
    asked = []
    for game in (old, now):
        d = decision(game)
        assert isinstance(d, SelectCards) and d.cards == tuple(cid(k) for k in offered)
        asked.append((d.prompt_code, d.prompt))
        game.apply(0, ChooseCards((cid(offered[-1]),)))
        assert card_resources(game, 0, offered[-1]) == frame[4 if frame[0] == "add_tagged" else 3]
    assert asked[0] == asked[1]
