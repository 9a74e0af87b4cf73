"""Solved and failed counts per name, in a small file; a damaged file starts again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat.puzzles.scores import (
    PUZZLE_DEVIATION,
    Progress,
    load_scores,
    save_scores,
    scores_path,
)
from tacocat.storage.glicko2 import Rating, update


def test_results_are_kept_per_name(app_home: Path) -> None:
    players = {"Ann": Progress(), "Bob": Progress()}
    assert players["Ann"].answer("p1", True, 1500)
    assert players["Bob"].answer("p1", False, 1500)
    save_scores(players)
    assert scores_path().parent == app_home
    loaded, problem = load_scores()
    assert problem is None
    assert (loaded["Ann"].solved, loaded["Ann"].failed) == (1, 0)
    assert (loaded["Bob"].solved, loaded["Bob"].failed) == (0, 1)


def test_only_the_first_answer_to_a_puzzle_counts() -> None:
    progress = Progress()
    assert progress.answer("p1", False, 1500)
    assert not progress.answer("p1", True, 1500)
    assert (progress.solved, progress.failed, progress.results) == (0, 1, {"p1": "failed"})


def test_the_rating_is_glicko2_against_the_puzzle_and_the_streak_counts_first_tries(
    app_home: Path,
) -> None:
    progress = Progress()
    assert progress.answer("a", True, 1500)
    # The same step as a game of ``history`` against a 1500 with a puzzle's deviation.
    assert progress.rating == update(Rating(), [(Rating(1500.0, PUZZLE_DEVIATION, 0.0), 1.0)])
    assert progress.rating.value > 1500 and progress.rating.deviation < 350
    progress.answer("b", True, 1500)
    high = progress.rating.value
    assert (progress.streak, progress.best_streak) == (2, 2)
    progress.answer("c", False, 1500)
    assert progress.rating.value < high and (progress.streak, progress.best_streak) == (0, 2)
    # A failed puzzle served again: the streak counts it, the rating does not move again.
    rated = progress.rating
    assert not progress.answer("c", True, 1500)
    assert progress.rating == rated and progress.streak == 1
    # Losing to an easy puzzle costs more than losing to a hard one.
    easy, hard = Progress(), Progress()
    easy.answer("e", False, 1000)
    hard.answer("h", False, 2000)
    assert easy.rating.value < hard.rating.value
    save_scores({"Ann": progress})
    loaded, problem = load_scores()
    assert problem is None
    kept = loaded["Ann"]
    assert (kept.streak, kept.best_streak) == (1, 2)
    assert abs(kept.rating.value - rated.value) < 0.01
    assert abs(kept.rating.deviation - rated.deviation) < 0.01


def test_a_file_from_before_ratings_starts_at_a_newcomers_rating(app_home: Path) -> None:
    app_home.mkdir(parents=True, exist_ok=True)
    scores_path().write_text(
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": '
        '{"solved": 1, "failed": 0, "results": {"p": "solved"}, "own": [], "searched": []}}}'
    )
    players, problem = load_scores()
    assert problem is None
    ann = players["Ann"]
    assert (ann.rating, ann.streak, ann.best_streak, ann.solved) == (Rating(), 0, 0, 1)


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
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": {"solved": 1, '
        '"failed": 0, "results": {}, "own": [], "searched": [], "rating": [1500, 0, 0.06]}}}',
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": {"solved": 1, '
        '"failed": 0, "results": {}, "own": [], "searched": [], "rating": "1500"}}}',
        '{"format": "tacocat-puzzle-scores", "version": 1, "players": {"Ann": {"solved": 1, '
        '"failed": 0, "results": {}, "own": [], "searched": [], "streak": 3, "best_streak": 2}}}',
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
