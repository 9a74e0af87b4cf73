"""The lessons passed: saved in tacocat's folder, a damaged file restarted in a sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat.learn.progress import Progress, load_progress, progress_path, save_progress


def test_progress_is_kept_in_the_app_directory(app_home: Path) -> None:
    assert progress_path() == app_home / "learn.json"


def test_progress_round_trips(app_home: Path) -> None:
    path = progress_path()
    assert load_progress(path) == (Progress(), None)  # no file: nothing passed, nothing to say
    assert save_progress(path, Progress().with_passed(1).with_passed(3)) is None
    progress, note = load_progress(path)
    assert note is None
    assert progress.passed == {1, 3}
    assert progress.next_lesson(7) == 2


def test_wrong_answers_are_kept_per_lesson_and_say_right_first_time(app_home: Path) -> None:
    path = progress_path()
    progress = Progress().with_wrong(2, 1).with_wrong(2, 2).with_passed(2).with_passed(1)
    assert save_progress(path, progress) is None
    loaded, note = load_progress(path)
    assert note is None and loaded.wrong == {2: 2} and loaded.passed == {1, 2}
    assert loaded.standing(1) == "passed, right first time"
    assert loaded.standing(2) == "passed after 2 wrong answers"
    assert loaded.standing(3) == ""
    assert loaded.with_wrong(2, 0).standing(2) == "passed, right first time"  # played again


@pytest.mark.parametrize("wrong", ['{"x": 1}', '{"2": -1}', "[1]", '{"2": true}', '{"99999": 1}'])
def test_damaged_wrong_answers_are_said(app_home: Path, wrong: str) -> None:
    app_home.mkdir(parents=True, exist_ok=True)
    text = f'{{"format": "tacocat-learn", "version": 1, "passed": [1], "wrong": {wrong}}}'
    progress_path().write_text(text)
    progress, note = load_progress(progress_path())
    assert progress == Progress() and note is not None and "wrong answers" in note


def test_the_next_lesson_after_all_are_passed_is_the_first() -> None:
    assert Progress(frozenset(range(1, 8))).next_lesson(7) == 1


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "it is not JSON"),
        (b"\xff\xfe", "it is not UTF-8 text"),
        (b'{"format": "tacocat-learn", "version": 1, "passed": [0]}', "not a list of lessons"),
        (b'{"format": "tacocat-learn", "version": 1, "passed": [true]}', "not a list of lessons"),
        (b'{"format": "tacocat-save", "version": 1, "passed": [1]}', "not a list of lessons"),
        (b"[" * 100 + b"]" * 100, "nested too deeply"),
        (b" " * 5000, "larger than"),
    ],
)
def test_a_damaged_progress_file_is_said_in_a_sentence_and_restarted(
    app_home: Path, content: bytes, reason: str
) -> None:
    path = progress_path()
    app_home.mkdir(parents=True)
    path.write_bytes(content)
    progress, note = load_progress(path)
    assert progress == Progress()
    assert note is not None and reason in note
    assert note.endswith("it starts again from the first lesson.")
    assert "\n" not in note
    assert save_progress(path, progress.with_passed(2)) is None  # and it is written anew
    assert json.loads(path.read_text())["passed"] == [2]


def test_a_folder_in_its_place_is_damaged_too(app_home: Path) -> None:
    path = progress_path()
    path.mkdir(parents=True)
    progress, note = load_progress(path)
    assert progress == Progress() and note is not None and "damaged" in note
    warning = save_progress(path, Progress().with_passed(1))
    assert warning is not None and warning.startswith("Your lesson progress could not be saved")
