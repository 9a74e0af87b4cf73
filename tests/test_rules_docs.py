"""The texts that describe tacocat agree with each other and with the code.

docs/rules.md (the full rules), the summary `tacocat rules` prints (written
from the rules in play), README.md, pyproject.toml and LICENSE: each check
below failed once, when one text said something the others did not.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tacocat.engine.rules import DEFAULT_COUNTS, DEFAULT_HAND_SIZES, DEFAULT_TIE_LIMIT, Rules
from tacocat.ui.draw.rules_text import rules_text

ROOT = Path(__file__).resolve().parent.parent
FULL = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
MANUAL = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SUMMARY = rules_text(Rules())  # as `tacocat rules` prints it, wherever tacocat is installed

# Each decision, as a pattern both texts must match (case and line breaks ignored).
DECISIONS = {
    "default deck": " ".join(str(count) for count in DEFAULT_COUNTS),
    "default board": " ".join(str(size) for size in DEFAULT_HAND_SIZES),
    "attack keeps a card": r"attacker (always keeps )?at least one card",
    "jumbo sacrifices are the lowest unused cards": r"lowest\s+(of your unused|cards among)",
    "any duel down to one card each": r"any duel that leaves one card each[*,\s(]*tied",
    "simultaneous choices: yay first": r"yay first",
    "one-arrow replacement is open": r"sees which cards",
    "tie limit": rf"(ten|{DEFAULT_TIE_LIMIT}) tied rounds",
    "tie goes to the arrow variant": r"tie goes to the arrow",
}
# What no text may say (an earlier summary did).
WRONG = {
    "only a tied duel goes to the showdown": r"if a tied duel leaves",
}


def flat(text: str) -> str:
    return " ".join(text.lower().split())


@pytest.mark.parametrize("name", DECISIONS)
@pytest.mark.parametrize("text", [FULL, SUMMARY], ids=["docs/rules.md", "summary"])
def test_both_rule_texts_state_each_decision(name: str, text: str) -> None:
    assert re.search(DECISIONS[name].lower(), flat(text)), f"{name!r} is missing"


@pytest.mark.parametrize("name", WRONG)
@pytest.mark.parametrize(
    "text",
    [FULL, SUMMARY, README, MANUAL],
    ids=["docs/rules.md", "summary", "README", "docs/playing.md"],
)
def test_no_text_states_an_old_mistake(name: str, text: str) -> None:
    assert not re.search(WRONG[name], flat(text)), name


def rules_file_keys() -> list[str]:
    """Every key a rules file may hold, nested ones as they are written in a table."""
    keys = []
    for key, value in Rules().to_dict().items():
        keys += list(value) if isinstance(value, dict) else [key]
    return keys


@pytest.mark.parametrize("key", rules_file_keys())
def test_the_manual_names_every_key_of_a_rules_file(key: str) -> None:
    # The option's description: "`--rules FILE` (a TOML variant: ...)".
    start = MANUAL.index("`--rules FILE` (")
    described = MANUAL[start : MANUAL.index(")", start)]
    assert key in described, f"docs/playing.md's --rules FILE does not mention {key}"


@pytest.mark.parametrize("key", rules_file_keys())
def test_docs_example_rules_file_has_every_key(key: str) -> None:
    example = FULL[FULL.index("```toml") :]
    assert re.search(rf"^{key} *=", example, re.M), key


def test_readme_states_the_python_requirement() -> None:
    required = PYPROJECT["project"]["requires-python"]
    version = required.removeprefix(">=")
    assert f"Python {version}" in README, f"README must say Python {version} or newer"


def test_readme_offers_pipx_for_players_and_editable_installs_for_developers() -> None:
    assert "pipx install ." in README
    assert "pip install -e" in README


def test_readme_is_short_and_the_manual_is_in_the_docs() -> None:
    assert len(README.encode("utf-8")) <= 6 * 1024, "README.md over 6 KB: move detail to docs/"
    for doc in ("docs/playing.md", "docs/security.md", "docs/rules.md", "docs/architecture.md"):
        assert f"]({doc})" in README, f"README does not link {doc}"


def test_license_file_matches_the_package_metadata() -> None:
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["license"] == "MIT"
    assert license_text.startswith("MIT License")
    assert "tacocat contributors" in license_text


def test_readme_keeps_the_ci_commands_first() -> None:
    # .ci/run greps README for the test command: the install-and-play and the
    # test lines stay the first two code blocks.
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    assert "tacocat play" in blocks[0]
    assert "python -m pytest" in blocks[1]


def test_readme_says_what_the_game_shows() -> None:
    # Each claim below was once false: the rules were "in one screenful" at 106 lines.
    from tacocat.engine import Phase
    from tacocat.ui.draw.prompts import instruction
    from tacocat.ui.draw.rules_short import short_lines

    text = flat(README)
    assert "fits one screen" in text and len(short_lines(Rules())) <= 22
    assert "plays one round out" in text and "A round played out" in SUMMARY
    # The keys README names are the ones the decision screens ask for.
    golden = (ROOT / "tests" / "ui" / "goldens" / "decision-80x24.txt").read_text("utf-8")
    assert "`s` sacrifices your lowest" in README and "s to sacrifice your lowest" in golden
    assert "`-` keeps your hand" in README
    assert "- to keep your hand" in instruction(Phase.REPLACE, limit=3, held=7)
    assert "each card with a letter" in text and "╭─ a " in golden
