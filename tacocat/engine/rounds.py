"""What the rules do after each decision, and why they refuse one: methods of the state.

Each of ``_replace``, ``_duel``, ``_attack`` and ``_answer`` changes the state
and plays on by itself until a player has a decision again, and returns the
public events.  A hand or the table changes only as a whole pair of ids and
values (:data:`~tacocat.engine.fields.Cards`), so the two never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace, attack_kind
from tacocat.engine.board import is_goal, step_toward
from tacocat.engine.choices import answer_choices, is_defended, missing_value
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
from tacocat.engine.phases import ANSWER, ATTACK, DUEL, OVER, REPLACE, Phase
from tacocat.engine.players import PLAYERS, WOW, YAY, Player
from tacocat.engine.words import plural

# Events are named tuples: tuple.__new__ fills one in without the Python
# frame of the class's own constructor (half its cost, ninety times a game).
# Every field is given, in the order the class declares it.
_event: Final = tuple.__new__
# What each phase asks for, and how to say it (why_illegal).
_ASKED: dict[Phase, tuple[type, str]] = {
    Phase.REPLACE: (Replace, "choose cards to replace"),
    Phase.DUEL: (Duel, "choose a duel card"),
    Phase.ATTACK: (Attack, "choose an attack"),
    Phase.ANSWER: (Answer, "answer the attack"),
}


def shuffle(items: list[int], rng: random.Random) -> None:
    """Fisher-Yates driven by ``rng.random()``: a quarter faster than ``random.shuffle``.

    The float method's bias (below 2**-47 per swap for a 38-card deck) is far
    under anything a game could show.
    """
    draw = rng.random
    for last in range(len(items) - 1, 0, -1):
        swap = int(draw() * (last + 1))
        items[last], items[swap] = items[swap], items[last]


def round_generator(key: int, round_number: int) -> random.Random:
    """The generator of round ``round_number`` of a game dealt by round (alike on any machine)."""
    return random.Random(f"tacocat-round:{key}:{round_number}")


class Rounds(Fields):
    """The rules of a round, as methods that change the fields and return the events."""

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, in words (the rule it breaks); None if it may."""
        mover = self.to_move
        if mover is None:
            return "the game is over"
        phase = self.phase
        if not isinstance(action, Replace | Duel | Attack | Answer):
            return f"{action!r} is not a Tacocat action"
        expected, asked = _ASKED[phase]
        if not isinstance(action, expected):
            return f"now is not the time to {type(action).__name__.lower()}: {asked}"
        hand = self.hand_values[mover]
        values = (action.value,) if isinstance(action, Duel) else action.values
        missing = missing_value(hand, values)
        if missing is not None:
            held = hand.count(missing)
            if held == 0:
                return f"there is no {missing} in the hand"
            return f"the hand holds only {plural(held, 'card')} of value {missing}"
        if isinstance(action, Replace):
            limit = self.replace_limits[mover]
            if len(values) > limit:
                return f"at most {plural(limit, 'card')} may be replaced now"
        elif isinstance(action, Attack):
            return _attack_problem(values, len(hand))
        elif isinstance(action, Answer):
            return _answer_problem(hand, self.table_values, values, action)
        return None

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
        self.phase = REPLACE
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
        self.phase = DUEL
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
        self.phase = ATTACK
        self.attacker = attacker
        self.to_move = attacker
        return events

    def _attack(self, player: Player, values: tuple[int, ...]) -> list[Event]:
        self._table = (self._take(player, values), values)
        self.phase = ANSWER
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
        self.phase = ATTACK
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
            index = self._copy_index(rest, value)
            taken.append(ids.pop(index))
            del rest[index]
        self._hands[player] = (tuple(ids), tuple(rest))
        return tuple(taken)

    def _drop(self, player: Player, card_id: int) -> None:
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
        self.phase = OVER
        self.to_move = None
        self.attacker = None
        return [_event(GameOver, (winner, self.tied_rounds))]


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
            f"an attack of {plural(len(values), 'card')} needs "
            f"{len(values) + 1} in hand: the attacker must keep at least one card"
        )
    return None


def _answer_problem(
    hand: tuple[int, ...], attack: tuple[int, ...], values: tuple[int, ...], action: Answer
) -> str | None:
    if len(values) != len(attack):
        return (
            f"the attack has {plural(len(attack), 'card')}: "
            f"answer each with exactly one card ({len(attack)} in all)"
        )
    if action not in answer_choices(hand, attack):
        lowest = ", ".join(str(v) for v in hand[: len(attack)])
        return (
            "each card must defend (equal or beat the attack card it answers) "
            f"or be a sacrifice, and sacrifices are the lowest cards left ({lowest})"
        )
    return None
