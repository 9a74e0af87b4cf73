"""The table at a real terminal: take-backs, forced moves, drawn cards, editing, the end.

Each test drives ``tacocat play`` in a pseudo-terminal, reads the screen
through pyte, and types what a person would.
"""

from __future__ import annotations

import io
import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat.engine import Answer, Attack, Duel, Phase, Replace, Rules, new_game
from tacocat.storage.records import read_record

pytestmark = pytest.mark.e2e

ROWS, COLS = 24, 80
LEFT, UP = "\x1b[D", "\x1b[A"
HANDOVER = r"(\w+), press Enter: "
DECISION = r"(?<![\w\[;])(\w+)> "
CONTINUE = r"Press Enter to continue[^:]*: "
AGAIN = r"Play again\? \(y/(?:s/)?n\) "
REPLY = r"Enter for \w+'s reply, u to take back: "
SMALL_HANDS = "[board]\nhand_sizes = [3, 3, 3, 3, 3, 3, 3]\n"


class Table:
    """One ``tacocat play`` in a pty, with the screen it shows."""

    def __init__(self, home: Path, *args: str, cols: int = COLS, rows: int = ROWS) -> None:
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "TACOCAT_HOME": str(home),
            "COLUMNS": str(cols),
            "LINES": str(rows),
        }
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tacocat", "play", *args],
            dimensions=(rows, cols),
            env=env,
            encoding="utf-8",
            # leave() sends Ctrl-C whenever the test is done, maybe in the middle of a
            # screen being written: the write it cuts short may end inside a character.
            codec_errors="replace",
            timeout=20,
        )
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)

    def expect(self, *patterns: str) -> int:
        index = int(self.child.expect(list(patterns)))
        text = self.child.before + (self.child.after if isinstance(self.child.after, str) else "")
        self.stream.feed(text)
        return index

    @property
    def who(self) -> str:
        return str(self.child.match.group(1))

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def leave(self) -> None:
        self.child.sendcontrol("c")
        self.child.expect(pexpect.EOF)
        self.child.close()


