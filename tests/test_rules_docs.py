"""docs/rules.md and the in-game summary (`tacocat rules`) tell the same decisions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tacocat.engine.rules import DEFAULT_COUNTS, DEFAULT_HAND_SIZES, DEFAULT_TIE_LIMIT
from tacocat.ui.rules_text import rules_markdown

ROOT = Path(__file__).resolve().parent.parent
FULL = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
SUMMARY = rules_markdown()  # as `tacocat rules` reads it, wherever tacocat is installed

# Each decision, as a pattern both texts must match (case and line breaks ignored).
DECISIONS = {
    "default deck": " ".join(str(count) for count in DEFAULT_COUNTS),
    "default board": " ".join(str(size) for size in DEFAULT_HAND_SIZES),
    "attack keeps a card": r"k \+ 1",
    "jumbo sacrifices are the lowest unused cards": r"lowest\s+(of your unused|cards among)",
    "duel down to one card each": r"one card each",
    "simultaneous choices: yay first": r"yay first",
    "tie limit": rf"(ten|{DEFAULT_TIE_LIMIT}) tied rounds",
    "tie goes to the arrow variant": r"tie goes to the arrow",
}


@pytest.mark.parametrize("name", DECISIONS)
@pytest.mark.parametrize("text", [FULL, SUMMARY], ids=["docs/rules.md", "summary"])
def test_both_rule_texts_state_each_decision(name: str, text: str) -> None:
    flat = " ".join(text.lower().split())
    assert re.search(DECISIONS[name].lower(), flat), f"{name!r} is missing"
