"""The structure rules of the source tree (measured by ``python -m tests.structure``)."""

from __future__ import annotations

from tests import structure


def test_no_import_cycles():
    assert structure.cycles(structure.import_graph()) == []


def test_no_import_cycles_even_through_type_only_imports():
    assert structure.cycles(structure.import_graph(typing_too=True)) == []


def test_the_core_imports_nothing_above_it():
    assert structure.layer_violations(structure.import_graph()) == []


def test_the_checker_finds_a_cycle_and_a_layer_violation(tmp_path):
    pkg = tmp_path / "cardsmith"
    (pkg / "core").mkdir(parents=True)
    (pkg / "games").mkdir()
    for name in ("__init__.py", "core/__init__.py", "games/__init__.py"):
        (pkg / name).write_text("")
    (pkg / "core" / "a.py").write_text("from . import b\n")
    (pkg / "core" / "b.py").write_text(
        "def f():\n    from .a import x\n"
    )  # a cycle through a function-local import
    (pkg / "core" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..games import g\n"
    )
    (pkg / "games" / "g.py").write_text("from ..core import c\n")
    graph = structure.import_graph(tmp_path)
    assert structure.cycles(graph) == [["cardsmith.core.a", "cardsmith.core.b"]]
    typed = structure.import_graph(tmp_path, typing_too=True)
    assert ["cardsmith.core.c", "cardsmith.games.g"] in structure.cycles(typed)
    assert structure.layer_violations(typed) == [("cardsmith.core.c", "cardsmith.games.g")]
