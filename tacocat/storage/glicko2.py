"""Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system".

Each game is its own rating period, as on lichess.  Not the PyPI ``glicko2``
package: it uses the rating where the paper has the deviation in the
volatility step.  Checked against the paper's example (tests/storage/test_glicko2.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # 400 / ln(10): Glicko-2's internal scale to Elo points
TAU = 0.5  # how fast volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 1e-6  # convergence of the volatility search
MAX_DEVIATION = 350.0  # a newcomer's; no deviation grows past it


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 rating in Elo points: value, deviation and volatility."""

    value: float = 1500.0
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06


def update(player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``player``'s rating after one period's ``games``: (opponent before, score 1/0.5/0) pairs."""
    phi = player.deviation / SCALE
    if not games:
        grown = math.sqrt(phi**2 + player.volatility**2) * SCALE
        return Rating(player.value, min(grown, MAX_DEVIATION), player.volatility)
    mu = _mu(player.value)
    impact = 0.0  # sum of g * (score - E): the direction and size of the change
    information = 0.0  # 1 / v: how much the games tell
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        e = _e(mu, _mu(opponent.value), g)
        impact += g * (score - e)
        information += g * g * e * (1.0 - e)
    v = 1.0 / information
    sigma = _volatility(phi, player.volatility, v * impact, v)
    phi_star = math.sqrt(phi**2 + sigma**2)
    new_phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
    new_mu = mu + new_phi**2 * impact
    deviation = min(new_phi * SCALE, MAX_DEVIATION)
    return Rating(new_mu * SCALE + 1500.0, deviation, sigma)


def _mu(value: float) -> float:
    return (value - 1500.0) / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi**2)


def _e(mu: float, other: float, g: float) -> float:
    return 1.0 / (1.0 + math.exp(-g * (mu - other)))


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """The new volatility: the paper's step 5, the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2.0 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)
