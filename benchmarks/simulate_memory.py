"""Memory of ``tacocat simulate`` by the number of games asked for: it should not depend on it.

    nice -n 19 python benchmarks/simulate_memory.py              # 3 rounds of 10 s each
    nice -n 19 python benchmarks/simulate_memory.py --seconds 5 --rounds 5

Runs ``tacocat simulate --games`` 1000, 10**6 and 10**12 (random vs random,
one process) in turn, each for ``--seconds`` (or until it ends), noting its
peak resident memory (VmHWM, Linux) just before it is stopped with Ctrl-C,
and the games it had played.  Prints each run, then the median of each and
the ratio 10**12 / 10**6: the same time, so the same games played, and only
the number asked for differs; the bound is 1.10.  The 1000-game run ends
within a few seconds, having played fewer games: what a run keeps grows a
little with the games *played* (the engine's caches), which this does not
measure.  Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def peak_kib(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found.group(1)) if found else None


def run(games: int, seconds: float, home: str) -> tuple[int, str]:
    """Peak KiB of one run stopped after ``seconds``, and its last line (games played)."""
    command = [sys.executable, "-m", "tacocat", "simulate", "-n", str(games), "-j", "1"]
    command += ["--p1", "random", "--p2", "random"]
    env = {**os.environ, "TACOCAT_HOME": home}
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + seconds
    peak = 0
    while child.poll() is None and time.monotonic() < deadline:
        peak = max(peak, peak_kib(child.pid) or 0)
        time.sleep(0.1)
    peak = max(peak, peak_kib(child.pid) or 0)
    if child.poll() is None:
        child.send_signal(signal.SIGINT)
    output = child.communicate(timeout=60)[0].decode(errors="replace")
    said = [line for line in output.splitlines() if "games" in line]
    return peak, said[0] if said else output.strip()[-200:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    peaks: dict[int, list[int]] = {1000: [], 10**6: [], 10**12: []}
    with tempfile.TemporaryDirectory() as home:
        for number in range(options.rounds):
            for games in peaks:  # alternating, so a busy machine weighs on both alike
                peak, line = run(games, options.seconds, home)
                peaks[games].append(peak)
                mib = peak / 1024
                print(f"round {number + 1}: {games:.0e} games: {mib:.1f} MiB; {line.strip()}")
    tiny, small, huge = (statistics.median(values) for values in peaks.values())
    medians = ", ".join(f"{kib / 1024:.1f}" for kib in (tiny, small, huge))
    print(f"median peak MiB for 1e3, 1e6 and 1e12 games: {medians}")
    print(f"ratio 1e12 / 1e6: {huge / small:.3f} (bound 1.10)")
    return 0 if huge / small <= 1.10 else 1


if __name__ == "__main__":
    raise SystemExit(main())
