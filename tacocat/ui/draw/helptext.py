"""The ``?`` screen's words: what the decision at hand asks, and what a player may type."""

from __future__ import annotations

from tacocat.engine import Phase, PlayerView
from tacocat.engine.words import counted
from tacocat.ui.draw.prompts import KEEP, SACRIFICE


def _space(view: PlayerView) -> int | None:
    return view.position if 0 <= view.position < len(view.rules.hand_sizes) else None


# What every decision's help ends with, around the line of commands.
COMMON = (
    "",
    "Pick cards by letter ('ac' or 'a c') or value ('9 9'); arrows, Home/End and",
    "Ctrl-A/E/W/U edit the line, Up recalls your own lines (never the other's).",
    "u takes back your last move until it reveals anything (a duel or showdown,",
    "drawn cards seen, the next player at the keyboard, the computer's reply).",
)
SAY_LINE = "say TEXT sends a line to the other terminal (and any spectator)."


def help_text(
    view: PlayerView,
    names: tuple[str, str],
    width: int = 76,
    hint: str | None = "(counted)",
    chat: bool = False,
) -> list[str]:
    """Longer help for the current decision (the ``?`` screen), quoting the rules in play.

    ``hint`` is what the hint command's mention adds ("(counted)", or "");
    None when hints are off.  ``chat``: ``say`` reaches another terminal.
    """
    from tacocat.ui.draw import rules_text

    rules = view.rules
    offer = "" if hint is None else f"'hint' the coach{' ' + hint if hint else ''}; "
    common = [*COMMON[:3], f"? help; 'rules'; 'log' the whole game; {offer}q quits.", *COMMON[3:]]
    common += [SAY_LINE] * chat
    phase = view.phase
    if phase is Phase.REPLACE:
        body = [
            "REPLACE: the cards you pick go to the discard pile and you draw as many.",
            *rules_text.replace_sentences(rules, _space(view), names),
            f"Type {KEEP} to keep your whole hand.",
        ]
    elif phase is Phase.DUEL:
        body = [
            "DUEL: both players pick one card face down, then both are shown.",
            "The higher card attacks first. Equal cards: both discarded, duel again.",
            "Both duel cards are discarded.",
        ]
    elif phase is Phase.ATTACK:
        body = [
            "ATTACK: play one card, or a Jumbo attack:",
            "  a set: two or more cards of the same value (e.g. 9 9);",
            "  a sequence: three or more consecutive values (e.g. 4 5 6).",
            "You must keep at least one card. The defender answers every attack card;",
            "if even one is answered by a sacrifice, you win the trick and attack again.",
            "Tricks go on until both hold one card; the LOWER last card wins the round.",
        ]
    else:
        size = len(view.table)
        lowest = counted(size, "lowest card") if size > 1 else "lowest card"
        body = [
            "ANSWER: play one card for each attack card.",
            "A card equal to or higher than the attack card it meets defends it;",
            "otherwise it is a sacrifice, and sacrifices must be your lowest cards.",
            f"Defend every attack card to win the trick and attack next. {SACRIFICE} sacrifices "
            f"your {lowest}. Keep low cards: the lowest last card wins the round.",
        ]
    if phase is not Phase.REPLACE and _space(view) is not None:
        body.append(rules_text.space_sentence(rules, view.position, names))
    body.append(rules_text.tie_short(rules))
    return [line for paragraph in body for line in rules_text.wrap(paragraph, width)] + common
