"""``tacocat rules``: the rules, laid out for reading at 80 columns."""

from __future__ import annotations

import click


@click.command()
def rules() -> None:
    """Show a summary of the rules (plain text when piped)."""
    from rich.console import Console

    from tacocat.ui.rules_text import print_rules

    print_rules(Console(highlight=False, emoji=False))
