"""The Field's geometry (section 4): cells, neighbours, the Disaster path per table orientation (AM-4.3, AM-13.1),
distances and shortest legal paths of Characters.
"""

from __future__ import annotations

from collections import deque

from ...core.state import State
from .board import seat_name
from .stats import dstat

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # AM-4.2


def place_card(state: State, card: int, x: int, y: int) -> None:
    """Put a Location or a Haven in cell (x, y) and link it to its 8 neighbours."""
    g = state["g"]
    grid = {(cx, cy): int(k) for k, (cx, cy) in g["cells"].items()}
    g["cells"][str(card)] = [x, y]
    links = g["neighbours"].setdefault(str(card), [])
    for dx, dy in NEIGHBOURS:
        other = grid.get((x + dx, y + dy))
        if other is not None:
            links.append(other)
            theirs = g["neighbours"][str(other)]
            theirs.append(card)
            theirs.sort()
    links.sort()


def cell_at(state: State, x: int, y: int) -> int | None:
    """The card placed in cell (x, y), if any."""
    for k, (cx, cy) in state["g"]["cells"].items():
        if cx == x and cy == y:
            return int(k)
    return None


def open_cells(state: State, next_to_location: bool) -> list[tuple[int, int]]:
    """Empty cells next to a placed card (AM-2.22), or next to a Location (AM-2.23, AM-13.5)."""
    g = state["g"]
    hv = g["havens"]
    cells = g["cells"]
    out = set()  # as (y, x), so that sorting them gives the order of rows, then columns
    for key, (x, y) in cells.items():
        if next_to_location and key in hv:
            continue
        out.update([(y + dy, x + dx) for dx, dy in NEIGHBOURS])
    out.difference_update([(y, x) for x, y in cells.values()])
    return [(x, y) for y, x in sorted(out)]


def locations(state: State) -> list[int]:
    """Every Location on the Field, destroyed ones included (AM-1.20)."""
    return state["zones"]["field"]


def seat_rotation(seat: int, players: int) -> int:
    """AM-13.1: quarter turns of the table that face seat ``seat``."""
    return seat * 4 // players


def compute_orders(state: State) -> None:
    """The reading order of every Location for each orientation in use (static once the Field is laid)."""
    g = state["g"]
    if state["options"]["disaster_orientation"] == "seat":
        rots = sorted({seat_rotation(s, state["players"]) for s in range(state["players"])})
    else:
        rots = [0]
    g["paths"] = {}
    for r in rots:

        def key(p: int, r: int = r) -> tuple[int, int]:
            x, y = g["cells"][str(p)]
            for _ in range(r):
                x, y = -y, x  # a quarter turn of the table
            return (-x, y)  # right-most column first, then top to bottom (AM-4.3)

        g["paths"][str(r)] = sorted(locations(state), key=key)


def order_for(state: State, d: int) -> list[int]:
    """The full path order a Disaster follows (AM-4.4, AM-13.1)."""
    g = state["g"]
    if len(g["paths"]) == 1:
        return next(iter(g["paths"].values()))
    return g["paths"][str(seat_rotation(state["owner"][d], state["players"]))]


def disaster_path(state: State, d: int | None = None, seat: int | None = None) -> list[int]:
    """AM-4.3, AM-4.6: the Disaster path, every non-destroyed Location in reading order."""
    g = state["g"]
    if d is not None:
        order = order_for(state, d)
    elif seat is not None and len(g["paths"]) > 1:
        order = g["paths"][str(seat_rotation(seat, state["players"]))]
    else:
        order = next(iter(g["paths"].values()))
    dead = g["destroyed"]
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
    g = state["g"]
    hv = g["havens"]
    adj = g["neighbours"]
    seen = {a: 0}
    frontier = [a]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for p in frontier:
            for q in adj[str(p)]:
                if q not in seen and str(q) not in hv:
                    seen[q] = d
                    nxt.append(q)
        frontier = nxt
    return seen


def distance(state: State, a: int, b: int) -> int | None:
    """AM-4.12: fewest steps between two Locations through Location cells (destroyed ones included)."""
    if a == b:
        return 0
    g = state["g"]
    hv = g["havens"]
    adj = g["neighbours"]
    seen = {a}
    frontier = deque([(a, 0)])
    while frontier:
        p, dist = frontier.popleft()
        for q in adj[str(p)]:
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
    x, y = g["cells"][str(q)]
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
    prev: dict[int, int] = {start: start}
    frontier = deque([(start, 0)])
    while frontier:
        p, dist = frontier.popleft()
        if p == target:
            break
        if dist >= budget:
            continue
        for q in g["neighbours"][str(p)]:
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
