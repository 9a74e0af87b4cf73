"""Hostile bytes for the wire between two terminals, and a tacocat command to aim them at.

Used by ``tests/e2e/test_wire_fuzz_pty.py`` (a few dozen peers) and by
``benchmarks/wire_fuzz.py`` (many more).  :func:`sendings` draws what one
hostile peer sends: arbitrary JSON values, messages of the protocol's own
types with arbitrary fields, and raw bytes (huge numbers, deep nesting,
invalid UTF-8, lines longer than the protocol allows, a last line never
finished), each sent whole or a few bytes at a time.  :class:`Command` runs
a ``tacocat`` command in a pseudo-terminal and keeps all it writes (read in a
thread, so a redraw never waits for the test); it can also close that
terminal under it (``tests/e2e/test_closed_terminal_pty.py``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import sys
import threading
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
from hypothesis import strategies as st

from tacocat.net import protocol, wire

MAX_LINE = protocol.MAX_PEER_LINE  # the longest line the host takes from a peer
KINDS = ["join", "line", "bye", "welcome", "screen", "read", "busy", "refused", "nonsense"]
FIELDS = ["id", "text", "size", "ascii", "watch", "version", "lines", "kind", "owner", "settle"]
FIELDS += ["seat", "final", "message", "code", "name"]

leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats()
    | st.text(max_size=20)
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=24,
)
messages = st.builds(
    lambda kind, extra: {**extra, "type": kind},
    st.sampled_from(KINDS),
    st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), values, max_size=5),
)


def json_line(value: Any) -> bytes:
    return json.dumps(value).encode() + b"\n"  # NaN and Infinity as Python writes them


def _huge(digits: int, where: str) -> bytes:
    number = "-" + "9" * digits if digits % 2 else "9" * digits
    if where == "step":
        return b'{"type":"line","id":%s,"text":"-","size":[80,24]}\n' % number.encode()
    return b'{"type":"line","text":"hi","n":%s}\n' % number.encode()


digits = st.integers(4290, 6000) | st.integers(13, 40)  # past Python's limit, and just too long
huge = st.builds(_huge, digits, st.sampled_from(["step", "chat"]))
# The shapes that broke hosts before get half the lines, the open-ended ones the rest.
shapes = st.one_of(
    huge,
    st.integers(100, 5000).map(lambda n: b"[" * n + b"]" * n + b"\n"),
    st.integers(100, 3000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n + b"\n"),
    st.binary(max_size=64).map(lambda b: b + b"\xff\xfe\xc0\n"),
    st.integers(MAX_LINE - 40, 3 * MAX_LINE).map(
        lambda n: b'{"type":"line","text":"' + b"x" * n + b'"}\n'
    ),
    st.sampled_from([b'{"type":"line","id":1.0}\n', b'{"type":"line","id":true}\n']),
    st.sampled_from([b'{"type":"join","version":true,"watch":false}\n', b"NaN\n"]),
)
lines = st.one_of(
    huge, shapes, values.map(json_line), messages.map(json_line), st.binary(max_size=300)
)


@dataclass(frozen=True)
class Sending:
    """What one hostile peer sends, and how."""

    hello: bytes | None  # a proper join first (as a player or a watcher), or None
    lines: tuple[bytes, ...]
    finish: bool  # False: the last line loses its end (a partial line, then the close)
    piece: int  # bytes per write: small is slow, a few bytes at a time


@st.composite
def sendings(draw: st.DrawFn, role: str) -> Sending:
    """What a hostile ``role`` ("player", "watcher" or "stranger") sends in one visit."""
    hello = None
    if role != "stranger":
        join = {"type": "join", "version": protocol.VERSION, "watch": role == "watcher"}
        hello = json_line(join | {"size": [80, 24], "ascii": False})
    sent = tuple(draw(st.lists(lines, min_size=1, max_size=3)))
    return Sending(hello, sent, draw(st.booleans()), draw(st.sampled_from([1, 7, 4096, 1 << 20])))


def send(path: Path, sending: Sending, wait: float = 10.0) -> bool:
    """Send it all to ``path`` (as fast as ``piece`` allows), then hang up half-way.

    The peer then reads until the other end closes, as a hostile peer that
    keeps its connection open would: True if it did within ``wait`` seconds.
    """
    data = (sending.hello or b"") + b"".join(sending.lines)
    if not sending.finish:
        data = data.rstrip(b"\n")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(wait)
        sock.connect(str(path))
        with suppress(OSError):  # the other end may cut this one off at any byte
            for start in range(0, min(len(data), 64 * 1024), sending.piece):
                sock.sendall(data[start : start + sending.piece])
                if sending.piece < 16 and start < 64:
                    time.sleep(0.001)  # slow bytes: the first few each on their own
            if len(data) > 64 * 1024:
                sock.sendall(data[64 * 1024 :])
            sock.shutdown(socket.SHUT_WR)
        try:
            while sock.recv(65536):
                pass
        except TimeoutError:
            return False
        except OSError:
            pass  # reset: closed all the same
    return True


def seat_free(code: str, within: float = 1.0) -> float:
    """Seconds until a player's join is welcomed (again and again until ``within``); -1: never."""
    started = time.monotonic()
    while True:
        connection = wire.connect(code)
        hello = {"type": "join", "version": protocol.VERSION, "watch": False}
        connection.send(hello | {"size": [80, 24], "ascii": False})
        answer = connection.receive(timeout=10)
        connection.close()
        took = time.monotonic() - started
        if answer is not None and answer["type"] == "welcome":
            return took
        if took > within:
            return -1.0


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>78]")


