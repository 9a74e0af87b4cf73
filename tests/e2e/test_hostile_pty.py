"""The player who just moved, at a real terminal, trying to see the next hand or break the game.

Hand-overs that only Enter ends, Ctrl-Z and ``fg``, escape sequences and
Unicode digits typed at prompts, line-editing keys that would bring back
what the other player typed, and two signals in quick succession.
The terminal's echo is off where the test reads what the game writes, so
that every byte read back is the game's own.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
CARD_TOP = re.compile(r"[╭+][─-]? ([a-z]) [─-]")
HANDOVER = r"(\w+), press Enter: "
CLEAR = "\x1b[2J"
LEAVE_ALT = "\x1b[?1049l"


def environment(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "TERM": "xterm-256color",
        "TACOCAT_HOME": str(home),
        "COLUMNS": str(COLS),
        "LINES": str(ROWS),
    }


class Screen:
    """Feeds what the game writes to a terminal emulator; keeps the raw bytes too."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""

    def expect(self, pattern: str | list[str], **options: float) -> int:
        index = int(self.child.expect(pattern, **options))
        text = self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        self.raw += text
        self.stream.feed(text)
        return index

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def shows_a_hand(self) -> bool:
        return CARD_TOP.search(self.text) is not None


def start(home: Path, *, echo: bool = True, seed: int = 2) -> Screen:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "play", "--p1", "Ann", "--p2", "Bob", "--seed", str(seed)],
        dimensions=(ROWS, COLS),
        env=environment(home),
        encoding="utf-8",
        timeout=20,
        echo=echo,
    )
    child.delaybeforesend = None
    return Screen(child)


def to_bobs_hand_over(screen: Screen) -> None:
    """Ann's hand-over, Ann's first move (keep her hand), then Bob's hand-over."""
    screen.expect(HANDOVER)
    screen.child.send("\r")
    screen.expect(r"Ann> ")
    assert screen.shows_a_hand()
    screen.child.send("-\r")
    screen.expect(HANDOVER)
    assert screen.child.match.group(1) == "Bob" and not screen.shows_a_hand()


def test_keys_pressed_by_the_previous_player_never_show_the_next_hand(app_home: Path) -> None:
    screen = start(app_home)
    to_bobs_hand_over(screen)
    child = screen.child
    # q, Enter (the quit question), Enter ("go back"): back at the hand-over.
    child.send("q\r")
    screen.expect(r"Quit\? \(y/N\) ")
    child.send("\r")
    screen.expect(HANDOVER)
    assert child.match.group(1) == "Bob" and not screen.shows_a_hand()
    # ? explains the hand-over, and Enter goes back to it.
    child.send("?\r")
    screen.expect(r"Press Enter to go back to the hand-over: ")
    assert "accepts only Enter" in screen.text and not screen.shows_a_hand()
    child.send("\r")
    screen.expect(HANDOVER)
    assert not screen.shows_a_hand()
    # Arrow keys, a word, Alt+C: refused with a note, still the hand-over.
    for keys in ("\x1b[D\x1b[C", "x", "\x1bc"):
        child.send(keys + "\r")
        screen.expect(HANDOVER)
        assert not screen.shows_a_hand(), screen.text
        assert "does nothing at a hand-over" in screen.text
    # Only Enter shows Bob's hand.
    child.send("\r")
    screen.expect(r"Bob> ")
    assert "Bob's hand" in screen.text and screen.shows_a_hand()
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


def test_an_enter_typed_ahead_cannot_skip_a_duel_both_players_watch(app_home: Path) -> None:
    """Seed 0: Ann picks the second duel card, wins the duel and plays on at once.

    The duel's result is for both to see, and only then is Bob asked to look
    away: an Enter Ann typed along with her card must not skip that screen
    and put her hand up while Bob is still watching for the result.
    """
    screen = start(app_home, seed=0)
    child = screen.child
    for player, move in (("Ann", "-"), ("Bob", "-")):
        screen.expect(HANDOVER)
        assert child.match.group(1) == player
        child.send("\r")
        screen.expect(f"{player}> ")
        child.send(move + "\r")
    screen.expect(r"pick your duel card")  # Bob chose last: he begins the duel
    screen.expect(r"Bob> ")
    child.send("a\r")  # his 3
    screen.expect(HANDOVER)
    assert child.match.group(1) == "Ann"
    child.send("\r")
    screen.expect(r"Ann> ")
    child.send("g\r\r")  # her highest card, and Enter once more out of habit
    screen.expect(r"Press Enter to continue \(Ann plays next; Bob, look away\): ")
    assert not screen.shows_a_hand()
    screen.raw = ""
    child.send("\r")
    screen.expect(r"Ann> ")
    assert screen.shows_a_hand()
    # Keys are answered in the order typed: once zz is answered, the habitual
    # Enter has been too.  Had it passed the result, the Enter above would have
    # reached Ann's prompt and been answered "Nothing typed".
    child.send("zz\r")
    screen.expect(re.escape("'zz' is not a card key"))
    assert "Nothing typed" not in screen.raw, screen.raw
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


