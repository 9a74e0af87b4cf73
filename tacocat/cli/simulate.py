"""``tacocat simulate``: many computer-against-computer games, and what they show."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from tacocat.cli.levels import LEVEL

if TYPE_CHECKING:
    from tacocat.ai.match import MatchStats


@click.command()
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Games to play.",
)
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Seed of the match.")
@click.option(
    "--p1",
    "level1",
    type=LEVEL,
    default="normal",
    show_default=True,
    metavar="LEVEL",
    help="First level.",
)
@click.option(
    "--p2",
    "level2",
    type=LEVEL,
    default="random",
    show_default=True,
    metavar="LEVEL",
    help="Second level.",
)
@click.option(
    "--rules",
    "rules_file",
    type=click.Path(dir_okay=False),
    help="A TOML rules file (other deck, board or variants).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def simulate(
    games: int, seed: int, level1: str, level2: str, rules_file: str | None, as_json: bool
) -> None:
    """Play computer against computer and count what happens.

    Levels: random, easy, normal, hard.  Seats alternate: player 1 sits at
    YAY in odd-numbered games and at WOW in the others, so neither level
    gets the first seat more often.  The same seed plays the same games.

    The table shows wins per player, draws (too many tied rounds in a row),
    tied rounds, average rounds and tricks per game, how often the winner of
    the first decided round goes on to win the game, and games per second.
    """
    import time

    from tacocat.ai.match import MatchStats, play_game
    from tacocat.engine import RulesError, engine_build, load_rules

    rules = None
    if rules_file is not None:
        try:
            rules = load_rules(rules_file)
        except RulesError as error:
            raise click.ClickException(str(error)) from None

    levels = (level1, level2)
    stats = MatchStats(levels)
    started = time.perf_counter()
    with _Progress(games, enabled=not as_json) as advance:
        for index in range(games):
            stats.add(play_game(levels, seed, index, rules))
            advance()
    stats.seconds = time.perf_counter() - started

    figures: dict[str, Any] = {
        "seed": seed,
        "rules": rules_file,
        **stats.to_dict(),
        "engine": engine_build(),
    }
    if as_json:
        import json

        click.echo(json.dumps(figures, indent=2))
    else:
        _print_tables(stats, figures)


class _Progress:
    """A rich progress bar on a terminal; nothing when piped or printing JSON."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _Progress:
        import sys

        if self.enabled and sys.stdout.isatty():
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            self.task = self.bar.add_task("Playing", total=self.total)
        return self

    def __call__(self) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _percent(part: float) -> str:
    return f"{100 * part:.1f}%"


def _print_tables(stats: MatchStats, figures: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    games = stats.games
    players = Table(
        title=f"{stats.levels[0]} vs {stats.levels[1]}: {games} games, seed {figures['seed']}"
    )
    players.add_column("Player")
    players.add_column("Level")
    players.add_column("Wins", justify="right")
    players.add_column("Share", justify="right")
    for entry in figures["players"]:
        players.add_row(
            f"Player {entry['player']}",
            entry["level"],
            str(entry["wins"]),
            _percent(entry["win_rate"]),
        )
    players.add_row("Draws", "", str(stats.draws), _percent(stats.draws / games))

    figures_table = Table(title="Per game")
    figures_table.add_column("Statistic")
    figures_table.add_column("Value", justify="right")
    seat = figures["seat_wins"]
    rows = (
        ("Rounds per game (average)", f"{figures['average_rounds']:.2f}"),
        (
            "Tied rounds (share of rounds)",
            f"{stats.tied_rounds} ({_percent(figures['ties_per_round'])})",
        ),
        ("Tricks per game (average)", f"{figures['average_tricks']:.2f}"),
        ("Winner of the first decided round wins", _percent(figures["first_round_winner_wins"])),
        ("Wins from the YAY / WOW seat", f"{seat['yay']} / {seat['wow']}"),
        ("Games per second", f"{figures['games_per_second']:.1f} ({figures['engine']} engine)"),
    )
    for name, value in rows:
        figures_table.add_row(name, value)
    console = Console()
    console.print(players)
    console.print(figures_table)
