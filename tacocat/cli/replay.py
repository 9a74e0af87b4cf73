"""``tacocat replay [GAME]``: watch a recorded game again, both hands face up once it is over.

The replay is re-played from the record's rules, seed and actions through
the engine (so it is exact), and every step's events are compared with
the events recorded while the game was played.

A game that is not finished (saved to be resumed, or being played in
another terminal right now) replays with what its players saw in public
only: the board, the table, the number of cards in each hand and the
events.  No hand, no face-down choice and not the seed (from which every
hand follows) is shown until the game is over.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tacocat.coach.analysis import Review
    from tacocat.engine import Action, Card, GameState, Player
    from tacocat.storage.records import GameRecord
    from tacocat.storage.replay import Mismatch, Step
    from tacocat.ui.glyphs import Glyphs


@click.command()
@click.argument("game", required=False, metavar="[GAME]")
@click.option("--ascii", "ascii_only", is_flag=True, help="Draw with ASCII only (no Unicode).")
@click.option(
    "--analyze",
    "with_analysis",
    is_flag=True,
    help="Mark each decision as `tacocat analyze` does (finished games only).",
)
def replay(game: str | None, ascii_only: bool, with_analysis: bool) -> None:
    """Replay a recorded game step by step, showing both hands once it is over.

    GAME is a number from `tacocat history` (1 is the newest game, the
    default) or the path of a record file.  On a terminal each step fits the
    screen: press Enter for the next step, b to step back, r and a number to
    go to that round, a to run to the end, q to quit; piped, the whole game
    is printed.  The replay is checked against the events recorded during play.
    Moves taken back during play are shown where they were made.
    With --analyze, each decision is followed by its mark (inaccuracy,
    mistake, blunder) and the best move, as `tacocat analyze` finds them.
    A game not yet finished shows only what was public: no hand is shown.
    """
    from tacocat.cli.output import prepare_stdout
    from tacocat.cli.recorded import find_record

    record = find_record(game)
    _replay(record, ascii_only or not prepare_stdout(), with_analysis)


def _replay(record: GameRecord, ascii_only: bool, with_analysis: bool) -> None:
    from rich.console import Console

    from tacocat.storage.replay import ReplayCheck, ReplayError, replay_steps
    from tacocat.ui.glyphs import glyphs

    console = Console(highlight=False, emoji=False)
    reviews = _reviews(record, console, ascii_only) if with_analysis else {}
    shapes = glyphs(ascii_only)
    interactive = console.is_terminal and sys.stdin.isatty()
    names = record.info.names
    console.print(_title(record), style="bold", markup=False)
    check = ReplayCheck(record.events)
    try:
        steps = list(replay_steps(record.rules, record.info.seed, record.actions))
    except ReplayError as error:
        raise click.ClickException(
            f"this record cannot be re-played ({error}): it does not describe a game "
            "this version of tacocat can play"
        ) from None
    found = [check.step(step.events) for step in steps]  # the first difference, at its step
    if interactive:
        if not _navigate(console, record, steps, found, shapes, reviews):
            console.print("Replay stopped.")
            return
    else:
        taken_back = _taken_back_notes(record)
        for step, mismatch in zip(steps, found, strict=True):
            view = _step_view(
                step, len(steps) - 1, names, shapes, console.width, public=not record.finished
            )
            console.print(view)
            for line in taken_back.pop(step.number, []):
                console.print(line, style="yellow", markup=False)
            if step.number in reviews:
                _print_review(console, reviews[step.number], names)
            if mismatch is not None:
                console.print(f"! {mismatch.message(names)}", style="bold red", markup=False)
    _conclude(console, record, check.finish(), check.position)


def _taken_back_notes(record: GameRecord) -> dict[int, list[str]]:
    """Lines telling the moves taken back during play, by the step they were made at.

    A move taken back at step N was made after step N - 1, so it is told
    below that step, before what was played instead.  In a game not yet
    finished only its player is named: the move (a replacement or a duel
    card, often) tells cards that may still be in that player's hand.
    """
    notes: dict[int, list[str]] = {}
    for taken in record.taken_back:
        who = record.info.names[taken.player]
        what = f"{who}: {taken.action}" if record.finished else f"a move by {who}"
        notes.setdefault(taken.move - 1, []).append(
            f"Taken back during play: {what} (then played otherwise)"
        )
    return notes


def _navigate(
    console: Console,
    record: GameRecord,
    steps: list[Step],
    found: list[Mismatch | None],
    shapes: Glyphs,
    reviews: dict[int, Review],
) -> bool:
    """Show one step at a time, each fitted to the screen; False if the viewer quit.

    Enter goes forward, b back, r N to the start of round N, a to the end
    (which, like Enter on the last step, ends the replay).
    """
    names = record.info.names
    last = len(steps) - 1
    index = 0
    note = ""
    while True:
        step = steps[index]
        width, height = console.size
        console.clear()
        title = _title(record)
        console.print(title, style="bold", markup=False)
        mismatch = found[index]
        alarm = f"! {mismatch.message(names)}" if mismatch is not None else ""
        review = reviews.get(step.number)
        coach = f"{COACH}{review.line(names)}" if review is not None else ""
        taken = "\n".join(_taken_back_notes(record).get(step.number, []))
        below = [line for line in (taken, coach, alarm, note) if line]
        # Rows: the title, the step, the warnings, the keys line.
        rows = height - _rows(title, width) - sum(_rows(line, width) for line in below) - 1
        console.print(
            _step_view(step, last, names, shapes, width, rows, public=not record.finished)
        )
        if taken:
            console.print(taken, style="yellow", markup=False)
        if review is not None:
            _print_review(console, review, names)
        if alarm:
            console.print(alarm, style="bold red", markup=False)
        if note:
            console.print(note, style="bold", markup=False)
        note = ""
        keys = _step_keys(index, last)
        key = _ask_key(console, f" {shapes.dot} ".join(keys))
        if key == "q":
            return False
        if key == "a" or (key == "" and index == last):
            if key == "a" and index < last:
                _show_end(console, record, steps, found, shapes)
            return True
        if key == "":
            index += 1
        elif key == "b":
            index = max(0, index - 1)
        elif key == "r":
            number = _ask_number(console, "Go to round: ")
            target = _round_start(steps, number) if number is not None else None
            if target is None:
                rounds = steps[-1].state.round_number
                note = f"There is no round {number}: this game has rounds 1 to {rounds}."
            else:
                index = target


def _show_end(
    console: Console,
    record: GameRecord,
    steps: list[Step],
    found: list[Mismatch | None],
    shapes: Glyphs,
) -> None:
    """The last step, fitted to the screen (``a``: run to the end)."""
    names = record.info.names
    width, height = console.size
    console.clear()
    console.print(_title(record), style="bold", markup=False)
    rows = height - _rows(_title(record), width) - 3  # room for the verdict below
    last = len(steps) - 1
    console.print(
        _step_view(steps[-1], last, names, shapes, width, rows, public=not record.finished)
    )
    earlier = next((mismatch for mismatch in found if mismatch is not None), None)
    if earlier is not None:
        console.print(f"! {earlier.message(names)}", style="bold red", markup=False)


def _step_keys(index: int, last: int) -> list[str]:
    keys = ["Enter: next step" if index < last else "Enter: finish"]
    if index > 0:
        keys.append("b: back")
    keys += ["r N: round N", "a: to the end", "q: quit"]
    return keys


def _round_start(steps: list[Step], number: int) -> int | None:
    """The index of the step that deals round ``number`` (0 for round 1), or None."""
    from tacocat.engine.events import RoundStarted

    for index, step in enumerate(steps):
        if any(isinstance(e, RoundStarted) and e.round_number == number for e in step.events):
            return index
    return None


def _rows(text: str, width: int) -> int:
    from tacocat.ui.rules_text import wrap

    return max(1, len(wrap(text, width)))


COACH = "Coach: "  # begins the line that marks a decision (replay --analyze)


def _reviews(record: GameRecord, console: Console, ascii_only: bool) -> dict[int, Review]:
    """Every decision's review by step number (refused for an unfinished game)."""
    from tacocat.cli.analyze import UNFINISHED, run_analysis
    from tacocat.coach.analysis import ANALYSIS_BUDGET

    if not record.finished:
        raise click.ClickException(UNFINISHED)
    return run_analysis(record, ANALYSIS_BUDGET, None, console, ascii_only=ascii_only).by_step()


