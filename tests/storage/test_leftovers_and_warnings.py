"""Nothing secret left behind, and a failing disk told at once.

- Temporary files of an interrupted atomic write are full copies of a save
  (both hands): the next ``tacocat play`` removes them.
- A save that fails is told on the next screen, once per run of failures;
  the moves it missed go into the record with the next write that works.
- A finished game never leaves a resumable save, even when its record
  cannot be written.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave, find_saved_game, tidy
from tacocat.storage.paths import records_dir, save_path
from tacocat.storage.records import read_record, record_path

from .helpers import play_random


def test_stray_temporary_copies_are_removed_at_the_next_start(app_home: Path) -> None:
    play_random(seed=61, steps=4)
    strays = [app_home / f".save.json.{n}abc.tmp" for n in range(3)]
    for stray in strays:
        stray.write_text(save_path().read_text())
    old_record = records_dir() / ".2026-game.jsonl.x1.tmp"
    new_record = records_dir() / ".2026-other.jsonl.x2.tmp"
    old_record.write_text("{}")
    new_record.write_text("{}")
    an_hour_ago = time.time() - 3600
    os.utime(old_record, (an_hour_ago, an_hour_ago))
    keep = app_home / "notes.tmp"  # not one of ours
    keep.write_text("mine")
    assert tidy() == 4
    assert not any(stray.exists() for stray in strays) and not old_record.exists()
    assert new_record.exists()  # may be another command's write in progress
    assert keep.exists() and save_path().exists()


def failing_writes(monkeypatch: pytest.MonkeyPatch, error: int) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr("tacocat.storage.saves.atomic_write_text", refuse)
    monkeypatch.setattr("tacocat.storage.records.atomic_write_text", refuse)
    monkeypatch.setattr("tacocat.storage.autosave.append_durably", refuse)


def test_a_failing_save_is_told_once_then_again_after_it_recovers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game(62)
    autosave = AutoSave.start(state, ("Ann", "Bob"), 62)
    rng = random.Random(1)

    def move() -> str | None:
        autosave.after_action(state.apply_action(rng.choice(list(state.legal_actions()))))
        return autosave.new_warning()

    assert move() is None
    with monkeypatch.context() as patch:
        failing_writes(patch, 28)  # ENOSPC
        first = move()
        assert first is not None and "could not be saved (No space left on device)" in first
        assert move() is None and move() is None  # told once, not at every move
        assert autosave.exit_note() == f"Warning: {autosave.problem}."
    assert move() is None and autosave.problem is None  # the disk works again
    # The moves made while it failed went into the record with the first write that worked.
    assert read_record(record_path(autosave.info)).actions == tuple(state.history)
    with monkeypatch.context() as patch:
        failing_writes(patch, 30)  # EROFS
        again = move()
        assert again is not None and "Read-only file system" in again


def test_a_finished_game_whose_record_fails_leaves_no_save_to_resume(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game(63)
    autosave = AutoSave.start(state, ("Ann", "Bob"), 63)
    rng = random.Random(2)
    while True:
        action = rng.choice(list(state.legal_actions()))
        peek = state.clone()
        peek.apply_action(action)
        if peek.is_terminal():
            break
        autosave.after_action(state.apply_action(action))
    assert save_path().exists()
    monkeypatch.setattr(
        "tacocat.storage.autosave.append_durably",
        lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left on device")),
    )
    autosave.after_action(state.apply_action(action))
    assert not save_path().exists()
    warning = autosave.new_warning()
    assert warning is not None and "its result is not kept" in warning
    assert find_saved_game() is None
