"""The structure of the source tree, measured: import cycles, the core's independence, file and function sizes.

Run ``python -m tests.structure`` for a report; ``tests/test_structure.py`` holds the rules that must stay true.
Imports are read with :mod:`ast`, at module level and inside functions, so a cycle hidden in a function-local import
is still a cycle. Cycles are counted twice: those that run (imports under ``if TYPE_CHECKING:`` left out) and those of
the design (type-only imports counted too).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "cardsmith"


def modules(src: Path = SRC) -> dict[str, Path]:
    """Every module of the package by dotted name (a package is named by its ``__init__``)."""
    out = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, typing_too: bool) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if not typing_too and isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def import_graph(src: Path = SRC, *, typing_too: bool = False) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (``typing_too``: also under ``if TYPE_CHECKING:``)."""
    mods = modules(src)
    graph: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        is_pkg = path.name == "__init__.py"
        here = name.split(".") if is_pkg else name.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), typing_too):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = here[: len(here) - node.level + 1] if node.level else []
                mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
                targets = [
                    f"{mod}.{alias.name}" if f"{mod}.{alias.name}" in mods else mod for alias in node.names
                ]
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith(PACKAGE):
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0

    def visit(root: str) -> None:
        nonlocal counter
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(out)


def layer_violations(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports against the layering: the core imports nothing of cardsmith outside the core."""
    core = f"{PACKAGE}.core"
    return sorted(
        (mod, target)
        for mod, targets in graph.items()
        if mod == core or mod.startswith(core + ".")
        for target in targets
        if not (target == core or target.startswith(core + "."))
    )


def long_functions(limit: int, src: Path = SRC) -> list[tuple[str, str, int]]:
    """(module, function, lines) for every function longer than ``limit`` lines."""
    out = []
    for name, path in modules(src).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    out.append((name, node.name, length))
    return sorted(out, key=lambda row: -row[2])


def long_files(limit: int, src: Path = SRC) -> list[tuple[str, int]]:
    """(module, lines) for every source file longer than ``limit`` lines."""
    rows = [(name, len(path.read_text(encoding="utf-8").splitlines())) for name, path in modules(src).items()]
    return sorted((row for row in rows if row[1] > limit), key=lambda row: -row[1])


def main() -> int:
    graph = import_graph()
    found = cycles(graph)
    print(f"{len(graph)} modules, {sum(len(t) for t in graph.values())} imports inside the package")
    print(f"import cycles: {len(found)}")
    for group in found:
        print("  " + " <-> ".join(group))
    typed = cycles(import_graph(typing_too=True))
    print(f"import cycles counting type-only imports: {len(typed)}")
    for group in typed:
        print("  " + " <-> ".join(group))
    bad = layer_violations(graph)
    print(f"core imports from outside the core: {len(bad)}")
    for mod, target in bad:
        print(f"  {mod} -> {target}")
    files = long_files(800)
    print(f"files over 800 lines: {len(files)}")
    for mod, n in files:
        print(f"  {n:5}  {mod}")
    funcs = long_functions(60)
    print(f"functions over 60 lines: {len(funcs)}")
    for mod, fn, n in funcs:
        print(f"  {n:5}  {mod}.{fn}")
    return 1 if found or bad else 0


if __name__ == "__main__":
    sys.exit(main())
