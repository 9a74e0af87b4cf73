"""The expert level against hard: strength, thinking time and calibration in one run.

    python benchmarks/expert.py --games 400 --out /tmp/expert.jsonl     # the full match
    python benchmarks/expert.py --summarize /tmp/expert.jsonl           # figures from a log
    python benchmarks/expert.py --start 250 --out /tmp/expert.jsonl     # go on from game 250
    python benchmarks/expert.py --opponent expert --out /tmp/self.jsonl # among equals

Against another expert (``--opponent expert``) both seats' decisions are
logged: the data ``benchmarks/calibrate.py`` fits the evaluator's
calibration curve on.

Game ``i`` is dealt and seeded exactly as game ``i`` of ``tacocat simulate``
(:func:`tacocat.ai.match.game_seed`); the expert sits at YAY in even games
and at WOW in odd ones.  Games are played by one worker process per core
and written to the log in index order as they finish, one JSON line each,
so a run cut short still gives figures for the games it played.

Per game the log keeps, for every expert decision with a choice: the
seconds it took, the rollouts it spent (the budget is work, so these do not
depend on the machine), the hand sizes, the evaluator's predicted chance to
win the game and the round with the chosen action, the game chances after
the round is won, tied or lost, and whether the round and the game were
then won; and per game the calibration curve the chances went through.
The opponent's thinking time is logged too: the machine is shared, so the
ratio of the two in the same run is the figure to trust.  The summary
prints the win rate with a Wilson 95% interval, thinking-time percentiles
and the calibration table by decile of predicted win chance.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from pinned import PINNED, pinned_expert

from tacocat.ai import calibration, make_agent
from tacocat.ai.expert import ExpertAgent
from tacocat.ai.match import game_seed
from tacocat.ai.rollout import outcome_worth
from tacocat.engine import WOW, YAY, GameState
from tacocat.engine.events import GameOver, Showdown

OPTIONS: dict[str, dict[str, Any]] = {}  # levels' keyword options; both budgets are work


def _set_options(options: dict[str, dict[str, Any]]) -> None:
    """In a worker process: the levels' options the parent was given."""
    OPTIONS.update(options)


def option(text: str) -> tuple[str, int | float]:
    """``KEY=VALUE`` as a keyword option of a level: with a decimal point, a float."""
    key, _, value = text.partition("=")
    return key, float(value) if "." in value else int(value)


def make(name: str, rng: random.Random, budget: int | None = None) -> Any:
    """A player by name: a level, or ``pinned`` (the expert of benchmarks/pinned.py's revision)."""
    if name == "pinned":
        return pinned_expert(rng)
    if name == "expert" and budget is not None:
        return ExpertAgent(rng, budget=budget, **OPTIONS.get(name, {}))
    return make_agent(name, rng, **OPTIONS.get(name, {}))


def seated(
    player: str, opponent: str, seed: int, index: int, budget: int | None = None
) -> tuple[int, list[Any], GameState]:
    """Game ``index`` set up: ``player``'s seat (YAY in even games), both agents, the deal.

    Every seed comes from the match seed and the game's index, so game *i*
    is the same game however many processes share the match.
    """
    player_seat = YAY if index % 2 == 0 else WOW
    agents = [
        make(
            player if seat == player_seat else opponent,
            random.Random(game_seed(seed, index, f"seat{seat}")),
            budget,
        )
        for seat in (YAY, WOW)
    ]
    return player_seat, agents, GameState(random.Random(game_seed(seed, index, "deal")))


