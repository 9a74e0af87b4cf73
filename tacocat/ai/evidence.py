"""What the opponent's public actions say about the cards they hold.

Every card the opponent replaced, duelled with, attacked or answered with
lies face up on the discard pile, in the order it was played.  From the
pile and the board alone a player can tell the round's story back: the
replacements come first, then the duel cards in pairs (YAY's, then WOW's;
equal pairs were tied duels), then the tricks, each an attack followed by
its answer.  Four kinds of clue follow, from certain to likely:

- **sacrifices** (certain, by the rules): a card given up as a sacrifice is
  the defender's lowest, so every card they still hold is at least as high;
- **the duel** (likely): a strong player duels with a card they can spare,
  the one nearest the middle of the values (their lowest aside: it wins the
  showdown), so they probably hold no other card nearer the middle than
  their duel card;
- **replacement** (likely): a player who replaced fewer cards than allowed
  kept the ones worth keeping - their lowest, for the showdown, and their
  high ones, which win the duel and defend - and threw the middle away, so
  few cards they kept lie between their lowest and highest replaced ones.
  Which part of the replaced cards were the opponent's is not on the pile
  (the player's own count is not in the view), so this clue needs the
  caller to remember how many cards it replaced;
- **answers** (likely): a defender who can defend a whole attack nearly
  always does, and beats a single card with the cheapest card that does it
  (their lowest card aside, which they keep for the showdown).  So a trick
  given up says no full defence was in hand - a sacrifice to a 9, nothing at
  9 or above - and a 10 played on a 6 says they held no 6 to 9 but perhaps
  their lowest card.

:func:`read_evidence` turns a view into an :class:`Evidence`, whose
:meth:`~Evidence.weight` scores a guessed opponent hand by how well it fits
the clues (its likelihood, up to a constant).  The sampler deals several
candidate hands and keeps one in proportion to that weight
(sampling-importance-resampling), so imagined deals lean toward the hands
the opponent is likely to hold instead of treating every consistent deal
as equally likely.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tacocat.ai.rules_of_thumb import MIDDLE
from tacocat.engine import YAY, Phase, PlayerView, other
from tacocat.engine.actions import attack_kind
from tacocat.engine.choices import is_defended

RULE_SLACK = 0.02  # weight of a hand that breaks a certain clue (guards against misreading)
DUEL_SLACK = 0.5  # weight of a hand holding a card nearer the middle than their duel card
# A player replacing fewer cards than allowed threw MIDDLE's values away, their lowest
# card aside: the expert's way, and its rollouts' players' (rules_of_thumb.ROLLOUT).
CENTRE = (MIDDLE[0] + MIDDLE[1]) / 2  # a duel card is spared from as near here as possible
KEPT_MIDDLE = 0.35  # how likely a card among the replaced values (its lowest aside) was kept
# A defender who can beat a single attack card nearly always does, with the smallest card
# that does it (keeping their lowest for the showdown): what they answered says more.
SACRIFICE_SLACK = 0.2  # weight of a hand that could have defended a trick they gave up
GAP_SLACK = 0.5  # weight of each card that would have beaten an attack more cheaply


@dataclass(frozen=True)
class Evidence:
    """The clues about the opponent's current hand (values), ready to weigh hands."""

    floor: int = 0  # every card held is at least this (0: no clue)
    duel: int | None = None  # the opponent's last duel card
    # (lowest, highest) of the values they threw away: kept cards lie mostly outside
    thrown: tuple[int, int] | None = None
    kept_share: float = 0.0  # share of the opponent's hand that was kept, not drawn
    kept_norm: float = 1.0  # mean keep chance over the unseen cards (normalises the mixture)
    # (attack, answer) of tricks they did not defend: they could not, likely
    undefended: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    # (attack, defence) of single tricks they defended: nothing in between held, likely
    gaps: tuple[tuple[int, int], ...] = ()

    def weight(self, hand: Sequence[int]) -> float:
        """How well a guessed hand (card values) fits the clues, up to a constant factor."""
        weight = 1.0
        if self.floor and min(hand) < self.floor:
            weight *= RULE_SLACK
        if self.duel is not None:
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
        for attack, answer in self.undefended:
            # The hand then held at least these cards and the answer's.
            if can_defend((*hand, *answer), attack):
                weight *= SACRIFICE_SLACK
        if self.gaps:
            lowest = min(hand)  # kept back for the showdown, whatever it could beat
            for low, high in self.gaps:
                for value in hand:
                    if low <= value < high and value != lowest:
                        weight *= GAP_SLACK
        return weight

    @property
    def is_empty(self) -> bool:
        return (
            not self.floor
            and self.duel is None
            and self.thrown is None
            and not self.undefended
            and not self.gaps
        )


NO_EVIDENCE = Evidence()


@dataclass(frozen=True)
class Story:
    """The round so far as the discard pile tells it (the opponent's part)."""

    replaced: tuple[int, ...] | None  # the opponent's replaced values, if they can be told apart
    replace_limit: int  # how many they were allowed to replace
    duels: tuple[int, ...]  # their duel cards, oldest first
    # Every way to read the tricks (the pile does not mark where one ends): in each,
    # the opponent's answers as (my attack, their answer), oldest first.
    readings: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]


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
    readings = tuple(
        tuple((attack, answer) for who, attack, answer in tricks if who == me)
        for tricks in _read_tricks(pile[position:], attacker, view.attacker)
    )
    if not readings:
        return None
    return Story(theirs, limit, tuple(duels), readings)


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
        return NO_EVIDENCE
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
    undefended, gaps = _answers_told(story.readings)
    return Evidence(floor, duel, thrown, kept_share, kept_norm, undefended, gaps)


_Told = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[tuple[int, int], ...]]


def _answers_told(
    readings: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...],
) -> _Told:
    """What the answers suggest: (the tricks given up, single defences' gaps).

    Read only when the pile tells the tricks one way.  A trick given up
    means no full defence was in hand; a single card beaten by a higher one
    means no cheaper card could beat it (but their lowest card).
    """
    if len(readings) != 1:
        return (), ()
    undefended = []
    gaps: list[tuple[int, int]] = []
    for attack, answer in readings[0]:
        if not is_defended(attack, answer):
            undefended.append((attack, answer))
        elif len(attack) == 1 and answer[0] > attack[0]:
            gaps.append((attack[0], answer[0]))
    return tuple(undefended), tuple(gaps)


def can_defend(hand: Sequence[int], attack: tuple[int, ...]) -> bool:
    """Whether ``hand`` can meet every card of ``attack`` with one equal or higher.

    Matching the highest attack card with the highest card, and so on down,
    finds a full defence whenever there is one.

    >>> can_defend((3, 9, 9), (8, 8)), can_defend((3, 9, 12), (5, 10)), can_defend((4,), (5,))
    (True, True, False)
    """
    mine = sorted(hand, reverse=True)
    return len(mine) >= len(attack) and all(
        card >= value for card, value in zip(mine, sorted(attack, reverse=True), strict=False)
    )


def _floor(answers: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]) -> int:
    """The least the opponent's cards must all be after these answers, 0 if nothing is sure."""
    return max((trick_floor(attack, answer) for attack, answer in answers), default=0)


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
