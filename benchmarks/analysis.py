"""How long `tacocat analyze` takes on a game of about 60 decisions, and how steady its marks are.

    python benchmarks/analysis.py                  # the default analysis budget
    python benchmarks/analysis.py --budget 3000 --repeats 3
    python benchmarks/analysis.py --steadiness     # also: marks under other random seeds

The target is at most 60 s per game on this 2-core machine.  The game is
played by the `normal` rules of thumb from a fixed seed (the first seed
whose game has 55-65 decisions), then analysed alternately on every core
(``jobs=2``) and on one (``jobs=1``, the reference), so a busy machine
slows both alike: the ratio is the speed-up from the second core.  CPU
seconds (this process and its workers) are printed too; on an idle
machine the two-core wall time is close to half of them.

Both runs must give the very same reviews: the marks do not depend on the
number of processes.  ``--steadiness`` re-runs the analysis with other
random seeds and counts how often each decision gets the same mark, the
honest measure of how much of a mark is the evaluator's sampling noise.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time

from tacocat.ai import make_agent
from tacocat.coach.analysis import ANALYSIS_BUDGET, GameAnalysis, analyse, decisions, review
from tacocat.engine import Action, Rules, new_game


def sample_game(low: int = 55, high: int = 65) -> tuple[int, Rules, list[Action]]:
    """The first seeded normal-vs-normal game with ``low``..``high`` decisions."""
    for seed in range(1, 1000):
        state = new_game(seed)
        agents = [
            make_agent("normal", random.Random(seed)),
            make_agent("normal", random.Random(-seed)),
        ]
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            state.apply_action(agents[player].choose(state.view(player)))
        if low <= len(state.history) <= high:
            return seed, state.rules, list(state.history)
    raise RuntimeError("no game of that length in the first 1000 seeds")


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # workers, once they have exited
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(
    seed: int, rules: Rules, actions: list[Action], budget: int, jobs: int
) -> tuple[float, float, GameAnalysis]:
    cpu, wall = cpu_seconds(), time.perf_counter()
    result = analyse(rules, seed, actions, budget, jobs)
    return time.perf_counter() - wall, cpu_seconds() - cpu, result


def steadiness(seed: int, rules: Rules, actions: list[Action], budget: int, runs: int) -> None:
    """Mark agreement between the real seed and ``runs`` other seeds, decision by decision."""
    found = [item for item in decisions(rules, seed, actions) if len(item.view.legal_actions) > 1]
    base = [review(item, seed, budget) for item in found]
    agree: list[float] = []
    gaps: list[float] = []
    for other in range(1, runs + 1):
        again = [review(item, seed + 7919 * other, budget) for item in found]
        agree.append(sum(a.mark == b.mark for a, b in zip(base, again, strict=True)) / len(found))
        gaps += [abs(a.drop - b.drop) for a, b in zip(base, again, strict=True)]
    marked = sum(item.mark is not None for item in base)
    print(
        f"steadiness over {runs} other seeds, {len(found)} decisions with a choice "
        f"({marked} marked): same mark {statistics.mean(agree):.0%}, "
        f"drop differs by {statistics.median(gaps) * 100:.1f} points (median), "
        f"{sorted(gaps)[int(0.9 * len(gaps))] * 100:.1f} (90th percentile)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=ANALYSIS_BUDGET)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--steadiness", type=int, nargs="?", const=2, default=0, metavar="RUNS")
    args = parser.parse_args()

    seed, rules, actions = sample_game()
    print(
        f"game: seed {seed}, {len(actions)} decisions; budget {args.budget} rollouts; "
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}"
    )
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: list[float] = []
    results: list[GameAnalysis] = []
    for _ in range(args.repeats):
        for jobs in (2, 1):  # alternate, so both meet the same load
            wall, cpu, result = timed(seed, rules, actions, args.budget, jobs)
            walls[jobs].append(wall)
            cpus.append(cpu)
            results.append(result)
            print(f"  jobs={jobs}: {wall:6.1f} s wall, {cpu:6.1f} s CPU")
    same = all(result.reviews == results[0].reviews for result in results)
    two, one = statistics.median(walls[2]), statistics.median(walls[1])
    print(
        f"median wall: {two:.1f} s on 2 processes, {one:.1f} s on 1 (ratio {one / two:.2f}); "
        f"median CPU {statistics.median(cpus):.1f} s per analysis; "
        f"identical reviews in every run: {same}"
    )
    if args.steadiness:
        steadiness(seed, rules, actions, args.budget, args.steadiness)


if __name__ == "__main__":
    main()
