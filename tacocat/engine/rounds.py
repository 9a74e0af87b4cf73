"""What the rules do after each decision: the phases of a round.

:meth:`GameState.apply_action <tacocat.engine.state.GameState.apply_action>`
checks an action and hands it to one of :func:`replace`, :func:`duel`,
:func:`attack` or :func:`answer`; each changes the state and plays on by
itself (reveals, the showdown, moving the Tacocat, dealing the next round)
until a player has a decision again, and returns the public events.

These functions are the state machine's own body, kept apart from the
asking and copying in ``state.py``, and read the state's private fields as
its methods would; they change a hand only through the state's hand
methods, so the ids and the values beside them never disagree.
The mypyc build compiles this module with ``state.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tacocat.engine.board import is_goal, step_toward
from tacocat.engine.choices import is_defended
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
from tacocat.engine.phases import Phase
from tacocat.engine.players import PLAYERS, WOW, YAY, Player

if TYPE_CHECKING:
    from tacocat.engine.state import GameState

# Events are named tuples: tuple.__new__ fills one in without the Python
# frame of the class's own constructor (half its cost, ninety times a game).
# Every field is given, in the order the class declares it.
_event: Final = tuple.__new__
# An enum member read from its class costs a descriptor call each time (3.11);
# Final: the compiled build keeps these in C variables, not looked up by name.
_REPLACE: Final = Phase.REPLACE
_DUEL: Final = Phase.DUEL
_ATTACK: Final = Phase.ATTACK
_ANSWER: Final = Phase.ANSWER
_OVER: Final = Phase.OVER


def start_round(state: GameState, replay: bool) -> list[Event]:
    """Shuffle the whole deck, deal for the Tacocat's space, open the replacement."""
    state.round_number += 1
    rules = state.rules
    deck = list(range(len(rules.card_values)))  # rules.deck_size, without a property call
    shuffle(deck, state.rng)
    size = rules.hand_sizes[state.position]
    for player in PLAYERS:
        state.set_hand(player, deck[-size:])
        del deck[-size:]
    state.draw_pile = deck
    state._discard = ()
    state._table = state._table_values = ()
    state.attacker = None
    first = rules.arrows[state.position].player
    state._phase = _REPLACE
    state.simultaneous = first is None
    state.replaced = [False, False]
    state.hidden_replace = [None, None]
    if first is None:
        state._limits = (size, size)
    else:
        state._limits = (size, 0) if first == YAY else (0, size)
    state._to_move = rules.first_to_choose if first is None else first
    return [_event(RoundStarted, (state.round_number, state.position, size, replay))]


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


def replace(state: GameState, player: Player, values: tuple[int, ...]) -> list[Event]:
    state.replaced[player] = True
    opponent = 1 - player
    if state.simultaneous:
        state.hidden_replace[player] = values
        if not state.replaced[opponent]:
            state._to_move = opponent
            return [_event(ChoiceMade, (player, "replacement"))]
        events: list[Event] = []
        for each in PLAYERS:
            chosen = state.hidden_replace[each]
            assert chosen is not None
            events.append(_swap_cards(state, each, chosen))
        state.hidden_replace = [None, None]
        _start_duel(state)
        return events
    swapped = _swap_cards(state, player, values)
    if state._limits[player] == 0:
        swapped = _event(Replaced, (player, values, True))  # no_choice
    if not state.replaced[opponent]:
        # The second player may replace up to as many cards as the first did.
        limits = list(state._limits)
        limits[opponent] = len(values)
        state._limits = tuple(limits)
        state._to_move = opponent
        return [swapped]
    _start_duel(state)
    return [swapped]


def _swap_cards(state: GameState, player: Player, values: tuple[int, ...]) -> Replaced:
    if values:
        state._discard += take(state, player, values)
        drawn = state.draw_pile[-len(values) :]  # from the top of the pile
        del state.draw_pile[-len(values) :]
        state.set_hand(player, state._hands[player] + tuple(drawn))
    return _event(Replaced, (player, values, False))


def _start_duel(state: GameState) -> None:
    state._phase = _DUEL
    state.duel_picks = [None, None]
    state._to_move = state.rules.first_to_choose


def duel(state: GameState, player: Player, value: int) -> list[Event]:
    # The picked card stays in hand until both are in, so hands stay equal.
    picks = state.duel_picks
    held = state._hand_values[player]
    index = held.index(value)  # copy_index, inlined
    if index + 1 < len(held) and held[index + 1] == value:
        index += int(state.rng.random() * held.count(value))
    picks[player] = state._hands[player][index]
    opponent = 1 - player
    if picks[opponent] is None:
        state._to_move = opponent
        return [_event(ChoiceMade, (player, "duel card"))]
    yay_id, wow_id = picks
    assert yay_id is not None and wow_id is not None
    _drop(state, YAY, yay_id)
    _drop(state, WOW, wow_id)
    state._discard += (yay_id, wow_id)
    values = state.rules.card_values
    yay_value, wow_value = values[yay_id], values[wow_id]
    state.duel_picks = [None, None]
    attacker = None if yay_value == wow_value else (YAY if yay_value > wow_value else WOW)
    events: list[Event] = [_event(DuelRevealed, ((yay_value, wow_value), attacker))]
    if len(state._hands[YAY]) == 1:
        # A duel that leaves one card each goes straight to the showdown.
        return events + _showdown(state)
    if attacker is None:
        _start_duel(state)
        return events
    state._phase = _ATTACK
    state.attacker = attacker
    state._to_move = attacker
    return events


