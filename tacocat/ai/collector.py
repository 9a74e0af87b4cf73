"""Pausing Python's cycle collector while look-ahead makes many short-lived objects.

The collector would walk the engine's caches of legal choices (a few hundred
thousand objects) again and again while a match or an evaluation makes its
throwaway states (a tenth of a random game's time).  Neither makes reference
cycles, so the collector waits until the work is over.
"""

from __future__ import annotations

import gc


class paused:  # lower case: it reads as a function, `with paused():`
    """Run the block with the cycle collector off, then as the caller had it.

    A class rather than ``contextlib.contextmanager``: it is entered for
    every simulated game, and a generator costs three times as much.
    """

    __slots__ = ("collecting",)

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exception: object) -> None:
        if self.collecting:
            gc.enable()
