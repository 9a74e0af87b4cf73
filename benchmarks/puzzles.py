"""Mine the shipped puzzle set, and check that every puzzle in it passes its filter again.

    nice -n 10 python benchmarks/puzzles.py mine  [--count 240] [--seed 2026] [--jobs 2]
    nice -n 10 python benchmarks/puzzles.py check [--seed 7]
    python benchmarks/puzzles.py label
    nice -n 10 python benchmarks/puzzles.py vary [--least 20] [--games 120] [--jobs 2]


``mine`` plays games between two ``expert`` players, game *i* seeded from
the match seed and *i* alone (tacocat.ai.match), and judges every decision
that can be a puzzle twice (tacocat.puzzles.mining); it stops once it has
``--count`` puzzles whose lead is ``--margin`` (3 points) above the
filter's, and writes them to tacocat/puzzles/set.json, reporting
the decisions judged and the time it took.  ``--jobs`` processes play the
games; each game's puzzles are kept in ``--work`` as soon as they are found,
so a run stopped half-way goes on where it was (the set is the same for any
number of processes: games are taken in order).

``check`` re-evaluates every puzzle of the set with a generator seeded from
another seed and reports how many still pass the filter with the same
answer (tacocat.puzzles.judge): the figure in docs/performance.md.

``label`` writes the shipped set again, same puzzles in the same order, with
each puzzle's theme and rating (tacocat.puzzles.themes: both follow from the
position and its figures, so a set mined before they existed gets the very
values ``mine`` would write), and prints the count and ratings per theme.

``vary`` keeps the shipped set and plays the expert games after the last
one it came from, in order, adding each puzzle (same filter, same margin)
whose theme has fewer than ``--least`` puzzles so far, until every theme
has that many or ``--games`` more games were played; it prints the counts
per theme before and after.  The set gains the themes the first games gave
few of (a Jumbo attack, a sacrifice), and none it already had enough of.

The work is counted in rollouts; the seconds are reported, never relied on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import tempfile
import time
from collections import Counter
from pathlib import Path

from tacocat.ai.match import game_seed, play_full_game
from tacocat.coach.analysis import decisions
from tacocat.engine import Rules
from tacocat.puzzles.collection import SET_PATH, load_set, set_to_data
from tacocat.puzzles.judge import GAP, PUZZLE_BUDGET, judge
from tacocat.puzzles.mining import Source, mine
from tacocat.puzzles.position import Puzzle, is_puzzle_view, puzzle_from_data
from tacocat.puzzles.themes import THEMES

MAX_GAMES = 500  # far more than the set needs: about 7 puzzles a game


def mine_game(seed: int, index: int, budget: int, work: Path) -> tuple[list[Puzzle], int]:
    """The puzzles of expert game ``index`` and the decisions judged, kept in ``work``."""
    done = work / f"game-{seed}-{index}-{budget}.json"
    if done.exists():  # a run stopped half-way goes on where it was
        data = json.loads(done.read_text(encoding="utf-8"))
        return [puzzle_from_data(item, Rules()) for item in data["puzzles"]], data["judged"]
    _, state, _ = play_full_game(("expert", "expert"), seed, index)
    steps = decisions(state.rules, game_seed(seed, index, "deal"), state.history)
    judged = sum(is_puzzle_view(step.view) for step in steps)
    found = list(mine(steps, Source(f"x{seed}-{index}", "a game between two experts"), budget))
    data = {"puzzles": [puzzle.to_data() for puzzle in found], "judged": judged}
    done.write_text(json.dumps(data), encoding="utf-8")
    return found, judged


def mine_set(
    count: int, seed: int, budget: int, jobs: int, work: Path, margin: float
) -> list[Puzzle]:
    """Games 0, 1, 2, ... in order (``jobs`` processes play them) until ``count`` puzzles.

    A puzzle is shipped only if its lead is ``margin`` above the filter's:
    judged again with other deals, a lead measured at 10.5 points comes out
    under 10 about as often as over, and the set is to pass its filter again.
    """
    work.mkdir(parents=True, exist_ok=True)
    found: list[Puzzle] = []
    start, games, judged = time.perf_counter(), 0, 0
    with multiprocessing.Pool(jobs) as pool:
        tasks = [(seed, index, budget, work) for index in range(MAX_GAMES)]
        for puzzles, decided in pool.imap(_mine_game, tasks):
            found += [puzzle for puzzle in puzzles if puzzle.gap >= GAP + margin - 1e-9]
            judged += decided
            games += 1
            print(f"game {games}: {len(found)} puzzles from {judged} decisions judged, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
            if len(found) >= count:
                break
        pool.terminate()
    print(f"mined {len(found)} puzzles from {games} expert games ({judged} decisions, "
          f"each judged at {budget} rollouts, twice if it passed once) in "
          f"{time.perf_counter() - start:.0f} s on {jobs} processes")  # fmt: skip
    return found[:count]


def _mine_game(task: tuple[int, int, int, Path]) -> tuple[list[Puzzle], int]:
    return mine_game(*task)


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


def vary_set(
    seed: int, budget: int, jobs: int, work: Path, margin: float, least: int, games: int
) -> list[Puzzle]:
    """The shipped set and, from the next ``games`` expert games, puzzles of its rare themes."""
    shipped = load_set()
    counts = Counter(puzzle.theme for puzzle in shipped)
    print("before: " + ", ".join(f"{theme} {counts[theme]}" for theme in THEMES))
    first = 1 + max(int(puzzle.key.split("-")[1]) for puzzle in shipped)
    added: list[Puzzle] = []
    start, played = time.perf_counter(), 0
    work.mkdir(parents=True, exist_ok=True)
    with multiprocessing.Pool(jobs) as pool:
        tasks = [(seed, index, budget, work) for index in range(first, first + games)]
        for puzzles, _ in pool.imap(_mine_game, tasks):
            played += 1
            for puzzle in puzzles:
                if puzzle.gap >= GAP + margin - 1e-9 and counts[puzzle.theme] < least:
                    counts[puzzle.theme] += 1
                    added.append(puzzle)
            print(f"game {first + played - 1}: {len(added)} added, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
            if all(counts[theme] >= least for theme in THEMES):
                break
        pool.terminate()
    print(f"after {played} more games (from game {first}): "
          + ", ".join(f"{theme} {counts[theme]}" for theme in THEMES))  # fmt: skip
    return shipped + added


def write_set(puzzles: list[Puzzle], budget: int, out: Path) -> None:
    text = json.dumps(set_to_data(puzzles, budget), separators=(",", ":"))
    out.write_text(text.replace('{"id"', '\n{"id"') + "\n", encoding="utf-8")


def label_set(out: Path) -> None:
    """The shipped set written again with its themes and ratings; counts per theme."""
    data = json.loads(SET_PATH.read_text(encoding="utf-8"))
    puzzles = load_set()
    write_set(puzzles, data["budget"], out)
    for theme in THEMES:
        ratings = sorted(puzzle.rating for puzzle in puzzles if puzzle.theme == theme)
        spread = f", rated {ratings[0]} to {ratings[-1]}" if ratings else ""
        print(f"{theme}: {len(ratings)} puzzles{spread}")
    print(f"{len(puzzles)} puzzles, {len({(p.theme, p.pattern) for p in puzzles})} "
          "theme-and-pattern pairs")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("mine", "check", "label", "vary"))
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget", type=int, default=PUZZLE_BUDGET)
    parser.add_argument("--out", type=Path, default=SET_PATH)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--least", type=int, default=20, help="vary: puzzles wanted per theme")
    parser.add_argument("--games", type=int, default=120, help="vary: more games at most")
    parser.add_argument("--margin", type=float, default=0.03, help="lead above the filter's")
    parser.add_argument(
        "--work", type=Path, default=Path(tempfile.gettempdir()) / "tacocat-puzzles"
    )
    args = parser.parse_args()
    if args.what == "mine":
        seed = 2026 if args.seed is None else args.seed
        puzzles = shuffled(
            mine_set(args.count, seed, args.budget, args.jobs, args.work, args.margin)
        )
        write_set(puzzles, args.budget, args.out)
    elif args.what == "vary":
        seed = 2026 if args.seed is None else args.seed
        puzzles = vary_set(
            seed, args.budget, args.jobs, args.work, args.margin, args.least, args.games
        )
        write_set(shuffled(puzzles), args.budget, args.out)
    elif args.what == "label":
        label_set(args.out)
    else:
        check_set(7 if args.seed is None else args.seed, args.budget)


if __name__ == "__main__":
    main()
