"""Both players' information-state vectors of one game, kept from step to step (for PettingZoo).

The numbers of :func:`~tacocat.engine.observation.information_state`
(``tests/research/test_infostates.py`` compares them) for less work, as
docs/research.md tells.  Counts by value are whole numbers with one byte per
value (``1 << 8 * (value - 1)`` a card): a hand, a replacement or a play is
counted with a few additions and becomes bytes with one ``to_bytes``.  A game
past 255 rounds, whose numbers do not fit in a byte, gets the reference's.
"""

from __future__ import annotations

from itertools import accumulate

import numpy as np

from tacocat.engine.board import YAY_GOAL
from tacocat.engine.events import Answered, Attacked, DuelRevealed, Replaced, RoundStarted, Showdown
from tacocat.engine.observation import OBSERVATION_PARTS, RECALL_PARTS, VALUES
from tacocat.engine.phases import DUEL, REPLACE, Phase
from tacocat.engine.players import Player
from tacocat.engine.rules import MIN_VALUE, SPACE_COUNT
from tacocat.engine.state import GameState
from tacocat.research.arrays import Floats, information_state_array
from tacocat.research.memory import Match

_NAMES = [name for name, _ in OBSERVATION_PARTS]
_AT = dict(
    zip(_NAMES, accumulate([size for _, size in OBSERVATION_PARTS], initial=0), strict=False)
)
# The runs of bytes a vector is joined from, each the parts listed, in the vector's order.
_RUNS = (
    ("player", "phase", "to_move", "attacker"),  # the head
    ("position", "tiles", "arrow"),  # the board
    ("hand", "hand_sizes", "draw_pile"),
    ("discard",),
    ("table",),
    ("replace_limit", "my_replace", "my_duel", "opponent_has_chosen"),  # the choices
    ("round", "tied_rounds", "winner"),
)
assert [name for run in _RUNS for name in run] == _NAMES
assert [size for _, size in RECALL_PARTS] == [VALUES] * 6  # the memory: six parts by value


def _size(run: tuple[str, ...]) -> int:
    return sum(size for name, size in OBSERVATION_PARTS if name in run)


_HEAD, _BOARD, _HELD, _, _, _CHOICES, _ = (_size(run) for run in _RUNS)
_MEMORY = VALUES * len(RECALL_PARTS)
_HIGHEST = 255  # the largest number a byte holds
_PART = 8 * VALUES  # a part by value, in bits
_PART2, _PART3, _PART4, _PART5 = (_PART * index for index in range(2, 6))
# One card of each value in its byte, by value (a list: indexed faster than a dict is read).
_ONE = [0] * MIN_VALUE + [1 << 8 * index for index in range(VALUES)]
# In the choices' run: the limit is its first byte, then each part by value, then "chosen".
_MY_REPLACE = [one << 8 for one in _ONE]
_MY_DUEL = [one << 8 + _PART for one in _ONE]
_CHOSEN = 1 << 8 * (_CHOICES - 1)
_NO_CHOICE = bytes(_CHOICES)
_NO_TABLE = bytes(VALUES)
# numpy's types as dtypes (a type is converted to one at every call).
_BYTE, _FLOAT, _frombuffer = np.dtype(np.uint8), np.dtype(np.float32), np.frombuffer

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
    """The head, one-hot: its player, the phase, who moves, who attacks."""
    head = bytearray(_HEAD)
    head[player] = 1
    head[_AT["phase"] + list(Phase).index(phase)] = 1
    if to_move is not None:
        head[_AT["to_move"] + to_move] = 1
    if attacker is not None:
        head[_AT["attacker"] + attacker] = 1
    return bytes(head)


# Every head there is, by its facts; the phase by its id (an Enum member hashes in Python).
_SOMEBODY = (0, 1, None)
_HEADS = {
    (player, id(phase), to_move, attacker): _head(player, phase, to_move, attacker)
    for player in (0, 1)
    for phase in Phase
    for to_move in _SOMEBODY
    for attacker in _SOMEBODY
}


def _counted(values: tuple[int, ...]) -> int:
    """``values`` by value, one byte each (see the module's notes)."""
    total = 0
    for value in values:
        total += _ONE[value]
    return total


def _choices(state: GameState, player: Player) -> int:
    """The choices' run as a number: the replacement limit, this player's secret
    replacement or duel card, and whether the opponent's secret choice is in."""
    opponent = 1 - player
    choices = 0
    if state.phase is REPLACE:
        if state.to_move == player:
            choices = state.replace_limits[player]
        if state.simultaneous:  # a secret replacement
            hidden = state.hidden_replace
            mine = hidden[player]
            if mine is not None:
                for value in mine:
                    choices += _MY_REPLACE[value]
            if hidden[opponent] is not None:
                choices |= _CHOSEN
    elif state.phase is DUEL:
        picks = state.duel_picks
        pick = picks[player]
        if pick is not None:
            choices = _MY_DUEL[state.rules.card_values[pick]]
        if picks[opponent] is not None:
            choices |= _CHOSEN
    return choices


