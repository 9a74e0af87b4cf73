"""Decisions with nothing to decide: they play themselves.

A decision whose ``view.legal_actions`` holds exactly one action plays
itself: the game applies it without asking (and without a hand-over) and
logs why, e.g. "Bob's only legal answer: sacrifice the 2".  Duel cards are
the exception: a duel card is a secret choice, and picking it
automatically would tell the other player that every card in the hand has
the same value.  The engine lists the actions; nothing here knows a rule.

    >>> from tacocat.engine import Answer
    >>> forced_line(Answer((2,)), (5,), "Bob")
    "Bob's only legal answer: sacrifice the 2"
    >>> forced_line(Answer((7, 9)), (6, 8), "Bob")
    "Bob's only legal answer: defend the 8 with the 9, the 6 with the 7"
"""

from __future__ import annotations

from tacocat.engine import Action, Answer, Attack, Phase, PlayerView, Replace
from tacocat.engine.actions import describe_attack
from tacocat.engine.choices import pair_answer


def forced_action(view: PlayerView) -> Action | None:
    """The only legal action of this decision, if it plays itself; else None."""
    legal = view.legal_actions
    if len(legal) != 1 or view.phase is Phase.DUEL:
        return None
    return legal[0]


def forced_line(action: Action, attack: tuple[int, ...], name: str) -> str | None:
    """The log line saying why ``action`` played itself (None: the event says it all).

    ``attack`` is the attack on the table (for an answer).  A replacement
    with a limit of 0 needs no line: its own event reads "Bob may replace
    no card (Ann replaced none)".
    """
    if isinstance(action, Answer):
        defended, sacrificed = [], []
        for hit, card, defence in pair_answer(attack, action.values):
            if defence:
                defended.append(f"the {hit} with the {card}")
            else:
                sacrificed.append(f"sacrifice the {card}")
        said = [("defend " + ", ".join(defended)) if defended else "", *sacrificed]
        return f"{name}'s only legal answer: " + ", ".join(part for part in said if part)
    if isinstance(action, Attack):
        return f"{name}'s only legal attack: {describe_attack(action.values)}"
    if isinstance(action, Replace):
        return None
    return f"{name}'s only legal move: {action}"
