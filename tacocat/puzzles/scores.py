"""Each player's puzzle results, in ``puzzles.json`` of the app directory (see Progress).

A damaged file is said in a sentence and the counts start again.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.names import name_problem
from tacocat.sanitize import visible
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.glicko2 import MAX_DEVIATION, Rating, update
from tacocat.storage.paths import app_dir, reason

SCORES_NAME = "puzzles.json"
FORMAT = "tacocat-puzzle-scores"
VERSION = 1
MAX_SCORES_BYTES = 4 * 1024 * 1024
MAX_ITEMS = 20_000  # answers, own puzzles or searched games per player
SOLVED, FAILED = "solved", "failed"
# A puzzle's rating is worked out, not measured against players: rated as this unsure.
PUZZLE_DEVIATION = 100.0


@dataclass
class Progress:
    """One player's record: counts, answers by puzzle, own puzzles (as data), searched games."""

    solved: int = 0
    failed: int = 0
    results: dict[str, str] = field(default_factory=dict)
    own: list[dict[str, Any]] = field(default_factory=list)
    searched: list[str] = field(default_factory=list)
    rating: Rating = field(default_factory=Rating)
    streak: int = 0
    best_streak: int = 0

    def answer(self, key: str, solved: bool, puzzle_rating: int) -> bool:
        """Count a try at ``key``: the streak always; counts and rating on the first answer only."""
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        if key in self.results:
            return False
        self.results[key] = SOLVED if solved else FAILED
        if solved:
            self.solved += 1
        else:
            self.failed += 1
        opponent = Rating(float(puzzle_rating), PUZZLE_DEVIATION, 0.0)
        self.rating = update(self.rating, [(opponent, 1.0 if solved else 0.0)])
        return True

    def to_data(self) -> dict[str, Any]:
        kept = self.rating
        rating = [round(kept.value, 2), round(kept.deviation, 2), round(kept.volatility, 6)]
        return {**asdict(self), "rating": rating}  # the fields in their order


def scores_path() -> Path:
    return app_dir() / SCORES_NAME


def load_scores() -> tuple[dict[str, Progress], str | None]:
    """Every player's progress, and a sentence if the file was damaged (then: none)."""
    path = scores_path()
    try:
        data = parse_json(read_regular_file(path, MAX_SCORES_BYTES))
        return _players(data), None
    except FileNotFoundError:
        return {}, None
    except (FileProblem, json.JSONDecodeError, UnicodeDecodeError, ValueError) as error:
        why = str(error)
    except OSError as error:
        why = reason(error)
    return {}, (
        f"The puzzle results in {visible(str(path))} could not be read ({visible(why)}); "
        "they start again from here."
    )


def save_scores(players: dict[str, Progress]) -> None:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "players": {name: progress.to_data() for name, progress in players.items()},
    }
    atomic_write_text(scores_path(), json.dumps(data, separators=(",", ":")) + "\n")


def _players(data: Any) -> dict[str, Progress]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("it is not a tacocat puzzle results file")
    if data.get("version") != VERSION:
        raise ValueError("it was written by another version of tacocat")
    players = data.get("players")
    if not isinstance(players, dict):
        raise ValueError("it lists no players")
    found: dict[str, Progress] = {}
    for name, item in players.items():
        if name_problem(name) is not None:
            raise ValueError("it holds a name that is not a player's name")
        found[name] = _progress(item)
    return found


def _progress(item: Any) -> Progress:
    if not isinstance(item, dict):
        raise ValueError("a player's results are not an object")
    solved, failed = item.get("solved"), item.get("failed")
    results, own, searched = item.get("results"), item.get("own"), item.get("searched")
    if not all(type(n) is int and 0 <= n <= 10**9 for n in (solved, failed)):
        raise ValueError("a count is not a whole number")
    if not isinstance(results, dict) or len(results) > MAX_ITEMS:
        raise ValueError("a player's answers are not a list of puzzles")
    if any(
        not isinstance(k, str) or len(k) > 80 or v not in (SOLVED, FAILED)
        for k, v in results.items()
    ):
        raise ValueError("a player's answers hold something that is not an answer")
    if (
        not isinstance(own, list)
        or len(own) > MAX_ITEMS
        or not all(isinstance(x, dict) for x in own)
    ):
        raise ValueError("a player's own puzzles are not a list")
    if not isinstance(searched, list) or len(searched) > MAX_ITEMS:
        raise ValueError("a player's searched games are not a list")
    if not all(isinstance(x, str) and len(x) <= 80 for x in searched):
        raise ValueError("a player's searched games hold something that is not a game")
    assert isinstance(solved, int) and isinstance(failed, int)
    streak, best = item.get("streak", 0), item.get("best_streak", 0)
    if not all(type(n) is int and 0 <= n <= 10**9 for n in (streak, best)) or streak > best:
        raise ValueError("a player's streak is not a whole number within their best")
    progress = Progress(solved, failed, dict(results), list(own), list(searched))
    progress.rating, progress.streak, progress.best_streak = _rating(item), streak, best
    return progress


def _rating(item: dict[str, Any]) -> Rating:
    if "rating" not in item:
        return Rating()
    kept = item["rating"]
    if (
        not isinstance(kept, list)
        or len(kept) != 3
        or not all(type(n) in (int, float) and math.isfinite(n) for n in kept)
    ):
        raise ValueError("a player's puzzle rating is not three numbers")
    value, deviation, volatility = (float(n) for n in kept)
    if not (0 <= value <= 5000 and 0 < deviation <= MAX_DEVIATION and 0 < volatility <= 1):
        raise ValueError("a player's puzzle rating is out of its range")
    return Rating(value, deviation, volatility)
