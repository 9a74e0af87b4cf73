"""Lessons on the real table: the one :class:`~tacocat.ui.play.game.Game`, composed for a lesson.

Nothing of the game is copied or overridden: the learner at Yay on a
:class:`HumanSeat` with the step's tip and check, Wow a :class:`ComputerSeat` playing the script.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from tacocat.engine import Action, Player, PlayerView, Rules
from tacocat.engine.players import DEFAULT_NAMES
from tacocat.engine.words import plural
from tacocat.learn.drills import drill
from tacocat.learn.lesson import Lesson, Question, Step
from tacocat.learn.progress import Progress, save_progress
from tacocat.learn.stage import LESSON_SEED, opponent_move, stage
from tacocat.ui.draw import screens
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.draw.prompts import QUIT
from tacocat.ui.play.game import Game, Session
from tacocat.ui.play.seats import ComputerSeat, HumanSeat
from tacocat.ui.play.sitting import Sitting
from tacocat.ui.term.io import Io, Kind, Prompt

ENTER = Prompt(Kind.NOTICE, "Press Enter to play the lesson: ")
AGAIN = Prompt(Kind.NOTICE, "Press Enter to try again: ")
CONTINUE = Prompt(Kind.NOTICE, "Press Enter to continue: ")
ANSWER = Prompt(Kind.DECISION, "Your answer: ")
FREE = "Play the round out as you like: keep a low card for the showdown."
GOODBYE = "Lessons passed are saved: tacocat learn goes on from the first one not passed."
LESSON_HINTS = "A lesson keeps no count of hints: ask as often as you like."
NO_TAKE_BACK = "a lesson takes no move back: a move it does not teach is explained, not played"
NEXT = Prompt(Kind.NOTICE, "Press Enter for the next lesson, or q to stop here: ")
NEW_QUESTION = Prompt(Kind.NOTICE, "Press Enter for a new question on the same idea: ")
TO_QUESTION = Prompt(Kind.NOTICE, "Press Enter for the lesson's question: ")


class ScriptedAgent:
    """The lesson's opponent: plays the script of the current lesson."""

    name = "lesson"

    def __init__(self, lessons: Lessons) -> None:
        self.lessons = lessons

    def choose(self, view: PlayerView) -> Action:
        return opponent_move(view, self.lessons.script)


class LessonSeat:
    """The learner: a person's seat, the step's tip above the request, a move not taught refused."""

    human = True

    def __init__(self, lessons: Lessons) -> None:
        self.lessons = lessons
        self.person = HumanSeat(lead=self.tip)

    def tip(self, game: Sitting, player: Player) -> list[str]:
        step = self.lessons.step
        return [step.tip] if step is not None else [FREE]

    def play(self, game: Sitting, player: Player) -> None:
        if self.person.play_forced(game, player):
            return
        lessons = self.lessons
        step = lessons.steps.pop(0) if lessons.steps else None
        lessons.step = step
        while True:
            action = self.person.decide(game, player)  # no take-back: no move is noted for one
            if action is None or step is None or action in step.play:
                break
            lines = [f"You chose to {action}.", "", step.wrong]
            game.dialogs.wait(notice_screen("Not quite", lines, game.glyphs), AGAIN)
        lessons.step = None
        if action is not None:
            game.apply(action)


