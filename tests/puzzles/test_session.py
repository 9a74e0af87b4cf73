"""Solving puzzles in-process, with a scripted terminal instead of a person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tacocat.coach.analysis import Decision
from tacocat.engine import Phase
from tacocat.puzzles.judge import judge
from tacocat.puzzles.library import Queue
from tacocat.puzzles.position import Puzzle
from tacocat.puzzles.scores import Progress, load_scores
from tacocat.puzzles.session import Sitting, play_puzzles, sit
from tacocat.puzzles.themes import NUDGES
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.glyphs import UNICODE
from tacocat.ui.play.curtain import Curtain
from tacocat.ui.play.dialogs import Dialogs
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal


class Typist(RecordingTerminal):
    """Answers every prompt with the next typed line."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines: Iterator[str] = iter(lines)
        self.prompts: list[Prompt] = []

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.prompts.append(prompt)
        return next(self.lines)


@pytest.fixture(scope="module")
def puzzle(candidates: list[Decision]) -> Puzzle:
    """A real attack position with its evaluator's best move as the answer."""
    item = next(c for c in candidates if c.view.phase is Phase.ATTACK and len(c.view.hand) > 2)
    evaluation, _ = judge(item.view, "t-1")
    best, runner = evaluation.estimates[0], evaluation.estimates[1]
    return Puzzle("t-1", item.view, best.action, best.win_game, runner.win_game, "a test game")


def keys(puzzle: Puzzle, which: int) -> str:
    """What to type for the evaluation's ``which``-th move (0: the answer)."""
    evaluation, _ = judge(puzzle.view, puzzle.key)
    return typed_keys(evaluation.estimates[which].action, keyed_hand(puzzle.view.hand))


def queue(*puzzles: Puzzle) -> Queue:
    return Queue([], list(puzzles), Progress(), "test")


def sitting(typist: Typist, saved: list[int]) -> Sitting:
    desk = Dialogs(typist, Curtain(typist), UNICODE)
    return Sitting(desk, "Ann", Progress(), lambda: saved.append(1))


def test_the_answer_is_read_as_in_a_game_and_counted(puzzle: Puzzle) -> None:
    typist, saved = Typist(["zz", "hint", keys(puzzle, 0), "q"]), []
    seat = sitting(typist, saved)
    assert play_puzzles(seat, queue(puzzle, puzzle)) == 1
    assert "'zz' is not a card key" in typist.screens[1]
    assert "No hints in a puzzle" in typist.screens[2]
    assert "Puzzle 1 of 2, from a test game" in typist.screens[0]
    assert "Ann's hand" in typist.screens[0] and "Opponent" in typist.screens[0]
    verdict = typist.screens[-1]
    assert "Solved!" in verdict and "Best: " in verdict and "Next best: " in verdict
    assert "points behind" in verdict
    assert f"Theme: {puzzle.theme} ({puzzle.pattern}); puzzle rated {puzzle.rating}." in verdict
    rating = seat.progress.rating.value
    assert rating > 1500
    assert (
        f"Ann: puzzle rating {rating:.0f}? (+{round(rating) - 1500}), streak 1 (best 1)." in verdict
    )
    assert (seat.progress.solved, seat.progress.failed, saved) == (1, 0, [1])
    assert [p.kind for p in typist.prompts] == [Kind.DECISION] * 3 + [Kind.NOTICE]


def test_a_wrong_answer_gets_a_nudge_and_a_second_try(puzzle: Puzzle) -> None:
    worst = keys(puzzle, len(puzzle.view.legal_actions) - 1)
    typist = Typist([worst, keys(puzzle, 0), "", keys(puzzle, 0), "q"])
    seat = sitting(typist, [])
    assert play_puzzles(seat, queue(puzzle, puzzle)) == 2
    retry = " ".join(typist.screens[1].split())  # the log wraps at 80 columns
    assert "is not the best move. Second try:" in retry and NUDGES[puzzle.theme] in retry
    assert "Solved on the second try" in typist.screens[2]
    assert "streak 0 (best 0)" in typist.screens[2] and "(-" in typist.screens[2]
    # The first try is the one counted; solving the same puzzle again changes no count.
    assert (seat.progress.solved, seat.progress.failed, seat.progress.streak) == (0, 1, 1)
    assert [p.kind for p in typist.prompts] == [Kind.DECISION] * 2 + [Kind.NOTICE] * 1 + [
        Kind.DECISION,
        Kind.NOTICE,
    ]


def test_two_wrong_tries_show_the_solution(puzzle: Puzzle) -> None:
    worst = keys(puzzle, len(puzzle.view.legal_actions) - 1)
    typist = Typist([worst, worst, "q"])
    seat = sitting(typist, [])
    assert play_puzzles(seat, queue(puzzle)) == 1
    failed = typist.screens[-1]
    assert "Not this time" in failed and "Your move: " in failed and "Best: " in failed
    assert (seat.progress.solved, seat.progress.failed) == (0, 1)


def test_leaving_at_the_second_try_keeps_the_first(puzzle: Puzzle) -> None:
    worst = keys(puzzle, len(puzzle.view.legal_actions) - 1)
    saved: list[int] = []
    seat = sitting(Typist([worst, "q"]), saved)
    assert play_puzzles(seat, queue(puzzle)) == 1
    assert seat.progress.results == {puzzle.key: "failed"} and saved == [1]


def test_q_stops_before_anything_is_counted(puzzle: Puzzle) -> None:
    seat = sitting(Typist(["q"]), [])
    assert play_puzzles(seat, queue(puzzle)) == 0
    assert seat.progress.results == {}


@pytest.mark.usefixtures("app_home")
def test_a_sitting_asks_a_name_checks_it_and_keeps_the_results(puzzle: Puzzle) -> None:
    typist = Typist(["[Ann]", "Ann", "q"])
    players: dict[str, Progress] = {}
    said = sit(typist, players, None, False, 5, False)
    assert "Please leave out [ and ]" in typist.screens[1]
    assert said.startswith("Ann: 0 puzzles answered now")
    assert "Ann" in players


def test_an_empty_name_leaves(app_home: Path) -> None:
    assert sit(Typist([""]), {}, None, False, 5, False) == "No puzzle today."
    assert load_scores() == ({}, None)
