"""Seat-swapped rounds: does level A win more of the decisive rounds than B?

    python benchmarks/duplicate.py --a master --b pinned --pairs 400 --out /tmp/dup.jsonl
    python benchmarks/duplicate.py --summarize /tmp/dup.jsonl

Seeded games of A against B are played, A at YAY in even games and at WOW
in odd ones.  Every round of them is a *deal*: its board (where the
Tacocat stands, the tiles, the tied rounds before it), both hands and the
order of the draw pile.  Each deal is played a second time from the same
state with the seats swapped (fresh players, seeded from the game and the
round), so A holds the cards B held and B A's: a pair of rounds on the same
cards, in which the luck of the deal largely cancels.  Rounds are scored
won, tied or lost; the figure is A's share of the *decisive* rounds, with a
95% interval from the pairs (a ratio estimate, the pairs the units), and
the game figure it means by :func:`tacocat.ai.outlook.game_chance`: the
chance to win a game from the centre when every decisive round goes one's
way with that chance.

A sequential probability ratio test (SPRT, as chess engines test patches)
weighs H0 "A wins half the decisive rounds" against H1 "A wins
:data:`H1_SHARE`" (about 60% of games) after every game, and stops the run
as soon as either is accepted (alpha = beta = 0.05; not before :data:`MIN_PAIRS`),
or at ``--pairs``.  Its
log-likelihood ratio uses the normal approximation of the share's
estimate (the generalised SPRT of fishtest).

``pinned`` is the expert of ``benchmarks/pinned.py``'s revision; any other
name is a level.  One process by default (the machine is shared); game *i*
is the same game for any number of workers.  Budgets are work, so the
same seed gives the same figures on any machine.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import expert
from expert import make
from pinned import PINNED

from tacocat.ai.match import game_seed
from tacocat.ai.outlook import game_chance
from tacocat.engine import WOW, YAY, GameState, Rules
from tacocat.engine.events import Showdown

H0_SHARE = 0.5
H1_SHARE = 0.546  # of decisive rounds: about 60% of games from the centre
ERRORS = 0.05  # the SPRT's alpha and beta
Z95 = 1.96
MIN_PAIRS = 100  # the SPRT may stop a run only from here: fewer pairs misjudge the spread


def finish_round(state: GameState, seats: list[Any]) -> tuple[int, list[Any]]:
    """Play ``state`` to the end of its round: the showdown's winner (-1 tied), its events."""
    while True:
        mover = state.current_player()
        assert mover is not None
        events = state.apply_action(seats[mover].choose(state.view(mover)))
        for event in events:
            if isinstance(event, Showdown):
                return (-1 if event.winner is None else event.winner), events


def play(arguments: tuple[int, int, str, str]) -> dict[str, Any]:
    """Game ``index`` of A against B, each of its rounds played again with the seats swapped.

    A pair is (A's round in the game, A's round with the seats swapped),
    each +1 won, 0 tied, -1 lost.
    """
    index, seed, a, b = arguments
    a_seat = YAY if index % 2 == 0 else WOW
    names = {a_seat: a, 1 - a_seat: b}
    seats = [
        make(names[seat], random.Random(game_seed(seed, index, f"seat{seat}")))
        for seat in (YAY, WOW)
    ]
    state = GameState(random.Random(game_seed(seed, index, "deal")), undoable=False)
    pairs: list[list[int]] = []
    while not state.is_terminal():
        twin = state.clone()  # the same hands, board and draw order
        round_number = state.round_number
        winner, _ = finish_round(state, seats)
        swapped = [
            make(
                names[1 - seat], random.Random(game_seed(seed, index, f"twin{round_number}:{seat}"))
            )
            for seat in (YAY, WOW)
        ]
        twin_winner, _ = finish_round(twin, swapped)
        pairs.append([_score(winner, a_seat), _score(twin_winner, 1 - a_seat)])
        # The game goes on to its next deal (or ends); the twin stops at its showdown.
        if not state.is_terminal():
            assert state.round_number == round_number + 1, "a round ended without a new deal"
    return {"index": index, "a": a, "b": b, "a_seat": a_seat, "pairs": pairs}


def _score(winner: int, seat: int) -> int:
    return 0 if winner < 0 else (1 if winner == seat else -1)


def share(pairs: list[list[int]]) -> tuple[float, float, int, int]:
    """A's share of decisive rounds, its standard error (pairs as units), wins, decisive."""
    wins = [sum(r == 1 for r in pair) for pair in pairs]
    decisive = [sum(r != 0 for r in pair) for pair in pairs]
    total = sum(decisive)
    if total == 0 or len(pairs) < 2:
        return 0.5, 0.5, sum(wins), total
    p = sum(wins) / total
    n = len(pairs)
    residuals = sum((w - p * d) ** 2 for w, d in zip(wins, decisive, strict=True))
    return p, math.sqrt(residuals * n / (n - 1)) / total, sum(wins), total


