"""What the opponent's public actions say about the cards they hold.

The discard pile tells the round back (:func:`read_story`), and three clues
follow from it, from certain to likely: sacrifices, the replacement, and
their play read backwards (docs/architecture.md, "Reading the opponent").
:func:`read_evidence` turns a view into an :class:`Evidence`, whose
:meth:`~Evidence.weight` scores a guessed opponent hand by how well it fits
the clues (its likelihood, up to a constant), for the
:class:`~tacocat.ai.sampling.Dealer` to deal the hands the opponent is
likely to hold more often.  What a trick says about hands
(:func:`can_defend`, :func:`trick_floor`) serves the evaluator too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tacocat.ai.rules_of_thumb import MIDDLE, ROLLOUT, choose_answer, choose_attack, duel_middle
from tacocat.ai.situation import SIMULTANEOUS, Situation
from tacocat.engine import YAY, Phase, PlayerView, other
from tacocat.engine.actions import attack_kind
from tacocat.engine.choices import answer_choices, attack_choices, is_defended

RULE_SLACK = 0.02  # weight of a hand that breaks a certain clue (guards against misreading)
DUEL_SLACK = 0.5  # weight of a hand holding a card nearer the middle than their duel card
# How often a strong player (the expert of ea63c03) makes the rollouts' choice, counted
# by benchmarks/habits.py: their attack 87.0% of the time, answer 91.9%, duel card 47.0%.
ATTACK_HABIT = 0.87
ANSWER_HABIT = 0.92
DUEL_HABIT = 0.47
# A player replacing fewer cards than allowed threw MIDDLE's values away, their lowest
# card aside: the expert's way, and its rollouts' players' (rules_of_thumb.ROLLOUT).
CENTRE = ROLLOUT.centre  # a duel card is spared from as near here as possible
KEPT_MIDDLE = 0.35  # how likely a card among the replaced values (its lowest aside) was kept


# One of the opponent's tricks: (attack, None) if they attacked, (attack, answer) if
# they answered (values lowest first).
Decision = tuple[tuple[int, ...], tuple[int, ...] | None]


@dataclass(frozen=True)
class Evidence:
    """The clues about the opponent's current hand (values), ready to weigh hands."""

    floor: int = 0  # every card held is at least this (0: no clue)
    duel: int | None = None  # the opponent's last duel card, when their play cannot be read
    # (lowest, highest) of the values they threw away: kept cards lie mostly outside
    thrown: tuple[int, int] | None = None
    kept_share: float = 0.0  # share of the opponent's hand that was kept, not drawn
    kept_norm: float = 1.0  # mean keep chance over the unseen cards (normalises the mixture)
    # The opponent's play since the replacement, when the pile tells it one way: their
    # tricks, then their duel cards, each latest first.
    decisions: tuple[Decision, ...] = ()
    duels: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()  # the deck's values: what the rollouts' attacker reckons with

    def weight(self, hand: Sequence[int]) -> float:
        """How well a guessed hand (card values) fits the clues, up to a constant factor."""
        weight = 1.0
        if self.floor and min(hand) < self.floor:
            weight *= RULE_SLACK
        if self.decisions or self.duels:
            weight *= play_likelihood(hand, self.decisions, self.duels, self.pool)
        elif self.duel is not None:
            spared = abs(self.duel - CENTRE)
            if any(abs(value - CENTRE) < spared for value in sorted(hand)[1:]):
                weight *= DUEL_SLACK
        if self.thrown is not None:
            share, norm = self.kept_share, self.kept_norm
            low, high = self.thrown
            lowest = min(hand)
            for value in hand:
                keep = KEPT_MIDDLE if low <= value <= high and value != lowest else 1.0
                # Each card was either kept (unlikely among the thrown values) or drawn.
                weight *= share * keep / norm + (1.0 - share)
        return weight

    @property
    def is_empty(self) -> bool:
        return (
            not self.floor
            and self.duel is None
            and self.thrown is None
            and not self.decisions
            and not self.duels
        )


def _chance(chose_rule: bool, options: int, habit: float) -> float:
    """The chance of the action seen, from a hand with ``options`` legal ones.

    The player makes the rule's choice with chance ``habit`` and any other
    legal one with an equal share of the rest.

    >>> _chance(True, 4, 0.85), round(_chance(False, 4, 0.85), 3), _chance(False, 1, 0.85)
    (0.85, 0.05, 1.0)
    """
    if options <= 1:
        return 1.0
    return habit if chose_rule else (1.0 - habit) / (options - 1)


