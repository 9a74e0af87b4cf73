"""Whole hot-seat games through a pseudo-terminal, with junk typed at every prompt.

Used by ``tests/e2e/test_fuzz_pty.py`` (a few short seeded games) and by
``benchmarks/pty_fuzz.py`` (many more).  At every prompt the fuzzer may
type junk first: control characters, escape sequences (arrows, Alt keys,
a window-title command, a cursor-position request), Unicode digits, bytes
that are not UTF-8, very long lines, commands that open a question and
going back from it.  Then it gives a right answer, taken from the rules
engine (the save file holds the state after every move).  Whatever junk
happens to be a legal move is fine: the fuzzer follows the screen.

What must hold for every game: no traceback, no hang (each prompt within
``timeout`` seconds), the game reaches its end, no hand on any hand-over
screen, and nothing the game writes holds a control character other than
its own few screen codes.  The terminal's echo is off, so everything read
back is the game's own output.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte

from tacocat.engine import Action, Duel, GameState, Replace
from tacocat.engine.persist import state_from_data

ROWS, COLS = 24, 80
HANDOVER, CONTINUE, BACK, QUIT, AGAIN, DECISION, SCROLL, NAME, EOF = range(9)
PROMPTS = [
    r"(\w+), press Enter: ",
    r"Press Enter to continue[^:]*: ",
    r"Press Enter to go back to the [\w-]+: ",
    r"Quit\? \(y/N\) ",
    r"Play again\? \(y/n\) ",
    r"(?<![\w\[;])(\w+)> ",  # a name, not the end of a style code before an ASCII ">"
    r"\([^()]*q: back\): ",
    r"Player \d name \[\w+\]: ",
    pexpect.EOF,
]
CARD_TOP = re.compile(r"[╭+][─-]? ([a-z]) [─-]")
# The only codes the game itself sends: colours, clear, home, erase
# scrollback, alternate screen, cursor shown/hidden, (the computer's
# "thinking" spinner) one line up and erase the line, and the line editor's
# cursor moves (backspace, ESC[nC/D/K).
OWN_CODES = re.compile(r"\x1b\[(?:[0-9;]*m|2J|H|3J|\?1049[hl]|\?25[hl]|1A|2K|[0-9]*[CDK])|\x08")
UNSAFE = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f]")

JUNK_LINES = [
    "\x1b[D",  # Left arrow
    "\x1b[C\x1b[A\x1b[B",  # Right, Up, Down
    "\x1bc",  # Alt+C: "reset the terminal" if echoed
    "\x1b]0;pwned\x07",  # set the window title
    "\x1b[6n",  # ask the terminal to type the cursor position
    "\x9b6n",  # the same with a C1 CSI
    "\x07\x08\x7f\x00",
    "²",
    "①",
    "9²",
    "٣",
    "99999999999999999999",
    "x" * 300,
    "zz",
    "hello",
    "?!",
    "\u202eevil",
    "a" * 40,
    " ",
]
# Two cards a hand everywhere: short rounds, so a whole game takes seconds.
SHORT_RULES = "[board]\nhand_sizes = [2, 2, 2, 2, 2, 2, 2]\n"
# Names the name check refuses, so the players keep the default names.  (No
# DEL here: the terminal's line editing takes it as Backspace.)
BAD_NAMES = ["\x1b[D", "\x1b]0;pwned\x07", "x" * 300, "[b]", "\u202eevil", "Yay\x1b"]
JUNK_BYTES = [b"\xff\xfe", b"\xc3", b"caf\xe9"]  # not UTF-8


@dataclass
class Report:
    """What one fuzzed game went through."""

    prompts: int = 0
    junk: int = 0
    handovers: int = 0
    moves: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


def policy(state: GameState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def typed(action: Action) -> str:
    """What a player types for ``action``: card values, or '-' to replace nothing."""
    if isinstance(action, Duel):
        return str(action.value)
    if isinstance(action, Replace) and not action.values:
        return "-"
    return " ".join(str(value) for value in action.values)


def saved_state(home: Path) -> GameState:
    data = json.loads((home / "save.json").read_text(encoding="utf-8"))
    return state_from_data(data["state"])


class Fuzzer:
    """Plays one seeded hot-seat game, typing junk at prompts with ``rate``."""

    def __init__(
        self,
        home: Path,
        seed: int,
        rate: float = 0.5,
        timeout: float = 15,
        rules: Path | None = None,
        computer: str | None = None,
        ask_names: bool = False,
    ) -> None:
        """``computer``: a level to play against (the fuzzer plays YAY); ``ask_names``:
        the names are asked at the keyboard (and get junk too)."""
        self.home = home
        self.rng = random.Random(seed)
        self.rate = rate
        self.report = Report()
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "TACOCAT_HOME": str(home),
            "TACOCAT_NO_PAUSE": "1",
        }
        args = ["-m", "tacocat", "play", "--seed", str(seed)]
        if ask_names:
            self.names = ("Yay", "Wow")  # the defaults: every junk name is refused
        else:
            self.names = ("Ann", "Computer" if computer else "Bob")
            args += ["--p1", "Ann"] + ([] if computer else ["--p2", "Bob"])
        if computer is not None:
            args += ["--vs-computer", computer]
        if rules is not None:
            args += ["--rules", str(rules)]
        self.child = pexpect.spawn(
            sys.executable,
            args,
            dimensions=(ROWS, COLS),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=timeout,
            echo=False,  # what is read back is the game's own output only
        )
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.output: list[str] = []

    def wait(self) -> int:
        index = int(self.child.expect(PROMPTS))
        text = self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        self.output.append(text)
        self.stream.feed(text)
        self.report.prompts += 1
        return index

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def junk(self) -> None:
        self.report.junk += 1
        if self.rng.random() < 0.15:
            os.write(self.child.child_fd, self.rng.choice(JUNK_BYTES) + b"\r")
            return
        line = self.rng.choice(JUNK_LINES)
        if self.rng.random() < 0.3:  # several pieces on one line
            line += self.rng.choice(JUNK_LINES)
        self.child.send(line + "\r")

    def play(self) -> Report:
        """Play to the end; raise AssertionError on anything that must not happen."""
        while True:
            index = self.wait()
            kind = PROMPTS[index] if index != EOF else "EOF"
            self.report.kinds[str(kind)] = self.report.kinds.get(str(kind), 0) + 1
            if index == EOF:
                break
            if index == HANDOVER:
                self.report.handovers += 1
                assert not CARD_TOP.search(self.text), f"a hand at a hand-over:\n{self.text}"
            roll = self.rng.random()
            if index == AGAIN:
                answer = "n" if roll > self.rate / 2 else self.rng.choice(JUNK_LINES)
                self.child.send(answer + "\r")
            elif index == QUIT:
                self.child.send("\r" if roll < 0.5 else "n\r")  # always go back
            elif index == NAME:
                self.child.send((self.rng.choice(BAD_NAMES) if roll < self.rate else "") + "\r")
            elif roll < self.rate:
                self.junk_or_command(index)
            elif index == DECISION:
                state = saved_state(self.home)
                player = state.current_player()
                assert player is not None
                assert self.child.match.group(1) == self.names[player]
                self.report.moves += 1
                self.child.send(typed(policy(state, self.rng)) + "\r")
            elif index == SCROLL:
                self.child.send("q\r")
            else:
                self.child.send("\r")
        self.child.close()
        output = "".join(self.output)
        assert "Traceback" not in output, output[-3000:]
        assert self.child.exitstatus == 0, (self.child.exitstatus, output[-2000:])
        assert "Thanks for playing" in output
        leaked = UNSAFE.search(OWN_CODES.sub("", output).replace("\r", "").replace("\n", ""))
        assert leaked is None, f"a control character reached the terminal: {leaked!r}"
        return self.report

    def junk_or_command(self, index: int) -> None:
        """Junk, or a command that opens a question (answered later by going back)."""
        commands = ["q", "?"] + (["rules", "log"] if index == DECISION else [])
        if self.rng.random() < 0.25:
            self.child.send(self.rng.choice(commands) + "\r")
        else:
            self.junk()
