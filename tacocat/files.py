"""Reading files anyone could have written: regular files only, of bounded size.

Why and how: docs/security.md, "Files anyone can write".
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from tacocat.sanitize import cut_number

MAX_JSON_DEPTH = 12  # our files nest 5 deep at most (a save's random-generator state)


class FileProblem(ValueError):
    """A file that must not be read, or text that is not acceptable JSON; says why."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    :class:`FileProblem` for anything else; ``OSError`` if it cannot be opened.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem(f"it is not a regular file (it is {_kind(mode)})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(descriptor)
    if size > limit:
        raise FileProblem(f"it is larger than {limit:,} bytes, more than any such file needs")
    return b"".join(chunks)


def parse_json(text: str | bytes) -> Any:
    """``json.loads`` that raises only ``json.JSONDecodeError`` or :class:`FileProblem`.

    Data nested deeper than :data:`MAX_JSON_DEPTH` is refused too, so nothing
    that walks it later can run out of stack.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise FileProblem("its data is nested too deeply") from None
    except ValueError:  # "Exceeds the limit (4300 digits)...": Python's words, not for players
        raise FileProblem(f"it holds {_longest_number(text)}, too long to read") from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise FileProblem("its data is nested too deeply")
    return data


def _longest_number(text: str | bytes) -> str:
    """The longest run of digits in ``text``, cut (looked for only once reading failed)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    runs = re.findall(r"-?[0-9]+", text)
    if not runs:
        return "a value"
    return f"the number {cut_number(max(runs, key=len))}"


def json_depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (0 for a plain value); no recursion."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > MAX_JSON_DEPTH:
            return depth  # deep enough to refuse: no need to walk the rest
        pending.extend((child, depth) for child in children)
    return deepest


def _kind(mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a plain file")
