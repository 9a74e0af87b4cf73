"""The ``hint`` command: the best few actions for the player to move, from their view alone.

So a hint in hot seat tells nothing of the other hand; its generator,
seeded from the game's seed and the moves so far, gives a position the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tacocat.ai.evaluator import ActionEstimate, evaluate
from tacocat.coach.reasons import board_reason, error_of, move_reasons, percent, tiers
from tacocat.engine import Action, PlayerView, Replace
from tacocat.engine.words import plural

# Rollouts per hint: as many as the analysis spends on a decision, so a hint
# and a later review of the same decision agree (about half a second).
HINT_BUDGET = 1500
SHOWN = 3  # candidates listed
# Below this chance for the best move, a first hint says the round itself is hard to win.
HARD_ROUND = 0.4


@dataclass(frozen=True)
class Advice:
    """The best actions for a decision, best first, with reasons; ``board``: where a round leads."""

    candidates: tuple[ActionEstimate, ...]
    reasons: tuple[tuple[str, ...], ...] = ()
    board: str = ""
    choices: int = 0  # legal actions in all
    best_round: float = 0.0  # the highest chance to win this round of any legal action


def advise(
    view: PlayerView, rng: random.Random, budget: int | None = None, count: int = SHOWN
) -> Advice:
    """The ``count`` best actions for ``view``'s player (a decision), judged from ``view`` alone."""
    if not view.legal_actions:
        raise ValueError("a hint needs a decision: this view has no legal action")
    evaluation = evaluate(view, rng, HINT_BUDGET if budget is None else budget)
    shown = evaluation.estimates[:count]
    return Advice(
        shown,
        tuple(tuple(move_reasons(view, estimate)) for estimate in shown),
        board_reason(view),
        len(view.legal_actions),
        max(estimate.win_round for estimate in evaluation.estimates),
    )


def hint_seed(seed: int | None, moves: int) -> str:
    return f"tacocat-hint:{seed}:{moves}"


def advice_lines(
    advice: Advice, keys: dict[Action, str] | None = None, explain: bool = False
) -> list[str]:
    """The hint in words: per candidate a line of chances and one of reasons (equal ranks: '1=').

    ``keys``: what to type for an action; ``explain``: a first hint says what the numbers mean.
    """
    keys = keys or {}
    lines = []
    labels = tiers(advice.candidates)
    for index, (label, estimate) in enumerate(zip(labels, advice.candidates, strict=True)):
        action = estimate.action
        typed = keys.get(action)
        how = f" (type {typed})" if typed else ""
        lines.append(
            f"{label} {_name(action)}{how}: {percent(estimate.win_game)} to win the game, "
            f"{percent(estimate.win_round)} this round"
        )
        if index < len(advice.reasons) and advice.reasons[index]:
            lines.append("   " + "; ".join(advice.reasons[index]) + ".")
    if explain:
        lines += meaning_lines(advice)
    lines.append(_verdict(advice, labels))
    if advice.board:
        lines.append(advice.board)
    return lines


def meaning_lines(advice: Advice) -> list[str]:
    """What a hint's two numbers mean (a tie counts half); whether no move wins the round often."""
    lines = [
        "First number: your chance to win the game after the move; second: "
        "to win this round (a tie counts half: ties are re-dealt)."
    ]
    best = advice.best_round or max(estimate.win_round for estimate in advice.candidates)
    if best < HARD_ROUND:
        lines.append(
            f"This round is hard to win with any move: {percent(best)} at best; play for the game."
        )
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
        if not error:
            return "Moves marked = have the same chance to the whole percent."
        return (
            "Moves marked = are equal within the evaluator's error "
            f"(about {plural(error, 'point')} here)."
        )
    # The lead between the chances as shown, so the figures on screen add up.
    lead = round(first.win_game * 100) - round(advice.candidates[1].win_game * 100)
    if lead > error:
        return (
            f"The first is ahead by {plural(lead, 'point')}, "
            f"more than the evaluator's error (about {plural(error, 'point')})."
        )
    return (
        f"The first is ahead by {plural(lead, 'point')}, at the edge of "
        f"the evaluator's error (about {plural(error, 'point')})."
    )


def _name(action: Action) -> str:
    if isinstance(action, Replace) and not action.values:
        return "keep your hand (replace nothing)"
    return str(action)
