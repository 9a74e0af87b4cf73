"""The game's data in one place: deck, board and variant switches.

The defaults are the project's reading of the printed game; a rules file
can change any of it, within the checks and limits of docs/rules.md,
"Rules files", so the engine never meets a board it cannot play to the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tacocat.engine.errors import RulesError, shown, whole
from tacocat.engine.players import WOW, YAY, Arrow, Player, parse_arrow
from tacocat.engine.words import plural

LETTERS = "TACOCAT"
SPACE_COUNT = len(LETTERS)
CENTRE = SPACE_COUNT // 2
MIN_VALUE = 1
MAX_VALUE = 12

DEFAULT_COUNTS = (2, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 2)
DEFAULT_HAND_SIZES = (4, 5, 6, 7, 6, 5, 4)
# Arrows point at the player who replaces first: the one the Tacocat is further from.
DEFAULT_ARROWS: tuple[Arrow, ...] = (
    Arrow.WOW,
    Arrow.WOW,
    Arrow.WOW,
    Arrow.BOTH,
    Arrow.YAY,
    Arrow.YAY,
    Arrow.YAY,
)
# Not in the printed rules: a bound that makes every game end (docs/rules.md).
DEFAULT_TIE_LIMIT = 10
# Limits on a rules file, and why: docs/rules.md, "Rules files".
MAX_HAND_SIZE = 10
MAX_DECK_SIZE = 200
MAX_TIE_LIMIT = 100
MAX_RULES_FILE = 64 * 1024  # bytes; a rules file is a dozen lines
# How the rounds are shuffled (docs/rules.md, "Rules files": ``dealing``).
STREAM = "stream"
BY_ROUND = "round"
DEALINGS = (STREAM, BY_ROUND)


@dataclass(frozen=True, slots=True)
class Rules:
    """Deck, board and variant switches for one game (validated; the default is the standard game).

    ``counts[i]`` is how many cards of value ``i + 1`` the deck holds;
    ``hand_sizes`` and ``arrows`` describe the seven spaces from the YAY end.
    """

    counts: tuple[int, ...] = DEFAULT_COUNTS
    hand_sizes: tuple[int, ...] = DEFAULT_HAND_SIZES
    arrows: tuple[Arrow, ...] = DEFAULT_ARROWS
    tie_goes_to_arrow: bool = False
    tie_limit: int = DEFAULT_TIE_LIMIT
    # Who makes the first of two simultaneous choices: it changes who types
    # first, never what either player knows or may do.
    first_to_choose: Player = YAY
    # The first duel card is chosen by whoever made the round's last choice
    # (a hot-seat round needs one hand-over fewer); False: by
    # ``first_to_choose``, as in records before version 3.
    keyboard_duel: bool = True
    dealing: str = STREAM  # one of DEALINGS: it changes which cards come, never how likely
    # Derived once: the value of every card id, in deck order.
    card_values: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        validate(self)
        values = tuple(
            value for value, count in enumerate(self.counts, start=MIN_VALUE) for _ in range(count)
        )
        object.__setattr__(self, "card_values", values)

    @property
    def deck_size(self) -> int:
        return len(self.card_values)

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data, in the shape of a rules file.

        The later switches are written only when not the default (saved as before they existed).
        """
        data: dict[str, Any] = {
            "tie_goes_to_arrow": self.tie_goes_to_arrow,
            "tie_limit": self.tie_limit,
            "deck": {"counts": list(self.counts)},
            "board": {
                "hand_sizes": list(self.hand_sizes),
                "arrows": [arrow.value for arrow in self.arrows],
            },
        }
        if self.first_to_choose != YAY:
            data["first_to_choose"] = SEAT_WORDS[self.first_to_choose]
        if not self.keyboard_duel:
            data["keyboard_duel"] = False
        if self.dealing != STREAM:
            data["dealing"] = self.dealing
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from rules-file data; missing keys keep their default."""
        _reject_unknown(data, _SWITCHES | {"deck", "board"}, "")
        deck = _table(data, "deck")
        board = _table(data, "board")
        _reject_unknown(deck, {"counts"}, "deck.")
        _reject_unknown(board, {"hand_sizes", "arrows"}, "board.")
        arrows: tuple[Arrow, ...] = DEFAULT_ARROWS
        if "arrows" in board:
            try:
                arrows = tuple(parse_arrow(item) for item in _list(board["arrows"], "board.arrows"))
            except ValueError as error:
                raise RulesError(f"board.arrows: {error}") from None
        return cls(
            counts=_int_list(deck.get("counts", DEFAULT_COUNTS), "deck.counts"),
            hand_sizes=_int_list(board.get("hand_sizes", DEFAULT_HAND_SIZES), "board.hand_sizes"),
            arrows=arrows,
            tie_goes_to_arrow=_bool(data.get("tie_goes_to_arrow", False), "tie_goes_to_arrow"),
            tie_limit=_int(data.get("tie_limit", DEFAULT_TIE_LIMIT), "tie_limit"),
            first_to_choose=_seat(data.get("first_to_choose", "yay"), "first_to_choose"),
            keyboard_duel=_bool(data.get("keyboard_duel", True), "keyboard_duel"),
            dealing=data.get("dealing", STREAM),  # checked by validate
        )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (and validated again)."""
        current = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        current.update(changes)
        return Rules(**current)


