"""The Field's geometry (section 4): cells, neighbours, the Disaster path per table orientation (AM-4.3, AM-13.1),
distances and shortest legal paths of Characters.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import NamedTuple

from ...core.state import State
from .board import seat_name
from .stats import dstat

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # AM-4.2


class Layout(NamedTuple):
    """The Field's geometry worked out from its layout (see ``Table.layout`` in :mod:`.model`); shared by every
    state with that layout, so never changed in place."""

    cells: dict[int, tuple[int, int]]  # the cell of each placed card, in the order they were placed
    neighbours: dict[int, tuple[int, ...]]  # the placed cards next to each, in card-id order (AM-4.2)
    locations: tuple[int, ...]  # the placed Locations (not Havens), in the order they were placed


@lru_cache(maxsize=4096)
def _layout(text: str) -> Layout:
    cells: dict[int, tuple[int, int]] = {}
    locations = []
    for entry in text.split():
        card, x, y, *haven = entry.split(":")
        cells[int(card)] = (int(x), int(y))
        if not haven:
            locations.append(int(card))
    grid = {xy: card for card, xy in cells.items()}
    neighbours = {
        card: tuple(sorted(q for dx, dy in NEIGHBOURS if (q := grid.get((x + dx, y + dy))) is not None))
        for card, (x, y) in cells.items()
    }
    return Layout(cells, neighbours, tuple(locations))


def layout(state: State) -> Layout:
    """The geometry of the Field as it is laid now (static but for a Haven placed later, AM-10.24)."""
    return _layout(state["g"]["layout"])


def cells(state: State) -> dict[int, tuple[int, int]]:
    """The cell ``(x, y)`` of each placed Location or Haven, in the order they were placed."""
    return _layout(state["g"]["layout"]).cells


def neighbours(state: State, p: int) -> tuple[int, ...]:
    """AM-4.2: the placed cards in the 8 cells around ``p``, in card-id order."""
    return _layout(state["g"]["layout"]).neighbours[p]


def place_card(state: State, card: int, x: int, y: int) -> None:
    """Put a Location or a Haven (already listed in ``havens``) in cell (x, y); it is linked to its 8 neighbours."""
    g = state["g"]
    entry = f"{card}:{x}:{y}:h" if str(card) in g["havens"] else f"{card}:{x}:{y}"
    g["layout"] = f"{g['layout']} {entry}" if g["layout"] else entry


def cell_at(state: State, x: int, y: int) -> int | None:
    """The card placed in cell (x, y), if any."""
    for p, (cx, cy) in cells(state).items():
        if cx == x and cy == y:
            return p
    return None


def open_cells(state: State, next_to_location: bool) -> list[tuple[int, int]]:
    """Empty cells next to a placed card (AM-2.22), or next to a Location (AM-2.23, AM-13.5)."""
    hv = state["g"]["havens"]
    placed = cells(state)
    out = set()  # as (y, x), so that sorting them gives the order of rows, then columns
    for p, (x, y) in placed.items():
        if next_to_location and str(p) in hv:
            continue
        out.update([(y + dy, x + dx) for dx, dy in NEIGHBOURS])
    out.difference_update([(y, x) for x, y in placed.values()])
    return [(x, y) for y, x in sorted(out)]


def locations(state: State) -> list[int]:
    """Every Location on the Field, destroyed ones included (AM-1.20)."""
    return state["zones"]["field"]


def seat_rotation(seat: int, players: int) -> int:
    """AM-13.1: quarter turns of the table that face seat ``seat``."""
    return seat * 4 // players


@lru_cache(maxsize=1024)
def _paths(text: str, orientation: str, players: int) -> dict[str, tuple[int, ...]]:
    """The reading order of every Location for each table orientation in use (AM-4.3, AM-13.1)."""
    geometry = _layout(text)
    if orientation == "seat":
        rots = sorted({seat_rotation(s, players) for s in range(players)})
    else:
        rots = [0]
    out = {}
    for r in rots:

        def key(p: int, r: int = r) -> tuple[int, int]:
            x, y = geometry.cells[p]
            for _ in range(r):
                x, y = -y, x  # a quarter turn of the table
            return (-x, y)  # right-most column first, then top to bottom (AM-4.3)

        out[str(r)] = tuple(sorted(geometry.locations, key=key))
    return out


def lay_field(state: State) -> None:
    """AM-2.25: the Field is laid; from now on the Disasters follow its paths (static once the Field is laid)."""
    state["g"]["field_laid"] = True


def paths(state: State) -> dict[str, tuple[int, ...]]:
    """The Disaster path order by table orientation (``str`` of its quarter turns), destroyed Locations included;
    empty until the Field is laid."""
    g = state["g"]
    if not g["field_laid"]:
        return {}
    return _paths(g["layout"], state["options"]["disaster_orientation"], state["players"])


def order_for(state: State, d: int) -> tuple[int, ...]:
    """The full path order a Disaster follows (AM-4.4, AM-13.1)."""
    orders = paths(state)
    if len(orders) == 1:
        return next(iter(orders.values()))
    return orders[str(seat_rotation(state["owner"][d], state["players"]))]


def disaster_path(state: State, d: int | None = None, seat: int | None = None) -> list[int]:
    """AM-4.3, AM-4.6: the Disaster path, every non-destroyed Location in reading order."""
    orders = paths(state)
    if d is not None:
        order = order_for(state, d)
    elif seat is not None and len(orders) > 1:
        order = orders[str(seat_rotation(seat, state["players"]))]
    else:
        order = next(iter(orders.values()))
    dead = state["g"]["destroyed"]
    return [p for p in order if p not in dead]


def entry_location(state: State, d: int) -> int | None:
    """AM-4.5: the first Location on the path (None if every Location is destroyed)."""
    dead = state["g"]["destroyed"]
    for p in order_for(state, d):
        if p not in dead:
            return p
    return None


def next_location(state: State, d: int) -> int | None:
    """The next non-destroyed Location after the Disaster's own on its path; None means Off the Field."""
    order = order_for(state, d)
    here = state["g"]["disaster_at"][str(d)]
    dead = state["g"]["destroyed"]
    for p in order[order.index(here) + 1 :]:
        if p not in dead:
            return p
    return None


