"""Honest chances: turning what the rollouts count into how often it really happens.

The rollouts' share of rounds won is too optimistic (simple imagined
players, a model of the opponent's hand, and the best of many actions is
also the luckiest on the same deals): between two ``expert`` players,
actions the rollouts gave three rounds in four won about half of theirs.
So, as lichess turns an engine's score into a win chance, the share is
mapped to a chance by a curve fitted on games between two experts
(``python benchmarks/calibrate.py``; the tables in docs/performance.md)::

    chance = sigmoid(slope * logit(share) + offset)

The curve is increasing, so the computer plays the same moves with it as
without it; only the numbers shown to people become honest.  Its reference
is play between equals: against a weaker opponent a player wins more often
than these chances say, against a stronger one less.

    >>> CURVE.chance(0.5) < 0.5  # an even share in the rollouts is less than even
    True
    >>> round(CURVE.share(CURVE.chance(0.8)), 6)
    0.8
"""

from __future__ import annotations

import math
from dataclasses import dataclass

EDGE = 1e-3  # shares are kept this far from 0 and 1, where logit is infinite


def logit(share: float) -> float:
    """The log-odds of ``share``, clamped away from 0 and 1."""
    share = min(max(share, EDGE), 1.0 - EDGE)
    return math.log(share / (1.0 - share))


def sigmoid(value: float) -> float:
    """The inverse of :func:`logit`."""
    if value >= 0:
        return 1.0 / (1.0 + math.exp(-value))
    exp = math.exp(value)
    return exp / (1.0 + exp)


@dataclass(frozen=True)
class Curve:
    """``sigmoid(slope * logit(share) + offset)``: raw shares to chances (slope > 0)."""

    slope: float
    offset: float

    def __post_init__(self) -> None:
        if not self.slope > 0:
            raise ValueError("a calibration curve must increase (slope > 0)")

    def chance(self, share: float) -> float:
        """The chance that a raw rollout ``share`` (0..1) stands for."""
        return sigmoid(self.slope * logit(share) + self.offset)

    def share(self, chance: float) -> float:
        """The raw share that :meth:`chance` maps to ``chance`` (to read logs back)."""
        return sigmoid((logit(chance) - self.offset) / self.slope)

    def derivative(self, share: float) -> float:
        """d chance / d share: how a spread on the share carries over to the chance."""
        chance = self.chance(share)
        share = min(max(share, EDGE), 1.0 - EDGE)
        return self.slope * chance * (1.0 - chance) / (share * (1.0 - share))


IDENTITY = Curve(1.0, 0.0)  # no calibration: what the rollouts counted
# Fitted by benchmarks/calibrate.py on the 10,225 decisions of games 200-399 of
# `python benchmarks/expert.py --opponent expert --games 400` (seed 1), played by the
# expert whose rollouts play ROLLOUT; checked on games 0-199 (docs/performance.md).
CURVE = Curve(slope=0.8263, offset=-0.6957)
