"""Seeded random playouts for tests that look at many real positions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from cardsmith.core import CHANCE, apply, new_game, resolve_chance
from cardsmith.core.state import State


def decisions(game_id: str, players: int, seeds: Iterable[int], steps: int) -> Iterator[State]:
    """The live state at every decision of a seat along seeded random playouts (at most ``steps`` steps each). The
    state is the playout's own: use it (or copy it) before asking for the next one."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(game_id, players, seed)
        for _ in range(steps):
            if state["pending"] is None:
                break
            if state["pending"]["seat"] == CHANCE:
                resolve_chance(state)
                continue
            yield state
            apply(state, rng.choice([o[0] for o in state["pending"]["options"]]))
