"""One step of a replay as a screen: what was done, what followed, the board and the hands.

Board, piles and table come from the public view; a game not yet finished
shows no hand and no face-down choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Card,
    Duel,
    GameState,
    Player,
    PublicView,
    Replace,
    Rules,
)
from tacocat.engine.words import plural
from tacocat.storage.replay import Step
from tacocat.ui.draw.board import board_table, grid_rows, pack, status_parts
from tacocat.ui.draw.cards import hand_height, hand_row, values_text
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.layout import tall
from tacocat.ui.draw.news import wrap_entry


def step_screen(
    step: Step,
    last: int,
    names: tuple[str, str],
    frame: Frame,
    rows: int | None = None,
    public: bool = False,
) -> RenderableType:
    """Step ``step`` of ``last``: what was done, what followed, then board, table and hands.

    With ``rows`` the step fits in that many rows: the hands shrink to a
    line of values each, and only then are the step's last events left out
    (saying how many).  ``public`` (an unfinished game) leaves out the hands
    and every secret choice.
    """
    width, state = frame.width, step.state
    seen = state.public_view()  # all a spectator may know; the hands come from the state
    if step.action is None or step.mover is None:
        heading, done = f"Step 0 of {last} - the deal", Text("The cards are shuffled and dealt.")
    else:
        heading = f"Step {step.number} of {last}"
        move = public_move(step.action) if public else str(step.action)
        done = Text(f"{names[step.mover]}: {move}", style="bold")
    done = fold(done, width)
    entries = [wrap_entry(event.text(names), width, frame.glyphs) for event in step.events]
    status = public_status(seen, names, frame)
    on_table = Text("On the table: ").append_text(values_text(seen.table_values))
    table = fold(on_table, width) if seen.table_ids else None
    labels = [] if public else _hand_labels(state, names)  # sizes are in the status line
    high = tall(frame, seen.rules)  # cards and board as the game drew them in this frame
    fixed = 1 + rows_of(done) + grid_rows(high) + len(status) + (rows_of(table) if table else 0)
    events_rows = sum(len(lines) for lines in entries)
    full = sum(
        rows_of(fold(label, width))
        + (hand_height(len(hand), width, seen.rules, high) if hand else 0)
        for label, hand in labels
    )
    compact = rows is not None and fixed + events_rows + full > rows
    hand_parts = _hands(labels, compact, frame, seen.rules, high)
    happened = _events(entries, rows, fixed, hand_parts) if rows and compact else entries
    lines = [line for entry in happened for line in entry]
    if len(happened) < len(entries):
        hidden = len(entries) - len(happened)
        lines.append(f"  (and {plural(hidden, 'more event')} of this step)")
    parts: list[RenderableType] = [Rule(heading, align="left"), done]
    if lines:
        parts.append(Text("\n".join(lines), no_wrap=True, overflow="crop"))
    parts += [
        board_table(seen.rules, seen.position, seen.tiles, names, frame.glyphs, width, high),
        Text("\n".join(status), no_wrap=True, overflow="crop"),
    ]
    if table is not None:
        parts.append(table)
    return Group(*parts, *hand_parts)


def public_status(seen: PublicView, names: tuple[str, str], frame: Frame) -> list[str]:
    """The status line of a public view (round, piles, hand sizes), packed to the frame's width."""
    return pack(status_parts(seen, seen.hand_sizes, names), f" {frame.glyphs.dot} ", frame.width)


def _hand_labels(state: GameState, names: tuple[str, str]) -> list[tuple[Text, tuple[Card, ...]]]:
    """Each hand with its heading (and a face-down choice, shown in a finished game)."""
    labels = []
    for player in (YAY, WOW):
        hand = state.hand(player)
        label = Text(f"{names[player]}'s hand ({len(hand)})", style="bold")
        secret = face_down(state, player)
        if secret:
            label.append(f" - {secret}", style="italic")
        labels.append((label, hand))
    return labels


def _hands(
    labels: list[tuple[Text, tuple[Card, ...]]],
    compact: bool,
    frame: Frame,
    rules: Rules,
    high: bool,
) -> list[RenderableType]:
    width = frame.width
    parts: list[RenderableType] = []
    for label, hand in labels:
        if compact:
            line = label.copy()
            line.append(": ")
            line.append_text(values_text([card.value for card in hand]) if hand else Text("-"))
            parts.append(fold(line, width))
        else:
            parts.append(fold(label, width))
            if hand:
                keyed = [(None, card) for card in hand]
                parts.append(hand_row(keyed, frame.glyphs, room=width, rules=rules, tall=high))
    return parts


def _events(
    entries: Sequence[list[str]], rows: int, fixed: int, hand_parts: list[RenderableType]
) -> list[list[str]]:
    """As many of the step's events (each a list of lines) as fit what ``rows`` leaves."""
    used = sum(rows_of(part) for part in hand_parts if isinstance(part, Text))
    room = rows - fixed - used
    if sum(len(lines) for lines in entries) <= room:
        return list(entries)
    shown, total = [], 0
    for lines in entries:
        if total + len(lines) > room - 1:
            break
        shown.append(lines)
        total += len(lines)
    return shown


def public_move(action: Action) -> str:
    """What everybody at the table saw of an action: an attack or answer, or a secret choice."""
    if isinstance(action, Duel):
        return "chose a duel card"
    if isinstance(action, Replace):
        return "chose a replacement"
    return str(action)


def face_down(state: GameState, player: Player) -> str:
    """A choice made secretly and not yet revealed (shown in a finished game's replay).

    The player's own view knows it, so the engine decides what counts as one.
    """
    choice = state.view(player).my_choice
    if isinstance(choice, Duel):
        return f"duel card {choice.value} chosen face down"
    if isinstance(choice, Replace):
        shown = ", ".join(str(value) for value in choice.values) or "nothing"
        return f"chose to replace {shown} (not yet revealed)"
    return ""
