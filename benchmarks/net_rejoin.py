"""A joined player killed at random moments comes back at the same decision.

    python benchmarks/net_rejoin.py              # 100 kills
    python benchmarks/net_rejoin.py --kills 20 --seed 5

A game is hosted in this process (its host typed by a computer); a client
that types random keys at every question joins it as a separate process
and is sent SIGKILL after a random delay (50 ms to 1.5 s: before it
joined, while it types, between a move and the next screen).  Once the
host has seen it go, a fresh client joins: it must be asked for the
decision the game is at, and the game must have changed only by legal
moves.  A finished game is followed by a new one.  Prints a summary and
exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "net"))

from hosting import asked, hosted, left, reply, until
from selfplay import typed_move

from tacocat.ai import make_agent
from tacocat.engine import WOW, Rules, new_game

CLIENT = """
import random, sys
from hosting import join
connection = join(sys.argv[1])
while (message := connection.receive(timeout=60)) is not None:
    if message["type"] == "read":
        keys = random.choice(["", "-", "a", "a b", "s", "b c d", "?", "log", "zz"])
        connection.send({"type": "line", "id": message["id"], "text": keys, "size": [80, 24]})
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    os.environ["TACOCAT_HOME"] = tempfile.mkdtemp(prefix="tacocat-rejoin-")
    rng = random.Random(options.seed)
    kills = failures = games = 0
    agent = make_agent("easy", random.Random(options.seed))
    while kills < options.kills:
        games += 1
        with hosted(seed=options.seed + games) as host:
            while kills < options.kills and not host.game.state.is_terminal():
                env = {
                    **os.environ,
                    "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "tests" / "net"),
                }
                client = subprocess.Popen([sys.executable, "-c", CLIENT, host.code], env=env)
                try:
                    client.wait(timeout=rng.uniform(0.05, 1.5))
                except subprocess.TimeoutExpired:
                    client.send_signal(signal.SIGKILL)
                    client.wait()
                    kills += 1
                left(host)
                if host.game.state.is_terminal():
                    break
                connection, question = asked(host.code)
                history = list(host.game.state.history)
                mover = host.game.state.current_player()
                ok = mover == WOW and replays(host.game.session.seed, history)
                failures += not ok
                # The game goes on by a legal move, so kills land at other moments.
                reply(connection, question, typed_move(agent, host.game.state.view(WOW)))
                while len(host.game.state.history) == len(history):
                    until(connection, "screen")
                connection.close()
                left(host)
    print(f"{kills} kills in {games} games, {failures} rejoins not at the same decision")
    return 1 if failures else 0


def replays(seed: int | None, history: list[object]) -> bool:
    """Whether the moves so far are legal ones, from the game's seed."""
    state = new_game(seed, Rules())
    for action in history:
        if action not in state.legal_actions():
            return False
        state.apply_action(action)  # type: ignore[arg-type]
    return True


if __name__ == "__main__":
    sys.exit(main())
