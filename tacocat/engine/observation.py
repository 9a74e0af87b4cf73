"""Observation and information-state vectors: a player's knowledge as whole numbers.

What each holds is in docs/research.md, "Encodings", and part by part below.
Plain lists of ints: numpy stays in the adapters (:mod:`tacocat.research`).
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from itertools import accumulate
from operator import add, sub
from typing import Protocol

from tacocat.engine.actions import Duel, Replace
from tacocat.engine.board import YAY_GOAL
from tacocat.engine.events import (
    Answered,
    Attacked,
    DuelRevealed,
    Event,
    Replaced,
    RoundStarted,
    Showdown,
)
from tacocat.engine.phases import Phase
from tacocat.engine.players import Player
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE, SPACE_COUNT
from tacocat.engine.view import PlayerView, by_value

VALUES = MAX_VALUE - MIN_VALUE + 1
_PHASES = tuple(Phase)
# The parts of an observation vector, in order, and their lengths.  A part
# by value counts cards of values 1 to 12; a one-hot part is all 0 for "nobody".
OBSERVATION_PARTS: tuple[tuple[str, int], ...] = (
    ("player", 2),  # one-hot: whose observation this is
    ("phase", len(_PHASES)),  # one-hot, in Phase's order
    ("to_move", 2),  # one-hot
    ("attacker", 2),  # one-hot
    ("position", SPACE_COUNT + 2),  # one-hot: the YAY goal, the seven spaces, the WOW goal
    ("tiles", SPACE_COUNT),  # 1 for each covered space
    ("arrow", 2),  # the arrow(s) of the Tacocat's space: at YAY, at WOW
    ("hand", VALUES),  # own cards by value
    ("hand_sizes", 2),  # own, opponent's
    ("draw_pile", 1),  # its size
    ("discard", VALUES),  # the face-up discard pile by value
    ("table", VALUES),  # the attack waiting for an answer, by value
    ("replace_limit", 1),  # how many cards this player may replace now
    ("my_replace", VALUES),  # own secret replacement, chosen and not yet revealed
    ("my_duel", VALUES),  # own secret duel card, one-hot by value
    ("opponent_has_chosen", 1),  # the opponent's secret choice is in
    ("round", 1),  # the round number
    ("tied_rounds", 1),  # tied rounds in a row
    ("winner", 2),  # one-hot, once the game is over
)
# What an information state adds: this player's memory of the round so far.
RECALL_PARTS: tuple[tuple[str, int], ...] = (
    ("dealt", VALUES),  # own hand as dealt this round
    ("my_replaced", VALUES),  # the cards this player replaced
    ("drawn", VALUES),  # the cards the replacement drew (seen by this player only)
    ("my_played", VALUES),  # own duel cards, attacks, answers and last card
    ("their_replaced", VALUES),  # the opponent's replaced cards (public)
    ("their_played", VALUES),  # the opponent's cards played face up
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_PARTS)
RECALL_SIZE = sum(size for _, size in RECALL_PARTS)
INFORMATION_STATE_SIZE = OBSERVATION_SIZE + RECALL_SIZE


class Holding(Protocol):
    """Anything that shows a player's hand, lowest value first: a view, or a hand remembered."""

    @property
    def hand_values(self) -> tuple[int, ...]: ...


# Where each part starts: the vector is written in place, not assembled from
# a list per part (a step of a learning agent builds one every decision).
_AT = dict(
    zip(
        [name for name, _ in OBSERVATION_PARTS],
        accumulate([size for _, size in OBSERVATION_PARTS], initial=0),
        strict=False,
    )
)
_PHASE, _TO_MOVE, _ATTACKER = _AT["phase"], _AT["to_move"], _AT["attacker"]
_POSITION, _TILES, _ARROW = _AT["position"] - YAY_GOAL, _AT["tiles"], _AT["arrow"]
_SIZES, _DRAW, _LIMIT = _AT["hand_sizes"], _AT["draw_pile"], _AT["replace_limit"]
# By card value (1 to 12): the first entry of the part, less MIN_VALUE.
_HAND, _DISCARD, _TABLE = (_AT[part] - MIN_VALUE for part in ("hand", "discard", "table"))
_MY_REPLACE, _MY_DUEL = _AT["my_replace"] - MIN_VALUE, _AT["my_duel"] - MIN_VALUE
_CHOSEN, _ROUND, _TIED = _AT["opponent_has_chosen"], _AT["round"], _AT["tied_rounds"]
_WINNER = _AT["winner"]


def observation(view: PlayerView) -> list[int]:
    """``view`` as :data:`OBSERVATION_SIZE` whole numbers: as private as the view."""
    vector = [0] * OBSERVATION_SIZE
    write_observation(view, vector)
    return vector


