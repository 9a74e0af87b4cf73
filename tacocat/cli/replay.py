"""``tacocat replay [GAME]``: a recorded game re-played through the engine and checked.

An unfinished game shows only what was public: no hand, no face-down
choice, not the seed (every hand follows from it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from tacocat.cli.options import ascii_option
from tacocat.cli.recorded import outcome, unplayable

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from tacocat.coach.verdict import Review
    from tacocat.storage.records import GameRecord
    from tacocat.storage.replay import Mismatch, Step


@click.command()
@click.argument("game", required=False, metavar="[GAME]")
@ascii_option
@click.option(
    "--analyze",
    "with_analysis",
    is_flag=True,
    help="Mark each decision as `tacocat analyze` does (finished games only).",
)
def replay(game: str | None, ascii_only: bool, with_analysis: bool) -> None:
    """Replay a recorded game step by step, showing both hands once it is over.

    GAME is a game's id or number from `tacocat history` (1 is the newest
    game, the default), or the path of a record file.  On a terminal each step fits the
    screen: press Enter for the next step, b to step back, r and a number to
    go to that round, a to run to the end, q to quit; piped, the whole game
    is printed.  The replay is checked against the events recorded during play.
    Moves taken back during play are shown where they were made.
    With --analyze, each decision is followed by its mark (inaccuracy,
    mistake, blunder) and the best move, as `tacocat analyze` finds them.
    A game not yet finished shows only what was public: no hand is shown.
    """
    from tacocat.cli.recorded import find_record

    _replay(find_record(game), ascii_only, with_analysis)


def _replay(record: GameRecord, ascii_only: bool, with_analysis: bool) -> None:
    from rich.console import Console

    from tacocat.storage.replay import ReplayCheck, ReplayError, replay_steps
    from tacocat.ui.draw.glyphs import glyphs

    console = Console(highlight=False, emoji=False)
    reviews = _reviews(record, console, ascii_only) if with_analysis else {}
    shapes = glyphs(ascii_only)
    interactive = console.is_terminal and sys.stdin.isatty()
    names = record.info.names
    if not interactive:  # on a terminal the replay prints it with the step it ends on
        console.print(_title(record), style="bold", markup=False)
    check = ReplayCheck(record.events)
    try:
        steps = list(replay_steps(record.rules, record.info.seed, record.actions))
    except ReplayError as error:
        raise unplayable(error) from None
    found = [check.step(step.events) for step in steps]  # the first difference, at its step
    withheld = not record.finished and _may_be_taken_back(steps[-1])
    if withheld:
        steps = steps[:-1]  # not yet seen by the other player: it may never have happened
    below = _below(record, found, reviews, len(steps) - 1)
    if interactive:
        from tacocat.ui.play.replayer import Replay, watch
        from tacocat.ui.term.terminal import Terminal

        marked = tuple(sorted(number for number, item in reviews.items() if item.mark))
        story = Replay(_title(record), names, steps, not record.finished, below, marked)
        if not watch(Terminal(console), story, shapes):
            console.print("Replay stopped.")
            return
    else:
        from tacocat.ui.draw.frame import Frame
        from tacocat.ui.draw.replayscreen import step_screen

        frame = Frame(console.width, 0, shapes)
        for step in steps:
            console.print(
                step_screen(step, len(steps) - 1, names, frame, None, not record.finished)
            )
            for line in below.get(step.number, []):
                console.print(line)
    if withheld:
        console.print("The last move is not shown: its player may still take it back.")
    _conclude(console, record, check.finish(), check.position)
    if reviews:
        from tacocat.coach.luck import measure, report

        lucks = measure(record.rules, record.info.seed, record.actions, reviews.values())
        console.print(report(lucks, names), markup=False)


def _may_be_taken_back(step: Step) -> bool:
    """Whether the game's last move may still be taken back (then it is not shown)."""
    from tacocat.ui.play.table import may_take_back

    if step.action is None or step.mover is None:
        return False
    return may_take_back(step.action, step.events, step.mover, step.state.current_player())


