"""Lesson files: the shipped ones play, and a bad one is a damaged file named in a sentence."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tacocat.engine import Duel, Replace
from tacocat.learn.catalogue import LESSONS_DIR, lesson_files, load_lessons
from tacocat.learn.lesson import (
    MAX_LESSON_BYTES,
    LessonProblem,
    Question,
    parse_move,
    read_lesson,
)
from tacocat.learn.stage import rehearse, stage

GOOD = (LESSONS_DIR / "07-ties.toml").read_text()


def test_every_shipped_lesson_reads_and_plays_to_its_showdown() -> None:
    lessons = load_lessons()
    assert len(lessons) == len(lesson_files()) >= 7
    for lesson in lessons:
        moves = rehearse(lesson)
        assert moves, lesson.title
        assert lesson.steps, f"{lesson.title}: the learner makes the moves"


def test_the_lessons_teach_each_idea_when_it_first_matters() -> None:
    """The issue's list, in order: the goal first, ties last."""
    text = " ".join(
        f"{lesson.title} {lesson.intro} {' '.join(step.tip for step in lesson.steps)}".lower()
        for lesson in load_lessons()
    )
    ideas = [
        "goal",
        "twist",
        "replac",
        "at most as many",
        "duel",
        "attack with one card",
        "sequence",
        "set",
        "defend",
        "sacrifice",
        "lowest",
        "jumbo",
        "showdown",
        "tile",
        "tie",
    ]
    for idea in ideas:
        assert idea in text, idea
    first = [text.index(idea) for idea in ("goal", "replac", "jumbo", "showdown", "tied")]
    assert first == sorted(first)


def test_every_step_asks_for_a_legal_move_and_says_why_another_is_wrong() -> None:
    for lesson in load_lessons():
        for step in lesson.steps:
            assert step.play and step.wrong and step.tip


def test_moves_are_written_as_typed() -> None:
    assert parse_move("replace nothing") == Replace(())
    assert parse_move("Replace 12 11") == Replace((11, 12))
    assert parse_move("duel 9") == Duel(9)
    for junk in ("", "duel", "duel 1 2", "fly 3", "attack nine", "replace 1.5"):
        with pytest.raises(LessonProblem):
            parse_move(junk)


def test_answers_are_compared_as_a_person_means_them() -> None:
    question = Question("Who wins?", ("Wow", "wow attacks"), "no", "")
    assert question.accepts("  WOW. ")
    assert question.accepts("wow   attacks!")
    assert not question.accepts("yay")


def write(tmp_path: Path, text: str, name: str = "01-bad.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("title = [", "Expected|Invalid|invalid"),
        ("surprise = 1\n" + GOOD, "unknown key 'surprise'"),
        (GOOD.replace('title = "Ties"', "title = 3"), "title must be text"),
        (GOOD.replace("yay = [3, 7, 7, 12]", "yay = [3, 7, 7, 13]"), "a card value is from"),
        (GOOD.replace("yay = [3, 7, 7, 12]", 'yay = ["3"]'), "yay must be a list of numbers"),
        (GOOD.replace("yay = [3, 7, 7, 12]", "yay = [3, 7, 12]"), "each hand must hold 4"),
        (GOOD.replace("wow = [3, 8, 9, 10]", "wow = [3, 8, 12, 12]"), "more cards of a value"),
        (GOOD.replace('space = "T1"', 'space = "Q9"'), "not a space"),
        (GOOD.replace('space = "T1"', 'space = "A2"'), "covered space"),
        (GOOD.replace('"duel 10"', '"duel 11"'), "Wow's move"),
        (GOOD.replace('play = ["duel 12"]', 'play = ["duel 5"]'), "not allowed"),
        (GOOD.replace('play = ["duel 12"]', "play = []"), "step 1: it must name the move"),
        (
            GOOD.replace(
                "[question]", '[[step]]\ntip = "x"\nplay = ["duel 3"]\nwrong = "y"\n[question]'
            ),
            "before the lesson's moves are all played",
        ),
        (GOOD.replace("[question]", "[quiz]"), "unknown key 'quiz'"),
        (GOOD.replace('wrong = "Duel with the 12', 'worng = "'), "step 1: unknown key 'worng'"),
        (GOOD.replace('wrong = "a tied', 'wrung = "a tied'), "unknown key 'question.wrung'"),
        (GOOD.replace('answers = ["no", "n", "it stays"]', "answers = []"), "answers is missing"),
        (GOOD.replace('title = "Ties"', 'title = "' + "x" * 61 + '"'), "longer than 60"),
    ],
)
def test_a_bad_lesson_file_is_damaged_in_one_sentence(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(LessonProblem) as caught:
        load_lessons(tmp_path)
    message = str(caught.value)
    assert message.startswith("the lesson file 01-bad.toml is damaged: ")
    assert re.search(reason, message), message
    assert "\n" not in message
    del path


def test_files_that_are_not_lessons_are_damaged(tmp_path: Path) -> None:
    big = write(tmp_path, "# " + "x" * MAX_LESSON_BYTES)
    with pytest.raises(LessonProblem, match="larger than"):
        read_lesson(big)
    latin = tmp_path / "02-latin.toml"
    latin.write_bytes(b'title = "\xe9"')
    with pytest.raises(LessonProblem, match="damaged"):
        read_lesson(latin)
    fifo = tmp_path / "03-fifo.toml"
    os.mkfifo(fifo)
    with pytest.raises(LessonProblem, match="not a regular file"):
        read_lesson(fifo)  # never waits for a writer


def test_control_characters_in_a_text_are_shown_not_sent(tmp_path: Path) -> None:
    write(tmp_path, GOOD.replace('title = "Ties"', 'title = "Ties\\u001b[2J"'))
    (lesson,) = load_lessons(tmp_path)
    assert "\x1b" not in lesson.title
    assert "^[" in lesson.title


def test_an_empty_folder_has_no_lessons(tmp_path: Path) -> None:
    with pytest.raises(LessonProblem, match="no lesson file"):
        load_lessons(tmp_path)


def test_a_lesson_is_staged_as_a_fresh_round_with_its_hands() -> None:
    (lesson,) = [x for x in load_lessons() if x.title == "Ties"]
    state = stage(lesson)
    assert state.hand_values[0] == (3, 7, 7, 12)
    assert state.hand_values[1] == (3, 8, 9, 10)
    assert state.position == 0 and sorted(state.tiles) == [1, 2, 3]
    assert len(state.draw_pile) == state.rules.deck_size - 8
    assert state.current_player() == 1  # the arrow of T1 points at Wow
