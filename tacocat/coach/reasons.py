"""Why one move is worth what the evaluator says: reasons told from the move and its numbers only.

Each reason is a fact of the move (the cards it keeps, a defence or a
sacrifice, how many cards it lets the opponent replace) or a figure the
evaluation measured; nothing the view and the numbers do not show.  Two
moves within :data:`Z` standard errors of each other are **equal**
(:func:`equal`): hints number them alike (``1=``), reviews do not mark them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from tacocat.ai.estimates import ActionEstimate
from tacocat.ai.rollout import outcome_worth
from tacocat.engine import Action, Answer, Attack, Duel, PlayerView, Replace, other
from tacocat.engine.board import is_goal, space_name, step_toward
from tacocat.engine.choices import is_defended
from tacocat.engine.words import plural

# Standard errors of a difference within which two game chances count as equal (about
# 95% of the band two estimates of one true chance fall in).
Z = 2.0


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def error_of(first: ActionEstimate, second: ActionEstimate) -> float:
    """The evaluator's error on the difference of two game chances (:data:`Z` standard errors)."""
    return Z * math.hypot(first.spread, second.spread)


def equal(first: ActionEstimate, second: ActionEstimate) -> bool:
    """Whether the two chances are within the evaluator's error (or the same whole percent)."""
    gap = abs(first.win_game - second.win_game)
    return gap <= error_of(first, second) or round(first.win_game * 100) == round(
        second.win_game * 100
    )


def tiers(estimates: Sequence[ActionEstimate]) -> list[str]:
    """Rank labels for estimates given best first: '1.', '2.', or '1=' for equals (as in chess)."""
    labels: list[str] = []
    start = 0
    for index, estimate in enumerate(estimates):
        if index and not equal(estimates[start], estimate):
            start = index
        labels.append(str(start + 1))
    return [f"{label}=" if labels.count(label) > 1 else f"{label}." for label in labels]


def move_reasons(view: PlayerView, estimate: ActionEstimate) -> list[str]:
    """Short reasons for one move, from the move itself and what its evaluation measured."""
    action = estimate.action
    found = [_cards_reason(view, action), _attackers_reason(view, action)]
    if isinstance(action, Attack) and estimate.forces is not None:
        found.append(_forcing_reason(estimate.forces))
    found.append(_gives_reason(view, action))
    return [reason for reason in found if reason]


def left_after(view: PlayerView, action: Action) -> list[int]:
    """The values left in the player's hand once ``action``'s cards have left it."""
    played = Counter((action.value,) if isinstance(action, Duel) else action.values)
    left = []
    for value in view.hand_values:
        if played[value]:
            played[value] -= 1
        else:
            left.append(value)
    return left


def _cards_reason(view: PlayerView, action: Action) -> str:
    """Which cards the move keeps, and the lowest of them for the showdown."""
    left = left_after(view, action)
    if isinstance(action, Answer):
        return _answer_reason(view, action, left)
    if not left:
        return "draws a whole new hand"
    if isinstance(action, Replace) and not action.values:
        return f"keeps your hand ({showdown(view, left[0])})"
    if len(left) == 1:
        return f"leaves your {left[0]} for the showdown{_weak(view, left[0])}"
    kept = " ".join(str(value) for value in left)
    return f"keeps {kept} ({showdown(view, left[0])})"


def _attackers_reason(view: PlayerView, action: Action) -> str:
    """What high cards are for, where a replacement or duel keeps no low card for the showdown.

    So that "no low card" does not read as a blunder: such a move can still be the best.
    """
    left = left_after(view, action)
    if not isinstance(action, Replace | Duel) or len(left) < 2 or not is_high(view, left[0]):
        return ""
    return "high cards attack: a defender who cannot meet one sacrifices their lowest card"


