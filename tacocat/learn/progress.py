"""Which lessons a learner has passed: one small JSON file in tacocat's folder.

``learn.json`` holds ``{"format": "tacocat-learn", "version": 1, "passed": [1, 2]}``,
rewritten whole (atomically) after each lesson.  It is read like any file
someone else could have written: a file that is not what tacocat writes is
reported in one sentence and the lessons start again, never a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.paths import app_dir

PROGRESS_NAME = "learn.json"
FORMAT = "tacocat-learn"
VERSION = 1
MAX_BYTES = 4096  # a few numbers
MAX_LESSONS = 99


@dataclass(frozen=True)
class Progress:
    """The lessons passed, by number (1 is the first)."""

    passed: frozenset[int] = frozenset()

    def next_lesson(self, count: int) -> int:
        """The first lesson of ``count`` not passed yet (all passed: the first again)."""
        return next((n for n in range(1, count + 1) if n not in self.passed), 1)

    def with_passed(self, number: int) -> Progress:
        return Progress(self.passed | {number})


def progress_path() -> Path:
    return app_dir() / PROGRESS_NAME


def load_progress(path: Path) -> tuple[Progress, str | None]:
    """The saved progress, and a sentence if the file was damaged (then no progress)."""
    try:
        data = parse_json(read_regular_file(path, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Progress(), None
    except json.JSONDecodeError:
        return Progress(), _damaged(path, "it is not JSON")
    except UnicodeDecodeError:
        return Progress(), _damaged(path, "it is not UTF-8 text")
    except (OSError, FileProblem) as error:
        return Progress(), _damaged(path, getattr(error, "strerror", None) or str(error))
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("version") == VERSION
        and isinstance(data.get("passed"), list)
        and all(type(n) is int and 1 <= n <= MAX_LESSONS for n in data["passed"])
    ):
        return Progress(), _damaged(path, "it is not a list of lessons passed")
    return Progress(frozenset(data["passed"])), None


def save_progress(path: Path, progress: Progress) -> str | None:
    """Write ``progress``; a sentence if it could not be written (the lessons go on)."""
    data = {"format": FORMAT, "version": VERSION, "passed": sorted(progress.passed)}
    try:
        atomic_write_text(path, json.dumps(data) + "\n")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return f"Your lesson progress could not be saved in {visible(str(path))} ({reason})."
    return None


def _damaged(path: Path, reason: str) -> str:
    return (
        f"Your lesson progress in {visible(str(path))} was damaged ({reason}); "
        "it starts again from the first lesson."
    )
