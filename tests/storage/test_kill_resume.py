"""Kill `tacocat play` mid-game and resume: nothing but the move being typed is lost.

A scripted pair of players plays a seeded hot-seat game through a real
pseudo-terminal.  Their moves come from a fixed policy, so an uninterrupted
reference game can be played in-process beforehand.  At chosen decisions the
game process is killed (SIGTERM, SIGKILL, or SIGHUP as when the terminal
window closes), sometimes with half a move typed, and restarted with
``tacocat play --resume``.  At every decision the game its record holds
(re-played) must equal the reference state after as many moves: so the
resumed game continues from the last completed move with identical state,
and ends as the reference did.  The record is not touched by the kill.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from tacocat.engine import Action, Duel, GameState, Replace, new_game
from tacocat.storage.records import list_records, load_record, read_record

pytestmark = pytest.mark.e2e

SEED = 2024
NAMES = ("Ann", "Bob")
ROWS, COLS = 30, 100
HANDOVER, REVEAL, DECISION, AGAIN, RESUME, QUIT, EOF = range(7)
PROMPTS = [
    r"(\w+), press Enter: ",
    r"Press Enter to continue[^:]*: ",
    r"(?<![\w\[;])(\w+)> ",
    r"Play again\? \(y/(?:s/)?n\) ",
    r"Resume it\? \[Y/n\]: ",
    r"Quit\? \(y/N\) ",
    pexpect.EOF,
]


def policy(state: GameState) -> Action:
    """The scripted players' move: random-looking, but fixed by the game so far."""
    return random.Random(len(state.history) * 7919 + SEED).choice(state.legal_actions())


def typed(action: Action) -> str:
    """What a player types for ``action``: card values, or '-' to replace nothing."""
    if isinstance(action, Duel):
        return str(action.value)
    if isinstance(action, Replace) and not action.values:
        return "-"
    return " ".join(str(value) for value in action.values)


def reference_game() -> list[str]:
    """The state JSON after 0, 1, 2 ... moves of the uninterrupted game."""
    state = new_game(SEED)
    states = [state.to_json()]
    while not state.is_terminal():
        state.apply_action(policy(state))
        states.append(state.to_json())
    return states


def spawn(home: Path, *args: str) -> pexpect.spawn:
    env = {
        **os.environ,
        "TACOCAT_HOME": str(home),
        "TERM": "xterm-256color",
        "COLUMNS": str(COLS),
        "LINES": str(ROWS),
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tacocat", "play", *args],
        dimensions=(ROWS, COLS),
        env=env,
        encoding="utf-8",
        timeout=60,  # generous: only a hung game waits this long
    )
    child.delaybeforesend = None
    return child


def saved_record(home: Path) -> Path:
    """The record of the game the save names (the game in progress)."""
    game_id = json.loads((home / "save.json").read_text(encoding="utf-8"))["game_id"]
    return home / "games" / f"{game_id}.jsonl"


def saved_state(home: Path) -> GameState:
    """The game in progress, re-played from its record as a resume would."""
    return load_record(saved_record(home)).state


# Move number -> (signal, whether half of the next move is typed when it arrives).
KILLS = {
    3: (signal.SIGKILL, False),
    14: (signal.SIGTERM, True),
    27: (signal.SIGHUP, False),  # the terminal window closes
    41: (signal.SIGKILL, True),
    53: (signal.SIGTERM, False),
}


def test_a_killed_game_resumes_from_the_last_completed_move(app_home: Path) -> None:
    home = app_home  # TACOCAT_HOME, inherited by the game processes
    reference = reference_game()
    assert len(reference) > max(KILLS) + 5, "the reference game is too short for the kill points"
    child = spawn(home, "--p1", NAMES[0], "--p2", NAMES[1], "--seed", str(SEED))
    resumed_at: list[int] = []
    killed_state = ""  # the saved state JSON when the game was last killed
    while True:
        seen = child.expect(PROMPTS)
        if seen == HANDOVER:
            if resumed_at and resumed_at[-1] == -1:
                # The first screen after a resume: the right player's hand-over.
                state = saved_state(home)
                assert child.match.group(1) == NAMES[state.current_player()]
                resumed_at[-1] = len(state.history)
            child.sendline("")
        elif seen == REVEAL:
            child.sendline("")
        elif seen == DECISION:
            state = saved_state(home)
            moves = len(state.history)
            assert state.to_json() == reference[moves], f"state differs after {moves} moves"
            assert child.match.group(1) == NAMES[state.current_player()]
            assert not resumed_at or resumed_at[-1] != -1, "resumed without a hand-over"
            if killed_state:
                assert state.to_json() == killed_state  # resumed at the last completed move
                killed_state = ""
            if moves in KILLS and moves not in resumed_at:
                how, half_typed = KILLS[moves]
                if half_typed:
                    child.send(typed(policy(state)))
                before = saved_record(home).read_bytes()
                killed_state = state.to_json()
                child.kill(how)
                child.expect(pexpect.EOF)
                child.close()
                assert saved_record(home).read_bytes() == before
                child = spawn(home, "--resume")
                resumed_at.append(-1)
                continue
            child.sendline(typed(policy(state)))
        elif seen == AGAIN:
            child.sendline("n")
        elif seen == EOF:
            break
        else:
            pytest.fail(f"unexpected prompt: {child.after!r}")
    child.close()
    assert child.exitstatus == 0
    assert resumed_at == sorted(KILLS)
    # The finished game left no save, and its record is the reference game's.
    assert not (home / "save.json").exists()
    records, problems = list_records()
    assert len(records) == 1 and not problems
    assert records[0].path is not None
    record = read_record(records[0].path)
    assert record.finished
    final = new_game(SEED)
    for action in record.actions:
        final.apply_action(action)
    assert final.to_json() == reference[-1]