def write_observation(view: PlayerView, vector: MutableSequence[int]) -> None:
    """Write :func:`observation` into the first entries of ``vector`` (list, bytearray), all 0."""
    vector[view.player] = 1
    vector[_PHASE + _PHASES.index(view.phase)] = 1
    if view.to_move is not None:
        vector[_TO_MOVE + view.to_move] = 1
    if view.attacker is not None:
        vector[_ATTACKER + view.attacker] = 1
    vector[_POSITION + view.position] = 1
    for space in view.tiles:
        if 0 <= space < SPACE_COUNT:
            vector[_TILES + space] = 1
    arrow = view.arrow
    if arrow is not None:
        vector[_ARROW], vector[_ARROW + 1] = int(arrow.player != 1), int(arrow.player != 0)
    hand, card_values = view.hand_ids, view.rules.card_values
    for card in hand:
        vector[_HAND + card_values[card]] += 1
    vector[_SIZES], vector[_SIZES + 1] = len(hand), view.opponent_hand_size
    vector[_DRAW] = view.draw_pile_size
    for card in view.discard_ids:
        vector[_DISCARD + card_values[card]] += 1
    for card in view.table_ids:
        vector[_TABLE + card_values[card]] += 1
    vector[_LIMIT] = view.replace_limit
    choice = view.my_choice
    if isinstance(choice, Replace):
        for value in choice.values:
            vector[_MY_REPLACE + value] += 1
    elif isinstance(choice, Duel):
        vector[_MY_DUEL + choice.value] = 1
    vector[_CHOSEN] = int(view.opponent_has_chosen)
    vector[_ROUND], vector[_TIED] = view.round_number, view.tied_rounds
    if view.winner is not None:
        vector[_WINNER + view.winner] = 1


class Recall:
    """What one player remembers of the round so far beyond what its view shows.

    A view forgets which cards this player replaced and drew, and who played
    which face-up card.  A ``Recall`` is told the public events of every
    action (and reads its player's view), so it learns nothing a player
    would not; a new round starts it afresh::

        recall = Recall(state.view(player))
        events = state.apply_action(action)
        recall.update(events, state.view(player))
        vector = information_state(state.view(player), recall)
    """

    __slots__ = ("dealt", "played", "player", "replaced")

    def __init__(self, view: PlayerView) -> None:
        self.player: Player = view.player
        self.dealt = by_value(view.hand_values)
        self.replaced: tuple[list[int], list[int]] = ([0] * VALUES, [0] * VALUES)
        self.played: tuple[list[int], list[int]] = ([0] * VALUES, [0] * VALUES)

    def update(self, events: Iterable[Event], view: Holding) -> None:
        """Remember what ``events`` showed; ``view`` is this player's view after them.

        Only its hand is read, so a replay of remembered steps can pass the
        hand it recorded instead of building a view.
        """
        dealt = False
        for event in events:
            # By exact type (no event type is subclassed): this runs at every step.
            kind = type(event)
            if kind is RoundStarted:
                dealt = True
                self.replaced = ([0] * VALUES, [0] * VALUES)
                self.played = ([0] * VALUES, [0] * VALUES)
            elif kind is Replaced:
                _add(self.replaced[event.player], event.values)  # type: ignore[attr-defined]
            elif kind is Attacked or kind is Answered:
                _add(self.played[event.player], event.values)  # type: ignore[attr-defined]
            elif kind is DuelRevealed or kind is Showdown:
                for player, value in enumerate(event.values):  # type: ignore[attr-defined]
                    self.played[player][value - MIN_VALUE] += 1
        if dealt:  # no card moves after a deal until the next decision
            self.dealt = by_value(view.hand_values)

    def copy(self) -> Recall:
        twin = Recall.__new__(Recall)
        twin.player, twin.dealt = self.player, self.dealt
        twin.replaced = (list(self.replaced[0]), list(self.replaced[1]))
        twin.played = (list(self.played[0]), list(self.played[1]))
        return twin

    def write(self, view: PlayerView, vector: MutableSequence[int], at: int) -> None:
        """Write the parts of :data:`RECALL_PARTS`, in order, into ``vector`` from ``at`` on."""
        me, them = self.player, 1 - self.player
        dealt, out, played = self.dealt, self.replaced[me], self.played[me]
        # A hand is its deal, less what went out, plus what was drawn.
        drawn = list(map(sub, map(add, out, played), dealt))  # (map: twice a comprehension's speed)
        card_values = view.rules.card_values
        for card in view.hand_ids:
            drawn[card_values[card] - MIN_VALUE] += 1
        parts = [*dealt, *out, *drawn, *played, *self.replaced[them], *self.played[them]]
        vector[at : at + RECALL_SIZE] = parts


def _add(counts: list[int], values: Iterable[int]) -> None:
    for value in values:
        counts[value - MIN_VALUE] += 1


def information_state(view: PlayerView, recall: Recall) -> list[int]:
    """The observation of ``view`` followed by its player's ``recall`` of the round."""
    vector = [0] * INFORMATION_STATE_SIZE
    write_information_state(view, recall, vector)
    return vector


def write_information_state(view: PlayerView, recall: Recall, vector: MutableSequence[int]) -> None:
    """Write :func:`information_state` into ``vector``, all 0 before (see write_observation)."""
    write_observation(view, vector)
    recall.write(view, vector, OBSERVATION_SIZE)
