"""Both players' information-state vectors of one game, kept from step to step (for PettingZoo).

The reference is :func:`~tacocat.engine.observation.information_state` of a
view and a :class:`~tacocat.engine.observation.Recall`: about 170 numbers
written one by one in Python at every observation, more than half of a
learning agent's step.  :class:`InformationStates` gives the same numbers
(a test compares them on many random games) for less:

- the round's memory is read once per step for both players, not once per
  player, and kept as whole numbers with one byte per card value (``1 <<
  8 * (value - 1)`` a card), so a hand, a replacement or a play is counted
  with a few additions and a memory part becomes bytes with one
  ``to_bytes``; the cards drawn (the hand, less its deal, plus what went out)
  are three additions and a subtraction, no count going below 0 or above
  255 on the way;
- the discard pile, the longest part to count, is counted again only when
  it changed (the engine replaces its tuple then);
- each player's last vector is kept with the number of steps it saw, so
  ``env.last()`` followed by ``observe`` builds it once.

Every number of a vector fits in a byte unless a game runs past 255 rounds;
such a vector comes from the reference instead.
"""

from __future__ import annotations

from itertools import accumulate

import numpy as np

from tacocat.engine.board import YAY_GOAL
from tacocat.engine.events import (
    Answered,
    Attacked,
    DuelRevealed,
    Replaced,
    RoundStarted,
    Showdown,
)
from tacocat.engine.observation import (
    INFORMATION_STATE_SIZE,
    OBSERVATION_PARTS,
    OBSERVATION_SIZE,
    RECALL_PARTS,
    VALUES,
    information_state,
)
from tacocat.engine.phases import Phase
from tacocat.engine.players import Player
from tacocat.engine.rules import MIN_VALUE, SPACE_COUNT
from tacocat.research.arrays import Floats
from tacocat.research.memory import Match

_AT = dict(
    zip(
        [name for name, _ in OBSERVATION_PARTS],
        accumulate([size for _, size in OBSERVATION_PARTS], initial=0),
        strict=False,
    )
)
_REPLACE, _DUEL = Phase.REPLACE, Phase.DUEL
_TILES, _ARROW = _AT["tiles"], _AT["arrow"]
_POSITION = _AT["position"] - YAY_GOAL
_HAND, _DISCARD, _TABLE = _AT["hand"], _AT["discard"], _AT["table"]
_SIZES, _DRAW, _LIMIT = _AT["hand_sizes"], _AT["draw_pile"], _AT["replace_limit"]
_MY_REPLACE, _MY_DUEL = _AT["my_replace"] - MIN_VALUE, _AT["my_duel"] - MIN_VALUE
_CHOSEN, _ROUND, _TIED, _WINNER = (
    _AT["opponent_has_chosen"],
    _AT["round"],
    _AT["tied_rounds"],
    _AT["winner"],
)
assert _SIZES == _HAND + VALUES and _DRAW == _SIZES + 2
_DRAWN_END = _DRAW + 1
_HIGHEST = 255
# numpy's types as dtypes (a type is converted to one at every call).
_BYTE, _FLOAT, _frombuffer = (
    np.dtype(np.uint8),
    np.dtype(np.float32),
    np.frombuffer,
)  # the largest number a byte holds
# The memory parts, each VALUES bytes, in RECALL_PARTS' order: how far each is shifted.
assert [size for _, size in RECALL_PARTS] == [VALUES] * 6
_MEMORY_SIZE = INFORMATION_STATE_SIZE - OBSERVATION_SIZE
_PART = 8 * VALUES
_PART2, _PART3, _PART4, _PART5 = (_PART * index for index in range(2, 6))
# One card of each value, in its byte, by value (values start at MIN_VALUE: a list is
# indexed faster than a dictionary is looked up).
_ONE = [0] * MIN_VALUE + [1 << 8 * index for index in range(VALUES)]


# How each event the memory reads counts (Recall.update's cases), by its exact type.
_REPLACED, _PLAYED, _ONE_EACH, _DEAL = range(4)
_KINDS: dict[type, int] = {
    Replaced: _REPLACED,
    Attacked: _PLAYED,
    Answered: _PLAYED,
    DuelRevealed: _ONE_EACH,
    Showdown: _ONE_EACH,
    RoundStarted: _DEAL,
}


