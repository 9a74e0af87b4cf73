"""Small two-player zero-sum games: the duel as a simultaneous choice.

Both players pick their duel card in secret, so neither can react to the
other: the right answer is a *mixed* strategy, a probability for each card,
chosen so that no reply of the opponent's exploits it.  :func:`solve` finds
one for a payoff matrix (rows: my choices, columns: the opponent's, entries:
what I get) by fictitious play: each side, again and again, plays its best
reply to the other's choices so far; the frequencies converge to an
equilibrium (Robinson, 1951).  The games here have at most a dozen rows and
columns, so a few thousand rounds of it are cheap and accurate enough for
payoffs that are themselves sample averages.

    >>> rows, columns, value = solve(((1.0, 0.0), (0.0, 1.0)))  # matching pennies
    >>> [round(p, 1) for p in rows], round(value, 1)
    ([0.5, 0.5], 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence

ROUNDS = 3000


def solve(
    matrix: Sequence[Sequence[float]], rounds: int = ROUNDS
) -> tuple[list[float], list[float], float]:
    """Row player's and column player's mixed strategies and the game's value (for rows).

    The row player maximises, the column player minimises.  Deterministic:
    ties go to the earliest row or column.
    """
    height, width = len(matrix), len(matrix[0])
    row_counts = [0] * height
    column_counts = [0] * width
    # Payoff of each row against the column player's choices so far, and vice versa.
    row_totals = [0.0] * height
    column_totals = [0.0] * width
    row, column = 0, 0
    for _ in range(rounds):
        row_counts[row] += 1
        column_counts[column] += 1
        for index in range(height):
            row_totals[index] += matrix[index][column]
        chosen = matrix[row]
        for index in range(width):
            column_totals[index] += chosen[index]
        row = max(range(height), key=row_totals.__getitem__)
        column = min(range(width), key=column_totals.__getitem__)
    rows = [count / rounds for count in row_counts]
    columns = [count / rounds for count in column_counts]
    # The value bracketed by both best replies, halfway between them.
    upper = max(row_totals) / rounds
    lower = min(column_totals) / rounds
    return rows, columns, (upper + lower) / 2
