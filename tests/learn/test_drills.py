"""Fresh questions on a lesson's idea: positions the engine plays, answers the engine gives."""

from __future__ import annotations

import random

import pytest

from tacocat.engine import YAY
from tacocat.engine.events import Showdown
from tacocat.learn.catalogue import load_lessons
from tacocat.learn.drills import DRILLS, drill, moments
from tacocat.learn.lesson import IDEAS
from tacocat.learn.sitting import fresh


def test_every_lesson_tests_an_idea_with_drills() -> None:
    assert set(DRILLS) == set(IDEAS)
    assert {lesson.question.idea for lesson in load_lessons()} == set(IDEAS)


@pytest.mark.parametrize("idea", IDEAS)
def test_a_drill_is_fresh_seeded_and_accepts_only_its_answer(idea: str) -> None:
    asked = [drill(idea, random.Random(f"t:{seed}")) for seed in range(12)]
    assert len({q.ask for q in asked}) >= 3  # not the same screen again
    assert drill(idea, random.Random("t:0")) == asked[0]  # seeded: the same each time
    for question in asked:
        assert question.accepts(question.answers[0]) and not question.accepts("banana")
        assert question.wrong and question.right and len(question.ask) <= 600


def test_the_showdown_drill_s_answer_is_the_engine_s_winner() -> None:
    # Each drill's answer is read off the engine; cross-check one against the rule itself.
    for seed in range(20):
        question = drill("showdown", random.Random(seed))
        mine, theirs = (
            int(word.rstrip(",.")) for word in question.ask.split() if word[0].isdigit()
        )
        assert question.accepts("you") == (mine < theirs)
        assert question.accepts("wow") == (mine > theirs)


def test_both_answers_come_up() -> None:
    for idea, yes, no in (("showdown", "you", "wow"), ("duel", "you", "wow"), ("ties", "yes", "no"),
                          ("sequence", "yes", "no")):  # fmt: skip
        asked = [drill(idea, random.Random(seed)) for seed in range(30)]
        assert any(q.accepts(yes) for q in asked) and any(q.accepts(no) for q in asked), idea


def test_the_games_are_the_engine_s_own() -> None:
    seen = [m for m, _ in zip(moments(random.Random(3)), range(400), strict=False)]
    showdowns = [e for m in seen for e in m.events if isinstance(e, Showdown)]
    assert showdowns and all(m.action in m.view.legal_actions for m in seen)
    assert any(m.view.player == YAY for m in seen)


def test_a_fresh_question_is_never_the_one_just_answered() -> None:
    lesson = load_lessons()[2]
    rng = random.Random(1)
    question = lesson.question
    for _ in range(10):
        following = fresh(question, rng)
        assert following.idea == "duel"
        assert following.ask != question.ask
        question = following


def numbers(text: str) -> list[int]:
    return [int(word.strip(",.?")) for word in text.split() if word.strip(",.?").isdigit()]


def test_the_replace_and_sacrifice_drills_agree_with_the_rules() -> None:
    for seed in range(10):
        limit = drill("replace-limit", random.Random(seed))
        assert limit.accepts(str(numbers(limit.ask)[0]))  # as many as the first, no more
        give = drill("sacrifice", random.Random(seed))
        attack, *hand = numbers(give.ask)
        assert max(hand) < attack and give.accepts(str(min(hand)))  # the lowest card