def test_typed_escapes_and_unicode_digits_are_explained_not_echoed(app_home: Path) -> None:
    screen = start(app_home, echo=False)  # every byte read back is the game's
    screen.expect(HANDOVER)
    screen.child.send("\r")
    screen.expect(r"Ann> ")
    # A decision prompt edits the line (tacocat.ui.term.lineedit, prompt_toolkit): a
    # Left arrow moves the cursor and escape sequences are keys, never text in the line.
    typed = {
        "\x1b[D": "Nothing typed",  # Left arrow
        # Any other sequence is read whole, as a key that does nothing: not "0;pwned".
        "\x1b]0;pwned\x07": "Nothing typed",  # retitle the window
        "\x1b[6n": "Nothing typed",  # ask the terminal to type a reply
        "²": "'²' is not understood",
        "①": "'①' is not understood",
        "9²": "'9²' is not understood",
    }
    for keys, words in typed.items():
        screen.raw = ""
        screen.child.send(keys + "\r")
        screen.expect(r"Ann> ")
        assert words in screen.text, screen.text
        assert "\x1b]" not in screen.raw and "\x1b[D" not in screen.raw
        assert "\x1b[6n" not in screen.raw and "\x07" not in screen.raw
    screen.child.sendintr()
    screen.child.expect(pexpect.EOF)
    screen.raw += screen.child.before
    screen.child.close()
    assert "Traceback" not in screen.raw
    assert screen.child.exitstatus == 130


# Keys that read what outlives a line in GNU readline's keymaps (emacs, and vi
# after Esc Ctrl-J or Esc Enter) or in prompt_toolkit's: the kill ring, the last
# keyboard macro, the last search, the undo list, another init file.
PEEKING_KEYS = {
    "Ctrl-Y (paste)": "\x19",
    "Alt-Y (paste older)": "\x1by",
    "Ctrl-X e (replay the macro)": "\x18e",
    "Ctrl-R Ctrl-R (the last search)": "\x12\x12\x07",
    "Ctrl-S Ctrl-S": "\x13\x13\x07",
    "Alt-P, Alt-N (search)": "\x1bp\x1bn",
    "Ctrl-_, Ctrl-X Ctrl-U (undo)": "\x1f\x18\x15",
    "Alt-R, Alt-Ctrl-R (revert)": "\x1br\x1b\x12",
    "Alt-., Alt-_, Alt-Ctrl-Y (earlier words)": "\x1b.\x1b_\x1b\x19",
    "Ctrl-X Ctrl-R (read ~/.inputrc), Esc p": "\x18\x12\x1bp",
    # readline's vi mode came after Esc Enter, which sends the line in prompt_toolkit:
    # its keys alone.
    "Esc p (put), Esc P (put before)": "\x1bp\x1bP",
    "Esc u (undo), Esc ; (find again), Esc n (search again), Esc . (redo)": (
        "\x1bu\x1b;\x1bn\x1b."
    ),
}


