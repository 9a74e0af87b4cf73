"""The ``tacocat`` command line: a thin click layer over the game.

Each command lives in its own module here and imports what it draws with
(rich, the UI) only when it runs, so ``tacocat --help`` starts fast.
"""

from __future__ import annotations

import click

from tacocat import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="tacocat")
def main() -> None:
    """Tacocat Spelled Backwards - the two-player card game, hot seat in one terminal.

    Start a game with `tacocat play`; read the rules with `tacocat rules`.
    """


# Commands, each in its own module (imported here, at the bottom, once `main` exists).
from tacocat.cli.history import history  # noqa: E402
from tacocat.cli.replay import replay  # noqa: E402

main.add_command(history)
main.add_command(replay)

from tacocat.cli.simulate import simulate  # noqa: E402

main.add_command(simulate)

from tacocat.cli.play import play  # noqa: E402
from tacocat.cli.rules import rules  # noqa: E402

main.add_command(play)
main.add_command(rules)
