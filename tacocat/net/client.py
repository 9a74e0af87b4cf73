"""``tacocat join``'s side: a screen and a keyboard for one seat of the host's table.

It decides nothing and trusts nothing it receives (docs/security.md, "Two terminals").
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tacocat.net import protocol
from tacocat.net.protocol import ProtocolError
from tacocat.net.wire import Connection
from tacocat.sanitize import visible
from tacocat.ui.play.curtain import MAX_SETTLE
from tacocat.ui.term.io import Io, Kind, Prompt
from tacocat.ui.term.signals import Stopped


class HostGone(Exception):
    """The host ended the game, refused this terminal or went away; the text says which."""


class Client:
    """One terminal joined to a hosted game, as its remote player or a spectator."""

    def __init__(self, connection: Connection, io: Io, ascii_only: bool = False) -> None:
        self.connection = connection
        self.io = io
        self.ascii_only = ascii_only or io.ascii_only  # the host draws without box lines
        self.screen: Text = Text("Connecting...")
        self.exit_code = 0  # 1 once the host refused this terminal or broke the protocol

    def run(self, watch_only: bool) -> str:
        """Play (or watch) until the host ends the game; the goodbye line."""
        hello = {"type": "join", "version": protocol.VERSION, "watch": watch_only}
        hello |= {"size": list(self.io.size), "ascii": self.ascii_only}
        self.connection.send(hello)
        try:
            while True:
                message = self.connection.receive()
                if message is None:
                    raise HostGone("The host has gone: the game stopped (the host can resume it).")
                self.handle(message)
        except HostGone as gone:
            return str(gone)
        except ProtocolError as error:
            self.exit_code = 1
            return f"The host sent something this game does not understand ({error})."
        except (Stopped, EOFError, OSError):
            raise  # this terminal's own end (a signal, Ctrl-D, a closed terminal)
        except Exception as error:  # a lie no check foresaw: this terminal leaves, and says so
            self.exit_code = 1
            return f"The host sent something this game cannot show ({type(error).__name__})."

    def handle(self, message: dict[str, Any]) -> None:
        """Take one message from the host: draw it, or ask the question it asks."""
        kind = message["type"]
        if kind == "screen":
            self.screen = protocol.screen_of(message.get("lines"))
            self.io.show(self.screen)
        elif kind == "busy":
            status = Text(visible(protocol.text_field(message, "text")), style="dim")
            self.io.show(self.screen, status)
        elif kind == "read":
            self.answer(message)
        elif kind == "welcome":
            protocol.field(message, "code", str)
            self.screen = Text("Joined: waiting for the host.")
            self.io.show(self.screen)
        elif kind in ("refused", "bye"):
            text = protocol.text_field(message, "text" if kind == "refused" else "message")
            self.exit_code = int(kind == "refused")  # not let in, or cut off
            raise HostGone(visible(text))
        else:
            raise ProtocolError(f"a message of an unknown type ({visible(kind)[:20]})")

    def answer(self, message: dict[str, Any]) -> None:
        """Read the line the host asks for, as at its own keyboard, and send it back."""
        number = protocol.field(message, "id", int)
        try:
            kind = Kind(message.get("kind"))
        except ValueError:
            raise ProtocolError("read: not a kind of question") from None
        owner = message.get("owner")
        if owner is not None:
            owner = visible(protocol.text_field(message, "owner"))
        settle = protocol.field(message, "settle", int) / 1000  # sent in milliseconds
        if not 0 <= settle <= MAX_SETTLE:
            raise ProtocolError("settle: out of range")
        prompt = Prompt(kind, visible(protocol.text_field(message, "text")), owner)
        line = self.io.read(prompt, settle=settle)[: protocol.MAX_TEXT]
        reply = {"type": "line", "id": number, "text": line, "size": list(self.io.size)}
        self.connection.send(reply)