def play(
    index: int, seed: int, budget: int, opponent: str = "hard", player: str = "expert"
) -> dict[str, Any]:
    """Game ``index``: ``player`` against ``opponent``, every decision of the player written down.

    Against its own kind (``opponent == player``) both seats' decisions are
    written down, each from its own seat: the evaluator's figures among
    equals.  ``expert_seat`` is then just the seat whose result is the score.
    ``budget`` is the expert's (the pinned expert keeps its own).
    """
    expert_seat, agents, state = seated(player, opponent, seed, index, budget)
    subjects = {expert_seat} if opponent != player else {YAY, WOW}
    decisions: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []  # this round's decisions, waiting for its showdown
    opponent_seconds: list[float] = []
    winner = None
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        started = time.perf_counter()
        agent = agents[mover]
        agent_last = getattr(agent, "last", None)
        action = agent.choose(view)
        seconds = time.perf_counter() - started
        if mover in subjects and agent.last is not agent_last and agent.last is not None:
            estimate = agent.last.of(action)
            worth = outcome_worth(view)
            entry = {
                "seat": mover,
                "phase": view.phase.value,
                "hand": len(view.hand),
                "opponent_hand": view.opponent_hand_size,
                "legal": len(view.legal_actions),
                # the game chances after the round is won, tied, lost: what calibrating needs
                "anchors": [round(worth[outcome][1], 6) for outcome in (1, 0, -1)],
                "seconds": round(seconds, 4),
                "rollouts": agent.last.rollouts,
                "win_game": round(estimate.win_game, 4),
                "win_round": round(estimate.win_round, 4),
            }
            pending.append(entry)
            decisions.append(entry)
        elif mover not in subjects and len(view.legal_actions) > 1:
            opponent_seconds.append(round(seconds, 4))
        for event in state.apply_action(action):
            if isinstance(event, Showdown):
                for entry in pending:
                    entry["round"] = (event.score(entry["seat"]) + 1) / 2
                pending = []
            elif isinstance(event, GameOver):
                winner = event.winner
    result = 0.5 if winner is None else float(winner == expert_seat)
    for entry in decisions:
        entry["game"] = 0.5 if winner is None else float(winner == entry["seat"])
    return {
        "index": index,
        "player": player,
        "opponent": opponent,
        # the curve the logged chances went through (benchmarks/calibrate.py reads them back)
        "calibration": [calibration.CURVE.slope, calibration.CURVE.offset],
        "expert_seat": expert_seat,
        "result": result,
        "decisions": decisions,
        "opponent_seconds": opponent_seconds,
    }


Job = TypeVar("Job")
Row = TypeVar("Row")


def every_game(play_one: Callable[[Job], list[Row]], jobs: list[Job], workers: int) -> list[Row]:
    """``play_one`` over every job on ``workers`` processes: all their rows, in job order."""
    found: list[Row] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rows in pool.map(play_one, jobs):
            found.extend(rows)
    return found


def _play_star(arguments: tuple[int, int, int, str, str]) -> dict[str, Any]:
    return play(*arguments)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return (centre - half, centre + half)


def summarize(games: list[dict[str, Any]], calibration_games: int) -> str:
    """The figures of a (maybe partial) run, as text."""
    lines = []
    count = len(games)
    opponent = games[0].get("opponent", "hard") if games else "hard"
    player = games[0].get("player", "expert") if games else "expert"
    wins = sum(game["result"] for game in games)
    draws = sum(1 for game in games if game["result"] == 0.5)
    low, high = wilson(wins, count)
    lines.append(
        f"{player} vs {opponent}: {count} games, {player} scored {wins:g} "
        f"({wins / max(count, 1):.1%}, 95% Wilson {low:.1%}-{high:.1%}), {draws} drawn"
    )
    for seat, name in ((YAY, "YAY"), (WOW, "WOW")):
        seated = [game for game in games if game["expert_seat"] == seat]
        score = sum(game["result"] for game in seated)
        lines.append(f"  {player} at {name}: {score:g}/{len(seated)}")
    decisions = [entry for game in games for entry in game["decisions"]]
    seconds = sorted(entry["seconds"] for entry in decisions)
    theirs = sorted(s for game in games for s in game["opponent_seconds"])
    if seconds:
        lines.append(
            f"thinking, {player}: {len(seconds)} decisions,"
            f" median {statistics.median(seconds):.3f} s,"
            f" 90th {seconds[int(0.9 * (len(seconds) - 1))]:.3f} s, max {seconds[-1]:.3f} s;"
            f" rollouts median {statistics.median(e['rollouts'] for e in decisions):.0f},"
            f" max {max(e['rollouts'] for e in decisions)}"
        )
        for phase in ("replace", "duel", "attack", "answer"):
            times = [entry["seconds"] for entry in decisions if entry["phase"] == phase]
            if times:
                lines.append(
                    f"  {phase:8} {len(times):5} decisions,"
                    f" median {statistics.median(times):.3f} s,"
                    f" max {max(times):.3f} s"
                )
    if theirs:
        lines.append(
            f"thinking, {opponent} (same run): median {statistics.median(theirs):.3f} s,"
            f" max {theirs[-1]:.3f} s; {player}/{opponent} median ratio "
            f"{statistics.median(seconds) / statistics.median(theirs):.2f}"
        )
    calibrated = [e for g in games[:calibration_games] for e in g["decisions"]]
    lines.append(
        f"calibration over the {len(calibrated)} {player} decisions of the first "
        f"{min(count, calibration_games)} games:"
    )
    for predicted_key, observed_key in (("win_game", "game"), ("win_round", "round")):
        lines += _calibration(
            [e for e in calibrated if observed_key in e], predicted_key, observed_key
        )
    return "\n".join(lines)


