"""The rules summary, written from the :class:`~tacocat.engine.Rules` in play.

One source for ``tacocat rules``, the in-game ``rules`` pages and the ``?``
help.  Every number and every "who" is read from the rules, so a variant is
described as it is played; the players are called by their names in a game,
by their seats (Yay and Wow) in ``tacocat rules``::

    >>> from tacocat.engine.rules import Rules
    >>> tie_sentence(Rules(tie_limit=3)).split(". ")[-1]
    'After 3 tied rounds in a row the game is drawn.'

The text is plain sections wrapped with :mod:`textwrap`: no Markdown, no rich.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from itertools import groupby

from tacocat.engine.board import space_name
from tacocat.engine.players import DEFAULT_NAMES, WOW, YAY, Arrow
from tacocat.engine.rules import (
    CENTRE,
    DEFAULT_ARROWS,
    LETTERS,
    MAX_VALUE,
    MIN_VALUE,
    SPACE_COUNT,
    STREAM,
    Rules,
)
from tacocat.engine.words import count_word, noun, plural
from tacocat.ui.draw.rules_example import example_steps, fits

RULES_WIDTH = 80
TITLE = "Tacocat Spelled Backwards"
Names = tuple[str, str]
SEATS: Names = DEFAULT_NAMES  # the players' names where no game names them


@dataclass(frozen=True)
class Section:
    """A titled part of the rules: paragraphs, and lists (numbered or bulleted) as tuples."""

    title: str
    blocks: tuple[str | tuple[str, ...], ...]
    numbered: bool = False


def join_words(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def deck_words(rules: Rules) -> str:
    """'two 1s, three each of 2-4, ...': runs of values dealt in the same number."""
    parts = []
    values = range(MIN_VALUE, MAX_VALUE + 1)
    for count, run in groupby(values, key=lambda value: rules.counts[value - MIN_VALUE]):
        run_values = list(run)
        first, last = run_values[0], run_values[-1]
        if first == last:
            noun = str(first) if count == 1 else f"{first}s"
            parts.append(f"{count_word(count)} {noun}")
        else:
            each = "" if count == 0 else " each"
            parts.append(f"{count_word(count)}{each} of {first}-{last}")
    return join_words(parts)


def spaces_with(rules: Rules, arrow: Arrow) -> list[int]:
    return [space for space in range(SPACE_COUNT) if rules.arrows[space] is arrow]


def space_list(spaces: list[int]) -> str:
    """'T1, A2 and C3'."""
    return join_words([space_name(space) for space in spaces])


def hand_sizes_words(rules: Rules) -> str:
    """'4 5 6 7 6 5 4'."""
    return " ".join(str(size) for size in rules.hand_sizes)


def arrow_sentence(rules: Rules, names: Names = SEATS) -> str:
    """Whom each space's arrow points at, space by space."""
    parts = []
    for arrow, player in ((Arrow.WOW, WOW), (Arrow.YAY, YAY)):
        spaces = spaces_with(rules, arrow)
        if spaces:
            parts.append(f"{names[player]} on {space_list(spaces)}")
    both = spaces_with(rules, Arrow.BOTH)
    if both:
        parts.append(f"both players (two arrows) on {space_list(both)}")
    listed = "; ".join(parts)
    return f"The arrow on a space points at the player who replaces cards first: {listed}."


def replace_sentences(rules: Rules, position: int | None = None, names: Names = SEATS) -> list[str]:
    """Step 1 of a round, for the arrows in play (only ``position``'s kind if given)."""
    sentences = []
    both = spaces_with(rules, Arrow.BOTH)
    # Who types first is a rule of the table (rules.first_to_choose), not Yay always.
    early, late = names[rules.first_to_choose], names[1 - rules.first_to_choose]
    if position is not None:
        first = rules.arrows[position].player
        if first is None:
            return [
                f"On {space_name(position)} (two arrows) both players secretly replace any "
                f"number of cards; {early}'s choice stays hidden until both are in."
            ]
        return [
            f"On {space_name(position)} the arrow points at {names[first]}, who replaces "
            f"first, any number k, face up; then {names[1 - first]} replaces 0 to k cards."
        ]
    if both:
        sentences.append(
            f"On the two-arrow {noun(len(both), 'space')} ({space_list(both)}) both players "
            f"secretly replace any number of cards, {early} first, then {late}; {early}'s choice "
            "stays hidden until both are in."
        )
    if len(both) < SPACE_COUNT:
        sentences.append(
            "On a one-arrow space the player the arrow points at replaces first, any "
            "number k. Those cards go face up at once, so the other player sees which "
            "cards they were before replacing 0 to k cards."
        )
    sentences.append("Replaced cards go to the discard pile and as many are drawn.")
    return sentences


