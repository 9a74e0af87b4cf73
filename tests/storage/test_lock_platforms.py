"""The one-game lock on each platform, and a lock file that cannot be used.

CI runs on Linux, so the Windows branch (``msvcrt.locking``) runs here with
``sys.platform`` set to ``win32`` and a stand-in ``msvcrt`` that keeps the
locked files in a set, as Windows would.
"""

from __future__ import annotations

import errno
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.lock import GameRunning, LockUnusable, acquire_game_lock, game_running


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Pretend to be Windows: ``msvcrt.locking`` refuses a byte another handle locked."""
    locked: set[str] = set()
    owners: dict[int, str] = {}

    def locking(descriptor: int, mode: int, count: int) -> None:
        import os

        assert mode == fake.LK_NBLCK and count == 1
        key = os.path.realpath(f"/proc/self/fd/{descriptor}")
        if key in locked and owners.get(descriptor) != key:
            raise OSError(errno.EACCES, "Permission denied")
        locked.add(key)
        owners[descriptor] = key

    fake = types.ModuleType("msvcrt")
    fake.LK_NBLCK = 2  # type: ignore[attr-defined]
    fake.locking = locking  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # importing fcntl would now fail
    return locked


def test_on_windows_a_second_game_is_refused(windows: set[str], app_home: Path) -> None:
    first = acquire_game_lock()
    assert first.held and str(app_home / "play.lock") in windows
    with pytest.raises(GameRunning, match="another tacocat game is running"):
        acquire_game_lock()
    assert game_running()
    first.release()


def test_on_posix_the_lock_is_an_flock(app_home: Path) -> None:
    assert sys.platform != "win32"
    first = acquire_game_lock()
    assert first.held and game_running()
    first.release()
    assert not game_running()


def test_a_lock_file_that_cannot_be_opened_refuses_the_game(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (app_home / "play.lock").mkdir(parents=True)  # a directory where the lock file goes
    with pytest.raises(LockUnusable, match="cannot be opened"):
        acquire_game_lock()
    assert not game_running()  # an unusable lock is not a running game
    # As on a real terminal: the lock is the only reason left to refuse.
    monkeypatch.setattr("tacocat.ui.term.claim.terminal_problem", lambda: None)
    monkeypatch.setattr("tacocat.ui.term.claim.size_problem", lambda width, height: None)
    result = CliRunner().invoke(main, ["play", "--p1", "Ann", "--p2", "Bob"])
    assert result.exit_code == 2
    assert f"the lock file {app_home / 'play.lock'} cannot be opened" in result.output
    assert not (app_home / "save.json").exists()
