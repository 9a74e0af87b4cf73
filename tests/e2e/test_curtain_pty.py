"""The curtain against habit, in a real pseudo-terminal with its real timing.

Two people at one keyboard: the one who just moved often presses Enter a
second time, a moment later.  That key must land on nothing, whatever the
delay a hurried hand gives it (5 to 900 ms), at a hand-over, at a result
both players watch, and at the hand-over that follows a take-back.  Each
check waits for a positive sign (the owner's Enter reaching their decision,
and a word typed next answered there, with no "Nothing typed" before it)
and then reads everything the game wrote since the move.
"""

from __future__ import annotations

import io
import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
HANDOVER = r"(\w+), press Enter: "
DECISION = r"(?<![\w\[;])(\w+)> "
CONTINUE = r"Press Enter to continue \((\w+) plays next[^:]*: "
PROBE_REFUSED = "'x' does nothing at a hand-over"
CARD_TOP = re.compile(r"[╭+][─-]? [a-z] [─-]")
# Delays of the second Enter after the one that ended a move.
DELAYS = (0.005, 0.05, 0.15, 0.3, 0.6, 0.9)


class Players:
    """``tacocat play --seed 42`` for Ann and Bob, with the curtain's real settle time."""

    def __init__(self, home: Path, shell: bool = False) -> None:
        """``shell``: play inside an interactive bash, where Ctrl-Z and ``fg`` work."""
        env = {**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(home), "PS1": "$ "}
        env.pop("TACOCAT_SETTLE_SECONDS", None)  # the time players get, not the tests' one
        game = [
            sys.executable,
            "-m",
            "tacocat",
            "play",
            "--p1",
            "Ann",
            "--p2",
            "Bob",
            "--seed",
            "42",
        ]
        command, args = ("bash", ["--norc", "--noprofile", "-i"]) if shell else (game[0], game[1:])
        self.child = pexpect.spawn(
            command,
            args,
            dimensions=(ROWS, COLS),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=20,
        )
        self.child.delaybeforesend = None
        if shell:
            self.child.expect(r"\$ ")
            self.child.send(" ".join(game) + "\r")
        self.written = io.StringIO()  # every character the game wrote
        self.child.logfile_read = self.written
        self.screen = pyte.HistoryScreen(COLS, ROWS, history=500)
        self.stream = pyte.Stream(self.screen)
        self.mark = 0  # where the last move starts in ``written``

    def expect(self, pattern: str) -> str:
        """Wait for ``pattern``; its first group (a name), or ''."""
        self.child.expect(pattern)
        before = self.child.before
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.stream.feed(before + after)
        groups = self.child.match.groups()
        return str(groups[0]) if groups else ""

    def since_move(self) -> str:
        return self.written.getvalue()[self.mark :]

    def move(self, keys: str, delay: float) -> None:
        """Type ``keys`` and Enter, then Enter again ``delay`` seconds later, out of habit."""
        self.mark = len(self.written.getvalue())
        self.child.send(keys + "\r")
        time.sleep(delay)  # the scenario's timing, not a wait for something to happen
        self.child.send("\r")

    def no_hand_shown(self, where: str) -> None:
        """Since the move, no hand and no decision prompt; none on screen or in its history."""
        since = self.since_move()
        assert "'s hand" not in since and not re.search(DECISION, since), (
            f"{where}: a hand was drawn after the move"
        )
        history = ["".join(char.data for char in line.values()) for line in self.screen.history.top]
        for line in [*self.screen.display, *history]:
            assert not CARD_TOP.search(line), f"{where}: a card face on screen: {line!r}"

    def pass_hand_over(self, to: str, where: str) -> None:
        """The hand-over to ``to`` is up and the stray Enter did not pass it; ``to`` passes it."""
        assert self.expect(HANDOVER) == to, where
        self.passed_once(to, where)

    def pass_result(self, to: str, where: str) -> None:
        """A result both watch is up; the stray Enter did not skip it."""
        assert self.expect(CONTINUE) == to, where
        self.passed_once(to, where)

    def passed_once(self, to: str, where: str) -> None:
        """Enter at the screen on show reaches ``to``'s decision, and the stray Enter nothing.

        Keys are answered in the order typed: once ``zz`` is answered, the stray
        Enter has been too.  Had it passed the screen, the Enter sent here would
        have reached the hand: answered "Nothing typed", or dropped as typed
        ahead of the decision ("Too soon" on its prompt).
        """
        self.no_hand_shown(where)
        self.child.send("\r")
        assert self.expect(DECISION) == to, where
        assert "Too soon" not in self.child.before, f"{where}: the screen was passed"
        self.child.send("zz\r")
        self.expect(re.escape("'zz' is not a card key"))
        assert "Nothing typed" not in self.since_move(), f"{where}: the screen was passed"
        assert self.expect(DECISION) == to, where  # asked again: keys typed now count

    def leave(self) -> None:
        self.child.sendcontrol("c")
        self.child.expect(pexpect.EOF)
        self.child.close()


