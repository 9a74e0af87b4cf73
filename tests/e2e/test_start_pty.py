"""The first screen of `tacocat play`: the names, asked before the game loads."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pexpect
import pytest

# The launcher's quick start (no options), and play's own start (an option
# the launcher leaves to click): the same screens, the same endings.
STARTS = [pytest.param([], id="launcher"), pytest.param(["--seed", "4"], id="click")]


def spawn(home: Path, options: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TACOCAT_HOME": str(home), "TERM": "xterm"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "play", *options],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )


@pytest.mark.e2e
@pytest.mark.parametrize("options", STARTS)
def test_names_are_asked_first_then_the_game_hands_over(app_home: Path, options: list[str]) -> None:
    app_home.mkdir(parents=True)
    stray = app_home / ".save.json.x1.tmp"  # a copy of a killed game's save: both hands
    stray.write_text("{}")
    child = spawn(app_home, options)
    child.expect("Player 1 name \\[Yay\\]: ")
    child.send("Ann\r")
    child.expect("Player 2 name \\[Wow\\]: ")
    child.send("Ann\r")
    child.expect("Ann is taken")  # the game's own name rules
    child.expect("Player 2 name \\[Wow\\]: ")
    child.send("Bob\r")
    child.expect("Pass the keyboard to Ann")
    assert not stray.exists()  # removed before the game began, as at every start
    child.expect("Ann, press Enter")
    child.sendcontrol("c")
    child.expect("Game interrupted \\(Ctrl-C\\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.e2e
@pytest.mark.parametrize("options", STARTS)
@pytest.mark.parametrize(("key", "words", "code"), [("c", "Ctrl-C", 130), ("d", "Ctrl-D", 0)])
def test_leaving_at_the_name_prompt_restores_the_terminal(
    app_home: Path, key: str, words: str, code: int, options: list[str]
) -> None:
    app_home.mkdir(parents=True)
    (app_home / ".save.json.x2.tmp").write_text("{}")
    child = spawn(app_home, options)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect("Player 1 name")
    child.sendcontrol(key)
    child.expect(words)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == code
    output = seen.getvalue()
    assert "\x1b[?1049h" in output and "\x1b[?1049l" in output  # alternate screen left
    assert not (app_home / "save.json").exists()  # no game was started
    assert not list(app_home.glob(".*.tmp"))  # the stray copy went even so
