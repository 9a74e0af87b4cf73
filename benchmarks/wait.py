"""How long a person waits for each computer reply, against the code at another commit.

    python benchmarks/wait.py                       # 20 games against `hard`, vs 6100ca1
    python benchmarks/wait.py --games 40 --level expert --reference HEAD~3
    python benchmarks/wait.py --real-time --games 2  # sleep the reference's pauses for real

A wait runs from the moment the human's line is read (their move, or the
Enter of a results screen) to the moment the game asks them for the next
line, whenever the computer played in between: thinking, drawing the
screens, saving, and any fixed pause.  Each game is played by
:class:`tacocat.ui.play.game.Game` itself with the terminal of
``benchmarks/keypresses.py``, whose scripted human picks its moves with
the ``normal`` level seeded from the game's seed and the moves so far, so
the same seed gives the same game on both sides; the script checks it
does (same moves, same number of replies).

The reference is the ``tacocat`` package at ``--reference``, taken with
``git archive`` into a temporary folder.  Games run one per process,
alternating between the two sides (reference first on even games, this
code first on odd ones), so a busy moment on the machine slows both
alike.  A fixed pause is counted at its nominal length on a virtual
clock instead of being slept (a sleep never returns early, so this
slightly flatters the reference); ``--real-time`` sleeps it.
The figures printed are the medians of all waits on each side and their
ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any, SupportsIndex

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_REFERENCE = "6100ca1"  # the last commit with the take-back window and the pause


class Clock:
    """``perf_counter`` plus the seconds slept on it (virtually, unless ``real``)."""

    def __init__(self, real: bool) -> None:
        self.real = real
        self.slept = 0.0

    def now(self) -> float:
        return time.perf_counter() + self.slept

    def sleep(self, seconds: float | SupportsIndex) -> None:
        if self.real:
            real_sleep(seconds)
        else:
            self.slept += max(0.0, float(seconds))


real_sleep = time.sleep


def one_game(seed: int, level: str, real: bool) -> dict[str, Any]:
    """Play game ``seed`` against ``level`` in this process; its waits and its moves."""
    from keypresses import ScriptedTerminal

    import tacocat
    from tacocat.engine import Rules
    from tacocat.ui.play import seats
    from tacocat.ui.play.game import Game, Session
    from tacocat.ui.term.terminal import Terminal

    clock = Clock(real)
    time.sleep = clock.sleep  # the pauses of the code under test go on the clock

    class Waiting(ScriptedTerminal):
        """The scripted human, drawing every screen and timing each wait for the computer."""

        def __init__(self) -> None:
            super().__init__(seed)
            self.waits: list[float] = []
            self.replies = 0  # computer moves since the last line was read
            self.read_at: float | None = None

        def show(self, *renderables: Any, secret: bool = False) -> None:
            Terminal.show(self, *renderables, secret=secret)  # drawn, as a person would see
            self.console.file.seek(0)
            self.console.file.truncate()

        def poll_line(self, seconds: float) -> str | None:
            clock.sleep(seconds)  # the reference's take-back window: nobody types
            return None

        def ask(self, prompt: str, settle: float = 0.0) -> str:
            if self.replies and self.read_at is not None:
                self.waits.append(clock.now() - self.read_at)
            self.replies = 0
            line = super().ask(prompt, settle)
            self.read_at = clock.now()
            return line

    terminal = Waiting()
    original = seats.ComputerSeat.play
    replies = 0

    def play(self: Any, game: Any, player: Any) -> None:
        nonlocal replies
        original(self, game, player)
        terminal.replies += 1
        replies += 1

    seats.ComputerSeat.play = play  # type: ignore[method-assign]
    game = Game(Session(("Ann", "Computer"), Rules(), seed, computer=level), terminal)
    terminal.game = game
    assert game.run() == 0, f"game {seed} did not end well"
    return {
        "waits": terminal.waits,
        "replies": replies,
        "moves": [str(action) for action in game.state.history],
        "package": str(Path(tacocat.__file__).parent),
    }


def reference_tree(commit: str, folder: Path) -> Path:
    """The ``tacocat`` package at ``commit``, unpacked under ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "tacocat"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def run_side(root: Path, seed: int, level: str, real: bool, home: Path) -> dict[str, Any]:
    """One game in a fresh process with the ``tacocat`` package under ``root``."""
    env = {k: v for k, v in os.environ.items() if k != "TACOCAT_NO_PAUSE"}
    env.update(PYTHONPATH=str(root), TACOCAT_HOME=str(home), PYTHONHASHSEED="0")
    command = [sys.executable, __file__, "--one", str(seed), "--level", level]
    if real:
        command.append("--real-time")
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"game {seed} under {root} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    assert Path(result["package"]).parent == root, result["package"]
    return result


def figures(waits: list[float], per_game: list[float]) -> str:
    """The median, mean and 90th percentile of ``waits``, and the median wait per game."""
    waits = sorted(waits)
    ninetieth = waits[int(0.9 * (len(waits) - 1))]
    return (
        f"median {statistics.median(waits) * 1000:7.1f} ms, "
        f"mean {statistics.fmean(waits) * 1000:7.1f} ms, "
        f"90th percentile {ninetieth * 1000:7.1f} ms; "
        f"waiting per game {statistics.median(per_game):.1f} s (median)"
    )


def compare(args: argparse.Namespace) -> None:
    """Play the games on both sides, alternating, and print both sides' figures."""
    sides = ("reference", "this code")
    waits: dict[str, list[float]] = {side: [] for side in sides}
    per_game: dict[str, list[float]] = {side: [] for side in sides}
    replies = 0
    with tempfile.TemporaryDirectory() as scratch:
        roots = {
            "reference": reference_tree(args.reference, Path(scratch) / "ref"),
            "this code": ROOT,
        }
        for index in range(args.games):
            seed = args.seed + index
            results: dict[str, dict[str, Any]] = {}
            for side in sides if index % 2 == 0 else reversed(sides):
                home = Path(scratch) / f"home-{index}-{len(results)}"
                results[side] = run_side(roots[side], seed, args.level, args.real_time, home)
            ref, new = results["reference"], results["this code"]
            assert ref["moves"] == new["moves"], f"game {seed} went differently"
            assert ref["replies"] == new["replies"], f"game {seed}: replies differ"
            replies += new["replies"]
            for side, result in results.items():
                waits[side].extend(result["waits"])
                per_game[side].append(sum(result["waits"]))
            print(f"game {seed}: {new['replies']} replies, the same moves on both sides")
    clock = "pauses slept" if args.real_time else "pauses on a virtual clock"
    print(
        f"\n{args.games} games against {args.level}, {replies} computer replies, "
        f"{len(waits['this code'])} waits a side; reference {args.reference} ({clock})"
    )
    for side in sides:
        print(f"{side:>10}: {figures(waits[side], per_game[side])}")
    ratio = statistics.median(waits["this code"]) / statistics.median(waits["reference"])
    print(f"ratio of medians (this code / reference): {ratio:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games a side (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--level", default="hard", help="the computer's level (default hard)")
    parser.add_argument("--reference", default=DEFAULT_REFERENCE, help="the commit to compare")
    parser.add_argument("--real-time", action="store_true", help="sleep pauses for real")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a child: one game
    args = parser.parse_args()
    if args.one is None:
        compare(args)
        return
    with tempfile.TemporaryDirectory():
        print(json.dumps(one_game(args.one, args.level, args.real_time)))


if __name__ == "__main__":
    main()
