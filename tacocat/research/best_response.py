"""An exact best response to a computer level, on rules small enough to solve.

How it walks the game: docs/research.md, "The exact best response".
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from pathlib import Path

from tacocat.ai.registry import make_agent
from tacocat.engine import GameState, Rules
from tacocat.engine.actions import Action, Replace
from tacocat.engine.events import Event, GameOver, Replaced, Showdown
from tacocat.engine.players import Player
from tacocat.engine.rules import CENTRE
from tacocat.engine.view import PlayerView
from tacocat.research.dealing import Hands, draws, every_outcome

SMALL_RULES = Path(__file__).with_name("small_rules.toml")
MEDIUM_RULES = Path(__file__).with_name("medium_rules.toml")

# A player's probability of each action in a view, told how many cards that
# player replaced this round (None before it has), which the expert remembers.
Policy = Callable[[PlayerView, "int | None"], Mapping[Action, float]]
Board = tuple[int, tuple[int, ...], int]  # position, tiles, tied rounds


def view_key(view: PlayerView) -> tuple[object, ...]:
    """Everything a view shows, with card values for card ids (two copies of a value play alike)."""
    values = view.rules.card_values
    return (
        view.player,
        view.phase,
        view.to_move,
        view.round_number,
        view.position,
        view.tiles,
        view.hand_values,
        view.opponent_hand_size,
        view.draw_pile_size,
        tuple(values[card] for card in view.discard_ids),
        tuple(values[card] for card in view.table_ids),
        view.attacker,
        view.replace_limit,
        view.my_choice,
        view.opponent_has_chosen,
        view.tied_rounds,
    )


class LevelPolicy:
    """A computer level's probability of each action in a view, asked of its agent once."""

    def __init__(self, level: str, samples: int = 8, seed: int = 0) -> None:
        self.level, self.samples, self.seed = level, samples, seed
        self.known: dict[tuple[object, ...], dict[Action, float]] = {}

    def __call__(self, view: PlayerView, replaced: int | None) -> dict[Action, float]:
        key = (*view_key(view), replaced)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._ask(view, replaced, key)
        return found

    def _ask(
        self, view: PlayerView, replaced: int | None, key: tuple[object, ...]
    ) -> dict[Action, float]:
        legal = view.legal_actions
        if self.level == "random":  # uniform over the legal actions: exact
            return {action: 1 / len(legal) for action in legal}
        shares: dict[Action, float] = {}
        for sample in range(self.samples):
            text = f"{self.seed}:{key!r}:{sample}".encode()
            seed = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
            agent = make_agent(self.level, random.Random(seed))
            remembered = getattr(agent, "replaced", None)
            if isinstance(remembered, dict) and replaced is not None:
                # The expert remembers how many cards it replaced this round.
                remembered[view.round_number] = replaced
            action = agent.choose(view)
            # The expert's duel is a mixed strategy: its mix, not the one card drawn from it.
            evaluation = getattr(agent, "last", None)
            mix = getattr(evaluation, "mix", ())
            for chosen, share in mix or ((action, 1.0),):
                shares[chosen] = shares.get(chosen, 0.0) + share / self.samples
        return shares


# One node of a round's tree: a leaf's score, or [kind, where, children] (see _Round.walk).
Node = float | list[object]


class Solver:
    """The score at ``seat`` against ``opponent``: a best response's, or ``player``'s policy's."""

    def __init__(
        self,
        rules: Rules,
        opponent: Policy,
        seat: Player,
        player: Policy | None = None,
        one_round: bool = False,
    ) -> None:
        self.rules, self.opponent, self.seat, self.player = rules, opponent, seat, player
        # One round only (the OpenSpiel parameter one_round): its showdown ends the game.
        self.one_round = one_round
        self.boards: dict[Board, float] = {}

    def score(self, position: int = CENTRE, tiles: tuple[int, ...] = (), tied: int = 0) -> float:
        """The expected score from a round's start on this board (by default the game's)."""
        board = (position, tiles, tied)
        found = self.boards.get(board)
        if found is None:
            found = self.boards[board] = _Round(self, board).solve()
        return found


