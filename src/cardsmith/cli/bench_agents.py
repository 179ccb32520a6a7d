"""``cardsmith bench --agents``: the heuristic's decisions and IS-MCTS's iterations per second, per game."""

from __future__ import annotations

import json
import os
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ..core.registry import get_game
from ..sim.bench import bench_agents


def agents_table(results: dict[str, dict[str, Any]]) -> Table:
    """One row per game: heuristic decisions/s (or why there is none) and IS-MCTS iterations/s."""
    table = Table(title="Agents on one core (IS-MCTS at its default settings)")
    table.add_column("game")
    table.add_column("heuristic decisions/s", justify="right")
    table.add_column("ismcts iterations/s", justify="right")
    for game_id, row in results.items():
        heuristic = row["heuristic_decisions_per_s"]
        table.add_row(
            game_id,
            f"{heuristic:,.0f}" if heuristic is not None else f"— ({row.get('note', 'none')})",
            f"{row['ismcts_iterations_per_s']:,.0f}",
        )
    return table


def run_bench_agents(ids: list[str], seconds: float, as_json: bool) -> None:
    """Measure the agents of each game for ``seconds`` each (heuristic, then IS-MCTS) and print the figures."""
    for game_id in ids:
        get_game(game_id)
    stderr = Console(stderr=True)
    results: dict[str, dict[str, Any]] = {}
    for game_id in ids:
        with stderr.status(f"measuring the agents of {game_id}", spinner="dots"):
            results[game_id] = bench_agents(game_id, seconds)
    if as_json:
        typer.echo(json.dumps({"agents": results}))
    else:
        console = Console(highlight=False)
        if not console.is_terminal and "COLUMNS" not in os.environ:
            console = Console(highlight=False, width=160)
        console.print(agents_table(results))
