"""Ani-Mayhem at the table: what a seat sees, in the game's own words (see :mod:`cardsmith.present`).

The Field is drawn small, one line a row and a few letters a place; the places where something is (Characters,
Disasters, Equipment) are listed under it. The same Field is given as a grid of cells (``Region.grid``), each
place with what stands on it, for a screen that draws it. Presentation only, like ``text.py``: the rules never import it;
``AniMayhem.presenter()`` does.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from cardsmith.present import Cell, Counter, Grid, Presenter, Region

from .cards import ATTRS
from .rules import DEFS

CELL = 7
"""The width of one place in the small map (a space between places)."""
_KEY = "Map: n = n-th on the Disaster route, Hn = Pn's Haven, :123 = whose Characters, D = Disaster"


class AniMayhemPresenter(Presenter):
    """The Ani-Mayhem table: a small map of the Field, the busy places, each player's Characters."""

    @cached_property
    def _titled(self) -> frozenset[str]:
        """The titles of the piles shown in a player's area: the zones game.toml gives a title."""
        return frozenset(k.title for k in self.game.visibility.zone_kinds.values() if k.title)

    def headline(self, view: dict[str, Any]) -> str:
        pub = view["public"]
        if not pub.get("cells"):
            return f"Setup · {self.seat_name(pub.get('first', 0))} goes first"
        return f"Round {pub['round']} · {self.seat_name(pub['active'])}'s {pub['phase']} phase"

    @staticmethod
    def _names(view: dict[str, Any]) -> dict[int, str]:
        return {e[0]: e[1] for z in view["zones"].values() for e in z if e is not None and e[0] is not None}

    def _cell(
        self, view: dict[str, Any], entry: list[Any], index: dict[int, int], names: dict[int, str]
    ) -> str:
        p, _, _, kind, seat, dead = entry
        pub = view["public"]
        initials = "".join(w[0] for w in names.get(p, "?").split())
        label = f"H{seat + 1}" if kind == "haven" else ("XX" if dead else str(index.get(p, initials)))
        seats = sorted({c["seat"] for c in pub["chars"].values() if c["at"] == p})
        mark = "".join(str(s + 1) for s in seats)
        if any(d["at"] == p for d in pub["disasters"].values()):
            mark += "D"
        return label + (":" + mark if mark else "")

    def _map(self, view: dict[str, Any]) -> list[str]:
        """The Field as a grid of cells, one column a cell, as narrow as its widest cell allows (at most ``CELL``
        and 96 columns in all)."""
        pub = view["public"]
        route = next(iter(pub["routes"].values()), [])
        index = {p: i + 1 for i, p in enumerate(route)}
        names = self._names(view)
        cells = {(e[1], e[2]): self._cell(view, e, index, names) for e in pub["cells"]}
        xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
        ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
        size = min(CELL, max(len(c) for c in cells.values()), 96 // len(xs) - 1)
        lines = []
        for y in ys:
            row = " ".join(cells.get((x, y), "")[:size].ljust(size) for x in xs)
            lines.append(f"{y:>3} {row.rstrip()}")
        return lines

    def _busy(self, view: dict[str, Any], names: dict[int, str]) -> list[str]:
        """The places where a Disaster or Equipment is, or a Character outside its Haven."""
        pub = view["public"]
        zones = view["zones"]
        out = []
        for p, x, y, kind, _seat, _ in sorted(pub["cells"], key=lambda c: (c[2], c[1])):
            who = [f"{self.seat_name(c['seat'])}'s {names.get(int(k), '?')}" for k, c in pub["chars"].items()
                   if c["at"] == p and kind != "haven"]  # fmt: skip
            dis = [names.get(int(k), "?") for k, d in pub["disasters"].items() if d["at"] == p]
            eq = [e[1] for e in zones.get(f"eq:{p}", []) if e is not None]
            if not (who or dis or eq):
                continue
            card = DEFS.get(names.get(p, ""))
            needs = f" (needs {', '.join(card.skills) or 'no skills'})" if card is not None else ""
            parts = [", ".join(who)] if who else []
            parts += [f"Disaster {', '.join(dis)}"] if dis else []
            parts += [f"Equipment {', '.join(eq)}"] if eq else []
            out.append(f"{names.get(p, '?')} ({x},{y}){needs}: " + "; ".join(parts))
        return out

    def _grid(self, view: dict[str, Any], names: dict[int, str], drawn: int) -> Grid:
        """The Field as cells: each place with its map mark and what is on it (the first ``drawn`` notes are the
        map in text)."""
        pub = view["public"]
        route = next(iter(pub["routes"].values()), [])
        index = {p: i + 1 for i, p in enumerate(route)}
        cells = []
        for entry in sorted(pub["cells"], key=lambda c: (c[2], c[1])):
            p, x, y, kind, seat, dead = entry
            chars = sorted(
                (c["seat"], names.get(int(k), "?")) for k, c in pub["chars"].items() if c["at"] == p
            )
            lines = self._held(chars) if kind == "haven" else [f"{self.seat_name(s)}'s {n}" for s, n in chars]
            lines += [
                f"Disaster {names.get(int(k), '?')}" for k, d in pub["disasters"].items() if d["at"] == p
            ]
            lines += [f"Equipment {e[1]}" for e in view["zones"].get(f"eq:{p}", []) if e is not None]
            title = names.get(p, "?") + (f" ({self.seat_name(seat)}'s Haven)" if kind == "haven" else "")
            mark = self._cell(view, entry, index, names)
            tag = "destroyed" if dead else str(kind)
            cells.append(Cell(x, y, title, mark, tag, tuple(lines), tuple(sorted({s for s, _ in chars}))))
        return Grid(tuple(cells), _KEY.removeprefix("Map: "), drawn)

    def _held(self, chars: list[tuple[int, str]]) -> list[str]:
        """The Characters in a Haven, counted by whose they are."""
        seats = sorted({s for s, _ in chars})
        return [f"{self.seat_name(s)}: {sum(1 for t, _ in chars if t == s)} Character(s)" for s in seats]

    @staticmethod
    def _counters(view: dict[str, Any], seat: int, held: int, names: dict[int, str]) -> tuple[Counter, ...]:
        places: dict[str, int] = {}
        for c in view["public"]["chars"].values():
            if c["seat"] == seat:
                where = names.get(c["at"], "?")
                places[where] = places.get(where, 0) + 1
        out = [Counter("Items", str(held))]
        if places:
            out.append(Counter("Characters", ", ".join(f"{n} at {place}" for place, n in places.items())))
        return tuple(out)

    def _chars(self, view: dict[str, Any], seat: int, names: dict[int, str]) -> list[str]:
        pub = view["public"]
        own = view["private"].get("chars", {}) if seat == view["seat"] else {}
        mine = sorted((int(k), c) for k, c in pub["chars"].items() if c["seat"] == seat)
        if seat != view["seat"]:
            return []  # counted in the area's heading; those away from home are named under the map
        lines = []
        for k, c in mine:
            info = own.get(str(k), c)
            stats = " ".join(f"{a.capitalize()} {info[a]}" for a in ATTRS)
            lines.append(
                f"{names.get(k, '?')} at {names.get(c['at'], '?')}: {stats}; {info['items']} Item(s)"
            )
        return lines

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        pub = view["public"]
        viewer = view["seat"]
        players = view["players"]
        names = self._names(view)
        piles = self.piles(view)
        order = list(range(players))
        if viewer is not None:
            order = [(viewer + k) % players for k in range(1, players)] + [viewer]
        held = pub.get("held", [0] * players)
        seats = []
        for s in order:
            shown = [p for p in piles[s] if p.title in self._titled]
            counters = self._counters(view, s, held[s], names) if pub.get("cells") else ()
            notes = tuple(self._chars(view, s, names)) if pub.get("cells") else ()
            seats.append(Region(self.seat_title(s, viewer), s, s == viewer, counters, tuple(shown), notes))
        notes = []
        details: list[str] = []
        grid = None
        if pub.get("cells"):
            notes = self._map(view)
            grid = self._grid(view, names, len(notes))
            details = [_KEY, *self._busy(view, names)]
            if pub["off_field"]:
                notes.append("Off the Field: " + ", ".join(names.get(int(d), "?") for d in pub["off_field"]))
            if pub["combat"]:
                cmb = pub["combat"]
                damage = (
                    ", ".join(f"{names.get(int(k), '?')} {v}" for k, v in cmb["damage"].items()) or "none"
                )
                notes.append(f"In combat ({cmb['kind']}), round {cmb['round'] + 1}; damage so far: {damage}")
        shared = tuple(p for p in piles[None] if p.size and p.title == "Disasters Off the Field")
        table = Region("Field", None, False, _items(pub), shared, tuple(notes), tuple(details), grid)
        if viewer is None:
            return (*seats, table)
        return (*seats[:-1], table, seats[-1])


def _items(pub: dict[str, Any]) -> tuple[Counter, ...]:
    if not pub.get("cells"):
        return ()
    return (
        Counter("Items", f"{pub['items_total']} in all"),
        Counter("still on the Field", str(pub["loose_items"])),
        Counter("destroyed", str(pub["destroyed_items"])),
    )
