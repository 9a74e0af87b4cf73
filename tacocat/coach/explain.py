"""A review's sentence: the verdict on a move, and the reasons behind a lost chance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat.coach.reasons import percent
from tacocat.coach.verdict import ACCURATE
from tacocat.engine.words import plural

if TYPE_CHECKING:
    from tacocat.coach.verdict import Review


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
