"""Storage tests run without fsync; the app directory comes from tests/conftest.py."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip fsync in this process: it guards against power cuts, which tests do not make.

    Games save after every action, and on a busy disk each fsync can take
    tens of milliseconds.  Atomicity (temporary file + os.replace) is
    unchanged, and the crash tests kill real writer processes, which do sync.
    """
    monkeypatch.setattr("tacocat.storage.atomic.os.fsync", lambda descriptor: None)
