"""Taking of Taidian at the table: what a seat sees, in the game's own words (see :mod:`cardsmith.present`).

Presentation only, like ``text.py``: the rules never import it; ``Taidian.presenter()`` does.
"""

from __future__ import annotations

from typing import Any

from cardsmith.present import CardFace, Choice, Counter, Pile, Presenter, Region

from .cards import TRACKS

_ORDER = ("Hand", "Played", "Bought", "Structures", "Poison", "In the open window", "Loot", "Discard", "Deck")


class TaidianPresenter(Presenter):
    """The Taidian table: each fighter's health, energy and trackers on one line, the supply, the volley."""

    seating = "around"

    def card_text(self, name: str) -> str:
        """A card's rule text (its cost is in the labels that buy it, and under ``card NAME``)."""
        return self._rows[name]["text"] if name in self._rows else ""

    def card(self, name: str) -> CardFace | None:
        face = super().card(name)
        if face is None:
            return None
        return CardFace(face.name, f"cost {self._rows[face.name]['cost']}; {face.text}", face.stats)

    def headline(self, view: dict[str, Any]) -> str:
        pub = view["public"]
        head = f"Round {pub['round']} · {self.seat_name(pub['current'])}'s turn"
        if pub["turn_type"]:
            head += f" · {pub['turn_type']} turn"
            if pub["turn_type"] == "upgrading":
                head += f", buying pool {pub['pool']}"
        return head

    def _counters(self, pub: dict[str, Any], seat: int) -> tuple[Counter, ...]:
        p = pub["players"][seat]
        out = [Counter("team", str(p["team"]))] if p["team"] is not None else []
        if not p["alive"]:
            return (*out, Counter("", "ELIMINATED"))
        out.append(Counter("health", f"{p['health']}/{pub['max_health']}"))
        out.append(Counter("energy", str(p["energy"])))
        levels = p["levels"]
        raised = [f"{t.capitalize()} {levels[t]}" for t in TRACKS if levels[t]]
        if raised:
            out.append(Counter("levels", ", ".join(raised)))
        return tuple(out)

    def _seat(self, seat: int, view: dict[str, Any], piles: list[Pile]) -> Region:
        pub = view["public"]
        shown = sorted(piles, key=lambda p: _ORDER.index(p.title) if p.title in _ORDER else len(_ORDER))
        notes = [
            f"Poisoned by {self.seat_name(x['owner'])}: {x['damage']} a tick, {x['ticks']} ticks left"
            for x in pub["poisons"]
            if x["victim"] == seat
        ]
        laid = view["private"].get("volley_being_laid") if seat == view["seat"] else None
        if laid:
            notes.append("Your volley so far: " + ", ".join(self._aim(c, t, s) for c, t, s in laid))
        title = f"{self.seat_title(seat, view['seat'])} {pub['players'][seat]['character']}"
        you = seat == view["seat"]
        return Region(title, seat, you, self._counters(pub, seat), tuple(shown), tuple(notes))

    def _aim(self, card: str, target: int, slot: str | None, value: Any = None) -> str:
        text = f"{card} at {self.seat_name(target)}" + (f"'s {slot}" if slot else "")
        return text + (f" ({value})" if value else "")

    def _volley(self, pub: dict[str, Any]) -> list[str]:
        vol = pub["volley"]
        if vol is None:
            return []
        cards = ", ".join(self._aim(c, t, s, v) for c, t, s, v in vol["cards"])
        lines = [f"Volley of {self.seat_name(vol['attacker'])}: {cards}"]
        for t in vol["attacked"]:
            lines.append(f"  on {self.seat_name(t)}: attack {vol['attack'][t]}, block {vol['block'][t]}")
        return lines

    def knocked_out(self, view: dict[str, Any]) -> frozenset[int]:
        """TAI-11.4: eliminated players."""
        return frozenset(s for s, p in enumerate(view["public"]["players"]) if not p["alive"])

    def shortcuts(self, view: dict[str, Any], decision: Any) -> tuple[Choice, ...]:
        """TAI-4.3, TAI-4.6: on an upgrading turn, every money card in hand played for buying power in one step."""
        money = [o.id for o in decision.options if o.verb == "play_money"]
        if not money:
            return ()
        hand = [e[1] for e in view["zones"].get(f"hand:{view['seat']}", []) if e and e[1] is not None]
        series = tuple(oid for oid in money for name in hand if oid == f"play_money:{name}")
        if len(series) < 2:
            return ()
        power = sum(self._rows[name].get("value", 0) or 0 for name in hand if f"play_money:{name}" in money)
        label = f"Play every money card in hand ({len(series)} cards, +{power} buying power)"
        return (Choice("money", "", label, series=series),)

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        pub = view["public"]
        piles = self.piles(view)
        viewer = view["seat"]
        players = view["players"]
        order = list(range(players))
        if viewer is not None:
            order = [(viewer + k) % players for k in range(1, players)] + [viewer]
        seats = [self._seat(s, view, piles[s]) for s in order]
        supply = ", ".join(f"{name} {count}" for name, count in pub["piles"].items() if count) or "empty"
        shared = tuple(p for p in piles[None] if p.size and p.title != "The supply piles")
        table = Region("Table", None, False, (Counter("supply", supply),), shared, tuple(self._volley(pub)))
        if viewer is None:
            return (*seats, table)
        return (*seats[:-1], table, seats[-1])
