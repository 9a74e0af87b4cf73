"""Rules files that once crashed, hung or overflowed the screen: a one-line error, exit 2.

The files are in tests/corpus/rules; a FIFO is made here.  The limits that
keep every screen drawable at 80x24 are stated in docs/rules.md.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import Rules, RulesError, load_rules
from tacocat.engine.rules import MAX_DECK_SIZE, MAX_HAND_SIZE, MAX_TIE_LIMIT

CORPUS = Path(__file__).parents[1] / "corpus" / "rules"
WORDS = {
    "billion_cards.toml": "more than a whole deck may hold",
    "deep_nesting.toml": "nested too deeply",
    "endless_ties.toml": f"at most {MAX_TIE_LIMIT}",
    "escape_in_arrow.toml": "is not an arrow",
    "escape_in_key.toml": "unknown key",
    "hands_of_30.toml": f"at most {MAX_HAND_SIZE} fit on the screen",
    "hands_of_120.toml": f"at most {MAX_HAND_SIZE} fit on the screen",
    "hands_of_460.toml": f"at most {MAX_HAND_SIZE} fit on the screen",
    "latin1.toml": "not UTF-8 text",
}


def test_the_corpus_is_all_tested() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.toml")) == sorted(WORDS)


@pytest.mark.parametrize("name", sorted(WORDS))
@pytest.mark.parametrize("command", [["play"], ["simulate", "-n", "1"], ["rules"]])
def test_a_hostile_rules_file_is_one_line_of_error_and_exit_2(
    name: str, command: list[str]
) -> None:
    result = CliRunner().invoke(main, [*command, "--rules", str(CORPUS / name)])
    assert result.exit_code == 2, result.output
    (line,) = result.output.splitlines()
    assert line.startswith("Error: --rules: ") and WORDS[name] in line
    assert line.isprintable() and len(line) < 300


def test_a_rules_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    with pytest.raises(RulesError, match="not a regular file"):
        load_rules(fifo)
    result = CliRunner().invoke(main, ["simulate", "-n", "1", "--rules", str(fifo)])
    assert result.exit_code == 2 and "not a regular file" in result.output


def test_the_limits_are_what_the_screen_and_the_memory_allow() -> None:
    largest = Rules(counts=(MAX_DECK_SIZE // 12,) * 12, hand_sizes=(MAX_HAND_SIZE,) * 7)
    assert largest.deck_size <= MAX_DECK_SIZE
    with pytest.raises(RulesError, match="at most 200 are allowed"):
        Rules(counts=(17,) * 12)  # 204 cards, each count allowed
    with pytest.raises(RulesError, match="at most 10 fit"):
        Rules(counts=(4,) * 12, hand_sizes=(11, 5, 6, 7, 6, 5, 4))


def test_the_limits_are_stated_in_the_rules_document() -> None:
    text = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for figure in (MAX_HAND_SIZE, MAX_DECK_SIZE, MAX_TIE_LIMIT):
        assert str(figure) in text
