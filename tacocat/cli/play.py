"""``tacocat play``: a hot-seat game at this terminal, or one against the computer."""

from __future__ import annotations

import re
import sys
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tacocat.cli.levels import LEVEL
from tacocat.cli.options import load_rules_options, rules_file_option, tie_goes_to_arrow_option
from tacocat.cli.plain_mode import plain_lock, plain_option, refuse_hot_seat
from tacocat.launch import Started, claim_terminal
from tacocat.names import COMPUTER_NAME

if TYPE_CHECKING:
    from tacocat.engine import Rules
    from tacocat.storage.lock import GameLock
    from tacocat.storage.saves import SavedGame

DEFAULT_LEVEL = "normal"
# What the game needs beyond its first screen: loaded while the first name is typed.
GAME_MODULES = ("tacocat.ui.game",)
LATEST = -1  # `--resume` without N: the saved game (N, from `tacocat history`, is 1 or more)
# Game numbers of this many digits or more name no game: refused as such, not parsed.
TOO_MANY_DIGITS = 10


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class GameNumber(click.ParamType):  # type: ignore[type-arg]
    """A game's number in `tacocat history`: ASCII digits (LATEST when N is left out)."""

    name = "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):  # the flag's own value, LATEST
            return value
        text = str(value)
        if not re.fullmatch(r"[0-9]+", text):  # '²' passes str.isdigit(); int() refuses it
            self.fail(f"{text!r} is not a game number from `tacocat history`", param, ctx)
        return int(text) if len(text) < TOO_MANY_DIGITS else 10**TOO_MANY_DIGITS


GAME_NUMBER = GameNumber()


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
    type=GAME_NUMBER,
    is_flag=False,
    flag_value=LATEST,
    default=None,
    metavar="[N]",
    help="Resume an unfinished game: N as `tacocat history` numbers it; without N, "
    "the saved (else the newest unfinished) game. Every game is saved after each move.",
)
@plain_option
def play(
    p1: str | None,
    p2: str | None,
    seed: int | None,
    rules_file: Path | None,
    tie_goes_to_arrow: bool,
    computer: str | None,
    ascii_only: bool,
    no_hints: bool,
    resume: int | None,
    plain: bool,
) -> None:
    """Play Tacocat Spelled Backwards: two people at one keyboard (hot seat).

    Each hand stays secret: before every secret decision the screen (and the
    terminal's scrollback) is wiped and the game waits for the named player.
    Type ? during the game for help, hint for the best moves from your own
    cards (unless --no-hints), q to quit.
    """
    _check_names(p1, p2, computer is not None)
    refuse_hot_seat(plain and computer is None and resume is None)
    rules = load_rules_options(rules_file, tie_goes_to_arrow)
    # The launcher (tacocat.launch) may have checked the terminal, taken the
    # lock and asked the names already, before click was even imported.
    started = click.get_current_context().obj
    if not isinstance(started, Started):
        started = Started(plain_lock() if plain else _checked_lock(), None)
    try:
        _play(p1, p2, seed, rules, computer, ascii_only, resume, not no_hints, started.asked, plain)
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
    resume: int | None,
    hints: bool = True,
    asked: tuple[str, str] | tuple[str, int] | None = None,
    plain: bool = False,
) -> None:
    """Resume or start the game, and run it; the caller holds the one-game lock.

    ``asked`` is what the launcher's name screen gave, if it was shown
    (:class:`tacocat.launch.Started`): the names are not asked again.
    ``plain``: the game in lines (:class:`tacocat.ui.lineio.LineIo`), in ASCII.
    """
    from rich.console import Console

    from tacocat.cli.output import prepare_stdout
    from tacocat.engine.players import DEFAULT_NAMES
    from tacocat.storage.paths import save_path
    from tacocat.ui.lineio import LineIo
    from tacocat.ui.terminal import Terminal

    # An output without box-drawing characters (PYTHONIOENCODING=ascii) gets ASCII screens.
    ascii_only = not prepare_stdout() or ascii_only or plain
    # rich honours NO_COLOR itself; legacy_windows off keeps escape handling uniform.
    console = Console(highlight=False, emoji=False)
    io = LineIo() if plain else Terminal(console)
    ask = p1 is None or (p2 is None and computer is None)
    tidied = not ask or plain or save_path().exists()
    if tidied:
        _tidy()  # else after the names: the first screen shows before the saves module loads
    notes: list[str] = []
    aside: list[str] = []  # the id of an unfinished game the players chose not to resume
    saved = _saved_game(resume, notes, aside)
    if saved is not None:
        if not tidied:
            _tidy()  # resumed from its record: there was no save
        from tacocat.storage.autosave import AutoSave, saved_game_id
        from tacocat.storage.game_info import VS_COMPUTER
        from tacocat.ui.game import Game, Session

        refuse_hot_seat(plain and saved.info.mode != VS_COMPUTER)
        autosave = AutoSave.resume(saved)
        if saved_game_id() != saved.info.game_id:
            # Re-played from its record: the save holds this game from now on,
            # so that `tacocat play --resume` means it, as the game says on leaving.
            autosave.save()
        info = saved.info
        session = Session(
            names=info.names,
            rules=saved.state.rules,
            seed=info.seed,
            computer=info.level if info.mode == VS_COMPUTER else None,
            ascii=ascii_only,
            hints=hints,
        )
        sys.exit(Game(session, io, saved.state, autosave, notes).run())

    names = (p1 or DEFAULT_NAMES[0], p2 or DEFAULT_NAMES[1])
    if computer is not None:
        names = (names[0], p2 or COMPUTER_NAME)
    if ask and not notes and not plain:  # notes come first, on the game's own first screen
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
            if aside:
                _remind(aside[0])
            sys.exit(asked[1])
        names, ask = (asked[0], asked[1]), False
    if aside:  # after the names: on the game's first screen, which stays until Enter
        notes.append(_aside_note(aside[0]))
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
    code = Game(session, io, notes=notes).run()
    if aside:
        _remind(aside[0])
    sys.exit(code)


