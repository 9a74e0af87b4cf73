"""What several commands share: options and their types, and the one way a usage error ends.

Nothing here imports the engine or the computer players until a value is
checked: listing commands and ``--help`` stay fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from tacocat.engine.rules import Rules

MAX_DIGITS = 40  # far more than any option takes (a seed is at most 20 digits)


def fail(sentence: str) -> NoReturn:
    """End the command with one sentence on stderr and exit status 2 (a usage error)."""
    from tacocat.cli.output import say

    say(f"Error: {sentence}", err=True)  # broken between words, not at the terminal's edge
    sys.exit(2)


class Whole(click.IntRange):
    """A whole number, in a range if given; a value too long to convert is quoted cut.

    click would quote a 4,400-digit ``--seed`` whole (and Python refuses to
    convert one past 4,300 digits).
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

    # Without bounds, --help says INTEGER, not "INTEGER RANGE" and "x<=None".
    def get_metavar(self, *args: Any, **kwargs: Any) -> str | None:
        return "INTEGER" if self.min is None and self.max is None else None

    # A seed's range (twenty digits each way) is said as a power, not across two lines.
    def _describe_range(self) -> str:
        if self.min is None and self.max is None:
            return ""
        high = int(self.max or 0)
        if high >= 2**32 and self.min == -high and (high + 1).bit_count() == 1:
            return f"|x|<2**{high.bit_length()}"
        return super()._describe_range()


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class Level(click.ParamType):  # type: ignore[type-arg]
    """A level the computer knows (e.g. ``normal``); tacocat.ai is imported only to check one."""

    name = "level"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from tacocat.ai import level_names

        known = level_names()
        if value not in known:
            self.fail(f"unknown level {value!r}; choose one of: {', '.join(known)}", param, ctx)
        return str(value)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        from tacocat.ai import level_names

        return [CompletionItem(name) for name in level_names() if name.startswith(incomplete)]


LEVEL = Level()

rules_file_option = click.option(
    "--rules",
    "rules_file",
    type=click.Path(path_type=Path, dir_okay=False),
    metavar="FILE",
    help="The deck, board and variants of a TOML rules file.",
)


def _ascii(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    from tacocat.cli.output import prepare_stdout

    return value or not prepare_stdout()  # an output without box-drawing characters too


ascii_option = click.option(
    "--ascii",
    "ascii_only",
    is_flag=True,
    callback=_ascii,
    help="Draw with ASCII only (no Unicode).",
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
plain_option = click.option(
    "--plain",
    is_flag=True,
    help="Play against the computer as plain lines of text (no drawing, no colour): "
    "for TERM=dumb, an Emacs buffer, a screen reader or a pipe.",
)
HOT_SEAT_REFUSED = (
    "--plain plays against the computer only (add --vs-computer): a transcript cannot "
    "hide one player's hand from the other."
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
        fail(f"--rules: {error}")
    return rules


@contextmanager
def claim(plain: bool = False) -> Iterator[None]:
    """Hold the one-game lock, after the terminal's checks (any input and output if ``plain``).

    A game refused must not keep another from starting: the lock comes last.
    """
    from tacocat.ui.term.claim import claim_lock, claim_terminal

    lock = claim_lock() if plain else claim_terminal()
    if isinstance(lock, str):
        fail(lock)
    try:
        yield
    finally:
        lock.release()
