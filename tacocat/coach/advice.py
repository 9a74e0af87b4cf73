"""The ``hint`` command: the best few actions for the player to move.

A hint is worked out from the player's own :class:`~tacocat.engine.PlayerView`
and nothing else, the same window the computer players get, so asking for
one in a hot-seat game tells nothing about the other player's hand::

    advice = advise(state.view(player), random.Random(seed))
    advice.best.action       # e.g. Attack((9,))
    advice.best.win_game     # e.g. 0.62: the chance to win the game after it

The generator is the caller's: seeded from the game's seed and the number
of moves so far, the same position always gets the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tacocat.ai.evaluator import ActionEstimate, evaluate
from tacocat.coach.reasons import board_reason, error_of, move_reasons, tiers
from tacocat.engine import Action, PlayerView, Replace

# Rollouts per hint: as many as the analysis spends on a decision, so a hint
# and a later review of the same decision agree (about half a second).
HINT_BUDGET = 1500
SHOWN = 3  # candidates listed


@dataclass(frozen=True)
class Advice:
    """The best actions for one decision, best first (at most :data:`SHOWN`), with reasons.

    ``reasons[i]`` says why ``candidates[i]`` is worth its chance
    (:func:`~tacocat.coach.reasons.move_reasons`); ``board`` where a round won
    or lost would lead, which is what makes a round chance and a game chance differ.
    """

    candidates: tuple[ActionEstimate, ...]
    reasons: tuple[tuple[str, ...], ...] = ()
    board: str = ""
    choices: int = 0  # legal actions in all

    @property
    def best(self) -> ActionEstimate:
        return self.candidates[0]


def advise(
    view: PlayerView, rng: random.Random, budget: int | None = None, count: int = SHOWN
) -> Advice:
    """The ``count`` best actions for ``view``'s player, judged from ``view`` alone.

    The view must be its player's decision (``view.legal_actions`` not empty);
    ``budget`` defaults to :data:`HINT_BUDGET`.
    """
    if not view.legal_actions:
        raise ValueError("a hint needs a decision: this view has no legal action")
    evaluation = evaluate(view, rng, HINT_BUDGET if budget is None else budget)
    shown = evaluation.estimates[:count]
    return Advice(
        shown,
        tuple(tuple(move_reasons(view, estimate)) for estimate in shown),
        board_reason(view),
        len(view.legal_actions),
    )


def hint_seed(seed: int | None, moves: int) -> str:
    """The seed of a hint's generator: the game's seed and the moves made so far."""
    return f"tacocat-hint:{seed}:{moves}"


def advice_lines(advice: Advice, keys: dict[Action, str] | None = None) -> list[str]:
    """The hint in words: per candidate a line of chances and a line of reasons, e.g.

    '1. attack with a 9 (type d): you win 62% of games (71% of this round)'
    '   keeps 2 5 (the 2 for the showdown); forces a sacrifice in 64% of the deals imagined.'

    Candidates within the evaluator's error of each other share a rank ('1=').
    ``keys`` gives what to type for an action, where the caller knows the cards' keys.
    """
    keys = keys or {}
    lines = []
    labels = tiers(advice.candidates)
    for index, (label, estimate) in enumerate(zip(labels, advice.candidates, strict=True)):
        action = estimate.action
        typed = keys.get(action)
        how = f" (type {typed})" if typed else ""
        lines.append(
            f"{label} {_name(action)}{how}: you win {round(estimate.win_game * 100)}% "
            f"of games ({round(estimate.win_round * 100)}% of this round)"
        )
        if index < len(advice.reasons) and advice.reasons[index]:
            lines.append("   " + "; ".join(advice.reasons[index]) + ".")
    lines.append(_verdict(advice, labels))
    if advice.board:
        lines.append(advice.board)
    return lines


def _verdict(advice: Advice, labels: list[str]) -> str:
    """One line on what the ranking means: the only move, equal moves, or a lead."""
    if len(advice.candidates) == 1 and advice.choices <= 1:
        return "It is the only move you have."
    first = advice.candidates[0]
    if len(advice.candidates) == 1:
        return "The other moves are far behind."
    error = round(max(error_of(first, other) for other in advice.candidates[1:]) * 100)
    if labels[1] == "1=":
        return f"Moves marked = are equal within the evaluator's error (about {error} points here)."
    lead = round((first.win_game - advice.candidates[1].win_game) * 100)
    return f"The first is ahead by {lead} points, more than the evaluator's error (about {error})."


def _name(action: Action) -> str:
    """Actions as a player would say them ('keep your hand' for an empty replacement)."""
    if isinstance(action, Replace) and not action.values:
        return "keep your hand (replace nothing)"
    return str(action)
