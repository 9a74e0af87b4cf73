"""The words of a review: marks by the chance lost, actions in a few characters, the sentence."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tacocat.coach.reasons import Z, percent
from tacocat.engine import Action, Duel, Player, Replace
from tacocat.engine.actions import action_to_data
from tacocat.engine.words import plural

# Drops in the chance of winning the game (0..1) that earn a mark, worst first.
BLUNDER = 0.15
MISTAKE = 0.10
INACCURACY = 0.05
MARKS: tuple[tuple[float, str], ...] = (
    (BLUNDER, "blunder"),
    (MISTAKE, "mistake"),
    (INACCURACY, "inaccuracy"),
)
# A choice this close to the best counts as accurate.  It sits above the
# evaluator's noise at the analysis budget, so a best move is not called
# inaccurate by chance.
ACCURATE = 0.02
KINDS = ("replace", "duel", "attack", "answer")
WORST_SHOWN = 3  # biggest mistakes listed per player


def mark_for(drop: float) -> str | None:
    """'blunder', 'mistake', 'inaccuracy' or None for a drop in win chance (0..1).

    >>> mark_for(0.15), mark_for(0.12), mark_for(0.05), mark_for(0.049)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for threshold, mark in MARKS:
        if drop >= threshold - 1e-9:  # 0.05 given as 0.15 - 0.10 still counts
            return mark
    return None


def short(action: Action) -> str:
    """An action in a few characters, for tables: 'replace 10 11', 'keep', 'attack 4 4'.

    >>> from tacocat.engine import Attack
    >>> short(Attack((4, 4))), short(Replace(())), short(Duel(12))
    ('attack 4 4', 'keep', 'duel 12')
    """
    if isinstance(action, Duel):
        return f"duel {action.value}"
    if isinstance(action, Replace) and not action.values:
        return "keep"
    return " ".join((kind_of(action), *(str(value) for value in action.values)))


def kind_of(action: Action) -> str:
    """One of KINDS: the action's class, in lower case."""
    return type(action).__name__.lower()


def points(drop: float) -> str:
    return str(round(drop * 100))


@dataclass(frozen=True)
class Review:
    """The judgement of one decision."""

    step: int
    round_number: int
    player: Player
    kind: str  # one of KINDS
    played: Action
    best: Action
    win_before: float  # chance to win the game after the best action (0..1)
    win_after: float  # chance to win the game after the action played
    spread: float  # the evaluator's standard error on win_after
    choices: int  # legal actions; 1 means the move was forced
    best_spread: float = 0.0  # the standard error on win_before
    round_before: float = 0.0  # chance to win the round after the best action
    round_after: float = 0.0  # ... after the action played
    # Why the best and the played action are worth what they are (tacocat.coach.reasons):
    # worked out again from the view when read back from a cache, never stored.
    why_best: tuple[str, ...] = ()
    why_played: tuple[str, ...] = ()
    forces: tuple[float | None, float | None] = (None, None)  # best's, played's (attacks)

    @property
    def drop(self) -> float:
        return max(0.0, self.win_before - self.win_after)

    @property
    def lost(self) -> int:
        """The drop in whole points, as the two chances are shown (so the figures add up)."""
        return max(0, round(self.win_before * 100) - round(self.win_after * 100))

    @property
    def mark(self) -> str | None:
        """The mark by the points shown: a drop told as 10 points is a mistake (10+)."""
        return None if self.forced else mark_for(self.lost / 100)

    @property
    def forced(self) -> bool:
        return self.choices == 1

    def to_data(self, names: tuple[str, str]) -> dict[str, Any]:
        return {
            "step": self.step,
            "round": self.round_number,
            "player": names[self.player],
            "seat": self.player,
            "kind": self.kind,
            "played": action_to_data(self.played),
            "played_text": str(self.played),
            "best": action_to_data(self.best),
            "best_text": str(self.best),
            "win_before": round(self.win_before, 4),
            "win_after": round(self.win_after, 4),
            "drop": round(self.drop, 4),
            "spread": round(self.spread, 4),
            "choices": self.choices,
            "mark": self.mark,
            "equal_to_best": self.equal,
            "round_before": round(self.round_before, 4),
            "round_after": round(self.round_after, 4),
            "why_best": list(self.why_best),
            "why_played": list(self.why_played),
        }

    @property
    def equal(self) -> bool:
        """Whether the move played is within the evaluator's error of the best (not marked)."""
        gap = self.drop
        return self.mark is None and (
            round(gap * 100) == 0 or gap <= Z * math.hypot(self.spread, self.best_spread)
        )


def review_line(item: Review, names: tuple[str, str]) -> str:
    """One sentence on a decision, e.g.

    'Mistake (-12 points): Ann had 55% with replace 11 and 12; this move leaves 43%.
    Why: replace 11 and 12 keeps 2 5 ...; this move ... (this round 61% against 40%).'
    """
    name = names[item.player]
    after = percent(item.win_after)
    if item.forced:
        return f"Forced: the only legal move ({name}'s chance to win the game: {after})."
    if item.played == item.best:
        return f"Best move: it leaves {name} a {after} chance to win the game."
    if item.equal:
        return (
            f"Equal to the evaluator's first choice, {item.best} ({percent(item.win_before)}), "
            f"within its error: this move leaves {name} {after}."
        )
    verdict = (item.mark or "good enough").capitalize()
    if item.lost < round(ACCURATE * 100):
        verdict = "Accurate"
    return (
        f"{verdict} (-{plural(item.lost, 'point')}): {name} had {percent(item.win_before)} "
        f"with {item.best}; this move leaves {after}.{why(item)}"
    )


def why(item: Review) -> str:
    """' Why: ...' for a move that lost chance: each move's reasons and both round chances."""
    best = "; ".join(item.why_best)
    played = "; ".join(item.why_played)
    if not best and not played:
        return ""
    rounds = (
        f" This round: {percent(item.round_before)} after {item.best}, "
        f"{percent(item.round_after)} after this move."
    )
    return (
        f" Why: {item.best} {best or 'is ranked first'}; this move {played or 'less so'}.{rounds}"
    )
