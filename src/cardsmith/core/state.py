"""State is plain data: nested dicts and lists of str, int, bool and None, with string keys.

That makes cloning a :mod:`marshal` round trip (fast, exact for these types), JSON a lossless format, and the
stable hash a SHA-256 of canonical JSON.

The core's own parts of a state are flat, one level of containers holding only immutable values: ``cards`` (a list
of card names by id), ``owner`` (a list of seats or None by id), ``options`` (option name to a str, int, bool or None)
and ``zones`` (zone name to a list of card ids). :func:`clone` copies them one level deep, which shares nothing
mutable and costs far less than a round trip; the conformance suite checks that every game keeps them flat. The
last step's events and the pending decision are shared by a clone: no step changes them once it has ended.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

State = dict[str, Any]


FLAT_PARTS = frozenset({"cards", "owner", "options", "zones"})
"""The core's parts of a state that hold no container below their first level (see the module's docstring)."""

SHARED_PARTS = frozenset({"events", "pending"})
"""The parts of a state that a clone shares with the original: the last step's events and the pending decision.
A step never changes them once it has ended (:func:`cardsmith.core.engine.apply` starts each step with new ones, and
the conformance suite checks that no game writes to them afterwards), so they are copied by reference."""

_NOT_COPIED = FLAT_PARTS | SHARED_PARTS
_loads, _dumps = marshal.loads, marshal.dumps


def clone(state: State) -> State:
    """An independent copy of a state: the flat parts one level deep, the last step's events and the pending
    decision shared (:data:`SHARED_PARTS`: what a step never changes once it has ended), the rest by a marshal
    round trip. The copy's keys keep the state's order. Code that changes a copy's ``events`` or ``pending``
    replaces them instead of writing into them, as a step does."""
    out = _loads(_dumps({k: None if k in _NOT_COPIED else v for k, v in state.items()}))
    out["cards"] = state["cards"][:]
    out["owner"] = state["owner"][:]
    out["options"] = state["options"].copy()
    out["zones"] = {name: pile[:] for name, pile in state["zones"].items()}
    for part in SHARED_PARTS:
        if part in out:
            out[part] = state[part]
    return out


def copy_data(data: Any) -> Any:
    """An independent deep copy of any plain data (a view, a list of events): a marshal round trip."""
    return _loads(_dumps(data))


def to_json(state: State) -> str:
    """Canonical JSON text of a state (sorted keys, no whitespace)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> State:
    """Read a state written by :func:`to_json`."""
    state = json.loads(text)
    if not isinstance(state, dict) or "game" not in state or "zones" not in state:
        raise ValueError("not a cardsmith state")
    return state


def state_hash(state: State) -> str:
    """A stable hash of the whole state (hex SHA-256 of its canonical JSON)."""
    return hashlib.sha256(to_json(state).encode()).hexdigest()


def nesting_depth(data: Any) -> int:
    """How deeply lists and dicts nest in ``data`` (0 for a plain value), counted without recursion, so that a file
    nested too deeply can be refused before anything recursive walks it."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            stack.extend((item, depth + 1) for item in value if isinstance(item, dict | list))
    return deepest
