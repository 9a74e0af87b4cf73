"""The review's keys: `a` on the game-over screen, `m` in `tacocat replay --analyze`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat import __version__
from tacocat.coach import analysis as analysis_module
from tacocat.coach.analysis import ANALYSIS_BUDGET, analyse
from tacocat.coach.stored import to_rows
from tacocat.engine import Duel, Rules
from tacocat.storage.analysis_cache import CacheKey, cache_path, write_cache
from tacocat.storage.records import read_record, record_path
from tacocat.ui.play.game import Game, Session

from ..terminals import RecordingTerminal
from .helpers import BLUNDER_STEP, SEED, blunder_game, record_game


class ReviewingTerminal(RecordingTerminal):
    """Plays the first legal action; at the game-over prompt types `a`, then Enter, then `n`."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.at_end: list[str] = ["a", "", "n"]

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        assert self.game is not None
        if prompt.startswith("Play again") or prompt.startswith("Press Enter to go back"):
            return self.at_end.pop(0)
        if not prompt.endswith("> "):
            return ""
        action = self.game.state.legal_actions()[0]
        values = (action.value,) if isinstance(action, Duel) else action.values
        return " ".join(str(value) for value in values) or "-"


def test_a_on_the_game_over_screen_shows_the_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_module, "ANALYSIS_BUDGET", 8)
    monkeypatch.setattr("tacocat.ui.play.review.ANALYSIS_BUDGET", 8)
    terminal = ReviewingTerminal()
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=11), terminal)
    terminal.game = game
    assert game.run() == 0
    assert not terminal.at_end
    over = [screen for screen in terminal.screens if "type a for the coach's review" in screen]
    assert over, "the game-over screen offers the analysis"
    shown = next(s for s in terminal.screens if "chance to win the game after each decision" in s)
    assert "Ann: accuracy" in shown and "Bob: accuracy" in shown
    assert game.autosave is not None
    record = read_record(record_path(game.autosave.info))
    assert record.path is not None and cache_path(record.path).is_file()  # analyze: instant


ROWS, COLS = 24, 80


def test_m_in_replay_jumps_to_the_next_marked_move(app_home: Path) -> None:
    state, actions = blunder_game()
    autosave = record_game(SEED, actions)
    record = read_record(record_path(autosave.info))
    assert record.path is not None
    # A cheap analysis stored under the replay's budget: the replay reads it at once.
    cheap = analyse(state.rules, SEED, actions, budget=40, jobs=1)
    key = CacheKey.of(record, __version__, ANALYSIS_BUDGET)
    assert write_cache(cache_path(record.path), key, to_rows(cheap.reviews))
    marked = [item.step for item in cheap.reviews if item.mark]
    assert BLUNDER_STEP in marked
    env = {**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(app_home)}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "replay", "--analyze"],
        dimensions=(ROWS, COLS),
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
    )
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.Stream(screen)

    def wait_for_keys() -> str:
        child.expect("q: quit: ")
        stream.feed(child.before + child.after)
        return "\n".join(line.rstrip() for line in screen.display)

    text = wait_for_keys()
    assert "m: next mistake" in text
    for step in marked:
        child.send("m\r")
        text = wait_for_keys()
        assert f"Step {step} " in text or f"step {step} " in text.lower(), text
        assert "Coach: " in text
    child.send("m\r")
    assert "No marked move after this step" in wait_for_keys()
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