def attack(state: GameState, player: Player, values: tuple[int, ...]) -> list[Event]:
    state._table = take(state, player, values)
    state._table_values = values
    state._phase = _ANSWER
    state._to_move = 1 - player
    return [_event(Attacked, (player, values))]


def answer(state: GameState, player: Player, values: tuple[int, ...]) -> list[Event]:
    attack = state._table_values
    played = take(state, player, values)
    defended = is_defended(attack, values)
    state._discard += state._table + played
    state._table = state._table_values = ()
    events: list[Event] = [_event(Answered, (player, attack, values, defended))]
    if defended:
        state.attacker = player
    if len(state._hands[player]) == 1:
        return events + _showdown(state)
    state._phase = _ATTACK
    state._to_move = state.attacker
    return events


def take(state: GameState, player: Player, wanted: tuple[int, ...]) -> tuple[int, ...]:
    """Remove one card of each wanted value from ``player``'s hand; return their ids."""
    hand, values = state._hands[player], state._hand_values[player]
    if len(wanted) == 1:  # the most common play, without a list (copy_index inlined)
        value = wanted[0]
        index = values.index(value)
        if index + 1 < len(values) and values[index + 1] == value:
            index += int(state.rng.random() * values.count(value))
        state._hands[player] = hand[:index] + hand[index + 1 :]
        state._hand_values[player] = values[:index] + values[index + 1 :]
        return (hand[index],)
    ids, rest = list(hand), list(values)
    taken = []
    for value in wanted:
        index = rest.index(value)  # copy_index, inlined
        if index + 1 < len(rest) and rest[index + 1] == value:
            index += int(state.rng.random() * rest.count(value))
        taken.append(ids.pop(index))
        del rest[index]
    state._hands[player], state._hand_values[player] = tuple(ids), tuple(rest)
    return tuple(taken)


def _drop(state: GameState, player: Player, card_id: int) -> None:
    """Take the card ``card_id`` out of ``player``'s hand."""
    hand, values = state._hands[player], state._hand_values[player]
    index = hand.index(card_id)
    state._hands[player] = hand[:index] + hand[index + 1 :]
    state._hand_values[player] = values[:index] + values[index + 1 :]


def copy_index(state: GameState, values: Sequence[int], value: int) -> int:
    """Where, in a hand holding ``values`` (sorted), the played copy of ``value`` sits.

    Actions name values, so the engine picks the copy - at random: a fixed
    rule (say, the lowest id) would let the opponent read, from the played
    card's palindrome, which other copies the hand cannot hold.
    """
    first = values.index(value)  # sorted: the copies sit side by side
    after = first + 1
    if after == len(values) or values[after] != value:
        return first  # one copy (most often): no draw, no count
    return first + int(state.rng.random() * values.count(value))


def _showdown(state: GameState) -> list[Event]:
    values = state.rules.card_values
    (yay_id,), (wow_id,) = state._hands
    state._hands = [(), ()]
    state._hand_values = [(), ()]
    state._discard += (yay_id, wow_id)
    yay_value, wow_value = values[yay_id], values[wow_id]
    winner: Player | None = None
    by_arrow = False
    if yay_value != wow_value:
        winner = YAY if yay_value < wow_value else WOW
    elif state.rules.tie_goes_to_arrow:
        winner = state.rules.arrows[state.position].player
        by_arrow = winner is not None
    events: list[Event] = [_event(Showdown, ((yay_value, wow_value), winner, by_arrow))]
    if winner is None:
        state.tied_rounds += 1
        if state.tied_rounds >= state.rules.tie_limit:
            return events + _finish(state, None)
        return events + start_round(state, replay=True)
    state.tied_rounds = 0
    start = state.position
    state.position = step_toward(start, winner, state.tiles)
    state.tiles.append(start)
    events.append(_event(TacocatMoved, (winner, start, state.position)))
    if is_goal(state.position):
        return events + _finish(state, winner)
    return events + start_round(state, replay=False)


def _finish(state: GameState, winner: Player | None) -> list[Event]:
    state.winner = winner
    state._phase = _OVER
    state._to_move = None
    state.attacker = None
    return [_event(GameOver, (winner, state.tied_rounds))]
