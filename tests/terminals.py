"""A terminal for playing the game in-process: every screen kept as text, no real terminal."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.console import Console

from tacocat.ui.term.terminal import Terminal


class RecordingTerminal(Terminal):
    """Keeps each screen the game shows as text (80x24 unless told); subclasses answer ``ask``."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        super().__init__(Console(file=io.StringIO(), width=width, height=height, color_system=None))
        self.width = width
        self.screens: list[str] = []
        self.secrets: list[bool] = []  # whether each screen was shown as secret (a hand)

    @property
    def screen(self) -> str:
        """The screen on show ("" before the first)."""
        return self.screens[-1] if self.screens else ""

    @property
    def secret(self) -> bool:
        """Whether the screen on show holds a hand."""
        return bool(self.secrets) and self.secrets[-1]

    def show(self, *renderables: object, secret: bool = False) -> None:
        console = Console(file=io.StringIO(), width=self.width, color_system=None)
        for renderable in renderables:
            console.print(renderable)
        self.screens.append(console.file.getvalue())  # type: ignore[attr-defined]
        self.secrets.append(secret)

    def show_text(self, text: str, secret: bool = False) -> None:
        self.show(text, secret=secret)


@contextmanager
def fit_terminal() -> Iterator[None]:
    """`tacocat play`'s terminal checks pass inside the block (click's test runner has no tty).

    The one-game lock and everything after the checks are play's own.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tacocat.ui.term.claim.terminal_problem", lambda: None)
        patch.setattr("tacocat.ui.term.claim.terminal_size", lambda *stream: (80, 24))
        yield
