"""Decisions are data: who decides, what kind of choice, and the legal options with stable ids and labels.

The pending decision is stored in the state itself as ``state["pending"]``::

    {"seat": 0, "kind": "block", "prompt": "Block Snapping Jab (ATK 2)?",
     "options": [["take", "Take the hit"], ["block:12", "Block with Iron Wall (DEF 3)"]]}

``seat`` is :data:`CHANCE` for a chance node, whose options then carry ``"weights"``. ``state["pending"]`` is None
once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Option, Verbs

CHANCE = -1


@dataclass(frozen=True)
class Decision:
    """The pending decision of a state."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    weights: tuple[int, ...] | None = None

    @property
    def is_chance(self) -> bool:
        """Whether chance, not a seat, decides."""
        return self.seat == CHANCE

    @property
    def ids(self) -> list[str]:
        """The legal option ids, in order."""
        return [o.id for o in self.options]

    def label_of(self, option_id: str) -> str:
        """The label of a legal option id."""
        for o in self.options:
            if o.id == option_id:
                return o.label
        raise KeyError(option_id)


def decision_from_pending(pending: dict[str, Any], verbs: Verbs | None = None) -> Decision:
    """Build a :class:`Decision` from the stored pending record; ``verbs`` (the game's) parse each option id."""
    weights = pending.get("weights")
    if verbs:
        options = [verbs.typed(oid, label) for oid, label in pending["options"]]
    else:
        options = [Option(o[0], o[1]) for o in pending["options"]]
    return Decision(
        seat=pending["seat"],
        kind=pending["kind"],
        prompt=pending["prompt"],
        options=tuple(options),
        weights=tuple(weights) if weights is not None else None,
    )
