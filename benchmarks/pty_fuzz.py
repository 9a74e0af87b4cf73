"""The long pty fuzz: many whole hot-seat games with junk typed at every prompt.

    python benchmarks/pty_fuzz.py                    # 40 games, standard rules
    python benchmarks/pty_fuzz.py --games 200 --rate 0.7 --seed 1000
    python benchmarks/pty_fuzz.py --short            # two-card hands: quick games
    python benchmarks/pty_fuzz.py --vs-computer random --ask-names
    python benchmarks/pty_fuzz.py --short --settle 0.2   # a shorter settle time

Each game runs ``tacocat play`` in a pseudo-terminal and types junk
(control characters, escape sequences, Unicode digits, bytes that are not
UTF-8, long lines, questions opened and left) at a share ``rate`` of the
prompts; after half the moves that hand the keyboard over, the player who
made it types on out of habit (Enter again, u, q, ?, an arrow) at random
delays within the curtain's settle time (the game's own second unless
--settle says otherwise).  The driver is tests/e2e/ptyfuzz.py, whose fast
variant runs in the test suite.  A game fails on a traceback, a prompt that
does not come within the timeout (a hang), a game that does not end, a hand
on a hand-over screen, a hand shown to a player who did not pass its
hand-over, or a control character in what the game wrote.  Prints one line per
game and a summary; exits 1 if any game failed.  Needs the dev extras
(pexpect, pyte).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from ptyfuzz import SHORT_RULES, Fuzzer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (then +1 each)")
    parser.add_argument("--rate", type=float, default=0.5, help="share of prompts given junk")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a prompt may take")
    parser.add_argument("--short", action="store_true", help="two-card hands: short games")
    parser.add_argument("--vs-computer", metavar="LEVEL", help="play YAY against this level")
    parser.add_argument("--ask-names", action="store_true", help="junk at the name prompts too")
    parser.add_argument(
        "--settle", type=float, help="the curtain's settle time in seconds (default: the game's)"
    )
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="tacocat-fuzz-"))
    rules = None
    if args.short:
        rules = scratch / "short.toml"
        rules.write_text(SHORT_RULES, encoding="utf-8")
    failures = 0
    totals = {"prompts": 0, "junk": 0, "moves": 0, "handovers": 0, "strays": 0}
    started = time.perf_counter()
    try:
        for seed in range(args.seed, args.seed + args.games):
            home = scratch / f"home-{seed}"
            began = time.perf_counter()
            try:
                report = Fuzzer(
                    home,
                    seed,
                    args.rate,
                    args.timeout,
                    rules,
                    args.vs_computer,
                    args.ask_names,
                    args.settle,
                ).play()
            except Exception:  # report every kind of failure and go on to the next game
                failures += 1
                print(f"seed {seed}: FAILED")
                traceback.print_exc(limit=3)
                continue
            finally:
                shutil.rmtree(home, ignore_errors=True)
            for key in totals:
                totals[key] += getattr(report, key)
            print(
                f"seed {seed}: ok in {time.perf_counter() - began:.1f}s, "
                f"{report.prompts} prompts, {report.junk} junk, {report.moves} moves, "
                f"{report.handovers} hand-overs, {report.strays} keys typed on"
            )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    elapsed = time.perf_counter() - started
    print(
        f"{args.games - failures}/{args.games} games ok in {elapsed:.0f}s: "
        + ", ".join(f"{value} {key}" for key, value in totals.items())
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
