"""The command group: every listed command loads, and listing them loads none."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from tacocat.cli import COMMANDS, main


def test_every_listed_command_loads_under_its_name() -> None:
    context = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(context, name)
        assert isinstance(command, click.Command)
        assert command.name == name
        assert command.short_help == COMMANDS[name][1]


def test_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["dance"])
    assert result.exit_code == 2
    assert "No such command 'dance'" in result.output


def test_help_lists_the_commands_without_importing_them_or_rich() -> None:
    probe = (
        "import sys\n"
        "from tacocat.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        # tacocat.cli.output guards every command's output, help included (click only).
        "loaded = [m for m in sys.modules if m.startswith(('rich', 'tacocat.cli.', "
        "'tacocat.engine', 'tacocat.ui')) and m != 'tacocat.cli.output']\n"
        "print('LOADED', loaded)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    for name in COMMANDS:
        assert f"  {name}" in result.stdout
    assert "LOADED []" in result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_no_option_describes_its_range_unreadably(name: str) -> None:
    # A whole number without bounds (`simulate --seed`) was shown as "[default: 1; x<=None]".
    result = CliRunner().invoke(main, [name, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "None" not in result.output
    assert "18446744073709551615" not in result.output  # a seed's range is said as a power
    if name == "simulate":
        assert "--seed INTEGER  " in result.output and "match.  [default: 1]\n" in result.output
    if name == "play":
        assert "[|x|<2**64]" in result.output
