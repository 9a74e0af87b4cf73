"""Against the computer, the person may not take the computer's name."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from test_game import ScriptedTerminal, run

from tacocat.cli import main
from tacocat.engine import Rules
from tacocat.ui.play.game import Session
from tacocat.ui.term.io import Prompt


@pytest.mark.parametrize(
    ("args", "taken"),
    [
        (["--p1", "Computer"], "Computer"),
        (["--p1", "COMPUTER"], "Computer"),
        (["--p1", "hal", "--p2", "HAL"], "HAL"),
    ],
)
def test_the_command_line_refuses_the_computers_name(args: list[str], taken: str) -> None:
    result = CliRunner().invoke(main, ["play", "--vs-computer", "random", *args])
    assert result.exit_code == 2 and f"{taken} is taken" in result.output


def test_the_name_prompt_refuses_the_computers_name(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = iter(["computer", "Ann", "q", "y"])

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        return next(typed)

    session = Session(
        names=("Yay", "Computer"), rules=Rules(), seed=2, computer="random", ask_names=True
    )
    _, terminal, game = run(session, respond)
    assert game.names == ("Ann", "Computer")
    assert any("Computer is taken" in screen for screen in terminal.screens)
