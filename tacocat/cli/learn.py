"""``tacocat learn``: a guided first game, lesson by lesson, on the real table."""

from __future__ import annotations

import sys

import click

from tacocat.cli.options import Whole, ascii_option, claim


@click.command()
@click.option(
    "--lesson",
    "number",
    type=Whole(1, 99),
    metavar="N",
    help="Start at lesson N (1 is the first). Without it, the first lesson not passed yet.",
)
@click.option(
    "--list",
    "list_only",
    is_flag=True,
    help="List the lessons, those passed and whether right first time.",
)
@ascii_option
def learn(number: int | None, list_only: bool, ascii_only: bool) -> None:
    """Learn to play: short lessons against a scripted opponent, about ten minutes in all.

    Each lesson deals a position, asks you to make the moves it teaches and
    ends with one question; a wrong answer brings a fresh question on the
    same idea, until one is right first time. Your progress is saved:
    `tacocat learn` goes on where you stopped.
    """
    from tacocat.cli.output import say
    from tacocat.learn.catalogue import load_lessons
    from tacocat.learn.lesson import LessonProblem
    from tacocat.learn.progress import load_progress, progress_path

    try:
        lessons = load_lessons()
    except LessonProblem as error:
        raise click.ClickException(f"{error}.") from None
    path = progress_path()
    progress, note = load_progress(path)
    if list_only:
        if note:
            say(note)
        for index, lesson in enumerate(lessons, 1):
            say(f"{index:2}. {lesson.title:<38} {progress.standing(index)}".rstrip())
        return
    if number is not None and number > len(lessons):
        raise click.BadParameter(f"there are {len(lessons)} lessons", param_hint="--lesson")
    first = (number or progress.next_lesson(len(lessons))) - 1
    with claim():  # as `play` takes the terminal: checked, one game at a time
        from tacocat.learn.sitting import Lessons
        from tacocat.ui.term.terminal import Terminal

        notes = [note] if note else []
        code = Lessons(lessons, first, Terminal(), (path, progress), ascii_only, notes).run()
    sys.exit(code)
