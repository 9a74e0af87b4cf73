"""``tacocat simulate --save-games``: each game's record, made where it is played, written here."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tacocat.ai.parallel import Chunk, MatchPlan, Outcome
    from tacocat.engine import Event, GameState


@dataclass(frozen=True)
class GameRecorder:
    """Makes a simulated game's record (pickled with the match plan to the workers)."""

    started: str
    prefix: str = "sim"

    def __call__(self, plan: MatchPlan, index: int, state: GameState, events: list[Event]) -> str:
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
    """A record's id from the match seed and the game's number: ``'sim-s1-g000042'``.

    A seed too long for an id (64 characters) is shortened to a hash.
    """
    tag = str(seed)
    if len(tag) > 20:
        tag = "h" + hashlib.sha256(tag.encode()).hexdigest()[:16]
    return f"{prefix}-s{tag}-g{index:06d}"


def write_records(folder: Path, plan: MatchPlan, chunk: Chunk, outcomes: list[Outcome]) -> None:
    """Write the records of a finished chunk of ``plan``'s games into ``folder``."""
    from tacocat.storage.atomic import atomic_write_text
    from tacocat.storage.records import SUFFIX

    assert isinstance(plan.recorder, GameRecorder)  # set with the folder
    for index, (_, text) in enumerate(outcomes, start=chunk.start):
        if text is not None:
            name = record_id(plan.recorder.prefix, plan.seed, index) + SUFFIX
            # Not fsynced one by one: thousands of records, all re-playable from the seed.
            atomic_write_text(folder / name, text, durable=False)
