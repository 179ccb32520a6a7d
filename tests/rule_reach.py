"""Which rules a game's random playouts reach: the rule ids cited in its code whose code never ran.

    python -m tests.rule_reach GAME [GAMES_PER_SETTING] [--json FILE]

Plays GAMES_PER_SETTING seeded games (default 100) of each option setting of :data:`SETTINGS` in this process, with
line coverage (the ``coverage`` package: ``pip install -e '.[reach]'``) of the game's package. A rule id cited in a
function's docstring is reached when any line of that function ran; cited in a comment or a line of code, when the
next statement at or after it ran; cited only in declarations outside a function (a constant, a module docstring), it
is not judged. Prints each rule id of the game's guide (its rule index lists every id of the rules document) that the code cites and that never ran, with where it is
cited, then the ids the code does not cite (those are judged by reading the rule). This is how the lists "Rules no
shipped card can make matter" in the guides were checked: a rule id whose code never ran is either rare or out of
reach of the shipped cards, which reading the rule decides.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,6}-\d+\.\d+)(?![\d])")

# (options, seats) of each setting played
SETTINGS: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "martial-arts": [
        *(
            ({"event_mode": m, "deck_p1": a, "deck_p2": b}, ["random", "random"])
            for m in ("hand", "per_game")
            for a in ("tiger", "crane")
            for b in ("tiger", "crane")
        ),
        ({"event_mode": "hand"}, ["heuristic", "heuristic"]),
        ({"event_mode": "per_game"}, ["heuristic", "random"]),
    ],
    "taidian": [
        *(({}, ["random"] * n) for n in (2, 3, 4, 6)),
        (
            {"teams": "0,2/1,3", "knockout_reward": True, "extra_punches": True, "starting_health": "100"},
            ["random"] * 4,
        ),
        (
            {"knockout_reward": True, "character_selection": "choose", "starting_health": "100"},
            ["random"] * 3,
        ),
        ({"round_cap": 6}, ["heuristic"] * 2),
        ({"knockout_reward": True, "starting_health": "100"}, ["heuristic"] * 3),
        ({"teams": "0,1/2,3,4,5"}, ["random"] * 6),
    ],
    "bpoker": [
        *(({"max_hands": 3}, ["random"] * n) for n in (2, 3, 4, 6)),
        (
            {
                "max_hands": 3,
                "decks": 1,
                "stash": 5,
                "table_max": 3,
                "viewing_hand": 2,
                "max_fpoker_depth": 0,
            },
            ["random"] * 3,
        ),
        ({"max_hands": 3, "decks": 8, "stash": 40, "table_max": 12, "max_fpoker_depth": 5}, ["random"] * 2),
        ({"max_hands": 2}, ["heuristic"] * 3),
    ],
}


def _reached(tree: ast.Module, line: int, statements: set[int], executed: set[int]) -> bool | None:
    """Whether the code a citation on ``line`` speaks of ran (None: a declaration outside a function)."""
    scopes = [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    inner = None
    for node in scopes:
        if node.lineno <= line <= (node.end_lineno or node.lineno) and (
            inner is None or node.lineno >= inner.lineno
        ):
            inner = node
    if inner is None:
        return None
    end = inner.end_lineno or inner.lineno
    first = inner.body[0] if inner.body else None
    doc_end = (
        first.end_lineno if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) else None
    )
    if isinstance(inner, ast.ClassDef) or (doc_end is not None and line <= doc_end):
        body = set(range(inner.lineno, end + 1)) & statements
        return bool(body & executed) if body else None
    after = [s for s in statements if line <= s <= end]
    return (min(after) in executed) if after else None


def measure(game_id: str, per_setting: int) -> dict[str, list[tuple[str, int, bool | None]]]:
    """Every rule id cited in the game's package: (file, line, whether its code ran) for each citation."""
    import coverage  # an optional dependency: only this tool needs it

    package = ROOT / "src" / "cardsmith" / "games" / game_id.replace("-", "_")
    cov = coverage.Coverage(source=[str(package)], data_file=None)
    cov.start()
    from cardsmith.sim.batch import simulate

    for index, (options, seats) in enumerate(SETTINGS[game_id]):
        simulate(game_id, per_setting, f"reach{index}", seats, options)
    cov.stop()
    data = cov.get_data()
    cited: dict[str, list[tuple[str, int, bool | None]]] = {}
    for path in sorted(package.rglob("*.py")):
        executed = set(data.lines(str(path)) or [])
        statements = set(cov.analysis2(str(path))[1])
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for number, line in enumerate(text.splitlines(), 1):
            for rule in RULE_ID.findall(line):
                ran = _reached(tree, number, statements, executed)
                cited.setdefault(rule, []).append((str(path.relative_to(package)), number, ran))
    return cited


def main() -> None:
    game_id = sys.argv[1]
    per_setting = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 100
    cited = measure(game_id, per_setting)
    from cardsmith.core import get_game

    rules = list(dict.fromkeys(RULE_ID.findall(get_game(game_id).rules_guide() or "")))
    games = per_setting * len(SETTINGS[game_id])
    print(f"{game_id}: {games} games; rule ids cited in code whose code never ran:")
    for rule in rules:
        places = cited.get(rule)
        if places and not any(ran for _, _, ran in places) and any(ran is False for _, _, ran in places):
            print(f"  {rule}: " + ", ".join(f"{f}:{n}" for f, n, ran in places if ran is False))
    print("rule ids the code does not cite:", " ".join(r for r in rules if r not in cited))
    if "--json" in sys.argv:
        Path(sys.argv[sys.argv.index("--json") + 1]).write_text(json.dumps(cited, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
