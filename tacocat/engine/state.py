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

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from tacocat.engine import legality, rounds, saved
from tacocat.engine.actions import Action, Answer, Attack, Duel
from tacocat.engine.board import space_name
from tacocat.engine.cards import Card, cards
from tacocat.engine.choices import (
    answer_choices,
    attack_choices,
    duel_choices,
    holds,
    replace_choices,
)
from tacocat.engine.copying import copy_generator, copy_state
from tacocat.engine.errors import IllegalActionError, StateFormatError
from tacocat.engine.events import Event
from tacocat.engine.fields import START, copy_fields
from tacocat.engine.observe import view_of
from tacocat.engine.phases import Phase as Phase  # re-exported: Phase was defined here
from tacocat.engine.players import DEFAULT_NAMES, TERMINAL, YAY, PerPlayer, Player
from tacocat.engine.public import PublicView, public_view_of
from tacocat.engine.rounds import shuffle as shuffle  # re-exported: shuffle was defined here
from tacocat.engine.rules import DEFAULT_RULES, Rules
from tacocat.engine.view import PlayerView

# Final: C variables in the compiled build, not names looked up at each use.
_ATTACK: Final = Phase.ATTACK
_ANSWER: Final = Phase.ANSWER
_DUEL: Final = Phase.DUEL
_OVER: Final = Phase.OVER


