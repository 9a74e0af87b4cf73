"""`tacocat replay`: a recorded game re-played through the engine and checked."""

from __future__ import annotations

import json
import os
import sys

import pexpect
import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.records import record_path

from .helpers import events_of, play_random


def test_replays_the_latest_game_in_full_when_piped() -> None:
    state, autosave = play_random(seed=31)
    result = CliRunner().invoke(main, ["replay"])
    assert result.exit_code == 0, result.output
    steps = len(state.history)
    assert f"Step 0 of {steps} - the deal" in result.output
    assert f"Step {steps} of {steps}" in result.output
    assert "Ann's hand" in result.output and "Bob's hand" in result.output
    assert f"exactly the {len(events_of(autosave))} recorded events" in result.output
    assert events_of(autosave)[-1].text(("Ann", "Bob")) in result.output


def test_picks_a_game_by_number_or_file() -> None:
    _, older = play_random(seed=32, steps=6)
    _, newer = play_random(seed=33, steps=4)
    runner = CliRunner()
    by_number = runner.invoke(main, ["replay", "2"])
    assert by_number.exit_code == 0, by_number.output
    # Both games are unfinished: no seed, no hand; only the newer one has a save.
    text = " ".join(by_number.output.split())
    assert "seed 32" not in text and "hands hidden" in text
    # Its sixth move may still be taken back: the other player has not seen it yet.
    assert "Step 5 of 5" in text and "Step 6" not in text
    assert "The last move is not shown: its player may still take it back." in text
    # From its record, by its id: a number would shift as games are added.
    assert f"resume it with `tacocat play --resume {older.info.short_id}`" in text
    by_id = runner.invoke(main, ["replay", older.info.short_id.upper()])
    assert by_id.exit_code == 0 and by_id.output == by_number.output
    by_file = runner.invoke(main, ["replay", str(record_path(newer.info))])
    assert by_file.exit_code == 0 and "Step 4 of 4" in by_file.output
    assert "not shown" not in by_file.output
    assert "resume it with `tacocat play --resume`" in " ".join(by_file.output.split())


@pytest.mark.parametrize(
    ("args", "words"),
    [(["replay", "3"], "there is no game 3"), (["replay", "nowhere.jsonl"], "no such record")],
)
def test_a_game_that_is_not_there_is_a_clear_error(args: list[str], words: str) -> None:
    play_random(seed=34, steps=2)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert words in result.output


def test_without_records_it_says_so() -> None:
    result = CliRunner().invoke(main, ["replay"])
    assert result.exit_code == 1
    assert "no games recorded yet" in result.output


def test_a_record_that_differs_from_the_replay_is_reported() -> None:
    _, autosave = play_random(seed=35)
    path = record_path(autosave.info)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    event = next(e for line in lines for e in line["events"] if e["kind"] == "duel_revealed")
    event["values"] = [event["values"][1], event["values"][0] + 20]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = CliRunner().invoke(main, ["replay"])
    assert result.exit_code == 1
    assert "The replay differs from the record at event" in result.output
    assert "Warning" in result.output


def test_a_damaged_record_is_a_clear_error() -> None:
    _, autosave = play_random(seed=36, steps=3)
    record_path(autosave.info).write_text('{"format": "tacocat-record", "version": 1}\n')
    result = CliRunner().invoke(main, ["replay", str(record_path(autosave.info))])
    assert result.exit_code == 1
    assert "is damaged" in result.output


@pytest.mark.e2e
def test_on_a_terminal_it_steps_runs_and_quits() -> None:
    play_random(seed=37, steps=14)  # a short game in progress keeps the run quick
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "replay"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 100),
    )
    child.expect("Step 0 of")
    child.expect("Enter: next step")
    child.send("\r")
    child.expect("Step 1 of")
    child.expect("Enter: next step")
    child.send("q\r")  # a line, as at every prompt of the game
    child.expect("Replay stopped.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = pexpect.spawn(
        sys.executable, ["-m", "tacocat", "replay"], env=env, encoding="utf-8", timeout=60
    )
    child.expect("Enter: next step")
    child.send("e\r")  # to the end, as in the game's log pager
    child.expect("Step 14 of 14")
    child.expect("exactly the \\d+ recorded events")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_secret_choice_is_shown_face_down_until_revealed() -> None:
    from tacocat.engine import WOW, YAY, Duel, Phase, Replace, new_game
    from tacocat.ui.draw.replayscreen import face_down as _face_down

    state = new_game(39)  # round 1 starts on the centre space: both replace secretly
    assert state.phase is Phase.REPLACE and _face_down(state, YAY) == ""
    first = state.hand(YAY)[0].value
    state.apply_action(Replace((first,)))
    assert _face_down(state, YAY) == f"chose to replace {first} (not yet revealed)"
    assert _face_down(state, WOW) == ""
    state.apply_action(Replace(()))
    assert state.phase is Phase.DUEL and _face_down(state, WOW) == ""  # Wow chose last: first
    pick = state.hand(WOW)[-1].value
    state.apply_action(Duel(pick))
    assert _face_down(state, WOW) == f"duel card {pick} chosen face down"


@pytest.mark.parametrize(("width", "height"), [(80, 24), (160, 48)])
def test_every_step_fits_the_screen_with_its_heading_first(width: int, height: int) -> None:
    import io

    from rich.console import Console

    from tacocat.storage.replay import replay_steps
    from tacocat.ui.draw.frame import Frame
    from tacocat.ui.draw.glyphs import UNICODE
    from tacocat.ui.draw.replayscreen import step_screen

    state, _ = play_random(seed=40)
    steps = list(replay_steps(state.rules, 40, state.history))
    rows = height - 2  # the title and the keys line
    compact = 0
    for step in steps:
        console = Console(file=io.StringIO(), width=width, color_system=None)
        frame = Frame(width, height, UNICODE)
        console.print(step_screen(step, len(steps) - 1, ("Annabelle", "Bob"), frame, rows))
        lines = console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]
        assert len(lines) <= rows, (step.number, len(lines))
        assert lines[0].startswith(f"Step {step.number} of")
        compact += any("'s hand (" in line and "): [" in line for line in lines)
    assert (compact > 0) == (height == 24)  # card faces give way only on a small screen


@pytest.mark.e2e
def test_on_a_terminal_it_steps_back_and_jumps_to_a_round() -> None:
    state, _ = play_random(seed=41)
    assert state.round_number >= 2
    env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "replay"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    child.expect("Step 0 of")
    child.expect("q: quit")
    child.send("\r")
    child.expect("Step 1 of")
    child.expect("q: quit")
    child.send("b\r")
    child.expect("Step 0 of")
    child.expect("q: quit")
    child.send("r\r")
    child.expect("Go to round: ")
    child.send("2\r")
    child.expect(r"Step (\d+) of")
    jumped = int(child.match.group(1))
    child.expect("q: quit")
    child.send("r 99\r")  # the round on the same line
    child.expect("There is no round 99")
    child.expect("q: quit")
    child.send("a\r")  # a, as replay has always said, goes to the end too
    child.expect(r"Step (\d+) of \1")
    child.expect("exactly the \\d+ recorded events")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert 0 < jumped < len(state.history)