def _answer_reason(view: PlayerView, action: Answer, left: list[int]) -> str:
    """A full defence (the lead next) or a sacrifice (the lowest card given up)."""
    low = ""
    if len(left) == 1:
        low = f"; leaves your {left[0]} for the showdown{_weak(view, left[0])}"
    elif left:
        low = f"; keeps {showdown(view, left[0])}"
    attack = view.table_values
    if len(action.values) == len(attack) and is_defended(attack, action.values):
        return f"defends every card: you win the trick and attack next{low}"
    return f"sacrifices your lowest, the {min(view.hand_values)}: the trick is lost{low}"


def is_high(view: PlayerView, card: int) -> bool:
    """Whether ``card`` is high for the showdown: above most cards the player cannot see.

    The lower last card wins the round, so a card above most of the unseen
    ones (where the opponent's last card is) loses more showdowns than it wins.
    """
    unseen = view.unseen_values()
    return sum(value < card for value in unseen) * 2 > len(unseen)


def showdown(view: PlayerView, card: int) -> str:
    """'the 2 for the showdown', or for a high card why it is weak there."""
    if not is_high(view, card):
        return f"the {card} for the showdown{tie_rule(view)}"
    return f"no low card for the showdown: the {card}{_weak(view, card)}"


def _weak(view: PlayerView, card: int) -> str:
    """Why a high last card is weak: the rule, and how many unseen cards beat it."""
    if not is_high(view, card):
        return tie_rule(view)
    unseen = view.unseen_values()
    lower = sum(value < card for value in unseen)
    counted = f"{lower} of {len(unseen)} unseen cards are lower"
    return f", where the lower card wins: {counted}{tie_rule(view)}"


def tie_rule(view: PlayerView) -> str:
    """'; a tie goes to you by the arrow' where the tie-goes-to-the-arrow variant decides one."""
    arrow = view.arrow
    if not view.rules.tie_goes_to_arrow or arrow is None or arrow.player is None:
        return ""
    whom = "you" if arrow.player == view.player else "the opponent"
    return f"; a tie goes to {whom} by the arrow"


def _forcing_reason(share: float) -> str:
    """How often the opponent could not defend the attack (0% or 100% only when so)."""
    if share >= 1.0:
        return "the opponent cannot defend it all in any deal imagined: a sure sacrifice"
    if share <= 0.0:
        return "the opponent defends it in every deal imagined"
    percent = round(share * 100)
    told = "under 1%" if percent < 1 else "over 99%" if percent > 99 else f"{percent}%"
    return f"forces a sacrifice in {told} of the deals imagined"


def _gives_reason(view: PlayerView, action: Action) -> str:
    """What a first replacement allows the opponent: as many cards, at most."""
    if not isinstance(action, Replace) or view.arrow is None:
        return ""
    if view.arrow.player != view.player or view.opponent_has_chosen:
        return ""
    count = len(action.values)
    if count == 0:
        return "the opponent may then replace nothing"
    return f"lets the opponent replace up to {plural(count, 'card')}"


def board_reason(view: PlayerView) -> str:
    """Where a won or lost round leads, and the game chances there (:func:`outcome_worth`)."""
    worth = outcome_worth(view)
    me = view.player
    won = _landing(view, me)
    lost = _landing(view, other(me))
    return (
        f"A round won takes the Tacocat {won}: {percent(worth[1][1])} of games; "
        f"lost, {lost}: {percent(worth[-1][1])}."
    )


def _landing(view: PlayerView, mover: int) -> str:
    """'to A6' or 'into your goal', with the covered spaces it skips."""
    landing = step_toward(view.position, mover, view.tiles)
    step = 1 if landing > view.position else -1
    skipped = [space_name(p) for p in range(view.position + step, landing, step)]
    over = f" (over covered {', '.join(skipped)})" if skipped else ""
    if is_goal(landing):
        whose = "your" if mover == view.player else "the opponent's"
        return f"into {whose} goal{over}"
    return f"to {space_name(landing)}{over}"
