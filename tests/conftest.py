"""Shared test settings."""

from pathlib import Path

import pytest
from hypothesis import settings

# Games vary in length; a per-example deadline would only make tests flaky.
settings.register_profile("tacocat", deadline=None)
settings.load_profile("tacocat")


@pytest.fixture(autouse=True)
def _private_app_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and game records go to a temporary folder, never the real app directory.

    Games autosave (tacocat/storage); child processes (pexpect) inherit it too.
    """
    monkeypatch.setenv("TACOCAT_HOME", str(tmp_path / "tacocat-home"))
