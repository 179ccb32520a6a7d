"""``cardsmith bench --agents``: the heuristic's decisions and IS-MCTS's iterations per second, per game."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.table import Table

from ..sim.bench import bench_agents
from .console import measure_each, out


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
    results = measure_each(ids, lambda g: f"measuring the agents of {g}", lambda g: bench_agents(g, seconds))
    if as_json:
        typer.echo(json.dumps({"agents": results}))
    else:
        out().print(agents_table(results))
