"""Hostile long numbers in options and files: refused in one line that quotes them cut.

A 4,400-digit option and a 5,000-digit number in a save are quoted by their
first and last digits and their length, and never with Python's own words
about its limit on digits (``sys.set_int_max_str_digits``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.saves import DamagedSave, load_save

LONG = "9" * 4400
CUT = "999999...999999 (4,400 digits)"


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", LONG],
        ["host", "--seed", "-" + LONG],
        ["learn", "--lesson", LONG],
        ["simulate", "-n", LONG],
        ["simulate", "-s", LONG],
        ["puzzles", "--games", LONG],
    ],
    ids=lambda args: " ".join(arg[:8] for arg in args),
)
def test_a_long_number_option_is_quoted_cut(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert CUT in result.output and len(result.output) < 400, result.output
    assert "set_int_max_str_digits" not in result.output


def test_a_long_number_in_a_save_is_quoted_cut(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    save.write_text('{"format": "tacocat-save", "version": 2, "seed": ' + "9" * 5000 + "}\n")
    damaged = load_save(save)
    assert isinstance(damaged, DamagedSave)
    message = damaged.message()
    assert "999999...999999 (5,000 digits)" in message, message
    assert "set_int_max_str_digits" not in message and len(message) < 600
