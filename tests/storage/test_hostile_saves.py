"""Damaged saves are reported in a sentence, moved aside, and a new game goes on.

Each file of the corpus (tests/corpus/hostile.py) once crashed or hung every
later ``tacocat play``: numbers of 5,000 digits, nesting 1,000 deep, a NUL in
the game id, an unknown computer level, a deck of a billion cards, a FIFO in
place of the save.  The save names the game's record, which holds the game:
a damaged record of the saved game is a damaged save.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.cli.resume import LATEST, saved_game
from tacocat.storage.autosave import find_saved_game
from tacocat.storage.paths import save_path
from tacocat.storage.records import record_path
from tacocat.storage.saves import DamagedSave, move_aside

from ..corpus.hostile import (
    DAMAGED_GAME,
    DAMAGED_SAVED_RECORDS,
    DAMAGED_SAVES,
    SPECIAL,
    Maker,
    change,
    setter,
)
from .helpers import V1_SAVED_GAME, install_v1_files, play_random

_GOOD: dict[str, str] = {}  # a good save and its game's record, made once for the module


def good_files() -> tuple[str, str]:
    """The text of a good save and of the record it names (9 moves in)."""
    if not _GOOD:
        _, autosave = play_random(seed=11, steps=9)
        _GOOD["save"] = save_path().read_text(encoding="utf-8")
        _GOOD["record"] = record_path(autosave.info).read_text(encoding="utf-8")
        _GOOD["name"] = record_path(autosave.info).name
    (save_path().parent / "games").mkdir(parents=True, exist_ok=True)
    return _GOOD["save"], _GOOD["record"]


def assert_one_sentence_on_one_line(message: str) -> None:
    assert "\n" not in message and message.isprintable()
    assert len(message) < 400  # a huge value from the file is cut short, not echoed whole


def assert_a_new_game_starts(save: bytes) -> None:
    """`tacocat play --resume` starts a new game, saying why in one sentence."""
    notes: list[str] = []
    assert saved_game(LATEST, notes, []) is None  # play starts a new game
    (message,) = notes  # shown on the game's first screen
    assert message.startswith(f"The saved game {save_path()} ")
    assert "kept aside as" in message
    assert_one_sentence_on_one_line(message)
    assert not save_path().exists()
    assert save_path().with_name("save.json.bad").read_bytes() == save


@pytest.mark.parametrize("name", sorted(DAMAGED_SAVES))
def test_a_damaged_save_is_reported_moved_aside_and_play_goes_on(name: str) -> None:
    save, _ = good_files()
    content = DAMAGED_SAVES[name](save)
    save_path().write_bytes(content)
    assert_a_new_game_starts(content)


@pytest.mark.parametrize("name", sorted(DAMAGED_SAVED_RECORDS))
def test_a_saved_game_whose_record_is_damaged_is_reported_and_a_new_game_starts(
    name: str,
) -> None:
    save, record = good_files()
    for path in save_path().parent.glob("games/*"):
        path.unlink()  # only the damaged game's record: --resume would take another
    path = save_path().parent / "games" / _GOOD["name"]
    damaged = DAMAGED_SAVED_RECORDS[name](record)
    path.write_bytes(damaged)
    save_path().write_text(save, encoding="utf-8")
    assert_a_new_game_starts(save.encode())
    assert path.read_bytes() == damaged  # kept as it is: history lists it as damaged


OLD_SAVES: dict[str, Maker] = {
    **DAMAGED_GAME,
    "newer state version": change(lambda data: data["state"].update(version=99)),
    "float action": change(lambda data: data["state"]["history"].__setitem__(0, ["duel", 1.0])),
    "a move the rules refuse": change(lambda data: data["state"]["history"].append(["duel", 99])),
    "billion cards of a value": change(
        lambda data: data["state"]["rules"]["deck"].__setitem__("counts", [10**9] + [3] * 11)
    ),
    "saved time with an escape": change(setter("saved", value="\x1b[2J2026-01-01T00:00")),
}


@pytest.mark.parametrize("name", sorted(OLD_SAVES))
def test_a_damaged_save_of_the_version_before_is_reported_too(app_home: Path, name: str) -> None:
    install_v1_files(app_home)
    content = OLD_SAVES[name](save_path().read_text(encoding="utf-8"))
    save_path().write_bytes(content)
    (app_home / "games" / f"{V1_SAVED_GAME}.jsonl").unlink()  # --resume would take it
    assert_a_new_game_starts(content)


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_save_that_is_not_a_regular_file_is_moved_aside_without_hanging(name: str) -> None:
    save_path().parent.mkdir(parents=True)
    SPECIAL[name](save_path())
    found = find_saved_game()
    assert isinstance(found, DamagedSave) and found.moved_to is not None
    assert "not a regular file" in found.message()
    assert not save_path().exists() and not save_path().is_symlink()


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_saved_games_record_that_is_not_a_regular_file_is_damage_without_hanging(
    name: str,
) -> None:
    _, autosave = play_random(seed=12, steps=6)
    path = record_path(autosave.info)
    path.unlink()
    SPECIAL[name](path)
    found = find_saved_game()
    assert isinstance(found, DamagedSave) and "not a regular file" in found.message()
    assert_one_sentence_on_one_line(found.message())


def test_bad_names_never_run_out_and_never_overwrite(app_home: Path) -> None:
    app_home.mkdir()
    path = app_home / "save.json"
    for number in range(1, 121):
        path.write_text(f"damaged {number}")
        moved = move_aside(path)
        assert moved is not None and not path.exists()
    kept = sorted(p.read_text() for p in app_home.glob("save.json*.bad"))
    assert len(kept) == 120 and kept == sorted(f"damaged {n}" for n in range(1, 121))
