"""Shared fixtures for the end-to-end tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Games autosave: keep every end-to-end test's saves out of the real home.

    In memory where the system offers it (/dev/shm): saves are fsynced after
    every move, which on a disk costs more than the whole game.
    """
    shm = Path("/dev/shm")
    home = Path(tempfile.mkdtemp(prefix="tacocat-home-", dir=shm if shm.is_dir() else None))
    monkeypatch.setenv("TACOCAT_HOME", str(home))
    yield home
    shutil.rmtree(home, ignore_errors=True)
