"""The other terminal as the table sees it: an :class:`~tacocat.ui.term.io.Io` across the wire.

A line answering a question already past is dropped (docs/architecture.md, "Two terminals").
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from tacocat.net import protocol
from tacocat.net.lobby import JOINED, LEFT, Lobby, Peer
from tacocat.net.protocol import ProtocolError
from tacocat.ui.play.dialogs import QuitGame
from tacocat.ui.term.io import Kind, Prompt
from tacocat.ui.term.signals import RestoredOnExit, SignalGuard

POLL_SECONDS = 0.2  # how often the host's wait looks up (Ctrl-C is felt in between)
# Questions an absent player holds the game for: their own move (and the pages of
# their own screens); anything else an absent player leaves unanswered.
WAITS_FOR_PLAYER = (Kind.DECISION, Kind.BACK, Kind.PAGER, Kind.NOTICE)


class RemoteIo(RestoredOnExit):
    """The joined player's screen and keyboard (``lobby.seat``), as the table's Io."""

    is_terminal = True

    def __init__(self, lobby: Lobby, on_away: Callable[..., None]) -> None:
        self.lobby = lobby
        self.on_away = on_away  # net.host._away's (back, why)
        self.present: bool | None = None  # None: not joined yet
        self.guard = SignalGuard()  # nothing to hold: the host's terminal holds signals
        self.on_resume: Callable[[bool], None] | None = None
        self.asked = 0  # the number of the last question sent
        self.offered: Prompt | None = None  # a question sent ahead of its read

    @property
    def size(self) -> tuple[int, int]:
        return self.lobby.size

    @property
    def ascii_only(self) -> bool:
        return self.lobby.ascii_only

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        lines = protocol.screen_data(renderables, self.size[0])
        screen = self.lobby.screen
        if screen is not None and screen["lines"] == lines and self.offered is not None:
            return  # on screen already, its question asked: not again
        self.offered = None
        self.lobby.to_player({"type": "screen", "lines": lines})

    def offer(self, prompt: Prompt, settle: float = 0.0) -> None:
        """Ask ``prompt`` now; :meth:`read` of the same prompt waits for its answer."""
        self.asked += 1
        self.offered = prompt
        message = {"type": "read", "id": self.asked, "kind": prompt.kind.value}
        # Whole milliseconds: the wire carries no fractions (protocol.decode).
        message |= {"text": prompt.text, "owner": prompt.owner, "settle": round(settle * 1000)}
        self.lobby.ask_player(message)

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if self.offered != prompt:
            self.offer(prompt, settle)
        self.offered = None
        waits = prompt.kind in WAITS_FOR_PLAYER
        if self.present is None and self.lobby.player is None:
            if not waits:
                return ""
            self.on_away(None)
        while True:
            peer, message = heard(self.lobby)
            kind = message.get("type")
            if peer is not self.lobby.player:
                continue  # an earlier connection's words
            if kind == JOINED:
                if self.present is False:
                    self.on_away(True)
                self.present = True  # the lobby sent the screen and question as it seated them
            elif kind == LEFT:
                self.present = False
                self.on_away(False, message.get("why"))
                if not waits:
                    return ""
            elif kind == "line":
                line = self.answer(message)
                if line is not None:
                    return line

    def answer(self, message: dict[str, Any]) -> str | None:
        """The line of ``message`` if it answers the question asked now; else None."""
        try:
            number = protocol.field(message, "id", int)
            text = protocol.text_field(message, "text")
            self.lobby.size = protocol.size_of(message.get("size"))
        except ProtocolError:
            return None
        return text if number == self.asked else None

    def flush_input(self) -> None:
        pass  # the joined terminal drops keys typed ahead itself (a question's settle)

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        self.lobby.to_player({"type": "busy", "text": text})
        return nullcontext()

    def leave(self) -> None:
        """The player chose to leave (``q``): their terminal says goodbye; the seat waits."""
        message = "You left the game; join again with the same code to go on."
        self.lobby.drop_player(message)

    def show_text(self, text: str, secret: bool = False) -> None:
        self.show(Text(text), secret=secret)

    def ask_as(self, owner: object, prompt: str) -> str:
        return self.read(Prompt(Kind.NAME, prompt))

    def farewell(self, *renderables: RenderableType) -> None:
        pass  # the host says goodbye to every peer when it closes (Lobby.close)


def heard(lobby: Lobby) -> tuple[Peer, dict[str, Any]]:
    """The next thing the joined player said (or their arrival or leaving), in short polls.

    Ctrl-C on the host is felt between polls; a closed lobby raises QuitGame.
    """
    while True:
        try:
            peer, message = lobby.inbox.get(timeout=POLL_SECONDS)
        except queue.Empty:
            continue
        if peer is None:
            raise QuitGame
        return peer, message
