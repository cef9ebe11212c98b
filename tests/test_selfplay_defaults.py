"""`olympus selfplay` deals the same table as `olympus game create` unless told otherwise: the
Corporate Era is on by default (GameOptions' default), off with --no-corporate-era."""

from __future__ import annotations

import json

import pytest

from olympus.cli import main


@pytest.mark.parametrize(
    ("flags", "expected"),
    [((), True), (("--corporate-era",), True), (("--no-corporate-era",), False)],
)
def test_the_corporate_era_is_on_unless_turned_off(
    flags: tuple[str, ...], expected: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["selfplay", "--games", "1", "--seed", "3", *flags, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["corporate_era"] is expected
