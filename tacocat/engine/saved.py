"""The saved form of a state: a versioned JSON object, random generator included.

``{"format": "tacocat-state", "version": 1, "rules": {...}, "rng": [...],``
(``"deal_key": n,`` for a game dealt by round) then one key per field of
:data:`~tacocat.engine.fields.FIELDS`, in that order, each written and read
by its kind.  Loading checks the shape and then the state as a whole
(:func:`check_consistent`): a hand-edited save could hold well-formed
fields and still crash the game later (an empty hand at the showdown).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from tacocat.engine.choices import missing_value
from tacocat.engine.errors import RulesError, StateFormatError, shown, whole
from tacocat.engine.fields import FIELDS, Field, Fields
from tacocat.engine.phases import Phase
from tacocat.engine.rules import BY_ROUND, Rules

FORMAT = "tacocat-state"
VERSION = 1
_RNG_VERSION, _RNG_WORDS = random.Random().getstate()[0], 624  # Mersenne Twister, version 3
State = TypeVar("State", bound=Fields)
_PILES = tuple(f for f in FIELDS if f.kind.pile)
_PLAYERS = tuple(f.name for f in FIELDS if f.kind.player)


def dump(state: Fields) -> dict[str, Any]:
    """Everything needed to continue the game, as JSON-ready data."""
    version, internal, gauss = state.rng.getstate()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "rng": [version, list(internal), gauss],
    }
    if state.deal_key is not None:  # dealt by round; absent, the file reads as before
        data["deal_key"] = state.deal_key
    for field in FIELDS:
        data[field.name] = field.kind.dump(getattr(state, field.name))
    return data


def load(data: Any, blank: Callable[[random.Random, Rules], State]) -> State:
    """The state saved by :func:`dump`, built from ``blank(rng, rules)`` and checked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError("this is not a saved Tacocat game")
    if data.get("version") != VERSION:
        raise StateFormatError(
            f"saved game format version {shown(data.get('version'))} is not supported "
            f"(this version of tacocat reads version {VERSION})"
        )
    try:
        rules = Rules.from_dict(data["rules"])
        state = blank(_rng(data["rng"]), rules)
        for field in FIELDS:
            setattr(state, field.name, _value(field, data[field.name], rules))
        state.deal_key = _deal_key(data.get("deal_key"), rules)
    except StateFormatError:
        raise
    except RulesError as error:
        raise StateFormatError(f"the saved rules are invalid: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StateFormatError(f"the saved game is damaged ({shown(error)})") from None
    check_consistent(state)
    return state


def _value(field: Field, raw: Any, rules: Rules) -> Any:
    """One field's value read from ``raw``, its shape checked as far as the kind tells."""
    kind = field.kind
    if kind.per_player and not (isinstance(raw, list) and len(raw) == 2):
        raise StateFormatError(f"the saved game is damaged ({field.name} is not for two players)")
    value = kind.load(raw)
    if kind.pile:
        ids = [card for hand in value for card in hand] if kind.per_player else value
        if not all(0 <= card < rules.deck_size for card in ids):
            raise StateFormatError("the saved game is damaged (a card not in the deck)")
    return value


def _rng(data: Any) -> random.Random:
    """The random generator from ``[version, internal state, gauss]``, each part checked."""
    if not (isinstance(data, list) and len(data) == 3):
        raise StateFormatError("the saved game is damaged (its random generator is missing)")
    version, internal, gauss = data
    if (
        version != _RNG_VERSION
        or not isinstance(internal, list)
        or len(internal) != _RNG_WORDS + 1
        or not all(whole(word, 0, 2**32) for word in internal[:-1])
        or not whole(internal[-1], 0, _RNG_WORDS + 1)
        or not (gauss is None or isinstance(gauss, float))
    ):
        raise StateFormatError("the saved game is damaged (its random generator is out of range)")
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _deal_key(value: Any, rules: Rules) -> int | None:
    """The key of a game dealt by round, or None (a copy with an imagined future, say)."""
    if value is None:
        return None
    if rules.dealing != BY_ROUND:
        raise StateFormatError("the saved game is damaged (a deal key, but rounds dealt in turn)")
    if not whole(value, 0, 2**63):
        raise StateFormatError("the saved game is damaged (its deal key is out of range)")
    return int(value)


def check_consistent(state: Fields) -> None:
    """Every card in exactly one place, a position on the board, a turn that fits."""
    problem = _board_problem(state) or _turn_problem(state)
    if problem is not None:
        raise StateFormatError(f"the saved game is damaged ({problem})")


def _board_problem(state: Fields) -> str | None:
    everything: list[int] = []
    for pile in _PILES:
        value = getattr(state, pile.name)
        everything.extend([c for part in value for c in part] if pile.kind.per_player else value)
    if sorted(everything) != list(range(state.rules.deck_size)):
        return "its cards do not add up to one deck"
    if not -1 <= state.position <= len(state.rules.hand_sizes):
        return "the Tacocat is off the board"
    if state.to_move not in (None, 0, 1) or (state.to_move is None) != (state.phase is Phase.OVER):
        return "nobody or somebody odd is to move"
    if any(getattr(state, name) not in (None, 0, 1) for name in _PLAYERS):
        return "an unknown player"
    tiles = state.tiles
    if len(set(tiles)) != len(tiles) or not all(
        0 <= t < len(state.rules.hand_sizes) for t in tiles
    ):
        return "the tiles are not on distinct spaces"
    return None


def _turn_problem(state: Fields) -> str | None:
    """What does not fit the decision the game waits for, if anything."""
    mover = state.to_move
    if mover is None:
        return None
    if state.winner is not None or not 0 <= state.position < len(state.rules.hand_sizes):
        return "a live game with a winner or the Tacocat off the board"
    if state.position in state.tiles:
        return "the Tacocat stands on a tile"
    sizes = [len(hand) for hand in state.hands]
    if state.phase is Phase.ANSWER:
        fits = state.attacker == 1 - mover and sizes[mover] == sizes[1 - mover] + len(state.table)
        fits = fits and sizes[1 - mover] >= 1 and bool(state.table)
    else:
        fits = sizes[0] == sizes[1] >= 2 and not state.table
        fits = fits and state.attacker == (mover if state.phase is Phase.ATTACK else None)
    if not fits:
        return "the hands and the table do not fit the turn"
    if state.phase is Phase.DUEL:
        return _duel_problem(state, mover)
    if state.phase is Phase.REPLACE:
        return _replace_problem(state, mover)
    return None


def _duel_problem(state: Fields, mover: int) -> str | None:
    picks, hands, rules = state.duel_picks, state.hands, state.rules
    other_pick = picks[1 - mover]
    # The mover has not picked; the other has picked iff they chose first, which
    # is ``first_to_choose`` unless the one who chose last starts (keyboard_duel).
    first = rules.keyboard_duel or (other_pick is None) == (mover == rules.first_to_choose)
    if (
        not first
        or picks[mover] is not None
        or not (other_pick is None or other_pick in hands[1 - mover])
    ):
        return "a duel card that is not in its player's hand"
    return None


def _replace_problem(state: Fields, mover: int) -> str | None:
    size = len(state.hands[mover])
    if state.replaced[mover] or not 0 <= state.replace_limits[mover] <= size:
        return "a replacement that does not fit the hand"
    if state.simultaneous != (state.rules.arrows[state.position].player is None):
        return "a replacement that does not fit the arrow"
    pending = 0
    for player, hidden in enumerate(state.hidden_replace):
        # Only a simultaneous replacement already chosen is hidden.
        if (hidden is not None) != (state.simultaneous and state.replaced[player]):
            return "a hidden replacement that does not fit the turn"
        if hidden is not None:
            if missing_value(state.hand_values[player], hidden) is not None:
                return "a hidden replacement of cards not in the hand"
            pending += len(hidden)
    if len(state.draw_pile) < pending + size * state.replaced.count(False):
        return "too few cards left to draw"
    return None
