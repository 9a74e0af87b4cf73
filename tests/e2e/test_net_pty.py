"""``tacocat host`` and ``tacocat join`` in two real pseudo-terminals, with a spectator.

A whole seeded game is played through both terminals, each typing the
moves a referee (the same seed and actions, played in this process) picks
for its player.  Each screen must hold only its own player's hand, the
spectator's none; the record the host wrote must be the game the referee
played; a joined player killed at a decision comes back to that decision.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat.engine import WOW, YAY, Rules, new_game
from tacocat.engine.events import Showdown
from tacocat.storage.records import read_record
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.play.forced import forced_action

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
CODE = "bcdfgh"
NAMES = ("Ann", "Bob")
CONTINUE = r"Press Enter to continue[^:]*: "
CONTINUE_SEEN = "continue"  # Ann hosts at Yay, Bob joins at Wow


class Pty:
    """One tacocat command in a pty, its screen read through pyte."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(home)}
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tacocat", *args],
            dimensions=(ROWS, COLS),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=30,
        )
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.pending = ""  # read, not yet fed to the screen

    def expect(self, pattern: str) -> str:
        """Read until ``pattern`` (in what :meth:`drain` kept too), the screen fed up to it."""
        while (match := re.search(pattern, self.pending)) is None:
            self.pending += self.child.read_nonblocking(65536, timeout=30)
        self.stream.feed(self.pending[: match.end()])
        self.pending = self.pending[match.end() :]
        return CONTINUE_SEEN if re.fullmatch(CONTINUE, match.group()) else match.group()

    def shows(self, text: str) -> None:
        """Read until the screen (not the raw output, where styles split words) holds ``text``."""
        while re.search(text, self.seen()) is None:
            self.pending += self.child.read_nonblocking(65536, timeout=30)

    def drain(self) -> None:
        """Keep what is there (a pty whose output nobody reads stops its writer)."""
        try:
            while True:
                self.pending += self.child.read_nonblocking(65536, timeout=0)
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass

    def last_words(self) -> str:
        """The screen once the command has ended."""
        try:
            while True:
                self.pending += self.child.read_nonblocking(65536, timeout=30)
        except pexpect.EOF:
            pass
        return self.seen()

    def seen(self) -> str:
        """The screen once all kept output is drawn."""
        self.stream.feed(self.pending)
        self.pending = ""
        return self.text

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


def prompt(name: str) -> str:
    return rf"(?<![\w\[;]){name}> "


def results(terminal: Pty) -> list[str]:
    """Press Enter at every result page up to the last one (no "more news next"); their texts."""
    pages = []
    while True:
        terminal.expect(CONTINUE)
        pages.append(terminal.text)
        terminal.child.send("\r")
        if "more news next" not in pages[-1].splitlines()[-1]:
            return pages


