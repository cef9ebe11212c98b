"""The whole stack from docker-compose.yml: up (every health check passing), games played
through it from this host with the SDK (both game-state replicas listed) and the workers' bots,
every answer acknowledged in the log and every stored game equal to its replay, then down with
nothing left behind."""

from __future__ import annotations

import subprocess

from olympus.faults.check import check_games
from olympus.faults.play import Table, play_games
from olympus.faults.stack import ComposeStack
from olympus.platform.probe import check


def _left_behind(project: str) -> list[str]:
    label = f"label=com.docker.compose.project={project}"
    found = []
    for listing in (["ps", "-a"], ["volume", "ls"], ["network", "ls"]):
        command = ["docker", *listing, "-q", "--filter", label]
        found += subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
    return found


def test_games_play_through_the_stack_and_it_comes_down_cleanly() -> None:
    stack = ComposeStack(appendfsync="everysec")
    with stack:
        for service in (
            "gamestate-a",
            "gamestate-b",
            "catalogue",
            "accounts",
            "scoring",
            "matchmaking",
            "ladder",
        ):
            serving, seen = check(f"127.0.0.1:{stack.ports[service]}")
            assert serving, f"{service}: {seen}"
        tables = [Table(11), Table(12), Table(13, decision_seconds=2, silent=True)]
        runs = play_games(
            stack.gamestate_targets, tables, concurrency=3, service_key=stack.service_key
        )
        tally = check_games(stack.gamestate_targets, stack.redis_url, runs)
        assert tally.finished == 3
        assert tally.acknowledged > 0
        # The silent seat's clock answered for it three times, then a bot took it over.
        assert tally.timeouts == 3
        assert (tally.lost, tally.doubled, tally.mismatched) == (0, 0, 0)
        assert (tally.misclocked, tally.uncounted) == (0, 0)
        # Every game was rated (as matchmaking makes them), once: the workers delivered each.
        assert (tally.rated, tally.unrated, tally.rated_twice) == (3, 0, 0)
    assert _left_behind(stack.project) == []
