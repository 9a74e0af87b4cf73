"""The rules in short, what ``tacocat rules`` prints: one screen, enough for a first game.

At 80 columns it fits 22 lines, so it never scrolls away at 80x24.  Like
:mod:`tacocat.ui.draw.rules_text`, it is written from the rules in play.
"""

from __future__ import annotations

from tacocat.engine.board import space_name
from tacocat.engine.players import Arrow
from tacocat.engine.rules import CENTRE, SPACE_COUNT, STREAM, Rules
from tacocat.ui.draw.rules_example import fits
from tacocat.ui.draw.rules_text import (
    RULES_WIDTH,
    TITLE,
    hand_sizes_words,
    space_list,
    spaces_with,
    wrap,
)


def _replace(rules: Rules) -> str:
    both = spaces_with(rules, Arrow.BOTH)
    if len(both) == SPACE_COUNT:
        return "Replace. Both players secretly replace any number of cards."
    text = (
        "Replace. The player the space's arrow points at replaces any number of cards "
        "first, face up; then the other replaces as many or fewer."
    )
    if both:
        text += f" On {space_list(both)} (two arrows) both replace secretly."
    return text


def _tie(rules: Rules) -> str:
    both = spaces_with(rules, Arrow.BOTH)
    if not rules.tie_goes_to_arrow:
        return "Equal cards: the round is dealt again."
    again = f" (on {space_list(both)} the round is dealt again)" if both else ""
    return f"Equal cards: the player the arrow points at wins{again}."


def short_paragraphs(rules: Rules) -> tuple[str, tuple[str, ...], str]:
    """The opening, the four steps of a round, and the closing line."""
    opening = (
        f"Race the Tacocat into your own goal along the board YAY (Yay's goal) "
        f"{' '.join(space_name(space) for space in range(SPACE_COUNT))} WOW (Wow's goal). "
        f"It starts on {space_name(CENTRE)}. Each round both players are dealt as many "
        f"cards as its space shows ({hand_sizes_words(rules)} from YAY)."
    )
    steps = (
        _replace(rules),
        "Duel. Both show one card at once; the higher card attacks first.",
        "Tricks. The attacker plays one card, a set (9 9) or a sequence (4 5 6), always "
        "keeping a card. The defender answers each attack card with one at least as high, "
        "or sacrifices their lowest card. All defended: the defender attacks next; else "
        "the attacker attacks again. Tricks go on until each holds one card.",
        "Showdown. The LOWER last card wins the round and moves the Tacocat one space "
        f"toward the winner's goal; a tile covers the space it left. {_tie(rules)}",
    )
    more = "Reach your goal to win. The whole rules: tacocat rules --full"
    if rules.replace(dealing=STREAM) != Rules():  # the dealing changes no rule of play
        more += " (this variant's deck and tie limit)"
    if fits(rules):
        more += "; a round played out: --example"
    return opening, steps, more + "."


def short_lines(rules: Rules, width: int = RULES_WIDTH) -> list[tuple[str, bool]]:
    """The short page as ``(line, is_heading)`` pairs of at most ``width`` columns."""
    opening, steps, more = short_paragraphs(rules)
    out = [(f"{TITLE}: the rules in short", True), ("", False)]
    out += [(line, False) for line in wrap(opening, width)] + [("", False)]
    for number, step in enumerate(steps, start=1):
        out += [(line, False) for line in wrap(step, width, f"{number}. ", "   ")]
    return out + [("", False)] + [(line, False) for line in wrap(more, width)]
