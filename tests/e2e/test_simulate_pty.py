"""``tacocat simulate`` on a real terminal: a progress bar, and Ctrl-C keeps what was played."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("jobs", "games"), [("1", 10**6), ("2", 10**6), ("1", 10**12), ("2", 10**12)]
)
def test_ctrl_c_prints_the_finished_games_marked_partial(
    jobs: str, games: int, app_home: Path
) -> None:
    """A match of 10**12 games starts at once too: its chunks are cut as they are needed."""
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "tacocat",
            "simulate",
            "-n",
            str(games),
            "--p1",
            "random",
            "--p2",
            "random",
            "--jobs",
            jobs,
        ],
        dimensions=(24, 160),
        env={**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(app_home)},
        encoding="utf-8",
        timeout=60,
        # Ctrl-C must work even if this test runs where SIGINT is ignored (a shell's
        # background job): the child starts with the default disposition, as on a terminal.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.expect(r"[\d,.]+ games/s")  # the bar shows the rate once games finish
    child.expect("ETA")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    output = child.before
    assert child.exitstatus == 130
    assert "Traceback" not in output
    title = re.search(r"random vs random: ([\d,]+) games, seed 1 \(partial\)", output)
    assert title, output
    played = title.group(1)
    assert f"stopped by Ctrl-C after {played} of {games:,} games" in output
    assert int(played.replace(",", "")) > 0
    assert "95% interval" in output


def test_piped_output_has_no_progress_bar(app_home: Path) -> None:
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", f"{sys.executable} -m tacocat simulate -n 20 --p2 normal -j 1 | cat"],
        env={**os.environ, "TACOCAT_HOME": str(app_home)},
        encoding="utf-8",
        timeout=30,
    )
    child.expect(pexpect.EOF)
    assert "games/s" not in child.before and "Playing" not in child.before
    assert "normal vs normal: 20 games" in child.before
