"""The layers of docs/architecture.md hold: no import cycle, no import of a layer above.

Every module in ``tacocat/`` is parsed and each of its imports is read,
those inside functions included: a lazy import is still a dependency.  The
table of packages in docs/architecture.md says what each package may
import; this test reads it there, so the table and the code cannot part.

Two rules, as the table's introduction states them:

- **Layers.** A module may import its own package and the packages its row
  names.  Imports under ``if TYPE_CHECKING:`` count: a type in a signature
  is a dependency too.
- **Circles.** No chain of imports leads from a module back to itself,
  imports under ``if TYPE_CHECKING:`` included: a type that needs its user
  to be defined first is a circle in the design, whether or not it runs.

An import is charged to the module that defines the name, as the import
system resolves it: ``from tacocat.ai import calibration`` is an import of
``tacocat.ai.calibration``, and ``from tacocat.engine import GameState`` (a
name the engine's package re-exports, lazily) one of ``tacocat.engine.state``.
A string that is exactly a module's dotted name counts as an import of it
that runs: that is how the command group names its commands and the launcher
its preloads, for ``import_module``.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tacocat"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


@dataclass(frozen=True)
class Import:
    """One import statement's target, where it is written and whether it ever runs."""

    source: str  # the importing module, dotted
    target: str  # the imported module, dotted
    where: str  # path:line
    runs: bool  # False under `if TYPE_CHECKING:`


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_lines(tree: ast.Module) -> set[int]:
    """The lines of every statement under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or not isinstance(node.test, ast.Name | ast.Attribute):
            continue
        if ast.unparse(node.test).endswith("TYPE_CHECKING"):  # not `if not TYPE_CHECKING:`
            for statement in node.body:
                for inner in ast.walk(statement):
                    if isinstance(inner, ast.stmt):
                        lines.add(inner.lineno)
    return lines


def _reexports(tree: ast.Module, package: str) -> dict[str, str]:
    """Names a package's ``__init__`` takes from its modules: name -> module."""
    homes = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _absolute(node, package, True)
            for alias in node.names:
                homes[alias.asname or alias.name] = base
    return homes


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from`` import names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


@functools.cache
def imports() -> tuple[Import, ...]:
    """Every import of a ``tacocat`` module by a ``tacocat`` module (parsed once for all tests)."""
    return tuple(_imports())


def _imports() -> Iterator[Import]:
    files = module_files()
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in files.items()}
    packages = {name for name, path in files.items() if path.name == "__init__.py"}
    homes = {name: _reexports(trees[name], name) for name in packages}

    def owner(dotted: str) -> str:  # the module itself, else the package it names a name of
        while dotted not in files:
            dotted = dotted.rpartition(".")[0]
        return dotted

    for source, tree in trees.items():
        where = files[source].relative_to(ROOT)
        typing_only = _type_checking_lines(tree)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.Constant) and node.value in files and "." in node.value:
                targets = [node.value]  # imported by name
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, source, source in packages)
                for alias in node.names:
                    if f"{base}.{alias.name}" in files:  # a submodule
                        targets.append(f"{base}.{alias.name}")
                    else:  # a name: charged to the module that defines it
                        targets.append(homes.get(base, {}).get(alias.name, base))
            else:
                continue
            resolved = {owner(target) for target in targets if target.split(".")[0] == "tacocat"}
            for target in sorted(resolved - {source}):
                runs = node.lineno not in typing_only
                yield Import(source, target, f"{where}:{node.lineno}", runs)


def layer_of(module: str) -> str:
    """The table's short name for a module's package: ``engine``, ``launch``, ``tacocat``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "tacocat"


def allowed_imports() -> dict[str, set[str]]:
    """docs/architecture.md's table of packages: layer -> the layers it may import.

    A row's first cell names its packages or modules (`tacocat/engine`,
    `tacocat/files.py`); its last cell names, in backquotes, the layers they
    may import.  Text outside backquotes there (rich, click) is prose.
    """
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## Packages", 1)[1].split("\n## ", 1)[0]
    allowed: dict[str, set[str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`tacocat/"):
            continue
        may = set(re.findall(r"`([a-z_]+)`", cells[-1]))
        for path in re.findall(r"`tacocat/([a-z_]+)(?:\.py)?`", cells[0]):
            allowed[path if path != "__init__" else "tacocat"] = may
    return allowed


def test_the_table_names_every_package_and_only_packages() -> None:
    allowed = allowed_imports()
    layers = {layer_of(module) for module in module_files()}
    assert layers == set(allowed), "docs/architecture.md's table of packages"
    for layer, may in allowed.items():
        assert may <= layers, f"{layer} may import an unknown package: {sorted(may - layers)}"


def test_the_table_is_layered() -> None:
    """Its 'may import' column has no circle, so the packages stack up as layers."""
    allowed = allowed_imports()
    circle = _find_cycle({layer: may - {layer} for layer, may in allowed.items()})
    assert circle is None, "the table's layers import in a circle: " + " -> ".join(circle or [])


def test_no_module_imports_a_layer_above_it() -> None:
    allowed = allowed_imports()
    wrong = []
    for found in imports():
        layer, target = layer_of(found.source), layer_of(found.target)
        if target != layer and target not in allowed[layer]:
            may = ", ".join(sorted(allowed[layer])) or "nothing"
            wrong.append(
                f"{found.where}: {found.source} imports {found.target} ({layer} may import {may})"
            )
    assert not wrong, "imports against docs/architecture.md's layers:\n" + "\n".join(wrong)


def test_no_import_cycle() -> None:
    graph: dict[str, set[str]] = {module: set() for module in module_files()}
    lines: dict[tuple[str, str], str] = {}
    for found in imports():
        graph[found.source].add(found.target)
        lines.setdefault((found.source, found.target), found.where)
    cycles = []
    for component in _components(graph):
        circle = _find_cycle({module: graph[module] & component for module in component})
        assert circle is not None
        steps = [f"{a} ({lines[a, b]})" for a, b in itertools.pairwise(circle)]
        cycles.append(" -> ".join([*steps, circle[-1]]))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle in ``graph`` as a path that ends where it starts, or None."""
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            circle = walk(nxt, [*path, node])
            if circle is not None:
                return circle
        done.add(node)
        return None

    for start in sorted(graph):
        circle = walk(start, [])
        if circle is not None:
            return circle
    return None


# The folders of tacocat/ui, lowest first: screens are drawn from what a seat may
# see (draw), shown and read at a terminal (term), by the table that plays (play).
UI_FOLDERS = ("draw", "term", "play")


def test_ui_folders_import_only_folders_below_them() -> None:
    def folder(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 3 and parts[:2] == ["tacocat", "ui"] else None

    wrong = []
    for found in imports():
        source, target = folder(found.source), folder(found.target)
        if source and target and UI_FOLDERS.index(target) > UI_FOLDERS.index(source):
            wrong.append(f"{found.where}: ui.{source} imports {found.target}")
    assert not wrong, "\n".join(wrong)
