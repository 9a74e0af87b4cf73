"""Helpers for the UI tests: render any rich renderable to plain text."""

from __future__ import annotations

import io
from collections.abc import Callable

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
