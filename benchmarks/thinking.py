"""How long a level thinks per decision, with its default budget.

    python benchmarks/thinking.py                   # 20 games of hard vs normal
    python benchmarks/thinking.py --games 50 --rollouts 400
    python benchmarks/thinking.py --level master --opponent expert --games 10
    python benchmarks/thinking.py --level master --opponent expert --option duels=1

The targets: at most 0.5 s per decision for `hard`; a median of 1 s and a
maximum of 3 s for `expert` and `master`.  Budgets are work (rollouts),
never a clock, so the same seed plays the same game on any machine; this
script times every decision that had more than one legal action.  One
process, so one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from expert import option

from tacocat.ai import make_agent
from tacocat.ai.montecarlo import DEFAULT_ROLLOUTS
from tacocat.engine import new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="hard's budget")
    parser.add_argument("--level", default="hard", help="the level timed")
    parser.add_argument("--opponent", default="normal")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="for the level timed"
    )
    args = parser.parse_args()
    given = dict(option(text) for text in args.option)

    times: dict[str, list[float]] = {}
    for index in range(args.games):
        rng = random.Random(f"{args.seed}:{index}")
        options: dict[str, float] = {"rollouts": args.rollouts} if args.level == "hard" else {}
        options.update(given)
        timed = make_agent(args.level, rng, **options)
        opponent = make_agent(args.opponent, rng)
        seat = index % 2  # the timed player alternates seats
        state = new_game(rng.getrandbits(32))
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            if player != seat:
                state.apply_action(opponent.choose(view))
                continue
            started = time.perf_counter()
            action = timed.choose(view)
            if len(view.legal_actions) > 1:
                times.setdefault(view.phase.value, []).append(time.perf_counter() - started)
            state.apply_action(action)

    every = sorted(t for phase_times in times.values() for t in phase_times)
    print(
        f"{args.level} vs {args.opponent}, "
        f"{args.games} games, {len(every)} decisions with a choice:"
    )
    for phase, phase_times in sorted(times.items()):
        print(
            f"  {phase:>8}: {len(phase_times):5} decisions, "
            f"median {statistics.median(phase_times) * 1000:6.1f} ms, "
            f"max {max(phase_times) * 1000:6.1f} ms"
        )
    p99 = every[int(0.99 * (len(every) - 1))]
    print(
        f"  all: median {statistics.median(every) * 1000:.1f} ms, "
        f"99th percentile {p99 * 1000:.1f} ms, max {every[-1] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
