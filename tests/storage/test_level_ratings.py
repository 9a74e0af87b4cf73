"""The levels' ratings (benchmarks/level_ratings.py) read matches and full-game duplicate alike."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
try:
    import level_ratings
finally:
    sys.path.remove(str(BENCHMARKS))


def log(tmp_path: Path, name: str, lines: list[dict[str, object]]) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)


def pair(index: int, games: list[int], seed: int = 1) -> dict[str, object]:
    """One line of ``duplicate.py --games --out``: A's result in each of the two games."""
    return {"index": index, "seed": seed, "a": "master", "b": "expert", "games": games}


def test_a_duplicate_pair_counts_its_two_games(tmp_path: Path) -> None:
    match = {
        "players": [{"level": "master", "wins": 4}, {"level": "expert", "wins": 1}],
        "draws": 1,
        "games": 6,
        "seed": 1,
    }
    pairs = [pair(0, [1, 1]), pair(1, [1, -1]), pair(2, [0, 1])]
    scores = level_ratings.read_ladder([log(tmp_path, "m", [match]), log(tmp_path, "d", pairs)])
    assert scores == {("master", "expert"): [4.5 + 4.5, 12.0]}
    ratings = level_ratings.fit(scores, "expert", 2469.0)
    assert ratings["master"][0] > 2469.0  # 75% of the games: above its anchor


def test_a_duplicate_pair_read_twice_is_refused(tmp_path: Path) -> None:
    # Another seed's pair of the same index is other games; the same seed's, the same games.
    read = level_ratings.read_ladder([log(tmp_path, "a", [pair(0, [1, 1]), pair(0, [1, -1], 2)])])
    assert read == {("master", "expert"): [3.0, 4.0]}
    with pytest.raises(SystemExit, match="seed 1 twice"):
        level_ratings.read_ladder([log(tmp_path, "b", [pair(0, [1, 1]), pair(0, [1, 1])])])
