"""``with`` support for every Io: the terminal is given back however the block ends (no rich)."""

from __future__ import annotations

from contextlib import AbstractContextManager


class RestoredOnExit(AbstractContextManager["RestoredOnExit"]):
    def restore(self) -> None: ...

    def __exit__(self, *error: object) -> None:
        self.restore()
