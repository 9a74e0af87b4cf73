"""Records name how their game was dealt; those written before dealing by round replay as before."""

from __future__ import annotations

import json
import random

import pytest

from tacocat.engine import Rules, new_game
from tacocat.engine.rules import BY_ROUND, STREAM
from tacocat.storage.autosave import AutoSave
from tacocat.storage.paths import app_dir
from tacocat.storage.records import RecordError, load_record, record_path, record_to_text
from tacocat.storage.replay import ReplayCheck, replay_steps

from .helpers import V1_FINISHED_GAME, V1_SAVED_GAME, install_v1_files, play_random

ROUND = Rules(dealing=BY_ROUND)


def play_by_round(seed: int, steps: int) -> tuple[str, AutoSave]:
    """A game dealt by round, recorded as played: its state's JSON and its autosave."""
    state = new_game(seed, ROUND)
    autosave = AutoSave.start(state, ("Ann", "Bob"), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        autosave.after_action(state.apply_action(rng.choice(list(state.legal_actions()))))
    return state.to_json(), autosave


def test_a_record_written_before_dealing_by_round_replays_and_rewrites_byte_for_byte() -> None:
    state, autosave = play_random(seed=31)  # the default dealing, a whole game
    path = record_path(autosave.info)
    text = path.read_text(encoding="utf-8")
    assert '"dealing"' not in text
    loaded = load_record(path)
    assert loaded.record.rules.dealing == STREAM
    assert loaded.state.to_json() == state.to_json()
    assert record_to_text(loaded.record) == text


def test_the_version_1_records_replay_dealt_in_turn_to_their_recorded_events() -> None:
    installed = install_v1_files(app_dir(), save=False)
    for game in (V1_SAVED_GAME, V1_FINISHED_GAME):
        record = load_record(installed[game]).record
        assert record.rules.dealing == STREAM
        check = ReplayCheck(record.events)
        for step in replay_steps(record.rules, record.info.seed, record.actions):
            check.step(step.events)
        assert check.finish() is None  # every deal and every event as it was recorded


def test_a_record_dealt_by_round_names_it_and_replays_exactly() -> None:
    played, autosave = play_by_round(seed=12, steps=60)
    path = record_path(autosave.info)
    header = json.loads(path.read_text(encoding="utf-8").partition("\n")[0])
    assert header["rules"]["dealing"] == "round"
    loaded = load_record(path)
    assert loaded.record.rules.dealing == BY_ROUND
    assert loaded.state.to_json() == played


@pytest.mark.parametrize("dealing", ["shuffled", "\x1b[2Jround", 3, None])
def test_a_record_naming_an_unknown_dealing_is_damaged_in_a_sentence(dealing: object) -> None:
    _, autosave = play_by_round(seed=13, steps=10)
    path = record_path(autosave.info)
    first, _, rest = path.read_text(encoding="utf-8").partition("\n")
    header = json.loads(first)
    header["rules"]["dealing"] = dealing
    path.write_text(json.dumps(header) + "\n" + rest, encoding="utf-8")
    with pytest.raises(RecordError) as raised:
        load_record(path)
    message = str(raised.value)
    assert message.startswith(f"the game record {path} is damaged: ")
    assert 'dealing must be "stream" or "round"' in message
    assert message.isprintable() and "\x1b" not in message
