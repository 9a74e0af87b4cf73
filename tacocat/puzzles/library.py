"""Which puzzles a player gets, in which order (docs/playing.md), and searching their games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tacocat.engine import Rules
from tacocat.puzzles.judge import PUZZLE_BUDGET
from tacocat.puzzles.mining import mistakes_of
from tacocat.puzzles.position import Puzzle, PuzzleError, puzzle_from_data
from tacocat.puzzles.scores import FAILED, Progress
from tacocat.storage.records import GameRecord, list_records

Searching = Callable[[int, int], None]  # (games searched, games to search)
NEAREST = 6  # the next puzzle is one of this many nearest the player's rating


def own_puzzles(progress: Progress) -> list[Puzzle]:
    """The player's puzzles from their own games that pass their checks, newest first."""
    found: list[Puzzle] = []
    for item in reversed(progress.own):
        try:
            found.append(puzzle_from_data(item, Rules()))
        except PuzzleError:
            continue  # left out: the counts stay, the damaged position is not shown
    return found


def pick(
    pool: Sequence[Puzzle], rating: float, previous: Puzzle | None, rng: random.Random
) -> Puzzle | None:
    """One of the :data:`NEAREST` nearest ``rating``, not of ``previous``'s theme and pattern."""
    last = None if previous is None else (previous.theme, previous.pattern)
    allowed = [puzzle for puzzle in pool if (puzzle.theme, puzzle.pattern) != last]
    near = sorted(allowed, key=lambda puzzle: (abs(puzzle.rating - rating), puzzle.key))
    return rng.choice(near[:NEAREST]) if near else None


class Queue:
    """The puzzles still to serve in a sitting, in their groups, and the one served last."""

    def __init__(
        self, own: Sequence[Puzzle], shipped: Sequence[Puzzle], progress: Progress, seed: str
    ) -> None:
        everything = [*own, *shipped]
        fresh_own = [puzzle for puzzle in own if puzzle.key not in progress.results]
        fresh = [puzzle for puzzle in shipped if puzzle.key not in progress.results]
        failed = [puzzle for puzzle in everything if progress.results.get(puzzle.key) == FAILED]
        self.groups = [fresh_own, fresh, failed]
        self.total = sum(len(group) for group in self.groups)
        self.previous: Puzzle | None = None
        self.rng = random.Random(f"tacocat-puzzles:{seed}")

    def __len__(self) -> int:
        return sum(len(group) for group in self.groups)

    def next(self, rating: float) -> Puzzle | None:
        """The first group's puzzle unlike the last one (else any); None when all were served."""
        for unlike in (self.previous, None):
            for group in self.groups:
                chosen = pick(group, rating, unlike, self.rng)
                if chosen is not None:
                    group.remove(chosen)
                    self.previous = chosen
                    return chosen
        return None


def searchable(name: str, progress: Progress, limit: int) -> list[tuple[GameRecord, int]]:
    """The newest ``limit`` finished games of ``name`` under the standard rules not yet searched."""
    records, _ = list_records()
    chosen: list[tuple[GameRecord, int]] = []
    for record in records:
        info = record.info
        if not record.finished or info.game_id in progress.searched or record.rules != Rules():
            continue
        seats = [seat for seat in (0, 1) if info.names[seat] == name and seat != info.computer]
        if len(seats) == 1:
            chosen.append((record, seats[0]))
        if len(chosen) == limit:
            break
    return chosen


def search_games(
    name: str,
    progress: Progress,
    limit: int,
    budget: int = PUZZLE_BUDGET,
    searching: Searching | None = None,
) -> int:
    """Add to ``progress`` the puzzles where ``name`` missed the clearly best move; how many."""
    games = searchable(name, progress, limit)
    added = 0
    for done, (record, seat) in enumerate(games):
        if searching is not None:
            searching(done, len(games))
        known = {item.get("id") for item in progress.own}
        for puzzle in mistakes_of(record, seat, budget):
            if puzzle.key not in known:
                progress.own.append(puzzle.to_data())
                added += 1
        progress.searched.append(record.info.game_id)
    return added
