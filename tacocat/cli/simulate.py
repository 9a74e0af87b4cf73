"""``tacocat simulate``: many computer-against-computer games, and what they show."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tacocat.cli.levels import LEVEL
from tacocat.cli.options import Whole

if TYPE_CHECKING:
    from tacocat.ai.match import MatchStats
    from tacocat.ai.parallel import MatchPlan, MatchRun
    from tacocat.engine import Rules

INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C


@click.command()
@click.option(
    "--games",
    "-n",
    type=Whole(min=1),
    default=100,
    show_default=True,
    help="Games to play.",
)
@click.option("--seed", "-s", type=Whole(), default=1, show_default=True, help="Seed of the match.")
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
    "rules_files",
    type=click.Path(dir_okay=False),
    multiple=True,
    help="A TOML rules file (other deck, board or variants). Repeat it to compare "
    "variants side by side on the same seeds.",
)
@click.option(
    "--jobs",
    "-j",
    type=Whole(min=1),
    default=None,
    help="Processes to play in [default: every core]. Any number gives the same results.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install 'tacocat[cluster]').",
)
@click.option(
    "--save-games",
    "save_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write every game's record to this folder (tacocat replay FILE shows one).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def simulate(
    games: int,
    seed: int,
    level1: str,
    level2: str,
    rules_files: tuple[str, ...],
    jobs: int | None,
    scheduler: str | None,
    save_dir: Path | None,
    as_json: bool,
) -> None:
    """Play computer against computer and count what happens.

    Levels: random, easy, normal, hard, expert.  Seats alternate: player 1 sits at
    YAY in odd-numbered games and at WOW in the others, so neither level
    gets the first seat more often.  The same seed plays the same games,
    whatever --jobs says or wherever they run: game i always gets the same
    seeds.

    The table shows wins per player with a 95% confidence interval (Wilson),
    draws (too many tied rounds in a row), tied rounds, average rounds and
    tricks per game, how often the winner of the first decided round goes
    on to win the game, and games per second.  Ctrl-C stops early and shows
    the games finished so far, marked partial.
    """
    import gc
    from contextlib import nullcontext

    from tacocat.ai.collector import paused
    from tacocat.ai.parallel import default_jobs

    plans = _plans((level1, level2), seed, _variants(rules_files), save_dir)
    workers = jobs or default_jobs()
    here = workers == 1 and scheduler is None  # the games are played in this process
    with paused() if here else nullcontext():
        run, seconds = _play(plans, games, workers, scheduler, save_dir, as_json)
        _report(run, list(rules_files) or [None], seconds, games, seed, as_json)
        if here:
            # What the match built - the engine's caches of legal choices, a few
            # hundred thousand objects - stays until the process ends.  Frozen,
            # the collector does not walk it again when it resumes and twice more
            # while Python shuts down (a tenth of a 5,000-game run).  With worker
            # processes this one plays nothing and is left as it was.
            gc.freeze()
    if run.partial:
        sys.exit(INTERRUPTED)


def _variants(rules_files: tuple[str, ...]) -> list[Rules | None]:
    """The rules of each ``--rules`` file, in order; the standard rules if none."""
    from tacocat.engine import RulesError, load_rules

    variants: list[Rules | None] = []
    for rules_file in rules_files:
        try:
            variants.append(load_rules(rules_file))
        except RulesError as error:
            from tacocat.cli.options import rules_error_exit

            rules_error_exit(error)  # exit 2 with one line, as `play` does
    return variants or [None]


def _plans(
    levels: tuple[str, str], seed: int, variants: list[Rules | None], save_dir: Path | None
) -> list[MatchPlan]:
    """One match plan per rules variant, each recording its games if ``save_dir`` is given."""
    from tacocat.ai.parallel import MatchPlan
    from tacocat.cli.sim_records import GameRecorder
    from tacocat.storage.game_info import now_text

    started = None
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise click.ClickException(f"cannot create {save_dir} ({error})") from None
        started = now_text()

    def recorder(number: int) -> GameRecorder | None:
        if started is None:
            return None
        return GameRecorder(started, "sim" if len(variants) == 1 else f"sim-v{number}")

    return [
        MatchPlan(levels, seed, rules, recorder=recorder(number))
        for number, rules in enumerate(variants, start=1)
    ]


def _play(
    plans: list[MatchPlan],
    games: int,
    workers: int,
    scheduler: str | None,
    save_dir: Path | None,
    as_json: bool,
) -> tuple[MatchRun, float]:
    """Play the match behind a progress bar, writing records as games come back; and its time."""
    import time

    from tacocat.ai.parallel import ClusterError, run_match
    from tacocat.cli.sim_records import RecordWriter

    started = time.perf_counter()
    with _Progress(games * len(plans), enabled=not as_json) as progress:
        writer = RecordWriter(save_dir, plans, progress)
        try:
            run = run_match(plans, games, workers, scheduler, on_chunk=writer)
        except ClusterError as error:
            raise click.ClickException(str(error)) from None
        except OSError as error:  # a record that could not be written
            raise click.ClickException(str(error)) from None
    return run, time.perf_counter() - started


def _report(
    run: MatchRun,
    names: list[str | None],
    seconds: float,
    games: int,
    seed: int,
    as_json: bool,
) -> None:
    """Print the figures: as JSON, as tables, or as one table with a column per rules file."""
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


class _Progress:
    """A rich progress bar with games/s and time left, on a terminal only.

    Nothing is drawn when stdout is piped or the figures are printed as JSON.
    """

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _Progress:
        if self.enabled and sys.stdout.isatty():
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("Playing"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("Playing", total=self.total, rate="")
        return self

    def advance(self, games: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, games)
            speed = self.bar.tasks[0].speed
            if speed:
                self.bar.update(self.task, rate=f"{speed:,.1f} games/s")

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


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
    players.add_column("Player")
    players.add_column("Level")
    players.add_column("Wins", justify="right")
    players.add_column("Share", justify="right")
    players.add_column("95% interval", justify="right")
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
    """One table, a column per rules file, the same seeds in every column."""
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
