"""Line editing: every key GNU readline can reach is one that shows nothing of the other player.

The keymaps are read back from the readline library itself (with ctypes),
in a fresh process that imports readline the way the game does, under an
init file that asks for vi mode, a paste key and a macro.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tacocat.ui.lineedit import EMACS_KEYMAPS, emacs_bindings, key_bytes

# Run in a fresh process: prints the editing mode and every binding reachable
# from the keymap a line starts in, as [key sequence in hex, function or macro].
WALK = r"""
import ctypes, json, sys
from tacocat.ui.lineedit import load_readline
readline = load_readline()
if readline is None or "libedit" in (readline.__doc__ or ""):
    print("null")
    sys.exit()
lib = ctypes.CDLL(readline.__file__)  # its symbols include libreadline's

class Entry(ctypes.Structure):
    _fields_ = [("type", ctypes.c_char), ("function", ctypes.c_void_p)]

lib.rl_funmap_names.restype = ctypes.POINTER(ctypes.c_char_p)
lib.rl_named_function.restype = ctypes.c_void_p
lib.rl_named_function.argtypes = [ctypes.c_char_p]
lib.rl_get_keymap.restype = ctypes.c_void_p
names = {}
funmap = lib.rl_funmap_names()
i = 0
while funmap[i]:
    names.setdefault(lib.rl_named_function(funmap[i]), funmap[i].decode())
    i += 1
found = []

def walk(keymap, prefix, seen):
    entries = ctypes.cast(keymap, ctypes.POINTER(Entry))
    for key in range(257):  # 256 is readline's ANYOTHERKEY
        entry = entries[key]
        if not entry.function:
            continue
        seq = prefix + (b"" if key == 256 else bytes([key]))
        kind = entry.type[0]
        if kind == 1:  # ISKMAP
            if entry.function not in seen:
                walk(entry.function, seq, seen | {entry.function})
        elif kind == 2:  # ISMACR
            found.append([seq.hex(), "macro"])
        else:
            found.append([seq.hex(), names.get(entry.function, "?")])

walk(lib.rl_get_keymap(), b"", set())
mode = ctypes.c_int.in_dll(lib, "rl_editing_mode").value
print(json.dumps({"emacs": mode == 1, "bindings": found}))
"""

# What a key may do: act on the line being typed, or on its owner's history.
SAFE = {
    *("self-insert", "quoted-insert", "bracketed-paste-begin", "overwrite-mode"),
    *("accept-line", "abort", "complete", "clear-screen", "clear-display"),
    *("beginning-of-line", "end-of-line", "forward-char", "backward-char"),
    *("forward-word", "backward-word", "character-search", "character-search-backward"),
    *("set-mark", "exchange-point-and-mark", "digit-argument", "do-lowercase-version"),
    *("delete-char", "backward-delete-char", "kill-line", "backward-kill-line"),
    *("unix-line-discard", "unix-word-rubout", "kill-word", "backward-kill-word"),
    *("delete-horizontal-space", "transpose-chars", "transpose-words"),
    *("capitalize-word", "downcase-word", "upcase-word", "undo", "revert-line"),
    *("previous-history", "next-history", "beginning-of-history", "end-of-history"),
    *("history-search-backward", "history-search-forward", "yank-last-arg", "yank-nth-arg"),
}
# Each one reaches state that outlives a line, or vi mode, or an init file.
DANGEROUS = {
    "\\C-y": "yank",
    "\\ey": "yank-pop",
    "\\e\\C-j": "vi-editing-mode",
    "\\e\\C-m": "vi-editing-mode",
    "\\C-x\\C-r": "re-read-init-file",
    "\\C-x(": "start-kbd-macro",
    "\\C-x)": "end-kbd-macro",
    "\\C-xe": "call-last-kbd-macro",
    "\\C-r": "reverse-search-history",
    "\\C-s": "forward-search-history",
    "\\ep": "non-incremental-reverse-search-history",
    "\\en": "non-incremental-forward-search-history",
    "\\C-o": "operate-and-get-next",
    "\\e#": "insert-comment",
}


@pytest.fixture(scope="module")
def keymaps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    inputrc = tmp_path_factory.mktemp("inputrc") / "inputrc"
    inputrc.write_text('"\\C-xy": yank\n"\\e[24~": "\\C-y"\nset editing-mode vi\n')
    done = subprocess.run(
        [sys.executable, "-c", WALK],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "INPUTRC": str(inputrc)},
    )
    walked = json.loads(done.stdout)
    if walked is None:
        pytest.skip("not GNU readline")
    assert isinstance(walked, dict)
    return walked


def test_every_reachable_key_acts_only_on_the_line_or_its_owners_history(
    keymaps: dict[str, object],
) -> None:
    assert keymaps["emacs"]  # not vi, whatever the init file says
    bindings = keymaps["bindings"]
    assert isinstance(bindings, list) and len(bindings) > 700
    unsafe = [(bytes.fromhex(seq), function) for seq, function in bindings if function not in SAFE]
    assert unsafe == []  # no vi, no paste, no search of the past, no macro


def test_each_key_that_reads_what_outlives_a_line_is_turned_off(
    keymaps: dict[str, object],
) -> None:
    bindings = {bytes.fromhex(seq): function for seq, function in keymaps["bindings"]}  # type: ignore[attr-defined]
    for key in DANGEROUS:
        assert bindings[key_bytes(key)] == "abort", key
    assert bindings[key_bytes("\\C-xy")] == "abort"  # the init file was not read
    assert bindings[key_bytes("\\e[24~")] == "abort"  # F12: ours, not the file's macro


@pytest.mark.parametrize(
    "key",
    [
        *("\\e[15~", "\\e[24~", "\\e[1;2D", "\\e[1;3D", "\\e[1;2A", "\\e[1;6C"),
        *("\\e[1;2H", "\\e[15;2~", "\\e[24;5~", "\\e[5;2~", "\\e[3;3~", "\\e[1;9D"),
        *("\\e[7^", "\\e[8$", "\\e[[A", "\\e[11~", "\\e[1;2P"),
    ],
    ids=[
        *("F5", "F12", "Shift-Left", "Alt-Left", "Shift-Up", "Ctrl-Shift-Right", "Shift-Home"),
        *("Shift-F5", "Ctrl-F12", "Shift-PageUp", "Alt-Delete", "Meta-Left", "rxvt-Ctrl-Home"),
        *("rxvt-Shift-End", "console-F1", "vt220-F1", "Shift-F1"),
    ],
)
def test_a_function_key_is_read_whole_and_types_nothing(
    keymaps: dict[str, object], key: str
) -> None:
    """Unbound, readline stopped partway and typed the rest ("~", "D") into the line."""
    bindings = {bytes.fromhex(seq): function for seq, function in keymaps["bindings"]}  # type: ignore[attr-defined]
    assert bindings[key_bytes(key)] == "abort"


def test_every_key_of_the_emacs_keymaps_is_decided_and_prefixes_are_left_alone() -> None:
    decided = {key_bytes(line.split('"')[1]) for line in emacs_bindings()}
    prefixes = {b"\x1b", b"\x18", b"\x1b[", b"\x1bO"}
    for keymap in EMACS_KEYMAPS:
        for byte in range(256):
            key = key_bytes(keymap) + bytes([byte])
            assert (key in decided) != (key in prefixes), key


def test_key_notation() -> None:
    assert key_bytes("\\C-@\\C-_\\C-x\\e\\\\\\177a") == b"\x00\x1f\x18\x1b\\\x7fa"
