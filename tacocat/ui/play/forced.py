"""Decisions with nothing to decide: they play themselves (docs/architecture.md).

Never a duel card: picking it automatically would tell the other player that
every card in the hand has the same value.
"""

from __future__ import annotations

from tacocat.engine import Action, Answer, Attack, Phase, PlayerView, Replace


def forced_action(view: PlayerView) -> Action | None:
    """The only legal action of this decision, if it plays itself; else None."""
    legal = view.legal_actions
    if len(legal) != 1 or view.phase is Phase.DUEL:
        return None
    return legal[0]


def forced_note(action: Action, name: str) -> str | None:
    """Why ``action`` played itself, added to its event's log line (None: the event says it,
    as a replacement's does: "Bob may replace no card (Ann replaced none)")."""
    if isinstance(action, Answer):
        return f"{name}'s only legal answer"
    if isinstance(action, Attack):
        return f"{name}'s only legal attack"
    if isinstance(action, Replace):
        return None
    return f"{name}'s only legal move"
