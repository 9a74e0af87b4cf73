"""OpenSpiel's solvers on the round variant, and what they say of the computer levels.

    nice -n 19 python benchmarks/research_solvers.py cfr --minutes 10   # NashConv curves
    nice -n 19 python benchmarks/research_solvers.py mccfr             # sampling solvers
    nice -n 19 python benchmarks/research_solvers.py levels            # every level

Needs the ``openspiel`` extra.  The variant is ``tacocat/research/round_rules.toml``
with ``deal="hands"`` and ``one_round=True`` (docs/research.md).

- ``cfr``: ``cfr.CFRSolver`` and ``cfr.CFRPlusSolver``, each for ``--minutes`` of
  CPU time; ``exploitability.nash_conv`` of the average policy after 1, 2, 4,
  8 ... iterations (its own time not counted).
- ``mccfr``: external-sampling MCCFR for ``--iterations`` on the variant, then
  its NashConv; outcome-sampling MCCFR on the standard game, whole hands
  as chance (``deal="hands"``) and card by card (``deal="cards"``), counting
  numpy's floating-point warnings (underflow to 0, division by zero).
- ``levels``: each level's exploitability by OpenSpiel's ``exploitability``
  (levels as policies, :mod:`tacocat.research.levels`) and by the project's
  own exact best response (:mod:`tacocat.research.best_response`), which
  must agree: OpenSpiel counts a win +1 and a loss -1, the project 1 and 0,
  so OpenSpiel's figure is twice the project's score above one half.
  Levels that draw random numbers are asked ``SAMPLES`` times per view.
"""

from __future__ import annotations

import argparse
import time
import warnings
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms import external_sampling_mccfr as es_mccfr
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr

from tacocat.engine import load_rules
from tacocat.research.best_response import Solver
from tacocat.research.levels import ROUND_PARAMETERS, ROUND_RULES, OpenSpielLevel

LEVELS = ("random", "easy", "normal", "hard", "expert", "master")
SAMPLES = {"random": 1, "easy": 32, "normal": 1, "hard": 4, "expert": 2, "master": 2}


def round_game() -> Any:
    return pyspiel.load_game("python_tacocat", ROUND_PARAMETERS)


def curves(minutes: float) -> None:
    game = round_game()
    for name, kind in (("CFR+", cfr.CFRPlusSolver), ("CFR", cfr.CFRSolver)):
        solver, spent, iteration, checkpoint = kind(game), 0.0, 0, 1
        print(f"{name}: iterations, NashConv, CPU seconds of solving", flush=True)
        while spent < minutes * 60:
            started = time.process_time()
            solver.evaluate_and_update_policy()
            spent += time.process_time() - started
            iteration += 1
            if iteration == checkpoint:
                checkpoint *= 2
                conv = exploitability.nash_conv(game, solver.average_policy())
                print(f"  {iteration:5} {conv:.5f} {spent:7.1f}", flush=True)


def sampling(iterations: int) -> None:
    game = round_game()
    solver = es_mccfr.ExternalSamplingSolver(game)
    started = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    spent = time.process_time() - started
    conv = exploitability.nash_conv(game, solver.average_policy())
    print(
        f"external sampling, variant: {iterations} iterations, {spent:.1f} s, NashConv {conv:.4f}"
    )
    for deal in ("hands", "cards"):
        full = pyspiel.load_game("python_tacocat", {"deal": deal})
        outcome = os_mccfr.OutcomeSamplingSolver(full)
        np.random.seed(1)
        with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
            warnings.simplefilter("always")
            started = time.process_time()
            for _ in range(iterations // 10):
                outcome.iteration()
            spent = time.process_time() - started
        print(
            f"outcome sampling, standard game, deal={deal}: {iterations // 10} iterations, "
            f"{spent:.1f} s, {len(caught)} floating-point warnings"
            + (f" (first: {caught[0].message})" if caught else ""),
            flush=True,
        )


def levels(names: list[str]) -> None:
    game, rules = round_game(), load_rules(ROUND_RULES)
    print("level    OpenSpiel exploitability   project: 2 x (mean best-response score - 1/2)")
    for level in names:
        started = time.process_time()
        policy = OpenSpielLevel(game, level, SAMPLES[level])
        theirs = exploitability.exploitability(game, policy)
        scores = [Solver(rules, policy.level, seat, one_round=True).score() for seat in (0, 1)]
        ours = 2 * (sum(scores) / 2 - 0.5)
        spent = time.process_time() - started
        print(f"{level:8} {theirs:25.4f} {ours:12.4f}   ({spent:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("cfr", "mccfr", "levels"))
    parser.add_argument("--minutes", type=float, default=10.0, help="cfr: CPU time per solver")
    parser.add_argument("--iterations", type=int, default=1000, help="mccfr: external sampling")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    args = parser.parse_args()
    if args.part == "cfr":
        curves(args.minutes)
    elif args.part == "mccfr":
        sampling(args.iterations)
    else:
        levels(args.levels)


if __name__ == "__main__":
    main()
