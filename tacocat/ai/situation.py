"""A decision reduced to card values: what the rules of thumb need, and nothing more.

A computer player builds a :class:`Situation` from its view
(:func:`from_view`), a rollout from its imagined state (:func:`from_state`,
cheaper than a view at every simulated step).  Either way it holds only what
the mover may know: their own hand, the attack on the table, public counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tacocat.engine import Action, GameState, Phase, PlayerView

# Who replaces when: both at once (two-arrow space), first, or second (capped).
SIMULTANEOUS = "simultaneous"
FIRST = "first"
SECOND = "second"


class Situation(NamedTuple):
    """One decision of one player, as plain values (hands sorted low to high).

    A named tuple: rollouts make one at every imagined step, and a frozen
    dataclass sets each field through ``object.__setattr__``.
    """

    phase: Phase
    hand: tuple[int, ...]
    legal: Sequence[Action]  # may be empty in rollouts when replacing or duelling (unused)
    table: tuple[int, ...]  # the attack to answer; empty in other phases
    replace_limit: int
    replace_role: str  # SIMULTANEOUS, FIRST or SECOND; meaningful in the replace phase
    opponent_hand_size: int
    pool: tuple[int, ...]  # values the opponent's cards may have (what the mover has not seen)


def replace_role(phase: Phase, simultaneous: bool, opponent_replaced: bool) -> str:
    """Whether this replacement is simultaneous, first (it caps the opponent) or second."""
    if phase is not Phase.REPLACE or simultaneous:
        return SIMULTANEOUS
    return SECOND if opponent_replaced else FIRST


def from_view(view: PlayerView) -> Situation:
    """The situation of the player who owns ``view`` (it must be their decision)."""
    arrow = view.arrow
    simultaneous = arrow is not None and arrow.player is None
    # On a one-arrow space the arrow's player goes first; if that is the
    # opponent, they have replaced already (or it would not be our turn).
    opponent_first = arrow is not None and arrow.player == view.opponent
    return Situation(
        phase=view.phase,
        hand=view.hand_values,  # ids are kept lowest value first
        legal=view.legal_actions,
        table=tuple(sorted(view.table_values)),
        replace_limit=view.replace_limit,
        replace_role=replace_role(view.phase, simultaneous, opponent_first),
        opponent_hand_size=view.opponent_hand_size,
        pool=view.unseen_values(),
    )


def from_state(state: GameState) -> Situation:
    """The situation of the player to move in an imagined state (rollouts only).

    Called at every step of a rollout, so it skips what the phase does not
    need: the legal actions only for attacks and answers (the only rules of
    thumb that read them), the whole deck for the unseen cards.
    """
    mover = state.current_player()
    assert mover is not None
    values = state.rules.card_values
    phase = state.phase
    opponent = 1 - mover
    replacing = phase is Phase.REPLACE
    return Situation(
        phase=phase,
        hand=state.hand_values[mover],  # kept lowest first
        legal=state.legal_actions() if phase is Phase.ATTACK or phase is Phase.ANSWER else (),
        table=tuple(sorted(values[card_id] for card_id in state.table)),
        replace_limit=state.replace_limits[mover] if replacing else 0,
        replace_role=replace_role(phase, state.simultaneous, state.replaced[opponent]),
        opponent_hand_size=len(state.hands[opponent]),
        pool=values,  # a cheap prior, good enough to steer a rollout
    )
