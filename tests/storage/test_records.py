"""Game records: kept for every game, and a replay from seed + actions is exact."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import Rules, new_game
from tacocat.engine.actions import action_to_data
from tacocat.engine.events import event_to_data
from tacocat.storage import replay as replay_module
from tacocat.storage import saves as saves_module
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.game_info import GameInfo
from tacocat.storage.paths import save_path
from tacocat.storage.records import (
    GameRecord,
    TakenBack,
    list_records,
    load_record,
    read_record,
    record_path,
    write_record,
)
from tacocat.storage.replay import Mismatch, ReplayCheck, ReplayError, replay_steps
from tacocat.storage.saves import SavedGame, write_save

from .helpers import events_of, play_random


def test_a_finished_game_keeps_its_record_and_clears_its_save() -> None:
    state, autosave = play_random(seed=21)
    assert state.is_terminal()
    assert not save_path().exists()
    record = read_record(record_path(autosave.info))
    assert record.finished and record.winner == state.winner
    assert record.rounds == state.round_number
    assert list(record.actions) == state.history
    assert record.events == events_of(autosave)
    assert record.result() == ("Ann", "Bob")[state.winner] if state.winner is not None else "draw"


def check(record: GameRecord) -> Mismatch | None:
    """Re-play a record and compare it with its events, as `tacocat replay` does."""
    checker = ReplayCheck(record.events)
    for step in replay_steps(record.rules, record.info.seed, record.actions):
        checker.step(step.events)
    return checker.finish()


@settings(max_examples=40)
@given(seed=st.integers(0, 2**63), choices=st.integers(0, 1000))
def test_a_replay_reproduces_the_recorded_events(seed: int, choices: int) -> None:
    # Played in memory and written once: a disk write per action would make
    # each example slow, and the per-action saves are tested elsewhere.
    state = new_game(seed)
    events = list(state.opening_events)
    rng = random.Random(choices)
    while not state.is_terminal():
        events += state.apply_action(rng.choice(list(state.legal_actions())))
    info = GameInfo.create(("Ann", "Bob"), seed)
    record = read_record(write_record(GameRecord.of_game(info, state, events)))
    assert list(record.events) == events
    assert check(record) is None
    final = list(replay_steps(record.rules, record.info.seed, record.actions))[-1].state
    assert final.to_json() == state.to_json()


def edit_event(path: Path, index: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Change event ``index`` of the game (0: the deal's first) where its line holds it."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        events = line.get("events", [])
        if index < len(events):
            change(events[index])
            break
        index -= len(events)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_a_record_that_differs_from_its_replay_is_caught() -> None:
    _, autosave = play_random(seed=5)
    path = record_path(autosave.info)
    edit_event(path, 2, lambda event: event.update(player=1 - event["player"]))
    record = read_record(path)
    mismatch = check(record)
    assert mismatch is not None and mismatch.index == 2
    assert "differs from the record at event 3" in mismatch.message(record.info.names)


def test_a_record_missing_its_last_events_is_caught() -> None:
    _, autosave = play_random(seed=6)
    record = read_record(record_path(autosave.info))
    mismatch = check(replace(record, events=record.events[:-1]))
    assert mismatch is not None and mismatch.recorded is None
    assert mismatch.index == len(record.events) - 1


def test_a_record_longer_than_its_replay_is_caught() -> None:
    _, autosave = play_random(seed=6, steps=8)
    record = read_record(record_path(autosave.info))
    extra = record.events[-1]
    mismatch = check(replace(record, events=(*record.events, extra)))
    assert mismatch == Mismatch(len(record.events), extra, None)


def test_only_the_step_with_the_first_difference_reports_it() -> None:
    _, autosave = play_random(seed=6, steps=8)
    record = read_record(record_path(autosave.info))
    steps = list(replay_steps(record.rules, record.info.seed, record.actions))
    changed = list(record.events)
    changed[len(steps[0].events)] = changed[0]  # the first event of step 1, and later ones
    changed[-1] = changed[0]
    checker = ReplayCheck(changed)
    found = [checker.step(step.events) for step in steps]
    assert found[0] is None and found[1] is not None and found[1].index == len(steps[0].events)
    assert found[2:] == [None] * (len(steps) - 2)
    assert checker.finish() == found[1]


def test_an_impossible_action_list_is_a_replay_error() -> None:
    _, autosave = play_random(seed=7, steps=4)
    record = autosave.record
    bad = replace(record, actions=(*record.actions, record.actions[0], record.actions[0]))
    with pytest.raises(ReplayError, match="step 5"):
        list(replay_steps(bad.rules, bad.info.seed, bad.actions))


def test_an_unfinished_game_is_recorded_as_in_progress() -> None:
    _, autosave = play_random(seed=8, steps=10)
    records, problems = list_records()
    assert problems == []
    assert [r.info.game_id for r in records] == [autosave.info.game_id]
    assert records[0].result() == "in progress" and not records[0].finished


@pytest.mark.parametrize("ending", ["whole", "a line cut short"])
def test_resume_restores_every_event(ending: str) -> None:
    state, autosave = play_random(seed=9, steps=25)
    if ending == "a line cut short":  # killed while the next move's line was written
        with record_path(autosave.info).open("ab") as record:
            record.write(b'{"action":["duel",')
    saved = find_saved_game()
    assert isinstance(saved, SavedGame)
    resumed = AutoSave.resume(saved)
    assert tuple(resumed.events) == events_of(autosave)
    assert resumed.state.to_json() == state.to_json()


def test_resuming_reads_the_record_once_and_replays_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, autosave = play_random(seed=11, steps=20)
    events = events_of(autosave)
    calls = {"read_record": 0, "new_game": 0}

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(saves_module, "load_record", counted("read_record", load_record))
    monkeypatch.setattr(replay_module, "new_game", counted("new_game", new_game))
    saved = find_saved_game()
    assert isinstance(saved, SavedGame)
    resumed = AutoSave.resume(saved)
    assert tuple(resumed.events) == events
    assert calls == {"read_record": 1, "new_game": 1}


def test_a_save_left_over_from_a_finished_game_is_dropped() -> None:
    """Killed after the finished game's last line but before removing the save."""
    _, autosave = play_random(seed=10)
    write_save(autosave.info.game_id)
    assert find_saved_game() is None
    assert not save_path().exists()


