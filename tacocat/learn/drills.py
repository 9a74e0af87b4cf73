"""Fresh questions on a lesson's idea, from positions the engine plays and its own answers."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TypeVar

from tacocat.engine import WOW, YAY, Action, Answer, Phase, PlayerView
from tacocat.engine.actions import a_value, attack_kind, list_values
from tacocat.engine.board import space_name, step_toward
from tacocat.engine.events import DuelRevealed, Event, Replaced, Showdown, TacocatMoved
from tacocat.engine.state import new_game
from tacocat.engine.words import count_word, plural
from tacocat.learn.lesson import IDEAS, Question

E = TypeVar("E", bound=Event)
GAMES = 400  # games played at most to find a moment (a few suffice: see tests/learn)
YOU = ("you", "me", "i", "i do", "i win", "yay", "you do", "you win", "me first")
THEM = ("wow", "wow does", "wow wins", "wow attacks", "wow attacks first", "they do", "them")
YES, NO = ("yes", "y", "it moves", "it does"), ("no", "n", "it stays", "it does not")


@dataclass(frozen=True)
class Moment:
    """One move of a game: what the mover saw, what they did, what the engine reported."""

    view: PlayerView
    action: Action
    events: tuple[Event, ...]


def moments(rng: random.Random) -> Iterator[Moment]:
    """Every move of up to :data:`GAMES` games of random legal moves, seeded from ``rng``."""
    for _ in range(GAMES):
        state = new_game(rng.randrange(2**32))
        while (player := state.current_player()) is not None:
            view = state.view(player)
            action = rng.choice(list(view.legal_actions))
            yield Moment(view, action, tuple(state.apply_action(action)))


def drill(idea: str, rng: random.Random) -> Question:
    """A fresh question on ``idea`` (one of :data:`tacocat.learn.lesson.IDEAS`)."""
    return replace(DRILLS[idea](rng), idea=idea)


def _find(rng: random.Random, fits: Callable[[Moment], Question | None]) -> Question:
    for moment in moments(rng):
        found = fits(moment)
        if found is not None:
            return found
    raise LookupError("no such moment in the games played")  # never met: tests/learn


def _event(moment: Moment, kind: type[E]) -> E | None:
    return next((e for e in moment.events if isinstance(e, kind)), None)


def showdown(rng: random.Random) -> Question:
    def fits(moment: Moment) -> Question | None:
        shown = _event(moment, Showdown)
        if shown is None or shown.winner is None:
            return None
        mine, theirs = shown.values
        low, high = sorted(shown.values)
        who = "you win" if shown.winner == YAY else "Wow wins"
        return Question(
            f"Your last card is {a_value(mine)}, Wow's is {a_value(theirs)}. "
            "Who wins the round: you or Wow?",
            YOU if shown.winner == YAY else THEM,
            f"the LOWER last card wins the round: {low} is lower than {high}, so {who} it.",
            "Right: the lower last card wins.",
        )

    return _find(rng, fits)


def duel(rng: random.Random) -> Question:
    def fits(moment: Moment) -> Question | None:
        shown = _event(moment, DuelRevealed)
        if shown is None or shown.attacker is None:
            return None
        mine, theirs = shown.values
        low, high = sorted(shown.values)
        who = "you attack" if shown.attacker == YAY else "Wow attacks"
        return Question(
            f"Your duel card is {a_value(mine)}, Wow's is {a_value(theirs)}. "
            "Who attacks first: you or Wow?",
            YOU if shown.attacker == YAY else THEM,
            f"the higher duel card attacks first: {high} is higher than {low}, so {who}.",
            "Right: the higher duel card attacks first.",
        )

    return _find(rng, fits)


def ties(rng: random.Random) -> Question:
    tied = rng.random() < 0.5  # half the questions about a tie, half about a win

    def fits(moment: Moment) -> Question | None:
        shown = _event(moment, Showdown)
        if shown is None or (shown.winner is None) != tied:
            return None
        moved = _event(moment, TacocatMoved) is not None
        mine, theirs = shown.values
        why = (
            "the lower last card wins and the Tacocat moves toward the winner's goal."
            if moved
            else "a tied round moves nothing: the Tacocat stays, no tile is placed, "
            "and the round is dealt again."
        )
        return Question(
            f"Your last card is {a_value(mine)}, Wow's is {a_value(theirs)}. "
            "Does the Tacocat move? (yes or no)",
            YES if moved else NO,
            why,
            "Right: only a tie leaves the Tacocat where it is.",
        )

    return _find(rng, fits)


def replace_limit(rng: random.Random) -> Question:
    """The limit the engine sets Yay after Wow replaced first (Yay's next view says it)."""
    before: Moment | None = None
    for moment in moments(rng):
        first = None if before is None else _event(before, Replaced)
        view = moment.view
        before = moment
        if first is None or first.player != WOW or not first.values or view.player != YAY:
            continue
        if view.phase is not Phase.REPLACE:
            continue
        count, limit = len(first.values), view.replace_limit
        return Question(
            f"Wow replaces first and swaps {plural(count, 'card')}. How many cards may you replace "
            "at most? (Type a number.)",
            (str(limit), count_word(limit)),
            f"the second player may replace as many cards as the first did, no more: {limit}.",
            "Right: as many as the first player, no more.",
        )
    raise LookupError("no replacement limited by the first player's in the games played")


def sacrifice(rng: random.Random) -> Question:
    def fits(moment: Moment) -> Question | None:
        view = moment.view
        if view.player != YAY or view.phase is not Phase.ANSWER or len(view.table) != 1:
            return None
        attack = view.table[0].value
        if len(view.hand) < 3 or max(view.hand_values) >= attack:
            return None
        (given,) = {a.values[0] for a in view.legal_actions if isinstance(a, Answer)}
        return Question(
            f"Wow attacks with {a_value(attack)}. You hold {list_values(view.hand_values)}, and "
            "cannot defend. Which card must you give? (Type its value.)",
            (str(given), f"the {given}", count_word(given)),
            f"a card that does not defend must be your LOWEST card: the {given}.",
            "Right: a sacrifice is always your lowest card.",
        )

    return _find(rng, fits)


def tiles(rng: random.Random) -> Question:
    def fits(moment: Moment) -> Question | None:
        view = moment.view
        if view.phase is not Phase.REPLACE or view.player != YAY or len(view.tiles) < 2:
            return None
        landing = step_toward(view.position, YAY, view.tiles)
        if landing == view.position - 1:
            return None  # no tile to jump: not the idea
        where = space_name(landing)
        covered = ", ".join(space_name(tile) for tile in sorted(view.tiles))
        goal = ("goal", "the goal", "my goal", "your goal", "yay goal") if landing < 0 else ()
        return Question(
            f"The Tacocat stands on {space_name(view.position)}; tiles cover {covered}. "
            "If you win this round, where does it go? (Type the space's name, or goal.)",
            (where, where.lower(), *goal),
            f"a covered space is never used again: the Tacocat jumps over it to {where}.",
            "Right: tiles make the board shorter.",
        )

    return _find(rng, fits)


def sequence(rng: random.Random) -> Question:
    """Three values in a row, or one off by one: the engine's attack_kind says which."""
    start = rng.randint(1, 9)
    values = (start, start + 1, start + 2) if rng.random() < 0.5 else (start, start + 1, start + 3)
    if rng.random() < 0.5 and values[1] + 1 != values[2]:
        values = (start, start + 2, start + 3)  # the gap in the other place
    shown = " ".join(str(value) for value in values)
    yes = attack_kind(values) == "sequence"
    missing = next((v for v in range(values[0], values[-1]) if v not in values), None)
    return Question(
        f"Is {shown} a sequence? (yes or no)",
        ("yes", "y", "it is") if yes else ("no", "n", "it is not", "not"),
        "a sequence is three or more values in a row, each once: "
        + (f"{shown} is one." if yes else f"{shown} is not ({missing} is missing)."),
        "Right: a sequence needs every value in a row.",
    )


DRILLS: dict[str, Callable[[random.Random], Question]] = {
    "showdown": showdown,
    "replace-limit": replace_limit,
    "duel": duel,
    "sequence": sequence,
    "sacrifice": sacrifice,
    "tiles": tiles,
    "ties": ties,
}
assert set(DRILLS) == set(IDEAS)
