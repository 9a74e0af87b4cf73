"""Saved games: a round trip, and every kind of bad file handled without a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.paths import records_dir, save_path
from tacocat.storage.records import record_path
from tacocat.storage.saves import (
    DamagedSave,
    Problem,
    SavedGame,
    load_save,
    read_save,
)

from .helpers import V1, V1_SAVED_GAME, events_of, install_v1_files, play_random


def good_save_text() -> str:
    play_random(seed=11, steps=9)
    return save_path().read_text()


def edit(change: Callable[[dict], None]) -> Callable[[], bytes]:  # type: ignore[type-arg]
    """A bad-file maker: a good save with ``change`` applied to its data."""

    def make() -> bytes:
        data = json.loads(good_save_text())
        change(data)
        return json.dumps(data).encode()

    return make


def cut_record() -> bytes:
    """A good save whose game's record lost its first line (and so everything)."""
    text = good_save_text()
    record = records_dir() / f"{json.loads(text)['game_id']}.jsonl"
    record.write_text(record.read_text().partition("\n")[2])
    return text.encode()


BAD_FILES: dict[str, tuple[Callable[[], bytes], Problem, str]] = {
    "empty": (lambda: b"", Problem.EMPTY, "is empty"),
    "blank": (lambda: b"  \n\n", Problem.EMPTY, "is empty"),
    "truncated": (lambda: good_save_text().encode()[:30], Problem.TRUNCATED, "is cut short"),
    "binary": (lambda: bytes(range(256)) * 4, Problem.CORRUPT, "is corrupt"),
    "zeros": (lambda: b"\0" * 4096, Problem.CORRUPT, "is corrupt"),
    "scrambled": (
        lambda: good_save_text().replace('"game_id":', '"game_id"', 1).encode(),
        Problem.CORRUPT,
        "is corrupt",
    ),
    "foreign json": (lambda: b'{"hello": "world"}\n', Problem.FOREIGN, "not a Tacocat saved game"),
    "json list": (lambda: b"[1, 2, 3]\n", Problem.FOREIGN, "not a Tacocat saved game"),
    "bare engine state": (
        lambda: new_game(1).to_json().encode(),
        Problem.FOREIGN,
        "bare engine state",
    ),
    "newer version": (
        edit(lambda d: d.update(version=3)),
        Problem.WRONG_VERSION,
        "another version of tacocat (save format version 3",
    ),
    "game id damaged": (
        edit(lambda d: d.update(game_id="../x")),
        Problem.DAMAGED,
        "the game id is damaged",
    ),
    "no record": (
        edit(lambda d: d.update(game_id="20260101-000000-abcdef")),
        Problem.NO_RECORD,
        "names a game whose record is missing",
    ),
    "record damaged": (cut_record, Problem.NO_RECORD, "names a game whose record is damaged"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_save_is_explained_moved_aside_and_a_new_game_starts(name: str) -> None:
    make, problem, words = BAD_FILES[name]
    content = make()
    path = save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)

    found = find_saved_game()

    assert isinstance(found, DamagedSave)
    assert found.error.problem is problem
    message = found.message()
    assert words in message
    assert str(path) in message and "kept aside as" in message
    assert found.moved_to == path.with_name("save.json.bad")
    assert found.moved_to.read_bytes() == content
    assert not path.exists()
    # The player can start again: a new game saves and resumes normally.
    assert find_saved_game() is None
    state = new_game(4)
    autosave = AutoSave.start(state, ("Cy", "Di"), 4)
    state_events = state.apply_action(state.legal_actions()[0])
    autosave.after_action(state_events)
    resumed = find_saved_game()
    assert isinstance(resumed, SavedGame)
    assert resumed.state.to_json() == state.to_json()


def test_every_kind_of_bad_file_has_its_own_message() -> None:
    openings: dict[Problem, set[str]] = {}
    for make, problem, _ in BAD_FILES.values():
        path = save_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(make())
        found = load_save()
        assert isinstance(found, DamagedSave)
        # The message's opening names the kind; details follow after ':' or '('.
        opening = str(found.error).split(":")[0].split(" (")[0]
        opening = opening.removesuffix(" is missing").removesuffix(" is damaged")
        openings.setdefault(problem, set()).add(opening)
    assert set(openings) == set(Problem) - {Problem.UNREADABLE}
    assert all(len(texts) == 1 for texts in openings.values())
    assert len({text for texts in openings.values() for text in texts}) == len(openings)


def test_a_second_bad_file_does_not_overwrite_the_first() -> None:
    path = save_path()
    path.parent.mkdir(parents=True)
    path.write_text("first")
    path.with_name("save.json.bad").write_text("older")
    found = load_save()
    assert isinstance(found, DamagedSave)
    assert found.moved_to == path.with_name("save.json.2.bad")
    assert path.with_name("save.json.bad").read_text() == "older"


def test_an_unreadable_save_is_reported_not_raised() -> None:
    save_path().mkdir(parents=True)  # a folder where the file should be
    found = load_save()
    assert isinstance(found, DamagedSave)
    assert found.error.problem is Problem.UNREADABLE


def test_the_save_names_the_game_and_the_record_holds_it() -> None:
    state = new_game(8)
    autosave = AutoSave.start(state, ("Ann", "Bob"), 8, "computer", "random", 1)
    for _ in range(6):
        autosave.after_action(state.apply_action(state.legal_actions()[-1]))
    game_id = autosave.info.game_id
    assert (
        save_path().read_text()
        == f'{{"format":"tacocat-save","version":2,"game_id":"{game_id}"}}\n'
    )

    saved = read_save()
    assert saved is not None
    assert saved.info == autosave.info
    assert saved.state.to_json() == state.to_json()
    assert saved.state.history == state.history
    assert saved.events == events_of(autosave)
    assert saved.record_bytes == record_path(autosave.info).stat().st_size
    assert saved.info.players == "Ann vs Bob (computer, random)"


def test_no_save_is_none(app_home: Path) -> None:
    assert load_save() is None
    assert find_saved_game() is None
    assert not app_home.exists()  # looking never creates files


def test_a_resumed_game_can_take_its_last_move_back() -> None:
    state, _ = play_random(seed=12, steps=7)
    loaded = read_save()
    assert isinstance(loaded, SavedGame)
    taken = loaded.state.undo()
    assert taken == state.history[-1]
    state.undo()
    assert loaded.state.to_json() == state.to_json()


def test_a_save_of_the_version_before_resumes_from_its_moves(app_home: Path) -> None:
    """Its moves re-played from the seed; hints and take-backs from its record."""
    install_v1_files(app_home)
    old = json.loads((V1 / "save.json").read_text())
    found = find_saved_game()
    assert isinstance(found, SavedGame) and found.info.game_id == V1_SAVED_GAME
    assert len(found.state.history) == len(old["state"]["history"]) == 10
    assert found.hints == (2, 1) and [t.move for t in found.taken_back] == [6]
    assert found.record_bytes is None  # written anew, as version 2, at the next write
    autosave = AutoSave.resume(found)
    autosave.after_action(autosave.state.apply_action(autosave.state.legal_actions()[0]))
    again = find_saved_game()
    assert isinstance(again, SavedGame) and len(again.state.history) == 11
    assert (again.hints, again.taken_back) == (found.hints, found.taken_back)
    assert json.loads(save_path().read_text())["version"] == 2


def test_an_old_saves_state_beyond_its_moves_is_not_read(app_home: Path) -> None:
    """The random generator's 624 words and the hands: the moves re-play them exactly."""
    install_v1_files(app_home)
    data = json.loads(save_path().read_text())
    data["state"]["rng"] = "anything"
    data["state"]["hands"] = None
    save_path().write_text(json.dumps(data))
    found = find_saved_game()
    assert isinstance(found, SavedGame) and len(found.state.history) == 10