def _print_review(console: Console, review: Review, names: tuple[str, str]) -> None:
    from rich.text import Text

    from tacocat.cli.analyze import MARK_STYLES

    line = Text(COACH, style="bold")
    line.append(review.line(names), style=MARK_STYLES.get(review.mark or "", ""))
    console.print(line)


def _title(record: GameRecord) -> str:
    info = record.info
    outcome = record.result()
    if record.finished and record.winner is not None:
        outcome = f"{outcome} won"
    # An unfinished game's seed would give away every hand: it is shown once it is over.
    seed = f"seed {info.seed}" if record.finished else "hands hidden until it ends"
    return (
        f"Replay: {info.players}, started {info.started[:16].replace('T', ' ')} UTC, "
        f"{seed} - {outcome}"
    )


def _ask_key(console: Console, keys: str) -> str:
    """One key press: '' (next step), 'b' (back), 'r' (a round), 'a' (to the end) or 'q'."""
    console.print(keys, style="dim", end="")
    console.file.flush()
    while True:
        try:
            key = click.getchar()
        except (KeyboardInterrupt, EOFError):
            return "q"
        if key in ("\r", "\n", " "):
            return ""
        if key.lower() in ("a", "b", "q", "r"):
            return key.lower()
        if key == "\x1b":
            return "q"


