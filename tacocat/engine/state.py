"""The game state: whose decision it is, what is legal, and what happens next.

Shaped like OpenSpiel's Python games and python-chess's ``Board``; the API
and what counts as an action are in docs/architecture.md, "The engine".
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, Final

from tacocat.engine import saved
from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace
from tacocat.engine.board import space_name
from tacocat.engine.choices import (
    ReplaceChoices,
    answer_choices,
    attack_choices,
    duel_choices,
    holds,
)
from tacocat.engine.errors import IllegalActionError, StateFormatError
from tacocat.engine.events import Event
from tacocat.engine.fields import COPIED, copy_generator
from tacocat.engine.phases import ANSWER, ATTACK, DUEL, OVER, REPLACE
from tacocat.engine.players import DEFAULT_NAMES, TERMINAL, YAY, Player
from tacocat.engine.rounds import Rounds
from tacocat.engine.rules import BY_ROUND, DEFAULT_RULES, Rules
from tacocat.engine.view import PlayerView, PublicView

# PlayerView's own constructor is a Python function around this; calling it
# directly saves a frame on every decision of every simulated game.
_new_view: Final = tuple.__new__


class GameState(Rounds):
    """A whole game of Tacocat, changed only through :meth:`apply_action` (knowing every secret)."""

    def __init__(
        self,
        rng: random.Random,
        rules: Rules | None = None,
        *,
        deal: bool = True,
        undoable: bool = True,
    ) -> None:
        """Set up a new game and deal the first round from the centre space.

        All shuffling uses ``rng``; dealt by round (``Rules.dealing``), its
        first draw is the key each round's own generator is derived from.
        ``deal=False`` leaves every pile empty (:meth:`blank`);
        ``undoable=False`` skips the copy of the generator :meth:`undo` needs."""
        super().__init__(rules or DEFAULT_RULES, rng)
        self.opening_events: list[Event] = []
        # The legal actions last listed, and the facts they were listed from.
        self._listed_for: tuple[object, ...] = ()
        self._listed: Sequence[Action] = ()
        # The generator before the deal, which undo() rebuilds the game from (or None).
        self._root = rng.getstate() if deal and undoable else None
        if deal and self.rules.dealing == BY_ROUND:
            self.deal_key = rng.getrandbits(63)
        if deal:
            self.opening_events = self.start_round(replay=False)

    @classmethod
    def blank(cls, rng: random.Random, rules: Rules) -> GameState:
        """A state with no card dealt, for loading and look-ahead to fill in by hand."""
        return cls(rng, rules, deal=False)

    def current_player(self) -> Player | None:
        """The player to decide, or None at the end (:meth:`current_player_id`: a number)."""
        return self.to_move

    def current_player_id(self) -> int:
        """The player to move, or :data:`~tacocat.engine.players.TERMINAL` (OpenSpiel's -4)."""
        mover = self.to_move
        return TERMINAL if mover is None else mover

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> tuple[float, float]:
        """(YAY, WOW) payoffs: +1 for the winner, -1 for the loser, 0 each for a draw."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == YAY else (-1.0, 1.0)

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        """Every action the player to move may take now, in a fixed order (``()`` for another)."""
        mover = self.to_move
        if mover is None or (player is not None and player != mover):
            return ()
        hand = self._hands[mover]
        # Asked again for the same decision (a view, then apply_action), the actions
        # last listed are found by their facts, all immutable, compared by identity.
        facts = (hand, self.phase, self._table, self.replace_limits)
        if facts == self._listed_for:
            return self._listed
        phase = facts[1]
        if phase is ATTACK:
            listed: Sequence[Action] = attack_choices(hand[1])
        elif phase is ANSWER:
            listed = answer_choices(hand[1], self._table[1])
        elif phase is DUEL:
            listed = duel_choices(hand[1])
        else:
            listed = ReplaceChoices(hand[1], self.replace_limits[mover])
        self._listed_for, self._listed = facts, listed
        return listed

    def view(self, player: Player) -> PlayerView:
        """What ``player`` may know now, and nothing more (made at every decision: cheap)."""
        opponent = 1 - player
        phase = self.phase
        to_move = self.to_move
        mine = to_move == player
        my_choice: Action | None = None
        opponent_has_chosen = False
        if phase is DUEL:
            pick = self.duel_picks[player]
            my_choice = Duel(self.rules.card_values[pick]) if pick is not None else None
            opponent_has_chosen = self.duel_picks[opponent] is not None
        elif phase is REPLACE and self.simultaneous:
            hidden = self.hidden_replace[player]
            my_choice = Replace(hidden) if hidden is not None else None
            opponent_has_chosen = self.hidden_replace[opponent] is not None
        hands = self._hands
        view: PlayerView = _new_view(
            PlayerView,
            (
                player,
                self.rules,
                phase,
                to_move,
                self.round_number,
                self.position,
                tuple(self.tiles),
                hands[player][0],
                len(hands[opponent][0]),
                len(self.draw_pile),
                self.discard_pile,
                self._table[0],
                self.attacker,
                self.replace_limits[player] if mine and phase is REPLACE else 0,
                my_choice,
                opponent_has_chosen,
                self.tied_rounds,
                self.winner,
                self.legal_actions() if mine else (),
            ),
        )
        return view

    def public_view(self) -> PublicView:
        """What a spectator may know now: no hand, no secret choice, no draw order."""
        hands = self.hands
        if self.phase is DUEL:
            chosen = (self.duel_picks[0] is not None, self.duel_picks[1] is not None)
        else:
            hidden = self.hidden_replace
            chosen = (hidden[0] is not None, hidden[1] is not None)
        return PublicView(
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            round_number=self.round_number,
            position=self.position,
            tiles=tuple(self.tiles),
            hand_sizes=(len(hands[0]), len(hands[1])),
            draw_pile_size=len(self.draw_pile),
            discard_ids=self.discard_pile,
            table_ids=self.table,
            attacker=self.attacker,
            simultaneous=self.simultaneous,
            replace_limits=(self.replace_limits[0], self.replace_limits[1]),
            replaced=(self.replaced[0], self.replaced[1]),
            chosen=chosen,
            tied_rounds=self.tied_rounds,
            winner=self.winner,
        )

    def apply_action(self, action: Action) -> list[Event]:
        """Take ``action`` for the player to move, play on to the next decision, return the events.

        An illegal action raises :class:`IllegalActionError` and changes nothing.
        """
        player = self.to_move
        if player is None or not holds(self.legal_actions(), action):
            problem = self.why_illegal(action) or "it is not a legal action now"
            # Once the game is over, "nobody cannot ..." would read as a double negative.
            who = "" if player is None else f"{DEFAULT_NAMES[player]} "
            raise IllegalActionError(f"{who}cannot {action}: {problem}")
        self.history.append(action)
        if isinstance(action, Answer):  # the commonest decisions first
            return self._answer(player, action.values)
        if isinstance(action, Attack):
            return self._attack(player, action.values)
        if isinstance(action, Duel):
            return self._duel(player, action.value)
        assert isinstance(action, Replace)
        return self._replace(player, action.values)

    def peek(self) -> Action | None:
        """The last action taken (python-chess's ``Board.peek``), or None before the first."""
        return self.history[-1] if self.history else None

    def undo(self) -> Action:
        """Take back the last action and return it (python-chess's ``Board.pop``).

        A game is its starting shuffle plus its actions, so the state is
        rebuilt in place by dealing again and re-applying every action but the
        last: no second copy of the rules undoes a move by hand.  Whether a
        take-back is fair is for the caller to judge.  Raises IllegalActionError
        with nothing to take back, StateFormatError for a state filled in by
        hand (:meth:`blank`), which does not know its start.
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
        vars(self).update(vars(rebuilt))  # take over every field, the generator included
        return last

    def clone(self, rng: random.Random | None = None) -> GameState:
        """An independent copy to explore from, with a copy of the generator or ``rng``.

        A copied generator plays the same future, a fresh ``rng`` an imagined
        one (OpenSpiel's sampled chance), which cannot :meth:`undo`.
        """
        twin = object.__new__(GameState)
        vars(twin).update(vars(self))  # the immutable fields shared, the lists copied:
        for name in COPIED:
            setattr(twin, name, list(getattr(self, name)))
        twin.opening_events = []
        if rng is None:
            twin.rng = copy_generator(self.rng)
        else:
            # A reseeded copy's future is not its start's: it cannot rewind by dealing again,
            # and its later rounds are dealt from ``rng`` too, whatever the dealing.
            twin.rng, twin._root, twin.deal_key = rng, None, None
        return twin

    def to_data(self) -> dict[str, Any]:
        """The whole state, random generator included, as JSON-ready data (:mod:`~.saved`)."""
        return saved.dump(self)

    @classmethod
    def from_data(cls, data: Any) -> GameState:
        """Load a state saved by :meth:`to_data`; raises StateFormatError if damaged."""
        return saved.load(data, cls.blank)

    def to_json(self) -> str:
        """The whole state, random generator included, as one line of JSON text."""
        return json.dumps(saved.dump(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a state saved by :meth:`to_json`; raises StateFormatError if damaged."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise StateFormatError(f"the saved game is not valid JSON ({error.msg})") from None
        return saved.load(data, cls.blank)

    def card_of(self, player: Player, value: int) -> int:
        """The card of ``value`` that leaves ``player``'s hand when they play that value."""
        ids, values = self._hands[player]
        return ids[self._copy_index(values, value)]

    def __repr__(self) -> str:
        return (
            f"<GameState round {self.round_number} on {space_name(self.position)}, "
            f"{self.phase.value}, to move: {self.to_move}>"
        )


def new_game(seed: int | None = None, rules: Rules | None = None) -> GameState:
    """A new game shuffled by ``random.Random(seed)``."""
    return GameState(random.Random(seed), rules)
