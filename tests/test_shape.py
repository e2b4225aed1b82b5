"""The shape of the package, checked on its source: what review alone would let slip.

- Every reader of a table types it (`table.protocol.GameTable`, or a class that
  satisfies it): a `table: Any` hides a renamed field from mypy.
- No import cycle between the package's modules, imports inside functions included:
  a cycle hidden in a function is found only when that function first runs.
- Scenes draw state and never change it: no drawing method writes `self.…`.
- The box's core (`pi_app/box`) imports no pygame, directly or through another module
  of the package: the phones-only box drives it without a display.
- No class anywhere in the package is over 300 lines, and the display's app itself
  (the loop, the routing and the drawing) is at most 200: a feature's code lives in
  its own parts.
- No import cycle between the package's packages either (`pi_app.box` and
  `pi_app.web`, say): the core is imported by the phones, never the other way round.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.paths import ROOT

PACKAGE = ROOT / "pi_app"


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules `module` imports, anywhere in its body."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            # importing a module runs its packages' __init__ first; a module reaching
            # its own packages runs no new code, so that is not a cycle
            while name and name != "pi_app":
                if name != module and not module.startswith(name + "."):
                    yield name
                name = name.rpartition(".")[0]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group: list[str] = []
            while not group or group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycle_between_the_package_modules() -> None:
    known = _modules()
    graph = {name: set(_imported(name, path, known)) for name, path in known.items()}
    assert "pi_app.errors" in graph["pi_app.table.journal"]  # imports are read
    assert _cycles(graph) == []


def _package_of(module: str) -> str:
    """The package of `pi_app` a module belongs to (`pi_app.box` for `pi_app.box.door`);
    a module directly in `pi_app` is its own."""
    parts = module.split(".")
    if len(parts) <= 2:
        return module
    return ".".join(parts[:2])


def test_no_import_cycle_between_the_package_packages() -> None:
    """Packages import one another in one direction only (the phones import the core,
    the display imports the phones): a cycle of packages is a layer that leaks."""
    known = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        mine = _package_of(name)
        graph.setdefault(mine, set())
        for other in _imported(name, path, known):
            theirs = _package_of(other)
            if theirs != mine and theirs != "pi_app":
                graph[mine].add(theirs)
                graph.setdefault(theirs, set())
    assert {"pi_app.box", "pi_app.web"} <= graph.keys()  # packages are read
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _any_tables(path: Path) -> Iterator[str]:
    """Parameters and attributes named `table` (or ending in `_table`) typed `Any`."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        annotation, name = None, ""
        if isinstance(node, ast.arg):
            annotation, name = node.annotation, node.arg
        elif isinstance(node, ast.AnnAssign):
            annotation, target = node.annotation, node.target
            if isinstance(target, ast.Attribute):
                name = target.attr
            elif isinstance(target, ast.Name):
                name = target.id
        typed_any = isinstance(annotation, ast.Name) and annotation.id == "Any"
        if typed_any and (name == "table" or name.endswith("_table")):
            yield f"{path.relative_to(ROOT)}:{node.lineno} {name}: Any"


def test_no_table_is_typed_any() -> None:
    found = [line for path in _modules().values() for line in _any_tables(path)]
    assert found == []


READERS = ("colours", "ring_colour", "wants_bell", "key")
"""Scene methods that read the state for the loop, as drawing does."""


def _written_while_drawing(path: Path) -> Iterator[str]:
    """Assignments to `self.…` inside a scene's drawing (or reading) methods."""
    for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(cls, ast.ClassDef):
            continue
        for method in cls.body:
            drawing = isinstance(method, ast.FunctionDef) and (
                "draw" in method.name or method.name in READERS
            )
            if not drawing:
                continue
            for node in ast.walk(method):
                targets = node.targets if isinstance(node, ast.Assign) else []
                if isinstance(node, ast.AugAssign | ast.AnnAssign):
                    targets = [node.target]
                for target in targets:
                    root = target
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    mine = isinstance(root, ast.Name) and root.id == "self"
                    if isinstance(target, ast.Attribute) and mine:
                        where = f"{path.relative_to(ROOT)}:{node.lineno}"
                        yield f"{where} {cls.name}.{method.name} sets {ast.unparse(target)}"


def test_drawing_changes_no_scene_state() -> None:
    """Scenes draw state and never change it: a redraw must show the same screen."""
    display = PACKAGE / "display"
    found = [
        line for path in sorted(display.rglob("*.py")) for line in _written_while_drawing(path)
    ]
    assert found == []


MAX_CLASS = 300
MAX_APP = 200


def _reaches(start: str, graph: dict[str, set[str]]) -> set[str]:
    """Every module of the package `start` imports, directly or not."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for other in graph.get(todo.pop(), set()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _imports_pygame(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] == "pygame" for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            return True
    return False


def test_the_core_imports_no_pygame() -> None:
    known = _modules()
    graph = {name: set(_imported(name, path, known)) for name, path in known.items()}
    core = [name for name in known if name == "pi_app.box" or name.startswith("pi_app.box.")]
    assert core, "the core's package is read"
    found = sorted(
        f"{name} (through {other})" if other != name else name
        for name in core
        for other in {name, *_reaches(name, graph)}
        if _imports_pygame(known[other])
    )
    assert found == [], "the core reaches pygame:\n" + "\n".join(found)


def test_the_pygame_finder_finds_an_import(tmp_path: Path) -> None:
    module = tmp_path / "drawing.py"
    module.write_text("from pygame import Rect\n", encoding="utf-8")
    assert _imports_pygame(module)
    module.write_text("import pygame.freetype\n", encoding="utf-8")
    assert _imports_pygame(module)
    module.write_text("import json  # pygame is not here\n", encoding="utf-8")
    assert not _imports_pygame(module)


def _class_sizes(folder: Path) -> Iterator[tuple[int, str]]:
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                yield size, f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({size} lines)"


def test_no_class_anywhere_is_over_300_lines_and_the_app_over_200() -> None:
    sizes = list(_class_sizes(PACKAGE))
    assert any("pi_app/box/" in where for _size, where in sizes), "every package is read"
    too_big = [where for size, where in sizes if size > MAX_CLASS]
    assert too_big == [], "classes to split:\n" + "\n".join(too_big)
    (app,) = [
        size
        for size, where in sizes
        if where.startswith("pi_app/display/app.py") and " App " in where
    ]
    assert app <= MAX_APP, f"App is {app} lines: its features belong in parts of their own"
