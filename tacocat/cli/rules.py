"""``tacocat rules``: the rules in play, laid out for reading at up to 80 columns."""

from __future__ import annotations

import os
from pathlib import Path

import click

from tacocat.cli.options import load_rules_options, rules_file_option, tie_goes_to_arrow_option


@click.command()
@rules_file_option
@tie_goes_to_arrow_option
def rules(rules_file: Path | None, tie_goes_to_arrow: bool) -> None:
    """Show a summary of the rules, as a rules file and variant make them.

    The text is written from the rules in play: `tacocat rules --rules FILE`
    gives that file's hand sizes, arrows, deck and tie limit.  Headings are
    bold on a terminal; piped, the text is plain.
    """
    from tacocat.cli.output import echo
    from tacocat.ui.draw.rules_text import RULES_WIDTH, rules_lines

    chosen = load_rules_options(rules_file, tie_goes_to_arrow)
    width = min(_columns(), RULES_WIDTH)
    # click.echo drops the bold when the output is not a terminal.
    text = "\n".join(
        click.style(line, bold=True) if heading else line
        for line, heading in rules_lines(chosen, width)
    )
    echo(text)


def _columns() -> int:
    """The terminal's width, or 80 when piped (os, not shutil: shutil loads archivers)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size().columns
    except OSError:
        return 80
