"""``tacocat replay [GAME]``: watch a recorded game again, both hands face up.

The replay is re-played from the record's rules, seed and actions through
the engine (so it is exact), and every step's events are compared with
the events recorded while the game was played.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tacocat.engine import GameState, Player
    from tacocat.storage.records import GameRecord
    from tacocat.storage.replay import Mismatch, Step
    from tacocat.ui.glyphs import Glyphs

STEP_KEYS = ("Enter: next step", "a: run to the end", "q: quit")


@click.command()
@click.argument("game", required=False, metavar="[GAME]")
@click.option("--ascii", "ascii_only", is_flag=True, help="Draw with ASCII only (no Unicode).")
def replay(game: str | None, ascii_only: bool) -> None:
    """Replay a recorded game step by step, showing both hands.

    GAME is a number from `tacocat history` (1 is the newest game, the
    default) or the path of a record file.  On a terminal, press Enter for
    the next step, a to run to the end, q to quit; piped, the whole game is
    printed.  The replay is checked against the events recorded during play.
    """
    from rich.console import Console

    from tacocat.storage.replay import ReplayCheck, ReplayError, replay_steps
    from tacocat.ui.glyphs import glyphs

    record = _find_record(game)
    console = Console(highlight=False, emoji=False)
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
    running = not interactive
    for step in steps:
        if not running:
            console.clear()
            console.print(_title(record), style="bold", markup=False)
        width = console.width
        console.print(_step_view(step, len(steps) - 1, names, shapes, width), width=width)
        found = check.step(step.events)
        if found is not None:
            console.print(f"! {found.message(names)}", style="bold red", markup=False)
        if not running and step.number < len(steps) - 1:
            key = _ask_key(console, f" {shapes.dot} ".join(STEP_KEYS))
            if key == "q":
                console.print("Replay stopped.")
                return
            running = key == "a"
    _conclude(console, record, check.finish(), check.position)


def _find_record(game: str | None) -> GameRecord:
    """The record GAME names: a number from `tacocat history` (default 1) or a file."""
    from tacocat.storage.records import RecordError, list_records, read_record

    try:
        if game is not None and not game.isdigit():
            path = Path(game)
            if not path.is_file():
                raise click.BadParameter(f"no such record file: {game}", param_hint="GAME")
            return read_record(path)
        records, _ = list_records()
        if not records:
            raise click.ClickException(
                "no games recorded yet: play one with `tacocat play`, then replay it here"
            )
        number = int(game) if game is not None else 1
        if not 1 <= number <= len(records):
            listed = f"{len(records)} game{'s' if len(records) != 1 else ''}"
            raise click.BadParameter(
                f"there is no game {number}: `tacocat history` lists {listed} (1 is the newest)",
                param_hint="GAME",
            )
        listed_path = records[number - 1].path
        assert listed_path is not None  # list_records reads records from files
        return read_record(listed_path)
    except RecordError as error:
        raise click.ClickException(str(error)) from None


def _title(record: GameRecord) -> str:
    info = record.info
    outcome = record.result()
    if record.finished and record.winner is not None:
        outcome = f"{outcome} won"
    return (
        f"Replay: {info.players}, started {info.started[:16].replace('T', ' ')} UTC, "
        f"seed {info.seed} - {outcome}"
    )


def _ask_key(console: Console, keys: str) -> str:
    """One key press: '' (next step), 'a' (run to the end) or 'q' (quit)."""
    console.print(keys, style="dim")
    while True:
        try:
            key = click.getchar()
        except (KeyboardInterrupt, EOFError):
            return "q"
        if key in ("\r", "\n", " "):
            return ""
        if key.lower() in ("a", "q"):
            return key.lower()
        if key == "\x1b":
            return "q"


def _step_view(
    step: Step, last: int, names: tuple[str, str], shapes: Glyphs, width: int
) -> RenderableType:
    """One step: what was done, what followed, then board, table and both hands."""
    from rich.console import Group
    from rich.rule import Rule
    from rich.text import Text

    from tacocat.engine import WOW, YAY
    from tacocat.ui.board import board_table, status_line
    from tacocat.ui.cards import hand_row, values_text

    state = step.state
    if step.action is None or step.mover is None:
        heading = f"Step 0 of {last} - the deal"
        done = Text("The cards are shuffled and dealt.")
    else:
        heading = f"Step {step.number} of {last}"
        done = Text(f"{names[step.mover]}: {step.action}", style="bold")
    happened = Text()
    for index, event in enumerate(step.events):
        if index:
            happened.append("\n")
        happened.append(f"{shapes.bullet} {event.text(names)}")
    sizes = (len(state.hands[0]), len(state.hands[1]))
    parts: list[RenderableType] = [Rule(heading, align="left"), done]
    if step.events:
        parts.append(happened)
    parts += [
        board_table(state.rules, state.position, state.tiles, names, shapes),
        status_line(
            state.round_number,
            len(state.draw_pile),
            len(state.discard_pile),
            sizes,
            names,
            shapes,
        ),
    ]
    if state.table:
        on_table = Text("On the table: ")
        on_table.append_text(values_text([state.rules.card_values[c] for c in state.table]))
        parts.append(on_table)
    for player in (YAY, WOW):
        hand = state.hand(player)
        label = Text(f"{names[player]}'s hand ({len(hand)})", style="bold")
        secret = _face_down(state, player)
        if secret:
            label.append(f" - {secret}", style="italic")
        parts.append(label)
        if hand:
            parts.append(hand_row([(None, card) for card in hand], shapes, room=width))
    return Group(*parts)


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
        console.print("The game is still in progress: resume it with `tacocat play --resume`.")
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
