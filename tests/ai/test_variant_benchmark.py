"""Common random numbers (benchmarks/variant.py): a variant is compared on the level's own rounds.

The script's figures are only as narrow as its claim: a variant that decides
as the level does plays the level's round move for move, and the opponent's
decisions read from the level's round are the ones it would have made.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tacocat.ai import make_agent
from tacocat.engine import YAY, GameState

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
try:
    import variant
finally:
    sys.path.remove(str(BENCHMARKS))


def seats(rollouts: int) -> list[Any]:
    """The subject (YAY, ``hard`` with ``rollouts``) and its opponent (WOW, fixed)."""
    subject = make_agent("hard", random.Random(0), rollouts=rollouts)
    return [subject, make_agent("normal", random.Random(1))]


def test_a_variant_deciding_as_the_level_does_plays_its_round_move_for_move() -> None:
    for seed in range(3):
        start = GameState(random.Random(seed), undoable=False)
        key = (seed, 0, "test")
        winner, actions, left = variant.finish(start.clone(), seats(12), key)
        assert not left
        # Fresh players, the same seeds: the same round (so a record may stand in for a search).
        assert variant.finish(start.clone(), seats(12), key) == (winner, actions, False)
        again = variant.finish(start.clone(), seats(12), key, actions, subject=YAY)
        assert again == (winner, actions, False)


@pytest.mark.parametrize(("rollouts", "salt"), [(40, ""), (3, ":control")])
def test_a_variant_deciding_otherwise_leaves_the_level_at_its_own_decision(
    rollouts: int, salt: str
) -> None:
    # Another budget, or the same player with other random numbers (the control).
    left_once = False
    for seed in range(6):
        start = GameState(random.Random(seed), undoable=False)
        key = (seed, 0, "test")
        _, actions, _ = variant.finish(start.clone(), seats(3), key)
        replay = start.clone()
        _, changed, left = variant.finish(replay, seats(rollouts), key, actions, YAY, salt)
        if not left:
            assert changed == actions
            continue
        left_once = True
        first = next(
            i for i, pair in enumerate(zip(actions, changed, strict=False)) if pair[0] != pair[1]
        )
        table = start.clone()
        for action in actions[:first]:
            table.apply_action(action)
        assert table.current_player() == YAY  # the subject's decision, not the opponent's
    assert left_once
