"""A local best response (LBR) to a level on the full rules: a lower bound on its exploitability.

    python benchmarks/lbr.py --level expert --games 40 --out /tmp/lbr-expert.jsonl
    python benchmarks/lbr.py --summarize /tmp/lbr-expert.jsonl

Lisý & Bowling (2017): the exact best response of
``tacocat/research/best_response.py`` needs every deal and every view, far
out of reach on the full rules; a *local* best response takes, at each of
its own decisions, the action worth most against the level's policy given
a belief over the level's hand, and is then simply played against the
level.  What it wins is what one strategy wins against the level, so a
lower bound on the level's exploitability (up to the sampling noise of the
games, the interval below).

- **The belief** is ``--hands`` hands of the level, drawn uniformly from
  the cards the LBR cannot see, weighted by how likely the level was to
  make each of its decisions this round with that hand: the hand it held
  at each decision follows from the hand now, the cards it played since
  (face up) and, before its replacement, the cards it threw away instead of
  those it drew (a split drawn at random).  A decision's likelihood is the
  level's own probability of it in the view it would have had
  (:class:`~tacocat.research.best_response.LevelPolicy`, its agents seeded
  from the view, ``--samples`` a view), mixed with :data:`SLACK` of the
  uniform one: a sampled policy is an estimate, and a hand it might have
  played is not ruled out.  A choice the level made in secret and has not
  revealed is drawn from the same policy in each hand's world.
- **An action's worth** is the weighted mean, over the hands, of
  ``--rollouts`` rollouts of the rest of the round (the evaluator's:
  :func:`tacocat.ai.rollout.playout`, the draw pile shuffled each time),
  each outcome counted as the game chance after the round
  (:mod:`tacocat.ai.outlook`).
- **The figure** is the seat-swapped rounds of ``benchmarks/duplicate.py``
  and its statistics: every round is played again from the same deal with
  the seats swapped, and the LBR's share of the decisive rounds has a 95%
  interval over the pairs; as games, via the outlook.

Budgets are work (hands, rollouts, samples), every generator is seeded from
the game and the round, and game *i* is the same game in any process: the
same arguments give the same figures on any machine, for any ``--workers``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from duplicate import _read, played, progress, summarize

from tacocat.ai.registry import make_agent
from tacocat.ai.rollout import outcome_worth, playout
from tacocat.engine import WOW, YAY, Action, GameState, Phase, PlayerView
from tacocat.engine.actions import Answer, Attack, Duel, Replace
from tacocat.engine.events import Showdown
from tacocat.engine.worlds import state_from_view
from tacocat.research.best_response import LevelPolicy

SLACK = 0.05  # the uniform policy's share in a decision's likelihood
# The level's decisions this round: the state it decided in, and its action.
Record = tuple[GameState, Action]


def played_values(action: Action) -> tuple[int, ...]:
    """The values an action takes out of the hand for good (a replacement's come back drawn)."""
    if isinstance(action, Duel):
        return (action.value,)
    if isinstance(action, Attack | Answer):
        return tuple(action.values)
    return ()


def take(ids: Sequence[int], values: Sequence[int], card_values: Sequence[int]) -> list[int] | None:
    """Card ids of ``values`` from ``ids`` (lowest id of each value first), None if absent."""
    free = sorted(ids, reverse=True)
    chosen: list[int] = []
    for value in values:
        card = next((c for c in reversed(free) if card_values[c] == value), None)
        if card is None:
            return None
        free.remove(card)
        chosen.append(card)
    return chosen


def pick(mix: dict[Action, float], draw: float) -> Action:
    """The action of ``mix`` at ``draw`` (in [0, 1)) of its cumulative shares."""
    for action, chance in mix.items():
        draw -= chance
        if draw < 0:
            return action
    return max(mix, key=mix.__getitem__)


def level_view(state: GameState, player: int, values: Sequence[int]) -> PlayerView | None:
    """``player``'s view in ``state`` had it held ``values``, None if those cards are seen.

    Only ``player``'s hand changes: the public cards and the other hand's are
    the state's, which the LBR sees (its own hand) or everyone does.
    """
    world = state.clone(random.Random(0))
    unseen = world.view(1 - player).unseen_ids()  # the level's hand and the pile
    ids = take(unseen, values, world.rules.card_values)
    if ids is None:
        return None
    world.set_hand(player, ids)
    world.draw_pile = [card for card in unseen if card not in ids]
    return world.view(player)


class LocalBestResponse:
    """The LBR's player: told the level's decisions as they are made, it answers the belief."""

    name = "lbr"

    def __init__(
        self, level: str, rng: random.Random, hands: int, rollouts: int, samples: int
    ) -> None:
        self.policy = LevelPolicy(level, samples, seed=rng.getrandbits(32))
        self.rng, self.hands, self.rollouts = rng, hands, rollouts
        self.records: list[Record] = []
        self.round = -1

    def observe(self, state: GameState, action: Action) -> None:
        """The level is about to play ``action`` in ``state`` (read only through level_view)."""
        if state.round_number != self.round:
            self.round, self.records = state.round_number, []
        self.records.append((state.clone(random.Random(0)), action))

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal_actions)
        if view.round_number != self.round:
            self.round, self.records = view.round_number, []
        if len(legal) == 1:
            return legal[0]
        # A secret choice the level made and has not revealed is no evidence yet.
        pending = self.records[-1] if view.opponent_has_chosen and self.records else None
        known = self.records[:-1] if pending else self.records
        weighted: list[tuple[float, GameState]] = []
        while not weighted:  # until a hand explains the level's play (SLACK: soon)
            for _ in range(self.hands):
                weight, world = self._world(view, known, pending)
                if world is not None and weight > 0:
                    weighted.append((weight, world))
        # Every action meets the same worlds (common random numbers): their
        # differences, not each one's luck of the draw pile, rank them.
        trials: list[tuple[float, GameState, float]] = []
        for weight, world in weighted:
            for _ in range(self.rollouts):
                trial = world.clone(random.Random(self.rng.getrandbits(64)))
                self.rng.shuffle(trial.draw_pile)
                trials.append((weight, trial, self.rng.random()))
        # A choice made in secret (a duel card, the centre's replacement) is answered
        # by the level's own policy in each world, not by the rollouts' rules of thumb:
        # its view is the same whatever the LBR chose, so it is asked once a world.
        secret = view.phase is Phase.DUEL or (view.arrow is not None and view.arrow.player is None)
        replaced = next((len(a.values) for _, a in self.records if isinstance(a, Replace)), None)
        worth, me, them = outcome_worth(view), view.player, view.opponent
        values = []
        for action in legal:
            total = 0.0
            for weight, trial, draw in trials:
                world = trial.clone()
                events = world.apply_action(action)
                if secret and world.current_player() == them and world.phase is view.phase:
                    reply = pick(self.policy(world.view(them), replaced), draw)
                    events = world.apply_action(reply)
                total += weight * worth[playout(world, events, me)][1]
            values.append(total)
        return legal[max(range(len(legal)), key=values.__getitem__)]

    def _world(
        self, view: PlayerView, known: list[Record], pending: Record | None
    ) -> tuple[float, GameState | None]:
        """One hand of the level, drawn from the prior: (its likelihood, its world now)."""
        rng, values = self.rng, view.rules.card_values
        unseen = view.unseen_ids()
        rng.shuffle(unseen)
        size = view.opponent_hand_size
        hand, pile = unseen[:size], unseen[size:]
        after = [values[card] for card in hand]  # its hand after the replacement, as values
        for _, action in known:
            after += played_values(action)
        before = list(after)  # its hand before the replacement
        thrown = next((a.values for _, a in known if isinstance(a, Replace)), None)
        if thrown:
            drawn = rng.sample(range(len(after)), len(thrown))
            before = [v for i, v in enumerate(after) if i not in drawn] + list(thrown)
        weight, held, replaced = 1.0, before, None
        for state, action in known:
            weight *= self._likelihood(state, held, action, replaced)
            if isinstance(action, Replace):
                held, replaced = list(after), len(action.values)
            for value in played_values(action):
                held.remove(value)
        choice: Replace | Duel | None = None
        if pending is not None:  # drawn from the level's policy in this hand's world
            seen = level_view(pending[0], view.opponent, [values[card] for card in hand])
            mix = self.policy(seen, replaced) if seen is not None else {}
            picked = rng.choices(list(mix), list(mix.values()))[0] if mix else None
            if not isinstance(picked, Replace | Duel):
                return 0.0, None
            choice = picked
        return weight, state_from_view(view, hand, pile, random.Random(rng.getrandbits(64)), choice)

    def _likelihood(
        self, state: GameState, held: list[int], action: Action, replaced: int | None
    ) -> float:
        """The level's chance of ``action`` in ``state`` holding ``held``, mixed with SLACK."""
        mover = state.current_player()
        assert mover is not None
        seen = level_view(state, mover, held)
        if seen is None:
            return 0.0
        legal = seen.legal_actions
        if action not in legal:
            return 0.0
        chance = self.policy(seen, replaced).get(action, 0.0)
        return (1.0 - SLACK) * chance + SLACK / len(legal)


