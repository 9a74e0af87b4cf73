"""Words on a real terminal: messages broken between words, a replay's goodbye on its own line."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from tacocat.ui.term.signals import ENTER_ALT, LEAVE_ALT
from tests.storage.helpers import play_random

pytestmark = pytest.mark.e2e

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def spawn(home: Path, args: list[str], columns: int = 80) -> pexpect.spawn:
    env = {**os.environ, "TACOCAT_HOME": str(home), "TERM": "xterm"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, columns),
    )


def test_the_refusal_of_a_small_terminal_breaks_between_words(app_home: Path) -> None:
    child = spawn(app_home, ["play"], columns=79)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    lines = ESCAPES.sub("", child.before).replace("\r", "").split("\n")
    assert all(len(line) <= 79 for line in lines)
    said = " ".join(lines)
    assert "The terminal is 79x24; tacocat needs at least 80x24." in " ".join(said.split())
    assert "window larger." in said  # not "win" at one edge and "dow" on the next line
    assert "tacocat play --plain --vs-computer." in said  # the way to play without a drawing


@pytest.mark.parametrize("leave", ["q\r", "\x04"], ids=["q", "ctrl-d"])
def test_the_replay_says_goodbye_on_a_line_of_its_own(app_home: Path, leave: str) -> None:
    play_random(seed=37, steps=6)
    child = spawn(app_home, ["replay"])
    child.logfile_read = everything = io.StringIO()
    child.expect_exact("Enter: next step")
    child.send("\r")
    child.expect_exact("Step 1 of")
    child.expect_exact("q: quit: ")
    child.send(leave)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = ESCAPES.sub("", child.before).replace("\r", "")
    assert "\nReplay stopped.\n" in shown
    goodbye = shown[shown.rindex("Replay: ") :]  # printed once the shell's screen is back
    assert "Step 1 of" in goodbye  # the step the viewer left, Ctrl-D or q
    # On the shell's screen (before and after the replay's own) the title shows once.
    raw = everything.getvalue()
    before, after = raw[: raw.index(ENTER_ALT)], raw[raw.rindex(LEAVE_ALT) :]
    assert (before + after).count("Replay: Ann vs Bob") == 1
