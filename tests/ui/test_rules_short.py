"""``tacocat rules``: a short page fitting a screen, --full, --example, no implementation notes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import Rules
from tacocat.ui.draw.rules_text import rules_text
from tests.ui.test_rules_text import VARIANT_TOML

# Notes on how tacocat settles the rules, which the full page once mixed in.
NOTES = ("k + 1", "attack of k", "tacocat decides", "printed rules", "implementation")


def run(*args: str) -> str:
    result = CliRunner().invoke(main, ["rules", *args], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "\x1b[" not in result.output  # piped: plain text
    return result.output


@pytest.fixture
def variant(tmp_path: Path) -> str:
    path = tmp_path / "variant.toml"
    path.write_text(VARIANT_TOML, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("extra", [[], ["--tie-goes-to-arrow"], ["rules file"]])
def test_the_short_page_fits_one_screen_at_80_columns(extra: list[str], variant: str) -> None:
    args = ["--rules", variant, "--tie-goes-to-arrow"] if extra == ["rules file"] else extra
    lines = run(*args).rstrip("\n").split("\n")
    assert len(lines) <= 22 and all(len(line) <= 80 for line in lines)
    assert lines[0] == "Tacocat Spelled Backwards: the rules in short"
    assert "tacocat rules --full" in lines[-2] + lines[-1] and "--example" in lines[-1]
    text = " ".join(" ".join(lines).split())
    for essential in ("sacrifices their lowest", "LOWER last card wins", "a set (9 9)"):
        assert essential in text


def test_the_short_page_tells_the_variant_in_play(variant: str) -> None:
    text = " ".join(run("--rules", variant, "--tie-goes-to-arrow").split())
    assert "(5 6 7 8 7 6 5 from YAY)" in text and "On A2 (two arrows)" in text
    assert "the player the arrow points at wins (on A2 the round is dealt again)" in text
    assert "this variant's deck and tie limit" in text
    standard = " ".join(run().split())
    assert "(4 5 6 7 6 5 4 from YAY)" in standard and "the round is dealt again." in standard


@pytest.mark.parametrize("page", [[], ["--full"], ["--example"]])
def test_no_page_holds_an_implementation_note(page: list[str]) -> None:
    text = " ".join(run(*page).split())
    assert not [note for note in NOTES if note in text]


def test_full_piped_prints_the_whole_page(variant: str) -> None:
    full = run("--full")
    assert full == rules_text(Rules())
    assert "A round played out" in full and full.rstrip().endswith("the game is drawn.")
    text = " ".join(run("--full", "--rules", variant).split())
    assert "After 3 tied rounds in a row" in text and "48 cards valued 1 to 12" in text


def test_example_prints_the_round_played_out() -> None:
    lines = run("--example").rstrip("\n").split("\n")
    assert lines[0] == "A round played out" and lines[3].startswith("1. Replace.")
    assert lines[-1].endswith("toward Wow's goal.")


def test_example_refused_where_the_rules_cannot_deal_it(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text("[board]\nhand_sizes = [3, 3, 3, 3, 3, 3, 3]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["rules", "--rules", str(path), "--example"])
    assert result.exit_code == 1 and "cannot deal the example round" in result.output
