"""Line editing: one prompt_toolkit session per player, and nothing shared between them.

Keys are fed through prompt_toolkit's pipe input, as a terminal would send
them; each check also shows the key working for its owner, so that a key
that did nothing at all could not pass.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tacocat.ui.term.lineedit import NAME_PROMPTS, LineEditor, Signalled, function_keys

CTRL_U, CTRL_Y, CTRL_K, CTRL_A = "\x15", "\x19", "\x0b", "\x01"
UP, LEFT, F5, CTRL_F12 = "\x1b[A", "\x1b[D", "\x1b[15~", "\x1b[24;5~"


@pytest.fixture
def keyboard() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def read(editor: LineEditor, keyboard: PipeInput, keys: str, owner: object) -> str:
    keyboard.send_text(keys)
    return editor.ask("> ", owner)


def test_each_player_recalls_and_pastes_only_their_own_lines(keyboard: PipeInput) -> None:
    editor = LineEditor(keyboard, DummyOutput())
    # Ann types a line, then a secret she deletes (Ctrl-U: into her kill ring).
    assert read(editor, keyboard, "a b\r", "Ann") == "a b"
    assert read(editor, keyboard, f"secret 9 9{CTRL_U}-\r", "Ann") == "-"
    # Bob's Up, Ctrl-Y (paste), Ctrl-R (search) and Ctrl-X e (macro) bring back nothing of hers.
    for keys in (
        UP,
        CTRL_Y,
        "\x12secret\x07",
        "\x12\x12\x07",
        "\x1by",
        "\x18e",
        "\x1b.",
        "\x1b_",
        "\x1b<",
    ):
        line = read(editor, keyboard, keys + "zz\r", "Bob")
        assert set(line) == {"z"}, (keys, line)  # his zz, or his own earlier lines
    # At her own prompt the same keys do bring her lines back.
    assert read(editor, keyboard, f"{CTRL_Y}\r", "Ann") == "secret 9 9"
    assert read(editor, keyboard, f"{UP}{UP}\r", "Ann") == "-"
    assert read(editor, keyboard, "\x12a \r", "Ann") == "a b"  # Ctrl-R: her search


def test_nobodys_prompts_and_the_name_prompts_keep_no_kill_ring(keyboard: PipeInput) -> None:
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, f"Ann{CTRL_A}{CTRL_K}Ann\r", NAME_PROMPTS) == "Ann"
    assert read(editor, keyboard, f"{CTRL_Y}\r", NAME_PROMPTS) == ""  # Ann's kill is gone
    assert read(editor, keyboard, f"{UP}\r", NAME_PROMPTS) == "Ann"  # names are public
    assert read(editor, keyboard, f"word{CTRL_U}\r", "Ann") == ""
    assert read(editor, keyboard, f"{CTRL_Y}\r", None) == "\x19"  # typed, not pasted


def test_a_function_key_is_read_whole_and_types_nothing(keyboard: PipeInput) -> None:
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, "ab\x1bp\x1b]c\x1bbx\r", "Ann") == "xabc"  # Alt-B moves
    assert read(editor, keyboard, f"ab{F5}{CTRL_F12}{LEFT}x\r", "Ann") == "axb"
    keys = function_keys()  # unknown to prompt_toolkit, Shift-F1 left "[11;2~"
    # Some of them move or select (Home, Shift-Left), none types a character.
    line = read(editor, keyboard, "".join(f"a{key}b" for key in keys) + "\r", "Ann")
    assert set(line) == set("ab"), line
    # At a hand-over each is typed as sent: a refused line.
    assert read(editor, keyboard, " ".join(keys) + "\r", None) == " ".join(keys)


def test_a_prompt_of_nobody_types_every_other_key_as_sent(keyboard: PipeInput) -> None:
    """At a hand-over an arrow is a refused line, not an edit leaving an empty Enter."""
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, f"{UP}\r", None) == UP
    assert read(editor, keyboard, f"{F5}\r", None) == F5
    assert read(editor, keyboard, "ab\x7f\r", None) == "a"  # Backspace still erases


@pytest.mark.parametrize(("key", "signum"), [("\x03", 2), ("\x1c", 3), ("\x1a", 20)])
@pytest.mark.parametrize("owner", ["Ann", None])
def test_signal_keys_end_the_read_with_their_signal(
    keyboard: PipeInput, key: str, signum: int, owner: str | None
) -> None:
    editor = LineEditor(keyboard, DummyOutput())
    keyboard.send_text(f"typed{key}")
    with pytest.raises(Signalled) as ended:
        editor.ask("> ", owner)
    assert ended.value.signum == signum


def test_ctrl_d_on_an_empty_line_is_the_end_of_input(keyboard: PipeInput) -> None:
    editor = LineEditor(keyboard, DummyOutput())
    keyboard.send_text("\x04")
    with pytest.raises(EOFError):
        editor.ask("> ", "Ann")


@pytest.mark.parametrize(
    "sequence", ["\x1b]0;pwned\x07", "\x1b]2;x\x1b\\", "\x1b[6n", "\x9b6n", "\x1b[?1049h"]
)
def test_an_escape_sequence_typed_leaves_nothing_of_itself(
    keyboard: PipeInput, sequence: str
) -> None:
    """An OSC typed at the name prompt once made the name "0;pwned"."""
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, f"a{sequence}b\r", NAME_PROMPTS) == "ab"
    assert read(editor, keyboard, f"{sequence}\r", "Ann") == ""
    assert read(editor, keyboard, f"{sequence}\r", None) == sequence  # a hand-over refuses it


def test_a_known_key_ending_as_a_longer_sequence_might_is_read_at_once(
    keyboard: PipeInput,
) -> None:
    # rxvt's Shift-Insert (Esc [ 2 $) was held as the start of a longer sequence: "a" went with it.
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, "\x1b[2$a\x1b[11$b\r", "Ann") == "ab"


def test_esc_then_enter_sends_the_line(keyboard: PipeInput) -> None:
    # Typed ahead of the prompt, Enter reads as ^J: Esc ^J once left the line unsent.
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, "Yay\x1b\nWow\r", NAME_PROMPTS) == "Yay"
    assert editor.ask("> ", NAME_PROMPTS) == "Wow"  # the next line, read apart
    assert read(editor, keyboard, "Yay\x1b\r", NAME_PROMPTS) == "Yay"


def test_dropping_typeahead_drops_a_sequence_half_read(keyboard: PipeInput) -> None:
    # A fast paste ends in the middle of an escape sequence: its start was held by the
    # parser, not queued, and once came out in front of the next player's first key.
    editor = LineEditor(keyboard, DummyOutput())
    assert read(editor, keyboard, "x\r\x1b]ab", "Ann") == "x"
    assert editor.drop_typeahead() >= 1
    assert read(editor, keyboard, "y\r", None) == "y"
