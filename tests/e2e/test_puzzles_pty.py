"""``tacocat puzzles`` on a real terminal: a wrong key explained, an answer solved and kept."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from tacocat.ai.match import game_seed, play_full_game
from tacocat.puzzles.collection import load_set
from tacocat.puzzles.library import Queue
from tacocat.puzzles.position import Puzzle
from tacocat.puzzles.scores import Progress, load_scores, scores_path
from tacocat.puzzles.themes import NUDGES
from tacocat.storage.game_info import GameInfo
from tacocat.storage.glicko2 import Rating
from tacocat.storage.records import GameRecord, write_record
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import keyed_hand

pytestmark = pytest.mark.e2e

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def spawn(home: Path, args: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TACOCAT_HOME": str(home), "TERM": "xterm"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "puzzles", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )


def plain(text: str) -> str:
    return " ".join(ESCAPES.sub("", text).split())


def first_puzzle(name: str) -> Puzzle:
    """The puzzle a newcomer called ``name`` is served first (the choice is seeded)."""
    puzzle = Queue([], load_set(), Progress(), f"{name}:0").next(Rating().value)
    assert puzzle is not None
    return puzzle


def test_a_puzzle_is_answered_as_in_a_game_and_the_result_is_kept(app_home: Path) -> None:
    first = first_puzzle("Ann")
    answer = typed_keys(first.answer, keyed_hand(first.view.hand))
    child = spawn(app_home, ["--name", "Ann"])
    child.expect_exact("Puzzle 1 of")
    child.expect_exact("Ann> ")
    child.send("zz\r")
    child.expect_exact("is not a card key")
    child.expect_exact("Ann> ")
    child.send(f"{answer}\r")
    child.expect_exact("Solved!")
    child.expect_exact("Next best:")
    child.expect_exact("Ann: puzzle rating")
    child.expect_exact("streak 1 (best 1)")
    child.expect_exact("Enter: next puzzle, q: stop")
    child.send("\r")
    child.expect_exact("Puzzle 2 of")
    child.expect_exact("Ann> ")
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    said = plain(child.before)
    assert "Ann: 1 puzzle answered now; 1 solved and 0 failed in all." in said
    assert "Traceback" not in said

    child = spawn(app_home, ["--results"])
    child.expect(pexpect.EOF)
    assert "Ann: 1 solved, 0 failed; puzzle rating" in plain(child.before)


def test_a_wrong_answer_gets_a_nudge_and_a_second_try(app_home: Path) -> None:
    first = first_puzzle("Cy")
    keyed = keyed_hand(first.view.hand)
    wrong = next(action for action in first.view.legal_actions if action != first.answer)
    child = spawn(app_home, ["--name", "Cy"])
    child.expect_exact("Puzzle 1 of")
    child.expect_exact("Cy> ")
    child.send(f"{typed_keys(wrong, keyed)}\r")
    child.expect_exact(f"{wrong} is not the best move. Second try:")
    child.expect_exact(NUDGES[first.theme])  # one line at 80 columns: nothing wraps it
    child.expect_exact("Cy> ")
    child.send(f"{typed_keys(first.answer, keyed)}\r")
    child.expect_exact("Solved on the second try")
    child.expect_exact(f"Theme: {first.theme}")
    child.expect_exact("streak 0 (best 0)")
    child.expect_exact("Enter: next puzzle, q: stop")
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    said = plain(child.before)
    assert "Cy: 1 puzzle answered now; 0 solved and 1 failed in all." in said
    assert "Traceback" not in said


def test_a_damaged_results_file_is_said_and_ctrl_d_leaves(app_home: Path) -> None:
    app_home.mkdir(parents=True, exist_ok=True)
    scores_path().write_text("{damaged", encoding="utf-8")
    child = spawn(app_home, ["--name", "Bob"])
    child.expect_exact("could not be read")
    child.expect_exact("Press Enter")
    child.send("\r")
    child.expect_exact("Bob> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    said = plain(child.before)
    assert "could not be read" in said and "they start again from here." in said
    assert "Puzzles stopped; every answer given is kept." in said
    assert "Traceback" not in said


def test_without_a_terminal_it_says_why(app_home: Path) -> None:
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", f"{sys.executable} -m tacocat puzzles --name Ann < /dev/null | cat"],
        env={**os.environ, "TACOCAT_HOME": str(app_home), "TERM": "xterm"},
        encoding="utf-8",
        timeout=60,
    )
    child.expect(pexpect.EOF)
    assert "tacocat puzzles needs a full terminal" in plain(child.before)


def test_own_games_are_searched_and_their_puzzles_come_first(app_home: Path) -> None:
    # Ann plays at random against an easy opponent: she misses clearly best moves.
    _, state, events = play_full_game(("random", "easy"), 5, 0)
    write_record(GameRecord.of_game(GameInfo.create(("Ann", "Bob"), game_seed(5, 0, "deal")),
                                    state, events))  # fmt: skip
    child = spawn(app_home, ["--name", "Ann", "--from-games", "--games", "1"])
    child.expect_exact("from Ann's own games come first")
    child.expect_exact("Press Enter")
    child.send("\r")
    child.expect_exact("'s game ")  # the name is tinted: its colour codes come between
    child.expect_exact("Ann> ")
    child.send("q\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before
    players, _ = load_scores()
    assert len(players["Ann"].searched) == 1 and players["Ann"].own
