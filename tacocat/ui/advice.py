"""The hint screen: the coach's best moves for the player at the keyboard.

It is drawn on that player's own screen, beside their hand, so the keys to
type are at hand; it holds nothing their view does not (see
:mod:`tacocat.coach.advice`).
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.coach.advice import Advice, advice_lines
from tacocat.engine import Action, Duel, Replace, Rules
from tacocat.ui.cards import STANDARD_RULES, hand_row
from tacocat.ui.glyphs import UNICODE, Glyphs
from tacocat.ui.prompts import KEEP, Keyed, keys_for

RANKED = re.compile(r"\d[.=] ")  # a candidate's line: '1. ...' or '1= ...' for equals


def typed_keys(action: Action, keyed: Keyed) -> str:
    """What to type for ``action`` with this hand, e.g. 'd e' (or '-' to keep the hand)."""
    if isinstance(action, Duel):
        return keys_for((action.value,), keyed)
    if isinstance(action, Replace) and not action.values:
        return KEEP
    return keys_for(action.values, keyed).replace("+", " ")


def hint_screen(
    advice: Advice,
    keyed: Keyed,
    used: int,
    width: int = 80,
    glyphs: Glyphs = UNICODE,
    rules: Rules = STANDARD_RULES,
    tall: bool = False,
) -> RenderableType:
    """The best few moves with their win chances, then the hand they refer to.

    ``used`` is how many hints this player has asked for in this game, this one included.
    The hand is drawn as on the decision screen (``rules``, ``tall``: layout.tall).
    """
    keys = {estimate.action: typed_keys(estimate.action, keyed) for estimate in advice.candidates}
    body: list[RenderableType] = [
        Text("From your cards and the face-up cards only, played out many times:")
    ]
    ranked = Table.grid(padding=(0, 1))  # a rank's label beside its lines, wrapped under them
    ranked.add_column(no_wrap=True)
    ranked.add_column()
    after: list[str] = []
    for line in advice_lines(advice, keys):
        if RANKED.match(line):
            ranked.add_row(line[:2], Text(line[3:]))
        elif line.startswith("   ") and not after:
            ranked.add_row("", Text(line.strip(), style="dim"))
        else:
            after.append(line)
    body += [ranked, *(Text(line) for line in after)]
    body.append(
        Text(f"Hints asked for in this game: {used} (shown at the end and kept in the record).")
    )
    return Group(
        Panel(Group(*body), box=glyphs.box, title="Hint", padding=(0, 1)),
        hand_row(keyed, glyphs, room=width, rules=rules, tall=tall),
    )
