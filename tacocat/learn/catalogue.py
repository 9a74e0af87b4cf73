"""The shipped lessons, ``tacocat/lessons/NN-name.toml``, read and rehearsed before any screen."""

from __future__ import annotations

from pathlib import Path

from tacocat.learn.lesson import Lesson, LessonProblem, read_lesson
from tacocat.learn.stage import rehearse
from tacocat.sanitize import visible

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
PATTERN = "[0-9][0-9]-*.toml"


def lesson_files(folder: Path | None = None) -> list[Path]:
    return sorted((folder or LESSONS_DIR).glob(PATTERN))


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson in ``folder``, checked; :class:`LessonProblem` names the first bad one."""
    folder = folder or LESSONS_DIR
    lessons: list[Lesson] = []
    for path in lesson_files(folder):
        lesson = read_lesson(path)
        try:
            rehearse(lesson)
        except LessonProblem as error:
            message = f"the lesson file {visible(path.name)} is damaged: {error}"
            raise LessonProblem(message) from None
        lessons.append(lesson)
    if not lessons:
        raise LessonProblem(f"no lesson file was found in {visible(str(folder))}")
    return lessons