def tie_sentence(rules: Rules) -> str:
    """What a tied showdown does under these rules, and the tie limit."""
    text = (
        "Equal last cards tie the round: the Tacocat stays, no tile is placed, and a "
        "new round is dealt from the same space."
    )
    both = spaces_with(rules, Arrow.BOTH)
    if rules.tie_goes_to_arrow:
        text += (
            " In this game the tie goes to the arrow: the player the space's arrow "
            "points at wins a tied showdown"
        )
        text += f" (on {space_list(both)} it stays a tie)." if both else "."
    else:
        text += (
            ' This game is played without the variant "tie goes to the arrow", in which '
            "the player the space's arrow points at wins a tied showdown."
        )
    return text + f" After {plural(rules.tie_limit, 'tied round')} in a row the game is drawn."


def tie_short(rules: Rules) -> str:
    """The tie rule and limit in one sentence, for the ``?`` help."""
    both = spaces_with(rules, Arrow.BOTH)
    if rules.tie_goes_to_arrow:
        rule = "a tied showdown goes to the player the arrow points at"
        rule += f" (on {space_list(both)} it stays a tie)" if both else ""
    else:
        rule = 'a tied showdown ties the round ("tie goes to the arrow" is off)'
    return f"Ties: {rule}; {plural(rules.tie_limit, 'tied round')} in a row draw the game."


def space_sentence(rules: Rules, position: int, names: Names = SEATS) -> str:
    """The space the Tacocat stands on: its hand size and who replaces first."""
    size, player = rules.hand_sizes[position], rules.arrows[position].player
    first = "both players replace at the same time, secretly"
    if player is not None:
        first = f"{names[player]} replaces first"
    return (
        f"The Tacocat stands on {space_name(position)}: {plural(size, 'card')} each, and {first}."
    )


def rules_sections(rules: Rules, names: Names = SEATS) -> list[Section]:
    """The whole summary for ``rules``, section by section, the players called ``names``."""
    size = rules.deck_size
    centre = space_name(CENTRE)
    start = rules.hand_sizes[CENTRE]
    yay, wow = names
    board = (
        f"The board: {yay}'s goal (YAY), seven spaces spelling "
        f"{'-'.join(LETTERS)} ({space_name(0)} to {space_name(SPACE_COUNT - 1)}), and "
        f"{wow}'s goal (WOW). The number on a space is how many cards each player is "
        f"dealt while the Tacocat stands there: {hand_sizes_words(rules)} from the YAY end."
    )
    arrows = arrow_sentence(rules, names)
    if rules.arrows == DEFAULT_ARROWS:
        arrows += " Each points at the player the Tacocat is further from."
    counts = " ".join(str(count) for count in rules.counts)
    example = example_section(rules, names)
    return [
        Section(
            "Components and setup",
            (
                (
                    board,
                    arrows,
                    f"The Tacocat starts on the centre space, {centre} ({start} cards).",
                    f"{SPACE_COUNT} tiles cover the spaces the Tacocat leaves; a covered "
                    "space is skipped from then on.",
                    f"{size} cards valued {MIN_VALUE} to {MAX_VALUE}: {deck_words(rules)} "
                    f"({counts} by value). Each card shows a palindrome just for fun.",
                    f"Setup: shuffle all {size} cards and deal each player {start} (the number "
                    f"on {centre}). The rest is the draw pile. Hands are secret.",
                ),
            ),
        ),
        Section(
            "A round",
            (
                "Every round has four steps: replace, duel, play, showdown.",
                (
                    "Replace. " + " ".join(replace_sentences(rules, names=names)),
                    "Duel. Both players pick one card face down (whoever chose last picks "
                    "first), then both are shown. The higher card attacks first. Both duel "
                    "cards are discarded. Equal cards: duel again. Any duel that leaves one "
                    "card each (tied or not) goes straight to the showdown.",
                    "Play. The attacker plays an attack face up: one card, or a Jumbo "
                    "attack - a set (two or more cards of the same value, 9 9) or a "
                    "sequence (three or more consecutive values, each once, 4 5 6). The "
                    "attacker always keeps at least one card in hand. The defender answers "
                    "every attack card with one card: a defence (equal or higher value) or "
                    "a sacrifice (the defender's lowest card). A card that meets or beats "
                    "its attack card always defends, so only a lower card can be "
                    "sacrificed. If every attack card was defended, the defender wins the "
                    "trick and attacks next; if even one was sacrificed, the attacker wins "
                    "the trick and attacks again. Tricks go on until both hold one card.",
                    "Showdown. Both reveal their last card: the LOWER card wins the round. "
                    "The winner moves the Tacocat one space toward their own goal, "
                    "skipping covered spaces, and a tile covers the space it left. Then "
                    f"all {size} cards are shuffled and dealt again, as many as the new "
                    "space shows. Bring the Tacocat into your own goal to win the game: "
                    f"every decisive round covers a space, so a game has at most {SPACE_COUNT} "
                    "decisive rounds.",
                ),
            ),
            numbered=True,
        ),
        *example,
        Section(
            "Jumbo answers",
            (
                "Against a Jumbo attack the defender chooses which attack cards to defend "
                "and with which cards. Every other attack card takes a sacrifice, and "
                "sacrifices are the lowest cards among those not used to defend.",
            ),
        ),
        Section("Ties", (tie_sentence(rules),)),
    ]


