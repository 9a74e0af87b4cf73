"""Solved and failed counts per name, in a small file; a damaged file starts again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat.puzzles.scores import Progress, load_scores, save_scores, scores_path


def test_results_are_kept_per_name(app_home: Path) -> None:
    players = {"Ann": Progress(), "Bob": Progress()}
    assert players["Ann"].answer("p1", True)
    assert players["Bob"].answer("p1", False)
    save_scores(players)
    assert scores_path().parent == app_home
    loaded, problem = load_scores()
    assert problem is None
    assert (loaded["Ann"].solved, loaded["Ann"].failed) == (1, 0)
    assert (loaded["Bob"].solved, loaded["Bob"].failed) == (0, 1)


def test_only_the_first_answer_to_a_puzzle_counts() -> None:
    progress = Progress()
    assert progress.answer("p1", False)
    assert not progress.answer("p1", True)
    assert (progress.solved, progress.failed, progress.results) == (0, 1, {"p1": "failed"})


def test_no_file_is_no_results(app_home: Path) -> None:
    assert load_scores() == ({}, None)


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": []}',
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"[b]": {}}}',
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": '
        '{"solved": -1, "failed": 0, "results": {}, "own": [], "searched": []}}}',
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": '
        '{"solved": 1, "failed": 0, "results": {"p": "maybe"}, "own": [], "searched": []}}}',
        "\udcff",
    ],
)
def test_a_damaged_file_is_said_in_a_sentence_and_starts_again(app_home: Path, text: str) -> None:
    app_home.mkdir(parents=True, exist_ok=True)
    scores_path().write_bytes(text.encode("utf-8", "surrogateescape"))
    players, problem = load_scores()
    assert players == {}
    assert problem is not None and problem.endswith("they start again from here.")
    assert "\n" not in problem
    players["Ann"] = Progress(solved=1)
    save_scores(players)  # the next answer writes a good file over it
    assert json.loads(scores_path().read_text())["players"]["Ann"]["solved"] == 1
