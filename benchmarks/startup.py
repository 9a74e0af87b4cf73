"""Start-up time: `tacocat --help` against `python -c "import click"`.

    python benchmarks/startup.py                 # 30 runs of each, interleaved; medians
    python benchmarks/startup.py --importtime    # also: the slowest imports of the CLI

The target is ``tacocat --help`` within 1.3x the time of importing click
alone: everything the CLI loads beyond click (the engine, rich, the UI)
must wait until a command actually needs it.  Runs are interleaved so a
busy moment on the machine slows both sides alike.  The console script is
the one installed next to this Python (run from the project's venv).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def slowest_imports(module: str, top: int) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the slowest imports under ``module``."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        check=True,
        capture_output=True,
        text=True,
    )
    rows = []
    for line in result.stderr.splitlines():
        match = re.match(r"import time:\s+\d+ \|\s+(\d+) \|(\s*)(\S+)", line)
        if match:
            rows.append((int(match.group(1)), match.group(2)[1:] + match.group(3)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--importtime", action="store_true", help="show the slowest imports")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()

    script = Path(sys.executable).with_name("tacocat")
    cli = [str(script), "--help"]
    baseline = [sys.executable, "-c", "import click"]
    bare = [sys.executable, "-c", "pass"]
    timed(cli), timed(baseline)  # warm the file cache
    runs: dict[str, list[float]] = {"tacocat --help": [], "import click": [], "python -c pass": []}
    for _ in range(args.runs):
        runs["tacocat --help"].append(timed(cli))
        runs["import click"].append(timed(baseline))
        runs["python -c pass"].append(timed(bare))
    medians = {name: statistics.median(times) for name, times in runs.items()}
    for name, median in medians.items():
        print(f"{name:>16}: median {median * 1000:6.1f} ms over {args.runs} runs")
    ratio = medians["tacocat --help"] / medians["import click"]
    verdict = "met" if ratio <= 1.3 else "MISSED"
    print(f"ratio tacocat --help / import click: {ratio:.2f} (target <= 1.30: {verdict})")

    if args.importtime:
        print("\nslowest imports of tacocat.cli (cumulative, python -X importtime):")
        for micros, name in slowest_imports("tacocat.cli", args.top):
            print(f"{micros / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
