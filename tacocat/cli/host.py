"""``tacocat host``: a game whose other player joins from another terminal."""

from __future__ import annotations

import socket
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tacocat.cli.options import (
    ascii_option,
    claim,
    load_rules_options,
    rules_file_option,
    seed_option,
    tie_goes_to_arrow_option,
)
from tacocat.cli.resume import resume_option
from tacocat.engine.players import WOW, YAY, Player

if TYPE_CHECKING:
    from tacocat.storage.saves import SavedGame
    from tacocat.ui.play.game import Session


@click.command()
@click.option("--p1", metavar="NAME", help="Name of player 1 (YAY goal). Default: Yay.")
@click.option("--p2", metavar="NAME", help="Name of player 2 (WOW goal). Default: Wow.")
@click.option(
    "--seat",
    type=click.Choice(["yay", "wow"]),
    default="yay",
    show_default=True,
    help="Your seat; the player who joins takes the other.",
)
@seed_option
@click.option(
    "--code",
    metavar="CODE",
    help="The join code to use (six letters, as the host shows them); default: a new one.",
)
@resume_option(
    help="Host an unfinished game between two people again (its id or number in "
    "`tacocat history`; without GAME, the saved one). You keep your seat (--seat).",
)
@rules_file_option
@tie_goes_to_arrow_option
@ascii_option
@click.option("--no-hints", is_flag=True, help="Turn off the hint command for both players.")
def host(
    p1: str | None,
    p2: str | None,
    seat: str,
    seed: int | None,
    code: str | None,
    resume: int | str | None,
    rules_file: Path | None,
    tie_goes_to_arrow: bool,
    ascii_only: bool,
    no_hints: bool,
) -> None:
    """Host a game for a player at another terminal (tacocat join CODE).

    Each screen shows only its own player's hand, so nobody needs to look
    away.  The two meet through a socket in tacocat's private folder on
    this machine; from another machine, join over SSH:
    ssh -t THISHOST tacocat join CODE.  The game is saved as it goes: if
    the host stops, tacocat host --resume hosts it again (or tacocat play
    --resume goes on with it at one keyboard).
    """
    from tacocat.cli.play import _check_names
    from tacocat.net import wire
    from tacocat.storage.autosave import tidy
    from tacocat.ui.play.game import Session

    _check_names(p1, p2)
    if code is not None and not wire.CODE.fullmatch(code):
        raise click.BadParameter(f"six of the letters {wire.CODE_LETTERS}", param_hint="--code")
    rules = load_rules_options(rules_file, tie_goes_to_arrow)
    with claim():
        tidy()  # copies of a save a killed game left
        code = code or wire.new_code()
        try:
            server = wire.listen(code)
        except OSError as error:
            raise click.ClickException(f"cannot open the join socket: {error}") from None
        names = (p1 or "Yay", p2 or "Wow")
        session = Session(names, rules, seed, None, ascii_only, hints=not no_hints)
        remote = WOW if seat == "yay" else YAY
        try:
            status = _host(session, server, code, remote, _saved(resume))
        finally:
            wire.socket_path(code).unlink(missing_ok=True)
    sys.exit(status)


def _saved(resume: int | str | None) -> SavedGame | None:
    if resume is None:
        return None
    from tacocat.cli.resume import saved_game
    from tacocat.storage.game_info import VS_COMPUTER

    saved = saved_game(resume, [], [])
    if saved is None:
        raise click.UsageError("there is no unfinished game to host again")
    if saved.info.mode == VS_COMPUTER:  # hot seat or two terminals: two people
        raise click.UsageError("only a game between two people can be hosted again")
    return saved


def _host(
    session: Session, server: socket.socket, code: str, remote: Player, saved: SavedGame | None
) -> int:
    from tacocat.cli.play import _terminal
    from tacocat.net.host import hosted_game
    from tacocat.net.lobby import Lobby
    from tacocat.storage.autosave import take_save

    autosave = None
    if saved is not None:
        info = saved.info
        session = replace(session, names=info.names, seed=info.seed, rules=saved.state.rules)
        autosave = take_save(saved)
    names = session.names
    lobby = Lobby(server, code, remote, names)
    notes = [
        f"Join code: {code}. {names[remote]} joins from another terminal with:",
        f"  tacocat join {code}",
        f"From another machine: ssh -t THISHOST tacocat join {code}",
        f"Anyone may watch: tacocat join {code} --watch",
    ]
    state = saved.state if saved is not None else None
    game = hosted_game(session, _terminal(False), lobby, state, autosave, notes)
    try:
        return game.run()
    finally:
        lobby.close("The host has ended the game.")
