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
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from tacocat.ai.match import MatchStats, play_match

# The targets: the stronger level must win at least this share of games.
TARGETS = {("normal", "random"): 0.90, ("hard", "normal"): 0.60}


def play_slice(levels: tuple[str, str], seed: int, start: int, stop: int) -> MatchStats:
    """One worker's share of a match (module level, so processes can pickle it)."""
    return play_match(levels, seed, range(start, stop))


def run_pair(levels: tuple[str, str], games: int, seed: int, workers: int) -> MatchStats:
    """The whole match, split into ``workers`` slices played side by side."""
    bounds = [games * part // workers for part in range(workers + 1)]
    started = time.perf_counter()
    total = MatchStats(levels)
    if workers == 1:
        total.merge(play_slice(levels, seed, 0, games))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(play_slice, levels, seed, bounds[i], bounds[i + 1])
                for i in range(workers)
            ]
            for future in futures:
                total.merge(future.result())
    total.seconds = time.perf_counter() - started  # wall time of the whole match
    return total


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return (centre - half, centre + half)


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
