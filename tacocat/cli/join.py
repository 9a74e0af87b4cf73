"""``tacocat join``: play (or watch) a game hosted at another terminal."""

from __future__ import annotations

import sys

import click

from tacocat.cli.options import ascii_option


@click.command()
@click.argument("code", required=False)
@click.option("--watch", is_flag=True, help="Watch the game: the table and the log, no hand.")
@ascii_option
def join(code: str | None, watch: bool, ascii_only: bool) -> None:
    """Join the game that tacocat host started, by its code.

    Without a code, joins the one game hosted on this machine (by this
    user).  From another machine: ssh -t HOST tacocat join CODE.  Your
    screen shows your own hand only; Ctrl-C leaves, and joining again with
    the same code goes on at the same decision.
    """
    from tacocat.cli.output import say_last
    from tacocat.cli.play import _terminal
    from tacocat.net import wire
    from tacocat.net.client import Client
    from tacocat.ui.term.signals import Stopped, goodbye

    if code is not None and not wire.CODE.fullmatch(code.strip().lower()):
        raise click.BadParameter("a join code is six letters, as the host shows it")
    try:
        if code is None:
            codes = wire.open_codes()
            if len(codes) != 1:
                found = ", ".join(codes) if codes else "none is hosted here"
                raise click.UsageError(f"name the game to join (tacocat join CODE): {found}")
            code = codes[0]
        connection = wire.connect(code.strip().lower())
    except wire.UnsafeFolder as error:  # said as it is: not "no game is hosted"
        raise click.ClickException(f"cannot meet the host: {error}") from None
    except OSError:
        raise click.ClickException(f"no game with the code {code} is hosted here") from None
    io = _terminal(False)
    client = Client(connection, io, ascii_only)
    io.guard.install()
    status = 0
    try:
        with io:
            line = client.run(watch)
        status = client.exit_code
    except (Stopped, KeyboardInterrupt, EOFError) as error:
        line, status = goodbye(error)
        line += " Join again with the same code to go on."
    finally:
        io.guard.release()
        connection.close()
    say_last(line)  # after SIGHUP the terminal may be gone
    sys.exit(status)
