"""``cardsmith bench`` over the games: random playouts, clones, state size and search speed, with RLCard's UNO as
the peer of the same run; ``--save`` keeps a run in a file and ``--compare`` prints it beside a new one."""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from ..sim.bench import UnoPeer, bench_game, bench_search, rlcard_available
from .console import measure_each, out
from .errors import CliError
from .reports import bench_report

FORMAT = "cardsmith-bench"
"""The ``format`` field of a saved run."""

VERSION = 1
"""The version of the saved-run format this cardsmith writes and reads."""

METRICS = (
    ("decisions_per_s", "Decisions/s", "{:,.0f}", True),
    ("uno_ratio", "vs UNO", "{:.2f}x", True),
    ("clone_median_us", "Clone µs", "{:.1f}", False),
    ("state_bytes", "State B", "{:,.0f}", False),
    ("ismcts_iterations_per_s", "Search/s", "{:,.0f}", True),
)
"""The figures ``--compare`` sets side by side: key, heading, format, and whether more is better."""


def measure(ids: list[str], seconds: float, search: bool) -> dict[str, Any]:
    """Every game's figures and the peers', as ``cardsmith bench --json`` prints them. RLCard's UNO, when installed,
    is played in turns beside each game (:data:`cardsmith.sim.bench.SLICES`), and each game's ratio is to the UNO
    measured beside it; the peer's figure is over all its turns."""
    peer = UnoPeer() if rlcard_available() else None
    if peer is None:
        typer.echo(
            "note: RLCard is not installed, so there is no peer to compare with (pip install .[bench])",
            err=True,
        )

    def one(game_id: str) -> dict[str, float]:
        figures = bench_game(game_id, seconds, peer)
        if search:
            figures["ismcts_iterations_per_s"] = bench_search(game_id, seconds)
        return figures

    label = "" if peer is None else " beside RLCard UNO"
    results = measure_each(ids, lambda g: f"measuring {g} for {seconds:g}s{label}", one)
    peers = {} if peer is None else {"rlcard-uno": {"decisions_per_s": peer.decisions_per_s()}}
    return {"games": results, "peers": peers}


def save(path: Path, run: dict[str, Any], seconds: float) -> None:
    """Write ``run`` to ``path`` with what identifies it (format, version, seconds, time, Python, machine)."""
    saved = {
        "format": FORMAT,
        "version": VERSION,
        "seconds": seconds,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "machine": platform.machine(),
        **run,
    }
    try:
        path.write_text(json.dumps(saved, indent=1) + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc


def load(path: Path) -> dict[str, Any]:
    """A run saved by ``--save``, checked; a file that is not one is refused with one line."""
    try:
        saved = json.loads(path.read_text())
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise CliError(f"{path} is not a saved bench run (not JSON)") from None
    if (
        not isinstance(saved, dict)
        or saved.get("format") != FORMAT
        or not isinstance(saved.get("games"), dict)
    ):
        raise CliError(f"{path} is not a saved bench run (write one with cardsmith bench --save FILE)")
    if saved.get("version") != VERSION:
        raise CliError(
            f"{path} is a bench run of format version {saved.get('version')!r}; this cardsmith reads version {VERSION}"
        )
    return saved


def _figures(run: dict[str, Any], game_id: str) -> dict[str, float]:
    """One game's figures of a run, with its ratio to UNO when the run measured UNO: to the UNO measured beside the
    game, or in a run saved before that was measured, to the run's UNO."""
    figures = dict(run["games"].get(game_id) or {})
    uno = (run.get("peers") or {}).get("rlcard-uno")
    if "uno_ratio" not in figures and uno and figures.get("decisions_per_s") is not None:
        figures["uno_ratio"] = figures["decisions_per_s"] / uno["decisions_per_s"]
    return figures


def _cell(before: Any, after: Any, fmt: str) -> str:
    if not isinstance(before, int | float) or not isinstance(after, int | float):
        shown = [fmt.format(v) if isinstance(v, int | float) else "-" for v in (before, after)]
        return f"{shown[0]} → {shown[1]}"
    change = f" ({after / before:.2f}x)" if before else ""
    return f"{fmt.format(before)} → {fmt.format(after)}{change}"


def compare_table(before: dict[str, Any], after: dict[str, Any]) -> Table:
    """One row per game measured in either run: each figure before → after, with the multiple of the change."""
    table = Table(
        title=f"Before ({before.get('created', 'saved run')}) → after, each game's ratio to UNO from its own run",
        title_justify="left",
    )
    table.add_column("Game")
    for _key, heading, _fmt, _more in METRICS:
        table.add_column(heading, justify="right")
    for game_id in dict.fromkeys([*before["games"], *after["games"]]):
        old, new = _figures(before, game_id), _figures(after, game_id)
        table.add_row(game_id, *(_cell(old.get(key), new.get(key), fmt) for key, _h, fmt, _m in METRICS))
    return table


def run_bench_games(
    ids: list[str], seconds: float, as_json: bool, *, search: bool, save_to: Path | None, compare: Path | None
) -> None:
    """``cardsmith bench`` over ``ids``: measure, print, and save or compare as asked."""
    before = load(compare) if compare is not None else None
    run = measure(ids, seconds, search)
    if save_to is not None:
        save(save_to, run, seconds)
    if as_json:
        typer.echo(json.dumps(run if before is None else {**run, "before": before}))
        return
    out().print(bench_report(run["games"], run["peers"]))
    if before is not None:
        out().print(compare_table(before, run))