class _Round:
    """One round's tree from a board, and the best response's choices in it."""

    def __init__(self, solver: Solver, board: Board) -> None:
        self.solver, self.seat = solver, solver.seat
        self.start = GameState.blank(random.Random(0), solver.rules)
        self.start.position, self.start.tiles = board[0], list(board[1])
        self.start.tied_rounds = board[2]
        self.start.start_round(replay=False)
        # The worlds' generator: it picks which copy of a value leaves a hand and
        # deals the round after the showdown, neither of which a round's score sees.
        self.scratch = random.Random(0)
        # Each information set (depth, what was seen): its members, each with its reach.
        self.members: dict[tuple[int, tuple[object, ...]], list[tuple[float, list[object]]]] = {}
        self.chosen: dict[tuple[int, tuple[object, ...]], int] = {}
        self.values: dict[int, float] = {}

    def solve(self) -> float:
        seat = self.seat
        roots = [
            (chance, self.walk(world, (world.hand_values[seat],), 0, [None, None], chance))
            for world, chance in _deals(self.start)
        ]
        for where in sorted(self.members, key=lambda where: -where[0]):  # latest first
            members = self.members[where]
            options = range(len(_children(members[0][1])))
            worth = [
                sum(reach * self.value(_children(node)[option][1]) for reach, node in members)
                for option in options
            ]
            self.chosen[where] = max(options, key=worth.__getitem__)
        return sum(chance * self.value(node) for chance, node in roots)

    def walk(
        self,
        state: GameState,
        seen: tuple[object, ...],
        depth: int,
        replaced: list[int | None],
        reach: float,
    ) -> Node:
        """The tree below ``state``: ``seen`` is what the solved seat has seen, in order."""
        solver, seat = self.solver, self.seat
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        if mover == seat and solver.player is None:
            where = (depth, seen)
            node: list[object] = ["choose", where, []]
            self.members.setdefault(where, []).append((reach, node))
            branches = [(action, 1.0) for action in view.legal_actions]
            depth += 1
        else:
            policy = solver.opponent if mover != seat else solver.player
            assert policy is not None
            node = ["chance", None, []]
            branches = [(a, p) for a, p in policy(view, replaced[mover]).items() if p > 0]
        children = _children(node)
        for action, chance in branches:
            world = state.clone(self.scratch)
            held = world.hands
            events = world.apply_action(action)
            after = list(replaced)
            if isinstance(action, Replace):
                after[mover] = len(action.values)
            mine = action if mover == seat else None
            heard = (*seen, mine, tuple(events))
            drew = [e.player for e in events if type(e) is Replaced and e.values]
            if not drew:
                child = self.then(
                    world, events, (*heard, world.hand_values[seat]), depth, after, reach * chance
                )
                children.append((chance, child))
                continue
            # What the replacements drew: a chance node over whole draws (dealing.Hands).
            draw: list[object] = ["chance", None, []]
            for hands, share in every_outcome(draws(world, drew, held)):
                dealt = hands.place(world.clone(self.scratch))
                below = (*heard, dealt.hand_values[seat])
                grandchild = self.then(dealt, events, below, depth, after, reach * chance * share)
                _children(draw).append((share, grandchild))
            children.append((chance, draw))
        return node

    def then(
        self,
        world: GameState,
        events: list[Event],
        seen: tuple[object, ...],
        depth: int,
        replaced: list[int | None],
        reach: float,
    ) -> Node:
        """A leaf's score once the round is over, else the tree below ``world``."""
        if not any(type(event) is Showdown for event in events):
            return self.walk(world, seen, depth, replaced, reach)
        ends = (GameOver, Showdown) if self.solver.one_round else (GameOver,)
        for event in events:
            if isinstance(event, ends):
                return 0.5 if event.winner is None else float(event.winner == self.seat)
        return self.solver.score(world.position, tuple(world.tiles), world.tied_rounds)

    def value(self, node: Node) -> float:
        """A node's score, the best response's later choices settled."""
        if isinstance(node, float):
            return node
        known = self.values.get(id(node))
        if known is None:
            children = _children(node)
            if node[0] == "choose":
                known = self.value(children[self.chosen[node[1]]][1])  # type: ignore[index]
            else:
                known = sum(chance * self.value(child) for chance, child in children)
            self.values[id(node)] = known
        return known


def _children(node: list[object]) -> list[tuple[float, Node]]:
    children = node[2]
    assert isinstance(children, list)
    return children


def _deals(start: GameState) -> list[tuple[GameState, float]]:
    """Every deal of the round ``start`` opens (two whole hands), placed in a copy of it, with
    its chance; what a replacement draws is dealt when it is made (:meth:`_Round.walk`)."""
    deals = every_outcome(Hands.round_deal(start))
    return [(hands.place(start.clone()), chance) for hands, chance in deals]