def finish_round(state: GameState, seats: list[Any], lbr_seat: int) -> int:
    """Play ``state``'s round to its showdown: the winner, -1 if tied."""
    lbr = seats[lbr_seat]
    while True:
        mover = state.current_player()
        assert mover is not None
        action = seats[mover].choose(state.view(mover))
        if mover != lbr_seat:
            lbr.observe(state, action)
        for event in state.apply_action(action):
            if isinstance(event, Showdown):
                return -1 if event.winner is None else event.winner


def play(index: int, args: argparse.Namespace) -> dict[str, Any]:
    """Game ``index`` of the LBR against the level, each round again with the seats swapped."""
    from tacocat.ai.match import game_seed

    def seats(lbr_seat: int, role: str) -> list[Any]:
        lbr = LocalBestResponse(
            args.level,
            random.Random(game_seed(args.seed, index, f"lbr{role}")),
            args.hands,
            args.rollouts,
            args.samples,
        )
        level = make_agent(args.level, random.Random(game_seed(args.seed, index, f"lvl{role}")))
        return [lbr, level] if lbr_seat == YAY else [level, lbr]

    lbr_seat = YAY if index % 2 == 0 else WOW
    players = seats(lbr_seat, "")
    state = GameState(random.Random(game_seed(args.seed, index, "deal")), undoable=False)
    pairs: list[list[int]] = []
    while not state.is_terminal():
        twin, number = state.clone(), state.round_number
        winner = finish_round(state, players, lbr_seat)
        twin_winner = finish_round(twin, seats(1 - lbr_seat, f"twin{number}"), 1 - lbr_seat)
        pairs.append([_score(winner, lbr_seat), _score(twin_winner, 1 - lbr_seat)])
    return {"index": index, "a": "lbr", "b": args.level, "a_seat": lbr_seat, "pairs": pairs}