class Lessons:
    """The lessons from ``first`` on (0-based), each on a fresh table, progress saved after each."""

    def __init__(
        self,
        lessons: Sequence[Lesson],
        first: int,
        io: Io,
        progress: tuple[Path, Progress],
        ascii_only: bool = False,
        notes: Sequence[str] = (),
    ) -> None:
        self.lessons = lessons
        self.index = first
        self.progress_path, self.progress = progress
        self.notes = tuple(notes)
        self.script: list[Action] = []
        self.steps: list[Step] = []
        self.step: Step | None = None
        self.question: Question | None = None  # the one on screen
        session = Session(DEFAULT_NAMES, Rules(), LESSON_SEED, ascii=ascii_only, record=False)
        session = replace(
            session, one_round=True, no_take_back=NO_TAKE_BACK, hint_note=LESSON_HINTS
        )
        seats = (LessonSeat(self), ComputerSeat(ScriptedAgent(self), random.Random()))
        self.game = Game(session, io, stage(lessons[first]), seats=seats)

    def run(self) -> int:
        return self.game.run(self.play_lessons, GOODBYE)

    def play_lessons(self) -> None:
        if self.notes:  # what to know before the first lesson (a damaged progress file)
            self.notice("Before the lessons", list(self.notes), CONTINUE)
        while True:
            self.begin()
            self.game.play_one()
            if self.game.state.is_terminal():
                self.show_result()  # the table promised it: "the final result next"
            wrong, warning = self.ask_question()
            number = self.index + 1
            self.progress = self.progress.with_passed(number).with_wrong(number, wrong)
            warning = save_progress(self.progress_path, self.progress) or warning
            if self.index + 1 >= len(self.lessons):
                self.finish(warning)
                return
            if not self.go_on(warning):
                return
            self.index += 1

    def begin(self) -> None:
        lesson, game = self.lessons[self.index], self.game
        game.new_table(stage(lesson))
        self.script, self.steps = list(lesson.wow_moves), list(lesson.steps)
        self.notice(self.heading(), lesson.intro.splitlines(), ENTER)

    def show_result(self) -> None:
        game = self.game
        view = game.state.view(game.human)
        screen = screens.game_over_screen(view, game.names, game.log, game.dialogs.frame())
        game.dialogs.wait(screen, TO_QUESTION)

    def ask_question(self) -> tuple[int, str | None]:
        """The lesson's question, then fresh ones until one is right first time.

        Returns the wrong answers (each saved as given) and a sentence if saving failed.
        """
        number, question = self.index + 1, self.lessons[self.index].question
        rng = random.Random(f"tacocat-lesson:{number}")  # the same fresh questions each time
        wrong, warning = 0, None
        while not self.answered(question):
            wrong += 1
            self.progress = self.progress.with_wrong(number, wrong)
            warning = save_progress(self.progress_path, self.progress)
            lines = [f"Not quite: {question.wrong}", ""]
            lines.append("A new question on the same idea follows: answer it right to pass.")
            lines += ["", warning] if warning else []
            self.notice("Not quite", lines, NEW_QUESTION)
            question = fresh(question, rng)
        said = question.right.splitlines() if question.right else []
        said.append(
            "Right first time." if not wrong else f"Right, after {plural(wrong, 'wrong answer')}."
        )
        self.notice("Right", said, CONTINUE)
        return wrong, warning

    def answered(self, question: Question) -> bool:
        self.question, game = question, self.game
        screen = notice_screen(
            f"{self.heading()}: a question", question.ask.splitlines(), game.glyphs
        )
        while True:
            game.io.show(screen)
            line = game.io.read(ANSWER)
            if line.strip().lower() in ("q", QUIT):
                game.dialogs.confirm_quit()
            elif line.strip():
                return question.accepts(line)

    def go_on(self, warning: str | None) -> bool:
        number = self.index + 1
        standing = self.progress.standing(number)
        lines = [f"Lesson {number} {standing}. Next: {self.lessons[number].title}."]
        lines += ["", warning] if warning else []
        self.game.io.show(notice_screen("Well done", lines, self.game.glyphs))
        return self.game.io.read(NEXT).strip().lower() not in ("q", "quit", "n", "no")

    def finish(self, warning: str | None) -> None:
        lines = [
            "You have played every lesson. Start a game against the computer with",
            "tacocat play --vs-computer, or with a friend with tacocat play.",
        ]
        lines += ["", warning] if warning else []
        self.notice("Every lesson passed", lines, Prompt(Kind.NOTICE, "Press Enter to leave: "))

    def notice(self, title: str, lines: list[str], prompt: Prompt) -> None:
        self.game.dialogs.wait(notice_screen(title, lines, self.game.glyphs), prompt)

    def heading(self) -> str:
        return f"Lesson {self.index + 1} of {len(self.lessons)}: {self.lessons[self.index].title}"


def fresh(question: Question, rng: random.Random) -> Question:
    while True:
        found = drill(question.idea, rng)
        if found.ask != question.ask:
            return found
