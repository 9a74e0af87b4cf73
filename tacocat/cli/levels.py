"""The computer's levels as a click parameter type, shared by ``play`` and ``simulate``.

The levels live in :mod:`tacocat.ai`, which is imported only when a level
is actually checked or completed: listing commands and ``--help`` stay fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class Level(click.ParamType):  # type: ignore[type-arg]
    """A level the computer knows (e.g. ``normal``); anything else is a usage error."""

    name = "level"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from tacocat.ai import level_names

        known = level_names()
        if value not in known:
            self.fail(f"unknown level {value!r}; choose one of: {', '.join(known)}", param, ctx)
        return str(value)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        """Complete a level name for the shell."""
        from click.shell_completion import CompletionItem

        from tacocat.ai import level_names

        return [CompletionItem(name) for name in level_names() if name.startswith(incomplete)]


LEVEL = Level()
