"""One round played out, for the rules summary: the twist shown, not only told.

The round is data (:data:`EXAMPLE`), which ``tests/ui/test_rules_example.py``
plays through the engine, so the story cannot drift from the rules.  No engine
class is imported here (``tacocat rules`` stays quick to start).
"""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.engine.players import WOW, YAY
from tacocat.engine.rules import MIN_VALUE, Rules


@dataclass(frozen=True)
class Example:
    """A round from the duel on: hands, duel cards, tricks as (attack, answer) values."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]  # (Yay's, Wow's), sorted
    duel: tuple[int, int]  # (Yay's card, Wow's card)
    tricks: tuple[tuple[int, int], ...]  # one card each: the attack, then the answer

    def last_cards(self) -> tuple[int, int]:
        """What each player holds at the showdown."""
        left = [list(self.hands[YAY]), list(self.hands[WOW])]
        for player in (YAY, WOW):
            left[player].remove(self.duel[player])
        attacker = YAY if self.duel[YAY] > self.duel[WOW] else WOW
        for attack, answer in self.tricks:
            left[attacker].remove(attack)
            left[1 - attacker].remove(answer)
            if answer >= attack:  # defended: the defender attacks next
                attacker = 1 - attacker
        (yay,), (wow,) = left
        return yay, wow


# Yay wins the duel and the first attack is defended; Wow then attacks with
# a 7 that Yay's 2 and 5 cannot meet, takes the 2, and wins the showdown 3 to 5.
EXAMPLE = Example(hands=((2, 5, 9, 12), (3, 6, 7, 10)), duel=(12, 6), tricks=((9, 10), (7, 2)))


def fits(rules: Rules, example: Example = EXAMPLE) -> bool:
    """Whether ``rules`` allow the example: four cards in hand, and each value in the deck."""
    if max(rules.hand_sizes) < len(example.hands[YAY]):
        return False
    used = [*example.hands[YAY], *example.hands[WOW]]
    return all(rules.counts[value - MIN_VALUE] >= used.count(value) for value in used)


def _cards(values: tuple[int, ...]) -> str:
    return " ".join(str(value) for value in values)


def _both(values: list[int]) -> str:
    """'5 is', '2 and 5 are both', '2, 3 and 5 are all'."""
    words = [str(value) for value in values]
    if len(words) == 1:
        return f"{words[0]} is"
    listed = ", ".join(words[:-1]) + " and " + words[-1]
    return f"{listed} are both" if len(words) == 2 else f"{listed} are all"


def example_steps(names: tuple[str, str], example: Example = EXAMPLE) -> tuple[str, ...]:
    """The round, step by step, told with ``names`` (the players' or the seats')."""
    yay, wow = names
    hands, duel = example.hands, example.duel
    (attack, defence), (second, sacrifice) = example.tricks
    last = example.last_cards()
    kept = sorted(set(hands[YAY]) - {duel[YAY], attack})
    return (
        f"Replace. After replacing, {yay} holds {_cards(hands[YAY])} and {wow} holds "
        f"{_cards(hands[WOW])}.",
        f"Duel. {yay} shows a {duel[YAY]} and {wow} a {duel[WOW]}: the higher card wins, "
        f"so {yay} attacks first.",
        f"Play. {yay} attacks with the {attack}. {wow} defends with the {defence} (equal or "
        f"higher), wins the trick and attacks next, with the {second}. {yay}'s "
        f"{_both(kept)} lower, so {yay} must sacrifice the lowest, the {sacrifice}, "
        f"and {wow} wins that trick.",
        f"Showdown. One card each: {yay} {last[YAY]}, {wow} {last[WOW]}. The lower card "
        f"wins: {wow} wins the round, though {yay} won the duel and held the higher "
        f"cards, and the Tacocat moves one space toward {wow}'s goal.",
    )
