"""The full state to and from JSON, random generator included.

The format is versioned.  Loading checks the shape and that every card of
the deck is in exactly one place, so a damaged file fails with a
:class:`StateFormatError` instead of producing a game that cannot go on.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.choices import missing_value
from tacocat.engine.errors import RulesError, StateFormatError, shown
from tacocat.engine.rules import Rules
from tacocat.engine.state import GameState, Phase

FORMAT = "tacocat-state"
VERSION = 1
_RNG_VERSION, _RNG_WORDS = random.Random().getstate()[0], 624  # Mersenne Twister, version 3


def state_to_data(state: GameState) -> dict[str, Any]:
    """Everything needed to continue the game, as JSON-ready data."""
    version, internal, gauss = state.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "rng": [version, list(internal), gauss],
        "round_number": state.round_number,
        "position": state.position,
        "tiles": list(state.tiles),
        "hands": [list(hand) for hand in state.hands],
        "draw_pile": list(state.draw_pile),
        "discard_pile": list(state.discard_pile),
        "table": list(state.table),
        "phase": state.phase.value,
        "to_move": state.to_move,
        "attacker": state.attacker,
        "simultaneous": state.simultaneous,
        "replace_limits": list(state.replace_limits),
        "replaced": list(state.replaced),
        "hidden_replace": [None if h is None else list(h) for h in state.hidden_replace],
        "duel_picks": list(state.duel_picks),
        "tied_rounds": state.tied_rounds,
        "winner": state.winner,
        "history": [action_to_data(action) for action in state.history],
    }


def state_from_data(data: Any) -> GameState:
    """Rebuild a state saved by :func:`state_to_data`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError("this is not a saved Tacocat game")
    if data.get("version") != VERSION:
        raise StateFormatError(
            f"saved game format version {shown(data.get('version'))} is not supported "
            f"(this version of tacocat reads version {VERSION})"
        )
    try:
        rules = Rules.from_dict(data["rules"])
        rng = _rng(data["rng"])
        state = GameState.blank(rng, rules)
        state.round_number = _int(data["round_number"])
        state.position = _int(data["position"])
        state.tiles = [_int(t) for t in data["tiles"]]
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise StateFormatError("the saved game is damaged (it does not hold two hands)")
        for player, hand in enumerate(hands):
            ids = [_int(c) for c in hand]
            if not all(0 <= c < rules.deck_size for c in ids):
                raise StateFormatError("the saved game is damaged (a card not in the deck)")
            state.set_hand(player, ids)  # sorted, whatever the file says
        state.draw_pile = [_int(c) for c in data["draw_pile"]]
        state.discard_pile = [_int(c) for c in data["discard_pile"]]
        state.table = [_int(c) for c in data["table"]]
        state.phase = Phase(data["phase"])
        state.to_move = _optional_int(data["to_move"])
        state.attacker = _optional_int(data["attacker"])
        state.simultaneous = bool(data["simultaneous"])
        state.replace_limits = [_int(n) for n in data["replace_limits"]]
        state.replaced = [bool(flag) for flag in data["replaced"]]
        state.hidden_replace = [
            None if h is None else tuple(_int(v) for v in h) for h in data["hidden_replace"]
        ]
        state.duel_picks = [_optional_int(p) for p in data["duel_picks"]]
        state.tied_rounds = _int(data["tied_rounds"])
        state.winner = _optional_int(data["winner"])
        state.history = [action_from_data(item) for item in data["history"]]
    except StateFormatError:
        raise
    except RulesError as error:
        raise StateFormatError(f"the saved rules are invalid: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StateFormatError(f"the saved game is damaged ({shown(error)})") from None
    _check_consistent(state)
    return state


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_data(state), separators=(",", ":"))


