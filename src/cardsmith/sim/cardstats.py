"""Statistics of a run gathered from its game summaries: per seat, per first player, per game and per card.

:class:`RunTally` folds :class:`~cardsmith.sim.batch.GameOutcome` summaries (``simulate(..., summaries=True)``) one by
one and keeps, besides a few numbers per game (packed in arrays), only counts per ``(card, seat)``: a run of 100,000
games takes a few megabytes.

Per card, a *showing* is a game and a seat that played the card at least once. The card's win rate is the share of its
showings whose seat won; its *baseline* is what that share would be if playing it made no difference: the mean, over
its showings, of the showing seat's overall win rate. A card is flagged as an outlier when the baseline lies outside
the card's Wilson interval widened for the number of cards compared (Bonferroni, 95% over all of them).
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .batch import GameOutcome
from .stats import Z95, bonferroni_z, wilson_interval

MIN_SHOWINGS = 5
"""Cards shown fewer times than this are listed but never flagged."""


@dataclass(frozen=True)
class CardRow:
    """One card's statistics (see the module's description)."""

    name: str
    plays: int
    showings: int
    wins: int
    win_rate: float
    low: float
    high: float
    baseline: float
    outlier: bool


class RunTally:
    """Folds game outcomes (in any order) into seat, first-player, length and card statistics."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.index = array("q")  # the game's index in the run (outcomes may come in any order)
        self.turns = array("l")  # -1 for a game that failed
        self.decisions = array("l")
        self.first = array("b")  # the first seat to decide, -1 if none
        self.winners = array("l")  # a bit per seat
        self.draw = array("b")
        self.plays: dict[str, list[int]] = defaultdict(lambda: [0] * players)  # card -> times per seat
        self.shown: dict[str, list[int]] = defaultdict(lambda: [0] * players)  # card -> showings per seat
        self.shown_won: dict[str, list[int]] = defaultdict(lambda: [0] * players)

    def add(self, o: GameOutcome) -> None:
        self.index.append(o.index)
        failed = o.error is not None
        self.turns.append(-1 if failed else o.turns)
        self.decisions.append(-1 if failed else o.decisions)
        self.first.append(-1 if o.first_seat is None else o.first_seat)
        self.winners.append(sum(1 << w for w in o.winners))
        self.draw.append(1 if o.draw else 0)
        seen: set[tuple[str, int]] = set()
        for seat, name, times in o.plays:
            self.plays[name][seat] += times
            seen.add((name, seat))
        for name, seat in seen:
            self.shown[name][seat] += 1
            if seat in o.winners:
                self.shown_won[name][seat] += 1

    @property
    def completed(self) -> int:
        return sum(1 for t in self.turns if t >= 0)

    def seat_wins(self) -> list[int]:
        return [sum(1 for t, w in zip(self.turns, self.winners, strict=True) if t >= 0 and w >> s & 1)
                for s in range(self.players)]  # fmt: skip

    def seat_rates(self) -> list[float]:
        n = self.completed
        return [w / n if n else 0.0 for w in self.seat_wins()]

    def first_player(self) -> tuple[int, int]:
        """(games the first seat to decide won, completed games with a first seat)."""
        won = games = 0
        for t, f, w in zip(self.turns, self.first, self.winners, strict=True):
            if t >= 0 and f >= 0:
                games += 1
                won += w >> f & 1
        return won, games

    def first_player_running(self, points: int = 400) -> list[tuple[int, float, float, float]]:
        """The first player's win rate as games accumulate (in game order), at about ``points`` evenly spaced
        counts of games and after the last: (games, rate, low, high)."""
        order = sorted(range(len(self.index)), key=lambda k: self.index[k])
        counted = [k for k in order if self.turns[k] >= 0 and self.first[k] >= 0]
        step = max(1, len(counted) // points)
        out, won = [], 0
        for games, k in enumerate(counted, 1):
            won += self.winners[k] >> self.first[k] & 1
            if games % step == 0 or games == len(counted):
                lo, hi = wilson_interval(won, games)
                out.append((games, won / games, lo, hi))
        return out

    def cards(self) -> list[CardRow]:
        """Every card played, most played first."""
        rates = self.seat_rates()
        compared = sum(1 for shown in self.shown.values() if sum(shown) >= MIN_SHOWINGS)
        z = bonferroni_z(compared)
        rows = []
        for name, per_seat in self.plays.items():
            shown, won = self.shown[name], self.shown_won[name]
            n, w = sum(shown), sum(won)
            baseline = sum(k * r for k, r in zip(shown, rates, strict=True)) / n if n else 0.0
            lo, hi = wilson_interval(w, n, Z95)
            wide_lo, wide_hi = wilson_interval(w, n, z)
            outlier = n >= MIN_SHOWINGS and not wide_lo <= baseline <= wide_hi
            rows.append(CardRow(name, sum(per_seat), n, w, w / n if n else 0.0, lo, hi, baseline, outlier))
        rows.sort(key=lambda r: (-r.plays, r.name))
        return rows

    def game_rows(self) -> Iterator[dict[str, Any]]:
        """One row per game, in game order."""
        order = sorted(range(len(self.index)), key=lambda k: self.index[k])
        return (
            {
                "index": self.index[k],
                "completed": self.turns[k] >= 0,
                "winners": " ".join(str(s) for s in range(self.players) if self.winners[k] >> s & 1),
                "draw": bool(self.draw[k]),
                "turns": self.turns[k] if self.turns[k] >= 0 else "",
                "decisions": self.decisions[k] if self.decisions[k] >= 0 else "",
                "first_seat": self.first[k] if self.first[k] >= 0 else "",
            }
            for k in order
        )
