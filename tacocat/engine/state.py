"""The game state: whose decision it is, what is legal, and what happens next.

:class:`GameState` follows the shape of OpenSpiel's Python games and of
python-chess's ``Board``::

    >>> import random
    >>> state = GameState(random.Random(7))
    >>> state.current_player()          # YAY replaces first on the centre
    0
    >>> events = state.apply_action(state.legal_actions()[0])

Only decisions are actions.  What the rules do by themselves (reveals,
the showdown, moving the Tacocat, dealing) happens inside
:meth:`GameState.apply_action` and is reported as events.  Simultaneous
choices (replacing on a two-arrow space, picking a duel card) are taken one
player after the other; the first choice stays hidden until both are in.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from tacocat.engine import legality, rounds, saved
from tacocat.engine.actions import Action, Attack, Duel, Replace
from tacocat.engine.board import space_name
from tacocat.engine.cards import Card, cards
from tacocat.engine.choices import answer_choices, attack_choices, duel_choices, replace_choices
from tacocat.engine.errors import IllegalActionError, StateFormatError
from tacocat.engine.events import Event
from tacocat.engine.fields import START, copy_fields
from tacocat.engine.phases import Phase as Phase  # re-exported: Phase was defined here
from tacocat.engine.players import DEFAULT_NAMES, YAY, Player
from tacocat.engine.public import PublicView, public_view_of
from tacocat.engine.rounds import shuffle as shuffle  # re-exported: shuffle was defined here
from tacocat.engine.rules import DEFAULT_RULES, Rules
from tacocat.engine.view import PlayerView, view_of


class GameState:
    """A whole game of Tacocat: piles, hands, board and whose turn it is.

    The state is mutable and changes only through :meth:`apply_action`.  It
    knows every secret; give a player :meth:`view` instead, and a spectator
    :meth:`public_view`.  Code that fills a state in by hand (:meth:`blank`:
    loading, look-ahead, tests) sets its fields before asking it anything:
    the legal actions, once listed, are kept until the next action.

    Besides its rules and random generator, a state is the fields that
    :data:`tacocat.engine.fields.FIELDS` declares, with how each is copied,
    saved and seen; their types are declared here.
    """

    round_number: int
    position: int
    tiles: list[int]
    # Each hand is a sorted tuple of card ids, with its values beside it: the
    # values are what every rule asks about, so they are kept, not recomputed.
    _hands: list[tuple[int, ...]]
    _hand_values: list[tuple[int, ...]]
    draw_pile: list[int]
    discard_pile: list[int]
    table: list[int]
    phase: Phase
    to_move: Player | None
    attacker: Player | None
    simultaneous: bool
    replace_limits: list[int]
    replaced: list[bool]
    hidden_replace: list[tuple[int, ...] | None]
    duel_picks: list[int | None]
    tied_rounds: int
    winner: Player | None
    history: list[Action]

    def __init__(
        self,
        rng: random.Random,
        rules: Rules | None = None,
        *,
        deal: bool = True,
        _fields_of: GameState | None = None,
    ) -> None:
        """Set up a new game and deal the first round from the centre space.

        All shuffling uses ``rng``: the same seed and the same actions give
        the same game.  ``deal=False`` leaves every pile empty: see :meth:`blank`.
        (:meth:`clone` passes ``_fields_of``, the state to copy, with ``deal=False``.)
        """
        self.rules = rules or DEFAULT_RULES
        self.rng = rng
        copy_fields(START if _fields_of is None else _fields_of, self)
        self.opening_events: list[Event] = []
        # legal_actions() for the decision now, kept until the next action.
        self._legal: Sequence[Action] | None = None
        # The generator's state before the deal: with the history it rebuilds
        # the game (undo); None for a state filled in by hand.
        self._root: tuple[object, ...] | None = None
        if deal:
            self._root = rng.getstate()
            self.opening_events = rounds.start_round(self, replay=False)

    @classmethod
    def blank(cls, rng: random.Random, rules: Rules) -> GameState:
        """A state with no card dealt, for code that fills one in by hand.

        Loading a save and imagining a world for look-ahead start here and
        set every field; play starts from :class:`GameState` itself.
        """
        return cls(rng, rules, deal=False)

    # -- asking -----------------------------------------------------------

    def current_player(self) -> Player | None:
        """The player whose decision it is, or None once the game is over."""
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> tuple[float, float]:
        """(YAY, WOW) payoffs: +1 for the winner, -1 for the loser, 0 each for a draw."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == YAY else (-1.0, 1.0)

    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """YAY's and WOW's card ids, each lowest first (change them with :meth:`set_hand`)."""
        return (self._hands[0], self._hands[1])

    @hands.setter
    def hands(self, hands: Sequence[Iterable[int]]) -> None:
        for player, card_ids in enumerate(hands):
            self.set_hand(player, card_ids)

    def set_hand(self, player: Player, card_ids: Iterable[int]) -> None:
        """Give ``player`` exactly these cards: for code that builds a state by hand.

        Loading a save, imagining the opponent's hand and setting up a test
        position come through here; play itself moves cards with the actions.
        """
        hand = tuple(sorted(card_ids))
        values = self.rules.card_values
        self._hands[player] = hand
        self._hand_values[player] = tuple([values[card_id] for card_id in hand])
        self._legal = None

    def hand_values(self, player: Player) -> tuple[int, ...]:
        """The values in ``player``'s hand, lowest first."""
        return self._hand_values[player]

    def hand(self, player: Player) -> tuple[Card, ...]:
        """``player``'s cards (the full state knows every hand)."""
        return cards(self.rules, self._hands[player])

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        """Every action the player to move may take now, in a fixed order.

        Asking for another player than the one to move gives ``()``.  The
        result is a sequence (replacements are built lazily, see
        :class:`~tacocat.engine.choices.ReplaceChoices`).
        """
        mover = self.to_move
        if mover is None or (player is not None and player != mover):
            return ()
        if self._legal is not None:
            return self._legal
        self._legal = self._list_legal(mover)
        return self._legal

    def _list_legal(self, mover: Player) -> Sequence[Action]:
        phase = self.phase
        hand = self._hand_values[mover]
        if phase is Phase.ATTACK:
            return attack_choices(hand)
        if phase is Phase.ANSWER:
            return answer_choices(hand, self._table_values())
        if phase is Phase.DUEL:
            return duel_choices(hand)
        return replace_choices(hand, self.replace_limits[mover])

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, in words; None if it may."""
        return legality.why_illegal(self, action)

    def view(self, player: Player) -> PlayerView:
        """What ``player`` may know now, and nothing more."""
        return view_of(self, player)

    def public_view(self) -> PublicView:
        """What a spectator may know now: no hand, no secret choice, no draw order."""
        return public_view_of(self)

    # -- acting -----------------------------------------------------------

    def apply_action(self, action: Action) -> list[Event]:
        """Take ``action`` for the player to move and play on to the next decision.

        Returns the public events that followed.  An illegal action raises
        :class:`IllegalActionError` and leaves the state as it was.
        """
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            problem = self.why_illegal(action) or "it is not a legal action now"
            if self.to_move is None:  # "nobody cannot ..." would read as a double negative
                raise IllegalActionError(f"cannot {action}: {problem}")
            raise IllegalActionError(f"{DEFAULT_NAMES[self.to_move]} cannot {action}: {problem}")
        self._legal = None
        self.history.append(action)
        player = self.to_move
        assert player is not None  # why_illegal refuses moves once the game is over
        if isinstance(action, Replace):
            return rounds.replace(self, player, action.values)
        if isinstance(action, Duel):
            return rounds.duel(self, player, action.value)
        if isinstance(action, Attack):
            return rounds.attack(self, player, action.values)
        return rounds.answer(self, player, action.values)

    def peek(self) -> Action | None:
        """The last action taken (python-chess's ``Board.peek``), or None before the first."""
        return self.history[-1] if self.history else None

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``Board.pop``).

        A game is its starting shuffle plus its actions, so the state is
        rebuilt by dealing again from the generator's starting state and
        re-applying every action but the last, through the same rules code
        that played them: there is no second copy of the rules to undo a
        move by hand.  The state is changed in place (whoever holds it keeps
        holding the game).  ::

            >>> state = new_game(seed=3)
            >>> before = state.to_json()
            >>> action = state.legal_actions()[0]
            >>> _ = state.apply_action(action)
            >>> state.undo() == action and state.to_json() == before
            True

        Whether a take-back is fair (nothing hidden revealed by the move) is
        for the caller to judge; the engine only rewinds.  Raises
        IllegalActionError when there is nothing to take back and
        StateFormatError for a state filled in by hand (:meth:`blank`),
        which does not know its start.
        """
        if not self.history:
            raise IllegalActionError("there is no action to take back")
        if self._root is None:
            raise StateFormatError("this state was filled in by hand: it cannot be rewound")
        rng = random.Random()
        rng.setstate(self._root)
        rebuilt = GameState(rng, self.rules)
        for action in self.history[:-1]:
            rebuilt.apply_action(action)
        last = self.history[-1]
        self._become(rebuilt)
        return last

    def _become(self, source: GameState) -> None:
        """Take over every field of ``source`` (which the caller then drops)."""
        self.rng = source.rng
        copy_fields(source, self)
        self.opening_events = source.opening_events
        self._root = source._root
        self._legal = None

    # -- copying and saving -------------------------------------------------

    def clone(self, rng: random.Random | None = None) -> GameState:
        """An independent copy to explore from, with a copy of the generator or ``rng``.

        The generator decides what is still to come (later deals, which copy
        of a value leaves a hand): a copy plays the same future, a fresh
        ``rng`` an imagined one (OpenSpiel's sampled chance), which cannot
        :meth:`undo`.
        """
        reseeded = rng is not None
        if rng is None:
            # Skip Random()'s seeding from the OS: the state is overwritten at once,
            # and look-ahead players clone thousands of times per decision.
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
        # Through __init__ (not __new__ or __dict__), so that the engine also
        # compiles (docs/performance.md).
        twin = GameState(rng, self.rules, deal=False, _fields_of=self)
        # A reseeded copy's future is not its start's: it cannot rewind by dealing again.
        twin._root = None if reseeded else self._root
        return twin

    def to_data(self) -> dict[str, Any]:
        """The whole state, random generator included, as JSON-ready data (:mod:`~.saved`)."""
        return saved.dump(self)

    @classmethod
    def from_data(cls, data: Any) -> GameState:
        """Load a state saved by :meth:`to_data`; raises StateFormatError if damaged."""
        return saved.load(data, cls.blank)

    def to_json(self) -> str:
        """The whole state, random generator included, as JSON text."""
        text: str = json.dumps(self.to_data(), separators=(",", ":"))
        return text

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a state saved by :meth:`to_json`; raises StateFormatError if damaged."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise StateFormatError(f"the saved game is not valid JSON ({error.msg})") from None
        return cls.from_data(data)

    # -- helpers ------------------------------------------------------------

    def _table_values(self) -> tuple[int, ...]:
        values = self.rules.card_values
        return tuple([values[card_id] for card_id in self.table])

    def _take(self, player: Player, wanted: tuple[int, ...]) -> list[int]:
        """Remove one card of each wanted value from ``player``'s hand; return their ids."""
        hand, values = list(self._hands[player]), list(self._hand_values[player])
        taken = []
        for value in wanted:
            index = self._copy_index(values, value)
            taken.append(hand.pop(index))
            del values[index]
        self._hands[player], self._hand_values[player] = tuple(hand), tuple(values)
        return taken

    def _drop(self, player: Player, card_id: int) -> None:
        """Take the card ``card_id`` out of ``player``'s hand."""
        hand, values = self._hands[player], self._hand_values[player]
        index = hand.index(card_id)
        self._hands[player] = hand[:index] + hand[index + 1 :]
        self._hand_values[player] = values[:index] + values[index + 1 :]

    def card_of(self, player: Player, value: int) -> int:
        """The card of ``value`` that leaves ``player``'s hand when they play that value."""
        return self._hands[player][self._copy_index(self._hand_values[player], value)]

    def _copy_index(self, values: Sequence[int], value: int) -> int:
        """Where, in a hand holding ``values``, the played copy of ``value`` sits.

        Actions name values, so the engine picks the copy - at random: a fixed
        rule (say, the lowest id) would let the opponent read, from the played
        card's palindrome, which other copies the hand cannot hold.
        """
        first = values.index(value)  # sorted: the copies sit side by side
        copies = values.count(value)
        if copies == 1:
            return first
        return first + int(self.rng.random() * copies)

    def where(self) -> str:
        """The Tacocat's space by name, e.g. 'O4'."""
        return space_name(self.position)

    def __repr__(self) -> str:
        return (
            f"<GameState round {self.round_number} on {self.where()}, "
            f"{self.phase.value}, to move: {self.to_move}>"
        )


def new_game(seed: int | None = None, rules: Rules | None = None) -> GameState:
    """A new game shuffled by ``random.Random(seed)``."""
    return GameState(random.Random(seed), rules)
