"""Junk at every prompt of whole seeded hot-seat games: no crash, no hang, no leak.

The fast variant of ``benchmarks/pty_fuzz.py`` (which plays many more games,
with the standard rules and the curtain's real settle time): here two-card
hands keep each game short, and a settle time of 60 ms (keys typed on out
of habit come within it) keeps the many hand-overs quick.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ptyfuzz import SHORT_RULES, Fuzzer

pytestmark = pytest.mark.e2e

SETTLE = 0.06


@pytest.mark.parametrize(("seed", "ask_names"), [(3, False), (4, True)])
def test_junk_at_every_prompt_never_breaks_a_game(
    app_home: Path, tmp_path: Path, seed: int, ask_names: bool
) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text(SHORT_RULES, encoding="utf-8")
    report = Fuzzer(
        app_home, seed, rate=0.5, rules=rules, ask_names=ask_names, settle=SETTLE
    ).play()
    assert report.moves >= 8 and report.handovers >= 4
    assert report.junk >= 5 and report.strays >= 3


def test_junk_against_the_computer(app_home: Path, tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text(SHORT_RULES, encoding="utf-8")
    report = Fuzzer(app_home, 5, rate=0.5, rules=rules, computer="random", settle=SETTLE).play()
    assert report.moves >= 4 and report.handovers == 0
