"""A puzzle's position: one player's view, kept as data and rebuilt through the engine.

Never the opponent's cards nor a seed that would deal them.  A file's
puzzle is type-checked here, rebuilt into a full game
(:func:`state_of`) and must give back the stored view, so a file that
describes no reachable view is refused (:class:`PuzzleError`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tacocat.engine import Action, GameState, Phase, PlayerView, Rules, StateFormatError
from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.worlds import state_from_view
from tacocat.puzzles.themes import pattern_of, rating_of, theme_of

# The phases a puzzle may ask about.  The duel is a simultaneous choice whose best
# answer is a mix of cards (tacocat.ai.duel.solve), so it never has one right card.
PUZZLE_PHASES = (Phase.REPLACE, Phase.ATTACK, Phase.ANSWER)
_INTS = ("player", "round", "position", "opponent_hand", "draw_pile", "replace_limit", "tied")
_ID_LISTS = ("hand", "discard", "table")


class PuzzleError(ValueError):
    """A puzzle's data that does not describe a position; says why, in words."""


@dataclass(frozen=True)
class Puzzle:
    """One position with one clearly best move, as its player saw it."""

    key: str  # stable: the solved/failed counts are kept by it
    view: PlayerView
    answer: Action  # the clearly best move
    best: float  # the evaluator's chance (0..1) to win the game after ``answer``
    runner_up: float  # ... after the next best move
    source: str  # where it was found, in words: "expert games", "Ann's game of 1 May"
    played: Action | None = None  # what was played there, for puzzles from a player's game

    @property
    def gap(self) -> float:
        return self.best - self.runner_up

    @property
    def theme(self) -> str:
        return theme_of(self.view, self.answer)

    @property
    def pattern(self) -> str:
        return pattern_of(self.view, self.answer)

    @property
    def rating(self) -> int:
        return rating_of(len(self.view.legal_actions), self.gap)

    def to_data(self) -> dict[str, Any]:
        view = self.view
        return {
            "id": self.key,
            "source": self.source,
            "player": view.player,
            "phase": view.phase.value,
            "round": view.round_number,
            "position": view.position,
            "tiles": list(view.tiles),
            "hand": list(view.hand_ids),
            "opponent_hand": view.opponent_hand_size,
            "draw_pile": view.draw_pile_size,
            "discard": list(view.discard_ids),
            "table": list(view.table_ids),
            "attacker": view.attacker,
            "replace_limit": view.replace_limit,
            "tied": view.tied_rounds,
            "answer": action_to_data(self.answer),
            "best": round(self.best, 4),
            "next": round(self.runner_up, 4),
            "played": None if self.played is None else action_to_data(self.played),
            "theme": self.theme,
            "rating": self.rating,
        }


def puzzle_from_data(data: Any, rules: Rules) -> Puzzle:
    """The puzzle ``data`` describes under ``rules``; :class:`PuzzleError` if it does not."""
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle is not an object")
    key, source = data.get("id"), data.get("source")
    if not isinstance(key, str) or not 0 < len(key) <= 80 or not key.isprintable():
        raise PuzzleError("a puzzle has no valid id")
    # The source is drawn in the puzzle's log: plain printable text, no brackets (markup).
    if not isinstance(source, str) or len(source) > 80 or not source.isprintable():
        raise PuzzleError(f"puzzle {key}'s source is not a short line of text")
    if "[" in source or "]" in source:
        raise PuzzleError(f"puzzle {key}'s source holds a bracket")
    view = view_from_data(data, rules)
    answer = _action(data.get("answer"), "answer")
    if answer not in view.legal_actions:
        raise PuzzleError(f"puzzle {key}'s answer is not a legal move there")
    played = None if data.get("played") is None else _action(data["played"], "played")
    if played is not None and played not in view.legal_actions:
        raise PuzzleError(f"puzzle {key}'s move played is not a legal move there")
    best, runner_up = _chance(data.get("best")), _chance(data.get("next"))
    if best < runner_up:
        raise PuzzleError(f"puzzle {key}'s answer is not ahead of the next best move")
    puzzle = Puzzle(key, view, answer, best, runner_up, source, played)
    _check_labels(data, puzzle)
    return puzzle


