"""The rules summary shown by ``tacocat rules``, packaged with the code.

The text lives in ``rules.md`` beside this module (installed with the
package) so the command works from any install, without the docs folder.
"""

from __future__ import annotations

import io
from importlib.resources import files

from rich.console import Console
from rich.markdown import Markdown

RULES_WIDTH = 80


def rules_markdown() -> str:
    """The rules summary as Markdown text."""
    return files("tacocat.ui").joinpath("rules.md").read_text(encoding="utf-8")


def print_rules(console: Console) -> None:
    """Print the rules, at most 80 columns wide.

    On a terminal rich adds bold and colour; piped (``tacocat rules | less``)
    the console writes plain text with no escape codes.
    """
    width = min(console.width, RULES_WIDTH)
    document = Markdown(rules_markdown(), hyperlinks=False)
    if console.is_terminal:
        console.print(document, width=width)
        return
    # Piped: rich pads every line to the full width; drop the padding so the
    # text reads cleanly in a pager or a file.
    with console.capture() as captured:
        console.print(document, width=width)
    lines = [line.rstrip() for line in captured.get().splitlines()]
    console.file.write("\n".join(lines) + "\n")


def rules_lines(width: int = RULES_WIDTH) -> list[str]:
    """The rules as plain lines of at most ``width`` columns, for in-game pages."""
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(Markdown(rules_markdown(), hyperlinks=False))
    return [line.rstrip() for line in console.export_text(styles=False).splitlines()]