def _head(player: Player, phase: Phase, to_move: Player | None, attacker: Player | None) -> bytes:
    """The vector's first parts, one-hot: its player, the phase, who moves, who attacks."""
    head = bytearray(_AT["position"])
    head[player] = 1
    head[_AT["phase"] + list(Phase).index(phase)] = 1
    if to_move is not None:
        head[_AT["to_move"] + to_move] = 1
    if attacker is not None:
        head[_AT["attacker"] + attacker] = 1
    return bytes(head)


# Every head there is, by its four facts: one look-up where four writes would be.  The
# phase by its id: an Enum member hashes in Python (a quarter of the look-up's cost).
_SOMEBODY = (0, 1, None)
_HEADS = {
    (player, id(phase), to_move, attacker): _head(player, phase, to_move, attacker)
    for player in (0, 1)
    for phase in Phase
    for to_move in _SOMEBODY
    for attacker in _SOMEBODY
}
_HEAD = _AT["position"]
assert [name for name, _ in OBSERVATION_PARTS[:5]] == [
    "player",
    "phase",
    "to_move",
    "attacker",
    "position",
]


def _counted(values: tuple[int, ...]) -> int:
    """``values`` by value, one byte each (see the module's notes)."""
    total = 0
    for value in values:
        total += _ONE[value]
    return total


