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
_PHASE_AT = {phase: _AT["phase"] + index for index, phase in enumerate(Phase)}
_TO_MOVE, _ATTACKER, _TILES, _ARROW = _AT["to_move"], _AT["attacker"], _AT["tiles"], _AT["arrow"]
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
_HIGHEST = 255  # the largest number a byte holds
# The memory parts, each VALUES bytes, in RECALL_PARTS' order: how far each is shifted.
assert [size for _, size in RECALL_PARTS] == [VALUES] * 6
_MEMORY_SIZE = INFORMATION_STATE_SIZE - OBSERVATION_SIZE
_PART = 8 * VALUES
_SHIFT = [_PART * index for index in range(6)]
# One card of each value, in its byte (values start at MIN_VALUE).
_ONE = {value: 1 << 8 * (value - MIN_VALUE) for value in range(MIN_VALUE, MIN_VALUE + VALUES)}


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
        # Each player's last vector in bytes, and the number of steps it saw.
        self._kept: list[tuple[int, bytearray | None]] = [(-1, None), (-1, None)]

    def array(self, player: Player) -> Floats:
        """``player``'s information-state vector now (a new array, the caller's own)."""
        steps = len(self.match.steps)
        seen, vector = self._kept[player]
        if seen != steps:
            vector = self._build(player)
            self._kept[player] = (steps, vector)
        if vector is None:  # a number above a byte: the reference, number by number
            state = self.match.state
            recall = self.match.recall(player)
            return np.asarray(information_state(state.view(player), recall), dtype=np.float32)
        return np.frombuffer(vector, np.uint8).astype(np.float32)

    def _catch_up(self) -> None:
        """Read the steps not read yet, as :meth:`Recall.update` does for each player."""
        steps = self.match.steps
        dealt, replaced, played = self._dealt, self._replaced, self._played
        for _, _, events, hands in steps[self._read :]:
            for event in events:
                kind = type(event)  # by exact type, as Recall.update reads them
                if kind is RoundStarted:
                    replaced[0] = replaced[1] = played[0] = played[1] = 0
                    dealt[0], dealt[1] = _counted(hands[0]), _counted(hands[1])
                elif kind is Replaced:
                    replaced[event.player] += _counted(event.values)  # type: ignore[attr-defined]
                elif kind is Attacked or kind is Answered:
                    played[event.player] += _counted(event.values)  # type: ignore[attr-defined]
                elif kind is DuelRevealed or kind is Showdown:
                    for player, value in enumerate(event.values):  # type: ignore[attr-defined]
                        played[player] += _ONE[value]
        self._read = len(steps)

    def _build(self, player: Player) -> bytearray | None:
        """The vector's bytes (None if a number does not fit in one).

        Read from the state's fields as :meth:`GameState.view` reads them,
        not from a view: a view also lists the legal actions, which a
        replacement phase builds anew each step (half of the vector's cost).
        """
        self._catch_up()
        state = self.match.state
        if state.round_number > _HIGHEST or state.tied_rounds > _HIGHEST:
            return None
        opponent = 1 - player
        phase, to_move = state.phase, state.to_move
        vector = bytearray(INFORMATION_STATE_SIZE)
        vector[player] = 1
        vector[_PHASE_AT[phase]] = 1
        if to_move is not None:
            vector[_TO_MOVE + to_move] = 1
        if state.attacker is not None:
            vector[_ATTACKER + state.attacker] = 1
        position = state.position
        vector[_POSITION + position] = 1
        for space in state.tiles:
            if 0 <= space < SPACE_COUNT:
                vector[_TILES + space] = 1
        vector[_ARROW : _ARROW + 2] = self._arrows.get(position, b"\0\0")
        hands = state._hands
        held = hands[player][1]
        hand = _counted(held)
        vector[_HAND : _HAND + VALUES] = hand.to_bytes(VALUES, "little")
        vector[_SIZES], vector[_SIZES + 1] = len(held), len(hands[opponent][1])
        vector[_DRAW] = len(state.draw_pile)
        discard_ids = state.discard_pile
        counted_ids, discard = self._discard
        if discard_ids is not counted_ids:  # the engine replaces the tuple when it grows
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
            ):  # a secret replacement: this player's own, and whether the other's is in
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
        vector[_ROUND], vector[_TIED] = state.round_number, state.tied_rounds
        if state.winner is not None:
            vector[_WINNER + state.winner] = 1
        # The memory: deal, replaced, drawn, played, then the opponent's replaced and played.
        dealt, out, played = self._dealt[player], self._replaced[player], self._played[player]
        drawn = out + played + hand - dealt  # no byte below 0: each count is a drawn card's
        memory = (
            dealt
            | out << _SHIFT[1]
            | drawn << _SHIFT[2]
            | played << _SHIFT[3]
            | self._replaced[opponent] << _SHIFT[4]
            | self._played[opponent] << _SHIFT[5]
        )
        vector[OBSERVATION_SIZE:] = memory.to_bytes(_MEMORY_SIZE, "little")
        return vector
