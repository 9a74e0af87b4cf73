"""A record's outcome is what its moves give: a header that says otherwise is a damaged file.

A game called finished shows its seed and both hands (`replay`), is
analysed (`analyze`) and counts in the wins (`history`); so "finished",
the winner and the round count are what the game re-played from its seed
gives.  Records of today's format never write them down; those of the
version before did (tests/corpus/v1), and are checked against the moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.autosave import find_saved_game
from tacocat.storage.paths import save_path
from tacocat.storage.records import RecordError, read_record, record_path
from tacocat.storage.saves import SavedGame

from .helpers import V1_FINISHED_GAME, V1_SAVED_GAME, install_v1_files, play_random

Edit = Callable[[dict[str, Any]], None]


def edited(path: Path, edit: Edit) -> None:
    """Change the record's header in place, as someone with a text editor would."""
    header, *events = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    edit(data)
    path.write_text("\n".join([json.dumps(data), *events]) + "\n", encoding="utf-8")


# Edits of an unfinished game's header (version 1: 10 moves in, round 1).
UNFINISHED_EDITS: dict[str, Edit] = {
    "called finished": lambda h: h.update(finished=True),
    "called won by YAY": lambda h: h.update(finished=True, winner=0),
    "called won by WOW": lambda h: h.update(finished=True, winner=1, rounds=7),
    "a winner while in progress": lambda h: h.update(winner=1),
    "rounds changed": lambda h: h.update(rounds=4),
}


@pytest.mark.parametrize("edit", sorted(UNFINISHED_EDITS))
def test_an_unfinished_game_edited_to_look_finished_shows_no_hand_and_no_seed(
    edit: str, tmp_path: Path, app_home: Path
) -> None:
    path = install_v1_files(app_home, save=False, games=(V1_SAVED_GAME,))[V1_SAVED_GAME]
    seed = read_record(path).info.seed
    copy = tmp_path / "copy.jsonl"  # the case: a copy, edited
    copy.write_bytes(path.read_bytes())
    for record_file in (path, copy):
        edited(record_file, UNFINISHED_EDITS[edit])
    with pytest.raises(RecordError, match="is damaged"):
        read_record(copy)
    runner = CliRunner()
    for args in (["replay"], ["analyze"], ["replay", str(copy)], ["analyze", str(copy)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        if len(args) == 2:  # by number, the damaged record is not listed at all
            assert "is damaged" in result.output and "its moves" in result.output
        assert f"seed {seed}" not in result.output
        assert "Ann's hand" not in result.output and "Traceback" not in result.output
    play_random(seed=60, steps=2, names=("Cy", "Di"))  # a sound game, listed
    history = runner.invoke(main, ["history"])
    assert history.exit_code == 0
    assert "Skipped:" in history.stderr and "is damaged" in history.stderr
    assert "Cy vs Di" in history.stdout and "Ann vs Bob" not in history.stdout
    assert "Wins: no finished games" in history.stdout


def test_a_finished_game_called_unfinished_is_damaged_too(app_home: Path) -> None:
    path = install_v1_files(app_home, save=False, games=(V1_FINISHED_GAME,))[V1_FINISHED_GAME]
    assert read_record(path).finished
    edited(path, lambda h: h.update(finished=False, winner=None))
    with pytest.raises(RecordError, match="it says the game is in progress"):
        read_record(path)


def test_a_record_whose_moves_do_not_replay_is_damaged(app_home: Path) -> None:
    _, autosave = play_random(seed=63, steps=6)
    path = record_path(autosave.info)
    first_move = path.read_text(encoding="utf-8").splitlines()[1]
    with path.open("a", encoding="utf-8") as record:
        record.write(f"{first_move}\n{first_move}\n")
    with pytest.raises(RecordError, match="its moves do not replay"):
        read_record(path)
    old = install_v1_files(app_home, save=False, games=(V1_SAVED_GAME,))[V1_SAVED_GAME]
    edited(old, lambda h: h.update(actions=[*h["actions"], h["actions"][0], h["actions"][0]]))
    with pytest.raises(RecordError, match="its moves do not replay"):
        read_record(old)


def test_the_true_outcome_is_listed() -> None:
    state, _ = play_random(seed=64)
    play_random(seed=65, steps=4)
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0 and result.stderr == ""
    rows = result.stdout.splitlines()
    assert "in progress" in rows[1]
    assert ["Ann", "Bob"][state.winner if state.winner is not None else 0] in rows[2]


def test_an_old_save_resumes_from_its_moves_whatever_its_record_claims(app_home: Path) -> None:
    install_v1_files(app_home)
    edited(app_home / "games" / f"{V1_SAVED_GAME}.jsonl", lambda h: h.update(finished=True))
    found = find_saved_game()
    assert isinstance(found, SavedGame) and len(found.state.history) == 10
    assert save_path().exists()