def test_a_whole_game_between_two_terminals(app_home: Path) -> None:
    """The same story at both terminals and the spectator's: each round's end before the next."""
    seed = 11
    host = Pty(app_home, "host", "--seed", str(seed), "--code", CODE, "--p1", "Ann", "--p2", "Bob")
    host.expect("Press Enter to continue")
    assert f"tacocat join {CODE}" in host.text
    joined = Pty(app_home, "join", CODE)
    watcher = Pty(app_home, "join", CODE, "--watch")
    joined.expect("waiting for the host")
    host.child.send("\r")
    terminals = {YAY: host, WOW: joined}
    referee, rng = new_game(seed, Rules()), random.Random(seed)
    killed = chatted = False
    rounds_seen = 0
    while not referee.is_terminal():
        player = referee.current_player()
        assert player is not None
        view = referee.view(player)
        action = forced_action(view)
        if action is None:
            terminal = terminals[player]
            # News the decision screen cannot hold comes first, on pages, as in hot seat.
            while terminal.expect(f"{prompt(NAMES[player])}|{CONTINUE}") == CONTINUE_SEEN:
                terminal.child.send("\r")
            other = NAMES[1 - player]
            assert f"{NAMES[player]}'s hand" in terminal.text
            assert f"{other}'s hand" not in terminal.text
            if player == WOW and not killed and len(referee.history) > 3:
                joined = rejoined(joined, app_home, host)
                terminal = terminals[WOW] = joined
                killed = True
                joined.expect(prompt("Bob"))  # the same decision, asked again
            if not chatted:
                chatted = chat(
                    terminal, terminals[1 - player], watcher, NAMES[player], NAMES[1 - player]
                )
            action = rng.choice(view.legal_actions)
            terminal.child.send(typed_keys(action, keyed_hand(view.hand)) + "\r")
        events = referee.apply_action(action)
        if any(isinstance(event, Showdown) for event in events) and not referee.is_terminal():
            # The round's end at both terminals, each waiting for its reader, and at the
            # spectator's, before anyone is asked anything of the next round.
            rounds_seen += 1
            for terminal in (host, joined):
                pages = results(terminal)
                assert any("Showdown" in page for page in pages), pages
            watcher.shows("Showdown: the lower last card wins")  # the panel the players read
        for terminal in (host, joined, watcher):
            terminal.drain()
        assert "'s hand" not in watcher.seen()
    assert rounds_seen >= 1
    for terminal in (host, joined):  # the last round's end, read at both terminals
        assert any("has won the game" in page for page in results(terminal))
    host.expect(r"Play again\? \(y/n\) ")
    joined.shows("Waiting for Ann to play again")  # the game's end there too
    host.child.send("n\r")
    host.child.expect(pexpect.EOF)
    for terminal in (joined, watcher):
        words = terminal.last_words()
        assert "The host has ended the game." in words, words
    (record,) = (read_record(path) for path in (app_home / "games").glob("*.jsonl"))
    assert list(record.actions) == list(referee.history)
    assert record.winner == referee.winner and record.info.names == NAMES


def chat(at: Pty, far: Pty, watcher: Pty, name: str, other: str) -> bool:
    """A line said at one terminal shows at the other and at the spectator's."""
    at.child.send("say good luck\r")
    for terminal in (at, far, watcher):
        terminal.shows(f"{name} says: good luck")
    at.shows(f"{name}>")  # the same decision, asked again
    return True


def rejoined(joined: Pty, home: Path, host: Pty) -> Pty:
    """Kill the joined terminal's tacocat at its decision, see the host wait, and join again."""
    joined.child.kill(signal.SIGKILL)
    joined.child.close()
    host.expect("Bob is not connected")
    host.expect(CODE)
    assert re.search(rf"tacocat join\s+{CODE}", host.text)
    again = Pty(home, "join", CODE)
    return again


def test_keys_typed_while_waiting_answer_no_decision(app_home: Path) -> None:
    """Bob types a move while Ann decides: his decision, when it comes, waits for him."""
    seed = 11
    host = Pty(app_home, "host", "--seed", str(seed), "--code", CODE, "--p1", "Ann", "--p2", "Bob")
    host.expect("Press Enter to continue")
    joined = Pty(app_home, "join", CODE)
    joined.expect("waiting for the host")
    host.child.send("\r")
    referee = new_game(seed, Rules())
    assert referee.current_player() == YAY  # Ann replaces first, then Bob
    joined.expect("Waiting for Ann")
    joined.child.send("-\r")  # Bob, impatient: "keep", typed at a screen that asks nothing
    host.expect(prompt("Ann"))
    host.child.send("-\r")
    joined.expect(prompt("Bob"))  # his decision, shown: only now may he answer it
    lowest = keyed_hand(referee.view(WOW).hand)[0][1].value
    joined.child.send("a\r")  # replace his lowest card
    joined.expect("pick your duel card")  # the duel, Bob first: his replacement was taken
    (path,) = (app_home / "games").glob("*.jsonl")
    replaced = read_record(path).actions[1]
    assert getattr(replaced, "values", None) == (lowest,), replaced
    for terminal in (host, joined):
        terminal.child.kill(signal.SIGKILL)
        terminal.child.close()
