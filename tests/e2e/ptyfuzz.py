"""Whole hot-seat games through a pseudo-terminal, with junk typed at every prompt.

Used by ``tests/e2e/test_fuzz_pty.py`` (a few short seeded games) and by
``benchmarks/pty_fuzz.py`` (many more).  At every prompt the fuzzer may
type junk first: control characters, escape sequences (arrows, Alt keys,
a window-title command, a cursor-position request), Unicode digits, bytes
that are not UTF-8, very long lines, commands that open a question and
going back from it.  Then it gives a right answer, taken from the rules
engine (the save file holds the state after every move).  Whatever junk
happens to be a legal move is fine: the fuzzer follows the screen.

After a share of the moves the player who made it types on out of habit
(Enter again, ``u``, ``q``, ``?``, an arrow), at random delays shorter
than the curtain's settle time (tacocat.ui.play.curtain): those keys must land
on nothing.

What must hold for every game: no traceback, no hang (each prompt within
``timeout`` seconds), the game reaches its end, no hand on any hand-over
screen, no hand shown unless its owner passed a hand-over (or a result
naming them) since it was last hidden, and nothing the game writes holds a
control character other than its own few screen codes.  The terminal's
echo is off, so everything read back is the game's own output.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte

from tacocat.engine import Action, Duel, GameState, Replace
from tacocat.engine.events import DuelRevealed, Showdown
from tacocat.storage.records import load_record
from tacocat.ui.play.forced import forced_action

ROWS, COLS = 24, 80
HANDOVER, CONTINUE, BACK, QUIT, AGAIN, DECISION, SCROLL, NAME, EOF = range(9)
PROMPTS = [
    r"(\w+), press Enter: ",
    r"Press Enter to continue[^:]*: ",
    r"Press Enter to go back to the [\w-]+: ",
    r"Quit\? \(y/N\) ",
    r"Play again\? \(y/(?:s/)?n\) ",
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
# The game's own codes, and those prompt_toolkit writes around a line it edits
# (bracketed paste, cursor keys, autowrap, cursor blink, erase below).
OWN_CODES = re.compile(
    r"\x1b\[(?:[0-9;]*m|2J|H|3J|\?1049[hl]|\?25[hl]|\?(?:2004|1|7|12)[hl]|1A|2K|[0-9]*[ABCDJK])|\x08"
)
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
# Names that leave the players their default names: refused by the name check,
# or nothing once line editing read the escape sequences whole (an empty name
# is the default), or "Yay" (Esc then Enter sends the line), Player 1's default
# and taken at Player 2's.  (No DEL here: line editing takes it as Backspace.)
BAD_NAMES = ["\x1b[D", "\x1b]0;pwned\x07", "x" * 300, "[b]", "\u202eevil", "Yay\x1b"]
JUNK_BYTES = [b"\xff\xfe", b"\xc3", b"caf\xe9"]  # not UTF-8
# What the player who just moved may type on out of habit.
STRAY_KEYS = ["\r", "\r", "\r", "u\r", "q\r", "?\r", "\x1b[A\r"]
SETTLE_DEFAULT = 1.0  # tacocat.ui.play.curtain.SETTLE_SECONDS, when no settle time is given


@dataclass
class Report:
    """What one fuzzed game went through."""

    prompts: int = 0
    junk: int = 0
    handovers: int = 0
    moves: int = 0
    strays: int = 0  # keys typed on out of habit after a move
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


def leads_to_gate(state: GameState, action: Action) -> bool:
    """Whether hot seat shows a hand-over or a result next, after ``action`` and forced moves.

    Keys typed on out of habit after such a move must land on nothing.  (After
    any other move they reach the same player's next prompt, or the end.)
    """
    mover = state.current_player()
    after = state.clone()
    events = after.apply_action(action)
    while (player := after.current_player()) is not None:
        forced = forced_action(after.view(player))
        if forced is None:
            break
        events += after.apply_action(forced)
    if after.is_terminal():
        return False
    return after.current_player() != mover or any(
        isinstance(event, DuelRevealed | Showdown) for event in events
    )


def saved_state(home: Path) -> GameState:
    """The game in progress: the record the save names, re-played."""
    game_id = json.loads((home / "save.json").read_text(encoding="utf-8"))["game_id"]
    return load_record(home / "games" / f"{game_id}.jsonl").state


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
        settle: float | None = None,
    ) -> None:
        """``computer``: a level to play against (the fuzzer plays YAY); ``ask_names``:
        the names are asked at the keyboard (and get junk too); ``settle``: the
        curtain's settle time in seconds (None: the game's own)."""
        self.home = home
        self.rng = random.Random(seed)
        self.rate = rate
        self.report = Report()
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "TACOCAT_HOME": str(home),
        }
        env.pop("TACOCAT_SETTLE_SECONDS", None)
        if settle is not None:
            env["TACOCAT_SETTLE_SECONDS"] = str(settle)
        # Stray keys come sooner than the settle time: later ones are a person's choice.
        self.stray_within = 0.9 * (SETTLE_DEFAULT if settle is None else settle)
        self.hot_seat = computer is None
        self.holder: str | None = None  # who passed the last gate (hand-over or result)
        self.next: str | None = None  # whom the result on screen names as playing next
        # Whether the line the game reads at a decision may be empty: junk that
        # line editing empties.  Never the fuzzer's own Enter at a gate: that
        # Enter must pass the gate.
        self.blank_possible = False
        args = ["-m", "tacocat", "play", "--seed", str(seed)]
        if ask_names:
            self.names = ("Yay", "Wow")  # the defaults: every junk name leaves them
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

    def junk(self) -> str:
        """Type a junk line; the line (bytes that are not UTF-8 read as U+FFFD)."""
        self.report.junk += 1
        self.blank_possible = True  # line editing may leave nothing of it
        if self.rng.random() < 0.15:
            data = self.rng.choice(JUNK_BYTES)
            os.write(self.child.child_fd, data + b"\r")
            return data.decode("utf-8", errors="replace")
        line = self.rng.choice(JUNK_LINES)
        if self.rng.random() < 0.3:  # several pieces on one line
            line += self.rng.choice(JUNK_LINES)
        self.child.send(line + "\r")
        return line

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
            self.check_curtain(index)
            roll = self.rng.random()
            if index == AGAIN:
                answer = "n" if roll > self.rate / 2 else self.rng.choice(JUNK_LINES)
                self.child.send(answer + "\r")
            elif index == QUIT:
                self.child.send("\r" if roll < 0.5 else "n\r")  # always go back
            elif index == NAME:
                self.child.send((self.rng.choice(BAD_NAMES) if roll < self.rate else "") + "\r")
            elif roll < self.rate:
                sent = self.junk_or_command(index)
                if index == CONTINUE and sent not in ("q", "quit", "exit"):
                    self.passed(self.next)  # a result goes on at any line but q
                elif index == HANDOVER and not sent.strip():
                    self.passed(self.child.match.group(1))  # blanks are Enter there
            elif index == DECISION:
                state = saved_state(self.home)
                player = state.current_player()
                assert player is not None
                assert self.child.match.group(1) == self.names[player]
                self.report.moves += 1
                action = policy(state, self.rng)
                self.child.send(typed(action) + "\r")
                self.blank_possible = False
                if self.hot_seat and leads_to_gate(state, action):
                    self.type_on_out_of_habit()
            elif index == SCROLL:
                self.child.send("q\r")
            else:
                if index in (HANDOVER, CONTINUE):
                    self.passed(self.child.match.group(1) if index == HANDOVER else self.next)
                self.child.send("\r")
        self.child.close()
        output = "".join(self.output)
        assert "Traceback" not in output, output[-3000:]
        assert self.child.exitstatus == 0, (self.child.exitstatus, output[-2000:])
        assert "Thanks for playing" in output
        leaked = UNSAFE.search(OWN_CODES.sub("", output).replace("\r", "").replace("\n", ""))
        assert leaked is None, f"a control character reached the terminal: {leaked!r}"
        return self.report

    def check_curtain(self, index: int) -> None:
        """A hand shows only to the player who passed the last hand-over or result.

        Only the fuzzer's own Enter, sent once a gate's prompt is up, passes
        a gate (``self.holder``); stray keys were all typed before.  A hand
        drawn because a stray key passed a gate shows up either as a decision
        nobody passed a gate for, or as the "Nothing typed" the fuzzer's own
        Enter then gets at a decision (it never sends an empty line there).
        """
        if not self.hot_seat:
            return
        if index in (HANDOVER, CONTINUE):
            if index == CONTINUE:
                named = re.search(r"\((\w+) plays next", self.child.after)
                self.next = named.group(1) if named else None
            self.holder = None  # the hands are hidden until the gate is passed
        elif index == DECISION:
            who = self.child.match.group(1)
            assert self.holder == who, f"{who}'s hand shown without their hand-over:\n{self.text}"
            if "! Nothing typed" in self.text:
                assert self.blank_possible, f"a stray key passed a gate:\n{self.text}"

    def passed(self, player: str | None) -> None:
        """The fuzzer's own answer passes the gate on screen: ``player``'s hand may show."""
        self.holder = player
        self.blank_possible = False

    def type_on_out_of_habit(self) -> None:
        """After half such moves, a key or two more at random delays, as a hurried player types."""
        if self.rng.random() < 0.5:
            return
        for _ in range(self.rng.choice((1, 1, 2))):
            time.sleep(self.rng.uniform(0, self.stray_within / 2))
            self.child.send(self.rng.choice(STRAY_KEYS))
            self.report.strays += 1

    def junk_or_command(self, index: int) -> str:
        """Junk, or a command that opens a question (answered later by going back); the line."""
        commands = ["q", "?"] + (["rules", "log"] if index == DECISION else [])
        if self.rng.random() < 0.25:
            command = self.rng.choice(commands)
            self.child.send(command + "\r")
            return command
        return self.junk()
