"""A puzzle is its player's view, kept as data: rebuilt exactly, and hostile data refused."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tacocat.coach.analysis import Decision
from tacocat.engine import Attack, Phase, Rules
from tacocat.puzzles.position import Puzzle, PuzzleError, is_puzzle_view, puzzle_from_data
from tests.puzzles.conftest import game_decisions

# What a puzzle file may hold about a position: the player's own view, nothing else.
VIEW_KEYS = {
    "player", "phase", "round", "position", "tiles", "hand", "opponent_hand", "draw_pile",
    "discard", "table", "attacker", "replace_limit", "tied",
}  # fmt: skip


def puzzle_of(decision: Decision) -> Puzzle:
    view = decision.view
    return Puzzle("k-1", view, view.legal_actions[0], 0.6, 0.4, "a test", decision.played)


def test_every_phase_a_puzzle_asks_about_is_found(candidates: list[Decision]) -> None:
    assert {item.view.phase for item in candidates} == {Phase.REPLACE, Phase.ATTACK, Phase.ANSWER}


def test_a_view_comes_back_equal_with_its_legal_actions(candidates: list[Decision]) -> None:
    for decision in candidates:
        puzzle = puzzle_of(decision)
        back = puzzle_from_data(puzzle.to_data(), Rules())
        assert back == puzzle
        assert list(back.view.legal_actions) == list(decision.view.legal_actions)


def test_the_data_holds_the_players_view_and_no_hidden_card(candidates: list[Decision]) -> None:
    for decision in candidates:
        data = puzzle_of(decision).to_data()
        assert set(data) - VIEW_KEYS == {
            "id",
            "source",
            "answer",
            "best",
            "next",
            "played",
            "theme",
            "rating",
        }
        seen = {*data["hand"], *data["discard"], *data["table"]}
        assert seen == {
            *decision.view.hand_ids,
            *decision.view.discard_ids,
            *decision.view.table_ids,
        }


def test_duels_and_forced_moves_are_no_puzzles() -> None:
    views = [item.view for item in game_decisions(0)]
    assert not any(is_puzzle_view(view) for view in views if view.phase is Phase.DUEL)
    assert not any(is_puzzle_view(view) for view in views if len(view.legal_actions) == 1)


def _broken(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Variants of ``data`` that no valid puzzle has."""
    changes: list[tuple[str, Any]] = [
        ("hand", [*data["hand"], data["hand"][0]]),  # a card twice
        ("hand", [999]),  # no such card
        ("hand", "abc"),
        ("opponent_hand", data["opponent_hand"] + 1),  # the cards no longer add up
        ("draw_pile", -1),
        ("round", True),
        ("round", 10**30),
        ("attacker", True),
        ("phase", "duel"),
        ("phase", "sleep"),
        ("player", 2),
        ("position", 99),
        ("tiles", [99]),
        ("answer", ["attack", [13, 13, 13, 13, 13]]),
        ("answer", "attack"),
        ("played", ["duel", 0]),
        ("best", 2.0),
        ("next", "0.3"),
        ("id", ""),
        ("id", "x\x1b[2J"),
        ("source", "y" * 200),
        ("source", "[bold]experts[/bold]"),
    ]
    variants = []
    for key, value in changes:
        changed = copy.deepcopy(data)
        changed[key] = value
        variants.append(changed)
    variants.append({key: value for key, value in data.items() if key != "hand"})
    return variants


def test_hostile_data_is_refused_in_words(candidates: list[Decision]) -> None:
    data = puzzle_of(candidates[5]).to_data()
    for variant in _broken(data):
        with pytest.raises(PuzzleError):
            puzzle_from_data(variant, Rules())
    for junk in (None, [], "x", 3):
        with pytest.raises(PuzzleError):
            puzzle_from_data(junk, Rules())


def test_an_answer_that_is_not_legal_there_is_refused(candidates: list[Decision]) -> None:
    answer_phase = next(item for item in candidates if item.view.phase is Phase.ANSWER)
    data = puzzle_of(answer_phase).to_data()
    data["answer"] = ["attack", [answer_phase.view.hand[0].value]]
    with pytest.raises(PuzzleError, match="not a legal move"):
        puzzle_from_data(data, Rules())
    assert Attack((1,)) not in answer_phase.view.legal_actions
