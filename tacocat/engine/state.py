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

from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace, attack_kind
from tacocat.engine.board import is_goal, space_name, step_toward
from tacocat.engine.cards import Card, cards
from tacocat.engine.choices import (
    answer_choices,
    attack_choices,
    duel_choices,
    is_defended,
    missing_value,
    replace_choices,
)
from tacocat.engine.errors import IllegalActionError, StateFormatError
from tacocat.engine.events import (
    Answered,
    Attacked,
    ChoiceMade,
    DuelRevealed,
    Event,
    GameOver,
    Replaced,
    RoundStarted,
    Showdown,
    TacocatMoved,
)
from tacocat.engine.phases import Phase as Phase  # re-exported: Phase was defined here
from tacocat.engine.players import DEFAULT_NAMES, PLAYERS, WOW, YAY, Player, other
from tacocat.engine.rules import CENTRE, DEFAULT_RULES, Rules
from tacocat.engine.view import PlayerView, view_of


class GameState:
    """A whole game of Tacocat: piles, hands, board and whose turn it is.

    The state is mutable and changes only through :meth:`apply_action`.  It
    knows every secret; give a player :meth:`view` instead.  Code that fills
    a state in by hand (:meth:`blank`: loading, look-ahead, tests) sets its
    fields before asking it anything: the legal actions, once listed, are
    kept until the next action.
    """

    def __init__(
        self, rng: random.Random, rules: Rules | None = None, *, deal: bool = True
    ) -> None:
        """Set up a new game and deal the first round from the centre space.

        All shuffling uses ``rng``: the same seed and the same actions give
        the same game.  ``deal=False`` leaves every pile empty: see :meth:`blank`.
        """
        self.rules = rules or DEFAULT_RULES
        self.rng = rng
        self.round_number = 0
        self.position = CENTRE
        self.tiles: list[int] = []
        # Each hand is a sorted tuple of card ids, with its values beside it: the
        # values are what every rule asks about, so they are kept, not recomputed.
        self._hands: list[tuple[int, ...]] = [(), ()]
        self._hand_values: list[tuple[int, ...]] = [(), ()]
        self.draw_pile: list[int] = []  # the top card is the last one
        self.discard_pile: list[int] = []
        self.table: list[int] = []  # the attack waiting for an answer
        self.phase = Phase.REPLACE
        self.to_move: Player | None = YAY
        self.attacker: Player | None = None
        self.simultaneous = False  # this replacement is secret and simultaneous
        self.replace_limits = [0, 0]
        self.replaced = [False, False]
        self.hidden_replace: list[tuple[int, ...] | None] = [None, None]
        self.duel_picks: list[int | None] = [None, None]
        self.tied_rounds = 0
        self.winner: Player | None = None
        self.history: list[Action] = []
        self.opening_events: list[Event] = []
        # legal_actions() for the decision now, kept until the next action.
        self._legal: Sequence[Action] | None = None
        # The generator's state before the deal: with the history it rebuilds
        # the game (undo); None for a state filled in by hand.
        self._root: tuple[object, ...] | None = None
        if deal:
            self._root = rng.getstate()
            self.opening_events = self._start_round(replay=False)

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
        mover = self.to_move
        if mover is None:
            return "the game is over"
        phase = self.phase
        if not isinstance(action, Replace | Duel | Attack | Answer):
            return f"{action!r} is not a Tacocat action"
        expected = _PHASE_ACTIONS[phase]
        if not isinstance(action, expected):
            return f"now is not the time to {_verb(action)}: {_PHASE_WORDS[phase]}"
        hand = self.hand_values(mover)
        values = (action.value,) if isinstance(action, Duel) else action.values
        missing = missing_value(hand, values)
        if missing is not None:
            held = hand.count(missing)
            if held == 0:
                return f"there is no {missing} in the hand"
            return f"the hand holds only {held} card{'s' if held > 1 else ''} of value {missing}"
        if isinstance(action, Replace):
            limit = self.replace_limits[mover]
            if len(values) > limit:
                return f"at most {limit} card{'s' if limit != 1 else ''} may be replaced now"
        elif isinstance(action, Attack):
            return _attack_problem(values, len(hand))
        elif isinstance(action, Answer):
            attack = self._table_values()
            if len(values) != len(attack):
                return (
                    f"the attack has {len(attack)} card{'s' if len(attack) > 1 else ''}: "
                    f"answer each with exactly one card ({len(attack)} in all)"
                )
            if action not in answer_choices(hand, attack):
                lowest = ", ".join(str(v) for v in hand[: len(attack)])
                return (
                    "each card must defend (equal or beat the attack card it answers) "
                    f"or be a sacrifice, and sacrifices are the lowest cards left ({lowest})"
                )
        return None

    def view(self, player: Player) -> PlayerView:
        """What ``player`` may know now, and nothing more."""
        return view_of(self, player)

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
            return self._replace(player, action.values)
        if isinstance(action, Duel):
            return self._duel(player, action.value)
        if isinstance(action, Attack):
            return self._attack(player, action.values)
        return self._answer(player, action.values)

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
        self.round_number = source.round_number
        self.position = source.position
        self.phase = source.phase
        self.to_move = source.to_move
        self.attacker = source.attacker
        self.simultaneous = source.simultaneous
        self.tied_rounds = source.tied_rounds
        self.winner = source.winner
        self.tiles = source.tiles
        self._hands = source._hands
        self._hand_values = source._hand_values
        self.draw_pile = source.draw_pile
        self.discard_pile = source.discard_pile
        self.table = source.table
        self.replace_limits = source.replace_limits
        self.replaced = source.replaced
        self.hidden_replace = source.hidden_replace
        self.duel_picks = source.duel_picks
        self.history = source.history
        self.opening_events = source.opening_events
        self._root = source._root
        self._legal = None

    # -- the phases ---------------------------------------------------------

    def _start_round(self, replay: bool) -> list[Event]:
        self.round_number += 1
        deck = list(range(self.rules.deck_size))
        shuffle(deck, self.rng)
        size = self.rules.hand_sizes[self.position]
        for player in PLAYERS:
            self.set_hand(player, deck[-size:])
            del deck[-size:]
        self.draw_pile = deck
        self.discard_pile = []
        self.table = []
        self.attacker = None
        events: list[Event] = [RoundStarted(self.round_number, self.position, size, replay)]
        first = self.rules.arrows[self.position].player
        self.phase = Phase.REPLACE
        self.simultaneous = first is None
        self.replaced = [False, False]
        self.hidden_replace = [None, None]
        self.replace_limits = [size, size] if first is None else [0, 0]
        if first is not None:
            self.replace_limits[first] = size
        self.to_move = YAY if first is None else first
        return events

    def _replace(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        self.replaced[player] = True
        opponent = other(player)
        events: list[Event] = []
        if self.simultaneous:
            self.hidden_replace[player] = values
            if not self.replaced[opponent]:
                self.to_move = opponent
                return [ChoiceMade(player, "replacement")]
            for each in PLAYERS:
                chosen = self.hidden_replace[each]
                assert chosen is not None
                events.append(self._swap_cards(each, chosen))
            self.hidden_replace = [None, None]
            return events + self._start_duel()
        swapped = self._swap_cards(player, values)
        if self.replace_limits[player] == 0:
            swapped = Replaced(player, values, no_choice=True)
        events.append(swapped)
        if not self.replaced[opponent]:
            # The second player may replace up to as many cards as the first did.
            self.replace_limits[opponent] = len(values)
            self.to_move = opponent
            return events
        return events + self._start_duel()

    def _swap_cards(self, player: Player, values: tuple[int, ...]) -> Replaced:
        self.discard_pile.extend(self._take(player, values))
        if values:
            drawn = self.draw_pile[-len(values) :]  # from the top of the pile
            del self.draw_pile[-len(values) :]
            self.set_hand(player, self._hands[player] + tuple(drawn))
        return Replaced(player, values)

    def _start_duel(self) -> list[Event]:
        self.phase = Phase.DUEL
        self.duel_picks = [None, None]
        self.to_move = YAY
        return []

    def _duel(self, player: Player, value: int) -> list[Event]:
        # The picked card stays in hand until both are in, so hands stay equal.
        values = self.rules.card_values
        self.duel_picks[player] = self.card_of(player, value)
        opponent = other(player)
        if self.duel_picks[opponent] is None:
            self.to_move = opponent
            return [ChoiceMade(player, "duel card")]
        picks = self.duel_picks
        for each in PLAYERS:
            card_id = picks[each]
            assert card_id is not None
            self._drop(each, card_id)
            self.discard_pile.append(card_id)
        yay_value, wow_value = (values[c] for c in picks if c is not None)
        self.duel_picks = [None, None]
        attacker = None if yay_value == wow_value else (YAY if yay_value > wow_value else WOW)
        events: list[Event] = [DuelRevealed((yay_value, wow_value), attacker)]
        if len(self._hands[YAY]) == 1:
            # A duel that leaves one card each goes straight to the showdown.
            return events + self._showdown()
        if attacker is None:
            return events + self._start_duel()
        self.phase = Phase.ATTACK
        self.attacker = attacker
        self.to_move = attacker
        return events

    def _attack(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        self.table = self._take(player, values)
        self.phase = Phase.ANSWER
        self.to_move = other(player)
        return [Attacked(player, values)]

    def _answer(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        attack = self._table_values()
        played = self._take(player, values)
        defended = is_defended(attack, values)
        self.discard_pile.extend(self.table)
        self.discard_pile.extend(played)
        self.table = []
        events: list[Event] = [Answered(player, attack, values, defended)]
        if defended:
            self.attacker = player
        if len(self._hands[player]) == 1:
            return events + self._showdown()
        self.phase = Phase.ATTACK
        self.to_move = self.attacker
        return events

    def _showdown(self) -> list[Event]:
        values = self.rules.card_values
        (yay_id,), (wow_id,) = self._hands
        self._hands = [(), ()]
        self._hand_values = [(), ()]
        self.discard_pile.extend((yay_id, wow_id))
        yay_value, wow_value = values[yay_id], values[wow_id]
        winner: Player | None = None
        by_arrow = False
        if yay_value != wow_value:
            winner = YAY if yay_value < wow_value else WOW
        elif self.rules.tie_goes_to_arrow:
            winner = self.rules.arrows[self.position].player
            by_arrow = winner is not None
        events: list[Event] = [Showdown((yay_value, wow_value), winner, by_arrow)]
        if winner is None:
            self.tied_rounds += 1
            if self.tied_rounds >= self.rules.tie_limit:
                return events + self._finish(None)
            return events + self._start_round(replay=True)
        self.tied_rounds = 0
        start = self.position
        self.position = step_toward(start, winner, self.tiles)
        self.tiles.append(start)
        events.append(TacocatMoved(winner, start, self.position))
        if is_goal(self.position):
            return events + self._finish(winner)
        return events + self._start_round(replay=False)

    def _finish(self, winner: Player | None) -> list[Event]:
        self.winner = winner
        self.phase = Phase.OVER
        self.to_move = None
        self.attacker = None
        return [GameOver(winner, self.tied_rounds)]

    # -- copying and saving -------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy (random generator included) to explore from."""
        # Skip Random()'s seeding from the OS: the state is overwritten at once,
        # and look-ahead players clone thousands of times per decision.
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        twin = GameState.blank(rng, self.rules)
        # Field by field (not __dict__), so that the engine also compiles (docs/performance.md).
        twin.round_number = self.round_number
        twin.position = self.position
        twin.phase = self.phase
        twin.to_move = self.to_move
        twin.attacker = self.attacker
        twin.simultaneous = self.simultaneous
        twin.tied_rounds = self.tied_rounds
        twin.winner = self.winner
        twin.tiles = list(self.tiles)
        twin._hands = list(self._hands)
        twin._hand_values = list(self._hand_values)
        twin.draw_pile = list(self.draw_pile)
        twin.discard_pile = list(self.discard_pile)
        twin.table = list(self.table)
        twin.replace_limits = list(self.replace_limits)
        twin.replaced = list(self.replaced)
        twin.hidden_replace = list(self.hidden_replace)
        twin.duel_picks = list(self.duel_picks)
        twin.history = list(self.history)
        twin._root = self._root
        return twin

    def to_json(self) -> str:
        """The whole state, random generator included, as JSON text."""
        from tacocat.engine.persist import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(text: str) -> GameState:
        """Load a state saved by :meth:`to_json`; raises StateFormatError if damaged."""
        from tacocat.engine.persist import state_from_json

        return state_from_json(text)

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


_PHASE_ACTIONS: dict[Phase, type] = {
    Phase.REPLACE: Replace,
    Phase.DUEL: Duel,
    Phase.ATTACK: Attack,
    Phase.ANSWER: Answer,
}

_PHASE_WORDS = {
    Phase.REPLACE: "choose cards to replace",
    Phase.DUEL: "choose a duel card",
    Phase.ATTACK: "choose an attack",
    Phase.ANSWER: "answer the attack",
}


def shuffle(items: list[int], rng: random.Random) -> None:
    """Fisher-Yates driven by ``rng.random()``.

    ``random.shuffle`` draws every index through Python-level
    ``_randbelow``; this is a quarter faster, and the float method's bias
    (below 2**-47 per swap for a 38-card deck) is far under anything a game
    could show.
    """
    draw = rng.random
    for last in range(len(items) - 1, 0, -1):
        swap = int(draw() * (last + 1))
        items[last], items[swap] = items[swap], items[last]


def new_game(seed: int | None = None, rules: Rules | None = None) -> GameState:
    """A new game shuffled by ``random.Random(seed)``."""
    return GameState(random.Random(seed), rules)


def _verb(action: Action) -> str:
    return {Replace: "replace", Duel: "duel", Attack: "attack", Answer: "answer"}[type(action)]


def _attack_problem(values: tuple[int, ...], hand_size: int) -> str | None:
    if not values:
        return "an attack needs at least one card"
    kind = attack_kind(values)
    if kind == "invalid":
        if len(set(values)) == len(values) and len(values) == 2:
            return "a sequence needs at least three cards of consecutive values"
        return "several cards must be a set (same value) or a sequence (consecutive values)"
    if len(values) >= hand_size:
        return (
            f"an attack of {len(values)} card{'s' if len(values) > 1 else ''} needs "
            f"{len(values) + 1} in hand: the attacker must keep at least one card"
        )
    return None
