"""What each player has seen so far: the part of an information state a view forgets.

Both adapters wrap a game in a :class:`Match`, which applies action indices
and records each step; a player's memory (a
:class:`~tacocat.engine.observation.Recall`, OpenSpiel's information-state
string) is built from that record only when asked (docs/research.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.sampling import imagine
from tacocat.engine.encoding import ActionSpace, action_space
from tacocat.engine.events import Event, Replaced, RoundStarted, Showdown
from tacocat.engine.observation import Recall
from tacocat.engine.phases import DUEL, REPLACE
from tacocat.engine.players import DEFAULT_NAMES, PLAYERS, TERMINAL, Player, other
from tacocat.engine.state import GameState
from tacocat.research.dealing import Deal, Hands, draws

CHANCE = -1  # OpenSpiel's number for the chance "player"
# A one-round game's returns by the showdown's winner (None: a tie).
_ROUND_RESULT = {None: (0.0, 0.0), 0: (1.0, -1.0), 1: (-1.0, 1.0)}
# One step: the mover (None for a deal), its action's index, the public events, both hands after.
Step = tuple[Player | None, int | None, Sequence[Event], tuple[tuple[int, ...], ...]]


class _Hand:
    """A hand as :meth:`Recall.update` reads it (a view would cost a view per step)."""

    __slots__ = ("hand_values",)

    def __init__(self, hand_values: tuple[int, ...]) -> None:
        self.hand_values = hand_values


class Match:
    """A game, its action space and each player's memory of it, advanced by action index."""

    __slots__ = (
        "deal",
        "explicit",
        "hands",
        "logs",
        "one_round",
        "pending",
        "plain",
        "read",
        "recalls",
        "result",
        "space",
        "state",
        "steps",
    )

    def __init__(
        self,
        state: GameState,
        explicit: bool = False,
        hands: bool = False,
        one_round: bool = False,
    ) -> None:
        """Wrap ``state``, a game just started.

        ``explicit``: deals are chance steps, a card value each, or with
        ``hands`` a whole hand each, and a replacement's draw too
        (:class:`~tacocat.research.dealing.Hands`).  ``one_round``: the game
        ends at the first showdown, +1 to its winner, 0 each for a tie.
        """
        self.state = state
        self.hands, self.one_round = explicit and hands, one_round
        self.plain = not explicit and not one_round  # no chance steps, no early end
        self.result: tuple[float, float] | None = None
        self.space: ActionSpace = action_space(state.rules)
        self.steps: list[Step] = []
        # Each player's memory, and how many steps each has read: (recall, log) and (read, read).
        self.recalls = [Recall(state.view(player)) for player in PLAYERS]
        self.logs: list[list[str]] = [[] for _ in PLAYERS]
        self.read = [[0, 0] for _ in PLAYERS]
        # With explicit chance: the deal under way, and the step it follows, recorded
        # once the deal is placed (nobody has seen a card of it before then).
        self.explicit = explicit
        self.deal: Deal | Hands | None = None
        self.pending: tuple[Player | None, int | None, Sequence[Event]] = (None, None, ())
        self._after(None, None, state.opening_events, ())

    def is_over(self) -> bool:
        return self.result is not None or self.state.is_terminal()

    def returns(self) -> tuple[float, float]:
        """(Yay, Wow): +1 to the winner, -1 to the loser, 0 each for a draw or before the end."""
        return self.state.returns() if self.result is None else self.result

    def to_move(self) -> int:
        """The player to decide, or OpenSpiel's chance (-1) or terminal (-4) player."""
        if self.deal is not None:
            return CHANCE
        return TERMINAL if self.result is not None else self.state.current_player_id()

    def legal_indices(self) -> list[int]:
        """The legal actions' indices, in increasing order (none during a deal or at the end)."""
        state = self.state
        mover = state.to_move
        if self.deal is not None or mover is None or self.result is not None:
            return []
        # The engine's own tuple of the hand's values: the public property builds a pair.
        hand = state._hands[mover][1]
        phase = state.phase
        if phase is REPLACE:  # the common case, ranked without building actions
            return self.space.replace_indices(hand, state.replace_limits[mover])
        # The engine keeps one tuple per hand's attacks or answers, not its duels.
        return self.space.listed_indices(state.legal_actions(), phase is not DUEL)

    def apply(self, index: int) -> list[Event]:
        """Apply the action at ``index`` for the player to move; ValueError if it is not legal."""
        if self.deal is not None:
            raise ValueError("a deal is under way: the next step is chance's")
        if self.result is not None:
            raise ValueError("the game is over")
        state = self.state
        mover = state.to_move
        if self.plain:  # the common case (sampled chance, whole games): only the record
            events = state.apply_action(self.space.action(index))
            hands = state._hands
            self.steps.append((mover, index, events, (hands[0][1], hands[1][1])))
            return events
        # Whole-hand chance needs the hands before a replacement, to tell what it drew.
        held = [state.view(p).hand_ids for p in PLAYERS] if self.hands else []
        events = state.apply_action(self.space.action(index))  # IllegalActionError: ValueError
        self._after(mover, index, events, held)
        return events

    def _after(
        self,
        mover: Player | None,
        index: int | None,
        events: Sequence[Event],
        held: Sequence[tuple[int, ...]],
    ) -> None:
        state = self.state
        # Both hands' values, as the engine keeps them (its property builds a new pair).
        hands = state._hands
        after = (hands[0][1], hands[1][1])
        if self.one_round:
            for event in events:
                if type(event) is Showdown:
                    self.result = _ROUND_RESULT[event.winner]
                    self.steps.append((mover, index, events, after))
                    return
        if self.explicit and any(type(event) is RoundStarted for event in events):
            self.deal = Hands.round_deal(state) if self.hands else Deal(state)
            self.pending = (mover, index, events)
            return
        drew = [e.player for e in events if type(e) is Replaced and e.values] if held else []
        if drew:
            self.deal, self.pending = draws(self.state, drew, held), (mover, index, events)
            return
        self.steps.append((mover, index, events, after))

    def deal_one(self, outcome: int) -> None:
        """Apply a chance outcome: the next card value of the deal under way."""
        if self.deal is None:
            raise ValueError("no deal is under way")
        self.deal = self.deal.then(outcome)
        if self.deal.is_done():
            self.state = self.deal.place(self.state)
            (mover, index, events), self.deal = self.pending, None
            self.pending = (None, None, ())
            self.steps.append((mover, index, events, self.state.hand_values))

    def recall(self, player: Player) -> Recall:
        """``player``'s memory of the round as a vector's source, brought up to date."""
        recall, read = self.recalls[player], self.read[player]
        for _, _, events, hands in self.steps[read[0] :]:
            recall.update(events, _Hand(hands[player]))
        read[0] = len(self.steps)
        return recall

    def information_string(self, player: Player) -> str:
        """Everything ``player`` has seen, in order (perfect recall): its actions,
        the public events, its hand after each step."""
        log, read = self.logs[player], self.read[player]
        for mover, index, events, hands in self.steps[read[1] :]:
            if index is not None:
                action = self.space.action(index)
                log.append(
                    f"I {action}" if mover == player else f"{DEFAULT_NAMES[other(player)]} moved"
                )
            log.extend([event.text() for event in events])
            log.append(f"hand {list(hands[player])}")
        read[1] = len(self.steps)
        return f"p{player}\n" + "\n".join(log)

    def copy(self, state: GameState | None = None) -> Match:
        """An independent copy (of ``state`` in place of a clone of this one's, if given)."""
        twin = Match.__new__(Match)
        twin.state = self.state.clone() if state is None else state
        twin.explicit, twin.deal, twin.pending = self.explicit, self.deal, self.pending
        twin.hands, twin.one_round, twin.result = self.hands, self.one_round, self.result
        twin.plain = self.plain
        twin.space = self.space
        twin.steps = list(self.steps)  # steps are immutable: shared, the list is not
        twin.recalls = [recall.copy() for recall in self.recalls]
        twin.logs = [list(log) for log in self.logs]
        twin.read = [list(read) for read in self.read]
        return twin

    def __getstate__(self) -> dict[str, object]:
        # OpenSpiel serializes a Python state by pickling it: the action space
        # (and its caches) is the rules', found again rather than written out.
        return {name: getattr(self, name) for name in self.__slots__ if name != "space"}

    def __setstate__(self, saved: dict[str, object]) -> None:
        for name, value in saved.items():
            setattr(self, name, value)
        self.space = action_space(self.state.rules)

    def __deepcopy__(self, memo: dict[int, object]) -> Match:
        # OpenSpiel's C++ clone of a Python state deep-copies each attribute:
        # the action space and the rules are shared, never copied.
        return self.copy()

    def resample(self, player: Player, rng: random.Random) -> Match:
        """A world that ``player`` cannot tell from this one, the unseen cards dealt by ``rng``.

        OpenSpiel's ``resample_from_infostate``.  ``player`` keeps its memory;
        the opponent's memory of the cards it held is unknown in the world, so
        it remembers only what was public and its hand now.
        """
        known = self.recall(player)  # indexed by player: the public part is the same for both
        self.information_string(player)
        world = self.copy(imagine(self.state.view(player), rng))
        opponent = other(player)
        view = world.state.view(opponent)
        recall = Recall(view)
        recall.replaced = (list(known.replaced[0]), list(known.replaced[1]))
        recall.played = (list(known.played[0]), list(known.played[1]))
        world.recalls[opponent] = recall
        world.logs[opponent] = ["imagined", f"hand {list(view.hand_values)}"]
        world.read[opponent] = [len(world.steps), len(world.steps)]
        return world
