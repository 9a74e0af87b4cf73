"""Ctrl-C at the worst moment for a process pool: just after its wait took the futures' locks.

A KeyboardInterrupt raised there leaves a future's lock held: the pool's
manager thread then waits for it forever, and so does the shutdown that
stops the workers (or the interpreter's exit).  The work must stop all the
same (tacocat.ai.interrupt).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PREAMBLE = """
import faulthandler, signal
from concurrent.futures import _base

faulthandler.dump_traceback_later(20, exit=True)  # a hang shows where it is stuck
take_locks = _base._AcquireFutures.__enter__
calls = 0

def enter(self):
    global calls
    take_locks(self)
    calls += 1
    if calls == {call}:
        signal.raise_signal(signal.SIGINT)  # handled at once, the locks taken

_base._AcquireFutures.__enter__ = enter
"""


def ctrl_c_inside_the_pools_lock(work: str, call: int) -> str:
    """Run ``work`` (Python source) in a process of its own, Ctrl-C at lock taking ``call``.

    In a process of its own: Ctrl-C must reach its main thread, and a hang
    ends with the timeout (faulthandler's dump first) instead of holding the
    suite.  Returns what ``work`` printed; fails on a hang or an error.
    """
    from concurrent.futures import _base

    if not hasattr(_base, "_AcquireFutures"):
        pytest.skip("this Python's concurrent.futures waits another way")
    script = PREAMBLE.format(call=call) + work
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
