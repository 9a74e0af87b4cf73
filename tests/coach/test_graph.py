"""The win-chance graph of `tacocat analyze`: its golden at 80x24, and its fit."""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from tacocat.coach.analysis import GameAnalysis, analyse
from tacocat.ui.draw.graph import columns, first_player_chance, win_graph

from .helpers import BLUNDER_STEP, SEED, blunder_game

GOLDENS = Path(__file__).parent / "goldens"
UPDATE = os.environ.get("TACOCAT_UPDATE_GOLDENS", "") not in ("", "0")
NAMES = ("Ann", "Bob")


@pytest.fixture(scope="module")
def analysis() -> GameAnalysis:
    state, actions = blunder_game()
    return analyse(state.rules, SEED, actions, budget=60, jobs=1)


def _render(
    analysis: GameAnalysis, width: int, ascii_only: bool, names: tuple[str, str] = NAMES
) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    console.print(win_graph(analysis, names, width, ascii_only))
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_graph_matches_its_golden_at_80x24(analysis: GameAnalysis, ascii_only: bool) -> None:
    text = _render(analysis, 80, ascii_only)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 23 and all(len(line.rstrip()) <= 80 for line in lines)
    if ascii_only:
        assert text.isascii()
    path = GOLDENS / f"graph-{'ascii' if ascii_only else 'unicode'}-80x24.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_the_known_blunder_is_marked_under_its_column(analysis: GameAnalysis) -> None:
    lines = _render(analysis, 80, True).split("\n")
    bob = next(line for line in lines if line.startswith("Bob"))
    index = [item.step for item in analysis.reviews].index(BLUNDER_STEP)
    assert bob[6 + index] in "BM"  # a blunder, measured roughly at this budget


def test_a_long_game_shares_columns_and_still_fits(analysis: GameAnalysis) -> None:
    many = analysis.reviews * 4
    assert len(many) > 74
    long = dataclasses.replace(analysis, reviews=many)
    lines = _render(long, 80, False).rstrip("\n").split("\n")
    assert all(len(line.rstrip()) <= 80 for line in lines)
    groups = columns(many, 74)
    assert len(groups) == 74 and sum(len(group) for group in groups) == len(many)


def test_the_chance_is_the_first_players(analysis: GameAnalysis) -> None:
    for item in analysis.reviews:
        mine = first_player_chance(item)
        assert mine == (item.win_after if item.player == 0 else 1 - item.win_after)


def test_a_wide_name_takes_its_label_s_columns_not_more(analysis: GameAnalysis) -> None:
    """A CJK name is cut by columns (two a letter): its marks stay under their rounds."""
    wide = _render(analysis, 80, False, ("山田太郎山田太郎", "Bob"))
    plain = _render(analysis, 80, False, ("Annabel", "Bob"))
    (row,) = [line for line in wide.split("\n") if line.startswith("山田.")]
    (same,) = [line for line in plain.split("\n") if line.startswith("Anna.")]
    assert cell_len(row[: row.index(".") + 1]) == 5 and row[row.index(".") + 1] == " "
    assert row[row.index(".") + 2 :] == same[6:]  # the marks, column for column
