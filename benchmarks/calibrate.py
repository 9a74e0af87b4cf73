"""Fit the evaluator's calibration curve on one half of a match, check it on the other.

    python benchmarks/expert.py --opponent expert --games 400 --out /tmp/self.jsonl
    python benchmarks/calibrate.py /tmp/self.jsonl                  # fit on games 200-399
    python benchmarks/calibrate.py /tmp/self.jsonl --check /tmp/hard.jsonl

The log of ``benchmarks/expert.py`` keeps, for every decision, the chances
the evaluator gave the chosen action, the game chances after the round is
won, tied and lost (``anchors``) and what then happened.  The chances are
read back into the rollouts' raw shares (undoing the curve the log was
made with, :meth:`tacocat.ai.calibration.Curve.share`), and the curve
``sigmoid(slope * logit(share) + offset)`` is fitted by logistic
regression (Newton's method; the target of a tied round is the tie's worth
between a lost and a won round).  Games ``--fit-from`` and later train it;
the earlier games, never seen by the fit, give the tables by decile that
docs/performance.md shows, with the Brier score before and after.
``--check`` prints the same tables for another log (e.g. the match against
``hard``) under the fitted curve.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from expert import deciles  # benchmarks/expert.py, next to this script

from tacocat.ai.calibration import Curve, logit


def read(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        return sorted((json.loads(line) for line in lines if line.strip()), key=_index)


def _index(game: dict[str, Any]) -> int:
    return int(game["index"])


def samples(games: list[dict[str, Any]]) -> Iterator[dict[str, float]]:
    """Per decision: raw shares (game-weighted and round), anchors and outcomes."""
    for game in games:
        made_with = Curve(*game.get("calibration", (1.0, 0.0)))
        for entry in game["decisions"]:
            if "round" not in entry:
                continue  # the game ended in the middle of nowhere (cannot happen) or was cut
            won, tied, lost = entry["anchors"]
            if won - lost < 1e-9:
                continue  # nothing rides on the round
            chance = (entry["win_game"] - lost) / (won - lost)
            outcome = entry["round"]
            target = (
                1.0 if outcome == 1.0 else 0.0 if outcome == 0.0 else (tied - lost) / (won - lost)
            )
            yield {
                "share": made_with.share(min(max(chance, 0.0), 1.0)),
                "round_share": made_with.share(entry["win_round"]),
                "target": target,
                "won": won,
                "lost": lost,
                "round": outcome,
                "game": entry["game"],
            }


def fit(rows: list[dict[str, float]]) -> Curve:
    """The curve of the logistic regression of ``target`` on logit(``share``)."""
    slope, offset = 1.0, 0.0
    for _ in range(50):
        g_s = g_o = h_ss = h_so = h_oo = 0.0
        for row in rows:
            z = logit(row["share"])
            p = Curve(slope, offset).chance(row["share"])
            error = p - row["target"]
            weight = p * (1.0 - p)
            g_s += error * z
            g_o += error
            h_ss += weight * z * z
            h_so += weight * z
            h_oo += weight
        determinant = h_ss * h_oo - h_so * h_so
        step_s = (h_oo * g_s - h_so * g_o) / determinant
        step_o = (h_ss * g_o - h_so * g_s) / determinant
        slope, offset = slope - step_s, offset - step_o
        if abs(step_s) + abs(step_o) < 1e-10:
            break
    return Curve(slope, offset)


def report(rows: list[dict[str, float]], curve: Curve) -> list[str]:
    """Both tables (game and round) under ``curve``, and the raw Brier scores."""
    games = [r["lost"] + (r["won"] - r["lost"]) * curve.chance(r["share"]) for r in rows]
    rounds = [curve.chance(r["round_share"]) for r in rows]
    observed_games = [r["game"] for r in rows]
    observed_rounds = [r["round"] for r in rows]
    raw_games = [r["lost"] + (r["won"] - r["lost"]) * r["share"] for r in rows]
    raw_brier = [
        sum((p - o) ** 2 for p, o in zip(raw, seen, strict=True)) / len(rows)
        for raw, seen in (
            (raw_games, observed_games),
            ([r["round_share"] for r in rows], observed_rounds),
        )
    ]
    return [
        f"{len(rows)} decisions; raw Brier: game {raw_brier[0]:.3f}, round {raw_brier[1]:.3f}",
        "",
        *deciles("game", games, observed_games),
        "",
        *deciles("round", rounds, observed_rounds),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a log of benchmarks/expert.py (best: --opponent expert)")
    parser.add_argument("--fit-from", type=int, default=200, help="first game index fitted on")
    parser.add_argument("--check", metavar="LOG", help="also show the tables for this log")
    args = parser.parse_args()
    games = read(args.log)
    train = list(samples([g for g in games if _index(g) >= args.fit_from]))
    held = list(samples([g for g in games if _index(g) < args.fit_from]))
    curve = fit(train)
    print(f"fitted on {len(train)} decisions (games >= {args.fit_from}):")
    print(f"CURVE = Curve(slope={curve.slope:.4f}, offset={curve.offset:.4f})\n")
    print(f"held out: games < {args.fit_from}, ", end="")
    print("\n".join(report(held, curve)))
    if args.check:
        print(f"\n{args.check}: ", end="")
        print("\n".join(report(list(samples(read(args.check))), curve)))


if __name__ == "__main__":
    main()
