"""The shipped puzzle set, ``set.json`` (mined from expert games by ``benchmarks/puzzles.py``).

Each puzzle is checked as any file's (:func:`~tacocat.puzzles.position.puzzle_from_data`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tacocat.engine import Rules
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.puzzles.judge import GAP, SPREAD_LIMIT
from tacocat.puzzles.position import Puzzle, PuzzleError, puzzle_from_data

SET_PATH = Path(__file__).with_name("set.json")
FORMAT = "tacocat-puzzles"
VERSION = 1
MAX_SET_BYTES = 2 * 1024 * 1024  # about ten times the shipped set
MAX_PUZZLES = 5000


def set_to_data(puzzles: Sequence[Puzzle], budget: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "budget": budget,
        "gap": GAP,
        "spread_limit": SPREAD_LIMIT,
        "puzzles": [puzzle.to_data() for puzzle in puzzles],
    }


def puzzles_from_data(data: Any, rules: Rules) -> tuple[list[Puzzle], list[str]]:
    """The valid puzzles of a file's data, and a sentence for each one left out."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError("it is not a tacocat puzzle file")
    if data.get("version") != VERSION:
        raise PuzzleError("it was written by another version of tacocat")
    items = data.get("puzzles")
    if not isinstance(items, list) or len(items) > MAX_PUZZLES:
        raise PuzzleError("its list of puzzles is missing or too long")
    puzzles: dict[str, Puzzle] = {}  # by key, in the file's order
    problems: list[str] = []
    for item in items:
        try:
            puzzle = puzzle_from_data(item, rules)
        except PuzzleError as error:
            problems.append(str(error))
            continue
        if puzzle.key in puzzles:
            problems.append(f"puzzle {puzzle.key} is listed twice")
            continue
        puzzles[puzzle.key] = puzzle
    return list(puzzles.values()), problems


def read_puzzles(path: Path, rules: Rules | None = None) -> tuple[list[Puzzle], list[str]]:
    """The puzzles of the file at ``path``; :class:`PuzzleError` if it cannot be used."""
    try:
        data = parse_json(read_regular_file(path, MAX_SET_BYTES))
    except (FileProblem, json.JSONDecodeError, UnicodeDecodeError) as error:
        raise PuzzleError(f"it cannot be read ({error})") from None
    except OSError as error:
        raise PuzzleError(f"it cannot be opened ({error.strerror or error})") from None
    return puzzles_from_data(data, rules or Rules())


def load_set() -> list[Puzzle]:
    """The shipped puzzles that pass their checks (the set is tested to have no other)."""
    return read_puzzles(SET_PATH)[0]
