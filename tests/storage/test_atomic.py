"""Atomic writes: a crash at any moment leaves the old save or the new one, whole."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.storage import atomic
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.paths import save_path
from tacocat.storage.records import record_path
from tacocat.storage.saves import read_save

from .helpers import play_random


def test_write_creates_the_folder_and_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


@pytest.mark.parametrize("fail_in", ["write", "fsync", "replace"])
def test_crash_mid_write_keeps_the_previous_save(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, fail_in: str
) -> None:
    state, _ = play_random(seed=3, steps=5)
    save_file = save_path()
    before = save_file.read_bytes()
    state.apply_action(state.legal_actions()[0])

    with monkeypatch.context() as patch:
        _break(patch, fail_in)
        with pytest.raises(KeyboardInterrupt):
            atomic_write_text(save_file, state.to_json())
    assert save_file.read_bytes() == before
    assert not [p.name for p in save_file.parent.iterdir() if p.suffix == ".tmp"]
    saved = read_save(save_file)
    assert saved is not None and len(saved.state.history) == 5


def _break(patch: pytest.MonkeyPatch, fail_in: str) -> None:
    """Make the next atomic write stop, as a crash would, at the named point."""

    def crash(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # what a Ctrl-C at exactly this moment would raise

    if fail_in == "write":
        # Half of the new text reaches the temporary file, then the crash.
        real_fdopen = os.fdopen

        def half_writer(*args: object, **kwargs: object) -> object:
            handle = real_fdopen(*args, **kwargs)  # type: ignore[call-overload]
            real_write = handle.write

            def write(text: str) -> int:
                real_write(text[: len(text) // 2])
                handle.flush()
                raise KeyboardInterrupt

            handle.write = write
            return handle

        patch.setattr(atomic.os, "fdopen", half_writer)
    else:
        patch.setattr(atomic.os, fail_in, crash)


WRITER = """
import os, sys, time
from pathlib import Path
from tacocat.storage import atomic
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.records import record_path

target, point = Path(sys.argv[1]), sys.argv[2]
atomic_write_text(target, "A" * 200_000 + "\\n")


def stop(*args, **kwargs):
    print("stopped", flush=True)
    time.sleep(60)  # the test kills the process here


if point == "write":  # half of the new text reaches the temporary file
    real_fdopen = os.fdopen

    def fdopen(*args, **kwargs):
        handle = real_fdopen(*args, **kwargs)
        real_write = handle.write

        def write(text):
            real_write(text[: len(text) // 2])
            handle.flush()
            stop()

        handle.write = write
        return handle

    atomic.os.fdopen = fdopen
elif point == "after replace":
    atomic._sync_directory = stop
else:
    setattr(atomic.os, point, stop)
atomic_write_text(target, "B" * 200_000 + "\\n")
"""


@pytest.mark.parametrize(
    ("point", "left"),
    [("write", "A"), ("fsync", "A"), ("replace", "A"), ("after replace", "B")],
)
def test_a_killed_writer_never_leaves_a_broken_file(tmp_path: Path, point: str, left: str) -> None:
    """SIGKILL a process at each point of rewriting a file: the file is always whole.

    The writer stops at ``point`` and says so before the kill, so the kill
    lands exactly there: mid-write, before the flush to disk, before the
    rename, after it.
    """
    target = tmp_path / "big.txt"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target), point], stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline() == "stopped\n"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    assert target.read_text() == left * 200_000 + "\n"
    # Before the rename the temporary file of the interrupted write is left
    # over, and nothing reads it: the next save goes to a new temporary name.
    leftovers = [p for p in tmp_path.iterdir() if p != target]
    assert len(leftovers) == (left == "A"), leftovers
    assert all(p.name.startswith(".big.txt.") and p.suffix == ".tmp" for p in leftovers)


def test_a_move_is_one_line_appended_and_one_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    """The record grows by the move's line, flushed once; nothing else is written."""
    state, autosave = play_random(seed=4, steps=2)
    path = record_path(autosave.info)
    before = path.read_bytes()
    save = save_path().read_bytes()
    flushed: list[int] = []
    monkeypatch.setattr(atomic.os, "fsync", flushed.append)
    autosave.after_action(state.apply_action(state.legal_actions()[0]))
    assert len(flushed) == 1
    after = path.read_bytes()
    assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    assert save_path().read_bytes() == save  # the save names the game: left alone
    while not state.is_terminal():  # the last move too: its line, then the save goes
        events = state.apply_action(state.legal_actions()[0])
        flushed.clear()
        autosave.after_action(events)
    assert len(flushed) == 1 and not save_path().exists()
