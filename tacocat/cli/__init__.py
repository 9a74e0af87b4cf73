"""The ``tacocat`` command line: a thin click layer, each command imported only when run."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import click

from tacocat import __version__

# name -> (module, one-line help for the command list).  The line lives here so
# that listing the commands does not import them.
COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": (
        "tacocat.cli.analyze",
        "Judge every decision of a finished game: inaccuracies, mistakes, blunders.",
    ),
    "learn": ("tacocat.cli.learn", "Learn to play: short lessons, about ten minutes in all."),
    "play": (
        "tacocat.cli.play",
        "Play a game: hot seat at one keyboard, or against the computer.",
    ),
    "puzzles": (
        "tacocat.cli.puzzles",
        "Find the clearly best move: puzzles from your games and from expert games.",
    ),
    "rules": ("tacocat.cli.rules", "Show a summary of the rules."),
    "history": ("tacocat.cli.history", "List recorded games, newest first."),
    "host": (
        "tacocat.cli.host",
        "Host a game for a player at another terminal (each sees only their own hand).",
    ),
    "join": ("tacocat.cli.join", "Join (or --watch) a game that tacocat host started."),
    "replay": ("tacocat.cli.replay", "Replay a recorded game step by step, both hands shown."),
    "simulate": ("tacocat.cli.simulate", "Play computer against computer and count what happens."),
}


class LazyGroup(click.Group):
    """A group importing a command's module only when used; every command's output passes here."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from tacocat.cli.output import guarded_output, prepare_stdout

        prepare_stdout()  # a name the output encoding lacks is shown another way, not a crash
        with guarded_output():
            return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, short_help = entry
        command: click.Command = getattr(import_module(module), cmd_name)
        command.short_help = short_help
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][1]) for name in self.list_commands(ctx)])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="tacocat")
def main() -> None:
    """Tacocat Spelled Backwards - the two-player card game, hot seat in one terminal.

    New to the game? `tacocat learn` teaches it in about ten minutes. Start a
    game with `tacocat play`; read the rules with `tacocat rules`.
    """
