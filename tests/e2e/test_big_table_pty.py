"""The table on a big terminal (160x48) and on 80x24, at a real pty, against the computer.

Each test drives ``tacocat play --vs-computer random`` (the quickest level)
in a pseudo-terminal, reads the screen through pyte, and types what a
person would: keep the hand, duel and attack with the first card,
sacrifice when attacked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tests.e2e.test_table_pty

pytestmark = pytest.mark.e2e

DECISION = r"(?<![\w\[;])(\w+)> "
HANDOVER = r"(\w+), press Enter: "
CONTINUE = r"Press Enter to continue[^:]*: "
AGAIN = r"Play again\? \(y/(?:s/)?n\) "
SMALL_HANDS = "[board]\nhand_sizes = [3, 3, 3, 3, 3, 3, 3]\n"
MOST_BLANK = 6  # the longest run of blank lines a screen may show


class Table(tests.e2e.test_table_pty.Table):
    """One ``tacocat play`` in a pty of ``cols`` x ``rows``, with the screen it shows."""

    def __init__(self, home: Path, cols: int, rows: int, *args: str) -> None:
        super().__init__(home, *args, cols=cols, rows=rows)
        self.child.timeout = 30  # a big screen is more to write and read

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def play_one_move(self) -> None:
        """Answer the decision on screen: a simple legal move."""
        phase = re.search(r"'s hand [·|] ([A-Za-z ]+?) [─-]", self.text)
        assert phase is not None, self.text
        if phase.group(1) == "Answer the attack" and "No sacrifice possible" in self.text:
            attack = re.search(r"attacks with ((?:\[\d+\] ?)+)", self.text)
            assert attack is not None, self.text
            self.line(" ".join("abcdefg"[: len(re.findall(r"\d+", attack.group(1)))]))
            return
        self.line({"Replace cards": "-", "Answer the attack": "s"}.get(phase.group(1), "a"))


def longest_blank_run(lines: list[str]) -> int:
    longest = run = 0
    for line in lines:
        run = run + 1 if not line.strip() else 0
        longest = max(longest, run)
    return longest


def card_widths(lines: list[str]) -> set[int]:
    """The widths of the hand's cards: each top edge "╭─ a ───╮" from its corner to its corner."""
    return {len(edge) for line in lines for edge in re.findall(r"╭─ [a-z] ─*╮", line)}


def test_at_160x48_the_table_fills_the_screen(app_home: Path) -> None:
    table = Table(app_home, 160, 48, "--seed", "4", "--p1", "Ann", "--vs-computer", "random")
    decisions = 0
    while decisions < 8:  # through the first rounds: a short log, then a longer one
        if table.expect(DECISION, CONTINUE) == 1:  # a result both players watch
            assert longest_blank_run(table.lines) <= MOST_BLANK, table.text
            table.line("")
            continue
        decisions += 1
        lines = table.lines
        assert longest_blank_run(lines) <= MOST_BLANK, table.text
        # The log's box with the tracker beside it, on one row; the hand's cards 21 wide.
        assert any("╭─ Game log" in line and "Cards this round" in line for line in lines)
        assert card_widths(lines) == {21}, table.text
        assert lines[-1].startswith("Ann>")  # the prompt on the last row: every row used
        table.play_one_move()
    table.leave()


def test_at_80x24_the_table_is_as_before(app_home: Path) -> None:
    table = Table(app_home, 80, 24, "--seed", "4", "--p1", "Ann", "--vs-computer", "random")
    table.expect(DECISION)
    lines = table.lines
    # The log under a rule, no box and no tracker; cards 10 wide; the prompt on the last row.
    assert any(line.startswith("Game log ─") for line in lines), table.text
    assert not any("╭─ Game log" in line or "Cards this round" in line for line in lines)
    assert card_widths(lines) == {10}, table.text
    assert lines[-1].startswith("Ann>")
    table.leave()


def test_against_the_computer_the_end_shows_its_cards_and_s_swaps_seats(app_home: Path) -> None:
    rules = app_home.parent / "small.toml"
    rules.write_text(SMALL_HANDS)  # hands of three: a quick game
    args = ("--seed", "5", "--p1", "Ann", "--vs-computer", "random", "--rules", str(rules))
    table = Table(app_home, 160, 48, *args)
    while (index := table.expect(DECISION, CONTINUE, AGAIN)) != 2:
        if index == 1:
            table.line("")
        else:
            table.play_one_move()
    text = table.text
    assert re.search(r"Computer's last cards \(all played\): \d+(, \d+)*\.", text), text
    assert "s: swap seats and play again" in text
    assert table.lines[-1].startswith("Play again? (y/s/n)")
    assert longest_blank_run(table.lines) <= MOST_BLANK, text
    table.line("s")
    while table.expect(DECISION, CONTINUE) == 1:
        table.line("")
    # The new game: Ann behind the WOW goal now, the computer behind YAY.
    goals = next(line for line in table.lines if "Computer" in line and "Ann" in line)
    assert goals.index("Computer") < goals.index("Ann"), table.text
    assert "Ann's hand" in table.text
    table.leave()


def test_at_120x40_hot_seat_hand_overs_fill_the_screen_too(app_home: Path) -> None:
    # Hand-overs (the one offering a take-back draws a row shorter) and decisions alike.
    table = Table(app_home, 120, 40, "--seed", "2", "--p1", "Ann", "--p2", "Bob")
    handovers = decisions = 0
    while decisions < 8:
        index = table.expect(DECISION, CONTINUE, HANDOVER)
        lines = table.lines
        assert longest_blank_run(lines) <= MOST_BLANK, table.text
        if index == 0:
            decisions += 1
            assert card_widths(lines) == {17}, table.text
            table.play_one_move()
            continue
        if index == 2:
            handovers += 1
            assert any("╭─ Game log" in line and "Cards this round" in line for line in lines)
        table.line("")
    assert handovers >= 5
    table.leave()
