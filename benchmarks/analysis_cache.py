"""A second `tacocat analyze` of the same game: read from the cache beside the record.

    python benchmarks/analysis_cache.py                 # budget 1500, 3 rounds
    python benchmarks/analysis_cache.py --budget 300 --repeats 5

The game of benchmarks/analysis.py (a normal-vs-normal game of about 60
decisions) is recorded in a temporary home; each round removes the cache,
analyses the game (the reference: every decision evaluated, on every
core), then analyses it again (read back: the record re-played and each
cached row checked).  The two alternate, so a busy machine slows both
alike; the medians and their ratio are printed, with the rollouts each
spent (counted, not timed: the second must spend none).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tacocat.ai.evaluator import evaluate
from tacocat.coach import analysis as analysis_module
from tacocat.coach.analysis import ANALYSIS_BUDGET
from tacocat.coach.stored import analyse_record
from tacocat.engine import PlayerView, new_game
from tacocat.storage.analysis_cache import cache_path
from tacocat.storage.autosave import AutoSave
from tacocat.storage.records import read_record, record_path

SPENT: list[int] = []


def counting(view: PlayerView, rng: random.Random, budget: int, **kwargs: Any) -> Any:
    evaluation = evaluate(view, rng, budget, **kwargs)
    SPENT.append(evaluation.rollouts)
    return evaluation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=ANALYSIS_BUDGET)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    os.environ["TACOCAT_HOME"] = tempfile.mkdtemp(prefix="tacocat-bench-")
    sys.path.insert(0, str(Path(__file__).parent))
    from analysis import sample_game  # the same game as the analysis benchmark

    seed, rules, actions = sample_game()
    state = new_game(seed, rules)
    autosave = AutoSave.start(state, ("Ann", "Bob"), seed)
    for action in actions:
        autosave.after_action(state.apply_action(action))
    record = read_record(record_path(autosave.info))
    assert record.path is not None
    # Counted in this process only (jobs=1), so every rollout is seen.
    analysis_module.evaluate = counting  # type: ignore[assignment]
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(args.repeats):
        cache_path(record.path).unlink(missing_ok=True)
        SPENT.clear()
        start = time.perf_counter()
        first = analyse_record(record, args.budget, jobs=1)
        cold.append(time.perf_counter() - start)
        cold_rollouts = sum(SPENT)
        SPENT.clear()
        start = time.perf_counter()
        second = analyse_record(record, args.budget, jobs=1)
        warm.append(time.perf_counter() - start)
        assert second.cached and second.reviews == first.reviews and not SPENT
    cold_median, warm_median = statistics.median(cold), statistics.median(warm)
    print(f"{len(actions)} moves, budget {args.budget}, {args.repeats} rounds")
    print(f"analysed:  median {cold_median:.2f} s, {cold_rollouts} rollouts")
    print(f"read back: median {warm_median:.3f} s, 0 rollouts")
    print(f"ratio (read back / analysed): {warm_median / cold_median:.4f}")


if __name__ == "__main__":
    main()