def test_a_record_is_a_header_then_a_line_per_move_take_back_and_hint() -> None:
    state, autosave = play_random(seed=12, steps=12)
    autosave.hint_used(1)
    taken = state.undo()
    autosave.after_undo(1 - state.current_player(), taken)
    lines = [json.loads(line) for line in record_path(autosave.info).read_text().splitlines()]
    header, moves, (hint, undo) = lines[0], lines[1:13], lines[13:]
    assert header["format"] == "tacocat-record" and header["version"] == 3
    assert header["game"]["seed"] == 12 and header["hints"] == [0, 0]
    assert [move["action"] for move in moves] == [
        action_to_data(action) for action in (*state.history, taken)
    ]
    events = [*header["events"], *(event for move in moves for event in move["events"])]
    replayed = [*events_of(autosave), *state.clone().apply_action(taken)]
    assert events == [json.loads(json.dumps(event_to_data(e))) for e in replayed]
    assert hint == {"hint": 1} and undo == {"undo": 12, "player": autosave.taken_back[0].player}
    record = read_record(record_path(autosave.info))
    assert record.actions == tuple(state.history) and record.hints == (0, 1)
    assert record.taken_back == (TakenBack(12, autosave.taken_back[0].player, taken),)
    assert record.events == events_of(autosave)  # the take-back's events left with it


def test_a_version_2_record_replays_with_the_duel_order_it_was_played_with() -> None:
    """Until version 3 every duel was begun by ``first_to_choose``: such records
    replay that way, and a game of them in progress goes on in version 3."""
    state = new_game(12, Rules(keyboard_duel=False))
    autosave = AutoSave.start(state, ("Ann", "Bob"), 12)
    rng = random.Random(0)
    for _ in range(30):
        autosave.after_action(state.apply_action(rng.choice(list(state.legal_actions()))))
    path = record_path(autosave.info)
    header, *lines = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    assert data["version"] == 3 and data["rules"].pop("keyboard_duel") is False
    path.write_text("\n".join([json.dumps({**data, "version": 2}), *lines]) + "\n")
    with pytest.raises(ValueError):  # the same moves do not make a game in today's order
        today = new_game(12)
        for action in state.history:
            today.apply_action(action)
    record = read_record(path)
    assert record.version == 2 and record.rules == Rules(keyboard_duel=False)
    saved = find_saved_game()
    assert isinstance(saved, SavedGame) and saved.state.to_json() == state.to_json()
    resumed = AutoSave.resume(saved)
    resumed.after_action(resumed.state.apply_action(resumed.state.legal_actions()[0]))
    written = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert written["version"] == 3 and written["rules"]["keyboard_duel"] is False
    assert read_record(path).actions == tuple(resumed.state.history)
