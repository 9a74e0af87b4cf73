"""The shipped set, and puzzle files read like any file anyone could have written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tacocat.coach.analysis import Decision
from tacocat.puzzles.collection import (
    MAX_SET_BYTES,
    SET_PATH,
    load_set,
    read_puzzles,
    set_to_data,
)
from tacocat.puzzles.judge import GAP
from tacocat.puzzles.position import Puzzle, PuzzleError

SHIPPED_AT_LEAST = 200
SHIPPED_MARGIN = 0.03  # benchmarks/puzzles.py ships leads this far above the filter's


def test_the_shipped_set_loads_whole_and_every_puzzle_is_clear() -> None:
    puzzles, problems = read_puzzles(SET_PATH)
    assert problems == []
    assert len(puzzles) >= SHIPPED_AT_LEAST
    assert len({puzzle.key for puzzle in puzzles}) == len(puzzles)
    assert all(puzzle.gap >= GAP + SHIPPED_MARGIN - 1e-9 for puzzle in puzzles)
    assert all(puzzle.played is None for puzzle in puzzles)  # experts' games: no "your move"
    assert load_set() == puzzles


def test_the_shipped_set_is_package_data() -> None:
    assert SET_PATH.parent.name == "puzzles" and SET_PATH.parent.parent.name == "tacocat"


def write(path: Path, puzzles: list[Puzzle]) -> Path:
    path.write_text(json.dumps(set_to_data(puzzles, 100)), encoding="utf-8")
    return path


def some(candidates: list[Decision], count: int) -> list[Puzzle]:
    return [
        Puzzle(f"t-{item.step}-{n}", item.view, item.view.legal_actions[0], 0.7, 0.5, "tests")
        for n, item in enumerate(candidates[:count])
    ]


def test_a_bad_puzzle_is_left_out_and_said(tmp_path: Path, candidates: list[Decision]) -> None:
    puzzles = some(candidates, 3)
    data = set_to_data(puzzles, 100)
    data["puzzles"][1]["hand"] = [999]
    data["puzzles"].append(data["puzzles"][0])  # listed twice
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    found, problems = read_puzzles(path)
    assert found == [puzzles[0], puzzles[2]]
    assert len(problems) == 2 and "listed twice" in problems[1]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"format": "tacocat-puzzles", "version": 99, "puzzles": []}',
        '{"format": "tacocat-puzzles", "version": 1}',
        '{"format": "tacocat-puzzles", "version": 1, "puzzles": ' + "[" * 100 + "]" * 100 + "}",
        '{"format": "tacocat-puzzles", "version": 1, "puzzles": [' + "1" * 5000 + "]}",
    ],
)
def test_a_file_that_is_not_a_puzzle_set_is_one_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "set.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleError):
        read_puzzles(path)


def test_a_fifo_or_a_huge_file_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(PuzzleError, match="regular file"):
        read_puzzles(fifo)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_SET_BYTES + 1))
    with pytest.raises(PuzzleError, match="larger"):
        read_puzzles(huge)
    with pytest.raises(PuzzleError, match="opened"):
        read_puzzles(tmp_path / "missing.json")
