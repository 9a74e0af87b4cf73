"""Every storage test gets its own app directory: real saves are never touched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def app_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "tacocat-home"
    monkeypatch.setenv("TACOCAT_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip fsync in this process: it guards against power cuts, which tests do not make.

    Games save after every action, and on a busy disk each fsync can take
    tens of milliseconds.  Atomicity (temporary file + os.replace) is
    unchanged, and the crash tests kill real writer processes, which do sync.
    """
    monkeypatch.setattr("tacocat.storage.atomic.os.fsync", lambda descriptor: None)
