"""`tacocat play` through click: the name screen before rich and prompt_toolkit are loaded."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pexpect
import pytest
from firstscreen import SNAPSHOT

from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave
from tacocat.storage.lock import acquire_game_lock

pytestmark = pytest.mark.e2e

SCRIPT = Path(sys.executable).with_name("tacocat")  # the console script of this install


def spawn(home: Path, command: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TACOCAT_HOME": str(home), "TERM": "xterm"}
    return pexpect.spawn(
        command[0], command[1:], env=env, encoding="utf-8", timeout=60, dimensions=(24, 80)
    )


def test_the_console_script_shows_the_name_screen_and_the_game_goes_on(app_home: Path) -> None:
    child = spawn(app_home, [str(SCRIPT), "play"])
    child.expect_exact("╭────────────────────────────────── New game ───")
    child.expect_exact("│ Player 1 sits behind the YAY goal.")
    child.expect_exact("Player 1 name [Yay]: ")
    child.send("Ann\r")
    child.expect_exact("Player 2 name [Wow]: ")
    child.send("Bob\r")
    child.expect_exact("Pass the keyboard to Ann")
    child.expect_exact("Ann, press Enter: ")
    child.send("\r")
    child.expect_exact("Ann> ")  # Ann's first decision: the game runs as ever
    child.send("q\r")
    child.expect_exact("Quit? (y/N) ")
    child.send("y\r")
    child.expect_exact("Game ended: a player quit.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (app_home / "save.json").exists()


def test_against_the_computer_in_ascii_one_name_is_asked(app_home: Path) -> None:
    child = spawn(app_home, [sys.executable, "-m", "tacocat", "play", "--vs-computer", "--ascii"])
    child.expect_exact("+---------------------------------- New game ---")
    child.expect_exact("Player 1 name [Yay]: ")
    child.send("Computer\r")  # the computer's name is taken
    child.expect_exact("Computer is taken")
    child.expect_exact("Player 1 name [Yay]: ")
    child.send("Ann\r")
    child.expect_exact("Ann> ")
    child.sendcontrol("c")
    child.expect_exact("Game interrupted (Ctrl-C). Goodbye!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_the_name_screen_is_up_before_rich_and_line_editing_load(
    app_home: Path, tmp_path: Path
) -> None:
    listing = tmp_path / "modules.txt"
    child = spawn(app_home, [sys.executable, "-c", SNAPSHOT, str(listing)])
    child.expect_exact("Player 1 name [Yay]: ")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    loaded = listing.read_text().split()
    assert "tacocat.ui.term.start" in loaded and "tacocat.storage.lock" in loaded
    tops = {module.split(".")[0] for module in loaded}
    assert not tops & {"rich", "prompt_toolkit"}, sorted(tops)
    assert not [
        module for module in loaded if module.startswith(("tacocat.ui.play.game", "tacocat.ai"))
    ]


def test_ctrl_z_at_the_name_screen_and_fg_draw_it_again(app_home: Path) -> None:
    # Job control needs a shell: a process without one is not stopped by Ctrl-Z.
    env = {**os.environ, "TACOCAT_HOME": str(app_home), "TERM": "xterm", "PS1": "$ "}
    shell = pexpect.spawn(
        "bash",
        ["--norc", "--noprofile", "-i"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    shell.expect_exact("$ ")
    shell.send(f"{sys.executable} -m tacocat play\r")
    shell.expect_exact("Player 1 name [Yay]: ")
    shell.send("An")
    # At once: the terminal used to drop "An" on Ctrl-Z while line editing was
    # about to read it, and the suspend then waited for the next key.
    shell.sendcontrol("z")
    shell.expect_exact("tacocat is suspended: type fg")
    shell.expect(r"Stopped.*\$ ")
    shell.send("fg\r")
    shell.expect_exact("│ Player 1 sits behind the YAY goal.")  # the screen again
    shell.expect_exact("Player 1 name [Yay]: ")
    shell.send("Ann\r")  # what was typed before Ctrl-Z is dropped
    shell.expect_exact("Player 2 name [Wow]: ")
    shell.send("Bob\r")
    shell.expect_exact("Ann, press Enter: ")
    shell.sendcontrol("c")
    shell.expect_exact("Game interrupted (Ctrl-C). Goodbye!")
    shell.expect_exact("$ ")
    shell.send("exit\r")
    shell.expect(pexpect.EOF)
    shell.close()


def test_a_second_game_is_refused_before_any_screen(app_home: Path) -> None:
    lock = acquire_game_lock()  # a game running elsewhere
    try:
        child = spawn(app_home, [sys.executable, "-m", "tacocat", "play"])
        seen = io.StringIO()
        child.logfile_read = seen
        child.expect_exact("Error: another tacocat game is running")
        child.expect(pexpect.EOF)
        child.close()
    finally:
        lock.release()
    assert child.exitstatus == 2
    assert "name" not in seen.getvalue() and "\x1b[?1049h" not in seen.getvalue()


@pytest.mark.parametrize(
    ("signal_name", "words", "code"),
    [("SIGTERM", "Game stopped (SIGTERM).", 143), ("SIGHUP", "Game stopped (SIGHUP).", 129)],
)
def test_a_signal_at_the_name_screen_ends_cleanly(
    app_home: Path, signal_name: str, words: str, code: int
) -> None:
    import signal

    child = spawn(app_home, [sys.executable, "-m", "tacocat", "play"])
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect_exact("Player 1 name [Yay]: ")
    child.kill(getattr(signal, signal_name))
    child.expect_exact(words)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == code
    assert "\x1b[?1049l" in seen.getvalue()  # the alternate screen was left


def test_a_saved_game_is_offered_first_and_new_names_asked_after(app_home: Path) -> None:
    game = AutoSave.start(new_game(3), ("Ann", "Bob"), 3).info.short_id
    child = spawn(app_home, [sys.executable, "-m", "tacocat", "play"])
    child.expect_exact("A saved game is waiting: Ann vs Bob")
    child.expect_exact("Resume it? [Y/n]: ")
    child.send("n\r")
    child.expect_exact("╭────────────────────────────────── New game ───")  # the same screen
    child.expect_exact("Player 1 name [Yay]: ")
    child.send("Cy\r")
    child.expect_exact("Player 2 name [Wow]: ")
    child.send("Di\r")
    child.expect_exact("Press Enter to continue: ")  # the same words, on the game's screen
    assert "Before the game" in child.before and f"--resume {game}`." in child.before
    child.send("\r")
    child.expect_exact("Cy, press Enter: ")
    child.sendcontrol("c")
    child.expect_exact(
        f"The unfinished game from before stays in history: `tacocat play --resume {game}`."
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
