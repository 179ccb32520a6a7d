"""State is plain data: nested dicts and lists of str, int, bool and None, with string keys.

That makes cloning a :mod:`marshal` round trip (fast, exact for these types), JSON a lossless format, and the
stable hash a SHA-256 of canonical JSON.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

State = dict[str, Any]


def clone(state: State) -> State:
    """An independent deep copy of a state."""
    return marshal.loads(marshal.dumps(state))


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
