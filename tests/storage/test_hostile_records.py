"""One bad record never stops `tacocat history` or `replay`: it is skipped with a note.

The corpus (tests/corpus/hostile.py) holds records that once crashed both
commands: nesting 1,000 deep, numbers of 5,000 digits, a far time-zone
offset in the start time, events with fields of the wrong type, a link to
/dev/zero, and names or texts that the name prompt would refuse.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.storage.paths import records_dir
from tacocat.storage.records import RecordError, list_records, read_record, record_path

from ..corpus.hostile import DAMAGED_RECORDS, SPECIAL
from .helpers import play_random

_GAMES: dict[str, str] = {}  # record file name -> text, played once for the module


def two_games() -> tuple[Path, Path]:
    """A short game (Ann vs Bob) and a second one (Cy vs Di) whose record will be damaged."""
    if not _GAMES:
        for seed, names in ((21, ("Ann", "Bob")), (22, ("Cy", "Di"))):
            _, autosave = play_random(seed=seed, steps=8, names=names)
            path = record_path(autosave.info)
            _GAMES[path.name] = path.read_text(encoding="utf-8")
    records_dir().mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in _GAMES.items():
        path = records_dir() / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


@pytest.mark.parametrize("name", sorted(DAMAGED_RECORDS))
def test_a_damaged_record_is_skipped_and_the_others_list_and_replay(name: str) -> None:
    good, bad = two_games()
    bad.write_bytes(DAMAGED_RECORDS[name](bad.read_text(encoding="utf-8")))
    with pytest.raises(RecordError) as raised:
        read_record(bad)
    message = str(raised.value)
    assert str(bad) in message and message.isprintable() and len(message) < 500

    listed = CliRunner().invoke(main, ["history"])
    assert listed.exit_code == 0, listed.output
    assert "Ann vs Bob" in listed.stdout
    assert "\x1b" not in listed.output and "\x9b" not in listed.output
    if "event" in name:
        # The listing reads headers only: the game is listed, and its replay refused.
        assert "Cy vs Di" in listed.stdout
        refused = CliRunner().invoke(main, ["replay", "1"])
        assert refused.exit_code == 1 and message in refused.output
        number = "2"
    else:
        assert "Cy vs Di" not in listed.stdout and f"Skipped: {message}" in listed.stderr
        number = "1"
    replayed = CliRunner().invoke(main, ["replay", number])
    assert replayed.exit_code == 0, replayed.output
    assert "Replay: Ann vs Bob" in replayed.stdout
    by_path = CliRunner().invoke(main, ["replay", str(bad)])
    assert by_path.exit_code == 1 and "Traceback" not in by_path.output
    assert read_record(good).info.names == ("Ann", "Bob")


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_record_that_is_not_a_regular_file_is_skipped_without_hanging(name: str) -> None:
    play_random(seed=21, steps=8)
    SPECIAL[name](records_dir() / "special.jsonl")
    records, problems = list_records()
    assert len(records) == 1 and len(problems) == 1
    assert "not a regular file" in str(problems[0])
    result = CliRunner().invoke(main, ["replay", str(records_dir() / "special.jsonl")])
    assert result.exit_code == 1 and "not a regular file" in result.output


def test_an_empty_record_is_damaged_not_a_crash() -> None:
    records_dir().mkdir(parents=True)
    (records_dir() / "empty.jsonl").write_bytes(b"")
    assert "is empty" in str(list_records()[1][0])


def test_a_record_file_named_with_an_escape_sequence_is_listed_harmlessly() -> None:
    play_random(seed=21, steps=8)
    (records_dir() / "\x1b]0;pwned\x07.jsonl").write_text("{oops\n")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0 and "Ann vs Bob" in result.stdout
    assert "\x1b" not in result.stderr and "^[]0;pwned^G.jsonl" in result.stderr
