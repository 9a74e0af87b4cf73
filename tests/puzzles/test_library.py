"""Which puzzles come first, and "learn from your mistakes": a player's own games searched."""

from __future__ import annotations

import pytest

from tacocat.ai.match import game_seed, play_full_game
from tacocat.coach.analysis import Decision
from tacocat.engine import Rules
from tacocat.puzzles.library import ordered, own_puzzles, search_games, searchable
from tacocat.puzzles.position import Puzzle
from tacocat.puzzles.scores import Progress
from tacocat.storage.game_info import GameInfo
from tacocat.storage.records import GameRecord, write_record

BUDGET = 800  # enough for a test: what is checked holds at any budget


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
    progress.answer("p0", False)
    progress.answer("p2", True)
    assert ordered(made[:2], made[2:], progress) == [made[1], made[3], made[0]]


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
