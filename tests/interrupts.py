"""Ctrl-C at the worst moment for a process pool: just after its wait took the futures' locks.

A KeyboardInterrupt raised there leaves a future's lock held: the pool's
manager thread then waits for it forever, and so does the shutdown that
stops the workers (or the interpreter's exit).  The work must stop all the
same (tacocat.ai.interrupt).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PREAMBLE = """
import faulthandler, signal
from concurrent.futures import _base

# Ctrl-C as at a terminal.  A suite started as a background job (`pytest &` from
# a script) hands its processes Ctrl-C ignored; tacocat.ai.interrupt then rightly
# leaves it ignored, and the Ctrl-C below would go unnoticed.
signal.signal(signal.SIGINT, signal.default_int_handler)

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
    # Output to files, not pipes: pool workers a hang leaves behind would hold the
    # pipes open, and reading them would wait for the workers.  In a session of
    # its own, so that they go with it (they ignore Ctrl-C).
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        command = [sys.executable, "-c", script]
        child = subprocess.Popen(command, stdout=out, stderr=err, cwd=ROOT, start_new_session=True)
        try:
            code = child.wait(timeout=60)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        out.seek(0)
        err.seek(0)
        assert code == 0, err.read()
        return out.read().strip()