class GameState:
    """A whole game of Tacocat: piles, hands, board and whose turn it is.

    The state is mutable and changes only through :meth:`apply_action`.  It
    knows every secret; give a player :meth:`view` instead, and a spectator
    :meth:`public_view`.  Code that fills a state in by hand (:meth:`blank`:
    loading, look-ahead, tests) sets its fields through their properties.

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
    # Immutable tuples, read through properties: a view shares them without a
    # copy, and nobody can change what the legal actions were listed from
    # behind the state's back (every setter forgets the listed actions).
    _discard: tuple[int, ...]
    _table: tuple[int, ...]
    _table_values: tuple[int, ...]
    _phase: Phase
    _to_move: Player | None
    attacker: Player | None
    simultaneous: bool
    _limits: tuple[int, ...]
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
        undoable: bool = True,
        _fields_of: GameState | None = None,
    ) -> None:
        """Set up a new game and deal the first round from the centre space.

        All shuffling uses ``rng``: the same seed and the same actions give the
        same game.  ``deal=False`` leaves every pile empty (:meth:`blank`);
        ``undoable=False`` skips the copy of the generator :meth:`undo` needs
        (a simulated match's games); :meth:`clone` passes ``_fields_of``."""
        self.rules = rules or DEFAULT_RULES
        self.rng = rng
        if _fields_of is None:
            copy_fields(START, self)
        else:
            copy_state(_fields_of, self)  # the same, written out (and compiled) for clones
        self.opening_events: list[Event] = []
        # legal_actions() for the decision now, kept until the next action.
        self._legal: Sequence[Action] | None = None
        # The generator before the deal, which undo() rebuilds the game from (or None).
        self._root = rng.getstate() if deal and undoable else None
        if deal:
            self.opening_events = rounds.start_round(self, replay=False)

    @classmethod
    def blank(cls, rng: random.Random, rules: Rules) -> GameState:
        """A state with no card dealt, for loading and look-ahead to fill in by hand.

        Play starts from :class:`GameState` itself."""
        return cls(rng, rules, deal=False)

    # -- asking -----------------------------------------------------------

    def current_player(self) -> Player | None:
        """The player to decide, or None at the end (:meth:`current_player_id`: a number)."""
        return self._to_move

    def current_player_id(self) -> int:
        """The player to move, or :data:`~tacocat.engine.players.TERMINAL` (OpenSpiel's -4)."""
        mover = self._to_move
        return TERMINAL if mover is None else mover

    def is_terminal(self) -> bool:
        return self._phase is _OVER

    def returns(self) -> tuple[float, float]:
        """(YAY, WOW) payoffs: +1 for the winner, -1 for the loser, 0 each for a draw."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == YAY else (-1.0, 1.0)

    # Fields the legal actions come from: setting one forgets the listed actions.
    @property
    def phase(self) -> Phase:
        return self._phase

    @phase.setter
    def phase(self, phase: Phase) -> None:
        self._phase = phase
        self._legal = None

    @property
    def to_move(self) -> Player | None:
        """The player whose decision it is (None once the game is over)."""
        return self._to_move

    @to_move.setter
    def to_move(self, player: Player | None) -> None:
        self._to_move = player
        self._legal = None

    @property
    def replace_limits(self) -> tuple[int, ...]:
        """How many cards each player may replace this round, in player order."""
        return self._limits

    @replace_limits.setter
    def replace_limits(self, limits: Iterable[int]) -> None:
        self._limits = tuple(limits)
        self._legal = None

    @property
    def table(self) -> tuple[int, ...]:
        """The attack waiting for an answer, as card ids in the order played."""
        return self._table

    @table.setter
    def table(self, card_ids: Iterable[int]) -> None:
        self._table = tuple(card_ids)
        self._table_values = tuple([self.rules.card_values[c] for c in self._table])
        self._legal = None

    @property
    def discard_pile(self) -> tuple[int, ...]:
        """The face-up discard pile, as card ids, oldest first."""
        return self._discard

    @discard_pile.setter
    def discard_pile(self, card_ids: Iterable[int]) -> None:
        self._discard = tuple(card_ids)

    # A view's ``table`` and ``discard_pile`` are Cards: ``*_ids`` name the ids on both.
    @property
    def table_ids(self) -> tuple[int, ...]:
        return self._table

    @property
    def discard_ids(self) -> tuple[int, ...]:
        return self._discard

    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """YAY's and WOW's card ids, each lowest first (change them with :meth:`set_hand`)."""
        return (self._hands[0], self._hands[1])

    @hands.setter
    def hands(self, hands: Sequence[Iterable[int]]) -> None:
        for player, card_ids in enumerate(hands):
            self.set_hand(player, card_ids)

    def set_hand(self, player: Player, card_ids: Iterable[int]) -> None:
        """Give ``player`` exactly these cards (loading, look-ahead, tests; play uses actions)."""
        hand = tuple(sorted(card_ids))
        values = self.rules.card_values
        self._hands[player] = hand
        self._hand_values[player] = tuple([values[card_id] for card_id in hand])
        self._legal = None

    @property
    def hand_values(self) -> PerPlayer:
        """Each hand's values, lowest first: ``hand_values[YAY]`` as on a view (or ``(YAY)``)."""
        return PerPlayer(self._hand_values)

    def hand(self, player: Player) -> tuple[Card, ...]:
        """``player``'s cards (the full state knows every hand)."""
        return cards(self.rules, self._hands[player])

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        """Every action the player to move may take now, in a fixed order.

        Asking for another player than the one to move gives ``()``.  The
        result is a sequence (replacements are built lazily, see
        :class:`~tacocat.engine.choices.ReplaceChoices`).
        """
        mover = self._to_move
        if mover is None or (player is not None and player != mover):
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal(mover)
        return legal

    def _list_legal(self, mover: Player) -> Sequence[Action]:
        phase = self._phase
        hand = self._hand_values[mover]
        if phase is _ATTACK:
            return attack_choices(hand)
        if phase is _ANSWER:
            return answer_choices(hand, self._table_values)
        if phase is _DUEL:
            return duel_choices(hand)
        return replace_choices(hand, self._limits[mover])

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
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if not holds(legal, action):
            problem = self.why_illegal(action) or "it is not a legal action now"
            # Once the game is over, "nobody cannot ..." would read as a double negative.
            who = "" if self._to_move is None else f"{DEFAULT_NAMES[self._to_move]} "
            raise IllegalActionError(f"{who}cannot {action}: {problem}")
        self._legal = None
        self.history.append(action)
        player = self._to_move
        assert player is not None  # why_illegal refuses moves once the game is over
        if isinstance(action, Answer):  # the commonest decisions first
            return rounds.answer(self, player, action.values)
        if isinstance(action, Attack):
            return rounds.attack(self, player, action.values)
        if isinstance(action, Duel):
            return rounds.duel(self, player, action.value)
        return rounds.replace(self, player, action.values)

    def peek(self) -> Action | None:
        """The last action taken (python-chess's ``Board.peek``), or None before the first."""
        return self.history[-1] if self.history else None

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``Board.pop``).

        A game is its starting shuffle plus its actions, so the state is
        rebuilt by dealing again from the generator's starting state and
        re-applying every action but the last through the same rules code:
        no second copy of the rules undoes a move by hand.  The state is
        changed in place (whoever holds it keeps holding the game).  ::

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
        self.rng = rebuilt.rng  # take over every field of the rebuilt state
        copy_state(rebuilt, self)
        self.opening_events = rebuilt.opening_events
        self._legal = None
        return last

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
            rng = copy_generator(self.rng)
        # Through __init__ (not __new__ or __dict__): the compiled build has neither.
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
        return saved.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a state saved by :meth:`to_json`; raises StateFormatError if damaged."""
        return saved.from_json(text, cls.blank)

    # -- helpers ------------------------------------------------------------

    def card_of(self, player: Player, value: int) -> int:
        """The card of ``value`` that leaves ``player``'s hand when they play that value."""
        return self._hands[player][rounds.copy_index(self, self._hand_values[player], value)]

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
