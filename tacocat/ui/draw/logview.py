"""The ``log`` view: the whole public story of the game so far, round by round.

Built from public events only (:mod:`tacocat.engine.events` never carry a
secret), so it shows both players exactly the same thing.  After each
round's events comes what that round put face up on the discard pile -
replaced cards, duel cards, attacks and answers - which the printed rules
leave for anyone to look through::

    Round 2 on C3: 6 cards each
    • Wow replaced two cards: 9 and 11
    ...
      Face up on the discard pile (8): 3 5 5 7 9 9 11 12
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tacocat.engine import PlayerView
from tacocat.engine.events import Answered, DuelRevealed, Event, Replaced, RoundStarted
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
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
    bullet = f"{glyphs.bullet} "
    indent = " " * len(bullet)
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
                lines += [Text(line) for line in wrap(text, width, bullet, indent)]
        pile = discarded(round_events)
        now = number == len(grouped)
        label = "Face up on the discard pile" + (" now" if now else "")
        shown = " ".join(str(value) for value in pile) if pile else "nothing"
        lines += [
            Text(line, style="cyan")
            for line in wrap(f"{label} ({len(pile)}): {shown}", width, indent, indent)
        ]
        if now and view.table:
            table = " ".join(str(card.value) for card in view.table)
            lines += [
                Text(line, style="cyan")
                for line in wrap(f"On the table: {table}", width, indent, indent)
            ]
    return lines
