"""A lesson as data: one scripted position, its texts, the moves it asks for, one question.

A TOML file read like any file the game did not write (bounded, every key
known, every value of its type, texts made visible).  Moves are written as
typed: ``"replace 5 6"``, ``"duel 12"``, ``"attack 9 9"``, ``"replace nothing"``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tacocat.engine.actions import Action, action_from_data
from tacocat.engine.errors import StateFormatError
from tacocat.engine.rules import LETTERS, MAX_VALUE, MIN_VALUE
from tacocat.files import FileProblem, read_regular_file
from tacocat.sanitize import visible

MAX_LESSON_BYTES = 16 * 1024  # a lesson is a page of text and a few lists
MAX_TEXT = 600  # characters in one text: it must fit a screen at 80x24
MAX_TIP = 200  # a tip shares the decision screen with the hand and the log
MAX_ITEMS = 20  # cards in a list, moves in a script, steps, answers
KEYS = {"title", "intro", "space", "tiles", "yay", "wow", "draw", "wow_moves", "step", "question"}
STEP_KEYS = {"tip", "play", "wrong"}
QUESTION_KEYS = {"ask", "answers", "wrong", "right", "idea"}
# The ideas a question may test: a wrong answer is followed by a fresh question on the
# same idea, from a position the engine plays (tacocat.learn.drills).
IDEAS = ("showdown", "replace-limit", "duel", "sequence", "sacrifice", "tiles", "ties")


class LessonProblem(ValueError):
    """A lesson file that cannot be used; the message says why, in a sentence."""


@dataclass(frozen=True)
class Step:
    """A learner's decision: its tip, the moves it accepts (the script's first), why not another."""

    tip: str
    play: tuple[Action, ...]
    wrong: str


@dataclass(frozen=True)
class Question:
    """The check at a lesson's end: typed answers accepted, and why others are wrong."""

    ask: str
    answers: tuple[str, ...]
    wrong: str
    right: str
    idea: str = ""  # what it tests (one of IDEAS): fresh questions on it follow a wrong answer

    def accepts(self, line: str) -> bool:
        return normal(line) in {normal(answer) for answer in self.answers}


@dataclass(frozen=True)
class Lesson:
    """A position, the opponent's scripted moves, the learner's steps and the closing question."""

    title: str
    intro: str
    space: int
    tiles: tuple[int, ...]
    yay: tuple[int, ...]
    wow: tuple[int, ...]
    draw: tuple[int, ...]  # drawn first comes first
    wow_moves: tuple[Action, ...]
    steps: tuple[Step, ...]
    question: Question


def normal(line: str) -> str:
    """An answer as compared: lower case, single spaces, no end punctuation."""
    return " ".join(line.lower().replace(",", " ").split()).strip(".!? ")


def read_lesson(path: Path) -> Lesson:
    try:
        data = tomllib.loads(read_regular_file(path, MAX_LESSON_BYTES).decode("utf-8"))
        return lesson_from_data(data)
    except (OSError, FileProblem, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise LessonProblem(f"the lesson file {visible(path.name)} is damaged: {reason}") from None
    except LessonProblem as error:
        raise LessonProblem(f"the lesson file {visible(path.name)} is damaged: {error}") from None


def lesson_from_data(data: dict[str, Any]) -> Lesson:
    _known(data, KEYS, "")
    question = data.get("question")
    if not isinstance(question, dict):
        raise LessonProblem("question must be a table ([question])")
    _known(question, QUESTION_KEYS, "question.")
    steps = data.get("step", [])
    if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
        raise LessonProblem("step must be a list of tables ([[step]])")
    if len(steps) > MAX_ITEMS:
        raise LessonProblem(f"a lesson has at most {MAX_ITEMS} steps")
    return Lesson(
        title=_text(data, "title", limit=60),
        intro=_text(data, "intro"),
        space=_space(data.get("space", "O4"), "space"),
        tiles=tuple(_space(tile, "tiles") for tile in _list(data, "tiles", str)),
        yay=_values(data, "yay"),
        wow=_values(data, "wow"),
        draw=_values(data, "draw"),
        wow_moves=tuple(parse_move(move) for move in _list(data, "wow_moves", str)),
        steps=tuple(_step(step, n) for n, step in enumerate(steps, 1)),
        question=Question(
            ask=_text(question, "ask", name="question.ask"),
            answers=tuple(_list(question, "answers", str)) or _missing("question.answers"),
            wrong=_text(question, "wrong", name="question.wrong"),
            right=_text(question, "right", default="", name="question.right"),
            idea=_idea(question.get("idea")),
        ),
    )


def _idea(value: Any) -> str:
    if value not in IDEAS:
        raise LessonProblem(f"question.idea must be one of {', '.join(IDEAS)}")
    return str(value)


def parse_move(text: str) -> Action:
    words = text.split()
    if not words:
        raise LessonProblem("a move is empty")
    kind, rest = words[0].lower(), words[1:]
    if rest == ["nothing"] and kind == "replace":
        rest = []
    try:
        values = [int(word) for word in rest]
        payload: Any = values[0] if kind == "duel" and len(values) == 1 else values
        return action_from_data([kind, payload])
    except (ValueError, StateFormatError):
        raise LessonProblem(f"{visible(text)!r} is not a move") from None


def _step(data: dict[str, Any], number: int) -> Step:
    try:
        _known(data, STEP_KEYS, "")
        moves = tuple(parse_move(move) for move in _list(data, "play", str))
        if not moves:
            raise LessonProblem("it must name the move it asks for (play)")
        return Step(_text(data, "tip", limit=MAX_TIP), moves, _text(data, "wrong"))
    except LessonProblem as error:
        raise LessonProblem(f"step {number}: {error}") from None


def _known(data: dict[str, Any], known: set[str], prefix: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise LessonProblem(f"unknown key {visible(prefix + unknown[0])!r}")


def _missing(key: str) -> tuple[str, ...]:
    raise LessonProblem(f"{key} is missing")


def _text(
    data: dict[str, Any],
    key: str,
    limit: int = MAX_TEXT,
    default: str | None = None,
    name: str | None = None,
) -> str:
    value, name = data.get(key, default), name or key
    if value is None:
        raise LessonProblem(f"{name} is missing")
    if not isinstance(value, str):
        raise LessonProblem(f"{name} must be text")
    if len(value) > limit:
        raise LessonProblem(f"{name} is longer than {limit} characters")
    return visible(value.strip(), keep="\n")


def _list(data: dict[str, Any], key: str, kind: type) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(type(item) is kind for item in value):
        raise LessonProblem(f"{key} must be a list of {'numbers' if kind is int else 'texts'}")
    if len(value) > MAX_ITEMS:
        raise LessonProblem(f"{key} lists more than {MAX_ITEMS} items")
    return value


def _values(data: dict[str, Any], key: str) -> tuple[int, ...]:
    values = tuple(_list(data, key, int))
    if any(not MIN_VALUE <= value <= MAX_VALUE for value in values):
        raise LessonProblem(f"{key}: a card value is from {MIN_VALUE} to {MAX_VALUE}")
    return values


def _space(name: Any, key: str) -> int:
    """'C5' -> 4: the names the log uses, letter and number from the YAY end."""
    if isinstance(name, str) and len(name) == 2 and name[1].isdigit():
        position = int(name[1]) - 1
        if 0 <= position < len(LETTERS) and LETTERS[position] == name[0].upper():
            return position
    raise LessonProblem(f"{key}: {visible(str(name))!r} is not a space (T1, A2, ... T7)")
