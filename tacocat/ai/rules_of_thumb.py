"""The rules of thumb of the `easy` and `normal` players, as pure functions.

The showdown is won by the *lower* last card, and a defender who cannot beat
an attack card must give up their *lowest* card.  Everything below follows
from those two facts:

- **Replace** the high cards (they cannot win a showdown).  When replacing
  first on a one-arrow space, the count also caps the opponent, so a good
  hand replaces nothing and keeps the opponent stuck with theirs.
- **Duel** with the highest card: the higher duel card attacks first, and
  the lowest card must survive to the showdown.
- **Attack** high, never with the card kept for the showdown; a Jumbo attack
  the opponent is unlikely to defend drains several of their low cards at once.
- **Answer** so the lowest card survives: defend if possible (the defender
  then attacks), with the smallest card that does it; on the last trick,
  give up the highest card allowed.

The functions take a :class:`~tacocat.ai.situation.Situation` and are also
the look-ahead's rollout policy (the evaluator's plays :data:`ROLLOUT`), so
they must stay cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import cast

from tacocat.ai.situation import FIRST, Situation
from tacocat.engine import Action, Answer, Attack, Duel, Phase, Replace
from tacocat.engine.choices import is_defended


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs that tell the levels apart."""

    replace_above: int = 7  # replace every card higher than this (highest first)
    deny_with_min: int = 3  # replacing first: keep the whole hand if its lowest card is <= this ...
    deny_with_high: int = 1  # ... and it has at most this many cards to replace
    jumbos: bool = True  # whether to consider Jumbo attacks at all
    jumbo_bonus: float = 0.6  # worth of each extra card a Jumbo attack may drain
    mistakes: float = 0.0  # chance of playing a uniformly random legal action instead
    # Sparing the middle instead (None: replace the high cards and duel the highest, as
    # above): replace every card between ``keep_low`` and ``keep_high`` but the lowest,
    # nearest the middle first, and duel with the card nearest the middle but the lowest.
    keep_high: int | None = None
    keep_low: int = 2

    @property
    def centre(self) -> float:
        """The middle of the values a sparing style throws away (its duel card is nearest it)."""
        assert self.keep_high is not None, "only a style that spares the middle has a centre"
        return (self.keep_low + self.keep_high) / 2


NORMAL = Style()
# Easy replaces less wisely, never denies, ignores Jumbo attacks and blunders.
EASY = Style(replace_above=9, deny_with_min=0, deny_with_high=-1, jumbos=False, mistakes=0.3)
# How the evaluator's imagined players play (tacocat.ai.rollout): as normal does, but they
# replace and duel as the expert does, keeping their high cards (they win the duel and
# defend) and their lowest (it wins the showdown).  An imagined opponent weaker than the
# one the expert meets would judge its replacements wrongly.  Fitted on the expert of
# ea63c03 (benchmarks/habits.py): its second replacement in 65%, where normal's in none.
MIDDLE = (3, 7)  # the values ROLLOUT's players throw away, their lowest card aside
ROLLOUT = Style(keep_low=MIDDLE[0] - 1, keep_high=MIDDLE[1] + 1)


def choose(situation: Situation, style: Style = NORMAL) -> Action:
    """The action ``style`` picks in ``situation`` (deterministic when it makes no mistakes)."""
    phase = situation.phase
    if phase is Phase.REPLACE:
        return choose_replace(situation, style)
    if phase is Phase.DUEL:
        if style.keep_high is not None:
            return Duel(duel_middle(situation.hand, style.centre))
        # The highest card: attacking first is worth more than it.
        return Duel(situation.hand[-1])
    if phase is Phase.ATTACK:
        return choose_attack(situation, style)
    return choose_answer(situation)


def duel_middle(hand: tuple[int, ...], middle: float) -> int:
    """The card of ``hand`` (sorted) nearest ``middle``, its lowest aside (the higher of two).

    The expert's duel card, most often: its high cards defend and its lowest
    wins the showdown, so a middle card is what it can spare.

    >>> duel_middle((1, 4, 6, 11), 5.0), duel_middle((2, 9), 5.0)
    (6, 9)
    """
    spare = hand[1:] or hand
    return min(spare, key=lambda value: (abs(value - middle), -value))


