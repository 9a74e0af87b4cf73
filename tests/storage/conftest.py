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
