"""``tacocat play``: a hot-seat game at this terminal, or one against the computer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tacocat.cli.levels import LEVEL
from tacocat.cli.options import load_rules_options, rules_file_option, tie_goes_to_arrow_option
from tacocat.launch import Started, claim_terminal
from tacocat.names import COMPUTER_NAME

if TYPE_CHECKING:
    from tacocat.engine import Rules
    from tacocat.storage.lock import GameLock
    from tacocat.storage.saves import SavedGame

DEFAULT_LEVEL = "normal"
# What the game needs beyond its first screen: loaded while the first name is typed.
GAME_MODULES = ("tacocat.ui.game",)


@click.command()
@click.option("--p1", metavar="NAME", help="Name of player 1 (YAY goal). Asked if not given.")
@click.option("--p2", metavar="NAME", help="Name of player 2 (WOW goal). Asked if not given.")
@click.option(
    "--seed",
    # The range a save may hold (storage.game_info.SEED_LIMIT): the game must reload.
    type=click.IntRange(-(2**64) + 1, 2**64 - 1),
    metavar="N",
    help="Shuffle with this seed: a reproducible game.",
)
@rules_file_option
@tie_goes_to_arrow_option
@click.option(
    "--vs-computer",
    "computer",
    type=LEVEL,
    is_flag=False,
    flag_value=DEFAULT_LEVEL,
    default=None,
    metavar="[LEVEL]",
    help=f"Play against the computer (it plays WOW) at LEVEL (default {DEFAULT_LEVEL}).",
)
@click.option("--ascii", "ascii_only", is_flag=True, help="Draw with ASCII only (no Unicode).")
@click.option(
    "--no-hints",
    is_flag=True,
    help="Turn the `hint` command off (the coach's best moves during the game).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Resume the saved game (every game is saved after each move).",
)
def play(
    p1: str | None,
    p2: str | None,
    seed: int | None,
    rules_file: Path | None,
    tie_goes_to_arrow: bool,
    computer: str | None,
    ascii_only: bool,
    no_hints: bool,
    resume: bool,
) -> None:
    """Play Tacocat Spelled Backwards: two people at one keyboard (hot seat).

    Each hand stays secret: before every secret decision the screen (and the
    terminal's scrollback) is wiped and the game waits for the named player.
    Type ? during the game for help, hint for the best moves from your own
    cards (unless --no-hints), q to quit.
    """
    _check_names(p1, p2, computer is not None)
    rules = load_rules_options(rules_file, tie_goes_to_arrow)
    # The launcher (tacocat.launch) may have checked the terminal, taken the
    # lock and asked the names already, before click was even imported.
    started = click.get_current_context().obj
    if not isinstance(started, Started):
        started = Started(_checked_lock(), None)
    try:
        _play(p1, p2, seed, rules, computer, ascii_only, resume, not no_hints, started.asked)
    finally:
        started.lock.release()


def _checked_lock() -> GameLock:
    """The one-game lock, after checking the terminal; exit status 2 if either fails."""
    lock = claim_terminal()
    if isinstance(lock, str):
        click.echo(f"Error: {lock}", err=True)
        sys.exit(2)
    return lock


def _play(
    p1: str | None,
    p2: str | None,
    seed: int | None,
    rules: Rules,
    computer: str | None,
    ascii_only: bool,
    resume: bool,
    hints: bool = True,
    asked: tuple[str, str] | tuple[str, int] | None = None,
) -> None:
    """Resume or start the game, and run it; the caller holds the one-game lock.

    ``asked`` is what the launcher's name screen gave, if it was shown
    (:class:`tacocat.launch.Started`): the names are not asked again.
    """
    from rich.console import Console

    from tacocat.cli.output import prepare_stdout
    from tacocat.engine.players import DEFAULT_NAMES
    from tacocat.storage.paths import save_path
    from tacocat.ui.terminal import Terminal

    # An output without box-drawing characters (PYTHONIOENCODING=ascii) gets ASCII screens.
    ascii_only = ascii_only or not prepare_stdout()
    # rich honours NO_COLOR itself; legacy_windows off keeps escape handling uniform.
    console = Console(highlight=False, emoji=False)
    ask = p1 is None or (p2 is None and computer is None)
    if not ask or save_path().exists():
        _tidy()  # else after the names: the first screen shows before the saves module loads
    notes: list[str] = []
    saved = _saved_game(resume, notes)
    if saved is not None:
        from tacocat.storage.autosave import AutoSave
        from tacocat.storage.game_info import VS_COMPUTER
        from tacocat.ui.game import Game, Session

        autosave = AutoSave.resume(saved)
        info = saved.info
        session = Session(
            names=info.names,
            rules=saved.state.rules,
            seed=info.seed,
            computer=info.level if info.mode == VS_COMPUTER else None,
            ascii=ascii_only,
            hints=hints,
        )
        game = Game(session, Terminal(console), saved.state, autosave, notes)
        sys.exit(game.run())

    names = (p1 or DEFAULT_NAMES[0], p2 or DEFAULT_NAMES[1])
    if computer is not None:
        names = (names[0], p2 or COMPUTER_NAME)
    if ask and not notes:  # notes come first, on the game's own first screen
        from tacocat.ui.start import names_first
        from tacocat.ui.tty import PlainTerminal

        seats = [0] if computer is not None else [0, 1]
        try:
            if asked is None:
                asked = names_first(PlainTerminal(), names, seats, ascii_only, preload=GAME_MODULES)
        finally:
            _tidy()
        if isinstance(asked[1], int):  # the players left before the game began
            console.print(asked[0], markup=False, highlight=False)
            sys.exit(asked[1])
        names, ask = (asked[0], asked[1]), False
    from tacocat.ui.game import Game, Session

    session = Session(
        names=names,
        rules=rules,
        seed=seed,
        computer=computer,
        ascii=ascii_only,
        ask_names=ask,
        hints=hints,
    )
    sys.exit(Game(session, Terminal(console), notes=notes).run())


def _tidy() -> None:
    """Remove copies of a save left by a killed game (they hold both hands).

    Run while the one-game lock is held, before the game writes anything.
    """
    from tacocat.storage.autosave import tidy

    tidy()


def _saved_game(resume: bool, notes: list[str]) -> SavedGame | None:
    """The saved game to resume, if there is one and the players want it.

    A damaged save is explained (and moved aside by the loader); then a new
    game starts.  Such news goes into ``notes``, which the game shows on its
    first screen: printed here, it would vanish as the game takes the screen.
    """
    from tacocat.storage.paths import save_path

    if not save_path().exists():
        # No save: nothing to load, so the saves module (and the engine it
        # reads states with) need not be imported before the first screen.
        if resume:
            notes.append("There is no saved game to resume: a new game starts.")
        return None
    from tacocat.storage.autosave import describe, find_saved_game
    from tacocat.storage.saves import DamagedSave

    found = find_saved_game()
    if isinstance(found, DamagedSave):
        notes.append(found.message())
        return None
    if found is not None and found.note:
        notes.append(found.note)  # a damaged record of the saved game, moved aside
    if found is None:
        if resume:
            notes.append("There is no saved game to resume: a new game starts.")
        return None
    if resume:
        return found
    from tacocat.sanitize import visible

    click.echo(visible(describe(found)))  # names and dates read from a file
    if click.confirm("Resume it?", default=True):
        return found
    click.echo("Starting a new game (the saved one stays listed in `tacocat history`).")
    return None


def _check_names(p1: str | None, p2: str | None, computer: bool = False) -> None:
    """A usage error (exit 2) for a name the game would refuse at its own name prompt.

    Against the computer, player 1 may not take the computer's name either.
    """
    from tacocat.names import name_problem

    first_other = (p2 or COMPUTER_NAME) if computer else None
    for option, name, other in (("--p1", p1, first_other), ("--p2", p2, p1)):
        problem = None if name is None else name_problem(name, other)
        if problem is not None:
            raise click.BadParameter(problem, param_hint=option)
