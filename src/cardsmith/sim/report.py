"""Balance reports: a seeded run summarised as one self-contained HTML page with plots, and its data as CSV.

:func:`build_report` plays the run through :func:`cardsmith.sim.batch.simulate` with game summaries (no records are
written), folds them into a :class:`~cardsmith.sim.cardstats.RunTally`, and writes into a folder:

* ``index.html``: the run, each seat's wins with 95% intervals, the first player's advantage, the distribution of
  game lengths and, per card, how often it is played and the win rate of the seat that played it against the seats'
  overall rate, with outliers flagged. Plots are SVG images embedded in the page (base64), so it opens offline.
* ``seats.csv``, ``cards.csv`` and ``games.csv``: the numbers behind it, and ``plays.csv``: each game's cards played
  by seat (written as the games come in, never held in memory).
"""

from __future__ import annotations

import base64
import csv
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CardsmithError
from ..core.registry import get_game
from . import plots
from .batch import GameOutcome, SimResult, simulate
from .cardstats import CardRow, RunTally
from .settings import LOCAL, RunSettings
from .stats import wilson_interval

PLOTS = ("win-rate-by-seat", "first-player", "game-length", "card-plays", "card-win-rate")
"""The id of every plot in a report (each an ``<img>`` inside ``<figure id="plot-ID">``)."""

CSV_FILES = ("seats.csv", "cards.csv", "games.csv", "plays.csv")


class ReportError(CardsmithError):
    """A report that cannot be written (its folder)."""


@dataclass(frozen=True)
class Report:
    """What a report was built from, and where it was written."""

    result: SimResult
    tally: RunTally
    cards: list[CardRow]
    folder: Path

    @property
    def index(self) -> Path:
        return self.folder / "index.html"


def _prepare(folder: str | Path) -> Path:
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ReportError(f"--out must name a folder, not the file {str(path)!r}")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReportError(f"cannot create report folder {str(path)!r}: {exc.strerror or exc}") from None
    return path


def _write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def _write_data(report: Report) -> None:
    result, tally, folder = report.result, report.tally, report.folder
    game = get_game(result.game)
    _write_csv(
        folder / "seats.csv",
        ("seat", "name", "agent", "wins", "games", "win_rate", "low", "high"),
        [(s, game.seat_name(s), result.seats[s], w, result.completed, r, lo, hi)
         for s, (w, r, (lo, hi)) in enumerate(zip(result.wins, result.win_rates, result.ci95, strict=True))],
    )  # fmt: skip
    _write_csv(
        folder / "cards.csv",
        ("card", "plays", "plays_per_game", "showings", "wins", "win_rate", "low", "high", "baseline", "outlier"),
        [(c.name, c.plays, c.plays / max(1, result.completed), c.showings, c.wins, c.win_rate, c.low, c.high,
          c.baseline, c.outlier) for c in report.cards],
    )  # fmt: skip
    keys = ("index", "completed", "winners", "draw", "turns", "decisions", "first_seat")
    _write_csv(folder / "games.csv", keys, ([row[k] for k in keys] for row in tally.game_rows()))


