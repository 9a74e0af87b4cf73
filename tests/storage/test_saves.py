"""Saved games: a round trip, and every kind of bad file handled without a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.game_info import GameInfo
from tacocat.storage.paths import save_path
from tacocat.storage.saves import (
    DamagedSave,
    Problem,
    SavedGame,
    load_save,
    read_save,
    save_to_text,
)

from .helpers import play_random


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


def swap_with_draw_pile(data: dict) -> None:  # type: ignore[type-arg]
    """Trade a hand's card for one in the draw pile: every count still adds up."""
    state = data["state"]
    hand, pile = state["hands"][0], state["draw_pile"]
    hand[0], pile[0] = pile[0], hand[0]
    hand.sort()


def _cut_after_brace(text: str) -> bytes:
    """The save cut just after an inner object's closing brace (it still ends in '}')."""
    return text[: text.index("}") + 1].encode()


BAD_FILES: dict[str, tuple[Callable[[], bytes], Problem, str]] = {
    "empty": (lambda: b"", Problem.EMPTY, "is empty"),
    "blank": (lambda: b"  \n\n", Problem.EMPTY, "is empty"),
    "truncated": (
        lambda: good_save_text().encode()[:700],
        Problem.TRUNCATED,
        "is cut short",
    ),
    "truncated after a brace": (
        lambda: _cut_after_brace(good_save_text()),
        Problem.TRUNCATED,
        "is cut short",
    ),
    "binary": (lambda: bytes(range(256)) * 4, Problem.CORRUPT, "is corrupt"),
    "zeros": (lambda: b"\0" * 4096, Problem.CORRUPT, "is corrupt"),
    "scrambled": (
        lambda: good_save_text().replace('"state":{', '"state":{{', 1).encode(),
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
        edit(lambda d: d.update(version=2)),
        Problem.WRONG_VERSION,
        "another version of tacocat (save format version 2",
    ),
    "newer state version": (
        edit(lambda d: d["state"].update(version=99)),
        Problem.WRONG_VERSION,
        "game state version 99",
    ),
    "cards lost": (
        edit(lambda d: d["state"]["draw_pile"].pop()),
        Problem.DAMAGED,
        "do not add up",
    ),
    "card swapped": (edit(swap_with_draw_pile), Problem.DAMAGED, "does not match its own seed"),
    "names missing": (edit(lambda d: d["game"].pop("names")), Problem.DAMAGED, "names"),
    "history edited": (
        edit(lambda d: d["state"]["history"].insert(0, ["duel", 3])),
        Problem.DAMAGED,
        "history does not replay",
    ),
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
        opening = found.error.explain().split(":")[0].split(" (")[0]
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


def test_round_trip_keeps_state_and_details() -> None:
    state = new_game(8)
    info = GameInfo.create(("Ann", "Bob"), 8, mode="computer", level="random", computer=1)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    path = save_path()
    path.parent.mkdir(parents=True)
    path.write_text(save_to_text(info, state))
    saved = read_save()
    assert saved is not None
    assert saved.info == info
    assert saved.state.to_json() == state.to_json()
    assert saved.state.history == state.history
    assert info.players == "Ann vs Bob (computer, random)"


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
