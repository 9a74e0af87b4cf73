"""A game hosted for another terminal is recorded as such: `history` does not call it hot seat."""

from __future__ import annotations

import random

import click
import pytest
from click.testing import CliRunner
from selfplay import play_networked

from tacocat.cli import main
from tacocat.cli.host import _saved
from tacocat.cli.resume import aside_note
from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.game_info import TWO_TERMINALS, VS_COMPUTER
from tacocat.storage.records import list_records
from tacocat.storage.saves import SavedGame


def test_a_hosted_game_is_recorded_and_counted_as_two_terminals() -> None:
    play_networked(5, "easy")
    records, problems = list_records()
    assert not problems and len(records) == 1 and records[0].finished
    assert records[0].info.mode == TWO_TERMINALS
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("Wins, two terminals: ")
    assert "hot seat" not in result.output
    assert "Yay " in result.output and "Wow " in result.output  # both rated, as people


def _unfinished(seed: int, mode: str, level: str | None = None) -> str:
    """An unfinished game saved in ``mode``; its short id."""
    state = new_game(seed)
    computer = 1 if level is not None else None
    autosave = AutoSave.start(state, ("Ann", "Bob"), seed, mode, level, computer)
    rng = random.Random(seed)
    for _ in range(3):
        autosave.after_action(state.apply_action(rng.choice(list(state.legal_actions()))))
    return autosave.info.short_id


def test_a_hosted_game_can_be_hosted_again_but_not_one_against_the_computer() -> None:
    short = _unfinished(8, TWO_TERMINALS)
    found = find_saved_game()
    assert isinstance(found, SavedGame) and found.info.short_id == short
    saved = _saved(short)
    assert saved is not None and saved.info.mode == TWO_TERMINALS
    computer = _unfinished(9, VS_COMPUTER, "easy")
    with pytest.raises(click.UsageError, match="between two people"):
        _saved(computer)


def test_every_resume_hint_of_a_hosted_game_names_tacocat_host() -> None:
    """Issue 36: the hints of `replay` and `analyze` name the command that resumes the game."""
    short = _unfinished(10, TWO_TERMINALS)
    runner = CliRunner()
    saved = " ".join(runner.invoke(main, ["replay"]).output.split())
    assert "resume it with `tacocat host --resume`;" in saved  # the saved game
    _unfinished(11, VS_COMPUTER, "easy")  # takes the save: the hosted game is in history only
    replayed = runner.invoke(main, ["replay", short])
    assert replayed.exit_code == 0, replayed.output
    text = " ".join(replayed.output.split())
    assert f"resume it with `tacocat host --resume {short}`;" in text
    analyzed = runner.invoke(main, ["analyze", short])
    assert analyzed.exit_code == 1
    text = " ".join(analyzed.output.split())
    assert f"Finish it first: `tacocat host --resume {short}`." in text
    assert "play --resume" not in saved + text
    # A new `tacocat play` that put the hosted game aside says so too.
    hosted = next(r.info.game_id for r in list_records()[0] if r.info.short_id == short)
    assert aside_note(hosted).endswith(f"stays in history: `tacocat host --resume {short}`.")
