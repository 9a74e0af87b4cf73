"""The pinned expert (benchmarks/pinned.py), issue 38's yardstick, still plays today's engine.

Its code is the expert of an old commit importing today's engine; an engine
change it was not rewritten for breaks every strength figure measured against it.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.engine import GameState
from tacocat.engine.events import Showdown

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_the_pinned_expert_plays_a_whole_round_of_todays_engine() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import pinned
    finally:
        sys.path.remove(str(BENCHMARKS))
    try:
        pinned.full_revision(pinned.PINNED)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"this checkout's history lacks the pinned revision {pinned.PINNED}")
    seats = [pinned.pinned_expert(random.Random(seat)) for seat in (0, 1)]
    state = GameState(random.Random(5), undoable=False)
    phases = set()
    while True:
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        phases.add(view.phase.name)
        events = state.apply_action(seats[mover].choose(view))
        if any(isinstance(event, Showdown) for event in events):
            break
    assert {"REPLACE", "DUEL", "ATTACK", "ANSWER"} <= phases
