"""What ``tacocat simulate`` prints: the figures as tables or JSON."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from tacocat.ai.match import MatchStats
    from tacocat.ai.parallel import MatchRun


def report(
    run: MatchRun,
    names: list[str | None],
    seconds: float,
    games: int,
    seed: int,
    as_json: bool,
) -> None:
    results: list[dict[str, Any]] = []
    for stats, name in zip(run.stats, names, strict=True):
        stats.seconds = seconds
        results.append({"rules": name, **stats.to_dict()})
    common = {"seed": seed, "games_planned": games, "partial": run.partial}
    if as_json:
        import json

        if len(results) == 1:
            figures: dict[str, Any] = {**common, **results[0]}
        else:
            figures = {**common, "variants": results}
        click.echo(json.dumps(figures, indent=2))
    elif len(results) == 1:
        _print_tables(run.stats[0], {**common, **results[0]})
    else:
        _print_variants(run.stats, results, common)


def _percent(part: float) -> str:
    return f"{100 * part:.1f}%"


def _interval(bounds: list[float]) -> str:
    low, high = bounds
    return f"{100 * low:.1f}-{100 * high:.1f}%"


def _title(levels: tuple[str, str], figures: dict[str, Any], games: int) -> str:
    from tacocat.engine.words import noun

    # Grouped as the partial run's footer counts them: "5,520 games".
    title = f"{levels[0]} vs {levels[1]}: {games:,} {noun(games, 'game')}, seed {figures['seed']}"
    if figures["partial"]:
        title += " (partial)"
    return title


def _print_partial(figures: dict[str, Any], games: int) -> None:
    from tacocat.engine.words import noun

    planned = figures["games_planned"]
    stopped = f"stopped by Ctrl-C after {games:,} of {planned:,} {noun(planned, 'game')}"
    click.echo(f"Partial results: {stopped}.")


def _print_tables(stats: MatchStats, figures: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    games = stats.games
    players = Table(title=_title(stats.levels, figures, games))
    for header in ("Player", "Level", "Wins", "Share", "95% interval"):
        players.add_column(header, justify="left" if header in ("Player", "Level") else "right")
    for entry in figures["players"]:
        players.add_row(
            f"Player {entry['player']}",
            entry["level"],
            str(entry["wins"]),
            _percent(entry["win_rate"]),
            _interval(entry["win_rate_ci95"]),
        )
    players.add_row(
        "Draws",
        "",
        str(stats.draws),
        _percent(figures["draw_rate"]),
        _interval(figures["draw_rate_ci95"]),
    )

    figures_table = Table(title="Per game")
    figures_table.add_column("Statistic")
    figures_table.add_column("Value", justify="right")
    for name, value in _statistics(figures):
        figures_table.add_row(name, value)
    console = Console()
    console.print(players)
    console.print(figures_table)
    if figures["partial"]:
        _print_partial(figures, games)


def _statistics(figures: dict[str, Any]) -> list[tuple[str, str]]:
    seat = figures["seat_wins"]
    return [
        ("Rounds per game (average)", f"{figures['average_rounds']:.2f}"),
        (
            "Tied rounds (share of rounds)",
            f"{figures['tied_rounds']} ({_percent(figures['ties_per_round'])})",
        ),
        ("Tricks per game (average)", f"{figures['average_tricks']:.2f}"),
        ("Winner of the first decided round wins", _percent(figures["first_round_winner_wins"])),
        ("Wins from the YAY / WOW seat", f"{seat['yay']} / {seat['wow']}"),
        ("Games per second", f"{figures['games_per_second']:.1f}"),
    ]


def _print_variants(
    all_stats: list[MatchStats], results: list[dict[str, Any]], common: dict[str, Any]
) -> None:
    from rich.console import Console
    from rich.table import Table

    levels = all_stats[0].levels
    games = min(stats.games for stats in all_stats)
    table = Table(title=_title(levels, common, games) + ", one column per rules file")
    table.add_column("Statistic")
    for result in results:
        table.add_column(Path(result["rules"]).name, justify="right")
    rows: list[list[str]] = [["Games", *(str(result["games"]) for result in results)]]
    for side in (0, 1):
        rows.append(
            [f"Player {side + 1} ({levels[side]}) wins"]
            + [
                f"{_percent(r['players'][side]['win_rate'])} "
                f"({_interval(r['players'][side]['win_rate_ci95'])})"
                for r in results
            ]
        )
    rows.append(
        ["Draws"]
        + [f"{_percent(r['draw_rate'])} ({_interval(r['draw_rate_ci95'])})" for r in results]
    )
    per_variant = [_statistics({**common, **result}) for result in results]
    for row_number, (name, _) in enumerate(per_variant[0]):
        rows.append([name, *(stats[row_number][1] for stats in per_variant)])
    for row in rows:
        table.add_row(*row)
    Console().print(table)
    if common["partial"]:
        _print_partial(common, sum(stats.games for stats in all_stats))
