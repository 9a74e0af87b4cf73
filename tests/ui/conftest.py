"""Helpers for the UI tests: render any rich renderable to plain text."""

from __future__ import annotations

import io
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console, RenderableType


def render(renderable: RenderableType, width: int = 80, color: bool = False) -> str:
    """The text a console of ``width`` columns would show."""
    console = Console(
        file=io.StringIO(),
        width=width,
        force_terminal=color,
        color_system="standard" if color else None,
        legacy_windows=False,
    )
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


@pytest.fixture
def draw() -> Callable[..., str]:
    return render


@pytest.fixture(autouse=True)
def private_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Games autosave: keep every UI test's saves out of the real home.

    In memory where the system offers it (/dev/shm): saves are fsynced after
    every move, which on a disk costs more than the whole game.
    """
    shm = Path("/dev/shm")
    home = Path(tempfile.mkdtemp(prefix="tacocat-home-", dir=shm if shm.is_dir() else None))
    monkeypatch.setenv("TACOCAT_HOME", str(home))
    yield home
    shutil.rmtree(home, ignore_errors=True)
