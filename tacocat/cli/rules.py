"""``tacocat rules``: the rules in play, in short, whole (``--full``) or a round (``--example``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from tacocat.cli.options import load_rules_options, rules_file_option, tie_goes_to_arrow_option


@click.command()
@rules_file_option
@tie_goes_to_arrow_option
@click.option("--full", "page", flag_value="full", help="The whole rules, through a pager.")
@click.option("--example", "page", flag_value="example", help="One round played out.")
def rules(rules_file: Path | None, tie_goes_to_arrow: bool, page: str | None) -> None:
    """Show the rules in short (one screen), as a rules file and variant make them.

    The text is written from the rules in play: `tacocat rules --rules FILE`
    gives that file's hand sizes, arrows and ties.  --full shows the whole
    rules (its deck and tie limit too), through a pager on a terminal;
    --example plays one round out.  Headings are bold on a terminal; piped,
    the text is plain.
    """
    from tacocat.cli.output import echo
    from tacocat.ui.draw.rules_text import RULES_WIDTH

    chosen = load_rules_options(rules_file, tie_goes_to_arrow)
    width = min(_columns(), RULES_WIDTH)
    if page == "full":
        from tacocat.ui.draw.rules_text import rules_lines

        lines = rules_lines(chosen, width)
    elif page == "example":
        from tacocat.ui.draw.rules_text import example_section, section_lines

        examples = example_section(chosen)
        if not examples:
            raise click.ClickException(
                "these rules cannot deal the example round (four cards in hand, and its values)"
            )
        lines = section_lines(examples[0], width)[:-1]
    else:
        from tacocat.ui.draw.rules_short import short_lines

        lines = short_lines(chosen, width)
    # click.echo drops the bold when the output is not a terminal.
    text = "\n".join(click.style(line, bold=True) if bold else line for line, bold in lines)
    if page == "full" and sys.stdout.isatty():
        click.echo_via_pager(text)
    else:
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
