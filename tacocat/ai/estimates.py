"""What an evaluation says: one estimate per legal action, made honest (calibration.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tacocat.ai import calibration
from tacocat.engine import Action


@dataclass(frozen=True)
class ActionEstimate:
    """What :func:`evaluate` thinks of one legal action."""

    action: Action
    win_game: float  # estimated chance (0..1) that view.player wins the game after this action
    win_round: float  # estimated chance to win the current round (a tie counts half)
    samples: int  # imagined deals behind the estimate
    spread: float  # standard error of win_game
    # For an attack: the share of imagined deals in which the opponent cannot defend
    # every card, so must sacrifice and lose the trick (None for other actions).
    forces: float | None = None


@dataclass(frozen=True)
class Evaluation:
    """One estimate per legal action, the best (highest ``win_game``) first.

    (A search told a natural replacement ranks it first unless another is
    clearly better.)  For the duel, ``mix`` is the mixed strategy to draw
    the card from, each action with its probability; it is empty for the
    other decisions, where the best action is simply the first.
    """

    estimates: tuple[ActionEstimate, ...]
    mix: tuple[tuple[Action, float], ...] = ()
    rollouts: int = 0  # the work behind it: rounds played out in imagined deals

    @property
    def best(self) -> ActionEstimate:
        """The action the evaluation ranks first."""
        return self.estimates[0]

    def of(self, action: Action) -> ActionEstimate:
        """The estimate of one legal action; KeyError for an action that was not legal."""
        for estimate in self.estimates:
            if estimate.action == action:
                return estimate
        raise KeyError(f"{action} was not a legal action of the evaluated view")


def best_first(
    estimates: Sequence[ActionEstimate],
    worth: dict[int, tuple[float, float]],
    *,
    ranked: bool = False,
) -> tuple[ActionEstimate, ...]:
    """The estimates, best first by the rollouts (unless the caller ``ranked`` them), made honest.

    Ranked before calibrating: two shares the curve clamps alike would
    otherwise fall back to the order of the legal actions.
    """
    order = estimates if ranked else sorted(estimates, key=lambda estimate: -estimate.win_game)
    return tuple(_calibrated(estimate, worth) for estimate in order)


def _calibrated(estimate: ActionEstimate, worth: dict[int, tuple[float, float]]) -> ActionEstimate:
    """``estimate`` with its rollout shares turned into chances (:mod:`~tacocat.ai.calibration`).

    The game chance is placed between the chances after a lost and a won
    round (``worth``), as far along as the calibrated share of the round.
    """
    won, lost = worth[1][1], worth[-1][1]
    if won - lost < 1e-9:
        return estimate  # nothing rides on this round
    curve = calibration.CURVE  # looked up at each call, so a test can swap it
    share = min(max((estimate.win_game - lost) / (won - lost), 0.0), 1.0)
    return ActionEstimate(
        estimate.action,
        lost + (won - lost) * curve.chance(share),
        curve.chance(estimate.win_round),
        estimate.samples,
        estimate.spread * curve.derivative(share),
        estimate.forces,
    )
