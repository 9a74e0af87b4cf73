"""A record's last line cut short by a kill: the game resumes from the line before.

Each action, take-back and hint is one line appended with one write.  A
SIGKILL (or a power cut) in the middle of that write leaves the start of
the line without its newline; readers leave it out, and the next append
cuts it off first, so no line ever joins a torn one.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tacocat.engine import new_game
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.records import list_records, load_record, read_record, record_path
from tacocat.storage.saves import SavedGame

from .helpers import events_of, play_random


def last_line_cuts(path: Path) -> tuple[bytes, list[bytes]]:
    """The record without its last line, and every way that line can be cut short."""
    raw = path.read_bytes()
    start = raw.rstrip(b"\n").rfind(b"\n") + 1
    return raw[:start], [raw[:end] for end in range(start, len(raw))]


@pytest.mark.parametrize("last", ["a move", "a take-back", "a hint"])
def test_every_cut_of_the_last_line_resumes_from_the_line_before(last: str) -> None:
    state, autosave = play_random(seed=41, steps=12)
    before = (tuple(state.history), tuple(autosave.hints), tuple(autosave.taken_back))
    if last == "a move":
        autosave.after_action(state.apply_action(state.legal_actions()[0]))
    elif last == "a take-back":
        autosave.after_undo(0, state.undo())
    else:
        autosave.hint_used(1)
    path = record_path(autosave.info)
    whole, cuts = last_line_cuts(path)
    for cut in cuts:
        path.write_bytes(cut)
        saved = find_saved_game()
        assert isinstance(saved, SavedGame), cut[len(whole) :]
        assert (tuple(saved.state.history), saved.hints, saved.taken_back) == before
        assert saved.record_bytes == len(whole)
    # Playing on cuts the torn line off: the record holds the game, line by line.
    resumed = AutoSave.resume(saved)
    resumed.after_action(resumed.state.apply_action(resumed.state.legal_actions()[-1]))
    raw = path.read_bytes()
    assert raw.startswith(whole) and raw.count(b"\n") == whole.count(b"\n") + 1
    record = read_record(path)
    assert record.actions == tuple(resumed.state.history)
    assert record.events == events_of(resumed)


def test_a_torn_line_does_not_hide_the_game_from_history() -> None:
    _, autosave = play_random(seed=42, steps=5)
    with record_path(autosave.info).open("ab") as record:
        record.write(b'{"action":["replace",[3,')
    records, problems = list_records()
    assert not problems and len(records[0].actions) == 5


def test_a_first_line_cut_short_is_damage_not_a_game() -> None:
    _, autosave = play_random(seed=43, steps=0)
    path = record_path(autosave.info)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    with pytest.raises(ValueError, match="its first line is cut short"):
        load_record(path)


WRITER = textwrap.dedent(
    """
    import random, sys
    from tacocat.engine import new_game
    from tacocat.storage.autosave import AutoSave

    state = new_game(44)
    autosave = AutoSave.start(state, ("Ann", "Bob"), 44)
    rng = random.Random(7)
    while not state.is_terminal():
        autosave.after_action(state.apply_action(rng.choice(list(state.legal_actions()))))
        print(len(state.history), flush=True)
    """
)


def reference_moves() -> list[object]:
    state, rng = new_game(44), random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(list(state.legal_actions())))
    return list(state.history)


@pytest.mark.parametrize("after", [1, 17, 40])
def test_a_writer_killed_while_it_writes_leaves_a_record_of_its_game(
    app_home: Path, after: int
) -> None:
    """SIGKILL while moves are being written (fsync and all): at most the last is lost."""
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert writer.stdout is not None
    for line in writer.stdout:  # a positive sign: that many moves are on disk
        if int(line) == after:
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    (path,) = (app_home / "games").glob("*.jsonl")
    record = read_record(path)
    assert len(record.actions) >= after
    assert list(record.actions) == reference_moves()[: len(record.actions)]
