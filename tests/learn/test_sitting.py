"""Lessons played in-process on the real Game, with a scripted terminal as the learner."""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.coach import advice as advice_module
from tacocat.engine import Action, Duel, Replace
from tacocat.learn.catalogue import load_lessons
from tacocat.learn.progress import Progress, load_progress, progress_path
from tacocat.learn.sitting import Lessons
from tacocat.storage.paths import records_dir
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import keys_for
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal


def typed(game: Lessons, action: Action) -> str:
    """What a person types for ``action``: card letters, or - to keep the hand."""
    keyed = keyed_hand(game.game.state.view(0).hand)
    if isinstance(action, Duel):
        return keys_for((action.value,), keyed)
    if isinstance(action, Replace) and not action.values:
        return "-"
    return keys_for(action.values, keyed).replace("+", " ")


class Learner(RecordingTerminal):
    """Answers each step wrongly once (a legal move the lesson does not want), then rightly;
    each question wrongly once, then rightly; stops after ``stop_after`` lessons."""

    def __init__(self, stop_after: int = 99) -> None:
        super().__init__()
        self.game: Lessons | None = None
        self.tried: set[int] = set()  # id of the steps already answered wrongly
        self.asked: set[int] = set()
        self.stop_after = stop_after
        self.passed = 0

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        game = self.game
        assert game is not None
        if prompt.text.startswith("Press Enter for the next lesson"):
            self.passed += 1
            return "q" if self.passed >= self.stop_after else ""
        if prompt.text == "Your answer: ":
            if game.index not in self.asked:
                self.asked.add(game.index)
                return "banana"
            assert game.question is not None
            return game.question.answers[0]
        if prompt.kind is Kind.DECISION:
            return self.move(game)
        return ""

    def move(self, game: Lessons) -> str:
        step, legal = game.step, game.game.state.legal_actions()
        if step is None:
            return typed(game, legal[0])
        wrong = [action for action in legal if action not in step.play]
        if id(step) not in self.tried and wrong:
            self.tried.add(id(step))
            return typed(game, wrong[0])
        return typed(game, step.play[0])


def sit(first: int = 0, stop_after: int = 99, notes: tuple[str, ...] = ()) -> Learner:
    learner = Learner(stop_after)
    lessons = load_lessons()
    game = Lessons(lessons, first, learner, (progress_path(), Progress()), notes=notes)
    learner.game = game
    assert game.run() == 0
    return learner


def test_every_lesson_is_played_right_and_wrong_and_passed() -> None:
    learner = sit()
    lessons = load_lessons()
    screens = "\n".join(learner.screens)
    for lesson in lessons:
        assert lesson.title in screens
        for step in lesson.steps:
            assert step.tip.split()[0] in screens
        assert "Not quite: " + lesson.question.wrong.split()[0] in screens
    assert screens.count("─ Not quite ─") >= sum(1 for x in lessons for s in x.steps if s.play)
    assert "Every lesson passed" in learner.screen
    progress, note = load_progress(progress_path())
    assert note is None and progress.passed == set(range(1, len(lessons) + 1))


def test_the_scripted_opponent_s_hand_is_never_shown() -> None:
    learner = sit(stop_after=2)
    assert not any("Wow's hand" in screen for screen in learner.screens)
    assert any("Yay's hand" in screen for screen in learner.screens)


def test_a_lesson_is_not_a_game_of_the_history() -> None:
    sit(stop_after=1)
    assert not records_dir().exists()


def test_stopping_keeps_the_lessons_passed_and_a_jump_starts_anywhere() -> None:
    sit(first=2, stop_after=1)
    progress, _ = load_progress(progress_path())
    assert progress.passed == {3}
    assert progress.next_lesson(7) == 1


def test_a_note_shows_before_the_first_lesson(app_home: Path) -> None:
    learner = sit(stop_after=1, notes=("Your lesson progress was damaged.",))
    assert "Before the lessons" in learner.screens[0]
    assert "Your lesson progress was damaged." in learner.screens[0]
    assert "Lesson 1 of" in learner.screens[1]


