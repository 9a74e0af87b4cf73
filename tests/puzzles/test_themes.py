"""Themes, patterns and ratings, worked out from the puzzle; ``tacocat puzzles --themes``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import Rules
from tacocat.puzzles.collection import SET_PATH, load_set, read_puzzles
from tacocat.puzzles.position import PuzzleError, puzzle_from_data
from tacocat.puzzles.themes import (
    HIGHEST_RATING,
    LOWEST_RATING,
    NUDGES,
    THEMES,
    pattern_of,
    rating_of,
)


def test_the_shipped_set_states_each_puzzles_own_theme_and_rating() -> None:
    data = json.loads(SET_PATH.read_text(encoding="utf-8"))["puzzles"]
    shipped = load_set()
    assert len(shipped) == len(data) >= 240
    for item, puzzle in zip(data, shipped, strict=True):
        assert (item["theme"], item["rating"]) == (puzzle.theme, puzzle.rating)
        assert puzzle.theme in THEMES and LOWEST_RATING <= puzzle.rating <= HIGHEST_RATING
    # Variety: more than half of the themes, and many patterns within them.
    counts = Counter(puzzle.theme for puzzle in shipped)
    assert len(counts) >= 4 and len({(p.theme, p.pattern) for p in shipped}) >= 20


def test_a_file_whose_theme_or_rating_is_not_the_puzzles_is_reported(tmp_path: Path) -> None:
    good = load_set()[0].to_data()
    for field, value in (("theme", "replace"), ("rating", good["rating"] + 10), ("rating", "x")):
        with pytest.raises(PuzzleError, match=f"puzzle {good['id']}'s {field} is not"):
            puzzle_from_data({**good, field: value}, Rules())
    older = {key: value for key, value in good.items() if key not in ("theme", "rating")}
    assert puzzle_from_data(older, Rules()).theme == good["theme"]  # a set from before: worked out
    path = tmp_path / "set.json"
    bad = {**good, "id": "bad", "theme": "endgame" if good["theme"] != "endgame" else "duel"}
    text = {"format": "tacocat-puzzles", "version": 1, "puzzles": [good, bad]}
    path.write_text(json.dumps(text), encoding="utf-8")
    puzzles, problems = read_puzzles(path)
    assert [p.key for p in puzzles] == [good["id"]]
    assert problems == [f"puzzle bad's theme is not {good['theme']}, what its position is about"]


def test_ratings_grow_with_the_moves_to_choose_from_and_a_smaller_lead() -> None:
    assert rating_of(2, 0.2) == 1500
    assert rating_of(4, 0.2) > rating_of(3, 0.2) > rating_of(2, 0.2)
    assert rating_of(2, 0.12) > rating_of(2, 0.2) > rating_of(2, 0.3)
    assert rating_of(50, 0.1) == HIGHEST_RATING and rating_of(2, 0.9) == LOWEST_RATING


def test_patterns_name_the_move_values_aside() -> None:
    patterns = {p.pattern for p in load_set()}
    assert "2 cards: attack with the highest" in patterns
    assert all(p.split(":")[0].endswith("cards") for p in patterns)
    first = load_set()[0]
    assert pattern_of(first.view, first.answer) == first.pattern


def test_every_nudge_is_one_line_of_the_log() -> None:
    assert set(NUDGES) == set(THEMES)
    assert all(len(nudge) <= 76 for nudge in NUDGES.values())  # the log's width at 80 columns


def test_themes_are_listed_with_their_counts() -> None:
    result = CliRunner().invoke(main, ["puzzles", "--themes"])
    assert result.exit_code == 0, result.output
    counts = Counter(puzzle.theme for puzzle in load_set())
    lines = result.output.splitlines()
    assert lines[0] == f"The {sum(counts.values())} shipped puzzles by theme:"
    for theme in THEMES:
        line = next(line for line in lines if line.split()[0] == theme)
        assert line.split()[1] == str(counts[theme])