def _ask_number(console: Console, prompt: str) -> int | None:
    """Digits typed up to Enter (only digits are echoed); None if none or Esc."""
    console.print(f"\n{prompt}", end="", markup=False)
    console.file.flush()
    digits = ""
    while True:
        try:
            keys = click.getchar()  # may hold several characters typed at once
        except (KeyboardInterrupt, EOFError):
            return None
        if keys.startswith("\x1b"):
            return None
        for key in keys:
            if key in ("\r", "\n"):
                return int(digits) if digits else None
            if key in ("\x7f", "\b") and digits:
                digits = digits[:-1]
                console.file.write("\b \b")
            elif key.isascii() and key.isdigit() and len(digits) < 4:
                digits += key
                console.file.write(key)
        console.file.flush()


def _step_view(
    step: Step,
    last: int,
    names: tuple[str, str],
    shapes: Glyphs,
    width: int,
    rows: int | None = None,
    public: bool = False,
) -> RenderableType:
    """One step: what was done, what followed, then board, table and both hands.

    With ``rows`` the step fits in that many rows, its heading first: the
    hands are shown as values in one line each when their card faces do not
    fit, and only then are the step's last events left out (saying how many).
    ``public`` (an unfinished game) leaves out the hands and every secret
    choice: a face-down duel card or replacement shows only as the event
    that says one was chosen.
    """
    from rich.console import Group
    from rich.rule import Rule
    from rich.text import Text

    from tacocat.engine import WOW, YAY
    from tacocat.ui.board import BOARD_ROWS, board_table, pack, status_parts
    from tacocat.ui.cards import CARD_HEIGHT, hand_row, hand_rows, values_text
    from tacocat.ui.screens import fold, rows_of, wrap_entry

    state = step.state
    if step.action is None or step.mover is None:
        heading = f"Step 0 of {last} - the deal"
        done = Text("The cards are shuffled and dealt.")
    else:
        heading = f"Step {step.number} of {last}"
        move = _public_move(step.action) if public else str(step.action)
        done = Text(f"{names[step.mover]}: {move}", style="bold")
    done = fold(done, width)
    entries = [wrap_entry(event.text(names), width, shapes) for event in step.events]
    sizes = (len(state.hands[0]), len(state.hands[1]))
    status = pack(
        status_parts(
            state.round_number,
            len(state.draw_pile),
            len(state.discard_pile),
            sizes,
            names,
            state.rules,
            state.tied_rounds,
        ),
        f" {shapes.dot} ",
        width,
    )
    table: Text | None = None
    if state.table:
        table = Text("On the table: ")
        table.append_text(values_text([state.rules.card_values[c] for c in state.table]))
        table = fold(table, width)
    labels = []
    # An unfinished game shows no hand: the sizes are in the status line.
    for player in () if public else (YAY, WOW):
        hand = state.hand(player)
        label = Text(f"{names[player]}'s hand ({len(hand)})", style="bold")
        secret = _face_down(state, player)
        if secret:
            label.append(f" - {secret}", style="italic")
        labels.append((label, hand))

    def faces_height(hand: tuple[Card, ...]) -> int:
        if not hand:
            return 0
        return CARD_HEIGHT * hand_rows(len(hand), width, [card.phrase for card in hand])

    fixed = 1 + rows_of(done) + BOARD_ROWS + len(status) + (rows_of(table) if table else 0)
    events_rows = sum(len(lines) for lines in entries)
    full = sum(rows_of(fold(label, width)) + faces_height(hand) for label, hand in labels)
    compact = rows is not None and fixed + events_rows + full > rows
    shown_entries = entries
    hand_parts: list[RenderableType] = []
    for label, hand in labels:
        if compact:
            line = label.copy()
            line.append(": ")
            line.append_text(values_text([card.value for card in hand]) if hand else Text("-"))
            hand_parts.append(fold(line, width))
        else:
            hand_parts.append(fold(label, width))
            if hand:
                hand_parts.append(hand_row([(None, card) for card in hand], shapes, room=width))
    if rows is not None and compact:
        used = sum(rows_of(part) for part in hand_parts if isinstance(part, Text))
        room = rows - fixed - used
        if events_rows > room:
            shown_entries, total = [], 0
            for lines in entries:
                if total + len(lines) > room - 1:
                    break
                shown_entries.append(lines)
                total += len(lines)
    happened = [line for lines in shown_entries for line in lines]
    if len(shown_entries) < len(entries):
        hidden = len(entries) - len(shown_entries)
        happened.append(f"  (and {hidden} more event{'s' if hidden > 1 else ''} of this step)")
    parts: list[RenderableType] = [Rule(heading, align="left"), done]
    if happened:
        parts.append(Text("\n".join(happened), no_wrap=True, overflow="crop"))
    parts += [
        board_table(state.rules, state.position, state.tiles, names, shapes, width),
        Text("\n".join(status), no_wrap=True, overflow="crop"),
    ]
    if table is not None:
        parts.append(table)
    parts += hand_parts
    return Group(*parts)