def _score(winner: int, seat: int) -> int:
    return 0 if winner < 0 else (1 if winner == seat else -1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=8, help="the level's hands in the belief")
    parser.add_argument("--rollouts", type=int, default=2, help="per hand and action")
    parser.add_argument("--samples", type=int, default=1, help="agents asked per level view")
    parser.add_argument("--workers", type=int, default=1, help="processes (the same games)")
    parser.add_argument("--out", help="one JSON line per game")
    parser.add_argument("--summarize", metavar="LOG", help="only print the figures of a log")
    args = parser.parse_args()
    if args.summarize:
        print(summarize(list(_read(args.summarize))))
        return
    games: list[dict[str, Any]] = []
    started, cpu = time.perf_counter(), time.process_time()
    task, indices = partial(play, args=args), range(args.games)
    for index, game in enumerate(played(task, indices, args.workers, args.out)):
        games.append(game)
        progress(index, [pair for g in games for pair in g["pairs"]])
    print(summarize(games))
    budget = f"{args.hands} hands, {args.rollouts} rollouts, {args.samples} samples"
    # With workers the CPU is theirs, not this process's: the wall time is told instead.
    spent = (
        f"{time.process_time() - cpu:.0f} s CPU"
        if args.workers == 1
        else f"{time.perf_counter() - started:.0f} s on {args.workers} workers"
    )
    print(f"{spent}, seed {args.seed}, {budget}")


if __name__ == "__main__":
    main()
