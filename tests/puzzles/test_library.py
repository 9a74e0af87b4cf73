"""Which puzzles come first, and "learn from your mistakes": a player's own games searched."""

from __future__ import annotations

import itertools
import random

import pytest

from tacocat.ai.match import game_seed, play_full_game
from tacocat.coach.analysis import Decision
from tacocat.engine import Rules
from tacocat.puzzles.collection import load_set
from tacocat.puzzles.library import NEAREST, Queue, own_puzzles, pick, search_games, searchable
from tacocat.puzzles.position import Puzzle
from tacocat.puzzles.scores import Progress
from tacocat.storage.game_info import GameInfo
from tacocat.storage.records import GameRecord, write_record

BUDGET = 400  # enough for a test: what is checked holds at any budget (both games give puzzles)


def record_game(index: int, names: tuple[str, str] = ("Ann", "Bob")) -> GameRecord:
    # Even games seat the first level at YAY: Ann plays at random and misses a lot.
    _, state, events = play_full_game(("random", "easy"), 5, index)
    info = GameInfo.create(names, game_seed(5, index, "deal"))
    record = GameRecord.of_game(info, state, events)
    write_record(record)
    return record


def test_unanswered_own_puzzles_come_first_then_shipped_then_failed(
    candidates: list[Decision],
) -> None:
    made = [Puzzle(f"p{n}", item.view, item.view.legal_actions[0], 0.7, 0.5, "t")
            for n, item in enumerate(candidates[:4])]  # fmt: skip
    progress = Progress()
    progress.answer("p0", False, 1500)
    progress.answer("p2", True, 1500)
    queue = Queue(made[:2], made[2:], progress, "t")
    assert (queue.total, len(queue)) == (3, 3)
    served = [queue.next(1500.0) for _ in range(4)]
    assert served == [made[1], made[3], made[0], None]


def test_the_next_puzzle_is_near_the_rating_and_unlike_the_last() -> None:
    shipped = load_set()
    queue = Queue([], shipped, Progress(), "Ann:0")
    served = [queue.next(rating) for rating in [1500.0] * 40 + [1900.0] * 40]
    assert len({puzzle.key for puzzle in served if puzzle}) == 80
    for last, puzzle in itertools.pairwise(served):
        assert puzzle is not None and last is not None
        assert (last.theme, last.pattern) != (puzzle.theme, puzzle.pattern)
    # Near the rating: no farther from it than the NEAREST-th closest of what was left.
    left = list(shipped)
    for index, puzzle in enumerate(served):
        assert puzzle is not None
        rating, last = (1500.0 if index < 40 else 1900.0), served[index - 1] if index else None
        allowed = [
            p for p in left if last is None or (p.theme, p.pattern) != (last.theme, last.pattern)
        ]
        limit = sorted(abs(p.rating - rating) for p in allowed)[NEAREST - 1]
        assert abs(puzzle.rating - rating) <= limit
        left.remove(puzzle)
    # Seeded: the same player and answers give the same sitting; another seed another one.
    again = Queue([], shipped, Progress(), "Ann:0")
    assert [again.next(r) for r in [1500.0] * 40 + [1900.0] * 40] == served
    other = Queue([], shipped, Progress(), "Bob:0")
    assert [other.next(1500.0) for _ in range(40)] != served[:40]


def test_pick_takes_one_of_the_nearest_and_refuses_only_the_same_theme_and_pattern() -> None:
    shipped = load_set()
    rng = random.Random(1)
    for rating in (900.0, 1500.0, 2100.0):
        nearest = sorted(shipped, key=lambda p: (abs(p.rating - rating), p.key))[:NEAREST]
        assert pick(shipped, rating, None, rng) in nearest
    first = shipped[0]
    alike = [p for p in shipped if (p.theme, p.pattern) == (first.theme, first.pattern)]
    assert pick(alike, 1500.0, first, rng) is None
    assert pick(alike, 1500.0, None, rng) in alike


def test_a_damaged_own_puzzle_is_left_out(candidates: list[Decision]) -> None:
    item = candidates[0]
    good = Puzzle("p", item.view, item.view.legal_actions[0], 0.7, 0.5, "t")
    progress = Progress(own=[{"id": "bad"}, good.to_data()])
    assert own_puzzles(progress) == [good]


@pytest.mark.usefixtures("app_home")
def test_own_games_give_puzzles_where_the_player_missed_the_best_move() -> None:
    records = [record_game(index) for index in (0, 2)]
    progress = Progress()
    added = search_games("Ann", progress, 5, budget=BUDGET)
    assert sorted(progress.searched) == sorted(r.info.game_id for r in records)
    puzzles = own_puzzles(progress)
    assert len(puzzles) == added > 0
    for puzzle in puzzles:
        assert puzzle.view.player == 0  # Ann's seat: Bob's decisions are not hers to learn from
        assert puzzle.played is not None and puzzle.played != puzzle.answer
        assert puzzle.source.startswith("Ann's game ")
    # Searched once: not again.
    assert search_games("Ann", progress, 5, budget=BUDGET) == 0
    assert searchable("Bob", Progress(), 5) != []


@pytest.mark.usefixtures("app_home")
def test_unfinished_other_rules_and_others_games_are_not_searched() -> None:
    record_game(0, ("Cy", "Dee"))
    assert searchable("Ann", Progress(), 5) == []
    assert Rules() == Rules()
