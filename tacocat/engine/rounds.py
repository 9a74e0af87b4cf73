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
from typing import TYPE_CHECKING

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
from tacocat.engine.players import PLAYERS, WOW, YAY, Player, other

if TYPE_CHECKING:
    from tacocat.engine.state import GameState


def start_round(state: GameState, replay: bool) -> list[Event]:
    """Shuffle the whole deck, deal for the Tacocat's space, open the replacement."""
    state.round_number += 1
    deck = list(range(state.rules.deck_size))
    shuffle(deck, state.rng)
    size = state.rules.hand_sizes[state.position]
    for player in PLAYERS:
        state.set_hand(player, deck[-size:])
        del deck[-size:]
    state.draw_pile = deck
    state.discard_pile = []
    state.table = []
    state.attacker = None
    events: list[Event] = [RoundStarted(state.round_number, state.position, size, replay)]
    first = state.rules.arrows[state.position].player
    state.phase = Phase.REPLACE
    state.simultaneous = first is None
    state.replaced = [False, False]
    state.hidden_replace = [None, None]
    state.replace_limits = [size, size] if first is None else [0, 0]
    if first is not None:
        state.replace_limits[first] = size
    state.to_move = state.rules.first_to_choose if first is None else first
    return events


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
    opponent = other(player)
    events: list[Event] = []
    if state.simultaneous:
        state.hidden_replace[player] = values
        if not state.replaced[opponent]:
            state.to_move = opponent
            return [ChoiceMade(player, "replacement")]
        for each in PLAYERS:
            chosen = state.hidden_replace[each]
            assert chosen is not None
            events.append(_swap_cards(state, each, chosen))
        state.hidden_replace = [None, None]
        return events + _start_duel(state)
    swapped = _swap_cards(state, player, values)
    if state.replace_limits[player] == 0:
        swapped = Replaced(player, values, no_choice=True)
    events.append(swapped)
    if not state.replaced[opponent]:
        # The second player may replace up to as many cards as the first did.
        state.replace_limits[opponent] = len(values)
        state.to_move = opponent
        return events
    return events + _start_duel(state)


def _swap_cards(state: GameState, player: Player, values: tuple[int, ...]) -> Replaced:
    state.discard_pile.extend(state._take(player, values))
    if values:
        drawn = state.draw_pile[-len(values) :]  # from the top of the pile
        del state.draw_pile[-len(values) :]
        state.set_hand(player, state._hands[player] + tuple(drawn))
    return Replaced(player, values)


def _start_duel(state: GameState) -> list[Event]:
    state.phase = Phase.DUEL
    state.duel_picks = [None, None]
    state.to_move = state.rules.first_to_choose
    return []


def duel(state: GameState, player: Player, value: int) -> list[Event]:
    # The picked card stays in hand until both are in, so hands stay equal.
    values = state.rules.card_values
    state.duel_picks[player] = state.card_of(player, value)
    opponent = other(player)
    if state.duel_picks[opponent] is None:
        state.to_move = opponent
        return [ChoiceMade(player, "duel card")]
    picks = state.duel_picks
    for each in PLAYERS:
        card_id = picks[each]
        assert card_id is not None
        state._drop(each, card_id)
        state.discard_pile.append(card_id)
    yay_value, wow_value = (values[c] for c in picks if c is not None)
    state.duel_picks = [None, None]
    attacker = None if yay_value == wow_value else (YAY if yay_value > wow_value else WOW)
    events: list[Event] = [DuelRevealed((yay_value, wow_value), attacker)]
    if len(state._hands[YAY]) == 1:
        # A duel that leaves one card each goes straight to the showdown.
        return events + _showdown(state)
    if attacker is None:
        return events + _start_duel(state)
    state.phase = Phase.ATTACK
    state.attacker = attacker
    state.to_move = attacker
    return events


def attack(state: GameState, player: Player, values: tuple[int, ...]) -> list[Event]:
    state.table = state._take(player, values)
    state.phase = Phase.ANSWER
    state.to_move = other(player)
    return [Attacked(player, values)]


def answer(state: GameState, player: Player, values: tuple[int, ...]) -> list[Event]:
    attack = state._table_values()
    played = state._take(player, values)
    defended = is_defended(attack, values)
    state.discard_pile.extend(state.table)
    state.discard_pile.extend(played)
    state.table = []
    events: list[Event] = [Answered(player, attack, values, defended)]
    if defended:
        state.attacker = player
    if len(state._hands[player]) == 1:
        return events + _showdown(state)
    state.phase = Phase.ATTACK
    state.to_move = state.attacker
    return events


def _showdown(state: GameState) -> list[Event]:
    values = state.rules.card_values
    (yay_id,), (wow_id,) = state._hands
    state._hands = [(), ()]
    state._hand_values = [(), ()]
    state.discard_pile.extend((yay_id, wow_id))
    yay_value, wow_value = values[yay_id], values[wow_id]
    winner: Player | None = None
    by_arrow = False
    if yay_value != wow_value:
        winner = YAY if yay_value < wow_value else WOW
    elif state.rules.tie_goes_to_arrow:
        winner = state.rules.arrows[state.position].player
        by_arrow = winner is not None
    events: list[Event] = [Showdown((yay_value, wow_value), winner, by_arrow)]
    if winner is None:
        state.tied_rounds += 1
        if state.tied_rounds >= state.rules.tie_limit:
            return events + _finish(state, None)
        return events + start_round(state, replay=True)
    state.tied_rounds = 0
    start = state.position
    state.position = step_toward(start, winner, state.tiles)
    state.tiles.append(start)
    events.append(TacocatMoved(winner, start, state.position))
    if is_goal(state.position):
        return events + _finish(state, winner)
    return events + start_round(state, replay=False)


def _finish(state: GameState, winner: Player | None) -> list[Event]:
    state.winner = winner
    state.phase = Phase.OVER
    state.to_move = None
    state.attacker = None
    return [GameOver(winner, state.tied_rounds)]
