"""What each player has seen so far: the part of an information state a view forgets.

Both adapters wrap a :class:`~tacocat.engine.GameState` in a :class:`Match`,
which applies action indices and keeps, for each player, a
:class:`~tacocat.engine.encoding.Recall` (the vector form) and a log of
lines (the string form: OpenSpiel's information-state string).  Everything
here is plain Python: numpy stays in the adapters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.sampling import imagine
from tacocat.engine.encoding import ActionSpace, Recall, action_space
from tacocat.engine.events import Event, RoundStarted
from tacocat.engine.phases import Phase
from tacocat.engine.players import DEFAULT_NAMES, PLAYERS, Player, other
from tacocat.engine.state import GameState
from tacocat.research.dealing import Deal, place


class Match:
    """A game, its action space and each player's memory of it, advanced by action index."""

    __slots__ = ("deal", "explicit", "logs", "pending", "recalls", "space", "state")

    def __init__(self, state: GameState, explicit: bool = False) -> None:
        """Wrap ``state``, a game just started; ``explicit``: deals are chance steps."""
        self.state = state
        self.space: ActionSpace = action_space(state.rules)
        self.recalls = [Recall(state.view(player)) for player in PLAYERS]
        # Each player's lines: what it did, the public events, its hand after each step.
        self.logs: list[list[str]] = [[] for _ in PLAYERS]
        # With explicit chance: the deal under way, and the step it follows, remembered
        # once the deal is placed (nobody has seen a card of it before then).
        self.explicit = explicit
        self.deal: Deal | None = None
        self.pending: tuple[Player | None, str | None, Sequence[Event]] = (None, None, ())
        self._after(None, None, state.opening_events)

    def legal_indices(self) -> list[int]:
        """The legal actions' indices, in increasing order (none during a deal or at the end)."""
        state = self.state
        mover = state.current_player()
        if self.deal is not None or mover is None:
            return []
        if state.phase is Phase.REPLACE:  # the common case, ranked without building actions
            return self.space.replace_indices(state.hand_values(mover), state.replace_limits[mover])
        return self.space.indices(state.legal_actions())

    def apply(self, index: int) -> list[Event]:
        """Apply the action at ``index`` for the player to move; ValueError if it is not legal."""
        if self.deal is not None:
            raise ValueError("a deal is under way: the next step is chance's")
        mover = self.state.current_player()
        action = self.space.action(index)
        events = self.state.apply_action(action)  # IllegalActionError is a ValueError
        self._after(mover, str(action), events)
        return events

    def _after(self, mover: Player | None, action: str | None, events: Sequence[Event]) -> None:
        if self.explicit and any(isinstance(event, RoundStarted) for event in events):
            self.deal, self.pending = Deal(self.state), (mover, action, events)
        else:
            self._remember(mover, action, events)

    def deal_one(self, outcome: int) -> None:
        """Apply a chance outcome: the next card value of the deal under way."""
        if self.deal is None:
            raise ValueError("no deal is under way")
        self.deal = self.deal.then(outcome)
        if self.deal.is_done():
            self.state = place(self.state, self.deal)
            (mover, action, events), self.deal = self.pending, None
            self.pending = (None, None, ())
            self._remember(mover, action, events)

    def _remember(self, mover: Player | None, action: str | None, events: Sequence[Event]) -> None:
        public = [event.text() for event in events]
        for player in PLAYERS:
            view = self.state.view(player)
            self.recalls[player].update(events, view)
            log = self.logs[player]
            if action is not None:
                log.append(
                    f"I {action}" if mover == player else f"{DEFAULT_NAMES[other(player)]} moved"
                )
            log.extend(public)
            log.append(f"hand {list(view.hand_values)}")

    def information_string(self, player: Player) -> str:
        """Everything ``player`` has seen, in order (perfect recall)."""
        return f"p{player}\n" + "\n".join(self.logs[player])

    def copy(self, state: GameState | None = None) -> Match:
        """An independent copy (of ``state`` in place of a clone of this one's, if given)."""
        twin = Match.__new__(Match)
        twin.state = self.state.clone() if state is None else state
        twin.explicit, twin.deal, twin.pending = self.explicit, self.deal, self.pending
        twin.space = self.space
        twin.recalls = [recall.copy() for recall in self.recalls]
        twin.logs = [list(log) for log in self.logs]
        return twin

    def resample(self, player: Player, rng: random.Random) -> Match:
        """A world that ``player`` cannot tell from this one, the unseen cards dealt by ``rng``.

        OpenSpiel's ``resample_from_infostate``.  ``player`` keeps its memory;
        the opponent's memory of the cards it held is unknown in the world, so
        it remembers only what was public and its hand now.
        """
        world = self.copy(imagine(self.state.view(player), rng))
        opponent = other(player)
        view = world.state.view(opponent)
        recall = Recall(view)
        known = self.recalls[player]  # indexed by player: the public part is the same for both
        recall.replaced = (list(known.replaced[0]), list(known.replaced[1]))
        recall.played = (list(known.played[0]), list(known.played[1]))
        world.recalls[opponent] = recall
        world.logs[opponent] = ["imagined", f"hand {list(view.hand_values)}"]
        return world
