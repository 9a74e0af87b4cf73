"""The hint screen: the coach's best moves for the player at the keyboard.

It is drawn on that player's own screen, beside their hand, so the keys to
type are at hand; it holds nothing their view does not (see
:mod:`tacocat.coach.advice`).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tacocat.coach.advice import Advice, advice_lines
from tacocat.engine import Action, Duel, Replace
from tacocat.ui.cards import hand_row
from tacocat.ui.glyphs import UNICODE, Glyphs
from tacocat.ui.prompts import KEEP, Keyed, keys_for


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
) -> RenderableType:
    """The best few moves with their win chances, then the hand they refer to.

    ``used`` is how many hints this player has asked for in this game, this one included.
    """
    keys = {estimate.action: typed_keys(estimate.action, keyed) for estimate in advice.candidates}
    lines = [
        "Worked out from your cards and the face-up cards only, by playing the",
        "rest of the game out many times from your point of view:",
        "",
        *advice_lines(advice, keys),
        "",
        f"Hints asked for in this game: {used} (shown at the end and kept in the record).",
    ]
    return Group(
        Panel(Text("\n".join(lines)), box=glyphs.box, title="Hint", padding=(0, 1)),
        hand_row(keyed, glyphs, room=width),
    )
