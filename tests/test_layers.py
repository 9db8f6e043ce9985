"""Data flows one way through the house (docs: STYLE.md, "The shape we aim for").

No module of parlour imports one that imports it back, however long the way
round, and the engines (``parlour.games``) import nothing of the bots, the
solvers, the arena, the server or the commands. Imports are read from the
sources, those inside functions too (a lazy import is still a dependency),
and ``importlib.import_module("parlour....")`` with a literal name counts
(one built from a variable, like ``records.replay``'s by game name, cannot be
read). Importing ``a.b.c`` runs ``a/b/__init__`` first: that is Python's
doing, not an import the module wrote, and is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import parlour

PACKAGE = Path(parlour.__file__).resolve().parent
ABOVE_THE_ENGINES = ("bots", "solvers", "server", "commands", "arena", "cli")


def module_names() -> dict[str, Path]:
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The parlour modules that module ``name`` (at ``path``) imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def add(target: str) -> None:
        # The deepest parlour module named: ``from a.b import c`` is a.b.c when
        # c is a module, else a.b.
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                add(f"{base}.{alias.name}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            add(node.args[0].value)
    return found


def import_graph() -> dict[str, set[str]]:
    names = module_names()
    known = set(names)
    return {name: imported(name, path, known) for name, path in names.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One import loop through each module that is in one, as a path back to its start."""
    loops: list[list[str]] = []
    seen: set[str] = set()
    for start in sorted(graph):
        # Depth-first from ``start``, looking for a way back to it.
        stack = [(start, [start])]
        visited = {start}
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    if not set(path) & seen:
                        loops.append(path + [start])
                        seen.update(path)
                elif nxt not in visited:
                    visited.add(nxt)
                    stack.append((nxt, path + [nxt]))
    return loops


def test_the_reader_sees_imports_and_loops() -> None:
    # The checks below pass on an empty graph, so first: they see what is there.
    graph = import_graph()
    assert "parlour.games.trick" in graph["parlour.games.spades"]
    assert "parlour.bots.random_bot" in graph["parlour.bots.base"]  # by import_module
    assert "parlour.games.trick_record" in graph["parlour.games.hearts"]  # inside a function
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_one_that_imports_it_back() -> None:
    loops = [" -> ".join(loop) for loop in cycles(import_graph())]
    assert loops == []


def test_the_engines_know_nothing_of_what_uses_them() -> None:
    upward = sorted(
        f"{name} imports {target}"
        for name, targets in import_graph().items() if name.startswith("parlour.games")
        for target in targets
        if target.split(".")[1] in ABOVE_THE_ENGINES)
    assert upward == []
