"""The state's fields are declared once (engine/fields.py's class body); everything else follows."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from pathlib import Path

import tacocat.engine
from tacocat.engine import GameState, new_game
from tacocat.engine.fields import COPIED, FIELDS, PUBLIC, Fields, Seen
from tacocat.engine.view import PublicView
from tacocat.engine.worlds import COPIED_FROM_VIEW

ENGINE = Path(tacocat.engine.__file__).resolve().parent
SHARED = tuple(f.attribute for f in FIELDS if not f.kind.copied)  # immutable: a clone shares them


def midgame(seed: int = 8, steps: int = 9) -> GameState:
    state = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_class_body_is_the_one_list_of_fields() -> None:
    # Every field the class declares has a kind and a visibility, and nothing else is kept.
    chance = ("rules", "rng", "deal_key")  # the generator and the key of a game dealt by round
    declared = [f.name for f in dataclasses.fields(Fields) if f.name not in chance]
    assert declared == [f.attribute for f in FIELDS]
    assert sorted(declared) == sorted(COPIED + SHARED)
    state = midgame()
    kept = set(vars(state)) - {*chance, "opening_events", "_root", "_listed_for", "_listed"}
    assert kept == set(declared)


def test_a_clone_has_every_field_equal_and_every_list_its_own() -> None:
    state = midgame()
    twin = state.clone()
    for name in COPIED:
        assert getattr(twin, name) == getattr(state, name)
        assert getattr(twin, name) is not getattr(state, name)
    for name in SHARED:
        assert getattr(twin, name) == getattr(state, name)


def test_the_saved_state_holds_exactly_the_fields_in_their_order() -> None:
    data = json.loads(midgame().to_json())
    assert list(data) == ["format", "version", "rules", "rng", *(f.name for f in FIELDS)]
    assert [f.name for f in FIELDS if f.name != f.attribute] == ["hands", "table"]


def test_every_public_field_is_in_the_public_view_and_in_a_built_world() -> None:
    ids = {"discard_pile": "discard_ids", "table": "table_ids"}
    assert {ids.get(name, name) for name in PUBLIC} <= set(PublicView._fields)
    # What a player's view does not hold, a world derives from the phase and the arrow.
    assert set(PUBLIC) - set(COPIED_FROM_VIEW) == {"simultaneous", "replace_limits", "replaced"}
    assert not {f.name for f in FIELDS if f.seen is not Seen.PUBLIC} & set(PublicView._fields)


def _imports(path: Path) -> set[str]:
    """The tacocat.engine modules ``path`` imports, for type checking only included."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "tacocat.engine":
                found.update(f"tacocat.engine.{alias.name}" for alias in node.names)
            elif node.module.startswith("tacocat.engine."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tacocat.engine."))
        stack.extend(ast.iter_child_nodes(node))
    return found


def test_no_engine_module_imports_itself_back_not_even_for_type_checking() -> None:
    graph = {
        f"tacocat.engine.{path.stem}": _imports(path)
        for path in ENGINE.glob("*.py")
        if path.stem != "__init__"
    }

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for module in graph.get(start, ()):
            if module == goal or (module not in seen and reaches(module, goal, seen | {module})):
                return True
        return False

    cycles = [module for module in graph if reaches(module, module, set())]
    assert not cycles
