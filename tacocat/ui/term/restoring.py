"""A terminal that gives itself back when its ``with`` block ends, however it ends.

Every :class:`~tacocat.ui.term.io.Io` restores the terminal on leaving its block
(a return, Ctrl-C, a crash): this is that one rule.  It lives apart from
``io.py``, which imports rich, because the terminal draws its first screen
(:mod:`tacocat.ui.term.start`) before rich is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import TracebackType
    from typing import Self


class RestoredOnExit:
    """``with`` support for an Io: ``__exit__`` calls :meth:`restore`."""

    def restore(self) -> None:
        """Give the terminal back as it was (may be called again); nothing to undo here."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.restore()
