"""``tacocat play``: a hot-seat game at this terminal, or one against the computer."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from tacocat.cli.options import (
    HOT_SEAT_REFUSED,
    LEVEL,
    ascii_option,
    claim,
    fail,
    load_rules_options,
    plain_option,
    rules_file_option,
    seed_option,
    tie_goes_to_arrow_option,
)
from tacocat.cli.resume import aside_note, remind, resume_option, saved_game
from tacocat.engine.players import WOW, YAY, Player, other
from tacocat.names import COMPUTER_NAME

if TYPE_CHECKING:
    from tacocat.engine import Rules
    from tacocat.storage.saves import SavedGame
    from tacocat.ui.play.game import Game
    from tacocat.ui.term.io import Io

DEFAULT_LEVEL = "normal"
SEATS = ("yay", "wow")
FIRSTS = ("me", "computer", "yay", "wow")
# What the game needs beyond its first screen: loaded while the first name is typed.
# Not prompt_toolkit: the name prompt imports it at once, and two threads importing
# it together can meet its circular imports half-done.
GAME_MODULES = ("rich.console", "tacocat.ui.play.game")


@click.command()
@click.option(
    "--p1",
    metavar="NAME",
    help="Name of player 1 (YAY goal; against the computer, yours at either seat). "
    "Asked if not given.",
)
@click.option(
    "--p2",
    metavar="NAME",
    help="Name of player 2 (WOW goal; against the computer, its name). Asked if not given.",
)
@seed_option
@rules_file_option
@tie_goes_to_arrow_option
@click.option(
    "--vs-computer",
    "computer",
    type=LEVEL,
    is_flag=False,
    flag_value=DEFAULT_LEVEL,
    metavar="[LEVEL]",
    help=f"Play against the computer at LEVEL (default {DEFAULT_LEVEL}).",
)
@click.option(
    "--seat",
    type=click.Choice(SEATS),
    help="Against the computer: sit behind the YAY goal (the default) or the WOW goal.",
)
@click.option(
    "--first",
    type=click.Choice(FIRSTS),
    help="Who makes the first of each pair of secret choices (the first round's "
    "replacement, every duel); it stays hidden until the other is made. "
    "Default: YAY. `me` and `computer` need --vs-computer.",
)
@ascii_option
@click.option(
    "--no-hints",
    is_flag=True,
    help="Turn the `hint` command off (the coach's best moves during the game).",
)
@resume_option(
    help="Resume an unfinished game: GAME is its id or number in `tacocat history`; "
    "without GAME, the saved (else the newest unfinished) game. Every game is saved "
    "after each move.",
)
@click.option(
    "--confirm-moves",
    "confirm",
    is_flag=True,
    help="Against the computer: wait for Enter before it replies, so that u can "
    "take your move back first (without it, the computer replies at once).",
)
@plain_option
def play(
    p1: str | None,
    p2: str | None,
    seed: int | None,
    rules_file: Path | None,
    tie_goes_to_arrow: bool,
    computer: str | None,
    seat: str | None,
    first: str | None,
    ascii_only: bool,
    no_hints: bool,
    resume: int | str | None,
    confirm: bool,
    plain: bool,
) -> None:
    """Play Tacocat Spelled Backwards: two people at one keyboard (hot seat).

    Each hand stays secret: before every secret decision the screen (and the
    terminal's scrollback) is wiped and the game waits for the named player.
    Type ? during the game for help, hint for the best moves from your own
    cards (unless --no-hints), q to quit.
    """
    _check_names(p1, p2, computer is not None)
    if plain and computer is None and resume is None:
        fail(HOT_SEAT_REFUSED)
    human = _seat_of(seat, first, computer is not None)
    rules = load_rules_options(rules_file, tie_goes_to_arrow)
    if first is not None:
        chooser = {"yay": YAY, "wow": WOW, "me": human, "computer": other(human)}[first]
        rules = rules.replace(first_to_choose=chooser)
    with claim(plain):
        options = Options(computer, human, ascii_only, not no_hints, plain, confirm)
        _play(p1, p2, seed, rules, options, resume)


@dataclass(frozen=True)
class Options:
    computer: str | None  # the computer's level; None: hot seat
    human: Player  # the person's seat against the computer
    ascii_only: bool
    hints: bool
    plain: bool  # the game in lines (tacocat.ui.term.lineio.LineIo), in ASCII
    confirm: bool = False  # --confirm-moves: Enter before each computer reply


def _play(
    p1: str | None,
    p2: str | None,
    seed: int | None,
    rules: Rules,
    options: Options,
    resume: int | str | None,
) -> NoReturn:
    """Resume or start the game, and run it, under the one-game lock."""
    from tacocat.storage.paths import save_path

    computer, plain = options.computer, options.plain
    ascii_only = options.ascii_only or plain
    io = _terminal(plain)
    ask = p1 is None or (p2 is None and computer is None)
    tidied = not ask or plain or save_path().exists()
    if tidied:
        _tidy()  # else after the names: the first screen shows before the saves module loads
    notes: list[str] = []
    aside: list[str] = []  # the id of an unfinished game the players chose not to resume
    saved = saved_game(resume, notes, aside)
    if saved is not None:
        if not tidied:
            _tidy()  # resumed from its record: there was no save
        code = _resumed(saved, io, replace(options, ascii_only=ascii_only), notes).run()
        sys.exit(code)
    names = _default_names(p1, p2, computer is not None, options.human)
    if ask and not notes and not plain:  # notes first, on the game's own first screen
        seats = [options.human] if computer is not None else [YAY, WOW]
        names = _ask_names(io, names, seats, ascii_only, aside)
        ask = False
    if aside:  # after the names: on the game's first screen, which stays until Enter
        notes.append(aside_note(aside[0]))
    from tacocat.ui.play.game import Game, Session

    session = Session(
        names,
        rules,
        seed,
        computer,
        ascii_only,
        ask_names=ask,
        hints=options.hints,
        computer_seat=other(options.human),
        confirm=options.confirm,
    )
    code = Game(session, io, notes=notes).run()
    if aside:
        remind(aside[0])
    sys.exit(code)


def _default_names(
    p1: str | None, p2: str | None, computer: bool, human: Player
) -> tuple[str, str]:
    """The names by seat: against the computer ``--p1`` is the person's, at either seat."""
    from tacocat.engine.players import DEFAULT_NAMES

    if not computer:
        return p1 or DEFAULT_NAMES[YAY], p2 or DEFAULT_NAMES[WOW]
    person, machine = p1 or DEFAULT_NAMES[human], p2 or COMPUTER_NAME
    return (person, machine) if human == YAY else (machine, person)


def _seat_of(seat: str | None, first: str | None, computer: bool) -> Player:
    if not computer and seat is not None:
        raise click.BadParameter(
            "only against the computer (--vs-computer); in hot seat, --p1 and --p2 "
            "name who sits behind YAY and WOW",
            param_hint="--seat",
        )
    if not computer and first in ("me", "computer"):
        raise click.BadParameter(
            f"{first} needs --vs-computer; in hot seat, say yay or wow", param_hint="--first"
        )
    return WOW if seat == "wow" else YAY


def _terminal(plain: bool) -> Io:
    if plain:  # imported only then: the full-screen game's first prompt waits for no more
        from tacocat.ui.term.lineio import LineIo

        return LineIo()
    from tacocat.ui.term.terminal import Terminal

    # Its rich console is made when the first renderable is drawn, after the names.
    return Terminal()


def _resumed(saved: SavedGame, io: Io, options: Options, notes: list[str]) -> Game:
    from tacocat.storage.autosave import take_save
    from tacocat.storage.game_info import VS_COMPUTER
    from tacocat.ui.play.game import Game, Session

    if options.plain and saved.info.mode != VS_COMPUTER:
        fail(HOT_SEAT_REFUSED)
    autosave = take_save(saved)  # re-played from its record: the save names it from now on
    info = saved.info
    session = Session(
        names=info.names,
        rules=saved.state.rules,
        seed=info.seed,
        computer=info.level if info.mode == VS_COMPUTER else None,
        ascii=options.ascii_only,
        hints=options.hints,
        confirm=options.confirm,
        computer_seat=info.computer if info.computer is not None else WOW,
    )
    return Game(session, io, saved.state, autosave, notes)


def _ask_names(
    io: Io,
    names: tuple[str, str],
    seats: list[Player],
    ascii_only: bool,
    aside: list[str],
) -> tuple[str, str]:
    """The names typed on the game's terminal (``names`` shown); those who leave there, leave."""
    from tacocat.ui.term.start import names_first

    try:
        asked = names_first(io, names, seats, ascii_only, preload=GAME_MODULES)
    finally:
        _tidy()
    if isinstance(asked[1], int):  # the players left before the game began
        from tacocat.cli.output import say

        say(asked[0])
        if aside:
            remind(aside[0])
        sys.exit(asked[1])
    return asked[0], asked[1]


def _tidy() -> None:
    """Remove copies of a save left by a killed game (both hands), under the lock."""
    from tacocat.storage.autosave import tidy  # not before the first screen

    tidy()


def _check_names(p1: str | None, p2: str | None, computer: bool = False) -> None:
    """A usage error (exit 2) for a name the name prompt would refuse (the computer's too)."""
    from tacocat.names import name_problem

    first_other = (p2 or COMPUTER_NAME) if computer else None
    for option, name, taken in (("--p1", p1, first_other), ("--p2", p2, p1)):
        problem = None if name is None else name_problem(name, taken)
        if problem is not None:
            raise click.BadParameter(problem, param_hint=option)
