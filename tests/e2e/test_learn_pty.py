"""``tacocat learn`` at a real terminal: every lesson played, each move and answer wrong then right.

The test keeps its own copy of each lesson's game (the same staging and
the same scripted opponent), so it knows the hand on screen and types card
letters as a person would; it waits for each prompt before typing.
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat.engine import WOW, Action, Duel, GameState, Replace
from tacocat.learn.catalogue import load_lessons
from tacocat.learn.lesson import Lesson
from tacocat.learn.sitting import fresh
from tacocat.learn.stage import opponent_move, round_over, stage
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import keys_for
from tacocat.ui.play.forced import forced_action

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
DECISION = r"(?<![\w\[;])Yay> "
CONTINUE = r"Press Enter to continue[^:]*: "
TRY_AGAIN = r"Press Enter to try again: "
START = r"Press Enter to play the lesson: "
ANSWER = r"Your answer: "
NEXT = r"Press Enter for the next lesson, or q to stop here: "
LEAVE = r"Press Enter to leave: "
NEW_QUESTION = r"Press Enter for a new question on the same idea: "
RESULT = r"Press Enter for the lesson's question: "
PROMISE = "Press Enter to continue (the final result next)"


class Learner:
    """One ``tacocat learn`` in a pty, and the screen it shows."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(home)}
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tacocat", "learn", *args],
            dimensions=(ROWS, COLS),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=30,
        )
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.results: list[str] = []  # each final result shown, and the screen before it

    def expect(self, *patterns: str) -> int:
        index = int(self.child.expect(list(patterns)))
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.stream.feed(self.child.before + after)
        return index

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def until(self, pattern: str) -> None:
        """Press Enter on every page of news (and a final result) until ``pattern`` shows."""
        before = ""
        while (found := self.expect(pattern, CONTINUE, RESULT)) != 0:
            if found == 2:
                self.results.append(before + "\n---\n" + self.text)
            before = self.text
            self.line("")

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return int(self.child.exitstatus or 0)


def typed(state: GameState, action: Action) -> str:
    keyed = keyed_hand(state.view(0).hand)
    if isinstance(action, Duel):
        return keys_for((action.value,), keyed)
    if isinstance(action, Replace) and not action.values:
        return "-"
    return keys_for(action.values, keyed).replace("+", " ")


def flat(text: str) -> str:
    return " ".join(text.split())


def play_lesson(learner: Learner, lesson: Lesson, number: int, count: int) -> None:
    """The lesson from its introduction to its question, each step wrong once, then right."""
    learner.expect(START)
    assert f"Lesson {number} of {count}: {lesson.title}" in learner.text
    learner.line("")
    state, script, steps = stage(lesson), list(lesson.wow_moves), list(lesson.steps)
    while True:
        player = state.current_player()
        view = state.view(player)  # type: ignore[arg-type]
        action = opponent_move(view, script) if player == WOW else forced_action(view)
        if action is None:
            learner.until(DECISION)
            step = steps.pop(0) if steps else None
            action = step.play[0] if step else state.legal_actions()[0]
            if step is not None:
                assert flat(step.tip)[:40] in flat(learner.text)
                wrong = [move for move in state.legal_actions() if move not in step.play]
                if wrong:
                    learner.line(typed(state, wrong[0]))
                    learner.expect(TRY_AGAIN)
                    assert "Not quite" in learner.text
                    assert flat(step.wrong)[:40] in flat(learner.text)
                    learner.line("")
                    learner.expect(DECISION)
            learner.line(typed(state, action))
        if round_over(state.apply_action(action)):
            break
    learner.until(ANSWER)
    assert flat(lesson.question.ask)[:40] in flat(learner.text)
    learner.line("not this")
    learner.expect(NEW_QUESTION)
    assert "Not quite: " + flat(lesson.question.wrong)[:30] in flat(learner.text)
    learner.line("")
    # A fresh question on the same idea, from the engine (seeded: the test asks for the same).
    following = fresh(lesson.question, random.Random(f"tacocat-lesson:{number}"))
    learner.expect(ANSWER)
    assert flat(following.ask)[:40] in flat(learner.text)
    assert flat(lesson.question.ask)[:40] not in flat(learner.text)
    learner.line(following.answers[0])
    learner.expect(CONTINUE)
    assert flat(following.right)[:30] in flat(learner.text)
    assert "Right, after 1 wrong answer." in learner.text
    learner.line("")


def test_every_lesson_through_a_pty_right_and_wrong(app_home: Path) -> None:
    lessons = load_lessons()
    learner = Learner(app_home)
    for number, lesson in enumerate(lessons, 1):
        play_lesson(learner, lesson, number, len(lessons))
        if number < len(lessons):
            learner.expect(NEXT)
            assert f"Lesson {number} passed after 1 wrong answer" in flat(learner.text)
            learner.line("")
    # Lessons whose round ends the game (3 among them): the promised result comes next.
    assert len(learner.results) >= 1
    for shown in learner.results:
        promised, result = shown.split("\n---\n")
        assert PROMISE in promised and "wins the game!" in result
    learner.expect(LEAVE)
    assert "Every lesson passed" in learner.text
    learner.line("")
    assert learner.finish() == 0
    listed = pexpect.run(
        f"{sys.executable} -m tacocat learn --list",
        env={**os.environ, "TACOCAT_HOME": str(app_home)},
        encoding="utf-8",
    )
    assert listed.count("passed after 1 wrong answer") == len(lessons)


def test_learn_resumes_after_the_lessons_passed_and_jumps(app_home: Path) -> None:
    lessons = load_lessons()
    learner = Learner(app_home)
    play_lesson(learner, lessons[0], 1, len(lessons))
    learner.expect(NEXT)
    learner.line("q")
    assert learner.finish() == 0
    again = Learner(app_home)  # goes on where the learner stopped
    again.expect(START)
    assert f"Lesson 2 of {len(lessons)}" in again.text
    again.line("q")
    again.expect(r"Quit\? \(y/N\) ")
    again.line("y")
    assert again.finish() == 0
    jump = Learner(app_home, "--lesson", str(len(lessons)))
    play_lesson(jump, lessons[-1], len(lessons), len(lessons))
    jump.expect(LEAVE)
    jump.line("")
    assert jump.finish() == 0


def test_a_damaged_progress_file_is_said_and_the_lessons_start_again(app_home: Path) -> None:
    app_home.mkdir(parents=True)
    (app_home / "learn.json").write_text('{"format": "tacocat-learn", "passed": "all"}')
    learner = Learner(app_home)
    learner.expect(r"Press Enter to continue: ")
    assert re.search(r"lesson progress in .* was damaged", flat(learner.text))
    learner.line("")
    learner.expect(START)
    assert "Lesson 1 of" in learner.text
    learner.child.sendcontrol("c")
    learner.finish()
