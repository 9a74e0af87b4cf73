"""Lessons on the real table: :class:`LessonGame` is a :class:`~tacocat.ui.game.Game`
whose deal is the lesson's and whose opponent plays the lesson's script.

Nothing of the game loop is copied.  The learner sits at Yay with the
ordinary :class:`~tacocat.ui.seats.HumanSeat` screens and commands
(:class:`LessonSeat` adds the step's tip above the request and refuses, with
the lesson's explanation, a legal move that is not the one being taught);
Wow is the ordinary :class:`~tacocat.ui.seats.ComputerSeat` with a
:class:`ScriptedAgent`.  One person at the keyboard, as against the
computer: the curtain stays open for Yay and Wow's hand is never shown.
A lesson ends at its round's showdown, then asks its question.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from tacocat.engine import YAY, Action, Event, Player, PlayerView, Rules
from tacocat.engine.players import DEFAULT_NAMES
from tacocat.learn.lesson import Lesson, Step
from tacocat.learn.progress import Progress, save_progress
from tacocat.learn.stage import LESSON_SEED, opponent_move, round_over, stage
from tacocat.ui import handover
from tacocat.ui.game import Game, Session
from tacocat.ui.io import Io, Kind, Prompt
from tacocat.ui.notice import notice_screen
from tacocat.ui.prompts import QUIT
from tacocat.ui.seats import ComputerSeat, HumanSeat, Seat
from tacocat.ui.table import Table

ENTER = Prompt(Kind.NOTICE, "Press Enter to play the lesson: ")
AGAIN = Prompt(Kind.NOTICE, "Press Enter to try again: ")
ANSWER = Prompt(Kind.DECISION, "Your answer: ")
FREE = "Play the round out as you like: keep a low card for the showdown."
GOODBYE = "Lessons passed are saved: tacocat learn goes on from the first one not passed."
LESSON_HINTS = "A lesson keeps no count of hints: ask as often as you like."
NEXT = Prompt(Kind.NOTICE, "Press Enter for the next lesson, or q to stop here: ")


class ScriptedAgent:
    """The lesson's opponent: plays the script of the game's current lesson."""

    name = "lesson"

    def __init__(self, game: LessonGame) -> None:
        self.game = game

    def choose(self, view: PlayerView) -> Action:
        return opponent_move(view, self.game.script)


class LessonSeat(HumanSeat):
    """The learner: the ordinary decision screen, with the step's tip and its check."""

    def play(self, game: Game, player: Player) -> None:
        if self.play_forced(game, player):
            return
        assert isinstance(game, LessonGame)
        step = game.steps.pop(0) if game.steps else None
        game.step = step
        while True:
            action = self.decide(game, player)  # no take-back: no move is noted for one
            if action is None or step is None or action in step.play:
                break
            lines = [f"You chose to {action}.", "", step.wrong]
            screen = notice_screen("Not quite", lines, game.glyphs)
            game.dialogs.wait(screen, AGAIN)
        game.step = None
        if action is not None:
            game.apply(action)

    def lead(self, game: Game, player: Player) -> list[str]:
        step = getattr(game, "step", None)
        return [step.tip] if isinstance(step, Step) else [FREE]


class LessonGame(Game):
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
        self.script: list[Action] = []
        self.steps: list[Step] = []
        self.step: Step | None = None
        self.over = False  # the lesson's round has reached its showdown
        session = Session(DEFAULT_NAMES, Rules(), LESSON_SEED, ascii=ascii_only)
        super().__init__(session, io, stage(lessons[first]), notes=notes)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def _seat(self, player: Player) -> Seat:
        if player == YAY:
            return LessonSeat()
        return ComputerSeat(ScriptedAgent(self), random.Random())

    def _sitting(self) -> tuple[str, int]:
        message, code = super()._sitting()
        return (GOODBYE, 0) if code == 0 else (message, code)

    def show_notes(self) -> None:
        """What to know before the first lesson (a damaged progress file)."""
        if self.notes:
            screen = notice_screen("Before the lessons", list(self.notes), self.glyphs)
            self.dialogs.wait(screen, Prompt(Kind.NOTICE, "Press Enter to continue: "))

    def why_no_take_back(self, player: Player) -> str:
        return "a lesson takes no move back: a move it does not teach is explained, not played"

    def start_saving(self) -> None:
        """A lesson is not a game of the history: nothing is recorded."""

    def hint_count(self, player: Player) -> str:
        """A lesson has no end screen and no record: nothing is done with a count."""
        return LESSON_HINTS

    def apply(self, action: Action, note: str | None = None) -> list[Event]:
        events = super().apply(action, note)
        self.over = self.over or round_over(events)
        return events

    def play_games(self) -> None:
        while True:
            self.begin()
            self.play_one()
            self.ask_question()
            number = self.index + 1
            self.progress = self.progress.with_passed(number)
            warning = save_progress(self.progress_path, self.progress)
            if self.index + 1 >= len(self.lessons):
                self.finish(warning)
                return
            if not self.go_on(warning):
                return
            self.index += 1

    def begin(self) -> None:
        """A fresh table for the lesson, then its introduction."""
        lesson = self.lesson
        state = stage(lesson)
        self.table = Table.deal(state, state.opening_events, self.texts(state.opening_events))
        self.script, self.steps, self.over = list(lesson.wow_moves), list(lesson.steps), False
        self.curtain.close()
        self.dialogs.wait(
            notice_screen(self.heading(), lesson.intro.splitlines(), self.glyphs), ENTER
        )

    def play_one(self) -> None:
        """Play the lesson's round to its showdown, through the seats, as play does."""
        self.curtain.open(YAY)  # one person at the keyboard; Wow's hand is never drawn
        while not self.over and (player := self.state.current_player()) is not None:
            self.seats[player].play(self, player)
        handover.reveal(self, None)

    def ask_question(self) -> None:
        """The lesson's one question, asked until it is answered right."""
        question = self.lesson.question
        lines = question.ask.splitlines()
        while True:
            self.io.show(notice_screen(f"{self.heading()}: a question", lines, self.glyphs))
            line = self.io.read(ANSWER)
            if line.strip().lower() in ("q", QUIT):
                self.dialogs.confirm_quit()
            elif question.accepts(line):
                break
            elif line.strip():
                lines = [*question.ask.splitlines(), "", f"Not quite: {question.wrong}"]
        if question.right:
            right = notice_screen("Right", question.right.splitlines(), self.glyphs)
            self.dialogs.wait(right, Prompt(Kind.NOTICE, "Press Enter to continue: "))

    def go_on(self, warning: str | None) -> bool:
        """Whether the learner wants the next lesson now (progress is saved either way)."""
        lines = [f"Lesson {self.index + 1} passed. Next: {self.lessons[self.index + 1].title}."]
        lines += ["", warning] if warning else []
        self.io.show(notice_screen("Well done", lines, self.glyphs))
        return self.io.read(NEXT).strip().lower() not in ("q", "quit", "n", "no")

    def finish(self, warning: str | None) -> None:
        lines = [
            "You have played every lesson. Start a game against the computer with",
            "tacocat play --vs-computer, or with a friend with tacocat play.",
        ]
        lines += ["", warning] if warning else []
        self.dialogs.wait(
            notice_screen("Every lesson passed", lines, self.glyphs),
            Prompt(Kind.NOTICE, "Press Enter to leave: "),
        )

    def heading(self) -> str:
        return f"Lesson {self.index + 1} of {len(self.lessons)}: {self.lesson.title}"
