"""A game on a terminal whose encoding lacks a name's letters: shown in ASCII, never a crash."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.e2e


def test_names_an_ascii_terminal_lacks_are_shown_in_ascii(app_home: Path) -> None:
    env = {
        **os.environ,
        "TACOCAT_HOME": str(app_home),
        "TERM": "xterm-256color",
        "PYTHONIOENCODING": "ascii",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "play", "--p1", "Zoë", "--p2", "Bob☃", "--seed", "2"],
        dimensions=(24, 80),
        env=env,
        timeout=30,
    )  # bytes, not text: every one of them must be ASCII
    try:
        child.expect(rb"Zoe, press Enter: ")  # the first hand-over used to end here
        shown = child.before + child.after
        assert b"Bob<2603>" in shown
        child.sendline("")
        child.expect(rb"Zoe> ")
        shown += child.before + child.after
        assert b"Traceback" not in shown
        assert shown.isascii()  # ASCII screens: box lines, arrows and names alike
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130
    finally:
        child.terminate(force=True)