def _public_move(action: Action) -> str:
    """What everybody at the table saw of an action: an attack or answer, or a secret choice."""
    from tacocat.engine import Duel, Replace

    if isinstance(action, Duel):
        return "chose a duel card"
    if isinstance(action, Replace):
        return "chose a replacement"
    return str(action)


def _face_down(state: GameState, player: Player) -> str:
    """A choice made secretly and not yet revealed (both are shown in a replay).

    The player's own view knows their hidden choice, so the engine decides
    what counts as one.
    """
    from tacocat.engine import Duel, Replace

    choice = state.view(player).my_choice
    if isinstance(choice, Duel):
        return f"duel card {choice.value} chosen face down"
    if isinstance(choice, Replace):
        shown = ", ".join(str(value) for value in choice.values) or "nothing"
        return f"chose to replace {shown} (not yet revealed)"
    return ""


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
    """Why the hands were hidden, and whether the game can still be resumed."""
    from tacocat.storage.autosave import saved_game_id
    from tacocat.storage.lock import game_running

    if game_running():
        return (
            "The game is not finished (a game is being played in another terminal now): "
            "its hands are shown once it is over."
        )
    if saved_game_id() == record.info.game_id:
        return (
            "The game is not finished: resume it with `tacocat play --resume`; "
            "its hands are shown once it is over."
        )
    from tacocat.storage.records import history_number

    number = history_number(record.info.game_id)
    if number is None:  # a record file given by its path, not in the app's folder
        return (
            "The game is not finished, and it is not among the games `tacocat history` "
            "lists, so it cannot be resumed here: its hands stay hidden."
        )
    return (
        f"The game is not finished: resume it with `tacocat play --resume {number}`; "
        "its hands are shown once it is over."
    )
