"""``tacocat rules`` on a real 80x24 terminal: the short page fits, --full opens a pager."""

from __future__ import annotations

import os
import shutil
import sys

import pexpect
import pytest

from tests.e2e.test_words_pty import ESCAPES

pytestmark = pytest.mark.e2e


def spawn(*args: str) -> pexpect.spawn:
    env = {key: value for key, value in os.environ.items() if key not in ("LESS", "COLUMNS")}
    env.update(TERM="xterm", PAGER="less")
    return pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "rules", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )


def test_the_short_page_fits_80x24() -> None:
    child = spawn()
    child.expect("the rules in short")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    page = ESCAPES.sub("", "the rules in short" + child.before).replace("\r", "").rstrip("\n")
    lines = page.split("\n")
    assert len(lines) <= 22 and all(len(line) <= 80 for line in lines)
    assert "tacocat rules --full" in page and lines[-1].endswith("--example.")


@pytest.mark.skipif(shutil.which("less") is None, reason="no less to page with")
def test_full_waits_in_a_pager_until_q() -> None:
    child = spawn("--full")
    child.expect("Tacocat Spelled Backwards")
    child.expect(r"\n:\x1b\[K")  # less's prompt on the last row: the page waits
    assert "Components and setup" in child.before
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
