"""A game's analysis worked out once: read back from the cache beside its record, or made and kept.

Every cached row is checked against the game re-played from its record, and the
reasons are worked out again from the view: no text from the file is ever shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tacocat import __version__
from tacocat.ai.estimates import ActionEstimate
from tacocat.coach.analysis import (
    Decision,
    GameAnalysis,
    Progress,
    analyse_decisions,
    decisions,
    judged,
)
from tacocat.coach.verdict import Review
from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.errors import StateFormatError
from tacocat.storage.analysis_cache import CacheKey, cache_path, read_cache, write_cache
from tacocat.storage.records import GameRecord

MAX_SPREAD = 100.0  # far above any standard error the evaluator reports


def analyse_record(
    record: GameRecord,
    budget: int,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    """The record's analysis at ``budget`` (``cached``: read back); ReplayError if it cannot."""
    found = decisions(record.rules, record.info.seed, record.actions)
    cached = cached_analysis(record, budget, found)
    if cached is not None:
        return cached
    analysis = analyse_decisions(found, record.info.seed, budget, jobs, progress)
    if record.path is not None:
        key = CacheKey.of(record, __version__, budget)
        write_cache(cache_path(record.path), key, to_rows(analysis.reviews))
    return analysis


def cached_analysis(
    record: GameRecord, budget: int, found: Sequence[Decision] | None = None
) -> GameAnalysis | None:
    """The analysis kept beside the record at ``budget``, if it is there and sound; else None."""
    if record.path is None:
        return None
    rows = read_cache(cache_path(record.path), CacheKey.of(record, __version__, budget))
    if rows is None:
        return None
    if found is None:
        found = decisions(record.rules, record.info.seed, record.actions)
    reviews = from_rows(rows, found)
    return None if reviews is None else GameAnalysis(record.info.seed, budget, reviews, cached=True)


def to_rows(reviews: Sequence[Review]) -> list[list[Any]]:
    return [
        [
            item.step,
            action_to_data(item.best),
            item.win_before,
            item.win_after,
            item.spread,
            item.best_spread,
            item.round_before,
            item.round_after,
            list(item.forces),
        ]
        for item in reviews
    ]


def from_rows(rows: list[Any], found: Sequence[Decision]) -> tuple[Review, ...] | None:
    """The reviews the rows describe for these decisions, or None if any row is wrong."""
    if len(rows) != len(found):
        return None
    reviews = []
    for row, decision in zip(rows, found, strict=True):
        item = _from_row(row, decision)
        if item is None:
            return None
        reviews.append(item)
    return tuple(reviews)


def _from_row(row: Any, decision: Decision) -> Review | None:
    if not (isinstance(row, list) and len(row) == 9 and row[0] == decision.step):
        return None
    try:
        best = action_from_data(row[1])
    except StateFormatError:
        return None
    chances, forces = row[2:8], row[8]
    spreads = chances[2:4]  # standard errors, which calibration may stretch past 1
    del chances[2:4]
    if (
        best not in decision.view.legal_actions
        or not all(_chance(value) for value in chances)
        or not all(_number(value) and value <= MAX_SPREAD for value in spreads)
        or not (isinstance(forces, list) and len(forces) == 2)
        or not all(value is None or _chance(value) for value in forces)
    ):
        return None
    numbers = [float(value) for value in chances]  # the game's chances, then the round's
    forcing = [None if value is None else float(value) for value in forces]
    best_one, played = (
        ActionEstimate(action, numbers[i], numbers[i + 2], 0, float(spreads[1 - i]), forcing[i])
        for i, action in enumerate((best, decision.played))
    )
    return judged(decision, best_one, played)


def _number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0.0
    )


def _chance(value: Any) -> bool:
    return _number(value) and value <= 1.0
