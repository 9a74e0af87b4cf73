"""The ``log`` view: the whole public story of the game so far, round by round.

From public events only, so both players see the same; after each round,
what it put face up on the discard pile, which the rules let anyone look through.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tacocat.engine import PlayerView
from tacocat.engine.events import Answered, DuelRevealed, Event, Replaced, RoundStarted
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.news import wrap_entry
from tacocat.ui.draw.rules_text import wrap


def discarded(events: Sequence[Event]) -> list[int]:
    """The values one round's events put on the discard pile, lowest first.

    Cards on the table (an attack not yet answered) are not on the pile yet.
    """
    values: list[int] = []
    for event in events:
        if isinstance(event, Replaced | DuelRevealed):
            values += event.values
        elif isinstance(event, Answered):
            values += (*event.attack, *event.values)
    return sorted(values)


def rounds(events: Sequence[Event]) -> list[list[Event]]:
    """Events split into rounds, each starting with its :class:`RoundStarted`."""
    split: list[list[Event]] = []
    for event in events:
        if isinstance(event, RoundStarted) or not split:
            split.append([])
        split[-1].append(event)
    return split


def log_view_lines(
    events: Sequence[Event],
    view: PlayerView,
    names: tuple[str, str],
    width: int,
    glyphs: Glyphs = UNICODE,
) -> list[Text]:
    """Every public event so far, round by round, with each round's discard pile.

    ``view`` (any player's) gives only public facts: the cards on the table.
    """
    indent = " " * len(f"{glyphs.bullet} ")
    lines: list[Text] = []
    grouped = rounds(events)
    for number, round_events in enumerate(grouped, start=1):
        if lines:
            lines.append(Text(""))
        for event in round_events:
            text = event.text(names)
            if isinstance(event, RoundStarted):
                lines += [Text(line, style="bold") for line in wrap(text, width)]
            else:
                lines += [Text(line) for line in wrap_entry(text, width, glyphs)]
        pile = discarded(round_events)
        now = number == len(grouped)
        label = "Face up on the discard pile" + (" now" if now else "")
        shown = " ".join(str(value) for value in pile) if pile else "nothing"
        notes = [f"{label} ({len(pile)}): {shown}"]
        if now and view.table:
            notes.append("On the table: " + " ".join(str(card.value) for card in view.table))
        for note in notes:
            lines += [Text(line, style="cyan") for line in wrap(note, width, indent, indent)]
    return lines