def test_arrow_keys_edit_the_line(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p2", "Bob")
    table.expect(r"Player 1 name \[[^\]]*\]: ")
    table.type("ab" + LEFT + "c\r")  # read as "acb"
    table.expect(r"Player 2 name \[Bob\]: ")
    table.line("")
    assert table.expect(HANDOVER) == 0 and table.who == "acb"
    table.leave()


def test_history_is_each_players_own(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    table.line("zz")  # a wrong key: the same prompt again, "zz" now in Ann's history
    table.expect(DECISION)
    assert "'zz' is not a card key" in table.text
    table.line("-")
    table.expect(HANDOVER)
    table.line("")
    assert table.expect(DECISION) == 0 and table.who == "Bob"
    table.type(UP + "\r")  # Bob's history is empty: Up recalls nothing of Ann's
    table.expect(DECISION)
    assert "Nothing typed" in table.text and "zz" not in table.text
    table.leave()


def test_text_one_player_deleted_cannot_be_pasted_back_by_the_other(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    # Ann starts typing the values of cards she holds, thinks better of it and
    # deletes them (Ctrl-U, then Ctrl-W on what she typed next).
    table.type("9 9 12\x15xyzzy plugh\x17\x17-\r")
    table.expect(HANDOVER)
    table.line("")
    assert table.expect(DECISION) == 0 and table.who == "Bob"
    table.type("\x19\x1by\r")  # Ctrl-Y, then Alt-Y: readline's paste and paste-older
    table.expect(r"! [^\r\n]+")  # the answer to what reached the game
    table.expect(DECISION)
    assert "Nothing typed" in table.text
    assert "xyzzy" not in table.text and "plugh" not in table.text
    table.leave()


def test_the_other_players_history_search_is_not_offered_again(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    table.line("xyzzy 9")  # refused, and now in Ann's history
    table.expect(DECISION)
    table.type("\x12xyzzy\r")  # Ctrl-R finds it again, Enter sends it again
    table.expect(r"! [^\r\n]+")
    table.expect(DECISION)
    table.line("-")
    table.expect(HANDOVER)
    table.line("")
    assert table.expect(DECISION) == 0 and table.who == "Bob"
    # Ctrl-R twice repeats the last search: readline keeps Ann's for everyone.
    shown = io.StringIO()
    table.child.logfile_read = shown
    table.type("\x12\x12\x07\r")
    table.expect(r"! [^\r\n]+")
    table.expect(DECISION)
    assert "Nothing typed" in table.text
    assert "xyzzy" not in shown.getvalue()  # not even while searching
    table.leave()


def test_a_move_is_taken_back_at_the_hand_over(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    table.line("-")  # Ann keeps her hand, then thinks better of it
    assert table.expect(HANDOVER) == 0 and table.who == "Bob"
    assert "Ann: type u to take back your move" in table.text
    table.line("u")
    # Whoever typed u, Ann's hand shows only once Ann passed a hand-over of her own.
    assert table.expect(HANDOVER) == 0 and table.who == "Ann"
    assert "Ann took back their move" in table.text
    table.line("")
    assert table.expect(DECISION) == 0 and table.who == "Ann"
    table.line("a")
    table.expect(HANDOVER)
    table.line("")  # Bob takes the keyboard: Ann's move stands
    table.expect(DECISION)
    table.line("u")
    table.expect(DECISION)
    assert "nothing to take back" in table.text
    table.leave()
    records = list((app_home / "games").glob("*.jsonl"))
    assert len(records) == 1
    (taken,) = read_record(records[0]).taken_back
    assert (taken.move, taken.player) == (1, 0)


def test_against_the_computer_a_move_is_taken_back_before_it_replies(app_home: Path) -> None:
    args = ("--seed", "4", "--p1", "Ann", "--vs-computer", "random", "--confirm-moves")
    table = Table(app_home, *args)
    table.expect(DECISION)
    table.line("-")
    table.expect(REPLY)
    assert "Ann has chosen a replacement" in table.text  # her move, not yet seen by the computer
    table.line("u")
    assert table.expect(DECISION) == 0
    assert "Ann took back their move" in table.text
    table.line("a")  # replaces a card instead; the computer replies after Enter
    table.expect(REPLY)
    table.line("")
    assert table.expect(DECISION) == 0
    assert "Computer replaced" in table.text or "Computer kept" in table.text
    table.leave()


def test_against_the_computer_the_reply_comes_at_once(app_home: Path) -> None:
    # No window and no pause: the next prompt is Ann's, with the computer's move in the log.
    table = Table(app_home, "--seed", "4", "--p1", "Ann", "--vs-computer", "random")
    table.expect(DECISION)
    table.line("-")
    assert table.expect(DECISION, REPLY) == 0
    assert "Computer replaced" in table.text or "Computer kept" in table.text
    table.line("u")
    table.expect(DECISION)
    assert "--confirm-moves" in table.text  # the computer has replied: the move stands
    table.leave()


def forced_answer_seed() -> tuple[int, list[str]]:
    """A seed whose first trick, played as scripted below, leaves one legal answer."""
    rules = Rules(hand_sizes=(3,) * 7)
    for seed in range(500):
        state = new_game(seed, rules)
        state.apply_action(Replace(()))
        state.apply_action(Replace(()))
        for _ in range(2):
            player = state.current_player()
            assert player is not None
            state.apply_action(Duel(state.hand_values[player][0]))
        if state.phase is not Phase.ATTACK:
            continue
        attacker = state.current_player()
        assert attacker is not None
        state.apply_action(Attack((state.hand_values[attacker][0],)))
        legal = state.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Answer):
            return seed, ["Ann", "Bob"][1 - attacker : 2 - attacker]
    raise AssertionError("no seed found")


def test_a_forced_answer_plays_itself_without_a_hand_over(app_home: Path) -> None:
    rules = app_home.parent / "small.toml"
    rules.write_text(SMALL_HANDS)
    seed, (defender,) = forced_answer_seed()
    table = Table(
        app_home, "--seed", str(seed), "--p1", "Ann", "--p2", "Bob", "--rules", str(rules)
    )
    asked: list[str] = []
    while "only legal answer" not in table.text:
        index = table.expect(HANDOVER, CONTINUE, DECISION)
        if index != 2:
            table.line("")
            continue
        asked.append(table.who)
        phase = re.search(r"'s hand [·|] ([A-Za-z ]+?) [─-]", table.text)
        assert phase is not None and phase.group(1) != "Answer the attack", table.text
        table.line("-" if phase.group(1) == "Replace cards" else "a")
    assert f"({defender}'s only legal answer)" in table.text
    # The defender was asked to replace and to pick a duel card, never to answer.
    assert asked.count(defender) == 2, asked
    table.leave()


def test_drawn_cards_are_marked(app_home: Path) -> None:
    table = Table(app_home, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    table.line("a b c")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    table.line("-")
    table.expect(DECISION)  # Bob, who chose last, picks the first duel card
    assert table.who == "Bob" and "Duel" in table.text
    table.line("a")
    table.expect(HANDOVER)
    table.line("")
    table.expect(DECISION)
    assert table.who == "Ann" and "Duel" in table.text
    drew = re.search(r"You drew ([\d, and]+) \(marked new\)", table.text)
    assert drew is not None, table.text
    assert table.text.count(" new ") == 3  # on the edge of each card drawn
    table.leave()


def test_the_end_screen_keeps_score_across_games(app_home: Path) -> None:
    table = Table(app_home, "--seed", "3", "--p1", "Ann", "--vs-computer", "random")
    rng = random.Random(3)
    games = answers = 0
    while games < 2:
        index = table.expect(DECISION, CONTINUE, AGAIN)
        if index == 0:
            keys = re.findall(r"[╭+][─-]? ([a-z]) [─-]", table.text)
            phase = re.search(r"'s hand [·|] ([A-Za-z ]+?) [─-]", table.text)
            assert phase is not None
            if phase.group(1) == "Answer the attack":
                # One card per attack card, or the sacrifice: one of them is legal.
                attack = re.search(r"attacks with ((?:\[\d+\] ?)+)", table.text)
                assert attack is not None, table.text
                size = len(re.findall(r"\d+", attack.group(1)))
                table.line(rng.choice([" ".join(rng.sample(keys, min(size, len(keys)))), "s"]))
                answers += 1
                assert answers < 500, "the bot found no legal answer:\n" + table.text
            else:
                table.line("-" if phase.group(1) == "Replace cards" else rng.choice(keys))
        elif index == 1:
            table.line("")
        else:
            games += 1
            text = table.text
            assert "wins the game" in text or "drawn" in text
            for label in ("Rounds won", "Tricks won", "Jumbo attacks", "Duels won", "Ties"):
                assert label in text, text
            assert f"Match after {games} game" in text
            assert "tacocat replay" in text
            table.line("y" if games == 1 else "n")
    table.child.expect(pexpect.EOF)
    table.child.close()
    assert table.child.exitstatus == 0


def test_a_at_the_end_screen_reviews_the_game_just_played(app_home: Path) -> None:
    """The game-over screen's ``a``: the analysis, then back to "Play again?"."""
    rules = app_home.parent / "small.toml"
    rules.write_text(SMALL_HANDS)  # hands of three: few decisions to analyse
    table = Table(
        app_home, "--seed", "5", "--p1", "Ann", "--vs-computer", "random", "--rules", str(rules)
    )
    table.child.timeout = 120  # the whole analysis runs before the review screen
    while True:
        index = table.expect(DECISION, CONTINUE, AGAIN)
        if index == 2:
            break
        if index == 1:
            table.line("")
            continue
        phase = re.search(r"'s hand [·|] ([A-Za-z ]+?) [─-]", table.text)
        assert phase is not None, table.text
        if phase.group(1) == "Answer the attack" and "No sacrifice possible" in table.text:
            # Every card defends: answer each attack card with one (letters a, b, ...).
            attack = re.search(r"attacks with ((?:\[\d+\] ?)+)", table.text)
            assert attack is not None, table.text
            table.line(" ".join("abcdefg"[: len(re.findall(r"\d+", attack.group(1)))]))
            continue
        # Keep the hand, duel and attack with the first card, sacrifice when attacked.
        table.line({"Replace cards": "-", "Answer the attack": "s"}.get(phase.group(1), "a"))
    assert "type a for the coach's review" in table.text
    table.line("a")
    table.expect(r"Press Enter to go back: ")
    assert re.search(r"Ann: (accuracy \d+%|no decision with a choice)", table.text), table.text
    assert "Every decision, with reasons: tacocat analyze" in table.text
    table.line("")
    table.expect(AGAIN)
    table.line("n")
    table.child.expect(pexpect.EOF)
    table.child.close()
    assert table.child.exitstatus == 0
