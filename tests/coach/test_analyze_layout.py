"""`tacocat analyze` laid out at 60, 80 and 120 columns: wrapped lines keep their indent."""

from __future__ import annotations

import functools

import pytest
from click.testing import CliRunner

from tacocat.cli import main

from .helpers import SEED, blunder_game, record_game

FAST = ["--budget", "80", "--jobs", "1"]


def _analyze(width: int) -> list[str]:
    return list(_analysis_at(width))


@functools.cache
def _analysis_at(width: int) -> tuple[str, ...]:
    """The lines of one analysis at ``width`` (one run per width for all the tests)."""
    _, actions = blunder_game()
    record_game(SEED, actions)
    result = CliRunner().invoke(main, ["analyze", *FAST], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return tuple(result.output.splitlines())


def _blocks(lines: list[str]) -> list[list[str]]:
    """Each player's summary: from 'Name: accuracy' to the blank line after it."""
    blocks = []
    for index, line in enumerate(lines):
        if line.startswith(("Ann: accuracy", "Bob: accuracy")):
            end = lines.index("", index)
            blocks.append(lines[index:end])
    return blocks


@pytest.mark.parametrize("width", [60, 80, 120])
def test_every_line_fits_and_nothing_is_cut(width: int) -> None:
    lines = _analyze(width)
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    assert not any("..." in line or "\u2026" in line for line in lines)
    # The table's marks and chances are whole at every width.
    row = next(line for line in lines if line.split()[:1] == ["60"])
    assert (
        row.split()[-1] in ("mistake", "blunder") and sum(w.endswith("%") for w in row.split()) == 2
    )


@pytest.mark.parametrize("width", [60, 80, 120])
def test_wrapped_summary_lines_keep_their_indent(width: int) -> None:
    blocks = _blocks(_analyze(width))
    assert len(blocks) == 2
    for block in blocks:
        body = block[next(i for i, line in enumerate(block) if line.startswith("  ")) :]
        # Once indented, every line of the summary stays indented, wrapped or not.
        assert all(line.startswith("  ") for line in body)
        mistakes = body[body.index("  Biggest mistakes:") + 1 :]
        assert mistakes and mistakes[0].startswith("  * step ")
        for line in mistakes:
            # A mistake opens with its bullet; its reasons and any wrapped text sit beside it.
            assert line.startswith("  * step ") or (line.startswith("    ") and line[4] != " ")
        assert any(line.startswith("    Why: ") for line in mistakes)


@pytest.mark.parametrize("width", [80, 120])
def test_the_header_does_not_wrap_at_80_columns(width: int) -> None:
    lines = _analyze(width)
    assert lines[0] == "Analysis: Ann vs Bob: Ann won"
    assert lines[1].startswith("started ") and lines[1].endswith(f"seed {SEED}")
    assert lines[2] == "68 decisions | 80 rollouts each"
    assert lines[3:6] == [
        "Marks by the points of win chance a move lost:",
        "inaccuracy 5+, mistake 10+, blunder 15+ (as on lichess).",
        "Accurate: within 2 points of the best move.",
    ]


def test_a_narrow_terminal_wraps_a_move_at_a_space_never_inside_a_number() -> None:
    lines = _analyze(60)
    header = lines.index(next(line for line in lines if line.startswith("step")))
    table = lines[header + 2 : lines.index("", header)]
    numbers = {str(value) for value in range(1, 13)}
    for line in table:
        words = line.split()
        if words and not words[0].isdigit():  # a wrapped move: values only
            assert set(words) <= numbers, line