def _below(
    record: GameRecord, found: list[Mismatch | None], reviews: dict[int, Review], last: int
) -> dict[int, list[Text]]:
    from rich.text import Text

    from tacocat.coach.verdict import review_line
    from tacocat.ui.draw.graph import MARK_STYLES

    names = record.info.names
    below: dict[int, list[Text]] = {}
    for number, lines in _taken_back_notes(record, last).items():
        below.setdefault(number, []).extend(Text(line, style="yellow") for line in lines)
    for number, review in reviews.items():
        line = Text(COACH, style="bold")
        line.append(review_line(review, names), style=MARK_STYLES.get(review.mark or "", ""))
        below.setdefault(number, []).append(line)
    for number, mismatch in enumerate(found):
        if mismatch is not None:
            alarm = Text(f"! {mismatch.message(names)}", style="bold red")
            below.setdefault(number, []).append(alarm)
    return below


def _taken_back_notes(record: GameRecord, last: int | None = None) -> dict[int, list[str]]:
    """Lines telling the moves taken back during play, by the step they were made at.

    Below the step that replaced the move (or the ``last`` one shown).  In an
    unfinished game only the player is named: the move may tell cards still held.
    """
    notes: dict[int, list[str]] = {}
    taken_back = record.taken_back
    for number, taken in enumerate(taken_back):
        who = record.info.names[taken.player]
        line = f"Taken back during play: a move by {who}"
        if record.finished:
            later = [t.action for t in taken_back[number + 1 :] if t.move == taken.move]
            played = record.actions[taken.move - 1 : taken.move]  # none in a damaged record
            line = f"Taken back during play: {who}: {taken.action}"
            for instead in (later or list(played))[:1]:
                line += f" (then played {'again' if instead == taken.action else 'otherwise'})"
        notes.setdefault(taken.move if last is None else min(taken.move, last), []).append(line)
    return notes


COACH = "Coach: "  # begins the line that marks a decision (replay --analyze)


def _reviews(record: GameRecord, console: Console, ascii_only: bool) -> dict[int, Review]:
    from tacocat.cli.analyze import run_analysis
    from tacocat.coach.analysis import ANALYSIS_BUDGET

    return run_analysis(record, ANALYSIS_BUDGET, None, console, ascii_only=ascii_only).by_step()


def _title(record: GameRecord) -> str:
    info = record.info
    # An unfinished game's seed would give away every hand: it is shown once it is over.
    seed = f"seed {info.seed}" if record.finished else "hands hidden until it ends"
    return (
        f"Replay: {info.players}, started {info.started[:16].replace('T', ' ')} UTC, "
        f"{seed} - {outcome(record)}"
    )


def _conclude(
    console: Console, record: GameRecord, mismatch: Mismatch | None, replayed: int
) -> None:
    """Say whether the replay matched the record; a difference exits with status 1."""
    if not record.finished:
        console.print(_unfinished_note(record), markup=False)
    if mismatch is None:
        console.print(
            f"Checked: the re-played game gives exactly the {replayed} recorded events.",
            style="green",
        )
        return
    # Names and event texts are printed as plain text (markup=False) throughout.
    console.print(
        f"! Warning: {mismatch.message(record.info.names)}", style="bold red", markup=False
    )
    console.print(
        "The record was changed after the game, or this version of tacocat plays it "
        "differently; what is shown above is the engine's re-play.",
        style="red",
    )
    raise SystemExit(1)


def _unfinished_note(record: GameRecord) -> str:
    from tacocat.storage.autosave import saved_game_id
    from tacocat.storage.lock import game_running

    shown = "its hands are shown once it is over."
    if game_running():
        return f"The game is not finished (a game is being played in another terminal now): {shown}"
    if saved_game_id() == record.info.game_id:
        resume = record.info.resume_command(by_id=False)
        return f"The game is not finished: resume it with {resume}; {shown}"
    from tacocat.storage.records import history_number

    if history_number(record.info.game_id) is None:  # a file given by its path, elsewhere
        return (
            "The game is not finished, and it is not among the games `tacocat history` "
            "lists, so it cannot be resumed here: its hands stay hidden."
        )
    return f"The game is not finished: resume it with {record.info.resume_command()}; {shown}"
