"""Against the computer the person chooses a seat (`--seat`) and who starts (`--first`).

Who starts is who makes the first of each pair of secret choices (the
rules have no other first player: docs/rules.md).  Saves, resume and
replay keep both: the seat is the record's ``computer``, who starts is in
its rules.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from test_game import player, run

from tacocat.cli import main
from tacocat.cli.play import _default_names
from tacocat.engine import WOW, YAY, Rules, new_game
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.game_info import VS_COMPUTER
from tacocat.storage.lock import game_running
from tacocat.storage.records import list_records, read_record, record_path
from tacocat.storage.saves import SavedGame
from tacocat.ui.play.game import Session
from tacocat.ui.term.io import Kind
from tests.terminals import fit_terminal


@pytest.mark.parametrize(("level", "seed"), [("random", 4), ("easy", 6)])
def test_a_whole_game_from_the_wow_seat(level: str, seed: int) -> None:
    session = Session(
        names=("Computer", "Ann"), rules=Rules(), seed=seed, computer=level, computer_seat=YAY
    )
    code, terminal, game = run(session, player(seed))
    assert code == 0 and game.state.is_terminal() and game.human == WOW
    decisions = [p for p in terminal.prompts if p.kind is Kind.DECISION]
    assert decisions and all(p.owner == "Ann" for p in decisions)
    assert any("Ann's hand" in screen for screen in terminal.screens)
    assert not any("Computer's hand" in screen for screen in terminal.screens)
    assert not any("Pass the keyboard" in screen for screen in terminal.screens)
    (record,), _ = list_records()
    assert record.finished and record.info.names == ("Computer", "Ann")
    assert (record.info.mode, record.info.level, record.info.computer) == (VS_COMPUTER, level, YAY)
    replayed = CliRunner().invoke(main, ["replay", record.info.short_id])
    assert replayed.exit_code == 0, replayed.output
    assert f"Replay: Computer ({level}) vs Ann" in replayed.output


@pytest.mark.parametrize("computer_seat", [YAY, WOW])
def test_the_computer_may_make_the_first_secret_choice(computer_seat: int) -> None:
    rules = Rules(first_to_choose=computer_seat)
    names = ("Computer", "Ann") if computer_seat == YAY else ("Ann", "Computer")
    session = Session(names, rules, 5, "random", computer_seat=computer_seat, hints=False)
    _, terminal, game = run(session, player(5))
    # Ann's first decision
    first = next(s for s in terminal.screens if "Ann: choose the cards to replace" in s)
    assert "Computer has chosen a replacement" in first and "has chosen (secretly)" in first
    (record,), _ = list_records()
    assert record.rules.first_to_choose == computer_seat  # kept for resume and replay
    assert game.state.rules == rules


def test_the_command_line_seats_the_person_and_names_them() -> None:
    assert _default_names("Ann", None, True, WOW) == ("Computer", "Ann")
    assert _default_names(None, "HAL", True, WOW) == ("HAL", "Wow")
    assert _default_names(None, None, True, YAY) == ("Yay", "Computer")
    assert _default_names("Ann", "Bob", False, YAY) == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "wow"], "only against the computer"),
        (["--first", "me"], "me needs --vs-computer"),
        (["--vs-computer", "--seat", "left"], "Invalid value for '--seat'"),
        (["--vs-computer", "--first", "\x1b[2J"], "Invalid value for '--first'"),
    ],
)
def test_seat_options_that_do_not_fit_are_usage_errors(args: list[str], words: str) -> None:
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 2 and words in result.output
    assert "\x1b[2J" not in result.output


def test_a_game_from_the_wow_seat_resumes_at_that_seat() -> None:
    state = new_game(9, Rules(first_to_choose=WOW))
    autosave = AutoSave.start(state, ("Computer", "Ann"), 9, VS_COMPUTER, "random", YAY)
    for _ in range(3):
        autosave.after_action(state.apply_action(state.legal_actions()[0]))
    saved = find_saved_game()
    assert isinstance(saved, SavedGame) and saved.info.computer == YAY
    assert saved.state.rules.first_to_choose == WOW
    with fit_terminal():
        result = CliRunner().invoke(main, ["play", "--resume"], input="q\ny\n")
    assert not game_running()
    assert result.exit_code == 0, result.output
    assert "Resuming Ann against Computer" in result.output and "Ann, press Enter" in result.output
    record = read_record(record_path(autosave.info))
    assert record.info.computer == YAY and record.rules.first_to_choose == WOW