class InformationStates:
    """The information-state vectors of a :class:`Match` without chance steps, as float32 arrays."""

    __slots__ = (
        "_arrows",
        "_base",
        "_board",
        "_cards",
        "_dealt",
        "_discard",
        "_kept",
        "_played",
        "_read",
        "_replaced",
        "match",
    )

    def __init__(self, match: Match) -> None:
        if not match.plain:
            raise ValueError("the vectors are kept for games without chance steps")
        self.match = match
        # Per card id, its value in its byte.
        rules = match.state.rules
        self._cards = [_ONE[value] for value in rules.card_values]
        # The arrow part by the Tacocat's space: at YAY, at WOW (none at a goal).
        self._arrows = {
            space: bytes((arrow.player != 1, arrow.player != 0))
            for space, arrow in enumerate(rules.arrows)
        }
        self._read = 0  # the match's steps read so far
        # The round so far, by value: each player's deal, replaced cards and played cards.
        # The deal is the hands after the match's first step, as a Recall made with it.
        first = match.steps[0][3]
        self._dealt = [_counted(first[0]), _counted(first[1])]
        self._replaced, self._played = [0, 0], [0, 0]
        self._discard: tuple[tuple[int, ...] | None, bytes] = (None, b"")
        # The round, tied rounds, space and tiles each player's base was made for.
        self._board: tuple[int, int, int, int] | None = None
        self._base: bytes | None = None
        # Each player's last vector in bytes, and the number of steps it saw.
        self._kept: list[tuple[int, bytearray | None]] = [(-1, None), (-1, None)]

    def array(self, player: Player) -> Floats:
        """``player``'s information-state vector now (a new array, the caller's own)."""
        steps = len(self.match.steps)
        seen, vector = self._kept[player]
        if seen != steps:
            if self._read != steps:
                self._catch_up()
            vector = self._build(player)
            self._kept[player] = (steps, vector)
        if vector is None:  # a number above a byte: the reference, number by number
            state = self.match.state
            recall = self.match.recall(player)
            return np.asarray(information_state(state.view(player), recall), dtype=np.float32)
        return _frombuffer(vector, _BYTE).astype(_FLOAT)

    def _catch_up(self) -> None:
        """Read the steps not read yet, as :meth:`Recall.update` does for each player."""
        steps = self.match.steps
        dealt, one = self._dealt, _ONE
        counts = (self._replaced, self._played)  # by _KINDS' numbers
        for _, _, events, hands in steps[self._read :]:
            for event in events:
                kind = _KINDS.get(type(event))  # by exact type, as Recall.update reads them
                if kind is None:
                    continue
                if kind < _ONE_EACH:  # a player's replaced or played cards
                    total = 0
                    for value in event.values:  # type: ignore[attr-defined]
                        total += one[value]
                    counts[kind][event.player] += total  # type: ignore[attr-defined]
                elif kind == _ONE_EACH:  # duel cards, last cards: one a player
                    for player, value in enumerate(event.values):  # type: ignore[attr-defined]
                        counts[_PLAYED][player] += one[value]
                else:  # a new round: its deal, nothing replaced or played yet
                    counts[0][:] = counts[1][:] = (0, 0)
                    dealt[0], dealt[1] = _counted(hands[0]), _counted(hands[1])
        self._read = len(steps)

    def _new_board(self, board: tuple[int, int, int, int]) -> None:
        """A vector of zeros but for what changes only between rounds.

        The round, the tied rounds and the board: the Tacocat's
        space, its arrows and the tiles (which only grow in a game, so their
        number tells them apart).  None for a number above a byte.
        """
        self._board = board
        round_number, tied_rounds, position, _ = board
        if round_number > _HIGHEST or tied_rounds > _HIGHEST:
            self._base = None
            return
        base = bytearray(INFORMATION_STATE_SIZE)
        base[_POSITION + position] = 1
        for space in self.match.state.tiles:
            if 0 <= space < SPACE_COUNT:
                base[_TILES + space] = 1
        base[_ARROW : _ARROW + 2] = self._arrows.get(position, b"\0\0")
        base[_ROUND], base[_TIED] = round_number, tied_rounds
        self._base = bytes(base)

    def _build(self, player: Player) -> bytearray | None:
        """The vector's bytes (None if a number does not fit in one).

        Read from the state's fields as :meth:`GameState.view` reads them,
        not from a view: a view also lists the legal actions, which a
        replacement phase builds anew each step (half of the vector's cost).
        """
        state = self.match.state
        board = (state.round_number, state.tied_rounds, state.position, len(state.tiles))
        if board != self._board:
            self._new_board(board)
        base = self._base
        if base is None:
            return None
        vector = bytearray(base)
        opponent = 1 - player
        phase, to_move = state.phase, state.to_move
        vector[:_HEAD] = _HEADS[player, id(phase), to_move, state.attacker]
        hands = state._hands
        held = hands[player][1]
        hand, one = 0, _ONE
        for value in held:
            hand += one[value]
        # The hand by value, both hands' sizes and the draw pile's: one part after the other.
        sizes = len(held) | len(hands[opponent][1]) << 8 | len(state.draw_pile) << 16
        vector[_HAND:_DRAWN_END] = (hand | sizes << _PART).to_bytes(_DRAWN_END - _HAND, "little")
        discard_ids = state.discard_pile
        counted_ids, discard = self._discard
        if discard_ids is not counted_ids:  # the engine makes a new tuple when it changes
            cards, total = self._cards, 0
            for card in discard_ids:
                total += cards[card]
            discard = total.to_bytes(VALUES, "little")
            self._discard = (discard_ids, discard)
        vector[_DISCARD : _DISCARD + VALUES] = discard
        table = state._table[1]
        if table:
            vector[_TABLE : _TABLE + VALUES] = _counted(table).to_bytes(VALUES, "little")
        if phase is _REPLACE:
            if to_move == player:
                vector[_LIMIT] = state.replace_limits[player]
            if (
                state.simultaneous
            ):  # secret: this player's own choice, and whether the other's is in
                hidden = state.hidden_replace
                if hidden[player] is not None:
                    for value in hidden[player]:
                        vector[_MY_REPLACE + value] += 1
                vector[_CHOSEN] = hidden[opponent] is not None
        elif phase is _DUEL:
            picks = state.duel_picks
            pick = picks[player]
            if pick is not None:
                vector[_MY_DUEL + state.rules.card_values[pick]] = 1
            vector[_CHOSEN] = picks[opponent] is not None
        if state.winner is not None:
            vector[_WINNER + state.winner] = 1
        # The memory: deal, replaced, drawn, played, then the opponent's replaced and played.
        dealt, out, played = self._dealt[player], self._replaced[player], self._played[player]
        drawn = out + played + hand - dealt  # no byte below 0: each count is a drawn card's
        memory = (
            dealt
            | out << _PART
            | drawn << _PART2
            | played << _PART3
            | self._replaced[opponent] << _PART4
            | self._played[opponent] << _PART5
        )
        vector[OBSERVATION_SIZE:] = memory.to_bytes(_MEMORY_SIZE, "little")
        return vector
