"""The long wire fuzz: many hostile peers against one real ``tacocat host``.

    python benchmarks/wire_fuzz.py                  # 500 peers
    python benchmarks/wire_fuzz.py --peers 5000

Starts ``tacocat host`` in a pseudo-terminal (Ann keeps her hand, Bob's
decision waits), then sends what ``tests/e2e/wirefuzz.py`` draws, as a
player, a spectator or a stranger, one peer after another.  After each, a
player's join must be welcomed within a second; after them all, a real
``tacocat join`` must be asked Bob's decision and play it, and the host's
output must hold no traceback.  The fast variant is
``tests/e2e/test_wire_fuzz_pty.py``.  Prints the slowest seat release and
exits 1 on the first failure (hypothesis prints the peer that failed).
Needs the dev extras (pexpect, hypothesis).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirefuzz import Command, Sending, seat_free, send, sendings

CODE = "kmnpqr"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=500)
    options = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="tacocat-wire-fuzz-")) / "home"
    os.environ["TACOCAT_HOME"] = str(home)  # for the peers' socket path, as for the host
    os.environ["TACOCAT_SETTLE_SECONDS"] = "0.05"
    host = Command(home, "host", "--seed", "11", "--code", CODE, "--p1", "Ann", "--p2", "Bob")
    slowest = 0.0
    started = time.monotonic()
    try:
        host.wait_for("Press Enter to continue")
        host.type("\r")
        host.wait_for("Ann> ")
        host.type("-\r")
        from tacocat.net import wire

        path = wire.socket_path(CODE)

        @settings(
            max_examples=options.peers,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(st.sampled_from(["player", "watcher", "stranger"]).flatmap(sendings))
        def visit(sending: Sending) -> None:
            nonlocal slowest
            assert send(path, sending), "the host kept a connection its peer had left"
            took = seat_free(CODE)
            assert took >= 0, "the seat was still taken a second after the peer left"
            slowest = max(slowest, took)

        visit()
        joined = Command(home, "join", CODE)
        joined.wait_for("Bob> ")
        joined.type("-\r")
        while host.wait_for("Ann> |Press Enter to continue") != "Ann> ":
            host.type("\r")
        joined.kill()
        assert "Traceback" not in host.text + joined.text, "a traceback"
    except AssertionError as error:
        print(f"FAILED: {error}")
        return 1
    finally:
        host.kill()
        shutil.rmtree(home.parent, ignore_errors=True)
    seconds = time.monotonic() - started
    print(f"{options.peers} peers in {seconds:.1f} s; slowest seat release {slowest:.3f} s; ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
