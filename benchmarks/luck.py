"""Does taking the luck out make a result say more?  expert vs hard, luck-adjusted.

    nice -n 10 python benchmarks/luck.py --games 1000 --out luck.jsonl   # plays and measures
    python benchmarks/luck.py --summarise luck.jsonl                   # the figures again

A match of ``expert`` against ``hard`` is played on every core through the
project's match machinery (tacocat.ai.parallel, the seats alternating, each
game seeded from the match seed and its index).  In the worker, right after
each game, the decisions the luck needs (tacocat.coach.luck.needed_steps)
are judged from their player's view with the analysis's seeding
(tacocat.coach.analysis.review) at ``--budget`` rollouts each, and the
expert's result, luck, opponent's luck and luck-adjusted result come back
as one JSON line, written to ``--out`` as the games finish (Ctrl-C keeps
what is done).

The figures: the variance of the expert's raw result (1, 0, or 0.5 for a
draw) and of its luck-adjusted result over the same games, their ratio with
a 95% bootstrap interval (games resampled with replacement), and both
means: the adjustment should move the mean little and the variance a lot.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from tacocat.ai.match import game_seed
from tacocat.ai.parallel import Chunk, MatchPlan, Outcome, run_match
from tacocat.coach.analysis import decisions, review
from tacocat.coach.luck import DEAL, DRAW, measure, needed_steps
from tacocat.engine import Event, GameState

LEVELS = ("expert", "hard")
LUCK_BUDGET = 300  # rollouts per judged decision (the analysis uses 1500)


@dataclass(frozen=True)
class LuckRecorder:
    """Runs in the worker: a finished game's luck figures as one JSON line."""

    budget: int

    def __call__(self, plan: MatchPlan, index: int, state: GameState, events: list[Event]) -> str:
        del events
        seed = game_seed(plan.seed, index, "deal")
        actions = state.history
        wanted = needed_steps(state.rules, seed, actions)
        judged = [
            review(item, seed, self.budget)
            for item in decisions(state.rules, seed, actions)
            if item.step in wanted
        ]
        seats = measure(state.rules, seed, actions, judged)
        expert = seats[0] if index % 2 == 0 else seats[1]  # the expert sits at YAY in even games
        hard = seats[1 - expert.player]
        figures: dict[str, Any] = {"index": index, "actions": len(actions), "judged": len(judged)}
        figures |= expert.to_data()
        for name, seat in (("expert", expert), ("hard", hard)):
            for kind in (DEAL, DRAW):
                swing = sum(item.luck for item in seat.events if item.kind == kind)
                figures[f"{name}_{kind}"] = round(swing, 4)
        figures["hard_skill"] = round(hard.skill, 4)
        return json.dumps(figures)


def play(games: int, seed: int, jobs: int, budget: int, out: str) -> None:
    plan = MatchPlan(LEVELS, seed, recorder=LuckRecorder(budget))
    started = time.perf_counter()
    with open(out, "a", encoding="utf-8") as sink:

        def keep(chunk: Chunk, outcomes: list[Outcome]) -> None:
            for _, text in outcomes:
                sink.write(f"{text}\n")
            sink.flush()
            print(f"games {chunk.start}-{chunk.stop - 1} done", file=sys.stderr, flush=True)

        run = run_match([plan], games, jobs, on_chunk=keep)
    seconds = time.perf_counter() - started
    note = " (stopped early)" if run.partial else ""
    print(f"{run.stats[0].games} games in {seconds:.0f} s on {jobs} processes{note}")


def bootstrap_ratio(
    raw: list[float], adjusted: list[float], rounds: int = 2000, seed: int = 1
) -> tuple[float, float]:
    """95% interval of var(adjusted) / var(raw), resampling whole games."""
    rng = random.Random(seed)
    count = len(raw)
    ratios = []
    for _ in range(rounds):
        picks = [rng.randrange(count) for _ in range(count)]
        low = statistics.pvariance([raw[i] for i in picks])
        if low > 0:
            ratios.append(statistics.pvariance([adjusted[i] for i in picks]) / low)
    ratios.sort()
    return ratios[int(0.025 * len(ratios))], ratios[int(0.975 * len(ratios)) - 1]


def summarise(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as source:
        rows = [row for _, row in sorted((row["index"], row) for row in map(json.loads, source))]
    raw = [row["result"] for row in rows]
    if len(raw) < 2 or statistics.pvariance(raw) == 0:
        return {"games": len(raw), "note": "too few games, or every game the same result"}
    adjusted = [row["luck_adjusted"] for row in rows]
    net = [row["luck"] - row["opponent_luck"] for row in rows]
    var = statistics.pvariance(raw)
    low, high = bootstrap_ratio(raw, adjusted)
    figures: dict[str, Any] = {
        "games": len(raw),
        "mean_result": round(statistics.fmean(raw), 4),
        "mean_luck_adjusted": round(statistics.fmean(adjusted), 4),
        "mean_net_luck": round(statistics.fmean(net), 4),
        "var_result": round(var, 4),
        "var_luck_adjusted": round(statistics.pvariance(adjusted), 4),
        "variance_ratio": round(statistics.pvariance(adjusted) / var, 3),
        "ratio_95": [round(low, 3), round(high, 3)],
        "corr_result_net_luck": round(statistics.correlation(raw, net), 3),
        # The best multiple of the net luck to take out (fitted on these games): 1 if the
        # evaluator's chances were exact, below 1 if noise inflates the luck.
        "best_multiple": round(statistics.linear_regression(net, raw).slope, 3),
        "variance_ratio_best_multiple": round(1 - statistics.correlation(raw, net) ** 2, 3),
        "mean_judged_per_game": round(statistics.fmean(row["judged"] for row in rows), 1),
    }
    for kind in (DEAL, DRAW):
        part = [row[f"expert_{kind}"] - row[f"hard_{kind}"] for row in rows]
        only = [result - luck for result, luck in zip(raw, part, strict=True)]
        figures[f"variance_ratio_{kind}_only"] = round(statistics.pvariance(only) / var, 3)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, default=LUCK_BUDGET)
    parser.add_argument("--out", default="luck.jsonl")
    parser.add_argument("--summarise", metavar="FILE", help="only print the figures of FILE")
    args = parser.parse_args()
    if args.summarise is None:
        play(args.games, args.seed, args.jobs, args.budget, args.out)
    print(json.dumps(summarise(args.summarise or args.out), indent=2))


if __name__ == "__main__":
    main()
