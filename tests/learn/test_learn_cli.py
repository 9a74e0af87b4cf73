"""``tacocat learn``'s options, and what it says when something is wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.learn import catalogue
from tacocat.learn.progress import Progress, progress_path, save_progress


def test_list_shows_every_lesson_and_those_passed(app_home: Path) -> None:
    save_progress(progress_path(), Progress(frozenset({1, 2}), {2: 2, 3: 1}))
    result = CliRunner().invoke(main, ["learn", "--list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(" 1. The goal and the twist")
    assert lines[0].endswith("passed, right first time")
    assert lines[1].endswith("passed after 2 wrong answers")
    assert "passed" not in lines[2]  # a wrong answer recorded, not passed yet
    assert len(lines) == len(catalogue.lesson_files())


def test_a_damaged_progress_file_is_said_once(app_home: Path) -> None:
    app_home.mkdir(parents=True)
    progress_path().write_text("{")
    result = CliRunner().invoke(main, ["learn", "--list"])
    assert result.exit_code == 0
    assert "was damaged (it is not JSON); it starts again" in result.output
    assert "Traceback" not in result.output


def test_a_damaged_lesson_file_is_one_line_of_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "01-x.toml").write_text("title = ")
    monkeypatch.setattr(catalogue, "LESSONS_DIR", tmp_path)
    result = CliRunner().invoke(main, ["learn"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: the lesson file 01-x.toml is damaged: ")
    assert len(result.output.strip().splitlines()) == 1


def test_a_lesson_beyond_the_last_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["learn", "--lesson", "42"])
    assert result.exit_code == 2
    assert "there are 7 lessons" in result.output


def test_without_a_terminal_it_says_why_and_does_not_start() -> None:
    result = CliRunner().invoke(main, ["learn"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: ")


def test_play_does_not_load_the_lessons() -> None:
    """`tacocat play` starts as before: nothing of learn on its way."""
    code = (
        "import sys, tacocat.cli, tacocat.cli.play, tacocat.ui.play.game;"
        "print(any(m.startswith('tacocat.learn') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
