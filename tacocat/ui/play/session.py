"""What defines a sitting at the table: who plays, with which rules and seed, and how."""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.engine import WOW, Player, Rules


@dataclass(frozen=True)
class Session:
    """Everything that defines a sitting: who plays, with which rules and seed."""

    names: tuple[str, str]
    rules: Rules
    seed: int | None = None
    computer: str | None = None  # the computer's level; None: hot seat
    ascii: bool = False
    ask_names: bool = False  # ask at the keyboard for names not given as options
    hints: bool = True  # whether a player may type `hint` (off with --no-hints)
    # Against the computer: wait for Enter before it replies, so that u can
    # take a move back first (--confirm-moves); off, it replies at once.
    confirm: bool = False
    computer_seat: Player = WOW  # where the computer sits (`--seat` chooses the person's)
    # A lesson's table: nothing recorded, one round, and its own words for why no move
    # goes back and what becomes of a hint's count (None: the game's).
    record: bool = True
    one_round: bool = False
    no_take_back: str | None = None
    hint_note: str | None = None
