"""Start-up time of the commands people wait for, against bare imports.

    python benchmarks/startup.py                 # 30 runs of each, interleaved; medians
    python benchmarks/startup.py --importtime    # also: the slowest imports of each command
    python benchmarks/startup.py --modules       # also: the modules loaded at play's first prompt
    python benchmarks/startup.py --against /tmp/venv-old/bin/python   # also: another install's

With ``--against PYTHON`` the three commands are also run with the console
script installed next to that Python (a virtual environment holding an older
checkout, ``pip install -e``), in the same rounds, and the ratios of this
code's medians to that one's are printed: the figure to read on a busy machine.

Three targets, each a ratio of medians measured in the same run:

- ``tacocat --help`` within 1.5x ``python -c "import click"``: everything
  the CLI loads beyond click must wait until a command needs it;
- ``tacocat rules`` (piped) within 1.5x ``import click``: the rules text is
  written with the standard library, without rich or a Markdown renderer;
- ``tacocat play`` showing its first screen (the name of player 1 asked, in
  a pseudo-terminal of 80x24, with an empty app directory) within 1.5x
  ``python -c "import rich, click"``: click runs ``play``, which draws the
  name screen as plain text before rich and prompt_toolkit are imported.
  "play: line editing ready" times the same start until prompt_toolkit
  answers a key (the name typed shows), for the record.

Runs are interleaved (one of each in turn) so a busy moment on the machine
slows every side alike.  The console script is the one installed next to
this Python (run from the project's venv).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

# play, its background import replaced by a listing of the modules loaded so
# far: exactly what the name screen needed (shared with its test).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from firstscreen import SNAPSHOT

FIRST_PROMPT = b"Player 1 name"
TIMEOUT = 30.0
TYPED = b"Z"  # typed at the first prompt: shown once prompt_toolkit reads keys


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def until_prompt(
    command: list[str], home: str, marker: bytes = FIRST_PROMPT, typed: bytes = b""
) -> float:
    """Seconds from starting ``command`` in an 80x24 pty until ``marker`` appears.

    With ``typed``: until ``typed``, sent as soon as ``marker`` shows, is echoed.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TACOCAT_HOME": home, "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen, after = b"", b""
    try:
        while marker not in seen or typed not in after:
            if time.perf_counter() - started > TIMEOUT:
                raise RuntimeError(f"no {marker!r} within {TIMEOUT} s; saw {seen[-300:]!r}")
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # the child closed the terminal
                    raise RuntimeError(f"exited before {marker!r}; saw {seen[-300:]!r}") from None
                if marker in seen:
                    after += data
                else:
                    seen += data
                    if marker in seen:
                        after = seen.split(marker, 1)[1]
                        if typed:
                            os.write(master, typed)
        elapsed = time.perf_counter() - started
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        os.close(master)
    return elapsed


def modules_at_prompt(home: str) -> list[str]:
    """The modules loaded when play's first prompt shows (those of a bare Python left out)."""
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "modules.txt"
        until_prompt([sys.executable, "-c", SNAPSHOT, str(listing)], home)
        loaded = listing.read_text().split()
    bare = subprocess.run(
        [sys.executable, "-c", "import sys; print(' '.join(sys.modules))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return [module for module in loaded if module not in bare]


def slowest_imports(code: str, top: int) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the slowest imports ``code`` makes."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        check=False,
        capture_output=True,
        text=True,
    )
    rows = []
    for line in result.stderr.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+(\d+) \|(\s*)(\S+)", line)
        if match:
            rows.append((int(match.group(1)), match.group(2)[1:] + match.group(3)))
    return sorted(rows, reverse=True)[:top]


def quartiles(times: list[float]) -> tuple[float, float]:
    """The first and third quartiles of ``times``: the spread around the median."""
    cuts = statistics.quantiles(times, n=4)
    return cuts[0], cuts[2]


def commands(script: str, home: str) -> dict[str, Callable[[], float]]:
    """The timed runs of the console script ``script``, by name."""
    return {
        "tacocat --help": lambda: timed([script, "--help"]),
        "tacocat rules": lambda: timed([script, "rules"]),
        "play: first screen": lambda: until_prompt([script, "play"], home),
        "play: line editing ready": lambda: until_prompt([script, "play"], home, typed=TYPED),
    }


def main() -> None:
    # Installed libraries (click, rich) keep their bytecode; with this set,
    # tacocat's own modules would be compiled again on every run and the
    # ratios would time the compiler (1.54x instead of 1.32x for rules).
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        print("PYTHONDONTWRITEBYTECODE is ignored: the runs keep their bytecode")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--importtime", action="store_true", help="show the slowest imports")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--modules", action="store_true", help="list the modules loaded at play's first prompt"
    )
    parser.add_argument(
        "--against", metavar="PYTHON", help="also time the console script next to this Python"
    )
    args = parser.parse_args()

    script = str(Path(sys.executable).with_name("tacocat"))
    home = tempfile.mkdtemp(prefix="tacocat-startup-")
    measured = commands(script, home)
    if args.against:  # each command of the older code right after this code's
        older_home = tempfile.mkdtemp(prefix="tacocat-startup-older-")
        older = commands(str(Path(args.against).with_name("tacocat")), older_home)
        measured = {
            label: run
            for name in measured
            for label, run in ((name, measured[name]), (f"older {name}", older[name]))
        }
    measured |= {
        "import click": lambda: timed([sys.executable, "-c", "import click"]),
        "import rich, click": lambda: timed([sys.executable, "-c", "import rich, click"]),
        "python -c pass": lambda: timed([sys.executable, "-c", "pass"]),
    }
    for measure in measured.values():  # warm the file cache
        measure()
    runs: dict[str, list[float]] = {name: [] for name in measured}
    for round_ in range(args.runs):
        order = list(measured.items())
        for name, measure in order if round_ % 2 == 0 else reversed(order):
            runs[name].append(measure())
    medians = {name: statistics.median(times) for name, times in runs.items()}
    for name, median in medians.items():
        low, high = quartiles(runs[name])
        print(
            f"{name:>28}: median {median * 1000:6.1f} ms over {args.runs} runs"
            f" (quartiles {low * 1000:.1f}-{high * 1000:.1f})"
        )
    targets = [
        ("tacocat --help", "import click", 1.5),
        ("tacocat rules", "import click", 1.5),
        ("play: first screen", "import rich, click", 1.5),
    ]
    for command, reference, target in targets:
        ratio = medians[command] / medians[reference]
        verdict = "met" if ratio <= target else "MISSED"
        print(f"ratio {command} / {reference}: {ratio:.2f} (target <= {target:.2f}: {verdict})")
    if args.against:
        for name in commands(script, home):
            ratio = medians[name] / medians[f"older {name}"]
            print(f"ratio {name}, this code / older: {ratio:.2f}")
    ready = medians["play: line editing ready"] / medians["import rich, click"]
    print(f"ratio play: line editing ready / import rich, click: {ready:.2f} (no target)")

    if args.modules:
        loaded = modules_at_prompt(home)
        print(f"\n{len(loaded)} modules loaded at play's first prompt:")
        print(" ".join(loaded))

    if args.importtime:
        for code in (
            "import tacocat.cli, tacocat.cli.play, tacocat.ui.term.terminal, tacocat.ui.term.start",
            "import tacocat.cli",
            "from tacocat.cli.rules import rules",
            "import tacocat.cli.play, tacocat.ui.play.game",
        ):
            print(f"\nslowest imports of {code!r} (cumulative, python -X importtime):")
            for micros, name in slowest_imports(code, args.top):
                print(f"{micros / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
