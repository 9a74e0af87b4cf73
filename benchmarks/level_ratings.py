"""The computer levels' ratings: an Elo fit to a ladder of matches between them.

    python benchmarks/strength.py --json --games 1000 --pair easy:random \\
        --pair normal:easy --pair normal:random > /tmp/ladder.jsonl
    python benchmarks/strength.py --json --games 200 --pair hard:normal \\
        --pair hard:easy >> /tmp/ladder.jsonl
    python benchmarks/strength.py --json --games 100 --pair expert:hard >> /tmp/ladder.jsonl
    python benchmarks/level_ratings.py /tmp/ladder.jsonl

Reads the JSON lines ``strength.py --json`` prints (one per match; a pair
played with two seeds is added up, with one seed twice refused: those are
the same games) and those of ``duplicate.py --games --out`` (one per pair
of games) and finds the ratings under which the results
are most likely, on the Elo curve (a gap of 400 points: the stronger wins
10 games in 11), a draw counting half a win each.  One level is the anchor
(``easy`` at 1500, a newcomer's rating, by default); each other level's
standard error comes from the curvature of the likelihood at its peak.
Prints a table and the ``LEVEL_RATINGS`` lines of tacocat/storage/ratings.py.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict

SCALE = 400.0 / math.log(10.0)  # Elo points per unit of the logistic curve


def read_ladder(paths: list[str]) -> dict[tuple[str, str], list[float]]:
    """Per pair (a, b): [a's score, games], draws counting half."""
    scores: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    seen: set[tuple[object, ...]] = set()
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                match = json.loads(line)
                if isinstance(match["games"], list):  # a pair of duplicate.py --games
                    first, second, results = match["a"], match["b"], match["games"]
                    key: tuple[object, ...] = (first, second, match["seed"], match["index"])
                    score, games = results.count(1) + results.count(0) / 2, len(results)
                else:
                    first, second = (p["level"] for p in match["players"])
                    key, games = (first, second, match["seed"]), match["games"]
                    score = match["players"][0]["wins"] + match["draws"] / 2
                if key in seen:
                    raise SystemExit(f"{first}:{second} with seed {match['seed']} twice")
                seen.add(key)
                scores[first, second][0] += score
                scores[first, second][1] += games
    return dict(scores)


def fit(
    scores: dict[tuple[str, str], list[float]], anchor: str, at: float
) -> dict[str, tuple[float, float]]:
    """Each level's (rating, standard error) by Newton's method on the log-likelihood."""
    levels = sorted({level for pair in scores for level in pair})
    free = [level for level in levels if level != anchor]
    rating = dict.fromkeys(levels, 0.0)  # in logistic units, anchor at 0
    for _ in range(100):
        gradient, hessian = _derivatives(scores, rating, free)
        step = _solve(hessian, gradient)
        for level, delta in zip(free, step, strict=True):
            rating[level] -= delta
        if max(abs(d) for d in step) < 1e-10:
            break
    _, hessian = _derivatives(scores, rating, free)
    covariance = _inverse([[-h for h in row] for row in hessian])
    result = {anchor: (at, 0.0)}
    for index, level in enumerate(free):
        result[level] = (at + rating[level] * SCALE, math.sqrt(covariance[index][index]) * SCALE)
    return result


def _derivatives(
    scores: dict[tuple[str, str], list[float]], rating: dict[str, float], free: list[str]
) -> tuple[list[float], list[list[float]]]:
    index = {level: i for i, level in enumerate(free)}
    gradient = [0.0] * len(free)
    hessian = [[0.0] * len(free) for _ in free]
    for (a, b), (score, games) in scores.items():
        p = 1.0 / (1.0 + math.exp(rating[b] - rating[a]))
        slope, curve = score - games * p, games * p * (1.0 - p)
        for level, sign in ((a, 1.0), (b, -1.0)):
            if level in index:
                gradient[index[level]] += sign * slope
        for x, sx in ((a, 1.0), (b, -1.0)):
            for y, sy in ((a, 1.0), (b, -1.0)):
                if x in index and y in index:
                    hessian[index[x]][index[y]] -= sx * sy * curve
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _inverse(matrix)
    return [sum(m * v for m, v in zip(row, vector, strict=True)) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting: the matrices here are a few rows."""
    size = len(matrix)
    rows = [[*row, *(float(i == j) for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(size):
            if r != col:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "ladder", nargs="+", help="JSON lines of strength.py --json, duplicate.py --games --out"
    )
    parser.add_argument("--anchor", default="easy")
    parser.add_argument("--at", type=float, default=1500.0)
    args = parser.parse_args()
    scores = read_ladder(args.ladder)
    for (a, b), (score, games) in sorted(scores.items()):
        print(f"{a} vs {b}: {a} scored {score:g} of {games:g} ({score / games:.1%})")
    ratings = fit(scores, args.anchor, args.at)
    order = sorted(ratings, key=lambda level: ratings[level][0])
    print()
    for level in order:
        value, error = ratings[level]
        print(f"{level:8} {value:7.0f}  standard error {error:4.0f}")
    print()
    for level in order:
        value, error = ratings[level]
        print(f'    "{level}": Rating({value:.0f}.0, {max(error, 1.0):.0f}.0, 0.0),')


if __name__ == "__main__":
    main()