def test_a_second_enter_passes_no_hand_over_and_skips_no_result(app_home: Path) -> None:
    """One game, each move followed by a second Enter at another delay."""
    players = Players(app_home)
    assert players.expect(HANDOVER) == "Ann"
    players.child.send("\r")
    assert players.expect(DECISION) == "Ann"
    # Replacements (kept hands), then the duel, begun by Bob, who chose last.
    players.move("-", DELAYS[0])
    players.pass_hand_over("Bob", f"Enter {DELAYS[0] * 1000:.0f} ms after Ann's '-'")
    players.move("-", DELAYS[1])  # Bob keeps and goes on: his second Enter meets his own prompt
    assert players.expect(DECISION) == "Bob" and "pick your duel card" in players.since_move()
    # The habitual Enter is answered at Bob's own prompt (or said to be too soon).
    players.child.expect("Nothing typed|Too soon: key ignored")
    assert players.expect(DECISION) == "Bob"
    players.move("a", DELAYS[2])  # his 2
    players.pass_hand_over("Ann", f"Enter {DELAYS[2] * 1000:.0f} ms after Bob's duel card")
    players.move("g", DELAYS[3])  # Ann's 9: the duel's result, and Ann attacks
    players.pass_result("Ann", f"Enter {DELAYS[3] * 1000:.0f} ms after the duel card")

    # Ann attacks with her 1.  While she may take it back, Bob's hand-over keeps
    # it from him: the table as it was before, and Ann's offer.
    players.move("a", DELAYS[4])
    assert players.expect(HANDOVER) == "Bob"
    shown = "\n".join(players.screen.display)
    assert "Ann: type u to take back your move" in shown
    assert "attacked" not in shown and "Ann holds 6" in shown
    # u, typed by whoever is at the keyboard, then Enter again: Ann's hand shows
    # only behind Ann's own hand-over, and Bob never saw the 1.
    players.move("u", DELAYS[5])
    players.pass_hand_over("Ann", f"Enter {DELAYS[5] * 1000:.0f} ms after u")
    assert "attacked" not in players.since_move()
    assert "Ann took back their move" in "\n".join(players.screen.display)

    players.move("a", DELAYS[0])  # the same attack again: once Bob passes, it stands
    players.pass_hand_over("Bob", f"Enter {DELAYS[0] * 1000:.0f} ms after the attack")
    assert "Ann attacked with a 1" in "\n".join(players.screen.display)
    players.child.send("a\r")  # Bob defends with his 2, wins the trick and attacks
    assert players.expect(DECISION) == "Bob"
    players.move("a", DELAYS[5])
    players.pass_hand_over("Ann", f"Enter {DELAYS[5] * 1000:.0f} ms after Bob's attack")
    players.leave()


def test_a_take_back_shows_the_movers_hand_only_behind_the_movers_hand_over(
    app_home: Path,
) -> None:
    # The game above takes a move back with Enter 900 ms after u; here 5 ms.
    delay = DELAYS[0]
    players = Players(app_home)
    players.expect(HANDOVER)
    players.child.send("\r")
    players.expect(DECISION)
    players.child.send("-\r")  # Ann keeps her hand
    assert players.expect(HANDOVER) == "Bob"
    # Bob, already at the keyboard as the screen asked, types u (and Enter again).
    players.move("u", delay)
    players.pass_hand_over("Ann", f"Enter {delay * 1000:.0f} ms after u")
    assert "Ann took back their move" in "\n".join(players.screen.display)
    players.leave()


def test_an_enter_typed_with_fg_passes_no_hand_over(app_home: Path) -> None:
    """Ctrl-Z at a hand-over, then fg and Enter: the hand-over drawn again settles anew."""
    players = Players(app_home, shell=True)
    players.expect(HANDOVER)
    players.child.send("\r")
    players.expect(DECISION)
    players.child.send("-\r")
    assert players.expect(HANDOVER) == "Bob"  # its second is over: the prompt is up
    players.child.sendcontrol("z")
    players.expect(r"tacocat is suspended[^$]*\$ ")
    players.move("fg", DELAYS[2])  # fg, and Enter 150 ms later, out of habit
    players.pass_hand_over("Bob", "Enter 150 ms after fg")
    players.child.sendintr()
    players.expect(r"\$ ")
    players.child.send("exit\r")
    players.child.expect(pexpect.EOF)


def test_a_dropped_key_is_acknowledged_and_the_hand_over_still_waits(app_home: Path) -> None:
    """An Enter in the drop window says so on the prompt's line; the owner's Enter passes."""
    players = Players(app_home)
    players.expect(HANDOVER)
    players.child.send("\r")
    players.expect(DECISION)
    players.move("-", DELAYS[3])  # Ann keeps her hand, then Enter 300 ms later
    # The positive sign: the prompt, once keys count again, says the key did nothing.
    players.expect(re.escape("Too soon: key ignored.") + r"(?:\x1b\[22m)? " + HANDOVER)
    players.no_hand_shown("Enter 300 ms after the move")
    assert "Bob, press Enter" in players.screen.display[-1]
    assert "Too soon" in players.screen.display[-1]
    # Past the window, the hand-over still waits for its owner's own Enter.
    players.child.send("x\r")
    players.child.expect(re.escape(PROBE_REFUSED))
    players.expect(HANDOVER)
    players.child.send("\r")
    assert players.expect(DECISION) == "Bob"
    players.leave()
