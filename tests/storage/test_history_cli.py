"""`tacocat history`: recorded games, newest first, plain when piped."""

from __future__ import annotations

import random
from dataclasses import replace

import click
import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import Rules, new_game
from tacocat.storage.game_info import GameInfo, short_id
from tacocat.storage.paths import records_dir
from tacocat.storage.records import GameRecord, write_record

# Seeds whose game of random moves (random.Random(0)) ends so: WOW wins, YAY
# wins, or (with a tie limit of 1) a draw; a game in progress stops early.
ENDINGS = {1: (0, Rules()), 0: (2, Rules()), None: (0, replace(Rules(), tie_limit=1))}


def record(
    game_id: str,
    started: str,
    names: tuple[str, str],
    result: str,
    hints: tuple[int, int] = (0, 0),
    level: str | None = None,
) -> None:
    """Write a record with the given outcome: 'in progress', 'draw', or a winner's name.

    The game is really played: a record's outcome must be what its moves give.
    """
    winner = names.index(result) if result in names else None
    seed, rules = ENDINGS[winner]
    state = new_game(seed, rules)
    events = list(state.opening_events)
    rng = random.Random(0)
    while not state.is_terminal() and (result != "in progress" or len(state.history) < 5):
        events += state.apply_action(rng.choice(list(state.legal_actions())))
    assert result == "in progress" or state.winner == winner
    mode, computer = ("computer", 1) if level is not None else ("hot seat", None)
    info = GameInfo(game_id, names, seed, started, mode, level, computer)
    write_record(GameRecord.of_game(info, state, events, hints))


def test_no_games_yet_says_so() -> None:
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0
    assert "No games recorded yet" in result.output
    assert "tacocat play" in result.output


def test_lists_games_newest_first_with_their_outcome() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Bob", hints=(2, 0))
    record("b", "2026-03-04T10:00:00+00:00", ("Cy", "Di"), "in progress")
    record("c", "2026-02-03T10:00:00+00:00", ("Ed", "Flo"), "draw")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["#", "Id", "Date", "Players", "Winner", "Rounds", "Hints"]
    assert lines[1].split()[1] == short_id("b") and lines[3].split()[1] == short_id("a")
    assert lines[1].split()[0] == "1" and "Cy vs Di" in lines[1] and "in progress" in lines[1]
    assert "Ed vs Flo" in lines[2] and lines[2].split()[-3:] == ["draw", "7", "0/0"]
    assert "Ann vs Bob" in lines[3] and lines[3].split()[-3:] == ["Bob", "8", "2/0"]
    assert "\x1b" not in result.output  # piped: no escape codes


def test_a_damaged_record_is_skipped_with_a_note() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    (records_dir() / "broken.jsonl").write_text("{oops\n")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0
    assert "Ann vs Bob" in result.stdout
    assert "broken.jsonl" in result.stderr and "Skipped" in result.stderr


def test_on_a_terminal_it_draws_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0
    assert "Recorded games" in result.output
    assert "tacocat replay ID" in result.output


def test_a_terminal_too_narrow_for_the_table_lists_each_game_on_its_own_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 40 columns rich would squeeze the players and winner columns to nothing."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "40")
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann", hints=(1, 0))
    record("b", "2026-01-03T10:00:00+00:00", ("Cy", "Di"), "in progress")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    text = " ".join(click.unstyle(result.output).split())  # wrapped where the words fall
    assert "Cy vs Di: in progress" in text
    assert "Ann vs Bob: Ann won, " in text and "hints 1/0" in text
    assert "┃" not in text and "tacocat replay ID" in text


def test_long_names_wrap_inside_the_table_where_it_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    names = ("Abcdefghijkl", "Mnopqrstuvwx")
    record("a", "2026-01-02T10:00:00+00:00", names, "in progress", level="expert")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    assert "┃ Players" in click.unstyle(result.output)  # a table, not the narrow list


@pytest.mark.parametrize("terminal", ["0", "1"])
def test_a_record_with_names_the_name_prompt_refuses_is_skipped_as_damaged(terminal: str) -> None:
    # Names read from a file get the check typed names get: brackets, control
    # characters or a 10,000-character name make the record a damaged file.
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    record("b", "2026-01-03T10:00:00+00:00", ("[/b]", "[bold]Ann"), "[/b]")
    env = {"TTY_COMPATIBLE": terminal, "COLUMNS": "100"}
    result = CliRunner().invoke(main, ["history"], env=env)
    assert result.exit_code == 0, result.output
    assert "Ann vs Bob" in result.stdout and "[bold]" not in result.stdout
    assert "b.jsonl" in result.stderr and "a player name is refused" in result.stderr


def test_win_totals_per_player_name() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Bob")
    record("b", "2026-01-03T10:00:00+00:00", ("Bob", "Ann"), "Bob")
    record("c", "2026-01-04T10:00:00+00:00", ("Ann", "Cy"), "draw")
    record("d", "2026-01-05T10:00:00+00:00", ("Ann", "Cy"), "in progress")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Wins, hot seat: Bob 2 of 2, Ann 0 of 3, Cy 0 of 1"


def test_win_totals_keep_hot_seat_and_each_computer_level_apart() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Computer"), "Ann", level="expert")
    record("b", "2026-01-03T10:00:00+00:00", ("Ann", "Computer"), "Computer", level="expert")
    record("c", "2026-01-04T10:00:00+00:00", ("Ann", "Computer"), "Ann", level="random")
    record("d", "2026-01-05T10:00:00+00:00", ("Ann", "Bob"), "Bob")
    record("e", "2026-01-06T10:00:00+00:00", ("Ann", "Computer"), "in progress", level="easy")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    # Hot seat first, then the levels weakest first; the computer is not a player to count.
    assert result.output.splitlines()[-3:] == [
        "Wins, hot seat: Bob 1 of 1, Ann 0 of 1",
        "Wins, against random: Ann 1 of 1",
        "Wins, against expert: Ann 1 of 2",
    ]