def _calibration(
    decisions: list[dict[str, Any]], predicted_key: str, observed_key: str
) -> list[str]:
    if not decisions:
        return []
    what = "game" if observed_key == "game" else "round"
    predicted = [e[predicted_key] for e in decisions]
    return ["", *deciles(what, predicted, [e[observed_key] for e in decisions])]


def deciles(what: str, predicted: list[float], observed: list[float]) -> list[str]:
    """Predicted against observed by decile of the prediction, with the Brier score."""
    lines = [
        f"| predicted chance to win the {what} | decisions | mean predicted | {what}s won |",
        "|---|---|---|---|",
    ]
    for decile in range(10):
        bucket = [
            i
            for i, chance in enumerate(predicted)
            if decile / 10 <= chance < (decile + 1) / 10 or (decile == 9 and chance == 1.0)
        ]
        if bucket:
            mean_predicted = sum(predicted[i] for i in bucket) / len(bucket)
            mean_observed = sum(observed[i] for i in bucket) / len(bucket)
            lines.append(
                f"| {decile * 10}-{decile * 10 + 10}% | {len(bucket)} "
                f"| {mean_predicted:.1%} | {mean_observed:.1%} |"
            )
    n = len(predicted)
    brier = sum((p - o) ** 2 for p, o in zip(predicted, observed, strict=True)) / n
    lines.append(
        f"{what}: mean predicted {sum(predicted) / n:.1%}, won {sum(observed) / n:.1%},"
        f" Brier {brier:.3f}"
    )
    return lines


def _read(path: str) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument(
        "--start", type=int, default=0, help="first game index (to go on with a cut-short log)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=ExpertAgent(random.Random()).budget)
    parser.add_argument(
        "--replace-budget", type=int, help="the expert's rollouts for a replacement [--budget]"
    )
    parser.add_argument(
        "--opponent",
        default="hard",
        help=f"a level, or pinned (the expert of {PINNED}); the player's own name: among equals",
    )
    parser.add_argument("--player", default="expert", help="the level whose decisions are logged")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--calibration-games", type=int, default=200)
    parser.add_argument("--out", help="write one JSON line per game here")
    parser.add_argument("--summarize", metavar="LOG", help="only print the figures of a log")
    args = parser.parse_args()
    if args.summarize:
        print(
            summarize(
                sorted(_read(args.summarize), key=lambda g: g["index"]), args.calibration_games
            )
        )
        return
    if args.replace_budget is not None:
        OPTIONS["expert"] = {"replace_budget": args.replace_budget}
    mode = "a" if args.start else "w"  # going on from --start appends to the log
    out = open(args.out, mode, encoding="utf-8") if args.out else None  # noqa: SIM115
    games: list[dict[str, Any]] = []
    work = [
        (index, args.seed, args.budget, args.opponent, args.player)
        for index in range(args.start, args.games)
    ]
    started = time.perf_counter()
    # Each worker is given the levels' options: make() reads them there.
    with ProcessPoolExecutor(args.workers, initializer=_set_options, initargs=(OPTIONS,)) as pool:
        for game in pool.map(_play_star, work, chunksize=1):
            games.append(game)
            if out:
                out.write(json.dumps(game) + "\n")
                out.flush()
            score = sum(g["result"] for g in games)
            print(
                f"game {game['index']}: {game['result']:g}  ({score:g}/{len(games)})",
                file=sys.stderr,
                flush=True,
            )
    if out:
        out.close()
    print(summarize(games, args.calibration_games))
    print(
        f"{time.perf_counter() - started:.0f} s on {args.workers} worker(s), budget {args.budget}"
    )


if __name__ == "__main__":
    main()
