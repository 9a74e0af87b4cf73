"""A puzzle's theme, pattern, rating and nudge, worked out from the puzzle (docs/playing.md).

The same position and answer always give the same labels, so the shipped
file carries them and is checked against them when read.
"""

from __future__ import annotations

import math

from tacocat.engine import Action, Answer, Attack, Phase, PlayerView, Replace
from tacocat.engine.board import wins_needed
from tacocat.engine.choices import is_defended

THEMES = ("replace", "duel", "attack", "answer", "sacrifice", "endgame")
LOWEST_RATING, HIGHEST_RATING = 800, 2500

# What each theme is about, as ``tacocat puzzles --themes`` lists them.
MEANINGS = {
    "replace": "which cards to replace",
    "duel": "which single card to attack with",
    "attack": "a Jumbo attack: a set or a sequence",
    "answer": "answering an attack by defending every card",
    "sacrifice": "answering an attack with a sacrifice",
    "endgame": "a round that can end the game",
}

# One line each (at most 76 columns: one line of the game log at 80).
NUDGES = {
    "replace": "Nudge: each card kept must serve the duel, the tricks or a low last card.",
    "duel": "Nudge: think past this trick: the lower last card wins the showdown.",
    "attack": "Nudge: each card of a Jumbo attack needs an answer; one sacrifice wins it.",
    "answer": "Nudge: defend every attack card and you attack next: with what is left?",
    "sacrifice": "Nudge: defending is not always best: a sacrifice keeps your other cards.",
    "endgame": "Nudge: one more win brings the Tacocat to a goal: this round can decide it.",
}


def theme_of(view: PlayerView, answer: Action) -> str:
    """The puzzle's theme: the first of THEMES that applies."""
    if min(wins_needed(view.position, player, view.tiles) for player in (0, 1)) == 1:
        return "endgame"
    if view.phase is Phase.REPLACE:
        return "replace"
    if view.phase is Phase.ANSWER and isinstance(answer, Answer):
        attack = tuple(sorted(card.value for card in view.table))
        return "answer" if is_defended(attack, answer.values) else "sacrifice"
    if isinstance(answer, Attack) and len(answer.values) > 1:
        return "attack"
    return "duel"


def pattern_of(view: PlayerView, answer: Action) -> str:
    """What the move looks like, values aside: "3 cards: answer with the highest"."""
    size = f"{len(view.hand)} cards"
    if isinstance(answer, Replace):
        return f"{size}: replace {len(answer.values)}"
    verb = "attack" if isinstance(answer, Attack) else "answer"
    values: tuple[int, ...] = getattr(answer, "values", ())
    if len(values) != 1:
        return f"{size}: {verb} with {len(values)} cards"
    return f"{size}: {verb} with {_rank(view.hand_values, values[0])}"


def _rank(hand: tuple[int, ...], value: int) -> str:
    if value == max(hand):
        return "the highest"
    return "the lowest" if value == min(hand) else "a middle card"


def rating_of(legal_moves: int, gap: float) -> int:
    """The puzzle's rating from its difficulty: the moves to choose from and the best one's lead.

    >>> rating_of(2, 0.20), rating_of(4, 0.20), rating_of(2, 0.40)
    (1500, 1790, 1200)
    """
    moves = 290.0 * math.log2(max(legal_moves, 2) / 2)
    lead = 1500.0 * (0.20 - gap)
    rating = round((1500.0 + moves + lead) / 10) * 10
    return max(LOWEST_RATING, min(HIGHEST_RATING, rating))
