"""`tacocat replay` never shows a hidden card of an unfinished game, and never crashes.

A finished game replays with both hands.  An unfinished one (saved, or being
played in another terminal right now) shows only what its players saw in
public: board, table, hand sizes and events; no hand, no face-down choice,
no seed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import WOW, YAY, Duel, Replace
from tacocat.storage.lock import acquire_game_lock
from tacocat.storage.paths import save_path
from tacocat.storage.records import record_path
from tacocat.storage.replay import replay_steps
from tacocat.ui.draw.cards import hand_row
from tacocat.ui.play.table import may_take_back

from .helpers import play_random


def card_faces(state_hand: object) -> str:
    """The drawn card faces of a hand, as the replay would draw them (for searching)."""
    from rich.console import Console

    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(hand_row([(None, card) for card in state_hand]))  # type: ignore[attr-defined]
    return console.export_text()


@pytest.mark.parametrize("steps", [3, 9, 20])
def test_an_unfinished_game_replays_with_public_information_only(steps: int) -> None:
    state, autosave = play_random(seed=51, steps=steps, names=("Ann", "Bob"))
    assert not state.is_terminal()
    result = CliRunner().invoke(main, ["replay"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Ann's hand" not in text and "Bob's hand" not in text
    assert "face down" not in text and "not yet revealed" not in text
    assert f"seed {autosave.info.seed}" not in text and "hands hidden until it ends" in text
    secret = [action for action in state.history if isinstance(action, Duel | Replace)]
    assert secret  # every game opens with replacements
    for action in secret:
        assert str(action) not in text  # the secret part of a move
    for player in (YAY, WOW):
        for card in state.hand(player):
            assert card.phrase not in text
    # The public events are there, up to a last move its player may still take back.
    steps = list(replay_steps(state.rules, autosave.info.seed, state.history))
    last = steps[-1]
    assert last.action is not None and last.mover is not None
    withheld = may_take_back(last.action, last.events, last.mover, last.state.current_player())
    assert ("The last move is not shown" in text) == withheld
    shown = [step for step in (steps[:-1] if withheld else steps) if step.events][-1]
    assert shown.events[-1].text(("Ann", "Bob")) in text
    assert "resume it with `tacocat play --resume`" in " ".join(text.split())


def test_a_finished_game_replays_with_both_hands() -> None:
    state, autosave = play_random(seed=52)
    assert state.is_terminal()
    result = CliRunner().invoke(main, ["replay"])
    assert result.exit_code == 0
    assert "Ann's hand" in result.output and f"seed {autosave.info.seed}" in result.output


def test_a_game_being_played_now_is_said_to_be_running(app_home: Path) -> None:
    play_random(seed=53, steps=5)
    lock = acquire_game_lock()  # as `tacocat play` in another terminal holds it
    try:
        result = CliRunner().invoke(main, ["replay"])
    finally:
        lock.release()
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "being played in another terminal" in text and "Ann's hand" not in text


def test_an_unfinished_game_without_a_save_is_offered_for_resuming_by_its_id(
    tmp_path: Path,
) -> None:
    _, autosave = play_random(seed=54, steps=5)
    play_random(seed=57, steps=3)  # a newer game: the first is number 2 in history
    save_path().unlink()
    result = CliRunner().invoke(main, ["replay", str(record_path(autosave.info))])
    text = " ".join(result.output.split())
    resume = f"resume it with `tacocat play --resume {autosave.info.short_id}`"
    assert resume in text and "Ann's hand" not in text
    # A copy outside the app's folder is not in history: nothing to resume it from.
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(record_path(autosave.info).read_bytes())
    record_path(autosave.info).unlink()
    result = CliRunner().invoke(main, ["replay", str(copy)])
    text = " ".join(result.output.split())
    assert "cannot be resumed here" in text and "--resume" not in text


@pytest.mark.parametrize("game", ["²", "①", "9²", "٣", "9" * 5000, "0", "\x1b[2J.jsonl"])
def test_a_game_number_that_is_not_plain_digits_is_a_clear_error(game: str) -> None:
    play_random(seed=55, steps=2)
    result = CliRunner().invoke(main, ["replay", game])
    assert result.exit_code == 2, result.output
    assert "no such record file" in result.output or "there is no game" in result.output
    assert len(result.output) < 400 and "\x1b" not in result.output


@pytest.mark.parametrize("finished", [True, False])
def test_replay_to_a_cp1252_file_does_not_crash(finished: bool) -> None:
    # The Windows default for a redirected stdout; ☃ is not in cp1252.
    play_random(seed=56, steps=None if finished else 6, names=("Zoë", "Ann☃"))
    result = CliRunner(charset="cp1252").invoke(main, ["replay"])
    assert result.exit_code == 0, result.output
    assert "Zoë vs Ann<2603>" in result.stdout_bytes.decode("cp1252")
    history = CliRunner(charset="cp1252").invoke(main, ["history"])
    assert history.exit_code == 0 and "Zoë vs Ann<2603>" in history.stdout_bytes.decode("cp1252")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["history", "replay"])
def test_output_to_a_full_device_is_one_line_of_error(command: str) -> None:
    play_random(seed=57)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tacocat", command],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "Error: the output could not be written (No space left on device)."
    )
