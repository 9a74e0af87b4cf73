"""Whole games through a real pseudo-terminal, played by reading the screen.

A small bot plays both seats the way two people would: it reads the
terminal screen (emulated by pyte from the bytes the game writes), decides
from what it sees, and types.  It knows a player's hand only from that
player's own screens, and checks at every hand-over that neither hand is
visible.  It also types wrong things at each kind of prompt and expects a
clear message back.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat.storage.records import read_record

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
PROMPTS = [
    r"Player \d name \[[^\]]*\]: ",  # 0 names
    r"(\w+), press Enter: ",  # 1 hand-over
    r"Press Enter to continue[^:]*: ",  # 2 public results
    r"Press Enter to go back to the game: ",  # 3 help
    r"Quit\? \(y/N\) ",  # 4
    r"Play again\? \(y/(?:s/)?n\) ",  # 5
    # 6 a decision (a name, not the "2m" of ESC[2m before the board's ASCII arrow ">")
    r"(?<![\w\[;])(\w+)> ",
    pexpect.EOF,  # 7
]
CARD_TOP = re.compile(r"[╭+][─-]? ([a-z]) [─-]")


def replace_limit(text: str, held: int) -> int:
    """How many cards the replace instruction on screen allows (it says so once)."""
    if "type the letters of any cards to replace" in text:
        return held
    if "type the letter of one card to replace" in text:
        return 1
    if "may not replace any card" in text:
        return 0
    return int(re.search(r"up to (\d+) cards", text).group(1))  # type: ignore[union-attr]


@dataclass
class Seen:
    """What the bot has learned from the screen so far."""

    hands: dict[str, set[str]] = field(default_factory=dict)  # player -> phrase fragments
    errors: dict[str, list[str]] = field(default_factory=dict)  # kind of mistake -> messages
    handovers: int = 0
    decisions: int = 0
    help_seen: bool = False
    quit_declined: bool = False


class ScreenBot:
    """Drives ``tacocat play`` in a pty and plays both seats from the screen."""

    def __init__(self, args: list[str], home: Path, seed: int, env: dict[str, str] | None = None):
        environment = {
            **os.environ,
            "TERM": "xterm-256color",
            "TACOCAT_HOME": str(home),
            "COLUMNS": str(COLS),
            "LINES": str(ROWS),
            **(env or {}),
        }
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tacocat", "play", *args],
            dimensions=(ROWS, COLS),
            env=environment,
            encoding="utf-8",
            timeout=20,
        )
        self.child.delaybeforesend = None  # the bot types instantly
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""  # everything the game wrote since the last answer
        self.lines: list[str] = []
        self.rng = random.Random(seed)
        self.seen = Seen()

    # -- reading -------------------------------------------------------------

    def wait(self) -> int:
        """Read up to the next prompt; return its index in PROMPTS."""
        index = self.child.expect(PROMPTS)
        text = self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        self.raw += text
        self.stream.feed(text)
        self.lines = [line.rstrip() for line in self.screen.display]
        if "\x1b[2J" in self.raw:
            # A screen taller than the terminal would scroll into the scrollback.
            drawn = self.raw.rsplit("\x1b[2J", 1)[1]
            assert drawn.count("\n") < ROWS, f"a screen ran past {ROWS} rows:\n{drawn}"
        return int(index)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def answer(self, line: str) -> None:
        self.raw = ""
        self.child.sendline(line)

    def message(self) -> str | None:
        """The error line ('! ...') on screen, if any."""
        for line in self.lines:
            if line.startswith("! "):
                return line[2:]
        return None

    def hand(self) -> dict[str, tuple[int, list[str]]]:
        """The keyed cards on screen: key -> (value, phrase fragments)."""
        cards: dict[str, tuple[int, list[str]]] = {}
        lines = self.lines
        for row, line in enumerate(lines):
            for match in CARD_TOP.finditer(line):
                start = match.start()
                end = line.find("╮", start) if "╮" in line[start:] else line.find("+", start + 1)
                span = slice(start + 1, end)
                value = int(lines[row + 1][span].strip())
                phrase = [lines[row + n][span].strip(" │|…") for n in (2, 3)]
                cards[match.group(1)] = (value, [p for p in phrase if p])
        return cards

    # -- the checks ------------------------------------------------------------

    def check_handover(self, incoming: str) -> None:
        """No card face and no known hand fragment may be on a hand-over screen."""
        self.seen.handovers += 1
        assert not CARD_TOP.search(self.text), f"a hand is visible at hand-over:\n{self.text}"
        for player, fragments in self.seen.hands.items():
            for fragment in fragments:
                if len(fragment) >= 5:
                    assert fragment not in self.text, (
                        f"{player}'s card text {fragment!r} visible when {incoming} "
                        f"takes the keyboard:\n{self.text}"
                    )
        # The screen was wiped together with the scrollback before this was drawn.
        assert "\x1b[3J" in self.raw and "\x1b[2J" in self.raw

    def expect_error(self, kind: str, typed: str) -> None:
        """Type something wrong; the same prompt must come back with a message."""
        self.answer(typed)
        assert self.wait() == 6, f"after {typed!r} expected the same prompt:\n{self.text}"
        message = self.message()
        assert message, f"no message after {typed!r}:\n{self.text}"
        self.seen.errors.setdefault(kind, []).append(message)

    # -- playing ----------------------------------------------------------------

    def decide(self, player: str) -> None:
        """Read the decision screen and type a choice (maybe a wrong one first)."""
        self.seen.decisions += 1
        text = self.text
        hand = self.hand()
        assert hand, f"no hand on {player}'s decision screen:\n{text}"
        assert f"{player}'s hand" in text
        self.seen.hands[player] = {frag for _, frags in hand.values() for frag in frags}
        keys = sorted(hand)
        phase = re.search(r"'s hand [·|] ([A-Za-z ]+?) [─-]", text)
        assert phase, text
        kind = phase.group(1)
        errors = self.seen.errors
        if kind == "Replace cards":
            limit = replace_limit(text, len(keys))
            if "unknown key" not in errors:
                self.expect_error("unknown key", "zz")
            if "empty line" not in errors:
                self.expect_error("empty line", "")
            if limit < len(keys) and "too many cards" not in errors:
                self.expect_error("too many cards", "".join(keys[: limit + 1]))
            count = self.rng.randint(0, min(limit, 2))
            self.answer(" ".join(self.rng.sample(keys, count)) if count else "-")
        elif kind == "Duel":
            if "too many for a duel" not in errors:
                self.expect_error("too many for a duel", "ab")
            if not self.seen.help_seen:
                self.answer("?")
                assert self.wait() == 3 and "Help" in self.text and "DUEL" in self.text
                self.seen.help_seen = True
                self.answer("")
                assert self.wait() == 6
            self.answer(self.rng.choice(keys))
        elif kind == "Attack":
            values = {key: hand[key][0] for key in keys}
            odd = [(a, b) for a in keys for b in keys if values[b] - values[a] > 1]
            if odd and "illegal attack" not in errors:
                self.expect_error("illegal attack", " ".join(odd[0]))
            if "letters" not in errors:
                self.expect_error("letters", "hello")
            if not self.seen.quit_declined:
                self.answer("q")
                assert self.wait() == 4
                self.answer("n")
                assert self.wait() == 6
                self.seen.quit_declined = True
            jumbo = re.findall(r"([a-z](?:\+[a-z])+) \(", text)
            if jumbo and self.rng.random() < 0.6:
                self.answer(self.rng.choice(jumbo).replace("+", " "))
            else:
                self.answer(self.rng.choice(keys))
        elif kind == "Answer the attack":
            attack = re.search(r"attacks with ((?:\[\d+\] ?)+)", text)
            assert attack, text
            size = len(re.findall(r"\d+", attack.group(1)))
            if size > 1 and "wrong count" not in errors:
                self.expect_error("wrong count", keys[0])
            if "not in hand" not in errors:
                self.expect_error("not in hand", "99")
            defences = re.search(r"defend (?:the \d+|every attack card): (.*)", text)
            options = (
                re.findall(r"([a-z](?:\+[a-z])*)(?: \[\d+\])?(?:,|$| and)", defences.group(1))
                if defences
                else []
            )
            if options and self.rng.random() < 0.7:
                self.answer(self.rng.choice(options).replace("+", " "))
            else:
                self.answer("s")
        else:
            raise AssertionError(f"unknown decision {kind!r}:\n{text}")

    def play(self, names: tuple[str, str] | None = None, computer: bool = False) -> str:
        """Play to the game-over screen and decline another game; return the winner line."""
        winner = ""
        name_prompts = 0
        while True:
            index = self.wait()
            if index == 0:
                if name_prompts == 0:
                    self.answer("x" * 20)  # too long: asked again
                    assert self.wait() == 0 and "at most" in self.text
                assert names is not None
                self.answer(names[name_prompts])
                name_prompts += 1
            elif index == 1:
                assert not computer, "no hand-over screens against the computer"
                self.check_handover(self.child.match.group(1))
                self.answer("")
            elif index == 2:
                assert not CARD_TOP.search(self.text), "a hand on a public results screen"
                self.answer("")
            elif index == 5:
                found = re.search(r"(\w+) wins the game!|The game is drawn", self.text)
                assert found, self.text
                winner = found.group(0)
                self.answer("maybe")
                assert self.wait() == 5 and "type y or n" in self.text
                self.answer("n")
            elif index == 6:
                self.decide(self.child.match.group(1))
            elif index == 7:
                return winner
            else:
                raise AssertionError(f"unexpected prompt {PROMPTS[index]}:\n{self.text}")


def test_hot_seat_game_to_a_winner_without_leaking_hands(app_home: Path) -> None:
    bot = ScreenBot(["--seed", "11"], app_home, seed=11)
    winner = bot.play(names=("Ann", "Bob"))
    bot.child.close()
    assert bot.child.exitstatus == 0
    assert "Thanks for playing" in bot.raw
    assert "Traceback" not in bot.raw
    assert winner
    assert bot.seen.handovers >= 4
    expected = {"unknown key", "empty line", "too many cards", "too many for a duel"}
    expected |= {"illegal attack", "letters", "not in hand"}
    assert expected <= set(bot.seen.errors), bot.seen.errors
    assert bot.seen.help_seen and bot.seen.quit_declined
    assert set(bot.seen.hands) == {"Ann", "Bob"}


def test_against_the_computer_shows_only_the_human_hand(app_home: Path) -> None:
    bot = ScreenBot(
        ["--seed", "5", "--vs-computer", "random", "--p1", "Ann", "--ascii"],
        app_home,
        seed=5,
        env={"NO_COLOR": "1"},
    )
    winner = bot.play(computer=True)
    bot.child.close()
    assert bot.child.exitstatus == 0
    assert winner
    assert set(bot.seen.hands) == {"Ann"}


def leave_at_first_decision(app_home: Path, leave: Callable[[pexpect.spawn], None]) -> ScreenBot:
    """Start a game, reach Ann's first decision, ``leave`` it, and read to the end."""
    bot = ScreenBot(["--seed", "2", "--p1", "Ann", "--p2", "Bob"], app_home, seed=2)
    assert bot.wait() == 1  # the first hand-over
    bot.answer("")
    assert bot.wait() == 6
    bot.raw = ""
    leave(bot.child)
    bot.child.expect(pexpect.EOF)
    bot.raw += bot.child.before
    bot.child.close()
    assert "Traceback" not in bot.raw
    assert "\x1b[?1049l" in bot.raw  # the alternate screen was left
    return bot


