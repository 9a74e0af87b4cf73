"""A finished game's analysis, kept beside its record so a second review is instant.

``tacocat analyze`` spends seconds of rollouts on every decision; the
result depends only on the game (seed, rules, moves), the version of
tacocat and the budget, so it is written next to the record as
``<game id>.analysis.json`` and read back when all three match.

The file is hostile input like any file of ours (docs/security.md): read
through :mod:`tacocat.files` (a regular file, of bounded size, shallow
JSON), its envelope checked here and each row by its reader
(:mod:`tacocat.coach.stored`).  Anything wrong, missing or stale reads as
no cache: the game is analysed again and the file written anew.  A cache
is only ever shown, never trusted for a decision: it cannot change a game.

    key = CacheKey.of(record, version, budget)
    rows = read_cache(cache_path(record.path), key)    # None: analyse, then
    write_cache(cache_path(record.path), key, rows)
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tacocat.engine.actions import action_to_data
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.storage.atomic import atomic_write_text, remove_stray_temp_files
from tacocat.storage.records import GameRecord

CACHE_SUFFIX = ".analysis.json"
# 2: the move played is judged on as many deals as the best (an older file reads as stale).
FORMAT = 2
# A game of 200 decisions at about 150 bytes a row: far below this.
MAX_CACHE_BYTES = 512 * 1024
MAX_ROWS = 2000
# A cache's temporary file lives for one write of at most MAX_CACHE_BYTES: one
# this old was left by a killed writer, not one at work in another `analyze`.
STALE_TEMP_SECONDS = 3600.0


@dataclass(frozen=True)
class CacheKey:
    """What an analysis depends on: the game itself, the version and the budget."""

    game_id: str
    game: str  # a digest of the seed, the rules and the moves
    version: str
    budget: int

    @classmethod
    def of(cls, record: GameRecord, version: str, budget: int) -> CacheKey:
        moves = [action_to_data(action) for action in record.actions]
        text = json.dumps([record.info.seed, repr(record.rules), moves])
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return cls(record.info.game_id, digest, version, budget)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game_id": self.game_id,
            "game": self.game,
            "version": self.version,
            "budget": self.budget,
        }


def cache_path(record_path: Path) -> Path:
    """Where the analysis of the record at ``record_path`` is kept: beside it."""
    name = record_path.name
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else name
    return record_path.with_name(stem + CACHE_SUFFIX)


def read_cache(path: Path, key: CacheKey) -> list[Any] | None:
    """The cached rows for ``key``, or None if there are none usable (missing, damaged, stale).

    Only the envelope is checked here: the rows are the caller's to validate.
    """
    try:
        data = parse_json(read_regular_file(path, MAX_CACHE_BYTES))
    except (OSError, FileProblem, ValueError):  # JSONDecodeError and bad UTF-8 are ValueErrors
        return None
    if not isinstance(data, dict):
        return None
    envelope = {name: data.get(name) for name in key.to_data()}
    rows = data.get("rows")
    if envelope != key.to_data() or not isinstance(rows, list) or len(rows) > MAX_ROWS:
        return None
    return rows


def write_cache(path: Path, key: CacheKey, rows: list[Any]) -> bool:
    """Write the rows for ``key`` (replacing any older file); False if the disk refused.

    A cache that cannot be written costs only time the next review: never an error.
    An interrupted write removes its own temporary file
    (:func:`~tacocat.storage.atomic.atomic_write_text`); one a killed writer
    left behind is removed here, by the next write in the folder, once stale.
    """
    text = json.dumps({**key.to_data(), "rows": rows}, separators=(",", ":")) + "\n"
    with suppress(OSError):
        remove_stray_temp_files(path.parent, f"*{CACHE_SUFFIX}", older_than=STALE_TEMP_SECONDS)
    with suppress(OSError):
        atomic_write_text(path, text, durable=False)
        return True
    return False
