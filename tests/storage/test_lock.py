"""One game at a time: a second `tacocat play` is refused while the first runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tacocat.storage.lock import GameRunning, acquire_game_lock, lock_path

from .test_kill_resume import spawn

HOLD_LOCK = """
import sys, time
from tacocat.storage.lock import acquire_game_lock
lock = acquire_game_lock()
print("held", flush=True)
time.sleep(60)
"""


def test_a_second_game_cannot_take_the_lock_until_the_first_lets_go(app_home: Path) -> None:
    first = acquire_game_lock()
    with pytest.raises(GameRunning, match="another tacocat game is running"):
        acquire_game_lock()
    first.release()
    acquire_game_lock().release()
    assert lock_path() == app_home / "play.lock"


def test_a_killed_game_leaves_no_stale_lock(app_home: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(GameRunning):
            acquire_game_lock()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    # The operating system dropped the lock with the process, before wait() returned.
    lock = acquire_game_lock()
    assert lock.held
    lock.release()


def test_without_a_place_for_the_lock_the_game_still_runs(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the app folder should be", encoding="utf-8")
    lock = acquire_game_lock(blocker / "play.lock")  # cannot be created: play unlocked
    assert not lock.held and lock.path == blocker / "play.lock"
    # Unlocked, so nothing refuses a second game either (its save reports the problem).
    second = acquire_game_lock(blocker / "play.lock")
    assert not second.held
    lock.release()
    second.release()
    assert blocker.read_text(encoding="utf-8") == "a file where the app folder should be"


@pytest.mark.e2e
def test_play_refuses_a_second_game_and_leaves_the_save_alone(app_home: Path) -> None:
    lock = acquire_game_lock()  # as a game in another terminal would
    try:
        child = spawn(app_home, "--seed", "3")
        child.expect("another tacocat game is running, in another terminal")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2
        assert not (app_home / "save.json").exists()
    finally:
        lock.release()
