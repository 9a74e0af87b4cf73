"""``tacocat simulate``: many computer-against-computer games, and what they show."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tacocat.cli.options import LEVEL, Whole, fail

if TYPE_CHECKING:
    from tacocat.ai.parallel import MatchPlan, MatchRun
    from tacocat.engine import Rules

INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C
level_option = partial(click.option, type=LEVEL, show_default=True, metavar="LEVEL")


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
@level_option("--p1", "level1", default="normal", help="First level.")
@level_option("--p2", "level2", default="random", help="Second level.")
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

    Levels: random, easy, normal, hard, expert, master.  Seats alternate: player 1 sits at
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
        from tacocat.cli.sim_output import report

        report(run, list(rules_files) or [None], seconds, games, seed, as_json)
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
    from tacocat.engine import RulesError, load_rules

    variants: list[Rules | None] = []
    for rules_file in rules_files:
        try:
            variants.append(load_rules(rules_file))
        except RulesError as error:
            fail(f"--rules: {error}")  # as `play` does
    return variants or [None]


def _plans(
    levels: tuple[str, str], seed: int, variants: list[Rules | None], save_dir: Path | None
) -> list[MatchPlan]:
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
    import time

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from tacocat.ai.parallel import Chunk, ClusterError, Outcome, run_match
    from tacocat.cli.sim_records import write_records

    bar = Progress(
        TextColumn("Playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        transient=True,
        disable=as_json or not sys.stdout.isatty(),  # on a terminal only
    )
    task = bar.add_task("Playing", total=games * len(plans), rate="")

    def on_chunk(chunk: Chunk, outcomes: list[Outcome]) -> None:
        if save_dir is not None:
            write_records(save_dir, plans[chunk.plan], chunk, outcomes)
        bar.advance(task, chunk.stop - chunk.start)
        if speed := bar.tasks[0].speed:
            bar.update(task, rate=f"{speed:,.1f} games/s")

    started = time.perf_counter()
    with bar:
        try:
            run = run_match(plans, games, workers, scheduler, on_chunk=on_chunk)
        except (ClusterError, OSError) as error:  # OSError: a record that could not be written
            raise click.ClickException(str(error)) from None
    return run, time.perf_counter() - started