def example_section(rules: Rules, names: Names = SEATS) -> list[Section]:
    """The worked round, if these rules allow it (four cards in hand, its values dealt)."""
    if not fits(rules):
        return []
    return [Section("A round played out", (example_steps(names),), numbered=True)]


TWIST = (
    "Two players race the Tacocat to their own goal: each round won moves it one "
    "space toward the winner. The twist: high cards win the tricks, but the LOWEST "
    "last card wins the round."
)


def intro(rules: Rules) -> list[str]:
    """The opening paragraphs: the goal and the twist, then which rules these are."""
    rules = rules.replace(dealing=STREAM)  # the dealing changes no rule of play
    if rules == Rules():
        which = "These are the rules of the standard game."
    elif rules == Rules(tie_goes_to_arrow=True):
        which = "These are the rules of the standard game with the tie going to the arrow."
    else:
        which = "These are the rules of a variant: its deck, board and ties are given below."
    return [TWIST, which]


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` wrapped to ``width`` without ever breaking inside a word."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def rules_lines(
    rules: Rules, width: int = RULES_WIDTH, names: Names = SEATS
) -> list[tuple[str, bool]]:
    """The summary as ``(line, is_heading)`` pairs of at most ``width`` columns."""
    out: list[tuple[str, bool]] = [(TITLE, True), ("=" * len(TITLE), False), ("", False)]
    for paragraph in intro(rules):
        out += [(line, False) for line in wrap(paragraph, width)] + [("", False)]
    for section in rules_sections(rules, names):
        out += section_lines(section, width)
    while out and not out[-1][0]:
        out.pop()
    return out


def section_lines(section: Section, width: int) -> list[tuple[str, bool]]:
    """One section as ``(line, is_heading)`` pairs: its title underlined, then its blocks."""
    out = [(section.title, True), ("-" * len(section.title), False), ("", False)]
    for block in section.blocks:
        if isinstance(block, str):
            out += [(line, False) for line in wrap(block, width)]
        else:
            for number, item in enumerate(block, start=1):
                marker = f"{number}. " if section.numbered else "- "
                indent = " " * len(marker)
                out += [(line, False) for line in wrap(item, width, marker, indent)]
        out.append(("", False))
    return out


def rules_text(rules: Rules, width: int = RULES_WIDTH, names: Names = SEATS) -> str:
    """The summary as plain text (what ``tacocat rules | cat`` prints)."""
    return "\n".join(line for line, _ in rules_lines(rules, width, names)) + "\n"
