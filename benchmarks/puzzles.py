"""Mine the shipped puzzle set, and check that every puzzle in it passes its filter again.

    nice -n 10 python benchmarks/puzzles.py mine  [--count 240] [--seed 2026]
    nice -n 10 python benchmarks/puzzles.py check [--seed 7]

``mine`` plays games between two ``expert`` players, game *i* seeded from
the match seed and *i* alone (tacocat.ai.match), and judges every decision
that can be a puzzle twice (tacocat.puzzles.mining); it stops once it has
``--count`` puzzles and writes them to tacocat/puzzles/set.json, reporting
the decisions judged, the rollouts and the time it took.

``check`` re-evaluates every puzzle of the set with a generator seeded from
another seed and reports how many still pass the filter with the same
answer (tacocat.puzzles.judge): the figure in docs/performance.md.

The work is counted in rollouts; the seconds are reported, never relied on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path

from tacocat.ai.match import game_seed, play_full_game
from tacocat.coach.analysis import decisions
from tacocat.puzzles.collection import SET_PATH, load_set, set_to_data
from tacocat.puzzles.judge import PUZZLE_BUDGET, judge
from tacocat.puzzles.mining import Source, mine
from tacocat.puzzles.position import Puzzle, is_puzzle_view


def mine_set(count: int, seed: int, budget: int) -> list[Puzzle]:
    found: list[Puzzle] = []
    start, games, judged = time.perf_counter(), 0, 0
    while len(found) < count:
        _, state, _ = play_full_game(("expert", "expert"), seed, games)
        steps = decisions(state.rules, game_seed(seed, games, "deal"), state.history)
        judged += sum(is_puzzle_view(step.view) for step in steps)
        source = Source(f"x{seed}-{games}", "a game between two experts")
        found += mine(steps, source, budget)
        games += 1
        print(f"game {games}: {len(found)} puzzles from {judged} decisions judged, "
              f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    print(f"mined {len(found)} puzzles from {games} expert games ({judged} decisions, "
          f"each judged at {budget} rollouts, twice if it passed once) in "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    return found[:count]


def shuffled(puzzles: list[Puzzle]) -> list[Puzzle]:
    """A fixed order that mixes the games: two puzzles of one game seldom come together."""
    return sorted(puzzles, key=lambda puzzle: hashlib.sha256(puzzle.key.encode()).digest())


def check_set(seed: int, budget: int) -> None:
    puzzles = load_set()
    start, kept, gaps, spreads = time.perf_counter(), 0, [], []
    for puzzle in puzzles:
        evaluation, verdict = judge(puzzle.view, f"check:{seed}:{puzzle.key}", budget)
        same = verdict is not None and verdict.answer == puzzle.answer
        kept += same
        first, second = evaluation.estimates[0], evaluation.estimates[1]
        gaps.append(first.win_game - second.win_game)
        spreads.append(max(first.spread, second.spread))
        if not same:
            lead, spread = gaps[-1] * 100, spreads[-1] * 100
            print(f"  {puzzle.key}: {puzzle.answer} no longer clearly best "
                  f"(lead {lead:.1f}, spread {spread:.1f})", flush=True)  # fmt: skip
    gaps.sort()
    spreads.sort()
    middle = len(puzzles) // 2
    print(f"{kept} of {len(puzzles)} puzzles pass their filter again with seed {seed} "
          f"({budget} rollouts each) in {time.perf_counter() - start:.0f} s; lead of the best "
          f"move: median {gaps[middle] * 100:.1f} points, smallest {gaps[0] * 100:.1f}; "
          f"spread of the top two: median {spreads[middle] * 100:.1f} points, largest "
          f"{spreads[-1] * 100:.1f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("mine", "check"))
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget", type=int, default=PUZZLE_BUDGET)
    parser.add_argument("--out", type=Path, default=SET_PATH)
    args = parser.parse_args()
    if args.what == "mine":
        puzzles = shuffled(
            mine_set(args.count, 2026 if args.seed is None else args.seed, args.budget)
        )
        text = json.dumps(set_to_data(puzzles, args.budget), separators=(",", ":"))
        args.out.write_text(text.replace('{"id"', '\n{"id"') + "\n", encoding="utf-8")
    else:
        check_set(7 if args.seed is None else args.seed, args.budget)


if __name__ == "__main__":
    main()
