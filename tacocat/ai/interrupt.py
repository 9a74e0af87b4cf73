"""Ctrl-C around a process pool: noted by a handler, acted on between results.

Python raises KeyboardInterrupt at whatever line the main thread is on.
Inside ``concurrent.futures`` that can be just after a future's lock was
taken and before the ``with`` that would release it (in ``wait``,
``as_completed`` or ``result``): the pool's manager thread then waits for
that lock forever, and ``shutdown`` (or the interpreter's exit) waits for
the manager thread - ``simulate`` hung after Ctrl-C, once in about 300
tries.  So while a pool works, :class:`CtrlC` only notes a Ctrl-C, and
:func:`finished` hands over the results as they come, waiting at most
:data:`CTRL_C_POLL` at a time and raising KeyboardInterrupt itself, where
no lock is held (``coach.analysis.analyse_decisions`` shows the use).
"""

from __future__ import annotations

import gc
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

Key = TypeVar("Key")

# How often a loop collecting a pool's results looks whether Ctrl-C was pressed (seconds).
CTRL_C_POLL = 0.1


class CtrlC:
    """While the block runs, Ctrl-C is noted in ``pressed``, not raised where it lands.

    A Ctrl-C while the workers are being stopped is noted too, not raised.
    One noted and not acted on (at the very end) is raised on leaving the
    block, so the work still counts as stopped.  Outside the main thread, or
    where SIGINT has another handler than Python's own (the game's, or
    ignored in a background job), nothing changes.
    """

    def __init__(self) -> None:
        self.pressed = False
        self.previous: Any = None

    def __enter__(self) -> CtrlC:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            # Set before the workers are forked: until a worker's initializer
            # ignores SIGINT, a Ctrl-C only sets the worker's own copy of the flag.
            self.previous = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum: int, frame: object) -> None:
        self.pressed = True

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        if self.pressed and kind is None:
            raise KeyboardInterrupt


def finished(running: dict[Future[Any], Key], ctrl_c: CtrlC) -> Iterator[tuple[Future[Any], Key]]:
    """Each future of ``running`` as it finishes, taken out, with what it was keyed by.

    ``concurrent.futures.as_completed`` with Ctrl-C acted on between results
    (raised here, never inside the pool's locks).  Futures added to
    ``running`` while this runs are waited for too.
    """
    from concurrent.futures import FIRST_COMPLETED, wait  # only once a pool works

    while running:
        if ctrl_c.pressed:
            raise KeyboardInterrupt
        done, _ = wait(running, timeout=CTRL_C_POLL, return_when=FIRST_COMPLETED)
        for future in done:
            yield future, running.pop(future)


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes that ignore Ctrl-C (the parent decides).

    Left by an exception, it drops its queued work and ends its workers now:
    left to finish their task, they would hold the exit, and a second Ctrl-C
    while Python waits for them would leave them orphaned.
    """
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker)
    try:
        yield pool
    except BaseException:
        terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:
            terminate()
        else:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def _start_worker() -> None:
    # Ctrl-C reaches the whole process group: the parent decides, workers carry on
    # until told to stop, so no worker prints a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.disable()  # its games and look-ahead make no reference cycles (tacocat.ai.collector)
