"""Engine throughput: complete random-vs-random games per second on one core.

    python benchmarks/throughput.py                     # 5 repetitions of 2,000 games
    python benchmarks/throughput.py --games 500 --repeat 3
    python benchmarks/throughput.py --profile           # where the time goes (cProfile)
    python benchmarks/throughput.py --phases            # time per kind of decision
    python benchmarks/throughput.py --digest            # a fingerprint of the games played

Each repetition plays its own seeded games (game i uses ``new_game(i)`` and
a move generator seeded with i; repetition r plays games r*N to r*N+N-1, so
no repetition meets hands the engine's caches already saw), choosing uniformly among
``state.legal_actions()`` - the engine's own loop, with no views and no
agents, so the figure measures the rules engine.  The best repetition is
the least disturbed by other work on the machine; the median shows the
spread.  One process, so one core.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import statistics
import time
from collections import defaultdict

from tacocat.engine import GameState, new_game


def random_game(index: int) -> GameState:
    """Game ``index`` played to the end, each move picked uniformly at random."""
    state = new_game(index)
    rng = random.Random(index)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_games(games: int, first: int = 0) -> int:
    """Play seeded random games ``first``.. to the end; return how many actions they took."""
    return sum(len(random_game(index).history) for index in range(first, first + games))


def digest(games: int) -> str:
    """A fingerprint of ``games`` seeded random games: every final state, saved.

    A change to the engine that keeps the rules must print the same one:
    same seed, same actions, same game.
    """
    fingerprint = hashlib.sha256()
    for index in range(games):
        fingerprint.update(random_game(index).to_json().encode())
    return fingerprint.hexdigest()[:16]


def time_phases(games: int) -> None:
    """Print the time per decision, split by phase, at the price of the clock calls
    (about 0.1 microsecond each)."""
    clock = time.perf_counter
    listing: dict[str, float] = defaultdict(float)
    applying: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    dealing = 0.0
    for index in range(games):
        started = clock()
        state = new_game(index)
        dealing += clock() - started
        rng = random.Random(index)
        while not state.is_terminal():
            phase = state.phase.value
            started = clock()
            action = rng.choice(state.legal_actions())
            chosen = clock()
            state.apply_action(action)
            listing[phase] += chosen - started
            applying[phase] += clock() - chosen
            counts[phase] += 1
    total = dealing + sum(listing.values()) + sum(applying.values())
    print(f"{games} random games, {total:.2f} s in all")
    print(f"{'':8} {'per game':>9} {'list+pick':>10} {'apply':>9} {'share':>6}")
    print(f"{'new game':8} {'1':>9} {'':>10} {dealing / games * 1e6:7.1f}us {dealing / total:6.1%}")
    for phase, count in counts.items():
        share = (listing[phase] + applying[phase]) / total
        print(
            f"{phase:8} {count / games:9.1f} {listing[phase] / count * 1e6:8.2f}us "
            f"{applying[phase] / count * 1e6:7.2f}us {share:6.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--top", type=int, default=25, help="profile rows to show")
    parser.add_argument("--phases", action="store_true", help="time each kind of decision")
    parser.add_argument("--digest", action="store_true", help="fingerprint the games played")
    args = parser.parse_args()

    if args.digest:
        print(f"{args.games} games: {digest(args.games)}")
        return
    if args.phases:
        time_phases(args.games)
        return

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_games(args.games)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.top)
        return

    warm_up = min(args.games, 200)
    play_games(warm_up, first=-warm_up)  # warm the caches on games not measured
    rates = []
    actions = 0
    for repetition in range(args.repeat):
        started = time.perf_counter()
        actions = play_games(args.games, first=repetition * args.games)
        rates.append(args.games / (time.perf_counter() - started))
    print(
        f"random vs random, {args.games} games x {args.repeat}: "
        f"best {max(rates):,.0f} games/s, median {statistics.median(rates):,.0f} games/s "
        f"({actions / args.games:.1f} actions per game; "
        f"best {max(rates) * actions / args.games:,.0f} actions/s)"
    )


if __name__ == "__main__":
    main()
