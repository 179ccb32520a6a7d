"""DBZ: the player guide lists every rule id, and every id is cited by a test name in this folder."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from cardsmith.games.dbz import GAME

RULE_ID = re.compile(r"(?<![A-Za-z0-9])(DBZ-\d+\.\d+)(?!\d)")
SECTIONS = {
    1: 15,
    2: 11,
    3: 14,
    4: 12,
    5: 16,
    6: 9,
    7: 13,
    8: 18,
    9: 10,
    10: 12,
    11: 16,
    12: 16,
    13: 9,
    14: 5,
    15: 10,
}


def test_the_guide_lists_every_rule_id_of_the_rules_document_and_ends_with_an_index():
    guide = GAME.rules_guide()
    body, _, index = guide.partition("## Rule index")
    expected = [f"DBZ-{s}.{n}" for s, count in SECTIONS.items() for n in range(1, count + 1)]
    assert len(expected) == 186
    assert set(RULE_ID.findall(body)) == set(expected)
    assert RULE_ID.findall(index) == expected


def test_no_rule_id_is_left_uncited_by_the_dbz_scenario_tests():
    names = set()
    for path in Path(__file__).parent.glob("test_dbz_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {
            n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
        }
    uncited = []
    for rule_id in RULE_ID.findall(GAME.rules_guide()):
        token = rule_id.replace("-", "_").replace(".", "_")
        if not any(re.search(rf"(?<![A-Za-z0-9]){token}(?!\d)", name) for name in names):
            uncited.append(rule_id)
    assert uncited == []
