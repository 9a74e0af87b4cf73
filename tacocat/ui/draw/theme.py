"""The game's colours, in one place: a colour per player and a tint per card value.

Colour only repeats what the text says (docs/playing.md, "Colour").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rich.style import Style
from rich.text import Text

from tacocat.engine.rules import MAX_VALUE, MIN_VALUE

# Yay, then Wow.  Two hues far apart that stay apart for the common kinds of
# colour blindness, and neither is the cyan of hints or the red of errors.
PLAYER_COLOURS = ("magenta", "green")
# Low to high: cool to warm.  Named 256-colour entries; rich falls back to
# the nearest of 16 colours on smaller terminals.
VALUE_COLOURS = (
    "deep_sky_blue1",
    "turquoise2",
    "spring_green2",
    "gold1",
    "dark_orange",
    "red1",
)
TACOCAT = Style.parse("bold yellow")


@lru_cache(maxsize=8)
def player_style(player: int) -> Style:
    """The style of player ``player``'s name (0: Yay, 1: Wow): bold, in their colour."""
    return Style(color=PLAYER_COLOURS[player % len(PLAYER_COLOURS)], bold=True)


@lru_cache(maxsize=256)
def value_style(value: int) -> Style:
    """The style of a card value: bold, tinted from cool (lowest) to warm (highest)."""
    span = MAX_VALUE - MIN_VALUE + 1
    step = (min(max(value, MIN_VALUE), MAX_VALUE) - MIN_VALUE) * len(VALUE_COLOURS) // span
    return Style(color=VALUE_COLOURS[step], bold=True)


@lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    # Longest first, whole words only: "Ann" is not tinted inside "Anna" or "Annex".
    words = sorted({name for name in names if name.strip()}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")


def tint_names(text: Text, names: Sequence[str]) -> Text:
    """``text``, changed in place, with each whole-word player's name in that player's style.

    Two players of the same name share the first one's colour.
    """
    pattern = _names_pattern(tuple(names))
    if pattern is None:
        return text
    for match in pattern.finditer(text.plain):
        text.stylize(player_style(list(names).index(match.group())), match.start(), match.end())
    return text
