"""Ratings from the records: which games count, in what order, and that they replay."""

from __future__ import annotations

import random

import pytest

from tacocat.engine import Duel, Rules
from tacocat.storage.game_info import GameInfo
from tacocat.storage.glicko2 import Rating
from tacocat.storage.journal import TakenBack
from tacocat.storage.ratings import LEVEL_RATINGS, NameRating, rate, rated
from tacocat.storage.records import GameRecord


def game(
    number: int,
    names: tuple[str, str],
    winner: int | None,
    level: str | None = None,
    computer: int = 1,
    finished: bool = True,
    taken_back: tuple[TakenBack, ...] = (),
) -> GameRecord:
    """A record with only what a rating reads: who, when, against what, and the result."""
    mode = "hot seat" if level is None else "computer"
    started = f"2026-01-01T10:{number // 60:02d}:{number % 60:02d}+00:00"
    info = GameInfo(
        f"g{number:04d}", names, number, started, mode, level, computer if level else None
    )
    return GameRecord(info, Rules(), (), (), finished, winner, 3, taken_back=taken_back)


def test_the_levels_are_ordered_weakest_first() -> None:
    levels = ("random", "easy", "normal", "hard", "expert", "master")
    values = [LEVEL_RATINGS[level].value for level in levels]
    assert values == sorted(values) and list(LEVEL_RATINGS) == list(levels)
    assert LEVEL_RATINGS["easy"].value == Rating().value


def test_a_win_against_a_level_raises_a_loss_lowers_and_the_computer_is_not_rated() -> None:
    ratings = rate(
        [
            game(1, ("Ann", "Computer"), 0, "normal"),
            game(2, ("Computer", "Bob"), 0, "easy", computer=0),
        ]
    )
    assert set(ratings) == {"Ann", "Bob"}
    assert ratings["Ann"].rating.value > 1500 > ratings["Bob"].rating.value
    assert ratings["Ann"].games[0].opponent == "computer (normal)"


def test_beating_a_stronger_level_counts_for_more() -> None:
    weak = rate([game(1, ("Ann", "Computer"), 0, "random")])["Ann"].rating.value
    strong = rate([game(1, ("Ann", "Computer"), 0, "hard")])["Ann"].rating.value
    assert 1500 < weak < strong


def test_hot_seat_rates_both_from_before_the_game() -> None:
    ratings = rate([game(1, ("Ann", "Bob"), 1)])
    gain = ratings["Bob"].rating.value - 1500
    assert gain > 0 and ratings["Ann"].rating.value == pytest.approx(1500 - gain)
    drawn = rate([game(1, ("Ann", "Bob"), None)])
    assert drawn["Ann"].rating.value == pytest.approx(1500) == drawn["Bob"].rating.value


def test_unfinished_games_and_unknown_levels_count_for_nobody() -> None:
    unfinished = game(1, ("Ann", "Bob"), None, finished=False)
    unknown = game(2, ("Ann", "Computer"), 0, "grandmaster")
    assert not rated(unfinished) and not rated(unknown)
    assert rate([unfinished, unknown]) == {}


def test_moves_taken_back_change_nothing() -> None:
    plain = rate([game(1, ("Ann", "Computer"), 0, "hard")])
    taken = rate([game(1, ("Ann", "Computer"), 0, "hard", taken_back=(TakenBack(3, 0, Duel(5)),))])
    assert plain["Ann"].rating == taken["Ann"].rating


def test_the_same_records_in_any_order_give_the_same_ratings() -> None:
    rng = random.Random(5)
    records = [
        game(
            n,
            ("Ann", "Bob") if n % 3 else ("Ann", "Computer"),
            rng.choice([0, 1, None]),
            None if n % 3 else "normal",
        )
        for n in range(40)
    ]
    first = rate(records)
    rng.shuffle(records)
    assert rate(records) == first
    assert [g.record.info.game_id for g in first["Ann"].games] == [f"g{n:04d}" for n in range(40)]


def test_steady_wins_against_a_level_climb_past_it_and_the_deviation_narrows() -> None:
    records = [game(n, ("Ann", "Computer"), 0 if n % 4 else 1, "normal") for n in range(30)]
    ann = rate(records)["Ann"]
    assert ann.rating.value > LEVEL_RATINGS["normal"].value
    assert not ann.provisional and ann.rating.deviation < ann.games[0].after.deviation


def test_trend_is_the_move_over_the_last_games() -> None:
    records = [game(n, ("Ann", "Computer"), 1, "easy") for n in range(5)]
    records += [game(n, ("Ann", "Computer"), 0, "easy") for n in range(5, 15)]
    ann = rate(records)["Ann"]
    assert ann.trend() == pytest.approx(ann.rating.value - ann.games[4].after.value)
    assert ann.trend() > 0 and ann.trend(15) == pytest.approx(ann.rating.value - 1500)
    assert len(ann.recent()) == 10 and NameRating("Cy", ()).trend() == 0.0