@pytest.mark.parametrize(
    ("keys", "status", "words"),
    [("\x03", 130, "Ctrl-C"), ("\x04", 0, "Ctrl-D"), ("q\ry\r", 0, "a player quit")],
)
def test_leaving_mid_game_ends_cleanly(app_home: Path, keys: str, status: int, words: str) -> None:
    bot = leave_at_first_decision(app_home, lambda child: child.send(keys))
    assert bot.child.exitstatus == status
    assert words in bot.raw


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_restores_the_terminal_and_keeps_the_save(
    app_home: Path, signum: signal.Signals
) -> None:
    bot = leave_at_first_decision(app_home, lambda child: child.kill(signum))
    assert bot.child.exitstatus == 128 + signum
    assert f"Game stopped ({signum.name})" in bot.raw
    assert "tacocat play --resume" in bot.raw


def test_type_ahead_cannot_skip_a_hand_over(app_home: Path) -> None:
    bot = ScreenBot(["--seed", "2", "--p1", "Ann", "--p2", "Bob"], app_home, seed=2)
    assert bot.wait() == 1
    bot.answer("")
    assert bot.wait() == 6 and "Replace cards" in bot.text
    bot.child.send("-\r\r")  # Ann's choice and one Enter too many
    assert bot.wait() == 1 and bot.child.match.group(1) == "Bob"
    # The extra Enter was dropped: the game still waits for Bob.  Keys are
    # answered in the order typed, so x is answered after that Enter; only
    # the hand-over answers it so (a decision prompt would say "not a card key").
    bot.answer("x")
    assert bot.wait() == 1 and bot.child.match.group(1) == "Bob", bot.text
    assert bot.message() == "'x' does nothing at a hand-over: press Enter, or ? for help"
    assert "Bob's hand" not in bot.raw and not CARD_TOP.search(bot.text)
    bot.answer("")
    assert bot.wait() == 6 and "Bob's hand" in bot.text
    bot.child.sendcontrol("c")
    bot.child.expect(pexpect.EOF)


def test_a_hint_fits_the_screen_beside_the_hand_and_is_counted(app_home: Path) -> None:
    bot = ScreenBot(["--seed", "2", "--p1", "Ann", "--p2", "Bob"], app_home, seed=2)
    assert bot.wait() == 1
    bot.answer("")
    assert bot.wait() == 6
    bot.answer("hint")
    assert bot.wait() == 3, bot.text  # the hint screen, drawn within 24 rows
    assert "Hint" in bot.text and ("1. " in bot.text or "1= " in bot.text)
    assert "% of games" in bot.text
    assert "Hints asked for in this game: 1" in bot.text
    assert CARD_TOP.search(bot.text), "the hint screen shows the hand it refers to"
    bot.answer("")
    assert bot.wait() == 6 and "Replace cards" in bot.text
    bot.answer("q")
    assert bot.wait() == 4
    bot.answer("y")
    bot.child.expect(pexpect.EOF)
    bot.child.close()
    assert bot.child.exitstatus == 0
    records = list((app_home / "games").glob("*.jsonl"))
    assert len(records) == 1 and read_record(records[0]).hints == (1, 0)