def test_ascii_lessons_draw_with_ascii_only() -> None:
    learner = Learner(stop_after=1)
    game = Lessons(load_lessons(), 0, learner, (progress_path(), Progress()), ascii_only=True)
    learner.game = game
    assert game.run() == 0
    assert any("Not quite" in screen for screen in learner.screens)
    for screen in learner.screens:
        assert screen.isascii(), screen


def test_u_in_a_lesson_says_there_is_no_take_back() -> None:
    class TakeBack(Learner):
        def move(self, game: Lessons) -> str:
            if not self.tried:
                self.tried.add(0)
                return "u"
            return super().move(game)

    learner = TakeBack(stop_after=1)
    game = Lessons(load_lessons(), 0, learner, (progress_path(), Progress()))
    learner.game = game
    assert game.run() == 0
    assert any("a lesson takes no move back" in screen for screen in learner.screens)


def test_a_hint_in_a_lesson_promises_no_end_screen_and_no_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lesson ends at its showdown, with no game-over screen, and is never recorded."""
    monkeypatch.setattr(advice_module, "HINT_BUDGET", 40)

    class Hinting(Learner):
        def move(self, game: Lessons) -> str:
            if not self.tried:
                self.tried.add(0)
                return "hint"
            return super().move(game)

    learner = Hinting(stop_after=1)
    game = Lessons(load_lessons(), 0, learner, (progress_path(), Progress()))
    learner.game = game
    assert game.run() == 0
    hinted = [screen for screen in learner.screens if "─ Hint ─" in screen]
    assert len(hinted) == 1
    assert "A lesson keeps no count of hints" in hinted[0]
    assert "kept in the record" not in hinted[0] and "shown at the end" not in hinted[0]


class Recorded(Learner):
    """A Learner that keeps every prompt, with the screen it was asked on."""

    def __init__(self, stop_after: int = 99, right_first: bool = False) -> None:
        super().__init__(stop_after)
        self.asked_on: list[tuple[str, str]] = []
        self.right_first = right_first

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.asked_on.append((prompt.text, self.screen))
        if self.right_first and prompt.text == "Your answer: ":
            assert self.game is not None and self.game.question is not None
            return self.game.question.answers[0]
        return super().read(prompt, settle)


def run(learner: Recorded, first: int) -> Recorded:
    learner.game = Lessons(load_lessons(), first, learner, (progress_path(), Progress()))
    assert learner.game.run() == 0
    return learner


def test_a_wrong_answer_is_recorded_and_a_fresh_question_on_the_idea_follows() -> None:
    learner = run(Recorded(stop_after=1), 0)
    questions = [screen for text, screen in learner.asked_on if text == "Your answer: "]
    lesson = load_lessons()[0]
    assert len(questions) == 2
    assert lesson.question.ask.split("\n")[1] in questions[0]
    assert "Your last card is" in questions[1] and questions[1] != questions[0]
    not_quite = next(s for t, s in learner.asked_on if t.startswith("Press Enter for a new"))
    assert "Not quite: the LOWER last card wins" in not_quite
    right = next(s for t, s in learner.asked_on if "─ Right ─" in s)
    assert "Right, after 1 wrong answer." in right
    well_done = next(s for t, s in learner.asked_on if t.startswith("Press Enter for the next"))
    assert "Lesson 1 passed after 1 wrong answer. Next:" in " ".join(well_done.split())
    progress, _ = load_progress(progress_path())
    assert progress.wrong == {1: 1} and progress.standing(1) == "passed after 1 wrong answer"


def test_right_first_time_is_said_and_kept() -> None:
    learner = run(Recorded(stop_after=1, right_first=True), 1)
    assert any("Right first time." in s for _, s in learner.asked_on)
    progress, _ = load_progress(progress_path())
    assert progress.wrong == {2: 0} and progress.standing(2) == "passed, right first time"


def test_lesson_3_s_final_result_promised_comes_next() -> None:
    learner = run(Recorded(stop_after=1, right_first=True), 2)
    texts = [text for text, _ in learner.asked_on]
    promise = texts.index("Press Enter to continue (the final result next): ")
    text, screen = learner.asked_on[promise + 1]
    assert "Yay wins the game!" in screen and text == "Press Enter for the lesson's question: "
    assert learner.asked_on[promise + 2][0] == "Your answer: "