class Command:
    """One ``tacocat`` command in a pseudo-terminal, its output read as it comes."""

    def __init__(
        self, home: Path, *args: str, settle: str | None = None, stderr: Path | None = None
    ) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "TACOCAT_HOME": str(home)}
        if settle is not None:
            env["TACOCAT_SETTLE_SECONDS"] = settle
        command = [sys.executable, "-m", "tacocat", *args]
        if stderr is not None:  # kept apart: what is written there after the terminal is gone
            env["TACOCAT_STDERR"] = str(stderr)
            command = ["/bin/sh", "-c", 'exec "$@" 2>"$TACOCAT_STDERR"', "sh", *command]
        self.child = pexpect.spawn(
            command[0],
            command[1:],
            dimensions=(24, 80),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
        )
        self.child.delaybeforesend = None
        self.raw = ""
        self.seen = 0  # where the next wait looks from
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                text = self.child.read_nonblocking(65536, timeout=0.2)
            except pexpect.TIMEOUT:
                continue
            except (pexpect.EOF, OSError, ValueError):
                break
            with self.changed:
                self.raw += text
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    @property
    def text(self) -> str:
        """Everything written, without the screen codes."""
        return ANSI.sub("", self.raw)

    def wait_for(self, pattern: str, timeout: float = 30) -> str:
        """Wait until ``pattern`` shows after what the last wait found; the match."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while (found := re.compile(pattern).search(self.text, self.seen)) is None:
                left = deadline - time.monotonic()
                if left <= 0 or not self.reader.is_alive():
                    raise AssertionError(f"no {pattern!r} in: {self.text[-2000:]!r}")
                self.changed.wait(min(left, 0.5))
            self.seen = found.end()
            return found.group()

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def end(self) -> int | None:
        """The exit status once the command has ended by itself."""
        self.reader.join(timeout=30)
        self.child.wait()
        return self.child.exitstatus

    def hang_up(self) -> int:
        """Close the terminal under the command (as closing its window does); its exit status."""
        self.child.ptyproc.fileobj.close()  # the kernel sends SIGHUP; reads fail with EIO
        _, status = os.waitpid(self.child.pid, 0)
        self.child.ptyproc.terminated = True  # reaped here: pexpect must not wait again
        return os.waitstatus_to_exitcode(status)

    def kill(self) -> None:
        with suppress(OSError):
            self.child.kill(9)
        self.child.close(force=True)
