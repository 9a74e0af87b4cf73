"""What the opponent's public actions say about the cards they hold.

Every card the opponent replaced, duelled with, attacked or answered with
lies face up on the discard pile, in the order it was played.  From the
pile and the board alone a player can tell the round's story back: the
replacements come first, then the duel cards in pairs (YAY's, then WOW's;
equal pairs were tied duels), then the tricks, each an attack followed by
its answer.  Three kinds of clue follow, from certain to likely:

- **sacrifices** (certain, by the rules): a card given up as a sacrifice is
  the defender's lowest, so every card they still hold is at least as high;
- **the duel** (likely): most players duel with their highest card, so the
  opponent's remaining cards are probably no higher than their duel card;
- **replacement** (likely): a player who replaced some cards and kept others
  usually kept the lower ones.  Which part of the replaced cards were the
  opponent's is not on the pile (the player's own count is not in the view),
  so this clue needs the caller to remember how many cards it replaced.

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

from tacocat.engine import YAY, Phase, PlayerView, other
from tacocat.engine.actions import attack_kind
from tacocat.engine.choices import is_defended
from tacocat.engine.events import pair_answer

RULE_SLACK = 0.02  # weight of a hand that breaks a certain clue (guards against misreading)
DUEL_SLACK = 0.3  # weight of a hand holding a card above the opponent's last duel card
KEPT_HIGH = 0.35  # how likely a card at or above the lowest replaced one was kept


@dataclass(frozen=True)
class Evidence:
    """The clues about the opponent's current hand (values), ready to weigh hands."""

    floor: int = 0  # every card held is at least this (0: no clue)
    duel_cap: int | None = None  # the opponent's last duel card
    keep_below: int | None = None  # replaced cards started here: lower ones were kept
    kept_share: float = 0.0  # share of the opponent's hand that was kept, not drawn
    kept_norm: float = 1.0  # mean keep chance over the unseen cards (normalises the mixture)

    def weight(self, hand: Sequence[int]) -> float:
        """How well a guessed hand (card values) fits the clues, up to a constant factor."""
        weight = 1.0
        if self.floor and min(hand) < self.floor:
            weight *= RULE_SLACK
        if self.duel_cap is not None and max(hand) > self.duel_cap:
            weight *= DUEL_SLACK
        if self.keep_below is not None:
            share, norm = self.kept_share, self.kept_norm
            for value in hand:
                keep = 1.0 if value < self.keep_below else KEPT_HIGH
                # Each card was either kept (likelier if low) or drawn (any value).
                weight *= share * keep / norm + (1.0 - share)
        return weight

    @property
    def is_empty(self) -> bool:
        return not self.floor and self.duel_cap is None and self.keep_below is None


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
    duel_cap = story.duels[-1] if story.duels else None
    keep_below: int | None = None
    kept_share, kept_norm = 0.0, 1.0
    replaced = story.replaced
    size = view.rules.hand_sizes[view.position]
    # Replacing fewer cards than allowed is a choice: what stayed was meant to stay.
    if replaced is not None and len(replaced) < story.replace_limit and len(replaced) < size:
        keep_below = min(replaced) if replaced else 9
        kept_share = (size - len(replaced)) / size
        unseen = view.unseen_values()
        if unseen:
            kept_norm = sum(1.0 if v < keep_below else KEPT_HIGH for v in unseen) / len(unseen)
    return Evidence(floor, duel_cap, keep_below, kept_share, kept_norm)


def _floor(answers: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]) -> int:
    """The highest card the opponent sacrificed (their lowest at the time), 0 if none."""
    floor = 0
    for attack, answer in answers:
        for _, played, defended in pair_answer(attack, answer):
            if not defended:
                floor = max(floor, played)
    return floor