class InformationStates:
    """The information-state vectors of a :class:`Match` without chance steps, as float32 arrays."""

    __slots__ = (
        "_arrows",
        "_board",
        "_cards",
        "_dealt",
        "_discard",
        "_end",
        "_kept",
        "_played",
        "_read",
        "_replaced",
        "_round",
        "match",
    )

    def __init__(self, match: Match) -> None:
        if not match.plain:
            raise ValueError("the vectors are kept for games without chance steps")
        self.match = match
        rules = match.state.rules
        self._cards = [_ONE[value] for value in rules.card_values]  # by card id
        # The arrow part by the Tacocat's space: at YAY, at WOW (none at a goal).
        self._arrows = {
            space: bytes((arrow.player != 1, arrow.player != 0))
            for space, arrow in enumerate(rules.arrows)
        }
        self._read = 0  # the match's steps read so far
        # The round so far, by value: each player's deal, replaced cards and played cards;
        # the deal is the hands after the match's first step, as for a Recall made with it.
        first = match.steps[0][3]
        self._dealt = [_counted(first[0]), _counted(first[1])]
        self._replaced, self._played = [0, 0], [0, 0]
        self._discard: tuple[tuple[int, ...] | None, bytes] = (None, b"")
        # The round, tied rounds, space and number of tiles the two runs below were made for.
        self._round: tuple[int, int, int, int] | None = None
        self._board, self._end = b"", b""
        # Each player's last vector in bytes (None: the reference's), and the steps it saw.
        self._kept: list[tuple[int, bytes | None]] = [(-1, None), (-1, None)]

    def array(self, player: Player) -> Floats:
        """``player``'s information-state vector now (a new array, the caller's own)."""
        steps = len(self.match.steps)
        seen, vector = self._kept[player]
        if seen != steps:
            if self._read != steps:
                self._catch_up()
            vector = self._build(player)
            self._kept[player] = (steps, vector)
        if vector is None:  # a number above a byte: the reference's
            view = self.match.state.view(player)
            return information_state_array(view, self.match.recall(player))
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

    def _new_round(self, key: tuple[int, int, int, int]) -> None:
        """The runs that change only between rounds: the board, and the round's numbers.

        Keyed by the round, the tied rounds, the Tacocat's space and the number
        of tiles (in a game they only grow, so their number tells them apart).
        """
        self._round = key
        round_number, tied_rounds, position, _ = key
        board = bytearray(_BOARD)
        board[position - YAY_GOAL] = 1
        tiles = _AT["tiles"] - _AT["position"]
        for space in self.match.state.tiles:
            if 0 <= space < SPACE_COUNT:
                board[tiles + space] = 1
        board[-2:] = self._arrows.get(position, b"\0\0")
        self._board = bytes(board)
        self._end = bytes((round_number, tied_rounds, 0, 0))  # (the winner: none yet)

    def _count_discard(self, discard_ids: tuple[int, ...]) -> bytes:
        """The discard pile by value, kept with the tuple it was counted from."""
        cards, total = self._cards, 0
        for card in discard_ids:
            total += cards[card]
        discard = total.to_bytes(VALUES, "little")
        self._discard = (discard_ids, discard)
        return discard

    def _build(self, player: Player) -> bytes | None:
        """The vector's bytes, None if a number does not fit in one."""
        state = self.match.state
        key = (state.round_number, state.tied_rounds, state.position, len(state.tiles))
        if key != self._round:
            if key[0] > _HIGHEST or key[1] > _HIGHEST:
                return None
            self._new_round(key)
        opponent = 1 - player
        phase, to_move = state.phase, state.to_move
        hands = state._hands
        held = hands[player][1]
        hand, one = 0, _ONE
        for value in held:
            hand += one[value]
        # The hand by value, then both hands' sizes and the draw pile's.
        sizes = len(held) | len(hands[opponent][1]) << 8 | len(state.draw_pile) << 16
        discard_ids = state.discard_pile
        counted_ids, discard = self._discard
        if discard_ids is not counted_ids:  # the engine makes a new tuple when it changes
            discard = self._count_discard(discard_ids)
        table = state._table[1]
        choices = _choices(state, player) if phase is REPLACE or phase is DUEL else 0
        end = self._end
        if state.winner is not None:
            end = end[:2] + bytes((state.winner == 0, state.winner == 1))
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
        return b"".join(
            (
                _HEADS[player, id(phase), to_move, state.attacker],
                self._board,
                (hand | sizes << _PART).to_bytes(_HELD, "little"),
                discard,
                _counted(table).to_bytes(VALUES, "little") if table else _NO_TABLE,
                choices.to_bytes(_CHOICES, "little") if choices else _NO_CHOICE,
                end,
                memory.to_bytes(_MEMORY, "little"),
            )
        )