def test_no_editing_key_brings_back_what_the_other_player_typed(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An init file that chooses vi mode, as a vi user's ~/.inputrc would.
    inputrc = app_home.parent / "inputrc"
    inputrc.write_text("set editing-mode vi\n")
    monkeypatch.setenv("INPUTRC", str(inputrc))
    screen = start(app_home, echo=False)  # every byte read back is the game's
    child = screen.child
    screen.expect(HANDOVER)
    child.send("\r")
    screen.expect(r"Ann> ")
    # Ann types a secret and deletes it, records a keyboard macro (Ctrl-X ( and
    # Ctrl-X )) and deletes that too, then keeps her hand.
    child.send("xyzzy 9 9\x15\x18(plugh 8 8\x18)\x15-\r")
    screen.expect(HANDOVER)
    assert child.match.group(1) == "Bob"
    screen.raw = ""
    child.send("\r")
    screen.expect(r"Bob> ")
    # Bob tries each key, then types zz: the game's answer quotes his whole line,
    # which holds only z's (his zz, or his own earlier lines recalled).
    for name, keys in PEEKING_KEYS.items():
        child.send(keys + "zz\r")
        screen.expect(r"! ([^\r\n]+)")
        assert re.match(r"'z+' is not", child.match.group(1)), (name, child.match.group(1))
        screen.expect(r"Bob> ")
    assert "xyzzy" not in screen.raw and "plugh" not in screen.raw  # not even for a moment
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()


def test_ctrl_z_hides_the_hand_and_fg_comes_back_behind_a_hand_over(app_home: Path) -> None:
    # Job control needs a shell: a process without one is not stopped by Ctrl-Z.
    env = {**environment(app_home), "PS1": "$ "}
    shell = pexpect.spawn(
        "bash",
        ["--norc", "--noprofile", "-i"],
        dimensions=(ROWS, COLS),
        env=env,
        encoding="utf-8",
        timeout=20,
    )
    shell.delaybeforesend = None
    screen = Screen(shell)
    screen.expect(r"\$ ")
    shell.send(f"{sys.executable} -m tacocat play --p1 Ann --p2 Bob --seed 2\r")
    screen.expect(HANDOVER)
    shell.send("\r")
    screen.expect(r"Ann> ")
    assert screen.shows_a_hand()
    screen.raw = ""
    shell.sendcontrol("z")
    screen.expect(r"Stopped.*\r\n.*\$ ")
    # Wiped, out of the alternate screen, wiped again: the shell shows no hand.
    assert screen.raw.index(CLEAR) < screen.raw.index(LEAVE_ALT) < screen.raw.rindex(CLEAR)
    assert "tacocat is suspended" in screen.text
    assert not screen.shows_a_hand(), screen.text
    shell.send("fg\r")
    screen.expect(HANDOVER)
    assert shell.match.group(1) == "Ann" and not screen.shows_a_hand()
    shell.send("\r")
    screen.expect(r"Ann> ")
    assert screen.shows_a_hand() and "Ann's hand" in screen.text
    shell.sendintr()
    screen.expect(r"\$ ")
    assert "Traceback" not in screen.raw
    shell.send("exit\r")
    shell.expect(pexpect.EOF)
    shell.close()


@pytest.mark.parametrize(
    ("first", "delay"),
    [(signal.SIGINT, 0.0), (signal.SIGTERM, 0.0), (signal.SIGINT, 0.02), (signal.SIGTERM, 0.02)],
)
def test_two_signals_at_once_after_a_move_leave_no_hand_on_screen(
    app_home: Path, first: signal.Signals, delay: float
) -> None:
    """Both signals arrive together, at a moment ``delay`` into the move.

    The game is stopped (SIGSTOP) while the two are sent and continued
    after, so both are pending at once wherever it stopped: Python then
    handles the lower number first, SIGHUP ends the game and the guard
    ignores the other.  Sent one after the other to a running game, which
    of the two wins would be a race.
    """
    screen = start(app_home, echo=False)
    screen.expect(HANDOVER)
    screen.child.send("\r")
    screen.expect(r"Ann> ")
    screen.raw = ""
    screen.child.send("-\r")  # a move...
    time.sleep(delay)  # the scenario's timing: where in the move the signals land
    screen.child.kill(signal.SIGSTOP)
    screen.child.kill(first)  # ...and two signals at once
    screen.child.kill(signal.SIGHUP)
    screen.child.kill(signal.SIGCONT)
    screen.child.expect(pexpect.EOF)
    screen.raw += screen.child.before
    screen.child.close()
    raw = screen.raw
    assert "Traceback" not in raw
    # The output ends out of the alternate screen, and nothing of a hand was
    # drawn after the last clear.
    last_clear = raw.rindex(CLEAR)
    assert LEAVE_ALT in raw[last_clear:]
    assert "\x1b[?1049h" not in raw[raw.rindex(LEAVE_ALT) :]
    assert not CARD_TOP.search(raw[last_clear:]), raw[last_clear:]
    assert "Game stopped (SIGHUP)" in raw
    assert screen.child.exitstatus == 128 + signal.SIGHUP, screen.child.signalstatus


def test_exported_columns_and_lines_do_not_hide_a_small_terminal(app_home: Path) -> None:
    env = {**environment(app_home), "COLUMNS": "200", "LINES": "60"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "play", "--p1", "Ann", "--p2", "Bob"],
        dimensions=(20, 70),  # the real window
        env=env,
        encoding="utf-8",
        timeout=20,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "The terminal is 70x20" in child.before
