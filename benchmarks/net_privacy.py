"""What the wire carries, over many networked games between computers.

    python benchmarks/net_privacy.py              # 200 games
    python benchmarks/net_privacy.py --games 50 --level normal

Each game is hosted on a real join socket (tacocat.net.selfplay): the
host's keyboard and the joined player's both typed by computers, and a
spectator.  Every screen the joined player and the spectator were sent is
checked as tests/net/test_privacy.py checks its games: each card's own
palindrome shows only on the screens of a terminal whose seat may know
that card then.  Prints a summary (games, screens, median milliseconds a
game) and exits 1 if any game sent what it should not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tacocat.engine import WOW, YAY, Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "net"))

from selfplay import leaks, play_networked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    os.environ["TACOCAT_HOME"] = tempfile.mkdtemp(prefix="tacocat-net-")
    times, messages, failed = [], 0, 0
    for game in range(options.games):
        seed = options.seed + game
        start = time.perf_counter()
        transcript = play_networked(seed, options.level, WOW if game % 2 else YAY)
        times.append((time.perf_counter() - start) * 1000)
        messages += len(transcript.screens) + len(transcript.watched)
        found = leaks(transcript.screens, Rules()) + leaks(transcript.watched, Rules())
        if found:
            failed += 1
            print(f"game {seed}: shown {found}")
    median = statistics.median(times)
    print(
        f"{options.games} games, {messages} screens checked, {failed} failed; "
        f"median {median:.0f} ms a game"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
