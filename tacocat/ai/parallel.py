"""Many games on every core, or on a cluster, with the same figures as one process.

A match is cut into *chunks* of consecutive game indices.  Every game draws
its seeds from the match seed and its own index (:func:`~tacocat.ai.match.game_seed`),
so the same ``play_chunk`` plays the same games in this process, in a pool
of processes or on a Dask cluster (docs/playing.md, "On a cluster"), and the
chunks' results, put back in index order, are what one process playing
every game in turn would get.  Ctrl-C stops the work; :func:`run_match`
then returns what the finished chunks played, marked ``partial``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tacocat.ai.collector import paused
from tacocat.ai.interrupt import CtrlC, finished, process_pool
from tacocat.ai.match import GameResult, MatchStats, Options, play_full_game
from tacocat.engine import Event, GameState, Rules

if TYPE_CHECKING:  # concurrent.futures is loaded only once a pool works
    from concurrent.futures import Executor, Future

# One chunk should be small enough that Ctrl-C loses little and progress moves,
# and big enough that sending it to a worker costs nothing next to playing it.
CHUNKS_PER_WORKER = 16
MAX_CHUNK = 20
CLUSTER_IN_FLIGHT = 256  # chunks handed to a cluster at a time: enough for its workers


@dataclass(frozen=True)
class MatchPlan:
    """Everything a worker needs to play any game of one match (it is pickled)."""

    levels: tuple[str, str]
    seed: int
    rules: Rules | None = None
    options: Options = field(default_factory=dict)
    recorder: Recorder | None = None


# Turns game ``index`` of a plan, ended in a state after its events, into a record file's
# text (``tacocat simulate --save-games``).  The caller gives it, so the computer players
# need not know the record format; it runs in the worker, pickled with the plan.
Recorder = Callable[[MatchPlan, int, GameState, list[Event]], str]


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of plan number ``plan`` (a rules variant)."""

    plan: int
    start: int
    stop: int


Outcome = tuple[GameResult, str | None]  # a game's figures and, if asked for, its record


def play_chunk(plan: MatchPlan, start: int, stop: int) -> list[Outcome]:
    """Play games ``start`` to ``stop - 1`` of ``plan``; what a worker runs."""
    outcomes: list[Outcome] = []
    with paused():  # games and records make no reference cycles (tacocat.ai.collector)
        for index in range(start, stop):
            result, state, events = play_full_game(
                plan.levels, plan.seed, index, plan.rules, plan.options
            )
            text = None if plan.recorder is None else plan.recorder(plan, index, state, events)
            outcomes.append((result, text))
    return outcomes


def chunks_for(games: int, workers: int, plans: int = 1) -> Iterator[Chunk]:
    """Cut ``games`` games of each of ``plans`` plans into chunks, in index order, as needed.

    Plans (rules variants) take turns chunk by chunk, so a run stopped early
    has played about as many games of each.  Made one by one: a match of
    10**12 games starts at once, in the memory of a small one.
    """
    size = chunk_size(games, workers)
    for start in range(0, games, size):
        for plan in range(plans):
            yield Chunk(plan, start, min(start + size, games))


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, games // (workers * CHUNKS_PER_WORKER)))


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass
class MatchRun:
    """The figures of a run, one :class:`MatchStats` per plan, and whether it was cut short."""

    stats: list[MatchStats]
    partial: bool


OnChunk = Callable[[Chunk, list[Outcome]], None]


def run_match(
    plans: Sequence[MatchPlan],
    games: int,
    jobs: int = 1,
    scheduler: str | None = None,
    on_chunk: OnChunk = lambda chunk, outcomes: None,
) -> MatchRun:
    """Play ``games`` games of every plan and total them, merged in index order.

    ``on_chunk(chunk, outcomes)`` is called in this process as each chunk
    finishes, in whatever order they finish (to advance a progress bar, to
    write the games' records).  Ctrl-C (KeyboardInterrupt) stops the run
    and returns the games of the chunks already finished, ``partial=True``.
    """
    workers = 1 if scheduler is None and jobs <= 1 else max(2, jobs)
    stats = [MatchStats(plan.levels) for plan in plans]

    def keep(chunk: Chunk, outcomes: list[Outcome]) -> None:
        """A finished chunk: to ``on_chunk``, then into the totals (records can be large)."""
        on_chunk(chunk, outcomes)
        for result, _ in outcomes:  # totals are sums: the order chunks finish in is free
            stats[chunk.plan].add(result)

    interrupted = False
    try:
        chunks = chunks_for(games, workers, len(plans))
        if workers == 1:
            # Paused for the whole match: the engine's caches of legal choices, which
            # the collector would walk, grow all match long (tacocat.ai.collector).
            with paused():
                for chunk in chunks:
                    keep(chunk, play_chunk(plans[chunk.plan], chunk.start, chunk.stop))
        elif scheduler is None:
            processes = min(jobs, -(-games // chunk_size(games, workers)) * len(plans))
            _on_pool(process_pool(processes), 2 * processes, plans, chunks, keep)
        else:
            _on_pool(_cluster(scheduler), CLUSTER_IN_FLIGHT, plans, chunks, keep)
    except KeyboardInterrupt:
        interrupted = True
    played = sum(part.games for part in stats)
    return MatchRun(stats, interrupted or played < games * len(plans))


def _on_pool(
    executor: AbstractContextManager[Executor],
    window: int,
    plans: Sequence[MatchPlan],
    chunks: Iterator[Chunk],
    keep: OnChunk,
) -> None:
    """Play the chunks on ``executor``, ``window`` of them in flight, each kept as it finishes.

    A window, not all at once: Ctrl-C then has little to cancel, and a huge
    match does not queue thousands of tasks (a cluster's scheduler holds every
    task it is given).
    """
    running: dict[Future[list[Outcome]], Chunk] = {}
    with CtrlC() as ctrl_c, executor as pool:

        def submit_next() -> None:
            for chunk in chunks:
                running[pool.submit(play_chunk, plans[chunk.plan], chunk.start, chunk.stop)] = chunk
                return

        for _ in range(window):
            submit_next()
        for future, chunk in finished(running, ctrl_c):  # Ctrl-C: between chunks
            keep(chunk, future.result())
            submit_next()


@contextmanager
def _cluster(address: str) -> Iterator[Executor]:
    """The Dask cluster at ``address`` as an executor."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "--scheduler needs the cluster extra: pip install 'tacocat[cluster]'"
        ) from None
    dask: Any = distributed  # an optional extra: typed loosely, so mypy passes without it
    try:
        client = dask.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({error})") from None
    with client:
        pool = client.get_executor(pure=False)
        try:
            yield pool
        except BaseException:
            pool.shutdown(wait=False)  # cancels what is still queued
            raise


class ClusterError(Exception):
    """The cluster cannot be used (extra not installed, scheduler unreachable)."""
