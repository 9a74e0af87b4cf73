"""Shared test settings and fixtures."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Bytecode is cached as Python does by default, even where PYTHONDONTWRITEBYTECODE
# says not to (as benchmarks/startup.py does): otherwise each of the suite's ~180
# child interpreters (games in a pty or a pipe, worker pools) compiles the package
# again, and each xdist worker rewrites every test module's asserts again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Games vary in length; a per-example deadline would only make tests flaky.
settings.register_profile("tacocat", deadline=None)
settings.load_profile("tacocat")


# The curtain drops keys for a second after each hand-over is drawn
# (tacocat.ui.play.curtain); games played by bots in a pty, which type only once
# the prompt shows, need not wait that long.  The curtain's own tests
# (tests/e2e/test_curtain_pty.py) use the real time.
FAST_SETTLE = "0.05"


@pytest.fixture(autouse=True)
def fast_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Child processes (pexpect) inherit a short settle time; see FAST_SETTLE."""
    monkeypatch.setenv("TACOCAT_SETTLE_SECONDS", FAST_SETTLE)


@pytest.fixture(autouse=True)
def app_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Saves and game records go to a temporary folder, never the real app directory.

    Games autosave (tacocat/storage) and child processes (pexpect) inherit the
    variable too.  The folder is in memory where the system offers it
    (/dev/shm): saves are fsynced after every move, which on a busy disk costs
    more than a whole game.
    """
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="tacocat-test-", dir=shm if shm.is_dir() else None))
    home = scratch / "tacocat-home"  # not there yet, as on a first run
    monkeypatch.setenv("TACOCAT_HOME", str(home))
    yield home
    shutil.rmtree(scratch, ignore_errors=True)
