"""`tacocat analyze` and `tacocat replay --analyze` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.records import record_path

from .helpers import BLUNDER_STEP, SEED, blunder_game, record_game

FAST = ["--budget", "80", "--jobs", "1"]
# At FAST's 80 rollouts the known blunder's drop is measured roughly: it comes
# out a mistake or a blunder (test_analysis.py judges it at 300 rollouts).
FLAGGED = ("mistake", "blunder")


def test_analyze_marks_the_known_blunder_and_sums_up_each_player() -> None:
    _, actions = blunder_game()
    record_game(SEED, actions)
    result = CliRunner().invoke(main, ["analyze", *FAST])
    assert result.exit_code == 0, result.output
    assert f"{len(actions)} decisions | 80 rollouts each" in result.output
    assert "inaccuracy 5+, mistake 10+, blunder 15+ (as on lichess)" in result.output
    row = next(
        line for line in result.output.splitlines() if line.split()[:1] == [str(BLUNDER_STEP)]
    )
    assert "Bob" in row and "answer 3" in row and "answer 10" in row
    assert row.split()[-1] in FLAGGED
    assert "Ann: accuracy" in result.output and "Bob: accuracy" in result.output
    assert f"step {BLUNDER_STEP} (round" in result.output
    assert "0 hints used" in result.output


def test_piped_output_is_plain_ascii() -> None:
    _, actions = blunder_game()
    record_game(SEED, actions)
    result = CliRunner().invoke(main, ["analyze", "--budget", "8", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.isascii()
    assert "\x1b" not in result.output


def test_json_has_one_entry_per_decision() -> None:
    _, actions = blunder_game()
    autosave = record_game(SEED, actions)
    result = CliRunner().invoke(main, ["analyze", "--json", *FAST])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"]["seed"] == SEED and data["game"]["winner"] == "Ann"
    assert data["game"]["hints"] == {"Ann": 0, "Bob": 0}
    assert data["game"]["path"] == str(record_path(autosave.info))
    assert len(data["decisions"]) == len(actions)
    entry = data["decisions"][BLUNDER_STEP - 1]
    assert entry["mark"] in FLAGGED and entry["played"] == ["answer", [3]]
    assert entry["best"] == ["answer", [10]] and entry["player"] == "Bob"
    assert [player["player"] for player in data["players"]] == ["Ann", "Bob"]


def test_an_unfinished_game_is_not_analysed() -> None:
    _, actions = blunder_game()
    record_game(SEED, actions[:20])
    for args in (["analyze"], ["replay", "--analyze"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1
        assert "not finished" in result.output and "hidden" in result.output


def test_a_game_is_picked_as_replay_picks_it() -> None:
    _, actions = blunder_game()
    older = record_game(SEED, actions)
    record_game(SEED, actions[:5])  # the newest game, unfinished
    runner = CliRunner()
    by_number = runner.invoke(main, ["analyze", "2", "--budget", "4", "--jobs", "1"])
    assert by_number.exit_code == 0, by_number.output
    by_path = runner.invoke(
        main, ["analyze", str(record_path(older.info)), "--budget", "4", "--jobs", "1"]
    )
    assert by_path.exit_code == 0, by_path.output
    missing = runner.invoke(main, ["analyze", "7"])
    assert missing.exit_code == 2 and "there is no game 7" in missing.output


def test_replay_with_analysis_marks_each_decision_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tacocat.coach.analysis.ANALYSIS_BUDGET", 40)
    _, actions = blunder_game()
    record_game(SEED, actions)
    result = CliRunner().invoke(main, ["replay", "--analyze"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    coach = [line for line in lines if line.startswith("Coach: ")]
    assert len(coach) == len(actions)
    assert any(line.startswith("Coach: Blunder") and "Bob had" in line for line in coach)


@pytest.mark.parametrize("ascii_only", [True, False])
def test_the_progress_bar_keeps_to_ascii_when_asked(ascii_only: bool) -> None:
    import io

    from rich.console import Console

    from tacocat.cli.analyze import run_analysis
    from tacocat.storage.records import read_record

    _, actions = blunder_game()
    record = read_record(record_path(record_game(SEED, actions).info))
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, color_system=None)
    run_analysis(record, 2, 1, console, ascii_only=ascii_only)
    drawn = out.getvalue()
    assert "Analysing" in drawn and f"{len(actions)}/{len(actions)}" in drawn
    assert drawn.isascii() == ascii_only
