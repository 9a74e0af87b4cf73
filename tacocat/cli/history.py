"""``tacocat history``: the recorded games, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tacocat.storage.records import GameRecord


@click.command()
def history() -> None:
    """List recorded games, newest first: date, players, winner, rounds and hints.

    Every finished or saved game is recorded; replay one with
    `tacocat replay N`, N being its number in this list.  Below the list,
    each player name's wins out of its finished games.  Hints counts how
    often each player asked the coach (`hint`), in the order of Players.
    """
    _history()  # its output is prepared and guarded for every command (tacocat.cli)


def _history() -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tacocat.cli.output import echo
    from tacocat.storage.paths import checked_app_dir, records_dir
    from tacocat.storage.records import list_records

    checked_app_dir()  # else one sentence for what stops a look at it (tacocat.cli)
    records, problems = list_records()
    console = Console()
    for problem in problems:
        click.echo(f"Skipped: {problem}", err=True)
    if not records:
        echo(
            f"No games recorded yet (looked in {records_dir()}).\n"
            "Play one with `tacocat play`: finished and saved games appear here."
        )
        return
    headers = ("#", "Date", "Players", "Winner", "Rounds", "Hints")
    rows = [
        (
            str(number),
            _local_date(r.info.started),
            r.info.players,
            r.result(),
            str(r.rounds),
            f"{r.hints[0]}/{r.hints[1]}",
        )
        for number, r in enumerate(records, start=1)
    ]
    if not console.is_terminal:
        # Piped or redirected: aligned plain text, nothing for grep or a pager to trip on.
        widths = [max(len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]
        for row in (headers, *rows):
            echo(
                "  ".join(
                    cell.ljust(width) for cell, width in zip(row, widths, strict=True)
                ).rstrip()
            )
        echo()
        echo(_totals_line(records))
        return
    table = Table(title="Recorded games", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Date", no_wrap=True)
    table.add_column("Players")
    table.add_column("Winner")
    table.add_column("Rounds", justify="right")
    table.add_column("Hints", justify="right")
    for row in rows:
        in_progress = row[3] == "in progress"
        # Cells as Text: names are plain text, never markup, whoever wrote the record.
        table.add_row(*(Text(cell) for cell in row), style="italic" if in_progress else None)
    console.print(table)
    console.print(Text(_totals_line(records)))  # names as plain text
    console.print("Replay a game with `tacocat replay N` (N from the # column).", style="dim")


def _local_date(started: str) -> str:
    """'2026-11-29 16:36' in the local time zone (the record keeps UTC)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(started).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError):  # records are checked on loading; this is a backstop
        return started[:16]


def win_totals(records: Sequence[GameRecord]) -> list[tuple[str, int, int]]:
    """(name, games won, finished games played) per player name, most wins first.

    Games still in progress count for nobody; a drawn game counts as played.
    """
    won: dict[str, int] = {}
    played: dict[str, int] = {}
    for record in records:
        if not record.finished:
            continue
        for seat, name in enumerate(record.info.names):
            played[name] = played.get(name, 0) + 1
            won[name] = won.get(name, 0) + (record.winner == seat)
    return sorted(((name, won[name], played[name]) for name in played), key=lambda t: (-t[1], t[0]))


def _totals_line(records: Sequence[GameRecord]) -> str:
    totals = win_totals(records)
    if not totals:
        return "Wins: no finished games yet."
    return "Wins: " + ", ".join(f"{name} {wins} of {games}" for name, wins, games in totals)
