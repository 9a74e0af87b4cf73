"""``tacocat play --plain`` through a pipe, seeded, against ``easy``: the same story in lines.

The transcript must tell the game's events in the engine's order (the
record's events, as their texts), ask each prompt once per line, list cards
as values (no palindrome, no brackets) and keep every line within 80
characters.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tacocat.engine.cards import PALINDROMES
from tacocat.storage.records import read_record

# Keys that play any decision sooner or later: a card, keep, Enter, a sacrifice; and
# "n" (refused at a decision), which stops at "Play again?" a few keys after the
# game's last move: "-" and Enter are asked again there, "a" opens the review "-" leaves.
KEYS = "".join(f"{key}\n" for _ in range(240) for key in ("a", "-", "", "n", "s"))


@pytest.mark.parametrize("seed", [5, 8])
def test_a_plain_game_through_a_pipe_tells_the_story_in_order(app_home: Path, seed: int) -> None:
    command = [sys.executable, "-m", "tacocat", "play", "--plain", "--vs-computer", "easy"]
    command += ["--seed", str(seed), "--p1", "Ann"]
    stdout = _up_to_play_again(command)
    lines = stdout.splitlines()
    assert "Game over" in lines, stdout[-2000:]
    # The first game is checked: its record was written before "Play again?" was asked.
    first = next(n for n, line in enumerate(lines) if line.startswith("Play again?"))
    lines = lines[: first + 1]
    path = min((app_home / "games").glob("*.jsonl"), key=lambda path: path.stat().st_mtime_ns)
    record = read_record(path)
    expected = [event.text(record.info.names) for event in record.events]
    # A move that played itself says why after its event: "(Ann's only legal attack)".
    told = [_event_part(line[2:], expected) for line in lines if line.startswith("* ")]
    assert [line for line in told if line in expected] == expected  # all, in the engine's order
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert not [line for line in lines if line.count("Ann> ") > 1]
    hand = [line for line in lines if line.startswith("  a: ")]
    assert hand and all(line.strip().removesuffix(" (new)")[3:].isdigit() for line in hand)
    assert not any(phrase in stdout for phrase in PALINDROMES if len(phrase) > 6)
    assert "[" not in "".join(line for line in lines if "vs" in line)  # "Ann 10 vs 5 Computer"


def _up_to_play_again(command: list[str]) -> str:
    """The transcript up to the first "Play again?"; the game is stopped there.

    The keys after it ("a" would analyse the game) cost seconds and are not checked.
    """
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(KEYS.encode())  # within a pipe's buffer: never blocks
    child.stdin.close()
    out, deadline = b"", time.monotonic() + 120
    try:
        while b"Play again?" not in out:
            ready, _, _ = select.select([child.stdout], [], [], deadline - time.monotonic())
            assert ready, f"no 'Play again?' within 120 s:\n{out.decode()[-2000:]}"
            if not (chunk := os.read(child.stdout.fileno(), 65536)):
                break  # the game ended: the caller says what is missing
            out += chunk
    finally:
        child.kill()
        child.wait(timeout=60)
        child.stdout.close()
    return out.decode()


def _event_part(line: str, events: list[str]) -> str:
    """``line`` less the note a forced move adds after its event's text."""
    head = line.rsplit(" (", 1)[0]
    return head if line not in events and head in events else line