def _tidy() -> None:
    """Remove copies of a save left by a killed game (they hold both hands).

    Run while the one-game lock is held, before the game writes anything.
    """
    from tacocat.storage.autosave import tidy

    tidy()


def _saved_game(resume: int | None, notes: list[str], aside: list[str]) -> SavedGame | None:
    """The game to resume, if there is one and the players want it.

    ``resume`` is None (no ``--resume``: ask about the saved game), LATEST
    (the saved game, else the newest unfinished one in history) or a number
    from ``tacocat history``.  A damaged save is explained (and moved aside
    by the loader); then a new game starts.  Such news goes into ``notes``,
    which the game shows on its first screen: printed here, it would vanish
    as the game takes the screen.  A game N that cannot be resumed is
    refused here, in one sentence, with exit status 2.  The id of a saved
    game the players chose not to resume goes into ``aside``.
    """
    if resume is not None and resume != LATEST:
        return _numbered_game(resume, notes)
    from tacocat.storage.paths import save_path

    if not save_path().exists():
        # No save: nothing to load, so the saves module (and the engine it
        # reads states with) need not be imported before the first screen.
        return _newest_unfinished(notes) if resume is not None else None
    from tacocat.storage.autosave import describe, find_saved_game
    from tacocat.storage.saves import DamagedSave

    found = find_saved_game()
    if isinstance(found, DamagedSave):
        notes.append(found.message())
        return None
    if found is not None and found.note:
        notes.append(found.note)  # a damaged record of the saved game, moved aside
    if found is None:
        return _newest_unfinished(notes) if resume is not None else None
    if resume is not None:
        return found
    from tacocat.sanitize import visible

    click.echo(visible(describe(found)))  # names and dates read from a file
    if click.confirm("Resume it?", default=True):
        return found
    _keep_resumable(found, notes)
    aside.append(found.info.game_id)
    return None