def _figure(plot_id: str, title: str, svg: bytes, caption: str) -> str:
    data = base64.b64encode(svg).decode("ascii")
    return (
        f'<figure id="plot-{plot_id}"><h3>{html.escape(title)}</h3>'
        f'<img alt="{html.escape(title)}" src="data:image/svg+xml;base64,{data}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]], marked: Sequence[bool] = ()) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for k, row in enumerate(rows):
        cls = ' class="outlier"' if k < len(marked) and marked[k] else ""
        body.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _figures(report: Report) -> list[str]:
    result, tally = report.result, report.tally
    game = get_game(result.game)
    names = [game.seat_name(s) for s in range(len(result.seats))]
    won, games = tally.first_player()
    lo, hi = wilson_interval(won, games)
    rate = won / games if games else 0.0
    turns = [t for t in tally.turns if t >= 0]
    return [
        _figure("win-rate-by-seat", "Win rate by seat", plots.win_rate_by_seat(names, result.win_rates, result.ci95),
                "Each seat's share of the completed games won, with its 95% Wilson interval."),
        _figure("first-player", "First-player advantage", plots.first_player(tally.first_player_running(),
                len(names)), f"The seat that decides first won {won} of {games} games ({rate:.1%}, 95% interval "
                f"{lo:.1%} to {hi:.1%}; an even share is {1 / len(names):.1%}); the line follows the estimate as "
                "games accumulate."),
        _figure("game-length", "Game length", plots.game_lengths(turns), "Completed games by their number of turns."),
        _figure("card-plays", "Cards played", plots.card_plays(report.cards, result.completed),
                f"Times each card was played per completed game (the {plots.MAX_CARDS_PLOTTED} most played)."),
        _figure("card-win-rate", "Win rate when played", plots.card_win_rates(report.cards),
                "The win rate of the seat that played each card, with its 95% interval (red: outside the "
                "Bonferroni-widened interval, an outlier), and the rate those seats win overall (x)."),
    ]  # fmt: skip


_STYLE = (
    "body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
    "td:first-child,th:first-child{text-align:left}tr.outlier td{color:#c00;font-weight:bold}"
    "figure{margin:1.5em 0}img{max-width:100%}"
)


def _page(report: Report) -> str:
    result = report.result
    game = get_game(result.game)
    seats = _table(
        ("Seat", "Agent", "Wins", "Win rate", "95% interval"),
        [(game.seat_name(s), result.seats[s], w, f"{r:.1%}", f"{lo:.1%} – {hi:.1%}")
         for s, (w, r, (lo, hi)) in enumerate(zip(result.wins, result.win_rates, result.ci95, strict=True))],
    )  # fmt: skip
    cards = _table(
        ("Card", "Plays", "Games×seats played", "Win rate", "95% interval", "Baseline", "Outlier"),
        [(c.name, c.plays, c.showings, f"{c.win_rate:.1%}", f"{c.low:.1%} – {c.high:.1%}", f"{c.baseline:.1%}",
          "yes" if c.outlier else "") for c in report.cards],
        [c.outlier for c in report.cards],
    )  # fmt: skip
    options = ", ".join(f"{k}={v}" for k, v in sorted(result.options.items())) or "defaults"
    facts = (
        f"{result.games} games ({result.completed} completed, {result.error_count} failed), seed {result.seed}, "
        f"seats {', '.join(result.seats)}. Draws {result.draws}; nobody won {result.no_winner}. Turns: mean "
        f"{result.mean_turns:.2f}, median {result.median_turns:g}. Digest {result.digest}."
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(game.name)} balance report</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(game.name)}: balance report</h1>"
        f"<p>{html.escape(facts)}</p><p>Options: {html.escape(options)}</p><h2>Seats</h2>{seats}"
        f"<h2>Plots</h2>{''.join(_figures(report))}<h2>Cards</h2>{cards}"
        f"<p>The data: {', '.join(CSV_FILES)} beside this page.</p></body></html>"
    )


def build_report(
    game_id: str,
    games: int,
    seed: int | str,
    seats: Sequence[str],
    out: str | Path,
    options: dict[str, Any] | None = None,
    *,
    run: RunSettings = LOCAL,
) -> Report:
    """Play the run and write ``out/index.html`` with its CSV files; returns what was written."""
    get_game(game_id)
    folder = _prepare(out)
    tally = RunTally(len(seats))
    with (folder / "plays.csv").open("w", newline="", encoding="utf-8") as f:  # streamed: one row per game,
        plays = csv.writer(f)  # seat and card played, never held in memory
        plays.writerow(("index", "seat", "card", "times"))

        def keep(o: GameOutcome) -> None:
            tally.add(o)
            plays.writerows((o.index, seat, name, times) for seat, name, times in o.plays)

        result = simulate(game_id, games, seed, seats, options, run=run, summaries=True, on_outcome=keep)
    report = Report(result, tally, tally.cards(), folder)
    _write_data(report)
    report.index.write_text(_page(report), encoding="utf-8")
    return report
