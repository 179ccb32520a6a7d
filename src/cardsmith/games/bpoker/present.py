"""B-Poker at the table: what a seat sees, in the game's own words (see :mod:`cardsmith.present`).

Presentation only, like ``text.py``: the rules never import it; ``BPoker.presenter()`` does.
"""

from __future__ import annotations

from typing import Any

from cardsmith.present import Counter, Pile, Presenter, Region

from .table import SIDE, pot_zone
from .text import _table_words, entry_words


class BPokerPresenter(Presenter):
    """The B-Poker table: each player's stash, viewing hand, table (tiles grouped) and declared hand; the pot."""

    seating = "around"

    def group_title(self, verb: str) -> str:
        return "Name the Joker's suit" if verb == "joker_suit" else super().group_title(verb)

    def knocked_out(self, view: dict[str, Any]) -> frozenset[int]:
        """BP-4.2: players who could not pay the ante are out of the game."""
        return frozenset(s for s, in_game in enumerate(view["public"]["in_game"]) if not in_game)

    def headline(self, view: dict[str, Any]) -> str:
        pub = view["public"]
        arrow = "to the left" if pub["dir"] == 1 else "to the right"
        depth = f" · f_poker depth {pub['depth']}" if pub["depth"] else ""
        return f"Hand {pub['hand']}{depth} · {self.seat_name(pub['active'])} to play · play passes {arrow}"

    def _counters(self, view: dict[str, Any], seat: int) -> tuple[Counter, ...]:
        pub = view["public"]
        zones = view["zones"]
        out = []
        if not pub["in_hand"][seat]:
            out.append(Counter("", "lost this hand" if pub["in_game"][seat] else "out of the game"))
        stash = zones.get(f"stash:{seat}", [])
        side = sum(1 for e in stash if e is not None and len(e) == 3 and e[2] == SIDE)
        out.append(Counter("stash", f"{len(stash)}" + (f" ({side} sideways)" if side else "")))
        out.append(Counter("viewing hand", f"{len(zones.get(f'view:{seat}', []))}/{pub['view_size'][seat]}"))
        out.append(Counter("table", f"{pub['counted'][seat]}/{pub['table_max'][seat]}"))
        if str(seat) in pub["control"]:
            out.append(Counter("controlled by", self.seat_name(pub["control"][str(seat)])))
        return tuple(out)

    def _notes(self, view: dict[str, Any], seat: int, tiles: dict[int, dict[str, Any]]) -> tuple[str, ...]:
        pub = view["public"]
        zones = view["zones"]
        table = zones.get(f"table:{seat}", [])
        words = [w.replace("{", "[").replace("}", "]") for w in _table_words(table, tiles)]
        notes = [f"Table: {' '.join(words) if words else 'empty'}"]
        ctbp = zones.get(f"ctbp:{seat}", [])
        if ctbp:
            notes.append("Cards to be played: " + " ".join(entry_words(e) for e in ctbp))
        declared = pub["declared"][seat]
        if declared is not None:
            notes.append(f"Declared: {declared['category']}")
        mine = zones.get(f"view:{seat}", [])
        if seat == view["seat"]:
            notes.append("Your viewing hand: " + (" ".join(entry_words(e) for e in mine) or "empty"))
        else:
            seen = [entry_words(e) for e in mine if e is not None and e[1] is not None]
            if seen:
                notes.append("You have seen in their viewing hand: " + " ".join(seen))
        return tuple(notes)

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        pub = view["public"]
        viewer = view["seat"]
        players = view["players"]
        tiles = {c: t for t in pub["tiles"] for c in t["cards"]}
        order = list(range(players))
        if viewer is not None:
            order = [(viewer + k) % players for k in range(1, players)] + [viewer]
        seats = [
            Region(
                self.seat_title(s, viewer) + (" (to play)" if s == pub["active"] else ""),
                s,
                s == viewer,
                self._counters(view, s),
                (),
                self._notes(view, s, tiles),
            )
            for s in order
        ]
        piles = self.piles(view)[None]
        shared = [p for p in piles if p.size and p.title != "Pot"]
        pot = view["zones"].get(pot_zone(pub["depth"]), [])
        counters = [Counter("pot", f"{len(pot)} cards")]
        if pub["depth"]:
            counters.append(Counter("outer pot", f"{len(view['zones'].get('pot', []))} cards"))
        notes = ("A J waits: the next card played has no effect.",) if pub["j_next"] else ()
        table = Region("Table", None, False, tuple(counters), tuple(_short(p) for p in shared), notes)
        if viewer is None:
            return (*seats, table)
        return (*seats[:-1], table, seats[-1])


def _short(pile: Pile) -> Pile:
    """A shared pile counted rather than listed (a discard pile of many cards)."""
    return Pile(pile.title, pile.cards[-1:], pile.hidden + max(0, len(pile.cards) - 1), pile.counted)
