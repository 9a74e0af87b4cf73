"""docs/playing.md's lesson screen is the one the game draws (lesson 4, its sequence step)."""

from __future__ import annotations

from pathlib import Path

from tacocat.learn.catalogue import load_lessons
from tacocat.learn.progress import Progress, progress_path
from tacocat.learn.sitting import Lessons
from tacocat.ui.play.dialogs import QuitGame
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal

MANUAL = Path(__file__).resolve().parents[2] / "docs" / "playing.md"


class ToTheSequence(RecordingTerminal):
    """Keeps the hand, duels with the 12, then stops at the attack."""

    def __init__(self) -> None:
        super().__init__()
        self.moves = ["-", "g"]

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if prompt.kind is Kind.DECISION:
            if not self.moves:
                raise QuitGame
            return self.moves.pop(0)
        return ""


def test_the_manual_shows_a_real_lesson_screen() -> None:
    terminal = ToTheSequence()
    game = Lessons(load_lessons(), 3, terminal, (progress_path(), Progress()))
    game.run()
    drawn = next(s for s in reversed(terminal.screens) if "sequence 4 5 6" in s)
    lines = [line.rstrip() for line in drawn.rstrip().splitlines()]
    section = MANUAL.read_text(encoding="utf-8").split("## Learning the game", 1)[1]
    block = section.split("```\n", 2)[1].split("\n```", 1)[0]
    assert block.splitlines() == [*lines, "Yay>"]
