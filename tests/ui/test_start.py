"""The start of `tacocat play` through click: the name screen, the app directory, refusals."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import click
import pytest
from rich.box import ASCII as RICH_ASCII
from rich.box import HEAVY as RICH_HEAVY
from rich.box import ROUNDED as RICH_ROUNDED
from rich.console import Console

from tacocat.cli import main
from tacocat.storage import paths
from tacocat.ui.draw import boxes
from tacocat.ui.draw.glyphs import ASCII, UNICODE
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.term.start import name_screen


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


def test_the_app_directory_is_clicks_where_saves_always_were(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(paths.HOME_VARIABLE)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert paths.app_dir() == Path(click.get_app_dir("tacocat"))
    if sys.platform.startswith("linux"):  # the folder earlier versions wrote their saves to
        assert paths.app_dir() == tmp_path / ".config" / "tacocat"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.app_dir() == tmp_path / "config" / "tacocat"


def test_without_a_terminal_play_refuses_before_locking(app_home: Path) -> None:
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


def test_ctrl_c_before_the_name_screen_is_aborted_without_a_traceback(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while play checks the terminal or locks: click's 'Aborted!', status 1."""
    from tacocat.storage import lock
    from tacocat.ui.term import claim

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(claim, "terminal_problem", lambda: None)
    monkeypatch.setattr(claim, "terminal_size", lambda: (80, 24))
    monkeypatch.setattr(lock, "acquire_game_lock", interrupted)
    with pytest.raises(SystemExit) as leaving:
        main.main(["play"], prog_name="tacocat")
    assert leaving.value.code == 1
    assert capsys.readouterr().err.strip() == "Aborted!"  # click's words, on a line of their own