def play_likelihood(
    hand: Sequence[int],
    decisions: tuple[Decision, ...],
    duels: tuple[int, ...],
    pool: tuple[int, ...],
) -> float:
    """How likely the opponent's play this round is, had they held ``hand`` now (read backwards)."""
    chance = 1.0
    held = sorted(hand)
    for attack, answer in decisions:
        if answer is None:
            before = tuple(sorted(held + list(attack)))
            attacks = attack_choices(before)
            situation = Situation(
                Phase.ATTACK, before, attacks, (), 0, SIMULTANEOUS, len(before), pool
            )
            chosen = choose_attack(situation, ROLLOUT).values
            chance *= _chance(chosen == attack, len(attacks), ATTACK_HABIT)
        else:
            before = tuple(sorted(held + list(answer)))
            answers = answer_choices(before, attack)
            situation = Situation(
                Phase.ANSWER, before, answers, attack, 0, SIMULTANEOUS, len(before), pool
            )
            chosen = choose_answer(situation).values
            chance *= _chance(chosen == answer, len(answers), ANSWER_HABIT)
        held = list(before)
    for card in duels:
        before = tuple(sorted([*held, card]))
        chosen_duel = duel_middle(before, CENTRE)
        chance *= _chance(chosen_duel == card, len(set(before)), DUEL_HABIT)
        held = list(before)
    return chance


@dataclass(frozen=True)
class Story:
    """The round so far as the discard pile tells it (the opponent's part)."""

    replaced: tuple[int, ...] | None  # the opponent's replaced values, if they can be told apart
    replace_limit: int  # how many they were allowed to replace
    duels: tuple[int, ...]  # their duel cards, oldest first
    # Every way to read the tricks (the pile does not mark where one ends): in each,
    # the opponent's answers as (my attack, their answer), oldest first.
    readings: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]
    # The opponent's own decisions in the tricks, latest first, when the pile tells the
    # tricks one way.
    decisions: tuple[Decision, ...] = ()


def read_story(view: PlayerView, my_replaced: int | None = None) -> Story | None:
    """Tell the round back from the discard pile; None if the pile cannot be read.

    ``my_replaced`` is how many cards the view's player replaced this round,
    when the caller remembers it: it separates the two players' replacements.
    """
    me, opponent = view.player, view.opponent
    size = view.rules.hand_sizes[view.position]
    pile = [card.value for card in view.discard_pile]
    arrow = view.arrow
    first = arrow.player if arrow is not None else None
    if view.phase is Phase.REPLACE:
        if first == opponent:  # they replaced first, face up (maybe nothing)
            return Story(tuple(sorted(pile)), size, (), ((),))
        return Story(None, size, (), ((),))
    replacements = len(pile) - 2 * (size - len(view.hand))
    if replacements < 0 or replacements > 2 * size:
        return None
    theirs: tuple[int, ...] | None = None
    limit = size
    if my_replaced is not None and 0 <= my_replaced <= replacements:
        count = replacements - my_replaced
        first_seat = YAY if first is None else first
        if count <= size:
            part = pile[:count] if first_seat == opponent else pile[my_replaced:replacements]
            theirs = tuple(sorted(part))
            if first == me:
                limit = my_replaced  # the second replacer may replace no more than the first
    duels: list[int] = []
    position = replacements
    attacker: int | None = None
    while position + 1 < len(pile) and attacker is None:
        yay_card, wow_card = pile[position], pile[position + 1]
        duels.append(wow_card if me == YAY else yay_card)
        position += 2
        if yay_card != wow_card:
            attacker = YAY if yay_card > wow_card else other(YAY)
    if view.phase is Phase.DUEL:
        return Story(theirs, limit, tuple(duels), ((),))
    if attacker is None:
        return None
    every = _read_tricks(pile[position:], attacker, view.attacker)
    readings = tuple(
        tuple((attack, answer) for who, attack, answer in tricks if who == me) for tricks in every
    )
    if not readings:
        return None
    decisions: tuple[Decision, ...] = ()
    if len(every) == 1:
        decisions = tuple(
            (attack, None) if who == opponent else (attack, answer)
            for who, attack, answer in reversed(every[0])
        )
    return Story(theirs, limit, tuple(duels), readings, decisions)


Trick = tuple[int, tuple[int, ...], tuple[int, ...]]  # attacker, attack, answer