def distances(state: State, a: int, limit: int) -> dict[int, int]:
    """AM-4.12: the Locations within ``limit`` steps of ``a`` (through Location cells only), by distance."""
    hv = state["g"]["havens"]
    adj = layout(state).neighbours
    seen = {a: 0}
    frontier = [a]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for p in frontier:
            for q in adj[p]:
                if q not in seen and str(q) not in hv:
                    seen[q] = d
                    nxt.append(q)
        frontier = nxt
    return seen


def distance(state: State, a: int, b: int) -> int | None:
    """AM-4.12: fewest steps between two Locations through Location cells (destroyed ones included)."""
    if a == b:
        return 0
    hv = state["g"]["havens"]
    adj = layout(state).neighbours
    seen = {a}
    frontier = deque([(a, 0)])
    while frontier:
        p, dist = frontier.popleft()
        for q in adj[p]:
            if q in seen or str(q) in hv:
                continue
            if q == b:
                return dist + 1
            seen.add(q)
            frontier.append((q, dist + 1))
    return None


def by_arrival(state: State, ds: list[int]) -> list[int]:
    """AM-8.28: Disasters on one Location in order of arrival there, ties by AM-5.8."""
    dr = state["g"]["disasters"]
    return sorted(ds, key=lambda d: (dr[str(d)]["arrived"], *tie_key(state, d)))


def tie_key(state: State, d: int) -> tuple[int, ...]:
    """AM-5.8: higher Attack first, then Defense, Movement, Energy, Charm."""
    return tuple(-(dstat(state, d, a) or 0) for a in ("atk", "def", "mov", "nrg", "cha"))


def cell_label(state: State, q: int) -> str:
    g = state["g"]
    x, y = cells(state)[q]
    owner = g["havens"].get(str(q))
    if owner is not None:
        return f"{seat_name(owner)}'s Haven ({x},{y})"
    dead = " (destroyed)" if q in g["destroyed"] else ""
    return f"{state['cards'][q]} ({x},{y}){dead}"


def shortest_path(state: State, c: int, target: int, budget: int) -> list[int] | None:
    """A shortest legal path for one Character to ``target`` within ``budget`` steps (AM-9.11 (a))."""
    g = state["g"]
    start = g["char_at"][str(c)]
    seat = state["owner"][c]
    adj = layout(state).neighbours
    prev: dict[int, int] = {start: start}
    frontier = deque([(start, 0)])
    while frontier:
        p, dist = frontier.popleft()
        if p == target:
            break
        if dist >= budget:
            continue
        for q in adj[p]:
            if q in prev:
                continue
            owner = g["havens"].get(str(q))
            if owner is not None and owner != seat:
                continue
            if owner is not None and q != target:
                continue  # entering your Haven ends the action
            prev[q] = p
            frontier.append((q, dist + 1))
    if target not in prev or target == start:
        return None
    out = [target]
    while out[-1] != start:
        out.append(prev[out[-1]])
    out.pop()
    out.reverse()
    return out


def reachable(state: State, c: int, budget: int) -> list[int]:
    """Non-destroyed Locations a Character could end a move on within ``budget`` steps (AM-9.11 (a))."""
    out = []
    for p in locations(state):
        if p in state["g"]["destroyed"] or p == state["g"]["char_at"][str(c)]:
            continue
        if shortest_path(state, c, p, budget) is not None:
            out.append(p)
    return out
