"""The hint screen: the coach's best moves, over the hand of the player at the keyboard.

It holds nothing their view does not (:mod:`tacocat.coach.advice`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.coach.advice import Advice, advice_lines
from tacocat.engine import Action, Duel, Replace, Rules
from tacocat.ui.draw.cards import STANDARD_RULES, hand_row
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import rendered
from tacocat.ui.draw.prompts import KEEP, Keyed, keys_for

RANKED = re.compile(r"\d[.=] ")  # a candidate's line: '1. ...' or '1= ...' for equals


def typed_keys(action: Action, keyed: Keyed) -> str:
    """What to type for ``action`` with this hand, e.g. 'd e' (or '-' to keep the hand)."""
    if isinstance(action, Duel):
        return keys_for((action.value,), keyed)
    if isinstance(action, Replace) and not action.values:
        return KEEP
    return keys_for(action.values, keyed).replace("+", " ")


def count_line(used: int, shown_at_end: bool, recorded: bool) -> str:
    """The hint screen's last sentence: the player's count, and only where it really goes."""
    places = [("shown at the end", shown_at_end), ("kept in the record", recorded)]
    kept = " and ".join(place for place, true in places if true)
    return f"Hints asked for in this game: {used}" + (f" ({kept})." if kept else ".")


def hint_screen(
    advice: Advice,
    keyed: Keyed,
    count: str,
    width: int = 80,
    glyphs: Glyphs = UNICODE,
    rules: Rules = STANDARD_RULES,
    tall: bool = False,
    explain: bool = False,
    height: int | None = None,
) -> RenderableType:
    """The best few moves with their win chances, then the hand they refer to.

    ``count`` is the last line (:func:`count_line`).  ``explain``, for the
    player's first hint, says what the numbers mean.  Within ``height`` rows
    (and a prompt's) if given: the opening line goes first, then the
    reasons of the last moves, never a move or a number.
    """
    hand = hand_row(keyed, glyphs, room=width, rules=rules, tall=tall)
    for intro, reasons in [(True, len(advice.reasons)), *((False, n) for n in range(3, -1, -1))]:
        trimmed = replace(advice, reasons=advice.reasons[:reasons])
        fits = Group(_panel(trimmed, keyed, count, glyphs, explain, intro), hand)
        if height is None or rendered(fits, width).count("\n") < height:
            break
    return fits


def _panel(
    advice: Advice, keyed: Keyed, count: str, glyphs: Glyphs, explain: bool, intro: bool
) -> RenderableType:
    """The hint's panel: ranked moves with their reasons beside the rank, then the rest."""
    keys = {estimate.action: typed_keys(estimate.action, keyed) for estimate in advice.candidates}
    body: list[RenderableType] = []
    if intro:
        body.append(Text("From your cards and the face-up cards only, played out many times:"))
    ranked = Table.grid(padding=(0, 1))  # a rank's label beside its lines, wrapped under them
    ranked.add_column(no_wrap=True)
    ranked.add_column()
    after: list[str] = []
    for line in advice_lines(advice, keys, explain):
        if RANKED.match(line):
            ranked.add_row(line[:2], Text(line[3:]))
        elif line.startswith("   ") and not after:
            ranked.add_row("", Text(line.strip(), style="dim"))
        else:
            after.append(line)
    body += [ranked, *(Text(line) for line in after)]
    body.append(Text(count))
    return Panel(Group(*body), box=glyphs.box, title="Hint", padding=(0, 1))
