"""Shared helpers of the storage tests."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from tacocat.engine import Event, GameState, new_game
from tacocat.storage.autosave import AutoSave
from tacocat.storage.replay import replay_steps


def play_random(
    seed: int,
    steps: int | None = None,
    choices: int = 0,
    names: tuple[str, str] = ("Ann", "Bob"),
) -> tuple[GameState, AutoSave]:
    """A game of random legal moves with autosave; stop after ``steps`` actions if given."""
    state = new_game(seed)
    autosave = AutoSave.start(state, names, seed)
    rng = random.Random(choices)
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        events = state.apply_action(rng.choice(list(state.legal_actions())))
        autosave.after_action(events)
        taken += 1
    return state, autosave


def events_of(autosave: AutoSave) -> tuple[Event, ...]:
    """Every event of the autosaved game so far, the opening deal included (re-played)."""
    info, state = autosave.info, autosave.state
    return tuple(
        e for step in replay_steps(state.rules, info.seed, state.history) for e in step.events
    )


V1 = Path(__file__).parent.parent / "corpus" / "v1"
V1_SAVED_GAME = "20261201-212915-f9fad9"  # hot seat, 10 moves, one taken back, 3 hints
V1_FINISHED_GAME = "20261201-212915-be4608"  # against the computer (easy), finished


def install_v1_files(
    home: Path, save: bool = True, games: tuple[str, ...] = (V1_SAVED_GAME, V1_FINISHED_GAME)
) -> dict[str, Path]:
    """Files written by tacocat before records were appended to: a save and two records.

    Returns the installed records by game id.
    """
    (home / "games").mkdir(parents=True, exist_ok=True)
    if save:
        shutil.copy(V1 / "save.json", home / "save.json")
    installed = {game: home / "games" / f"{game}.jsonl" for game in games}
    for game, path in installed.items():
        shutil.copy(V1 / f"{game}.jsonl", path)
    return installed
