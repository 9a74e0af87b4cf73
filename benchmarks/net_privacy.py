"""What the wire carries, over many networked games between computers.

    python benchmarks/net_privacy.py              # 200 games
    python benchmarks/net_privacy.py --games 50 --level normal

Each game is hosted on a real join socket (tacocat.net.selfplay): a
computer at the host's seat, a computer client at the other that knows
only what it receives, and a spectator.  Every message the client and the
spectator received is checked as tests/net/test_privacy.py checks its 20:
each view exactly its seat's view at the decision it names, each spectator
view a public view of the game, each event a public event, both hands only
at the end.  Prints a summary (games, messages, median milliseconds a game)
and exits 1 if any game sent what it should not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "net"))

from test_privacy import check

from tacocat.engine import WOW, YAY
from tacocat.net.selfplay import play_networked


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
        messages += len(transcript.received) + len(transcript.watched)
        try:
            check(transcript)
        except AssertionError as error:
            failed += 1
            print(f"game {seed}: {error}")
    median = statistics.median(times)
    print(
        f"{options.games} games, {messages} messages checked, {failed} failed; "
        f"median {median:.0f} ms a game"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
