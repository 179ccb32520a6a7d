"""Compact summaries of played games, read from their events: which cards each seat played, and who decided first.

A card is **played** by seat ``X`` when a ``move`` event takes it out of a zone that ``X`` owns and only ``X`` sees
(a hand) into a zone that every seat sees, in the step that followed ``X``'s own decision, and not into a discard
pile (a zone of kind ``discard``): playing a card shows it to the table, while a card thrown away from a hand, a
hand lost when another seat eliminates its owner, or a card drawn is not a play. A game whose cards go from the hand
straight to the discard pile when played (a one-shot effect) names the ``cause`` of those moves in its class
attribute ``played_causes``; such a move then counts as a play too.

A summary keeps, per game, only the counts of ``(seat, card name)`` plays, so a run of many games can be folded into
card statistics without writing any record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ..core.decision import CHANCE
from ..core.game import Game
from ..core.state import State
from ..core.zones import ALL, OWNER, zone_kind

DISCARD_KIND = "discard"

Plays = tuple[tuple[int, str, int], ...]
"""A game's plays: ``(seat, card name, times)``, sorted."""


class PlayCounter:
    """Watches a game step by step (:meth:`on_step` as the runner's ``on_step``) and counts the cards played."""

    def __init__(self, game: Game, state: State) -> None:
        self.visibility = game.visibility
        self.extra_causes = frozenset(getattr(game, "played_causes", ()))
        self.counts: Counter[tuple[int, str]] = Counter()
        pending = state["pending"]
        self.decider: int | None = None if pending is None else pending["seat"]
        self.first_seat: int | None = None if self.decider == CHANCE else self.decider

    def is_play(self, event: dict[str, Any], seat: int) -> bool:
        """Whether a ``move`` event, in the step after ``seat`` decided, is ``seat`` playing a card."""
        try:
            src_vis, src_owner = self.visibility.zone_info(event["from"])
            dst_vis, _ = self.visibility.zone_info(event["to"])
        except KeyError:
            return False
        if src_vis != OWNER or src_owner != seat or dst_vis != ALL:
            return False
        return zone_kind(event["to"]) != DISCARD_KIND or event.get("cause") in self.extra_causes

    def on_step(self, state: State, option_id: str) -> None:
        seat = self.decider
        if seat is not None and seat != CHANCE:
            for event in state["events"]:
                if event.get("t") == "move" and self.is_play(event, seat):
                    self.counts[(seat, event["name"])] += 1
        pending = state["pending"]
        self.decider = None if pending is None else pending["seat"]
        if self.first_seat is None and self.decider is not None and self.decider != CHANCE:
            self.first_seat = self.decider

    def plays(self) -> Plays:
        return tuple(sorted((seat, name, n) for (seat, name), n in self.counts.items()))


def chain(*steps: Callable[[State, str], None] | None) -> Callable[[State, str], None] | None:
    """One ``on_step`` calling each of ``steps`` (None when there are none)."""
    present = [s for s in steps if s is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]

    def both(state: State, option_id: str) -> None:
        for step in present:
            step(state, option_id)

    return both


def seats_that_played(plays: Iterable[tuple[int, str, int]]) -> dict[str, set[int]]:
    """For each card name, the seats that played it at least once in a game."""
    out: dict[str, set[int]] = {}
    for seat, name, times in plays:
        if times > 0:
            out.setdefault(name, set()).add(seat)
    return out
