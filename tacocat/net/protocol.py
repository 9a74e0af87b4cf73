"""The wire between two terminals: JSON objects, one per line, each size-capped and checked.

Whatever arrives is checked as a record from disk is: anything this protocol
never sends raises :class:`ProtocolError`, never anything else (docs/security.md).
"""

from __future__ import annotations

import io
import json
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text

from tacocat.sanitize import visible

MAX_LINE = 512 * 1024  # bytes: a 160x48 screen with its styles is about 100 KB
MAX_PEER_LINE = 4 * 1024  # what a joining terminal sends: a typed line and a size
MAX_TEXT = 200  # characters of a typed line, a prompt or a note
MAX_ROWS = 500  # a screen's lines
MAX_SIZE = 1000  # columns or lines of a terminal
VERSION = 2  # 1: the joining terminal drew its own screens from views
# The largest number this protocol sends is a question's number or a size: anything
# longer is hostile, refused before Python turns it into an int (a 5,000-digit one
# raises ValueError, and a long one costs time to convert).
MAX_DIGITS = 12
# What a screen's style keeps of what the host named: colours and attributes, no link.
STYLE_KEPT = ("color", "bgcolor", "bold", "dim", "italic", "underline", "reverse")


class ProtocolError(Exception):
    """A message that is not one this protocol sends; the text says what is wrong."""


def encode(message: dict[str, Any]) -> bytes:
    """``message`` as one line of compact JSON; ValueError if it would be too long."""
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"a {message.get('type')} message of {len(line)} bytes")
    return line


def decode(line: bytes) -> dict[str, Any]:
    """One received line as a message object with a ``type``; ProtocolError if it is not."""
    if len(line) > MAX_LINE:
        raise ProtocolError("message too long")
    # Shallow by construction: deep nesting could exhaust the parser's stack.
    if line.count(b"[") + line.count(b"{") > 50_000:
        raise ProtocolError("message nested too deep")
    try:
        text = line.decode("utf-8")
        data = json.loads(text, parse_int=_integer, parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError among them
        raise ProtocolError("not a JSON line") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("not a message (an object with a type)")
    return data


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ProtocolError("a number too long")
    return int(digits)


def _no_float(text: str) -> float:
    raise ProtocolError("a number that is not a whole one")  # the protocol sends none


def field(message: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``message[name]``, checked to be of ``kind`` (a bool is never an int here)."""
    value = message.get(name)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ProtocolError(f"{name}: wrong type")
    return value


def text_field(message: dict[str, Any], name: str, limit: int = MAX_TEXT) -> str:
    """A string field of at most ``limit`` characters (shown only after sanitize.visible)."""
    value: str = field(message, name, str)
    if len(value) > limit:
        raise ProtocolError(f"{name}: too long")
    return value


def screen_data(renderables: tuple[RenderableType, ...], width: int) -> list[list[list[str]]]:
    """``renderables`` laid out ``width`` columns wide: lines of [text, style] runs."""
    console = Console(
        width=width, color_system="truecolor", force_terminal=True, file=io.StringIO()
    )
    lines = console.render_lines(Group(*renderables), console.options, pad=False)
    data: list[list[list[str]]] = []
    for line in lines[:MAX_ROWS]:
        runs: list[list[str]] = []
        for segment in line:
            if segment.control or not segment.text:
                continue
            style = str(segment.style) if segment.style else ""
            if runs and runs[-1][1] == style:
                runs[-1][0] += segment.text
            else:
                runs.append([segment.text, style])
        data.append(runs)
    return data


def screen_of(data: Any) -> Text:
    """A screen from :func:`screen_data`'s form: text made visible, styles without links."""
    if not isinstance(data, list) or len(data) > MAX_ROWS:
        raise ProtocolError("screen: wrong type")
    screen = Text()
    for number, line in enumerate(data):
        if not isinstance(line, list):
            raise ProtocolError("screen: wrong type")
        if number:
            screen.append("\n")
        for run in line:
            if not (
                isinstance(run, list) and len(run) == 2 and all(isinstance(x, str) for x in run)
            ):
                raise ProtocolError("screen: wrong type")
            screen.append(visible(run[0]), _style(run[1]))
    return screen


def _style(text: str) -> Style:
    """A style the host named: colours and attributes only (no link to open)."""
    if len(text) > MAX_TEXT:
        raise ProtocolError("screen: not a style")
    try:
        style = Style.parse(text)
    except (StyleSyntaxError, ValueError):
        raise ProtocolError("screen: not a style") from None
    return Style(**{name: getattr(style, name) for name in STYLE_KEPT})


def size_of(data: Any) -> tuple[int, int]:
    """A terminal's (columns, lines) as the joining terminal reports it."""
    if not (isinstance(data, list) and len(data) == 2):
        raise ProtocolError("size: wrong type")
    columns, lines = data
    if not all(type(n) is int and 1 <= n <= MAX_SIZE for n in (columns, lines)):
        raise ProtocolError("size: not a size")
    return columns, lines
