"""A finished game's analysis, kept beside its record as ``<game id>.analysis.json``.

Keyed by the game (seed, rules, moves), the version and the budget.  Hostile
input like any file: its envelope is checked here, each row by
:mod:`tacocat.coach.stored`; anything wrong or stale reads as no cache.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tacocat.engine.actions import action_to_data
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.storage.atomic import atomic_write_text, remove_stray_temp_files
from tacocat.storage.records import SUFFIX, GameRecord

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
        return {"format": FORMAT, **asdict(self)}


def cache_path(record_path: Path) -> Path:
    return record_path.with_name(record_path.name.removesuffix(SUFFIX) + CACHE_SUFFIX)


def read_cache(path: Path, key: CacheKey) -> list[Any] | None:
    """The cached rows for ``key`` (checked by the caller), or None: missing, damaged, stale."""
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
    """Write the rows for ``key``; False if the disk refused (it costs only time)."""
    text = json.dumps({**key.to_data(), "rows": rows}, separators=(",", ":")) + "\n"
    with suppress(OSError):
        remove_stray_temp_files(path.parent, f"*{CACHE_SUFFIX}", older_than=STALE_TEMP_SECONDS)
    with suppress(OSError):
        atomic_write_text(path, text, durable=False)
        return True
    return False