def llr(p: float, error: float, h0: float = H0_SHARE, h1: float = H1_SHARE) -> float:
    """The log-likelihood ratio of H1 against H0 for a normal estimate ``p`` ± ``error``."""
    if error <= 0:
        return 0.0
    return (h1 - h0) * (2 * p - h0 - h1) / (2 * error * error)


def sprt_bounds(errors: float = ERRORS) -> tuple[float, float]:
    """(accept H0 at or below, accept H1 at or above)."""
    return math.log(errors / (1 - errors)), math.log((1 - errors) / errors)


def verdict(pairs: list[list[int]]) -> str | None:
    """``"H1"`` or ``"H0"`` once the SPRT accepts one, else None."""
    p, error, _, _ = share(pairs)
    low, high = sprt_bounds()
    ratio = llr(p, error)
    return "H1" if ratio >= high else "H0" if ratio <= low else None


def summarize(games: list[dict[str, Any]]) -> str:
    pairs = [pair for game in games for pair in game["pairs"]]
    if not pairs:
        return "no pairs"
    a, b = games[0]["a"], games[0]["b"]
    p, error, wins, total = share(pairs)
    low, high = p - Z95 * error, p + Z95 * error
    rules, start = Rules(), GameState(random.Random(0), undoable=False).position

    def game(edge: float) -> float:
        return game_chance(rules, start, (), YAY, min(1.0, max(0.0, edge)))

    flat = [r for pair in pairs for r in pair]
    both = [pair for pair in pairs if 0 not in pair]
    split = sum(pair[0] != pair[1] for pair in both)
    low_llr, high_llr = sprt_bounds()
    return "\n".join(
        [
            f"{a} vs {b}: {len(pairs)} seat-swapped pairs from {len(games)} games,"
            f" {len(flat)} rounds ({flat.count(1)} won, {flat.count(-1)} lost,"
            f" {flat.count(0)} tied)",
            f"  decisive rounds won by {a}: {wins}/{total} = {p:.1%} (95% {low:.1%}-{high:.1%})",
            f"  as games from the centre: {game(p):.1%} ({game(low):.1%}-{game(high):.1%})",
            f"  pairs decisive both times: {len(both)}; won once each: {split}"
            " (the same cards won both times: the deal decided)",
            f"  SPRT H0 {H0_SHARE:.1%} vs H1 {H1_SHARE:.1%}: LLR {llr(p, error):.2f}"
            f" (bounds {low_llr:.2f}, {high_llr:.2f}): {verdict(pairs) or 'undecided'}",
        ]
    )


def _read(path: str) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="master", help="the level measured")
    parser.add_argument("--b", default="pinned", help=f"its opponent (pinned: expert of {PINNED})")
    parser.add_argument("--pairs", type=int, default=400, help="stop after this many pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first game (to go on with a log)")
    parser.add_argument("--no-sprt", action="store_true", help="play all --pairs, whatever")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="LEVEL.KEY=VALUE",
        help="a keyword for a level's constructor, e.g. master.margin=0 (a number)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="append one JSON line per game here")
    parser.add_argument("--summarize", metavar="LOG", help="only print the figures of a log")
    args = parser.parse_args()
    if args.summarize:
        print(summarize(sorted(_read(args.summarize), key=lambda g: g["index"])))
        return
    for option in args.option:
        name, _, setting = option.partition(".")
        key, _, value = setting.partition("=")
        expert.OPTIONS.setdefault(name, {})[key] = float(value) if "." in value else int(value)
    games = list(_read(args.out)) if args.out and args.start and os.path.exists(args.out) else []
    out = open(args.out, "a" if args.start else "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    started = time.perf_counter()
    # Every game has a round at least, so --pairs games are always enough.
    work = [
        (index, args.seed, args.a, args.b) for index in range(args.start, args.start + args.pairs)
    ]
    pool = ProcessPoolExecutor(
        args.workers, initializer=expert._set_options, initargs=(expert.OPTIONS,)
    )
    with pool:
        for game in pool.map(play, work, chunksize=1) if args.workers > 1 else map(play, work):
            games.append(game)
            if out:
                out.write(json.dumps(game) + "\n")
                out.flush()
            pairs = [pair for g in games for pair in g["pairs"]]
            p, error, _, _ = share(pairs)
            print(
                f"game {game['index']}: {len(pairs)} pairs, {p:.1%} ± {Z95 * error:.1%}",
                file=sys.stderr,
                flush=True,
            )
            sequential = not args.no_sprt and len(pairs) >= MIN_PAIRS
            if len(pairs) >= args.pairs or (sequential and verdict(pairs)):
                pool.shutdown(wait=False, cancel_futures=True)
                break
    if out:
        out.close()
    print(summarize(games))
    print(f"{time.perf_counter() - started:.0f} s on {args.workers} worker(s), seed {args.seed}")


if __name__ == "__main__":
    main()