def state_from_json(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StateFormatError(f"the saved game is not valid JSON ({error.msg})") from None
    return state_from_data(data)


def _rng(data: Any) -> random.Random:
    """The random generator from ``[version, internal state, gauss]``, each part checked.

    ``Random.setstate`` raises OverflowError or ValueError on numbers out of
    range; checking first turns any damage into a :class:`StateFormatError`.
    """
    if not (isinstance(data, list) and len(data) == 3):
        raise StateFormatError("the saved game is damaged (its random generator is missing)")
    version, internal, gauss = data
    if (
        version != _RNG_VERSION
        or not isinstance(internal, list)
        or len(internal) != _RNG_WORDS + 1
        or not all(_is_int(word) and 0 <= word < 2**32 for word in internal[:-1])
        or not (_is_int(internal[-1]) and 0 <= internal[-1] <= _RNG_WORDS)
        or not (gauss is None or isinstance(gauss, float))
    ):
        raise StateFormatError("the saved game is damaged (its random generator is out of range)")
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any) -> int:
    if not _is_int(value):
        raise StateFormatError(f"the saved game is damaged (expected a number, got {shown(value)})")
    assert isinstance(value, int)  # for mypy: _is_int checked it
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _check_consistent(state: GameState) -> None:
    """Every card in exactly one place, two hands, a position on the board."""
    piles = [*state.hands, state.draw_pile, state.discard_pile, state.table]
    everything = sorted(card_id for pile in piles for card_id in pile)
    if everything != list(range(state.rules.deck_size)):
        raise StateFormatError("the saved game is damaged (its cards do not add up to one deck)")
    if not -1 <= state.position <= len(state.rules.hand_sizes):
        raise StateFormatError("the saved game is damaged (the Tacocat is off the board)")
    if state.to_move not in (None, 0, 1) or (state.to_move is None) != (state.phase is Phase.OVER):
        raise StateFormatError("the saved game is damaged (nobody or somebody odd is to move)")
    problem = _turn_problem(state)
    if problem is not None:
        raise StateFormatError(f"the saved game is damaged ({problem})")


def _turn_problem(state: GameState) -> str | None:
    """What does not fit the decision the game waits for, if anything.

    A hand-edited or damaged file could pass the checks above and still
    crash the game later (an empty hand at the showdown, an attack with no
    attacker); this refuses it at load time instead.
    """
    if any(
        len(pair) != 2
        for pair in (state.replace_limits, state.replaced, state.hidden_replace, state.duel_picks)
    ):
        return "a per-player entry is not for two players"
    if state.winner not in (None, 0, 1) or state.attacker not in (None, 0, 1):
        return "an unknown player"
    tiles, hands, mover = state.tiles, state.hands, state.to_move
    if len(set(tiles)) != len(tiles) or not all(
        0 <= t < len(state.rules.hand_sizes) for t in tiles
    ):
        return "the tiles are not on distinct spaces"
    if mover is None:
        return None
    if state.winner is not None or not 0 <= state.position < len(state.rules.hand_sizes):
        return "a live game with a winner or the Tacocat off the board"
    if state.position in tiles:
        return "the Tacocat stands on a tile"
    sizes = [len(hand) for hand in hands]
    phase = state.phase
    if phase is Phase.ANSWER:
        fits = state.attacker == 1 - mover and sizes[mover] == sizes[1 - mover] + len(state.table)
        fits = fits and sizes[1 - mover] >= 1 and bool(state.table)
    else:
        fits = sizes[0] == sizes[1] >= 2 and not state.table
        fits = fits and state.attacker == (mover if phase is Phase.ATTACK else None)
    if not fits:
        return "the hands and the table do not fit the turn"
    if phase is Phase.DUEL:
        picks = state.duel_picks
        # Yay picks first: Wow's turn means Yay's card is in, Yay's means none is.
        if (
            (picks[0] is None) != (mover == 0)
            or picks[1] is not None
            or any(
                pick is not None and pick not in hands[player] for player, pick in enumerate(picks)
            )
        ):
            return "a duel card that is not in its player's hand"
    if phase is Phase.REPLACE:
        if state.replaced[mover] or not 0 <= state.replace_limits[mover] <= sizes[mover]:
            return "a replacement that does not fit the hand"
        if state.simultaneous != (state.rules.arrows[state.position].player is None):
            return "a replacement that does not fit the arrow"
        pending = 0
        for player, hidden in enumerate(state.hidden_replace):
            # Only a simultaneous replacement already chosen is hidden.
            if (hidden is not None) != (state.simultaneous and state.replaced[player]):
                return "a hidden replacement that does not fit the turn"
            if hidden is not None:
                if missing_value(state.hand_values(player), hidden) is not None:
                    return "a hidden replacement of cards not in the hand"
                pending += len(hidden)
        if len(state.draw_pile) < pending + sizes[0] * state.replaced.count(False):
            return "too few cards left to draw"
    return None
