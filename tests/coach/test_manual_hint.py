"""docs/playing.md's first hint is the one the game draws (seed 7, Ann's first decision)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from tacocat.engine import Rules
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal

MANUAL = Path(__file__).resolve().parents[2] / "docs" / "playing.md"
HINT = "Hints asked for in this game"


class AsksOneHint(RecordingTerminal):
    """Asks for a hint at the first decision, then quits once the hint is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = False

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if HINT in self.screen:
            raise SystemExit(0)  # the hint is drawn: nothing more to see
        if prompt.kind is Kind.DECISION and not self.asked:
            self.asked = True
            return "hint"
        return ""


def test_the_manual_shows_the_real_first_hint() -> None:
    terminal = AsksOneHint()
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=7), terminal)
    with contextlib.suppress(SystemExit):
        game.run()
    drawn = next(screen for screen in terminal.screens if HINT in screen)
    lines = [line.rstrip() for line in drawn.rstrip().splitlines()]
    section = MANUAL.read_text(encoding="utf-8").split("**During a game**", 1)[1]
    block = section.split("```text\n", 1)[1].split("\n```", 1)[0]
    assert "a tie counts half" in " ".join(lines)  # a first hint says what its numbers mean
    assert block.splitlines() == [*lines, "Press Enter to go back to the game:"]
