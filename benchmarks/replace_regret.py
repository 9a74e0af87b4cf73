"""What could an offline replacement table gain?  The online choice against a precise one.

    python benchmarks/replace_regret.py --positions 40 --deals 200
    python benchmarks/replace_regret.py --option replace_budget=12800

An offline table (issue 38) would store, for each hand, role and hand
size, the round value of every replacement, computed with far more
rollouts than a decision can afford.  Before building it (26,622 classes
of 7-card hands, each with up to 128 replacements), this measures what it
could give under the same model: replacement decisions are taken from
seeded games between two ``normal`` players (real hands, boards and
first players' counts), and every replacement of each is played on
``--deals`` imagined deals twice over, with independent deals (A and B).
The *table's* choice is the best replacement by A; it and the choices
actually made online (``master``'s, with the expert's margin and without,
as it plays, a variant's with ``--option KEY=VALUE``, and the rules of
thumb's) are then scored on B, which chose none of them, so no choice is
flattered by the luck of its own deals.  The figure is the round share
(won + half of tied) each choice gives up to the table's, in points,
averaged over the positions with its 95% interval.

Deals are the evaluator's (weighted by the evidence, rules of thumb
replacing and duelling, exact search from ``--exact`` cards a hand).  The
budget is work: the same seed gives the same figures on any machine.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from expert import option

from tacocat.ai.evaluator import _Search
from tacocat.ai.evidence import read_evidence
from tacocat.ai.expert import natural_replacement
from tacocat.ai.heuristics import HeuristicAgent
from tacocat.ai.match import game_seed
from tacocat.ai.registry import make_agent
from tacocat.engine import Action, GameState, Phase, PlayerView


def positions(count: int, seed: int) -> list[tuple[PlayerView, int | None]]:
    """Replacement decisions with a choice: the view, and what its player replaced (None)."""
    found: list[tuple[PlayerView, int | None]] = []
    index = 0
    while len(found) < count:
        rng = random.Random(game_seed(seed, index, "players"))
        seats = [HeuristicAgent(random.Random(rng.getrandbits(64))) for _ in (0, 1)]
        state = GameState(random.Random(game_seed(seed, index, "deal")), undoable=False)
        while not state.is_terminal() and len(found) < count:
            mover = state.current_player()
            assert mover is not None
            view = state.view(mover)
            if view.phase is Phase.REPLACE and len(view.legal_actions) > 1:
                found.append((view, None))
            state.apply_action(seats[mover].choose(view))
        index += 1
    return found


def shares(view: PlayerView, legal: list[Action], deals: int, seed: int, exact: int) -> list[float]:
    """Each replacement's round share on ``deals`` imagined deals, the same deals for all."""
    search = _Search(view, random.Random(seed), legal, read_evidence(view, None), None, exact)
    for index in range(len(legal)):
        search.extend(index, deals)
    return [tally.round / tally.samples for tally in search.tallies]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--deals", type=int, default=200, help="per replacement, in A and in B")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--exact", type=int, default=3, help="exact search from this many cards")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a variant of master"
    )
    args = parser.parse_args()
    # Each online choice: master's keyword options (``exact`` is the script's).
    players: dict[str, dict[str, float]] = {
        "master with the margin": {"margin": True},
        "master": {},
    }
    if args.option:
        players[" ".join(args.option)] = dict(option(text) for text in args.option)
    losses: dict[str, list[float]] = {name: [] for name in [*players, "rules of thumb"]}
    for number, (view, _) in enumerate(positions(args.positions, args.seed)):
        legal = list(view.legal_actions)
        table = shares(view, legal, args.deals, game_seed(args.seed, number, "A"), args.exact)
        judge = shares(view, legal, args.deals, game_seed(args.seed, number, "B"), args.exact)
        best = judge[max(range(len(legal)), key=table.__getitem__)]
        for name, options in players.items():
            # The same generator for each: a variant differs from master by its options only.
            rng = random.Random(game_seed(args.seed, number, "online"))
            agent = make_agent("master", rng, **{"exact": args.exact, **options})
            losses[name].append(best - judge[legal.index(agent.choose(view))])
        losses["rules of thumb"].append(best - judge[legal.index(natural_replacement(view))])
        print(
            f"{number}: {len(view.hand)} cards, {len(legal)} replacements,"
            + "".join(f" {name} {values[-1]:+.3f}" for name, values in losses.items()),
            flush=True,
        )
    print(
        f"round share given up to the table's choice ({args.deals} deals a replacement),"
        f" {args.positions} positions, seed {args.seed}, exact from {args.exact} cards:"
    )
    for name, values in losses.items():
        mean = statistics.fmean(values)
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        print(
            f"  {name}: {100 * mean:+.2f} points (95% {100 * (mean - 1.96 * error):+.2f}"
            f" to {100 * (mean + 1.96 * error):+.2f})"
        )


if __name__ == "__main__":
    main()