def _check_labels(data: dict[str, Any], puzzle: Puzzle) -> None:
    """A theme and rating the file states must be the puzzle's own (older files state none)."""
    key = puzzle.key
    if "theme" in data and data["theme"] != puzzle.theme:
        raise PuzzleError(f"puzzle {key}'s theme is not {puzzle.theme}, what its position is about")
    if "rating" in data and (type(data["rating"]) is not int or data["rating"] != puzzle.rating):
        raise PuzzleError(f"puzzle {key}'s rating is not {puzzle.rating}, what its figures give")


def view_from_data(data: dict[str, Any], rules: Rules) -> PlayerView:
    """The view ``data`` holds, rebuilt by the engine and checked against it."""
    for name in _INTS:
        if type(data.get(name)) is not int or not 0 <= data[name] <= 1000:
            raise PuzzleError(f"a puzzle's {name} is not a small whole number")
    lists = {name: _ids(data.get(name), rules.deck_size, name) for name in _ID_LISTS}
    tiles = _ids(data.get("tiles"), 1000, "tiles")
    attacker = data.get("attacker")
    if (attacker is not None and attacker not in (0, 1)) or isinstance(attacker, bool):
        raise PuzzleError("a puzzle's attacker is not a seat")
    try:
        phase = Phase(data.get("phase"))
    except ValueError:
        raise PuzzleError("a puzzle's phase is not one the game has") from None
    if phase not in PUZZLE_PHASES or data["player"] not in (0, 1):
        raise PuzzleError("a puzzle asks for a replacement, an attack or an answer")
    player = data["player"]
    stored = PlayerView(
        player, rules, phase, player, data["round"], data["position"], tiles,
        lists["hand"], data["opponent_hand"], data["draw_pile"], lists["discard"],
        lists["table"], attacker, data["replace_limit"], None, False, data["tied"], None, (),
    )  # fmt: skip
    return _rebuilt(stored)


def _rebuilt(stored: PlayerView) -> PlayerView:
    """``stored`` with its legal actions, if the engine agrees it is a position."""
    unseen = stored.unseen_ids() if _plausible(stored) else None
    if unseen is None or len(unseen) != stored.opponent_hand_size + stored.draw_pile_size:
        raise PuzzleError("a puzzle's cards do not add up to the deck")
    try:
        view = state_of(stored).view(stored.player)
    except (ValueError, IndexError, KeyError, TypeError) as error:
        raise PuzzleError(f"a puzzle's position is not one the game allows ({error})") from None
    if view._replace(legal_actions=()) != stored or not view.legal_actions:
        raise PuzzleError("a puzzle's position is not one the game allows")
    return view


def state_of(view: PlayerView) -> GameState:
    """A full game agreeing with ``view``, the unseen cards sorted (their place changes nothing)."""
    unseen = view.unseen_ids()
    size = view.opponent_hand_size
    return state_from_view(view, unseen[:size], unseen[size:], random.Random(0))


def _plausible(view: PlayerView) -> bool:
    """Each card id once in the visible piles, and the board as the rules draw it."""
    seen = [*view.hand_ids, *view.discard_ids, *view.table_ids]
    rules = view.rules
    return (
        len(seen) == len(set(seen))
        and view.position < len(rules.arrows)
        and view.position < len(rules.hand_sizes)
        and all(tile < len(rules.arrows) for tile in view.tiles)
        and view.round_number >= 1
    )


def _ids(value: Any, bound: int, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 200:
        raise PuzzleError(f"a puzzle's {name} is not a list of cards")
    if any(type(item) is not int or not 0 <= item < bound for item in value):
        raise PuzzleError(f"a puzzle's {name} holds something that is not a card")
    return tuple(value)


def _action(value: Any, name: str) -> Action:
    try:
        return action_from_data(value)
    except (StateFormatError, ValueError, TypeError):
        raise PuzzleError(f"a puzzle's {name} is not a move") from None


def _chance(value: Any) -> float:
    if type(value) not in (int, float) or not 0.0 <= value <= 1.0:
        raise PuzzleError("a puzzle's win chances are not numbers from 0 to 1")
    return float(value)


def is_puzzle_view(view: PlayerView) -> bool:
    """Whether a view can be a puzzle: a real choice, and not a simultaneous secret one."""
    return (
        view.phase in PUZZLE_PHASES
        and len(view.legal_actions) > 1
        and not view.opponent_has_chosen
        and view.my_choice is None
    )
