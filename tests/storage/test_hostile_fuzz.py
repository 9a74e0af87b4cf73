"""Property: whatever a save or record holds, loading it raises only its own error.

A good file's JSON has one value replaced by arbitrary JSON (any type, deep
or long, control characters, huge numbers): loading must give a saved game
or a damaged save (never an exception), and a record must load or raise
:class:`RecordError`, whose message is one printable line.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.storage.game_info import GameInfo
from tacocat.storage.paths import records_dir, save_path
from tacocat.storage.records import RecordError, read_record, record_path
from tacocat.storage.saves import DamagedSave, SavedGame, SaveError, parse_save

from .helpers import play_random

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
_FILES: dict[str, str] = {}


def good_files() -> tuple[str, str]:
    """A save and the record of the same game (played once), the record in its folder."""
    if not _FILES:
        _, autosave = play_random(seed=71, steps=10)
        _FILES["save"] = save_path().read_text(encoding="utf-8")
        _FILES["record"] = record_path(autosave.info).read_text(encoding="utf-8")
        _FILES["name"] = record_path(autosave.info).name
    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / _FILES["name"]).write_text(_FILES["record"], encoding="utf-8")
    return _FILES["save"], _FILES["record"]


def paths_of(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the data a value can be replaced."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths_of(value, (*prefix, index))
    return found


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


SLOW = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SLOW
@given(where=st.integers(min_value=0), value=JSON)
def test_a_save_with_any_value_anywhere_loads_or_is_damaged(where: int, value: Any) -> None:
    text, _ = good_files()
    data = json.loads(text)
    places = paths_of(data)
    changed = replaced(data, places[where % len(places)], value)
    try:
        loaded = parse_save(json.dumps(changed).encode())
    except SaveError as error:
        message = DamagedSave(save_path(), error, None).message()
        # Bounded whatever the file holds; the path is the machine's, and may be long.
        bounded = len(message) - len(str(save_path())) < 600
        assert "\n" not in message and message.isprintable() and bounded
    else:
        assert isinstance(loaded, SavedGame)
        GameInfo.from_data(loaded.info.to_data())  # what loads is what could be saved


@SLOW
@given(where=st.integers(min_value=0), value=JSON, line=st.integers(min_value=0))
def test_a_record_with_any_value_anywhere_loads_or_is_damaged(
    where: int, value: Any, line: int
) -> None:
    _, text = good_files()
    lines = text.splitlines()
    index = line % len(lines)
    data = json.loads(lines[index])
    places = paths_of(data)
    lines[index] = json.dumps(replaced(data, places[where % len(places)], value))
    records_dir().mkdir(parents=True, exist_ok=True)
    path = records_dir() / "fuzzed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        read_record(path)
    except RecordError as error:
        message = str(error)
        bounded = len(message) - len(str(path)) < 600
        assert "\n" not in message and message.isprintable() and bounded
