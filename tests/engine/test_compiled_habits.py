"""The habits that keep the compiled build's modules compiling to the same game.

mypyc compiles the modules pyproject.toml lists (docs/performance.md); a few
spellings that Python runs fine mean something else there, so they are
checked in the source, where the tests can see it.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
pytestmark = pytest.mark.skipif(
    not (ROOT / "tacocat").is_dir(), reason="the source tree is not beside the tests (compiled run)"
)


def compiled_modules() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    return [ROOT / entry.lstrip("/") for entry in listed]


def test_every_compiled_module_exists() -> None:
    assert all(path.is_file() for path in compiled_modules())


def test_no_compiled_module_calls_hand_values() -> None:
    # state.hand_values is a tuple subclass that may also be called
    # (``hand_values(player)``, the older spelling); a compiled module that
    # calls it gets both hands back, so compiled code indexes it.
    for path in compiled_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "hand_values"
        ]
        assert not calls, f"{path.name} calls hand_values on lines {calls}: index it instead"
