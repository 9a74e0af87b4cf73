"""Clearing that reaches the scrollback, the alternate screen, and line input."""

from __future__ import annotations

import io
import os

import pytest
from rich.console import Console

from tacocat.ui.term.keys import read_line
from tacocat.ui.term.signals import ENTER_ALT, ERASE_SCROLLBACK, LEAVE_ALT
from tacocat.ui.term.terminal import Terminal


def tty_console() -> Console:
    return Console(file=io.StringIO(), force_terminal=True, width=80, height=24)


def written(console: Console) -> str:
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def test_every_clear_also_erases_the_scrollback() -> None:
    console = tty_console()
    Terminal(console).show("secret hand")
    text = written(console)
    assert text.index("\x1b[2J") < text.index(ERASE_SCROLLBACK) < text.index("secret hand")


def test_the_game_runs_in_the_alternate_screen_and_leaves_it_clean() -> None:
    console = tty_console()
    with Terminal(console) as terminal:
        assert written(console).endswith("\x1b[?1049h\x1b[H")  # written at once, not buffered
        terminal.show("secret hand")
    text = written(console)
    enter, leave = text.index("\x1b[?1049h"), text.index("\x1b[?1049l")
    assert enter < text.index("secret hand") < leave
    # Wiped (screen and scrollback) before switching back.
    assert text.rindex(ERASE_SCROLLBACK) < leave


def test_the_alternate_screen_is_left_on_an_exception() -> None:
    console = tty_console()
    with pytest.raises(KeyboardInterrupt), Terminal(console):
        raise KeyboardInterrupt
    assert written(console).endswith("\x1b[?1049l")


def test_without_a_terminal_nothing_is_cleared_and_no_codes_are_sent() -> None:
    console = Console(file=io.StringIO(), width=80)
    with Terminal(console) as terminal:
        terminal.show("public board")
    assert "\x1b" not in written(console)


def test_read_line_returns_one_line_and_raises_eof_at_the_end() -> None:
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "r") as reader:
        os.write(write_fd, b"a c\n")
        assert read_line(reader) == "a c"
        os.close(write_fd)
        with pytest.raises(EOFError):
            read_line(reader)


def test_a_prompt_is_read_as_plain_text_not_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("a c\n"))  # not a terminal: a plain read
    console = Console(file=io.StringIO(), width=80)
    assert Terminal(console).ask("[/b]> ") == "a c"
    assert written(console) == "[/b]> "


class StalledTerminal(io.StringIO):
    """A terminal whose first flush is cut short by Ctrl-C (output held with Ctrl-S, say)."""

    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        self.flushes += 1
        if self.flushes == 1:
            raise KeyboardInterrupt


def test_ctrl_c_while_entering_the_alternate_screen_still_leaves_it() -> None:
    stream = StalledTerminal()
    terminal = Terminal(Console(file=stream, force_terminal=True))
    with pytest.raises(KeyboardInterrupt):
        terminal.__enter__()  # the switch was written, then the flush was interrupted
    terminal.restore()  # what the name screen and the game do on the way out
    text = stream.getvalue()
    assert ENTER_ALT in text and text.rindex(LEAVE_ALT) > text.index(ENTER_ALT)


def test_ctrl_s_cannot_freeze_the_screen_while_the_game_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Flow control off: a screen frozen by Ctrl-S would keep a hand up after the move."""
    import termios

    leader, follower = os.openpty()
    with os.fdopen(follower, "r", closefd=True) as tty_in:
        monkeypatch.setattr("sys.stdin", tty_in)
        assert termios.tcgetattr(follower)[0] & termios.IXON  # a new terminal has it on
        with Terminal(Console(file=io.StringIO()), alt_screen=False):
            assert not termios.tcgetattr(follower)[0] & termios.IXON
        assert termios.tcgetattr(follower)[0] & termios.IXON  # the shell's modes are back
    os.close(leader)


def test_signal_keys_keep_typed_keys_in_the_game_and_none_reach_the_shell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NOFLSH while the game runs; keys not yet read are dropped when it gives the terminal back.

    Without NOFLSH the terminal drops typed keys on Ctrl-Z, and line editing
    that was about to read one waits for the next key, the suspend held back.
    """
    import select
    import termios

    leader, follower = os.openpty()
    with os.fdopen(follower, "r", closefd=True) as tty_in:
        monkeypatch.setattr("sys.stdin", tty_in)
        assert not termios.tcgetattr(follower)[3] & termios.NOFLSH
        terminal = Terminal(Console(file=io.StringIO()), alt_screen=False)
        with terminal:
            assert termios.tcgetattr(follower)[3] & termios.NOFLSH
            os.write(leader, b"9 9\n")  # typed, not read yet, as the game ends
            assert select.select([follower], [], [], 5)[0]  # it has reached the terminal
        assert not termios.tcgetattr(follower)[3] & termios.NOFLSH
        assert not select.select([follower], [], [], 0.2)[0]  # nothing left for the shell
    os.close(leader)


@pytest.mark.parametrize("code", ["EIO", "EBADF", "ENXIO"])
def test_a_terminal_that_went_away_ends_the_game_as_sighup_does(code: str) -> None:
    """A closed pty answers writes with EIO: the game leaves by its single exit, no traceback."""
    import errno
    import signal

    from tacocat.ui.term.signals import Stopped

    class Gone(io.StringIO):
        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            raise OSError(getattr(errno, code), "gone")

    terminal = Terminal(Console(file=Gone(), force_terminal=True))
    with pytest.raises(Stopped) as stopped:
        terminal.show("Ann's hand", secret=True)
    assert stopped.value.signum == signal.SIGHUP
    terminal.restore()  # and giving the terminal back raises nothing


def test_the_name_screen_is_drawn_without_rich(tmp_path: os.PathLike[str]) -> None:
    """Checked in a fresh interpreter: what play's first screen loads before the names."""
    import subprocess
    import sys

    code = (
        "import sys, tacocat.cli, tacocat.cli.play, tacocat.ui.term.terminal,"
        " tacocat.ui.term.start,"
        " tacocat.ui.term.claim, tacocat.storage.lock, tacocat.storage.paths;"
        "print(' '.join(sorted(sys.modules)))"
    )
    env = {**os.environ, "TACOCAT_HOME": str(tmp_path)}
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    assert "tacocat.ui.term.terminal" in loaded and "click" in loaded
    assert not [m for m in loaded if m.split(".")[0] in ("rich", "prompt_toolkit")]
