"""The lessons a learner passed, in ``learn.json``, rewritten after each lesson and wrong answer::

{"format": "tacocat-learn", "version": 1, "passed": [1, 2], "wrong": {"2": 1}}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from tacocat.engine.words import plural
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.paths import app_dir, reason

PROGRESS_NAME = "learn.json"
FORMAT = "tacocat-learn"
VERSION = 1
MAX_BYTES = 4096  # a few numbers
MAX_LESSONS = 99


@dataclass(frozen=True)
class Progress:
    """The lessons passed, by number (1 is the first), and wrong answers per lesson."""

    passed: frozenset[int] = frozenset()
    wrong: dict[int, int] = field(default_factory=dict)  # the last time each was played

    def next_lesson(self, count: int) -> int:
        """The first lesson of ``count`` not passed yet (all passed: the first again)."""
        return next((n for n in range(1, count + 1) if n not in self.passed), 1)

    def with_passed(self, number: int) -> Progress:
        return Progress(self.passed | {number}, self.wrong)

    def with_wrong(self, number: int, count: int) -> Progress:
        return Progress(self.passed, {**self.wrong, number: count})

    def standing(self, number: int) -> str:
        """How lesson ``number`` went: '', 'passed, right first time', 'passed after 2 wrong'."""
        if number not in self.passed:
            return ""
        wrong = self.wrong.get(number, 0)
        if not wrong:
            return "passed, right first time"
        return f"passed after {plural(wrong, 'wrong answer')}"


def progress_path() -> Path:
    return app_dir() / PROGRESS_NAME


def load_progress(path: Path) -> tuple[Progress, str | None]:
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
    wrong = data.get("wrong", {})
    if not (
        isinstance(wrong, dict)
        and all(k.isascii() and k.isdigit() and 1 <= int(k) <= MAX_LESSONS for k in wrong)
        and all(type(n) is int and 0 <= n <= 10**6 for n in wrong.values())
    ):
        return Progress(), _damaged(path, "its wrong answers are not counts per lesson")
    return Progress(frozenset(data["passed"]), {int(k): n for k, n in wrong.items()}), None


def save_progress(path: Path, progress: Progress) -> str | None:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "passed": sorted(progress.passed),
        "wrong": {str(n): count for n, count in sorted(progress.wrong.items())},
    }
    try:
        atomic_write_text(path, json.dumps(data) + "\n")
    except OSError as error:
        return f"Your lesson progress could not be saved in {visible(str(path))} ({reason(error)})."
    return None


def _damaged(path: Path, reason: str) -> str:
    return (
        f"Your lesson progress in {visible(str(path))} was damaged ({reason}); "
        "it starts again from the first lesson."
    )
