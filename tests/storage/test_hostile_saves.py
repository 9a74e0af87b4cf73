"""Damaged saves are reported in a sentence, moved aside, and a new game goes on.

Each file of the corpus (tests/corpus/hostile.py) once crashed or hung every
later ``tacocat play``: an out-of-range random-generator state, numbers of
5,000 digits, nesting 1,000 deep, a NUL in the game id, an unknown computer
level, a deck of a billion cards, a FIFO in place of the save.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.cli.resume import LATEST, saved_game
from tacocat.storage.autosave import find_saved_game
from tacocat.storage.paths import save_path
from tacocat.storage.records import list_records, read_record, record_path
from tacocat.storage.saves import DamagedSave, SavedGame, move_aside

from ..corpus.hostile import DAMAGED_SAVES, DEEP, SPECIAL
from .helpers import play_random

_GOOD: list[str] = []  # a good save's text, made once for the module


def good_save() -> str:
    if not _GOOD:
        play_random(seed=11, steps=9)
        _GOOD.append(save_path().read_text(encoding="utf-8"))
    return _GOOD[0]


def assert_one_sentence_on_one_line(message: str) -> None:
    assert "\n" not in message and message.isprintable()
    assert len(message) < 400  # a huge value from the file is cut short, not echoed whole


@pytest.mark.parametrize("name", sorted(DAMAGED_SAVES))
def test_a_damaged_save_is_reported_moved_aside_and_play_goes_on(name: str) -> None:
    content = DAMAGED_SAVES[name](good_save())
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_bytes(content)
    notes: list[str] = []
    assert saved_game(LATEST, notes, []) is None  # play starts a new game
    (message,) = notes  # shown on the game's first screen
    assert message.startswith(f"The saved game {save_path()} ")
    assert "kept aside as" in message
    assert_one_sentence_on_one_line(message)
    assert not save_path().exists()
    assert save_path().with_name("save.json.bad").read_bytes() == content


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_save_that_is_not_a_regular_file_is_moved_aside_without_hanging(name: str) -> None:
    save_path().parent.mkdir(parents=True)
    SPECIAL[name](save_path())
    found = find_saved_game()
    assert isinstance(found, DamagedSave) and found.moved_to is not None
    assert "not a regular file" in found.message()
    assert not save_path().exists() and not save_path().is_symlink()


def test_a_damaged_record_of_the_saved_game_is_moved_aside_and_the_game_resumes() -> None:
    _, autosave = play_random(seed=12, steps=6)
    path = record_path(autosave.info)
    path.write_text(f'{{"format": "tacocat-record", "version": 1, "game": {DEEP}}}\n')
    found = find_saved_game()
    assert isinstance(found, SavedGame) and found.info == autosave.info
    assert found.note.startswith(f"The record of the saved game, {path}, ")
    assert "kept aside" in found.note and found.note.isprintable()
    assert path.with_name(path.name + ".bad").exists()
    # The next save writes the record again, whole, from the save.
    from tacocat.storage.autosave import AutoSave

    AutoSave.resume(found).save()
    assert read_record(path).events == found.events
    assert [r.info for r in list_records()[0]] == [autosave.info]


def test_bad_names_never_run_out_and_never_overwrite(app_home: Path) -> None:
    app_home.mkdir()
    path = app_home / "save.json"
    for number in range(1, 121):
        path.write_text(f"damaged {number}")
        moved = move_aside(path)
        assert moved is not None and not path.exists()
    kept = sorted(p.read_text() for p in app_home.glob("save.json*.bad"))
    assert len(kept) == 120 and kept == sorted(f"damaged {n}" for n in range(1, 121))
