"""Options several commands share: rules and deal (``play``, ``host``, ``rules``), ``--ascii``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from tacocat.engine.rules import Rules

MAX_DIGITS = 40  # far more than any option takes (a seed is at most 20 digits)


class Whole(click.IntRange):
    """A whole-number option, in a range if given; a long value is cut in the error.

    click converts first and then quotes the whole value: a 4,400-digit
    ``--seed`` would fill the screen (and past 4,300 digits Python refuses to
    convert it).  Such a value is refused before any conversion, quoted as
    its first and last digits and its length (:func:`~tacocat.sanitize.cut_number`).
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = value.strip() if isinstance(value, str) else ""
        if len(text) > MAX_DIGITS:
            from tacocat.sanitize import cut_number, visible

            digits = text.lstrip("+-").isdigit()
            shown = cut_number(text) if digits else f"a value of {len(text):,} characters"
            self.fail(f"{visible(shown)} is too long a number.", param, ctx)
        number: int = super().convert(value, param, ctx)
        return number


rules_file_option = click.option(
    "--rules",
    "rules_file",
    type=click.Path(path_type=Path, dir_okay=False),
    metavar="FILE",
    help="The deck, board and variants of a TOML rules file.",
)
ascii_option = click.option(
    "--ascii", "ascii_only", is_flag=True, help="Draw with ASCII only (no Unicode)."
)
seed_option = click.option(
    "--seed",
    # The range a save may hold (storage.game_info.SEED_LIMIT): the game must reload.
    type=Whole(-(2**64) + 1, 2**64 - 1),
    metavar="N",
    help="Shuffle with this seed: a reproducible game.",
)
tie_goes_to_arrow_option = click.option(
    "--tie-goes-to-arrow",
    is_flag=True,
    help="Variant: a tied showdown is won by the player the arrow points at.",
)


def load_rules_options(rules_file: Path | None, tie_goes_to_arrow: bool) -> Rules:
    """The rules the two options name; a bad file is a usage error (exit 2)."""
    from tacocat.engine.errors import RulesError
    from tacocat.engine.rules import Rules, load_rules

    try:
        rules = load_rules(rules_file) if rules_file is not None else Rules()
        if tie_goes_to_arrow:
            rules = rules.replace(tie_goes_to_arrow=True)
    except RulesError as error:
        rules_error_exit(error)
    return rules


def rules_error_exit(error: Exception) -> NoReturn:
    """End the command on a bad rules file: one line on stderr, exit status 2 (usage)."""
    from tacocat.cli.output import say

    say(f"Error: --rules: {error}", err=True)
    raise SystemExit(2)
