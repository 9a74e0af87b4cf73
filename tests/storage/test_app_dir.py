"""An app directory that cannot be used is one sentence and a clean exit, in every command.

CI runs as root, who can enter any folder, so "a parent that cannot be
entered" is made by a ``stat`` that refuses the app directory's paths, as
the system does for another user; a name too long and an unknown user's
``~`` are real.
"""

from __future__ import annotations

import errno
import os
import pwd
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.lock import acquire_game_lock, game_running
from tacocat.storage.paths import AppDirError, app_dir, checked_app_dir
from tacocat.ui.term.claim import claim_terminal

from .helpers import play_random

# Every command that reads the app directory; `play` is checked through its terminal claim.
READERS = [["history"], ["replay"], ["replay", "1"], ["analyze"]]
HINT = "set TACOCAT_HOME to a folder you can write to"


def unknown_user_message(value: str) -> str:
    user = value.split("/")[0]
    return (
        f"Error: TACOCAT_HOME is {value}, but the home directory of {user} cannot be found: "
        "set TACOCAT_HOME to a folder's full path"
    )


@pytest.fixture
def fit_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play`'s terminal checks pass, as on a real 80x24 terminal: what follows them is tested."""
    monkeypatch.setattr("tacocat.ui.term.claim.terminal_problem", lambda *args: None)
    monkeypatch.setattr("tacocat.ui.term.claim.terminal_size", lambda *args: (80, 24))


@pytest.fixture
def refused(app_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app directory's parent cannot be entered: looking at anything in it is refused."""
    play_random(seed=18)  # a record there, which no command may reach
    parent = str(app_home.parent)
    real_stat = os.stat

    def stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if os.fspath(path).startswith(parent):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    return app_home


@pytest.fixture
def too_long(app_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real TACOCAT_HOME of 300 characters, one name too long for the file system."""
    home = app_home.parent / ("x" * (300 - len(str(app_home.parent)) - 1))
    assert len(str(home)) == 300
    monkeypatch.setenv("TACOCAT_HOME", str(home))
    return home


@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_tacocat_home_of_an_unknown_user_is_one_sentence(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(KeyError):
        pwd.getpwnam("nosuchuser")
    monkeypatch.setenv("TACOCAT_HOME", "~nosuchuser/x")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.output == unknown_user_message("~nosuchuser/x") + "\n"


def test_play_with_tacocat_home_of_an_unknown_user_does_not_start(
    fit_terminal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TACOCAT_HOME", "~nosuchuser/x")
    assert "Error: " + str(claim_terminal()) == unknown_user_message("~nosuchuser/x")
    result = CliRunner().invoke(main, ["play", "--p1", "Ann", "--p2", "Bob"])
    assert result.exit_code == 2, result.output
    assert result.output == unknown_user_message("~nosuchuser/x") + "\n"


def test_an_unknown_user_is_an_app_dir_error_not_a_runtime_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TACOCAT_HOME", "~nosuchuser/x")
    with pytest.raises(AppDirError):
        app_dir()


@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_a_parent_that_cannot_be_entered_is_one_sentence(refused: Path, args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.output == (
        f"Error: tacocat cannot use its folder {refused} (Permission denied): {HINT}\n"
    )
    assert "the output" not in result.output  # history used to blame its output


def test_play_where_the_parent_cannot_be_entered_does_not_start(
    refused: Path, fit_terminal: None
) -> None:
    result = CliRunner().invoke(main, ["play", "--p1", "Ann", "--p2", "Bob"])
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"Error: tacocat cannot use its folder {refused} (Permission denied): {HINT}\n"
    )


def test_the_lock_where_nothing_can_be_looked_at_is_no_traceback(
    refused: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mkdir refused, and then the look for play.lock refused too (it used to raise there).
    def mkdir(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(refused))

    monkeypatch.setattr(Path, "mkdir", mkdir)
    lock = acquire_game_lock()
    assert not lock.held  # as on a read-only disk: unlocked, and saving says why
    assert game_running() is False


@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_a_300_character_tacocat_home_is_one_sentence(too_long: Path, args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.output == (
        f"Error: tacocat cannot use its folder {too_long} (File name too long): {HINT}\n"
    )


def test_play_with_a_300_character_tacocat_home_does_not_start(
    too_long: Path, fit_terminal: None
) -> None:
    result = CliRunner().invoke(main, ["play", "--p1", "Ann", "--p2", "Bob"])
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"Error: tacocat cannot use its folder {too_long} (File name too long): {HINT}\n"
    )


def test_replay_of_a_record_file_under_a_name_too_long_is_one_sentence(too_long: Path) -> None:
    path = too_long / "games" / "g.jsonl"
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"Error: cannot read the game record {path} (")
    assert "File name too long" in result.output and "Traceback" not in result.output


def test_a_file_where_the_folder_should_be_is_one_sentence(app_home: Path) -> None:
    app_home.parent.mkdir(parents=True, exist_ok=True)
    app_home.write_text("not a folder", encoding="utf-8")
    with pytest.raises(AppDirError) as raised:
        checked_app_dir()
    assert (
        str(raised.value)
        == f"tacocat cannot use its folder {app_home} (it is not a folder): {HINT}"
    )
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 1
    assert result.output == f"Error: {raised.value}\n"


def test_a_folder_not_made_yet_is_fine(app_home: Path) -> None:
    assert not app_home.exists()
    assert checked_app_dir() == app_home
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0 and result.output.startswith("No games recorded yet")
