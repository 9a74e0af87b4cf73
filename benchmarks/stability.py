"""Does a replacement choice survive a change of seed?  The expert and the pinned one.

    python benchmarks/stability.py                  # 200 decisions, 5 other seeds each
    python benchmarks/stability.py --decisions 50 --player pinned
    python benchmarks/stability.py --marks        # also: how game analysis marks the picks

The decisions are the replacements with a choice that the player met in
seeded games against the pinned expert (``benchmarks/pinned.py``),
seats alternating, every such decision of game 0, then game 1, and so on,
until there are enough.  Each is decided again by a fresh player under six
seeds.  A decision is *stable* when the five other seeds all pick what the
first one picked; the script prints that
share with a 95% Wilson interval, the mean share of seeds agreeing, and how
many different picks the least stable decisions got, and how often the
first pick is the rules of thumb's replacement (``ROLLOUT``'s, the expert's
natural choice).  ``--marks`` also analyses each decision as ``tacocat
analyze`` does (its budget, its seeding) and counts the marks the first
pick would get.  Both cores are used
(one process per core); the figures do not depend on how many.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from expert import make, seated

from tacocat.ai.evaluator import evaluate
from tacocat.ai.expert import natural_replacement
from tacocat.ai.match import game_seed, wilson
from tacocat.coach.analysis import ANALYSIS_BUDGET
from tacocat.coach.verdict import mark_for
from tacocat.engine import Phase, PlayerView, Replace

OTHER_SEEDS = 5


def decisions_of(player: str, index: int, seed: int) -> list[PlayerView]:
    """Game ``index`` of ``player`` against the reference: its replacements with a choice."""
    seat_of_player, seats, state = seated(player, "pinned", seed, index)
    found: list[PlayerView] = []
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        if mover == seat_of_player and view.phase is Phase.REPLACE and len(view.legal_actions) > 1:
            found.append(view)
        state.apply_action(seats[mover].choose(view))
    return found


def picks(arguments: tuple[str, PlayerView, int, int | None]) -> list[Any]:
    """The replacements ``player`` picks in ``view`` under six seeds."""
    player, view, number, budget = arguments
    chosen = []
    for round_ in range(OTHER_SEEDS + 1):
        agent = make(player, random.Random(game_seed(99, number, f"stability{round_}")), budget)
        action = agent.choose(view)
        assert isinstance(action, Replace)
        chosen.append(action.values)
    return chosen


def analysis_mark(arguments: tuple[PlayerView, int, Replace]) -> str | None:
    """The mark game analysis gives ``pick`` in ``view`` (None: accurate enough)."""
    view, number, pick = arguments
    evaluation = evaluate(view, random.Random(f"tacocat-analysis:{number}"), ANALYSIS_BUDGET)
    return mark_for(max(0.0, evaluation.best.win_game - evaluation.of(pick).win_game))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="expert")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--budget", type=int, help="the expert's rollouts per decision")
    parser.add_argument("--marks", action="store_true", help="how analysis marks the picks")
    args = parser.parse_args()
    views: list[PlayerView] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        index = 0
        while len(views) < args.decisions:
            batch = range(index, index + args.workers)
            for found in pool.map(
                decisions_of, [args.player] * len(batch), batch, [args.seed] * len(batch)
            ):
                views += found
            index += args.workers
        views = views[: args.decisions]
        work = [(args.player, view, number, args.budget) for number, view in enumerate(views)]
        results = list(pool.map(picks, work, chunksize=1))
        firsts = [Replace(chosen[0]) for chosen in results]
        asked = [
            (view, number, pick)
            for number, (view, pick) in enumerate(zip(views, firsts, strict=True))
        ]
        marks = list(pool.map(analysis_mark, asked)) if args.marks else []
    stable = sum(all(pick == chosen[0] for pick in chosen[1:]) for chosen in results)
    agreeing = sum(sum(pick == chosen[0] for pick in chosen[1:]) for chosen in results)
    low, high = wilson(stable, len(results))
    spread = Counter(len(set(chosen)) for chosen in results)
    print(
        f"{args.player}: {len(results)} replacement decisions from {index} games;"
        f" stable under {OTHER_SEEDS} other seeds: {stable} ({stable / len(results):.1%},"
        f" 95% Wilson {low:.1%}-{high:.1%}); other seeds agreeing:"
        f" {agreeing / (OTHER_SEEDS * len(results)):.1%}"
    )
    print(
        "different picks per decision: " + ", ".join(f"{k}: {v}" for k, v in sorted(spread.items()))
    )
    natural = sum(
        chosen[0] == natural_replacement(view).values
        for view, chosen in zip(views, results, strict=True)
    )
    print(f"the first pick is the rules of thumb's replacement in {natural} of {len(results)}")
    if args.marks:
        counted = Counter(mark or "accurate" for mark in marks)
        print("analysis marks the first pick: " + ", ".join(f"{k} {v}" for k, v in counted.items()))
    sys.exit(0)


if __name__ == "__main__":
    main()