def choose_replace(situation: Situation, style: Style) -> Replace:
    """Replace the highest cards above the style's line, within the limit."""
    hand = situation.hand
    if style.keep_high is not None:
        return Replace(
            replace_middle(hand, situation.replace_limit, style.keep_low, style.keep_high)
        )
    high = [value for value in hand if value > style.replace_above]
    if (
        situation.replace_role == FIRST
        and hand[0] <= style.deny_with_min
        and len(high) <= style.deny_with_high
    ):
        # Our hand is good already: replacing nothing lets the opponent replace nothing.
        return Replace(())
    keep = len(high) - situation.replace_limit
    return Replace(tuple(high[max(keep, 0) :]))


def replace_middle(hand: tuple[int, ...], limit: int, low: int, high: int) -> tuple[int, ...]:
    """The cards of ``hand`` (sorted) strictly between ``low`` and ``high``, its lowest aside.

    Those nearest the middle go first when more than ``limit`` qualify.

    >>> replace_middle((1, 3, 5, 6, 9, 12), 2, 2, 8), replace_middle((4, 5, 9), 3, 2, 8)
    ((5, 6), (5,))
    """
    middle = (low + high) / 2
    candidates = sorted(hand[1:], key=lambda value: abs(value - middle))
    chosen = [value for value in candidates if low < value < high][:limit]
    return tuple(sorted(chosen))


def choose_attack(situation: Situation, style: Style) -> Attack:
    """The attack with the best odds and reward that keeps the lowest card."""
    hand = situation.hand
    lowest, lowest_count = hand[0], hand.count(hand[0])
    best: Attack | None = None
    best_score = float("-inf")
    for action in situation.legal:
        assert isinstance(action, Attack)
        values = action.values
        if len(values) > 1 and not style.jumbos:
            continue  # a hand that can attack at all can play a single card
        score = attack_score(values, situation.opponent_hand_size, situation.pool, style)
        if values.count(lowest) >= lowest_count:
            score -= 10.0  # it would give away the card kept for the showdown
        if score > best_score:
            best, best_score = action, score
    assert best is not None
    return best


def attack_score(
    values: tuple[int, ...], defenders: int, pool: tuple[int, ...], style: Style
) -> float:
    """Expected worth of an attack: drained cards if undefended, lost lead if defended."""
    defended = chance_defended(values, defenders, pool)
    reward = 1.0 + style.jumbo_bonus * (len(values) - 1)
    # A tiny tilt toward shedding high cards breaks ties between equal odds.
    return (1.0 - defended) * reward - defended + 0.001 * sum(values)


@lru_cache(maxsize=65536)
def chance_defended(values: tuple[int, ...], defenders: int, pool: tuple[int, ...]) -> float:
    """Rough chance that ``defenders`` cards drawn from ``pool`` can defend every attack card.

    The j-th highest attack card needs j defender cards at least as high; we
    treat those needs as independent binomial draws, which is crude but
    orders the attacks sensibly.
    """
    if not pool:
        return 0.0
    chance = 1.0
    for needed, value in enumerate(sorted(values, reverse=True), start=1):
        share = sum(1 for card in pool if card >= value) / len(pool)
        chance *= _at_least(needed, defenders, share)
    return chance


def _at_least(needed: int, draws: int, share: float) -> float:
    """P(at least ``needed`` successes in ``draws`` trials of probability ``share``)."""
    below = sum(comb(draws, k) * share**k * (1 - share) ** (draws - k) for k in range(needed))
    return max(0.0, 1.0 - below)


def choose_answer(situation: Situation) -> Answer:
    """Keep the lowest card; defend when possible; last trick: shed the highest allowed."""
    answers = cast("Sequence[Answer]", situation.legal)
    # max() keeps the first of equal scores, as the order of the legal answers has it.
    return max(
        answers, key=lambda answer: answer_score(answer.values, situation.hand, situation.table)
    )


def answer_score(values: tuple[int, ...], hand: tuple[int, ...], attack: tuple[int, ...]) -> float:
    """How good answering ``attack`` (sorted) with ``values`` from ``hand`` looks."""
    rest = list(hand)
    for value in values:
        rest.remove(value)
    if len(rest) == 1:
        return -float(rest[0])  # the showdown card: as low as possible
    defended = is_defended(attack, values)
    # Lowest card first, then the lead, then a high card left to attack with;
    # the last term defends with the smallest cards that do it.
    return -2.0 * rest[0] + (3.0 if defended else 0.0) + 0.1 * rest[-1] - 0.01 * sum(values)
