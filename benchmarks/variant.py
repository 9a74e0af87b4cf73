"""Does a variant of a level beat the pinned expert more often than the level itself?

    python benchmarks/variant.py --option margin=0 --pairs 400 --workers 2 --out /tmp/v.jsonl
    python benchmarks/variant.py --summarize /tmp/v.jsonl

Seat-swapped rounds (``duplicate.py``) measure one player against the pinned
expert to about ±1.8 points of decisive rounds at 400 pairs: too wide for a
change worth one point.  Here the variant (``--level`` with ``--option``s) and
the level itself play *the same rounds with the same random numbers*
(common random numbers): the positions are the rounds of seeded games of the
level against the pinned expert, each played at both seats, and every
decision's generator is seeded from the game, the round, the seats and the
decision's number.  Until the variant decides differently from the level,
both rounds are the same round move for move; once it does, the rest is
played out.  A round the variant never changes adds nothing to the
difference of the two shares of decisive rounds (a paired ratio estimate,
the positions the units), so it is narrow when the variant changes few
rounds: a variant that leaves 5% of them reads to ±1.2 points at 200
positions, where each share reads to ±2.5.  A variant that changes most
rounds' first decision gains little over two independent runs.

While the variant follows the level's play, the pinned expert's decisions are
read from the level's round rather than searched again (the same view and
seed give the same action); its memory of its own replacement is kept.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from duplicate import Z95, _read, _score, played, residuals, share, spread
from expert import option
from pinned import pinned_expert

from tacocat.ai import make_agent
from tacocat.ai.match import game_seed
from tacocat.engine import WOW, YAY, Action, GameState, Replace
from tacocat.engine.events import Showdown

OPTIONS: dict[str, Any] = {}  # the variant's keyword options for the level's constructor


def _set_options(options: dict[str, Any]) -> None:
    OPTIONS.update(options)


def finish(
    state: GameState,
    seats: list[Any],
    key: tuple[int, int, str],
    record: list[Action] | None = None,
    subject: int | None = None,
    salt: str = "",
) -> tuple[int, list[Action], bool]:
    """Play ``state``'s round to its showdown: (its winner, -1 tied; the actions; diverged?).

    Decision k's generator is seeded from ``key`` and k, whoever plays it.  With
    ``record`` (the level's actions in the same round), the pinned expert's
    decisions are taken from it while ``subject``'s have all matched it so far.
    ``salt`` changes the seeds of ``subject``'s decisions (the method's control).
    """
    seed, index, label = key
    actions: list[Action] = []
    following = record is not None
    while True:
        mover = state.current_player()
        assert mover is not None
        agent = seats[mover]
        number = len(actions)
        if following and mover != subject:
            assert record is not None
            action = record[number]
            if isinstance(action, Replace) and hasattr(agent, "replaced"):
                # What ExpertAgent.choose remembers of its replacement.
                agent.replaced = {state.round_number: len(action.values)}
        else:
            own = salt if mover == subject else ""
            agent.rng = random.Random(game_seed(seed, index, f"{label}:{number}{own}"))
            action = agent.choose(state.view(mover))
            if following and (record is None or action != record[number]):
                following = False
        actions.append(action)
        for event in state.apply_action(action):
            if isinstance(event, Showdown):
                winner = -1 if event.winner is None else event.winner
                return winner, actions, record is not None and not following


def play(arguments: tuple[int, int, str, bool]) -> dict[str, Any]:
    """Game ``index`` of the level against the pinned expert; each round four times.

    Per round: [level, level seats swapped, variant, variant seats swapped],
    each +1 won, 0 tied, -1 lost for the level or the variant; and how many of
    the variant's two rounds left the level's play.  ``control``: the variant
    is the level drawing other random numbers, so the difference must read 0.
    """
    index, seed, level, control = arguments
    home = YAY if index % 2 == 0 else WOW

    def seats(subject: int, variant: bool, label: str) -> list[Any]:
        def player(seat: int) -> Any:
            rng = random.Random(game_seed(seed, index, f"{label}:seat{seat}"))
            if seat != subject:
                return pinned_expert(rng)
            return make_agent(level, rng, **(OPTIONS if variant else {}))

        return [player(YAY), player(WOW)]

    state = GameState(random.Random(game_seed(seed, index, "deal")), undoable=False)
    rounds: list[list[int]] = []
    diverged = 0
    while not state.is_terminal():
        number = state.round_number
        scores: list[int] = []
        plays: list[tuple[int, list[Action]]] = []
        start = state.clone()  # the same hands, board and draw order
        for turn, subject in enumerate((home, 1 - home)):
            label = f"{number}:{turn}"
            # The level's first round is the game's own, which goes on from its end.
            table = state if turn == 0 else start.clone()
            winner, actions, _ = finish(table, seats(subject, False, label), (seed, index, label))
            scores.append(_score(winner, subject))
            plays.append((subject, actions))
        for turn, (subject, actions) in enumerate(plays):
            label = f"{number}:{turn}"
            winner, _, left = finish(
                start.clone(),
                seats(subject, True, label),
                (seed, index, label),
                actions,
                subject,
                ":control" if control else "",
            )
            scores.append(_score(winner, subject))
            diverged += left
        rounds.append(scores)
    options = {"control": True} if control else OPTIONS
    return {"index": index, "level": level, "options": options, "rounds": rounds, "left": diverged}


def summarize(games: list[dict[str, Any]]) -> str:
    rounds = [r for game in games for r in game["rounds"]]
    level, options = games[0]["level"], games[0]["options"]
    base = [r[:2] for r in rounds]
    variant = [r[2:] for r in rounds]
    p_base, e_base, _, _ = share(base)
    p_var, e_var, _, _ = share(variant)
    # The paired difference: both ratio estimates linearised, the positions the units.
    n = len(rounds)
    parts = residuals(variant), residuals(base)
    error = spread([v - b for v, b in zip(*parts, strict=True)])
    gap = p_var - p_base
    changed = sum(b != v for b, v in zip(base, variant, strict=True))
    left = sum(game["left"] for game in games)
    return "\n".join(
        [
            f"{level} {options} against {level}, both against the pinned expert:"
            f" {n} positions from {len(games)} games, each at both seats",
            f"  {level}: {p_base:.1%} ± {Z95 * e_base:.1%} of decisive rounds;"
            f" the variant: {p_var:.1%} ± {Z95 * e_var:.1%}",
            f"  difference: {gap:+.1%} (95% {gap - Z95 * error:+.1%} to {gap + Z95 * error:+.1%})",
            f"  the variant's rounds that left the level's play: {left} of {2 * n};"
            f" positions whose outcome changed: {changed}",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="master")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a keyword for the variant's constructor, e.g. margin=0 (a number)",
    )
    parser.add_argument(
        "--control", action="store_true", help="the variant: the level with other random numbers"
    )
    parser.add_argument("--pairs", type=int, default=400, help="positions, each at both seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="one JSON line per game")
    parser.add_argument("--summarize", metavar="LOG", help="only print the figures of a log")
    args = parser.parse_args()
    if args.summarize:
        print(summarize(sorted(_read(args.summarize), key=lambda g: g["index"])))
        return
    OPTIONS.update(option(text) for text in args.option)
    started = time.perf_counter()
    games: list[dict[str, Any]] = []
    work = [(index, args.seed, args.level, args.control) for index in range(args.pairs)]
    for game in played(play, work, args.workers, args.out, options=(_set_options, OPTIONS)):
        games.append(game)
        positions = sum(len(g["rounds"]) for g in games)
        print(f"game {game['index']}: {positions} positions", file=sys.stderr, flush=True)
        if positions >= args.pairs:
            break
    print(summarize(games))
    print(f"{time.perf_counter() - started:.0f} s on {args.workers} worker(s), seed {args.seed}")


if __name__ == "__main__":
    main()