SEAT_WORDS = ("yay", "wow")  # a seat as a rules file spells it


def _seat(value: Any, key: str) -> Player:
    if value not in SEAT_WORDS:
        raise RulesError(f'{key} must be "yay" or "wow", got {shown(value)}')
    return YAY if value == "yay" else WOW


def load_rules(path: str | Path) -> Rules:
    """Read and validate a TOML rules file; :class:`RulesError` names the file and the problem."""
    import tomllib  # only rules files need it: keep it off the start-up path

    from tacocat.files import FileProblem, read_regular_file

    path = Path(path)
    try:
        text = read_regular_file(path, MAX_RULES_FILE).decode("utf-8")
        data = tomllib.loads(text)
    except OSError as error:
        raise RulesError(f"cannot read rules file {path}: {error.strerror}") from None
    except FileProblem as error:
        raise RulesError(f"cannot read rules file {path}: {error}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path} is not a rules file: it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{path} is not valid TOML: {error}") from None
    except RecursionError:  # tomllib parses nested arrays by recursion
        raise RulesError(f"{path} is not a rules file: its values are nested too deeply") from None
    try:
        return Rules.from_dict(data)
    except RulesError as error:
        raise RulesError(f"{path}: {error}") from None


def validate(rules: Rules) -> None:
    """Raise :class:`RulesError` if the rules cannot make a playable game."""
    if rules.first_to_choose not in (YAY, WOW) or isinstance(rules.first_to_choose, bool):
        raise RulesError(f"first_to_choose must be a seat, got {shown(rules.first_to_choose)}")
    if not isinstance(rules.dealing, str) or rules.dealing not in DEALINGS:
        raise RulesError(f'dealing must be "stream" or "round", got {shown(rules.dealing)}')
    if len(rules.counts) != MAX_VALUE:
        raise RulesError(
            f"deck.counts must list {MAX_VALUE} counts (values {MIN_VALUE}-{MAX_VALUE}), "
            f"got {len(rules.counts)}"
        )
    for value, count in enumerate(rules.counts, start=MIN_VALUE):
        if count < 0:
            raise RulesError(f"deck.counts: the count of value {value} is negative ({count})")
        if count > MAX_DECK_SIZE:
            raise RulesError(
                f"deck.counts: the count of value {value} is more than a whole deck "
                f"may hold ({MAX_DECK_SIZE} cards)"
            )
    if len(rules.hand_sizes) != SPACE_COUNT:
        raise RulesError(
            f"board.hand_sizes must list {SPACE_COUNT} spaces, got {len(rules.hand_sizes)}"
        )
    if len(rules.arrows) != SPACE_COUNT:
        raise RulesError(f"board.arrows must list {SPACE_COUNT} spaces, got {len(rules.arrows)}")
    for index, size in enumerate(rules.hand_sizes):
        if size < 2:
            raise RulesError(
                f"board.hand_sizes: space {index + 1} ({LETTERS[index]}) deals "
                f"{plural(size, 'card')}; every hand size must be at least 2"
            )
        if size > MAX_HAND_SIZE:
            raise RulesError(
                f"board.hand_sizes: space {index + 1} ({LETTERS[index]}) deals {size} cards; "
                f"at most {MAX_HAND_SIZE} fit on the screen"
            )
    largest = max(rules.hand_sizes)
    deck_size = sum(rules.counts)
    if deck_size > MAX_DECK_SIZE:
        raise RulesError(f"the deck has {deck_size} cards; at most {MAX_DECK_SIZE} are allowed")
    if 4 * largest > deck_size:
        raise RulesError(
            f"the deck has {plural(deck_size, 'card')} but a hand of {largest} needs "
            f"4 x {largest} = {4 * largest} (deal plus full replacement for both players)"
        )
    if rules.tie_limit < 1:
        raise RulesError(f"tie_limit must be at least 1, got {rules.tie_limit}")
    if rules.tie_limit > MAX_TIE_LIMIT:
        raise RulesError(f"tie_limit must be at most {MAX_TIE_LIMIT}, got {rules.tie_limit}")


def _reject_unknown(data: dict[str, Any], known: set[str], prefix: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        # A key is shown as typed when it is a plain word, escaped and cut short otherwise.
        names = ", ".join(
            prefix + (key if key.isidentifier() and len(key) <= 30 else shown(key))
            for key in unknown
        )
        allowed = ", ".join(prefix + key for key in sorted(known))
        raise RulesError(f"unknown key {names} (allowed: {allowed})")


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise RulesError(f"[{key}] must be a table")
    return value


def _int(value: Any, name: str) -> int:
    if not whole(value):
        raise RulesError(f"{name} must be a whole number, got {shown(value)}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be true or false, got {shown(value)}")
    return value


def _int_list(value: Any, name: str) -> tuple[int, ...]:
    return tuple(_int(item, name) for item in _list(value, name))


def _list(value: Any, name: str) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise RulesError(f"{name} must be a list, got {shown(value)}")
    return tuple(value)


# The top-level keys of a rules file, but for its tables.
_SWITCHES = {f.name for f in fields(Rules) if f.init} - {"counts", "hand_sizes", "arrows"}
# The standard game, built (and validated) once.
DEFAULT_RULES = Rules()
