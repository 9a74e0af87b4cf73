"""What the ratings add to `tacocat history`, with hundreds of records.

    python benchmarks/ratings.py --records 300 --rounds 15

Writes ``--records`` finished games of random moves (hot seat and against
each level, four names) into a temporary folder, then times, alternating in
the same run: reading the records as ``history`` does (``list_records``,
which re-plays every game: the reference), and the same followed by the
rating lines (:func:`tacocat.cli.history.rating_lines`, every rating worked
out again from the records).  Prints the medians and their ratio, and the
median time of :func:`tacocat.storage.ratings.rate` alone.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

from tacocat.engine import new_game
from tacocat.names import COMPUTER_LEVELS
from tacocat.storage.game_info import GameInfo
from tacocat.storage.records import GameRecord, list_records, write_record

NAMES = ("Ann", "Bob", "Cy", "Di")


def write_games(count: int) -> None:
    """``count`` finished games of random legal moves, one a minute."""
    rng = random.Random(1)
    for number in range(count):
        state = new_game(number)
        events = list(state.opening_events)
        while not state.is_terminal():
            events += state.apply_action(rng.choice(list(state.legal_actions())))
        first, second = rng.sample(NAMES, 2)
        level = rng.choice((None, *COMPUTER_LEVELS))
        names = (first, second) if level is None else (first, "Computer")
        mode, computer = ("hot seat", None) if level is None else ("computer", 1)
        started = (
            f"2026-01-{1 + number // 1440:02d}T{number // 60 % 24:02d}:{number % 60:02d}:00+00:00"
        )
        info = GameInfo(f"g{number:05d}", names, number, started, mode, level, computer)
        write_record(GameRecord.of_game(info, state, events))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["TACOCAT_HOME"] = home
        from tacocat.cli.history import rating_lines
        from tacocat.storage.paths import records_dir
        from tacocat.storage.ratings import rate

        records_dir().mkdir(parents=True, exist_ok=True)
        write_games(args.records)
        plain, rated, alone = [], [], []
        for _ in range(args.rounds):
            started = time.perf_counter()
            records, _ = list_records()
            plain.append(time.perf_counter() - started)
            started = time.perf_counter()
            records, _ = list_records()
            lines = rating_lines(records)
            rated.append(time.perf_counter() - started)
            started = time.perf_counter()
            rate(records)
            alone.append(time.perf_counter() - started)
        reference, with_ratings = statistics.median(plain), statistics.median(rated)
        print(f"{len(records)} records, {args.rounds} rounds alternating")
        print(f"list_records alone:         median {reference * 1000:8.1f} ms")
        print(f"list_records + rating lines: median {with_ratings * 1000:8.1f} ms")
        print(
            f"ratio {with_ratings / reference:.3f}; rate() alone: median "
            f"{statistics.median(alone) * 1000:.2f} ms"
        )
        print(*lines, sep="\n")


if __name__ == "__main__":
    main()