def _newest_unfinished(notes: list[str]) -> SavedGame | None:
    """`--resume` with no save: the newest unfinished game in history, from its record."""
    from tacocat.storage.autosave import game_from_record
    from tacocat.storage.records import RecordError, list_records, read_record

    records, _ = list_records()
    for record in records:
        if not record.finished and record.path is not None:
            try:
                return game_from_record(read_record(record.path))
            except RecordError as error:
                notes.append(f"The newest unfinished game cannot be resumed: {error}.")
                break
    notes.append("There is no saved game to resume: a new game starts.")
    return None


def _keep_resumable(saved: SavedGame, notes: list[str]) -> None:
    """Keep the saved game, which a new game is about to replace, resumable from its record.

    Its number is told as it will be once the new game is listed first,
    here and on the game's first screen (:func:`_aside_note`); the game says
    it again as the players leave (:func:`_remind`), by then perhaps after
    more games.
    """
    from tacocat.storage.autosave import keep_in_record

    warning = keep_in_record(saved)
    if warning is not None:
        notes.append(warning)
    click.echo(_aside_note(saved.info.game_id))


def _aside_note(game_id: str) -> str:
    """How to resume the unfinished game put aside, numbered as once the new game is listed."""
    from tacocat.storage.records import history_number

    number = history_number(game_id)
    if number is None:  # its record could not be written: the warning says so
        return "A new game starts."
    return (
        "A new game starts. The unfinished game stays in history: "
        f"`tacocat play --resume {number + 1}`."
    )


def _remind(game_id: str) -> None:
    """Tell, as the players leave, how to resume the unfinished game they put aside."""
    from tacocat.storage.records import history_number, list_records

    records, _ = list_records()
    number = history_number(game_id, records)
    if number is not None and not records[number - 1].finished:
        with suppress(OSError):  # the terminal may be gone (SIGHUP)
            click.echo(
                "The unfinished game from before stays in history: "
                f"`tacocat play --resume {number}`."
            )


def _refuse(sentence: str) -> NoReturn:
    """Refuse to resume, in one sentence (exit status 2: like a bad option)."""
    from tacocat.sanitize import visible

    click.echo(f"Error: {visible(sentence)}", err=True)  # may quote a file's path
    sys.exit(2)


def _numbered_game(number: int, notes: list[str]) -> SavedGame:
    """Game ``number`` of `tacocat history`, to play on; refused if it cannot be.

    Its save, if the save holds it, is the durable copy; otherwise the game
    is re-played from its record, and the save's own game (which the resumed
    one replaces at its next move) is first kept whole in its record.
    """
    from tacocat.storage.autosave import find_saved_game, game_from_record, keep_in_record
    from tacocat.storage.records import RecordError, list_records, read_record
    from tacocat.storage.saves import SavedGame

    records, _ = list_records()
    if not 1 <= number <= len(records):
        listed = f"{len(records)} game{'' if len(records) == 1 else 's'}"
        asked = number if number < 10**TOO_MANY_DIGITS else "of that number"
        _refuse(f"there is no game {asked} to resume: `tacocat history` lists {listed}.")
    record = records[number - 1]
    if record.finished:
        _refuse(f"game {number} is finished: watch it with `tacocat replay {number}`.")
    found = find_saved_game()  # the save's game: this one, or one to keep resumable
    if isinstance(found, SavedGame):
        if found.note:
            notes.append(found.note)
        if found.info.game_id == record.info.game_id:
            return found
        warning = keep_in_record(found)
        if warning is not None:
            notes.append(warning)
    elif found is not None:
        notes.append(found.message())  # a damaged save, moved aside
    assert record.path is not None  # list_records reads records from files
    try:
        return game_from_record(read_record(record.path))
    except RecordError as error:
        _refuse(f"game {number} cannot be resumed: {error}.")


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
