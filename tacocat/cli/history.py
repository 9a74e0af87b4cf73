"""``tacocat history``: the recorded games, newest first."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tacocat.storage.records import GameRecord


@click.command()
def history() -> None:
    """List recorded games, newest first: id, date, players, winner, rounds and hints.

    Every finished or saved game is recorded; replay one with
    `tacocat replay ID` (its id stays the same; N, its number in this list,
    works too but shifts as games are added).  Below the list, each player
    name's wins out of its finished games, hot seat, two terminals (tacocat
    host) and each computer level apart.  Above the totals, each name's
    rating (Glicko-2, from its finished games against the computer levels
    and other people), how far it moved over the last games, and the
    accuracy the coach found in those of them that `tacocat analyze` has
    reviewed.  Hints counts how often each player asked the coach (`hint`),
    in the order of Players.
    """
    _history()


def _history() -> None:
    from rich.console import Console
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from tacocat.cli.output import echo
    from tacocat.engine.words import noun
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
    headers = ("#", "Id", "Date", "Players", "Winner", "Rounds", "Hints")
    rows = _rows(records)
    if not console.is_terminal:
        _print_plain(headers, rows, records)
        return
    if console.width < _table_width(headers, rows):
        # Too narrow for the table (rich would squeeze whole columns to nothing):
        # each game on lines of its own instead.
        console.print(Text("Recorded games", style="italic"))
        for number, short_id, date, players, result, rounds, hints in rows:
            console.print(Text(f"{number}. {short_id}  {date}", style="bold"))
            outcome = result if result in ("in progress", "draw") else f"{result} won"
            counted = f"{rounds} {noun(int(rounds), 'round')}"
            told = Text(f"{players}: {outcome}, {counted}, hints {hints}")
            console.print(Padding(told, (0, 0, 0, 3)))  # wrapped lines keep the indent
        console.print()
    else:
        table = Table(title="Recorded games", title_justify="left")
        for header in headers:
            right = header in ("#", "Rounds", "Hints")
            table.add_column(
                header, justify="right" if right else "left", no_wrap=header in ("Id", "Date")
            )
        for row in rows:
            in_progress = row[4] == "in progress"
            # Cells as Text: names are plain text, never markup, whoever wrote the record.
            table.add_row(*(Text(cell) for cell in row), style="italic" if in_progress else None)
        console.print(table)
    for line in (*rating_lines(records), *totals_lines(records)):
        console.print(Text(line))  # names as plain text
    console.print(
        "Replay a game with `tacocat replay ID` (or N from the # column, which shifts "
        "as games are added).",
        style="dim",
    )


def _rows(records: Sequence[GameRecord]) -> list[tuple[str, ...]]:
    return [
        (
            str(number),
            r.info.short_id,
            _local_date(r.info.started),
            r.info.players,
            r.result(),
            str(r.rounds),
            f"{r.hints[0]}/{r.hints[1]}",
        )
        for number, r in enumerate(records, start=1)
    ]


# The players and the winner may wrap inside the table, down to this many columns.
NAMES_WIDTH = 12


def _table_width(headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> int:
    """The least width showing every cell (players and winner may wrap to NAMES_WIDTH)."""
    from rich.cells import cell_len

    widths = [max(cell_len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]
    widths[3], widths[4] = (min(width, NAMES_WIDTH) for width in widths[3:5])
    return sum(widths) + 3 * len(widths) + 1


def _print_plain(
    headers: tuple[str, ...], rows: list[tuple[str, ...]], records: Sequence[GameRecord]
) -> None:
    """Piped or redirected: aligned plain text."""
    from tacocat.cli.output import echo

    widths = [max(len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]
    for row in (headers, *rows):
        echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    echo()
    for line in (*rating_lines(records), *totals_lines(records)):
        echo(line)


def _local_date(started: str) -> str:
    from datetime import datetime

    # A record's time was checked on loading (storage.game_info.is_time).
    return datetime.fromisoformat(started).astimezone().strftime("%Y-%m-%d %H:%M")


def win_totals(records: Sequence[GameRecord]) -> dict[str, list[tuple[str, int, int]]]:
    """Per way of playing (hot seat, two terminals, against each level), (name, won, played).

    Against the computer only the person counts; unfinished games count for
    nobody; a draw counts as played.  Most wins first.
    """
    from tacocat.names import COMPUTER_LEVELS
    from tacocat.storage.game_info import HOT_SEAT, TWO_TERMINALS, VS_COMPUTER

    tallies: dict[str, dict[str, list[int]]] = {}
    for record in records:
        if not record.finished:
            continue
        info = record.info
        mode = f"against {info.level}" if info.mode == VS_COMPUTER else info.mode
        tally = tallies.setdefault(mode, {})
        for seat, name in enumerate(info.names):
            if info.mode != VS_COMPUTER or seat != info.computer:
                counts = tally.setdefault(name, [0, 0])
                counts[0] += record.winner == seat
                counts[1] += 1
    order = [HOT_SEAT, TWO_TERMINALS, *(f"against {level}" for level in COMPUTER_LEVELS)]
    ways = sorted(tallies, key=lambda way: (order.index(way) if way in order else len(order), way))
    return {
        way: sorted(
            ((name, won, played) for name, (won, played) in tallies[way].items()),
            key=lambda t: (-t[1], t[0]),
        )
        for way in ways
    }


def totals_lines(records: Sequence[GameRecord]) -> list[str]:
    totals = win_totals(records)
    if not totals:
        return ["Wins: no finished games yet."]
    return [
        f"Wins, {way}: " + ", ".join(f"{name} {won} of {played}" for name, won, played in rows)
        for way, rows in totals.items()
    ]


def rating_lines(records: Sequence[GameRecord]) -> list[str]:
    """'Ann 1622 ±180 provisional, +122 in 10 games, accuracy 81% (3 analysed)', best first.

    ± is twice the deviation; trend and accuracy over the last RECENT rated games.
    """
    from tacocat.storage.ratings import LEVEL_RATINGS, rate

    ratings = rate(records)
    if not ratings:
        return []
    lines = ["Ratings (Glicko-2), the trend and accuracy over each name's last games:"]
    unanalysed = False
    for name in sorted(ratings, key=lambda n: (-ratings[n].rating.value, n)):
        rated = ratings[name]
        recent = rated.recent()
        accuracy = _accuracy_text([(game.record, game.seat) for game in recent])
        unanalysed |= accuracy is None
        lines.append(
            f"  {name} {rated.rating.value:.0f} ±{2 * rated.rating.deviation:.0f}"
            f"{' provisional' if rated.provisional else ''}, {rated.trend():+.0f} in "
            f"{len(recent)} game{'s' if len(recent) > 1 else ''}, {accuracy or 'no accuracy yet'}"
        )
    levels = ", ".join(f"{level} {rating.value:.0f}" for level, rating in LEVEL_RATINGS.items())
    # Wrapped here so that a pipe, too, gets lines of at most 80 characters.
    told = f"Computer levels: {levels}."
    lines += textwrap.wrap(told, 80, initial_indent="  ", subsequent_indent="    ")
    if unanalysed:
        lines.append("  Accuracy needs `tacocat analyze ID` on a game: it keeps its review.")
    return lines


def _accuracy_text(games: Sequence[tuple[GameRecord, int]]) -> str | None:
    found = [a for a in (cached_accuracy(record, seat) for record, seat in games) if a is not None]
    if not found:
        return None
    share = f"{len(found)} analysed" if len(found) < len(games) else "all analysed"
    return f"accuracy {sum(found) / len(found):.0%} ({share})"


def cached_accuracy(record: GameRecord, seat: int) -> float | None:
    """The seat's accuracy in the game's cached analysis (history never analyses); or None."""
    from tacocat.coach.analysis import ANALYSIS_BUDGET
    from tacocat.coach.stored import cached_analysis

    analysis = cached_analysis(record, ANALYSIS_BUDGET)
    accuracy = None if analysis is None else analysis.summaries[seat].accuracy
    return None if accuracy is None else float(accuracy)
