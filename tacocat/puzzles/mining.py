"""Finding puzzles among a game's decisions, each from its player's view only.

A candidate is judged twice with independent generators: one that passes by
luck of the imagined deals rarely passes twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tacocat.coach.analysis import Decision, decisions
from tacocat.engine import Player
from tacocat.puzzles.judge import PUZZLE_BUDGET, judge
from tacocat.puzzles.position import Puzzle, is_puzzle_view
from tacocat.storage.records import GameRecord


@dataclass(frozen=True)
class Source:
    """Where decisions come from: a key prefix for their puzzles and a line saying where."""

    prefix: str
    words: str


def mine(
    found: Iterable[Decision],
    source: Source,
    budget: int = PUZZLE_BUDGET,
    missed_only: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles among ``found``; ``missed_only``: where the move played was not the best."""
    for decision in found:
        view = decision.view
        if not is_puzzle_view(view):
            continue
        key = f"{source.prefix}-{decision.step}"
        _, first = judge(view, key, budget)
        if first is None or (missed_only and decision.played == first.answer):
            continue
        _, second = judge(view, f"{key}:confirm", budget)  # the second opinion
        if second is None or second.answer != first.answer:
            continue
        played = decision.played if decision.played != first.answer else None
        yield Puzzle(key, view, first.answer, first.best, first.runner_up, source.words, played)


def mistakes_of(record: GameRecord, player: Player, budget: int = PUZZLE_BUDGET) -> list[Puzzle]:
    """Puzzles from ``player``'s own decisions in ``record`` where they missed the best move."""
    info = record.info
    source = Source(info.short_id, f"{info.names[player]}'s game {info.short_id}")
    found = decisions(record.rules, info.seed, record.actions)
    theirs = (item for item in found if item.player == player)
    return list(mine(theirs, source, budget, missed_only=True))