def _read_tricks(cards: list[int], attacker: int, now: int | None) -> list[list[Trick]]:
    """Every split of the tricks' cards into (attacker, attack, answer) that fits.

    Each trick is an attack (a single card, a set or a sequence, lowest
    first) and an answer of as many cards; the defender attacks next if
    every attack card was defended.  A reading must end with ``now``
    attacking.  "4 5 6 6 7 7" may be one Jumbo trick or three single ones,
    so there can be several readings.
    """
    if not cards:
        return [[]] if attacker == now else []
    readings: list[list[Trick]] = []
    for size in range(1, len(cards) // 2 + 1):
        attack, answer = tuple(cards[:size]), tuple(cards[size : 2 * size])
        if attack_kind(attack) == "invalid" or list(attack) != sorted(attack):
            continue
        if list(answer) != sorted(answer):
            continue
        defended = is_defended(attack, answer)
        following = other(attacker) if defended else attacker
        for rest in _read_tricks(cards[2 * size :], following, now):
            readings.append([(attacker, attack, answer), *rest])
    return readings


def read_evidence(view: PlayerView, my_replaced: int | None = None) -> Evidence:
    """The clues about the opponent's hand in ``view`` (no clue if the pile cannot be read)."""
    story = read_story(view, my_replaced)
    if story is None:
        return Evidence()
    # A floor holds only if every reading of the tricks gives it.
    floor = min(_floor(answers) for answers in story.readings)
    duel = story.duels[-1] if story.duels else None
    thrown: tuple[int, int] | None = None
    kept_share, kept_norm = 0.0, 1.0
    replaced = story.replaced
    size = view.rules.hand_sizes[view.position]
    # Replacing fewer cards than allowed is a choice: what stayed was meant to stay.
    if replaced is not None and len(replaced) < story.replace_limit and len(replaced) < size:
        low, high = MIDDLE
        thrown = (min((low, *replaced)), max((high, *replaced)))
        kept_share = (size - len(replaced)) / size
        unseen = view.unseen_values()
        if unseen:
            middle = sum(thrown[0] <= value <= thrown[1] for value in unseen)
            kept_norm = (len(unseen) - middle + KEPT_MIDDLE * middle) / len(unseen)
    decisions = story.decisions
    duels: tuple[int, ...] = ()
    # Their play reads backwards only if every card they played since the replacement is
    # known: in the duel, or with the tricks told one way.
    if story.duels and (view.phase is Phase.DUEL or len(story.readings) == 1):
        duels = tuple(reversed(story.duels))
        duel = None
        if view.phase is Phase.ANSWER and view.attacker == view.opponent:
            decisions = ((tuple(sorted(view.table_values)), None), *decisions)  # on the table
    return Evidence(
        floor, duel, thrown, kept_share, kept_norm, decisions, duels, view.rules.card_values
    )


def can_defend(hand: Sequence[int], attack: tuple[int, ...]) -> bool:
    """Whether ``hand`` can meet every card of ``attack`` with one equal or higher.

    If any cards can, the highest ones can (the engine's :func:`is_defended`).

    >>> can_defend((3, 9, 9), (8, 8)), can_defend((3, 9, 12), (5, 10)), can_defend((4,), (5,))
    (True, True, False)
    """
    spare = len(hand) - len(attack)  # cards beyond those meeting the attack
    return spare >= 0 and is_defended(attack, tuple(sorted(hand)[spare:]))


def trick_floor(attack: tuple[int, ...], answer: tuple[int, ...]) -> int:
    """The lowest card the defender may still hold after answering ``attack`` with ``answer``.

    A sacrifice is the defender's lowest card besides those that defend, so
    every card kept is at least as high as every sacrifice.  But the pile
    does not say which answer cards defended: 9 and 10 against 8 and 11 may
    be "10 defends the 8, 9 is the sacrifice" (the defender may keep a 9) or
    "9 defends, 10 is the sacrifice" (every card kept is at least 10).  Only
    what holds under every reading is certain, so this is the least, over the
    readings, of the highest sacrifice; 0 when the answer could be a full
    defence.

    >>> trick_floor((8, 11), (9, 10)), trick_floor((5,), (3,)), trick_floor((5,), (7,))
    (9, 3, 0)
    """
    if is_defended(attack, answer):
        return 0
    cards = sorted(answer)
    lows = sorted(attack)
    floor = max(cards)  # every card a sacrifice: a reading that always fits
    for size in range(1, len(cards)):
        for chosen in combinations(range(len(cards)), size):
            defenders = [cards[i] for i in chosen]
            # Defenders can meet ``size`` attack cards iff they meet the lowest ones in order.
            if all(card >= hit for card, hit in zip(defenders, lows, strict=False)):
                sacrifices = [card for i, card in enumerate(cards) if i not in chosen]
                floor = min(floor, max(sacrifices))
    return floor


def _floor(answers: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]) -> int:
    """The least the opponent's cards must all be after these answers, 0 if nothing is sure."""
    return max((trick_floor(attack, answer) for attack, answer in answers), default=0)
