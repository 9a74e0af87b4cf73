"""What a typed line means: card picks, commands, or a problem to explain.

Parsing knows the keys on the cards and the kind of decision, nothing of
the rules: the action it builds goes to the engine, whose ``why_illegal``
says what is wrong with it.  Hints list what ``view.legal_actions`` allows.

    >>> from tacocat.engine import Card, Phase
    >>> hand = [("a", Card(0, 3, "")), ("b", Card(1, 9, "")), ("c", Card(2, 9, ""))]
    >>> parse_line("b c", hand, Phase.ATTACK)
    Attack(values=(9, 9))
    >>> parse_line("9 9", hand, Phase.ATTACK)
    Attack(values=(9, 9))
    >>> parse_line("z", hand, Phase.DUEL).message
    "'z' is not a card key: use a-c, or type a card's value"
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tacocat.engine import Action, Answer, Attack, Card, Duel, Phase, PlayerView, Replace
from tacocat.engine.actions import describe_attack
from tacocat.engine.choices import is_defended
from tacocat.engine.words import plural
from tacocat.sanitize import visible

Keyed = Sequence[tuple[str, Card]]

HELP = "help"
QUIT = "quit"
RULES = "rules"
LOG = "log"
HINT = "hint"
UNDO = "undo"
HINTS_OFF = "Hints are off in this game (it was started with --no-hints)."
# A hand-over takes Enter and these only (no rules pages: they are for a decision).
HANDOVER_COMMANDS = {"?": HELP, "help": HELP, "q": QUIT, "quit": QUIT, "exit": QUIT}
# What the hand-over adds while the player who just moved may take it back.
TAKE_BACK_COMMANDS = {"u": UNDO, "undo": UNDO}
COMMANDS = {**HANDOVER_COMMANDS, "rules": RULES, "log": LOG, "hint": HINT, **TAKE_BACK_COMMANDS}
MAX_VALUE_DIGITS = 3  # longer numbers name no card (and int() refuses 4,300 digits)
KEEP = "-"  # replace nothing
SAY = "say"  # a chat line at two terminals: "say good luck"
MAX_CHAT = 200  # characters of one chat line
SACRIFICE = "s"  # answer with the lowest cards (the engine's smallest legal answer)


@dataclass(frozen=True)
class Command:
    """A request that is not a move: ``help``, ``rules``, ``hint``, ``quit`` or ``undo``."""

    name: str


@dataclass(frozen=True)
class Problem:
    """A line that cannot become an action, with what to type instead."""

    message: str


def quoted(typed: str, limit: int = 20) -> str:
    """Typed text quoted in a message: control characters shown, not sent; kept short.

    >>> quoted("\x1b[D")
    "'^[[D'"
    """
    shown = visible(typed)
    if len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    return f"'{shown}'"


def parse_handover(text: str, extra: Mapping[str, str] | None = None) -> str | Problem:
    """What a line typed at a hand-over asks for: ``""`` (Enter) or a command name.

    A hand-over accepts only Enter and the commands it names (``?``, ``q``
    and ``extra``, e.g. a take-back): the person still at the keyboard is
    usually the one who just played, so any other line is refused instead
    of being taken for Enter.

    >>> parse_handover("")
    ''
    >>> parse_handover("?")
    'help'
    >>> parse_handover("X").message
    "'X' does nothing at a hand-over: press Enter, or ? for help"
    """
    typed = text.strip()
    if not typed:
        return ""
    commands = {**HANDOVER_COMMANDS, **(extra or {})}
    line = typed.lower()
    if line in commands:
        return commands[line]
    # Quoted as typed, not lower-cased: an arrow key reads '^[[D', as the terminal sent it.
    return Problem(f"{quoted(typed)} does nothing at a hand-over: press Enter, or ? for help")


def key_range(keyed: Keyed) -> str:
    """'a-g' for the keys on the cards shown."""
    keys = [key for key, _ in keyed if key]
    if not keys:
        return "card values"
    return keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}"


def pick_values(text: str, keyed: Keyed) -> tuple[int, ...] | Problem:
    """Card values for a line of keys and/or values, e.g. ``"a c"``, ``"AC"`` or ``"9 9"``.

    Keys are read in either case; a refused word is quoted as it was typed.
    """
    by_key = {key: card for key, card in keyed if key}
    tokens = [token for token in re.split(r"[\s,+]+", text.strip()) if token]
    picked: list[Card] = []
    values: list[int] = []
    for token in tokens:
        if token.isascii() and token.isdigit():
            # ASCII only: str.isdigit() is also true for '²' and '①', which int() refuses.
            if len(token) > MAX_VALUE_DIGITS:
                return Problem(f"{quoted(token)} is not a card value: no card is that high")
            values.append(int(token))
            continue
        if not token.isalpha():
            return Problem(
                f"{quoted(token)} is not understood: type card letters ({key_range(keyed)})"
            )
        for letter in token:
            card = by_key.get(letter.lower())
            if card is None:
                shown = token if len(token) > 1 else letter
                return Problem(
                    f"{quoted(shown)} is not a card key: use {key_range(keyed)}, "
                    "or type a card's value"
                )
            if card in picked:
                return Problem(
                    f"card {letter.lower()} is picked twice: each card can be played once"
                )
            picked.append(card)
            values.append(card.value)
    return tuple(sorted(values))


def parse_line(
    text: str,
    keyed: Keyed,
    phase: Phase,
    attack_size: int = 0,
    limit: int | None = None,
    legal: Sequence[Action] = (),
    attack: Sequence[int] = (),
) -> Action | Command | Problem:
    """Turn one typed line into an action, a command or a problem.

    ``attack_size`` and ``limit`` serve only the message on an empty line:
    the engine enforces them.  ``legal`` and ``attack``: see :func:`sacrifice_answer`.
    """
    line = text.strip().lower()
    if not line:
        allowed = len(keyed) if limit is None else limit
        asked = instruction(phase, attack_size, allowed, held=len(keyed))
        return Problem("Nothing typed: " + asked)
    if line in COMMANDS:
        return Command(COMMANDS[line])
    if line == KEEP:
        if phase is Phase.REPLACE:
            return Replace(())
        return Problem(f"'{KEEP}' (replace nothing) only works when replacing cards")
    if line == SACRIFICE:
        if phase is not Phase.ANSWER or not legal:
            return Problem(f"'{SACRIFICE}' (sacrifice) only works when answering an attack")
        lowest = sacrifice_answer(legal, attack)
        if lowest is None:
            return Problem(
                "every card you hold defends, so there is nothing to sacrifice: pick your answer"
            )
        return lowest
    values = pick_values(text, keyed)  # not ``line``: a refused word is quoted as typed
    if isinstance(values, Problem):
        return values
    if phase is Phase.DUEL:
        if len(values) != 1:
            return Problem(f"pick exactly one card for the duel, not {len(values)}")
        return Duel(values[0])
    if phase is Phase.REPLACE:
        return Replace(values)
    if phase is Phase.ATTACK:
        return Attack(values)
    if phase is Phase.ANSWER:
        return Answer(values)
    return Problem("the game is over")


def sacrifice_answer(legal: Sequence[Action], attack: Sequence[int]) -> Answer | None:
    """What ``s`` plays: the lowest cards, if they lose the trick; else None.

    The smallest of the engine's ``legal`` answers holds the lowest cards in
    hand, so the UI holds no rule about which cards may be given.

    >>> sacrifice_answer([Answer((2,)), Answer((9,))], [5])
    Answer(values=(2,))
    >>> sacrifice_answer([Answer((8,)), Answer((9,))], [5]) is None
    True
    """
    answers = [action for action in legal if isinstance(action, Answer)]
    if not answers:
        return None
    lowest = min(answers)
    if len(attack) != len(lowest.values):
        return lowest  # no attack given: nothing to check the lowest cards against
    return None if is_defended(tuple(attack), lowest.values) else lowest


def instruction(
    phase: Phase,
    attack_size: int = 0,
    limit: int = 0,
    can_sacrifice: bool = True,
    held: int = 0,
) -> str:
    """The one-line request for a decision (``s`` offered only if it would sacrifice).

    A replacement's limit is said here and nowhere else on the screen;
    ``held`` (the hand's size) tells a limit that is no limit at all.
    """
    if phase is Phase.REPLACE:
        keep = f"or {KEEP} to keep your hand"
        if limit == 0:
            return f"you may not replace any card now: type {KEEP} to go on"
        if limit == 1:
            return f"type the letter of one card to replace, {keep}"
        if limit >= held > 0:
            return f"type the letters of any cards to replace, {keep}"
        return f"type the letters of up to {plural(limit, 'card')} to replace, {keep}"
    if phase is Phase.DUEL:
        return "type the letter of one card to duel with"
    if phase is Phase.ATTACK:
        return "type one letter, or several for a set or a sequence"
    if phase is Phase.ANSWER:
        cards = "the letter of one card" if attack_size == 1 else f"{attack_size} letters"
        if not can_sacrifice:
            return f"type {cards} to defend with (every card you hold defends)"
        return f"type {cards} to answer with, or {SACRIFICE} to sacrifice your lowest"
    return "the game is over"


def again_prompt(hot_seat: bool) -> str:
    """The end screen's question, listing every answer it takes (``s``: at one keyboard)."""
    return "Play again? (y/s/n) " if hot_seat else "Play again? (y/n) "


def keys_for(values: Sequence[int], keyed: Keyed) -> str:
    """The keys of cards with these values, e.g. ``"d+e"`` (values where keys run out)."""
    used: set[int] = set()
    keys: list[str] = []
    for value in values:
        for key, card in keyed:
            if card.value == value and card.id not in used:
                used.add(card.id)
                keys.append(key or str(value))
                break
    return "+".join(keys)


def hints(view: PlayerView, keyed: Keyed, limit: int = 6) -> list[str]:
    """What the engine allows now, in words, from ``view.legal_actions``."""
    legal = view.legal_actions
    if view.phase is Phase.ATTACK:
        jumbo = [
            action for action in legal if isinstance(action, Attack) and len(action.values) > 1
        ]
        if not jumbo:
            return ["No Jumbo attack (set or sequence) is possible with this hand."]
        shown = [f"{keys_for(a.values, keyed)} ({describe_attack(a.values)})" for a in jumbo]
        return ["Jumbo attacks you can make: " + _some(shown, limit)]
    if view.phase is Phase.ANSWER:
        attack = tuple(card.value for card in view.table)
        defences = [
            action
            for action in legal
            if isinstance(action, Answer) and is_defended(attack, action.values)
        ]
        if not defences:
            return ["None of your answers can defend every attack card: you lose this trick."]
        # When even the lowest cards defend, s has nothing to sacrifice: say so.
        every = len(defences) == len([a for a in legal if isinstance(a, Answer)])
        lead = "No sacrifice possible; " if every else ""
        if len(attack) == 1:
            shown = [f"{keys_for(a.values, keyed)} [{a.values[0]}]" for a in defences]
            what = "cards that defend" if every else "Cards that defend"
            return [f"{lead}{what} the {attack[0]}: " + _some(shown, limit)]
        shown = [keys_for(a.values, keyed) for a in defences]
        what = "answers that defend" if every else "Answers that defend"
        return [f"{lead}{what} every attack card: " + _some(shown, limit)]
    return []  # a replacement's limit is in the instruction line


def _some(items: list[str], limit: int) -> str:
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f" and {len(items) - limit} more"
