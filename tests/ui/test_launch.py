"""The launcher's share of `tacocat play`: which command lines it starts, and what it hands on."""

from __future__ import annotations

import io
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from rich.box import ASCII as RICH_ASCII
from rich.box import HEAVY as RICH_HEAVY
from rich.box import ROUNDED as RICH_ROUNDED
from rich.console import Console

from tacocat.cli import main
from tacocat.engine.players import DEFAULT_NAMES
from tacocat.launch import NEW_GAME_NAMES, quick_options
from tacocat.storage import paths
from tacocat.storage.lock import acquire_game_lock, game_running
from tacocat.ui import boxes
from tacocat.ui.claim import Started
from tacocat.ui.glyphs import ASCII, UNICODE
from tacocat.ui.notice import notice_screen
from tacocat.ui.start import name_screen


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play"], (False, False)),
        (["play", "--ascii"], (True, False)),
        (["play", "--ascii", "--vs-computer"], (True, True)),
        (["play", "--vs-computer", "--ascii"], (True, True)),
        ([], None),
        (["rules"], None),
        (["--help", "play"], None),
        (["play", "--help"], None),
        (["play", "--seed", "3"], None),
        (["play", "--vs-computer", "hard"], None),  # a level: click parses it
        (["play", "--vs-computer=easy"], None),
        (["play", "--ascii", "--ascii"], None),
        (["play", "--resume"], None),
        (["play", "--asc"], None),
    ],
)
def test_only_a_plain_new_game_takes_the_quick_start(
    args: list[str], expected: tuple[bool, bool] | None
) -> None:
    assert quick_options(args) == expected


def test_click_reads_the_quick_options_as_the_launcher_does() -> None:
    """The launcher names the seats from its own reading: click must agree."""
    from tacocat.cli.play import play

    for args, (ascii_only, computer) in [
        (["--vs-computer", "--ascii"], (True, True)),
        (["--ascii", "--vs-computer"], (True, True)),
        (["--vs-computer"], (False, True)),
    ]:
        context = play.make_context("play", list(args))
        assert context.params["ascii_only"] is ascii_only
        assert (context.params["computer"] is not None) is computer


def test_the_launcher_names_the_seats_as_the_engine_does() -> None:
    assert NEW_GAME_NAMES == DEFAULT_NAMES


@pytest.mark.parametrize("width", [80, 81, 97, 40])
@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize(
    "message", ["", "! Please leave out [ and ]: they are not allowed in names."]
)
def test_the_plain_name_screen_looks_like_the_games_notices(
    width: int, ascii_only: bool, message: str
) -> None:
    """Drawn without rich, the name screen is what rich draws for any other notice."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    lines = ["Player 2 sits behind the WOW goal.", message]
    console.print(notice_screen("New game", lines, ASCII if ascii_only else UNICODE))
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert name_screen(1, message, width, ascii_only) + "\n" == drawn


def test_the_box_table_holds_richs_boxes() -> None:
    """The cards and board keep their look: the table is rich's own characters."""
    assert (
        RICH_ROUNDED._box,
        RICH_HEAVY._box,
        RICH_ASCII._box,
    ) == (boxes.ROUNDED, boxes.HEAVY, boxes.ASCII)
    assert (UNICODE.box._box, UNICODE.board_box._box) == (boxes.ROUNDED, boxes.HEAVY)
    assert ASCII.box.ascii and ASCII.board_box.ascii


def test_the_app_directory_is_clicks_without_importing_click(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(paths.HOME_VARIABLE)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert paths.app_dir() == Path(click.get_app_dir("tacocat"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.app_dir() == Path(click.get_app_dir("tacocat"))
    assert paths.app_dir() == tmp_path / "config" / "tacocat"


def test_play_takes_the_names_and_the_lock_the_launcher_hands_over(app_home: Path) -> None:
    lock = acquire_game_lock()
    result = CliRunner().invoke(main, ["play"], input="\nq\ny\n", obj=Started(lock, ("Ann", "Bob")))
    # Locking again would have failed (the lock is held here): play used this one.
    assert result.exit_code == 0, result.output
    assert "Player 1 name" not in result.output  # not asked again
    assert "Pass the keyboard to Ann" in result.output
    assert not lock.held and not game_running()  # released when the game ended


def test_players_who_left_at_the_launchers_name_screen_get_the_goodbye(app_home: Path) -> None:
    app_home.mkdir(parents=True)
    stray = app_home / ".save.json.x3.tmp"
    stray.write_text("{}")
    lock = acquire_game_lock()
    asked = ("Game interrupted (Ctrl-C). Goodbye!", 130)
    result = CliRunner().invoke(main, ["play"], obj=Started(lock, asked))
    assert result.exit_code == 130
    assert result.output == "Game interrupted (Ctrl-C). Goodbye!\n"
    assert not stray.exists()  # removed as on every start
    assert not (app_home / "save.json").exists()
    assert not lock.held


def test_without_a_terminal_the_launcher_leaves_the_refusal_to_play(app_home: Path) -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "tacocat", "play"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("Error: tacocat play needs a terminal")
    assert result.stdout == "" and not app_home.exists()  # no lock, no screen


def test_the_quick_start_imports_neither_click_nor_rich(tmp_path: Path) -> None:
    """Checked in a fresh interpreter: what the launcher's modules import on their own."""
    import subprocess
    import sys

    code = (
        "import sys, tacocat.launch, tacocat.ui.claim, tacocat.ui.start, tacocat.ui.tty,"
        " tacocat.storage.lock, tacocat.storage.paths;"
        "print(' '.join(sorted(sys.modules)))"
    )
    env = {**os.environ, "TACOCAT_HOME": str(tmp_path)}
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    assert "tacocat.ui.tty" in loaded
    assert not [m for m in loaded if m.split(".")[0] in ("click", "rich", "typing")]


def test_ctrl_c_before_the_name_screen_is_aborted_without_a_traceback(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while the launcher checks the terminal or locks: click's 'Aborted!', status 1."""
    import sys

    from tacocat import launch
    from tacocat.storage import lock
    from tacocat.ui import claim

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(claim, "terminal_problem", lambda: None)
    monkeypatch.setattr(claim, "terminal_size", lambda: (80, 24))
    monkeypatch.setattr(lock, "acquire_game_lock", interrupted)
    monkeypatch.setattr(sys, "argv", ["tacocat", "play"])
    with pytest.raises(SystemExit) as leaving:
        launch.main()
    assert leaving.value.code == 1
    assert capsys.readouterr().err == "Aborted!\n"
