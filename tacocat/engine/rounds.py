"""What the rules do after each decision: the phases of a round, as methods of the state.

:class:`Rounds` sits between the fields (:class:`~tacocat.engine.fields.Fields`)
and :class:`~tacocat.engine.state.GameState`, which checks an action and
hands it to ``_replace``, ``_duel``, ``_attack`` or ``_answer``; each changes the state and
plays on by itself (reveals, the showdown, moving the Tacocat, dealing the
next round) until a player has a decision again, and returns the public
events.  A hand or the table changes only as a whole
pair of ids and values (:data:`~tacocat.engine.fields.Cards`), so the two
never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

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
from tacocat.engine.fields import EMPTY, Fields
from tacocat.engine.phases import Phase
from tacocat.engine.players import PLAYERS, WOW, YAY, Player

# Events are named tuples: tuple.__new__ fills one in without the Python
# frame of the class's own constructor (half its cost, ninety times a game).
# Every field is given, in the order the class declares it.
_event: Final = tuple.__new__
# An enum member read from its class costs a descriptor call each time (3.11).
_REPLACE: Final = Phase.REPLACE
_DUEL: Final = Phase.DUEL
_ATTACK: Final = Phase.ATTACK
_ANSWER: Final = Phase.ANSWER
_OVER: Final = Phase.OVER


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


def round_generator(key: int, round_number: int) -> random.Random:
    """The generator that shuffles round ``round_number`` of a game dealt by round.

    Seeded from text (hashed by SHA-512), so rounds and games share nothing
    and the same key gives the same deals on any machine.
    """
    return random.Random(f"tacocat-round:{key}:{round_number}")


class Rounds(Fields):
    """The rules of a round, as methods that change the fields and return the events."""

    def start_round(self, replay: bool) -> list[Event]:
        """Shuffle the whole deck, deal for the Tacocat's space, open the replacement."""
        self.round_number += 1
        rules = self.rules
        deck = list(range(len(rules.card_values)))  # rules.deck_size, without a property call
        key = self.deal_key
        shuffle(deck, self.rng if key is None else round_generator(key, self.round_number))
        size = rules.hand_sizes[self.position]
        for player in PLAYERS:
            self.set_hand(player, deck[-size:])
            del deck[-size:]
        self.draw_pile = deck
        self.discard_pile = ()
        self._table = EMPTY
        self.attacker = None
        first = rules.arrows[self.position].player
        self.phase = _REPLACE
        self.simultaneous = first is None
        self.replaced = [False, False]
        self.hidden_replace = [None, None]
        if first is None:
            self.replace_limits = (size, size)
        else:
            self.replace_limits = (size, 0) if first == YAY else (0, size)
        self.to_move = rules.first_to_choose if first is None else first
        return [_event(RoundStarted, (self.round_number, self.position, size, replay))]

    def _replace(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        self.replaced[player] = True
        opponent = 1 - player
        if self.simultaneous:
            self.hidden_replace[player] = values
            if not self.replaced[opponent]:
                self.to_move = opponent
                return [_event(ChoiceMade, (player, "replacement"))]
            events: list[Event] = []
            for each in PLAYERS:
                chosen = self.hidden_replace[each]
                assert chosen is not None
                events.append(self._swap_cards(each, chosen))
            self.hidden_replace = [None, None]
            self._start_duel(player)
            return events
        swapped = self._swap_cards(player, values)
        if self.replace_limits[player] == 0:
            swapped = _event(Replaced, (player, values, True))  # no_choice
        if not self.replaced[opponent]:
            # The second player may replace up to as many cards as the first did.
            limits = list(self.replace_limits)
            limits[opponent] = len(values)
            self.replace_limits = tuple(limits)
            self.to_move = opponent
            return [swapped]
        # A replacement with no choice plays itself: the one who chose last was the other.
        self._start_duel(player if self.replace_limits[player] else opponent)
        return [swapped]

    def _swap_cards(self, player: Player, values: tuple[int, ...]) -> Replaced:
        if values:
            self.discard_pile += self._take(player, values)
            drawn = self.draw_pile[-len(values) :]  # from the top of the pile
            del self.draw_pile[-len(values) :]
            self.set_hand(player, self._hands[player][0] + tuple(drawn))
        return _event(Replaced, (player, values, False))

    def _start_duel(self, last: Player) -> None:
        """The duel, its first card chosen by ``last`` (who chose last) or by the rules' seat."""
        self.phase = _DUEL
        self.duel_picks = [None, None]
        self.to_move = last if self.rules.keyboard_duel else self.rules.first_to_choose

    def _duel(self, player: Player, value: int) -> list[Event]:
        # The picked card stays in hand until both are in, so hands stay equal.
        picks = self.duel_picks
        ids, held = self._hands[player]
        index = held.index(value)  # _copy_index, inlined: a duel is a third of the decisions
        if index + 1 < len(held) and held[index + 1] == value:
            index += int(self.rng.random() * held.count(value))
        picks[player] = ids[index]
        opponent = 1 - player
        if picks[opponent] is None:
            self.to_move = opponent
            return [_event(ChoiceMade, (player, "duel card"))]
        yay_id, wow_id = picks
        assert yay_id is not None and wow_id is not None
        self._drop(YAY, yay_id)
        self._drop(WOW, wow_id)
        self.discard_pile += (yay_id, wow_id)
        values = self.rules.card_values
        yay_value, wow_value = values[yay_id], values[wow_id]
        self.duel_picks = [None, None]
        attacker = None if yay_value == wow_value else (YAY if yay_value > wow_value else WOW)
        events: list[Event] = [_event(DuelRevealed, ((yay_value, wow_value), attacker))]
        if len(self._hands[YAY][0]) == 1:
            # A duel that leaves one card each goes straight to the showdown.
            return events + self._showdown()
        if attacker is None:
            self._start_duel(player)
            return events
        self.phase = _ATTACK
        self.attacker = attacker
        self.to_move = attacker
        return events

    def _attack(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        self._table = (self._take(player, values), values)
        self.phase = _ANSWER
        self.to_move = 1 - player
        return [_event(Attacked, (player, values))]

    def _answer(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        table, attack = self._table
        played = self._take(player, values)
        defended = is_defended(attack, values)
        self.discard_pile += table + played
        self._table = EMPTY
        events: list[Event] = [_event(Answered, (player, attack, values, defended))]
        if defended:
            self.attacker = player
        if len(self._hands[player][0]) == 1:
            return events + self._showdown()
        self.phase = _ATTACK
        self.to_move = self.attacker
        return events

    def _take(self, player: Player, wanted: tuple[int, ...]) -> tuple[int, ...]:
        """Remove one card of each wanted value from ``player``'s hand; return their ids."""
        hand, values = self._hands[player]
        if len(wanted) == 1:  # the most common play, without a list (_copy_index inlined)
            value = wanted[0]
            index = values.index(value)
            if index + 1 < len(values) and values[index + 1] == value:
                index += int(self.rng.random() * values.count(value))
            self._hands[player] = (
                hand[:index] + hand[index + 1 :],
                values[:index] + values[index + 1 :],
            )
            return (hand[index],)
        ids, rest = list(hand), list(values)
        taken = []
        for value in wanted:
            index = rest.index(value)  # _copy_index, inlined
            if index + 1 < len(rest) and rest[index + 1] == value:
                index += int(self.rng.random() * rest.count(value))
            taken.append(ids.pop(index))
            del rest[index]
        self._hands[player] = (tuple(ids), tuple(rest))
        return tuple(taken)

    def _drop(self, player: Player, card_id: int) -> None:
        """Take the card ``card_id`` out of ``player``'s hand."""
        hand, values = self._hands[player]
        index = hand.index(card_id)
        self._hands[player] = (
            hand[:index] + hand[index + 1 :],
            values[:index] + values[index + 1 :],
        )

    def _copy_index(self, values: Sequence[int], value: int) -> int:
        """Where, in a hand holding ``values`` (sorted), the played copy of ``value`` sits.

        Actions name values, so the engine picks the copy - at random: a fixed
        rule (say, the lowest id) would let the opponent read, from the played
        card's palindrome, which other copies the hand cannot hold.
        """
        first = values.index(value)  # sorted: the copies sit side by side
        after = first + 1
        if after == len(values) or values[after] != value:
            return first  # one copy (most often): no draw, no count
        return first + int(self.rng.random() * values.count(value))

    def _showdown(self) -> list[Event]:
        values = self.rules.card_values
        (yay_id,), (wow_id,) = self._hands[YAY][0], self._hands[WOW][0]
        self._hands = [EMPTY, EMPTY]
        self.discard_pile += (yay_id, wow_id)
        yay_value, wow_value = values[yay_id], values[wow_id]
        winner: Player | None = None
        by_arrow = False
        if yay_value != wow_value:
            winner = YAY if yay_value < wow_value else WOW
        elif self.rules.tie_goes_to_arrow:
            winner = self.rules.arrows[self.position].player
            by_arrow = winner is not None
        events: list[Event] = [_event(Showdown, ((yay_value, wow_value), winner, by_arrow))]
        if winner is None:
            self.tied_rounds += 1
            if self.tied_rounds >= self.rules.tie_limit:
                return events + self._finish(None)
            return events + self.start_round(replay=True)
        self.tied_rounds = 0
        start = self.position
        self.position = step_toward(start, winner, self.tiles)
        self.tiles.append(start)
        events.append(_event(TacocatMoved, (winner, start, self.position)))
        if is_goal(self.position):
            return events + self._finish(winner)
        return events + self.start_round(replay=False)

    def _finish(self, winner: Player | None) -> list[Event]:
        self.winner = winner
        self.phase = _OVER
        self.to_move = None
        self.attacker = None
        return [_event(GameOver, (winner, self.tied_rounds))]
