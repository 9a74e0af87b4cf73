"""`tacocat simulate` against a minimal loop of the rules, and 1 job against 2.

    python benchmarks/simulate_speed.py                        # 5 rounds of 5,000 games
    python benchmarks/simulate_speed.py --games 20000 --rounds 5
    python benchmarks/simulate_speed.py --also before=/tmp/old-tacocat   # another source tree too
    python benchmarks/simulate_speed.py --scaling --games 20000          # --jobs 1 vs --jobs 2
    python benchmarks/simulate_speed.py --rollouts --also Python=/tmp/py  # microseconds per rollout

Every measurement is a whole process, as a user runs it: the reference
(``benchmarks/reference_loop.py``, a throwaway loop of the same rules: no
views, no events, no checks) and ``tacocat simulate --p1 random --p2 random
--jobs 1 --json``.  They run alternately, round after round, so a busy
moment slows all of them alike; the figure is each one's CPU time (user +
system, from ``getrusage``), its median over the rounds, and the ratio
*reference CPU / simulate CPU* (1.0 would be as fast as the minimal loop).
``--also NAME=PATH`` adds the tacocat found at PATH (a source tree, put on
PYTHONPATH), e.g. an older checkout, to the same rounds.

Each ``--also`` row is also compared with the first ``simulate`` row
(*its CPU / the other's*: above 1 means the first is that much faster).
``--rollouts`` times the evaluator instead (what ``tacocat
analyze``, hints and the expert spend their time on): every decision of one
seeded normal-vs-normal game evaluated at a budget of 300 rollouts, CPU time
per rollout, same alternation.

``--scaling`` times wall clock instead: ``--jobs 1`` against ``--jobs 2``
(speed-up = median wall time of 1 job / of 2 jobs).  Other programs on the
machine take cores away from it, so run it when the machine is idle.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
NEUTRAL = tempfile.gettempdir()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], pythonpath: str | None = None) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of one child process."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    cpu, wall = children_cpu(), time.perf_counter()
    # From a neutral folder: `python -m` puts the working folder first on sys.path,
    # which would shadow the PYTHONPATH of an --also tree with this checkout.
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, check=False, cwd=NEUTRAL
    )
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return cpu, wall, done.stdout


def simulate_command(games: int, jobs: int | None, pythonpath: str | None) -> list[str]:
    command = [sys.executable, "-m", "tacocat", "simulate", "-n", str(games)]
    command += ["--p1", "random", "--p2", "random", "--json"]
    if jobs is not None and _has_jobs(pythonpath):
        command += ["--jobs", str(jobs)]
    return command


def _has_jobs(pythonpath: str | None) -> bool:
    """Older versions have no --jobs option (and play on one core anyway)."""
    env = dict(os.environ, **({"PYTHONPATH": pythonpath} if pythonpath else {}))
    shown = subprocess.run(
        [sys.executable, "-m", "tacocat", "simulate", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=NEUTRAL,
    )
    return "--jobs" in shown.stdout


def compare(games: int, rounds: int, also: list[tuple[str, str]]) -> None:
    contenders: list[tuple[str, list[str], str | None]] = [
        ("reference loop", [sys.executable, str(HERE / "reference_loop.py"), str(games)], None),
        ("simulate", simulate_command(games, 1, None), None),
    ]
    for name, path in also:
        contenders.append((name, simulate_command(games, 1, path), path))
    cpu: dict[str, list[float]] = {label: [] for label, _, _ in contenders}
    for number in range(rounds):
        for label, command, path in contenders:
            seconds, _, _ = timed(command, path)
            cpu[label].append(seconds)
        print(
            f"round {number + 1}: "
            + ", ".join(f"{label} {runs[-1]:.2f} s" for label, runs in cpu.items()),
            flush=True,
        )
    reference = statistics.median(cpu["reference loop"])
    first = statistics.median(cpu[contenders[1][0]])
    print(f"\n{games:,} random-vs-random games per run, median CPU of {rounds} runs:")
    print(f"{'':28} {'CPU s':>8} {'per game':>10} {'ratio':>7} {'vs simulate':>12}")
    for label, runs in cpu.items():
        median = statistics.median(runs)
        print(
            f"{label:28} {median:8.2f} {1000 * median / games:8.3f}ms {reference / median:6.2f}x"
            f" {median / first:11.2f}x"
        )


# One child process: every decision of a seeded normal-vs-normal game evaluated.
ROLLOUTS = """
import random, sys, time
from tacocat.ai import make_agent
from tacocat.ai.evaluator import evaluate
from tacocat.engine import new_game
state, rollouts, cpu = new_game(7), 0, 0.0
agents = [make_agent("normal", random.Random(7 + seat)) for seat in (0, 1)]
while not state.is_terminal():
    mover = state.current_player()
    view = state.view(mover)
    started = time.process_time()
    rollouts += evaluate(view, random.Random(len(state.history)), int(sys.argv[1])).rollouts
    cpu += time.process_time() - started
    state.apply_action(agents[mover].choose(view))
print(rollouts, cpu)
"""


def rollouts(budget: int, rounds: int, also: list[tuple[str, str]]) -> None:
    contenders: list[tuple[str, str | None]] = [("this tree", None), *also]
    per: dict[str, list[float]] = {label: [] for label, _ in contenders}
    for number in range(rounds):
        for label, path in contenders:
            _, _, shown = timed([sys.executable, "-c", ROLLOUTS, str(budget)], path)
            count, seconds = shown.split()
            per[label].append(1e6 * float(seconds) / int(count))
        print(f"round {number + 1}: " + ", ".join(f"{k} {v[-1]:.1f} us" for k, v in per.items()))
    first = statistics.median(per[contenders[0][0]])
    print(f"\nmicroseconds of CPU per rollout (budget {budget}), median of {rounds} runs:")
    for label, runs in per.items():
        median = statistics.median(runs)
        print(f"{label:28} {median:8.1f} us   {median / first:5.2f}x the first")


def scaling(games: int, rounds: int) -> None:
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    for number in range(rounds):
        for jobs in (1, 2):
            cpu, wall, _ = timed(simulate_command(games, jobs, None))
            walls[jobs].append(wall)
            cpus[jobs].append(cpu)  # the workers' CPU time included (they are waited for)
        print(
            f"round {number + 1}: 1 job {walls[1][-1]:.2f} s (CPU {cpus[1][-1]:.2f} s), "
            f"2 jobs {walls[2][-1]:.2f} s (CPU {cpus[2][-1]:.2f} s)"
        )
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    print(
        f"\n{games:,} games, median wall time of {rounds} runs: 1 job {one:.2f} s, "
        f"2 jobs {two:.2f} s: speed-up {one / two:.2f}x "
        f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)\n"
        f"total CPU: 1 job {cpu_one:.2f} s, 2 jobs {cpu_two:.2f} s: the most 2 idle cores "
        f"could give is {2 * cpu_one / cpu_two:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--also", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--scaling", action="store_true", help="time --jobs 1 against --jobs 2")
    parser.add_argument("--rollouts", action="store_true", help="time the evaluator's rollouts")
    parser.add_argument("--budget", type=int, default=300, help="rollouts per decision")
    args = parser.parse_args()
    if args.scaling:
        scaling(args.games, args.rounds)
        return
    also = [item.split("=", 1) for item in args.also]
    if args.rollouts:
        rollouts(args.budget, args.rounds, [(name, path) for name, path in also])
        return
    compare(args.games, args.rounds, [(name, path) for name, path in also])


if __name__ == "__main__":
    main()
