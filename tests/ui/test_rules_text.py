"""The rules text is written from the rules in play: default and two variants."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import Arrow, Rules
from tacocat.ui.draw.helptext import help_text
from tacocat.ui.draw.rules_text import rules_lines, rules_text

# A rules file that changes everything the text tells: hand sizes, deck,
# arrows (the two-arrow space moved off the centre) and the tie limit.
VARIANT_TOML = """
tie_limit = 3

[deck]
counts = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]

[board]
hand_sizes = [5, 6, 7, 8, 7, 6, 5]
arrows = ["wow", "both", "wow", "yay", "yay", "yay", "yay"]
"""


def flat(text: str) -> str:
    return " ".join(text.split())


def test_default_rules_text_has_the_standard_numbers() -> None:
    text = flat(rules_text(Rules()))
    assert "4 5 6 7 6 5 4 from the YAY end" in text
    assert "Wow on T1, A2 and C3; Yay on C5, A6 and T7; both players (two arrows) on O4" in text
    assert "38 cards valued 1 to 12: two 1s, three each of 2-4, four each of 5-8" in text
    assert "deal each player 7" in text
    assert "On the two-arrow space (O4)" in text
    assert 'played without the variant "tie goes to the arrow", in which' in text
    assert "After 10 tied rounds in a row the game is drawn" in text
    assert "rules of the standard game." in text


def test_tie_goes_to_arrow_variant_is_described_as_on() -> None:
    text = flat(rules_text(Rules(tie_goes_to_arrow=True)))
    assert "In this game the tie goes to the arrow" in text
    assert "(on O4 it stays a tie)" in text
    assert "without the variant" not in text
    assert "standard game with the tie going to the arrow" in text


def test_a_rules_file_variant_is_described_with_its_own_numbers() -> None:
    arrows = (Arrow.WOW, Arrow.BOTH, Arrow.WOW, Arrow.YAY, Arrow.YAY, Arrow.YAY, Arrow.YAY)
    rules = Rules(counts=(4,) * 12, hand_sizes=(5, 6, 7, 8, 7, 6, 5), arrows=arrows, tie_limit=3)
    text = flat(rules_text(rules))
    assert "5 6 7 8 7 6 5 from the YAY end" in text
    assert "48 cards valued 1 to 12: four each of 1-12" in text
    assert "deal each player 8 (the number on O4)" in text
    assert "Wow on T1 and C3; Yay on O4, C5, A6 and T7; both players (two arrows) on A2" in text
    assert "On the two-arrow space (A2)" in text
    assert "After 3 tied rounds in a row" in text
    assert "4 5 6 7 6 5 4" not in text and "10 tied" not in text
    assert "further from" not in text  # that reason holds for the default arrows only
    assert "rules of a variant" in text


def test_lines_fit_the_width_and_break_only_between_words() -> None:
    rules = Rules(tie_goes_to_arrow=True)
    words = set(rules_text(rules, 2000).split())
    for width in (40, 60, 80):
        lines = rules_lines(rules, width)
        assert all(len(line) <= width for line, _ in lines)
        assert set(" ".join(line for line, _ in lines).split()) == words


def test_the_cli_prints_the_rules_file_and_variant_it_is_given(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text(VARIANT_TOML, encoding="utf-8")
    runner = CliRunner()
    plain = runner.invoke(main, ["rules"])
    assert plain.exit_code == 0 and "4 5 6 7 6 5 4" in plain.output
    assert "\x1b[" not in plain.output  # piped: no escape codes
    variant = runner.invoke(main, ["rules", "--full", "--rules", str(path), "--tie-goes-to-arrow"])
    assert variant.exit_code == 0, variant.output
    text = flat(variant.output)
    assert "5 6 7 8 7 6 5" in text and "After 3 tied rounds" in text
    assert "In this game the tie goes to the arrow" in text
    bad = runner.invoke(main, ["rules", "--rules", str(tmp_path / "missing.toml")])
    assert bad.exit_code == 2 and "cannot read rules file" in bad.output


def test_help_quotes_the_rules_in_play() -> None:
    from tacocat.engine import new_game

    rules = Rules(hand_sizes=(5, 6, 7, 8, 7, 6, 5), tie_goes_to_arrow=True, tie_limit=4)
    state = new_game(1, rules)
    view = state.view(0)
    text = flat("\n".join(help_text(view, ("Ann", "Bob"))))
    assert "On O4 (two arrows) both players secretly replace" in text
    assert "Ann's choice stays hidden" in text and "Yay" not in text
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    duel = flat("\n".join(help_text(state.view(0), ("Ann", "Bob"))))
    assert "DUEL" in duel and "The Tacocat stands on O4: 8 cards each" in duel
    assert "a tied showdown goes to the player the arrow points at" in text
    assert "4 tied rounds in a row draw the game" in text
    assert all(len(line) <= 76 for line in help_text(view, ("Ann", "Bob")))


def test_the_rules_text_counts_like_the_events_without_loading_the_actions() -> None:
    import subprocess
    import sys

    from tacocat.engine.words import count_word

    assert [count_word(n) for n in (0, 2, 9, 10)] == ["no", "two", "nine", "10"]
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, tacocat.ui.draw.rules_text; print(sorted(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "tacocat.engine.words" in loaded
    assert "tacocat.engine.actions" not in loaded  # tacocat rules stays quick to start


def test_help_fits_80x24_with_or_without_the_hand() -> None:
    import io

    from rich.console import Console

    from tacocat.engine import new_game
    from tacocat.ui.draw import screens
    from tacocat.ui.draw.cards import keyed_hand
    from tacocat.ui.draw.frame import STANDARD

    for rules in (Rules(), Rules(tie_goes_to_arrow=True, tie_limit=3)):
        view = new_game(2, rules).view(0)
        keyed = keyed_hand(view.hand)
        screen = screens.help_screen(view, help_text(view, ("Ann", "Bob")), keyed, STANDARD)
        console = Console(file=io.StringIO(), width=80, color_system=None)
        console.print(screen)
        lines = console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]
        assert len(lines) <= 23 and lines[0].startswith("╭")


def test_the_secret_replacement_names_who_chooses_first() -> None:
    from tacocat.engine.players import WOW
    from tacocat.ui.draw.rules_text import replace_sentences

    text = " ".join(replace_sentences(Rules(first_to_choose=WOW), names=("Ann", "Bob")))
    assert "Bob first, then Ann; Bob's choice stays hidden" in text
    text = " ".join(replace_sentences(Rules(), names=("Ann", "Bob")))
    assert "Ann first, then Bob; Ann's choice stays hidden" in text


def test_dealing_by_round_reads_as_the_standard_game_in_both_summaries() -> None:
    # The dealing changes which cards a seed gives, no rule of play.
    from tacocat.ui.draw.rules_short import short_paragraphs

    by_round = Rules(dealing="round")
    assert rules_text(by_round) == rules_text(Rules())
    assert short_paragraphs(by_round) == short_paragraphs(Rules())
    assert "variant" in rules_text(Rules(tie_limit=3))
