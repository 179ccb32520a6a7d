"""The report's plots, drawn with matplotlib and returned as SVG text (with its words as text, not outlines: small and
quick to draw), each from plain numbers."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from .cardstats import CardRow

MAX_CARDS_PLOTTED = 40
"""The most cards a card plot shows (the most played; the CSV holds every card)."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _svg(fig: Any, left: float = 0.75) -> bytes:
    """The figure as SVG, with ``left`` inches kept for the labels on its left (and half an inch below)."""
    import matplotlib

    plt = _pyplot()
    buffer = io.BytesIO()
    try:
        width, height = fig.get_size_inches()
        fig.subplots_adjust(
            left=left / width, right=1 - 0.25 / width, top=1 - 0.2 / height, bottom=0.55 / height
        )
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "cardsmith"}):
            fig.savefig(buffer, format="svg")
    finally:
        plt.close(fig)
    return buffer.getvalue()


def win_rate_by_seat(
    names: Sequence[str], rates: Sequence[float], intervals: Sequence[tuple[float, float]]
) -> bytes:
    """Each seat's win rate with its 95% interval, and the even share ``1 / seats`` as a line."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(1.6 + 1.1 * len(names), 3.6))
    spans = [[max(0.0, r - lo) for r, (lo, _) in zip(rates, intervals, strict=True)],
             [max(0.0, hi - r) for r, (_, hi) in zip(rates, intervals, strict=True)]]  # fmt: skip
    ax.bar(range(len(names)), rates, yerr=spans, capsize=5, color="#4c78a8")
    ax.axhline(1 / max(1, len(names)), color="grey", linestyle="--", linewidth=1, label="even share")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.legend(loc="upper right")
    return _svg(fig)


def first_player(running: Sequence[tuple[int, float, float, float]], players: int) -> bytes:
    """The first player's win rate as games accumulate, with its 95% band, against the even share."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    if running:
        xs = [g for g, _, _, _ in running]
        ax.plot(xs, [r for _, r, _, _ in running], color="#f58518", label="first player's win rate")
        ax.fill_between(
            xs, [lo for *_, lo, _ in running], [hi for *_, hi in running], color="#f58518", alpha=0.2
        )
    ax.axhline(1 / max(1, players), color="grey", linestyle="--", linewidth=1, label="even share")
    ax.set_ylim(0, 1)
    ax.set_xlabel("games")
    ax.set_ylabel("win rate (95% interval)")
    ax.legend(loc="upper right")
    return _svg(fig)


def game_lengths(turns: Sequence[int]) -> bytes:
    """A histogram of the completed games' numbers of turns."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    if turns:
        low, high = min(turns), max(turns)
        ax.hist(turns, bins=range(low, high + 2) if high - low < 60 else 40, color="#54a24b")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    return _svg(fig)


def card_plays(rows: Sequence[CardRow], games: int) -> bytes:
    """How often each card is played per game (the most played cards)."""
    plt = _pyplot()
    shown = list(rows[:MAX_CARDS_PLOTTED])[::-1]
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.24 * max(1, len(shown))))
    ax.barh(range(len(shown)), [r.plays / max(1, games) for r in shown], color="#72b7b2")
    ax.set_yticks(range(len(shown)), [r.name for r in shown], fontsize=8)
    ax.set_xlabel("plays per game")
    return _svg(fig, left=2.6)


def card_win_rates(rows: Sequence[CardRow]) -> bytes:
    """Each card's win rate when played with its 95% interval (red: an outlier), and its baseline (a cross)."""
    plt = _pyplot()
    shown = sorted(rows, key=lambda r: -r.showings)[:MAX_CARDS_PLOTTED][::-1]
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.24 * max(1, len(shown))))
    for flagged, color in ((False, "#4c78a8"), (True, "#e45756")):
        ys = [y for y, r in enumerate(shown) if r.outlier == flagged]
        if not ys:
            continue
        rates = [shown[y].win_rate for y in ys]
        spans = [[max(0.0, shown[y].win_rate - shown[y].low) for y in ys],
                 [max(0.0, shown[y].high - shown[y].win_rate) for y in ys]]  # fmt: skip
        ax.errorbar(rates, ys, xerr=spans, fmt="o", color=color, capsize=3, markersize=4, linestyle="none")
    ax.scatter([r.baseline for r in shown], range(len(shown)), marker="x", color="black", s=20, zorder=3)
    ax.set_yticks(range(len(shown)), [r.name for r in shown], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate when played (95% interval); x: those seats' overall rate")
    return _svg(fig, left=2.6)
