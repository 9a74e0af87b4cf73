"""Why an action may not be taken now, in words.

The legal actions themselves come from :mod:`tacocat.engine.choices`; this
module only explains a refusal (:meth:`GameState.why_illegal
<tacocat.engine.state.GameState.why_illegal>`), so that a person who typed
an impossible move learns which rule it breaks.
"""

from __future__ import annotations

from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace, attack_kind
from tacocat.engine.choices import answer_choices, missing_value
from tacocat.engine.fields import Fields
from tacocat.engine.phases import Phase
from tacocat.engine.words import plural

_PHASE_ACTIONS: dict[Phase, type] = {
    Phase.REPLACE: Replace,
    Phase.DUEL: Duel,
    Phase.ATTACK: Attack,
    Phase.ANSWER: Answer,
}

_PHASE_WORDS = {
    Phase.REPLACE: "choose cards to replace",
    Phase.DUEL: "choose a duel card",
    Phase.ATTACK: "choose an attack",
    Phase.ANSWER: "answer the attack",
}


def why_illegal(state: Fields, action: Action) -> str | None:
    """Why ``action`` may not be taken in ``state`` now, in words; None if it may."""
    mover = state.to_move
    if mover is None:
        return "the game is over"
    phase = state.phase
    if not isinstance(action, Replace | Duel | Attack | Answer):
        return f"{action!r} is not a Tacocat action"
    expected = _PHASE_ACTIONS[phase]
    if not isinstance(action, expected):
        return f"now is not the time to {type(action).__name__.lower()}: {_PHASE_WORDS[phase]}"
    hand = state.hand_values[mover]
    values = (action.value,) if isinstance(action, Duel) else action.values
    missing = missing_value(hand, values)
    if missing is not None:
        held = hand.count(missing)
        if held == 0:
            return f"there is no {missing} in the hand"
        return f"the hand holds only {plural(held, 'card')} of value {missing}"
    if isinstance(action, Replace):
        limit = state.replace_limits[mover]
        if len(values) > limit:
            return f"at most {plural(limit, 'card')} may be replaced now"
    elif isinstance(action, Attack):
        return _attack_problem(values, len(hand))
    elif isinstance(action, Answer):
        return _answer_problem(hand, state.table_values, values, action)
    return None


def _attack_problem(values: tuple[int, ...], hand_size: int) -> str | None:
    if not values:
        return "an attack needs at least one card"
    kind = attack_kind(values)
    if kind == "invalid":
        if len(set(values)) == len(values) and len(values) == 2:
            return "a sequence needs at least three cards of consecutive values"
        return "several cards must be a set (same value) or a sequence (consecutive values)"
    if len(values) >= hand_size:
        return (
            f"an attack of {plural(len(values), 'card')} needs "
            f"{len(values) + 1} in hand: the attacker must keep at least one card"
        )
    return None


def _answer_problem(
    hand: tuple[int, ...], attack: tuple[int, ...], values: tuple[int, ...], action: Answer
) -> str | None:
    if len(values) != len(attack):
        return (
            f"the attack has {plural(len(attack), 'card')}: "
            f"answer each with exactly one card ({len(attack)} in all)"
        )
    if action not in answer_choices(hand, attack):
        lowest = ", ".join(str(v) for v in hand[: len(attack)])
        return (
            "each card must defend (equal or beat the attack card it answers) "
            f"or be a sacrifice, and sacrifices are the lowest cards left ({lowest})"
        )
    return None
