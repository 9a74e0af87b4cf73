"""``tacocat simulate --save-games``: each simulated game as a record file.

The records are made where the games are played (a worker process or a
cluster node, by :class:`GameRecorder`, which travels pickled with the match
plan) and written here, in the command's process, as each chunk of games
comes back (:class:`RecordWriter`).  They are the records ``tacocat history``
lists and ``tacocat replay`` shows.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tacocat.ai.parallel import Chunk, MatchPlan, Outcome
    from tacocat.engine import Event, GameState


class Progress(Protocol):
    """What moves on as games finish (the command's progress bar)."""

    def advance(self, games: int) -> None:
        """``games`` more games are done."""


@dataclass(frozen=True)
class GameRecorder:
    """Makes a simulated game's record: a :class:`tacocat.ai.parallel.Recorder`.

    ``started`` is the match's start time, every record's; ``prefix`` starts
    each record's id (``sim``, or ``sim-v2`` for the second rules file).
    """

    started: str
    prefix: str = "sim"

    def __call__(self, plan: MatchPlan, index: int, state: GameState, events: list[Event]) -> str:
        """Game ``index`` of ``plan`` as a record file's text."""
        from tacocat.ai.match import game_seed
        from tacocat.storage.game_info import GameInfo
        from tacocat.storage.records import GameRecord, record_to_text

        # Seats alternate (tacocat.ai.match): level 0 is at YAY in even games.
        first, second = (0, 1) if index % 2 == 0 else (1, 0)
        names = (
            f"P{first + 1} {plan.levels[first]}"[:12],
            f"P{second + 1} {plan.levels[second]}"[:12],
        )
        info = GameInfo(
            game_id=record_id(self.prefix, plan.seed, index),
            names=names,
            seed=game_seed(plan.seed, index, "deal"),
            started=self.started,
        )
        return record_to_text(GameRecord.of_game(info, state, events))


def record_id(prefix: str, seed: int, index: int) -> str:
    """A record's id (its file name) from the match seed and the game's number.

    ``record_id("sim", 1, 42)`` is ``'sim-s1-g000042'``, so a folder of
    records lists in game order.  Ids are at most 64 characters: a very long
    seed is shortened to a hash of it.
    """
    tag = str(seed)
    if len(tag) > 20:
        tag = "h" + hashlib.sha256(tag.encode()).hexdigest()[:16]
    return f"{prefix}-s{tag}-g{index:06d}"


class RecordWriter:
    """Takes each finished chunk: writes its games' records, moves the progress bar."""

    def __init__(self, folder: Path | None, plans: list[MatchPlan], progress: Progress) -> None:
        self.folder = folder
        self.plans = plans
        self.progress = progress

    def __call__(self, chunk: Chunk, outcomes: list[Outcome]) -> None:
        if self.folder is not None:
            from tacocat.storage.atomic import atomic_write_text
            from tacocat.storage.records import SUFFIX

            plan = self.plans[chunk.plan]
            assert isinstance(plan.recorder, GameRecorder)  # set with the folder
            for index, (_, text) in enumerate(outcomes, start=chunk.start):
                if text is not None:
                    name = record_id(plan.recorder.prefix, plan.seed, index) + SUFFIX
                    # Not fsynced one by one: thousands of records, all re-playable from the seed.
                    atomic_write_text(self.folder / name, text, durable=False)
        self.progress.advance(chunk.stop - chunk.start)
