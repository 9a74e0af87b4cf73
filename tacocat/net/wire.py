"""One end of a connection, and the private folder where the two terminals meet.

The limits below and the folder's checks are told in docs/security.md ("Two terminals").
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import stat
import threading
import time
from pathlib import Path
from typing import Any

from tacocat.net.protocol import MAX_LINE, ProtocolError, decode, encode
from tacocat.sanitize import visible
from tacocat.storage.paths import app_dir

PARTIAL_SECONDS = 10.0  # to finish a message once its first byte came
SEND_SECONDS = 10.0  # for a peer to take what is sent to it
CODE_LETTERS = "bcdfghjkmnpqrstvwxz"  # no vowels (no words), no l (one), no y
CODE_LENGTH = 6
CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")


class Connection:
    """Messages over one socket: thread-safe to send, read by one thread."""

    def __init__(self, sock: socket.socket, limit: int = MAX_LINE) -> None:
        self.sock = sock
        self.limit = limit  # the longest line taken from the other end
        self.buffer = b""
        self.lock = threading.Lock()
        self.closed = False

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message``; False (and the connection closed) if the peer is gone or stuck."""
        line = encode(message)
        with self.lock:
            if self.closed:
                return False
            try:
                self.sock.settimeout(SEND_SECONDS)
                self.sock.sendall(line)
            except OSError:
                self.close()
                return False
        return True

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message; None once the peer closed; TimeoutError if none in ``timeout``.

        ProtocolError for a malformed, too long or too slow message.
        """
        wait_until = None if timeout is None else time.monotonic() + timeout
        started: float | None = time.monotonic() if self.buffer else None
        while b"\n" not in self.buffer:
            if len(self.buffer) >= self.limit:
                raise ProtocolError("message too long")
            now = time.monotonic()
            finish = None if started is None else started + PARTIAL_SECONDS
            limits = [t for t in (wait_until, finish) if t is not None]
            left = min(limits) - now if limits else None
            if left is not None and left <= 0:
                if finish is not None and now >= finish:
                    raise ProtocolError("message not finished in time")
                raise TimeoutError
            try:
                self.sock.settimeout(left)
                chunk = self.sock.recv(4096)
            except TimeoutError:
                continue  # the loop works out which limit passed
            except OSError:
                chunk = b""
            if not chunk:
                return None
            if started is None:
                started = time.monotonic()
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        if len(line) >= self.limit:
            raise ProtocolError("message too long")
        return decode(line)

    def close(self) -> None:
        """Close the socket (a reader blocked on it wakes up and sees the end)."""
        self.closed = True
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


class UnsafeFolder(OSError):
    """The ``net`` folder is not a private folder of this user's; the text says what it is."""


def meeting_dir() -> Path:
    """The folder of join sockets, made private (0700) if it is not yet; UnsafeFolder if unsafe."""
    folder = app_dir() / "net"
    shown = visible(str(folder))
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except FileExistsError:  # a file (or a link to one) in its place
        raise UnsafeFolder(f"{shown} is a file, not a private folder: remove it") from None
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeFolder(f"{shown} is a symbolic link, not a private folder: remove it")
    if not stat.S_ISDIR(info.st_mode):
        raise UnsafeFolder(f"{shown} is not a folder: remove it")
    if info.st_uid != os.getuid():
        raise UnsafeFolder(f"{shown} belongs to another user: tacocat will not meet there")
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, 0o700)
    return folder


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def socket_path(code: str) -> Path:
    """The socket a join code names; ValueError for anything but a code (never a path)."""
    if not CODE.fullmatch(code):
        raise ValueError("a join code is six letters, as the host shows it")
    return meeting_dir() / f"{code}.sock"


def open_codes() -> list[str]:
    """The codes of the games this user hosts now (sockets that accept a connection)."""
    codes = []
    for path in sorted(meeting_dir().glob("*.sock")):
        code = path.stem
        if CODE.fullmatch(code) and _answers(path):
            codes.append(code)
    return codes


def _answers(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def listen(code: str) -> socket.socket:
    """A listening socket for ``code`` (a stale socket of a dead host is replaced)."""
    path = socket_path(code)
    if path.exists():
        if _answers(path):
            raise OSError(f"a game with the code {code} is already hosted")
        path.unlink()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)  # the socket itself 0600, beside the private folder
    try:
        server.bind(str(path))
    finally:
        os.umask(old)
    server.listen(8)
    return server


def connect(code: str) -> Connection:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(socket_path(code)))
    except OSError:
        sock.close()
        raise
    return Connection(sock)
