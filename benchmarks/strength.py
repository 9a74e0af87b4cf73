"""How strong are the computer levels?  Seeded matches, seats alternating.

    python benchmarks/strength.py                       # the two targets, 1,000 games each
    python benchmarks/strength.py --pair hard:normal --games 200 --workers 1

Each pair ``A:B`` plays a match in which A sits at YAY in even games and at
WOW in odd ones (tacocat.ai.match).  The games are split between worker
processes (one per core by default); every game has its own seeds, so the
figures do not depend on how the games were split.  The script prints A's
win rate with a 95% confidence interval and whether it meets the target.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from tacocat.ai.match import MatchStats, wilson
from tacocat.ai.parallel import MatchPlan, run_match

# The targets: the stronger level must win at least this share of games.
TARGETS = {("normal", "random"): 0.90, ("hard", "normal"): 0.60}


def run_pair(levels: tuple[str, str], games: int, seed: int, workers: int) -> MatchStats:
    """The whole match on ``workers`` processes (tacocat.ai.parallel, as simulate --jobs)."""
    started = time.perf_counter()
    stats = run_match([MatchPlan(levels, seed)], games, workers).stats[0]
    stats.seconds = time.perf_counter() - started  # wall time of the whole match
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pair",
        action="append",
        metavar="A:B",
        help="levels to match (repeatable); default: the targets normal:random and hard:normal",
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print one JSON object per pair")
    args = parser.parse_args()
    pairs = [tuple(p.split(":", 1)) for p in args.pair] if args.pair else list(TARGETS)

    failed = False
    for first, second in pairs:
        levels = (first, second)
        stats = run_pair(levels, args.games, args.seed, args.workers)
        wins = stats.wins[0]
        low, high = wilson(wins, stats.games)
        target = TARGETS.get(levels)
        met = None if target is None else wins / stats.games >= target
        failed |= met is False
        if args.json:
            figures = stats.to_dict()
            figures.update(seed=args.seed, interval95=[low, high], target=target, met=met)
            print(json.dumps(figures))
            continue
        verdict = (
            "" if target is None else f"  target >= {target:.0%}: {'met' if met else 'MISSED'}"
        )
        print(
            f"{first} vs {second}: {first} won {wins}/{stats.games} "
            f"({wins / stats.games:.1%}, 95% CI {low:.1%}-{high:.1%}), "
            f"lost {stats.wins[1]}, drew {stats.draws}; seed {args.seed}; "
            f"{stats.seconds:.0f} s on {args.workers} worker(s){verdict}",
            flush=True,
        )
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
