"""B-Poker: zones, tables, tiles, marks, counts, fees and declarations (sections 1-3, 5, 7, 10 of the rules).

These helpers are shared by the flow (``flow.py``), the card powers (``powers.py``) and the pairs (``pairs.py``).
See ``rules.py`` for the layout of ``state["g"]``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.game import Game
from ...core.zones import ALL, NONE, OWNER, Visibility, ZoneKind, owner_plus
from .cards import FACES, power_key, value_name
from .hand_eval import MAX_CARDS, best_hand, best_score, category_of, decode_score, score5

State = dict[str, Any]
Unit = (
    int  # an untiled card id, or the first card id of a tile (BP-10.15: a tile is one card for most effects)
)

MAX_SEATS = 6
ALTERNATIVES = 3  # lower hands offered besides the best one when declaring (BP-3.3)
NE = "ne"  # sideways on a table: no-effect (BP-10.30)
WILD = "wild"  # face down: a wild (BP-1.5, BP-10.9) whose face only the table's owner knows (BP-1.4)
WILD_NE = "wild_ne"  # a wild that is also no-effect (BP-12.17)
WILD_SEEN = "wild_seen"  # face down after every seat saw it face up: the table remembers it (BP-1.4)
WILD_NE_SEEN = "wild_ne_seen"  # the same, also no-effect
WILDS = frozenset((WILD, WILD_NE, WILD_SEEN, WILD_NE_SEEN))
"""Every wild mark: a wild's face is known to its owner only (a position set up so) or to every seat (BP-1.4: any
card that turns face down in play was seen face up by the whole table first, BP-14.1, BP-19.1)."""
EFFECTIVE_WILDS = frozenset((WILD, WILD_SEEN))
NES = frozenset((NE, WILD_NE, WILD_NE_SEEN))
"""Every no-effect mark of a table card (BP-10.30)."""
SIDE = "side"  # a sideways stash card (BP-16.28); stash cards stay hidden from everyone
REVEAL = "rv"  # "rv<mask>": a viewing-hand card that the seats of <mask> have looked at (Q♦, 1♠, Control)

TILE_WORDS = {
    "five": "5-tile",
    "set5": "5+5+card",
    "ccc": "3♣+3♣",
    "six": "6+6+6",
    "bh": "Black Hole",
    "wh": "White Hole",
    "lock": "10♦+card",
    "jjj": "J+J+J",
}
SCRAP_PROOF = ("six", "lock")  # BP-26.42, BP-26.71
TABLE = tuple(f"table:{s}" for s in range(MAX_SEATS))  # zone names by seat, made once
VIEW = tuple(f"view:{s}" for s in range(MAX_SEATS))
STASH = tuple(f"stash:{s}" for s in range(MAX_SEATS))
CTBP = tuple(f"ctbp:{s}" for s in range(MAX_SEATS))
SEAT_NAMES = tuple(f"P{s + 1}" for s in range(MAX_SEATS))  # how seats are called (Base.seat_name)
_NO_EFFECT = {WILD: WILD_NE, WILD_NE: WILD_NE, WILD_SEEN: WILD_NE_SEEN, WILD_NE_SEEN: WILD_NE_SEEN}
_EFFECTIVE = {WILD_NE: WILD, WILD_NE_SEEN: WILD_SEEN}


def no_effect_mark(mark: str | None) -> str:
    """The mark of a table card that becomes no-effect (BP-10.33): a wild stays a wild, known to the same seats."""
    return _NO_EFFECT.get(mark, NE) if mark is not None else NE


def effective_mark(mark: str | None) -> str | None:
    """The mark of a no-effect table card that stops being no-effect (BP-10.33): a wild stays a wild, known to the
    same seats; any other card is upright and unmarked."""
    return _EFFECTIVE.get(mark) if mark is not None else None


def _mark_kinds() -> dict[str, str]:
    kinds = {WILD: OWNER, WILD_NE: OWNER, WILD_SEEN: ALL, WILD_NE_SEEN: ALL, NE: ALL, SIDE: NONE}
    for mask in range(1, 1 << MAX_SEATS):
        kinds[f"{REVEAL}{mask}"] = owner_plus([s for s in range(MAX_SEATS) if mask >> s & 1])
    return kinds


# BP-1.3, BP-1.4: shared and per-player zones. "limbo" holds a card while it is being forced or passed (public).
# Set-aside zones of an outer hand during f_poker are "table:S:aD", "view:S:aD", "ctbp:S:aD" (BP-9.1); f_pots of
# nested hands are "fpot" (depth 1) and "fpot:D" (depth D >= 2).
VISIBILITY = Visibility(
    {
        "draw": ZoneKind(NONE, owned=False, description="draw pile"),
        "discard": ZoneKind(ALL, owned=False, description="discard"),
        "pot": ZoneKind(NONE, owned=False, description="pot"),
        "fpot": ZoneKind(NONE, owned=False, description="f_pot"),
        "limbo": ZoneKind(ALL, owned=False, description="cards being forced or passed"),
        "stash": ZoneKind(NONE, description="stash"),
        "view": ZoneKind(OWNER, description="viewing hand"),
        "ctbp": ZoneKind(ALL, description="cards-to-be-played"),
        "table": ZoneKind(ALL, description="table"),
    },
    _mark_kinds(),
)


_MARKS = VISIBILITY.mark_kinds
_SEERS: dict[tuple[str, str | None, int], frozenset[int]] = {}
_MISSING: Any = object()
_WILD_OR_NE = WILDS | NES
_ROUND: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (players, direction, seat) -> the seats after it
_FIVE_KINDS = ("five", "set5")
_NAMES_OF_RANK = {r: frozenset(n for n, f in FACES.items() if f.rank == r) for r in range(1, 15)}
_VALUE = {name: (f.rank, f.suit) for name, f in FACES.items()}  # a face's poker value (BP-2.4)
_BEST_MEMO: dict[tuple[Any, ...], Any] = {}  # declaration searches already made (Base._best)
_BEST_MEMO_LIMIT = 4096
MAX_CARDS_IN_GAME = 4096
SK: tuple[str, ...] = tuple(str(i) for i in range(MAX_CARDS_IN_GAME))
"""``SK[c] == str(c)``: the mark and tile keys of card ids, made once (8 decks hold 432 cards; a scenario may not
hold more than ``MAX_CARDS_IN_GAME``)."""


def _seers(zone: str, mark: str | None, players: int) -> frozenset[int]:
    """The seats that see a card with this mark in this zone (VISIBILITY, cached)."""
    key = (zone, mark, players)
    seen = _SEERS.get(key)
    if seen is None:
        vis, owner = VISIBILITY.zone_info(zone)
        if mark is not None:
            vis = _MARKS[mark]
        seen = frozenset(s for s in range(players) if VISIBILITY._sees(vis, owner, s))
        _SEERS[key] = seen
    return seen


class _MoveVis(dict):  # type: ignore[type-arg]
    """(src, old mark, dst, new mark, players) -> the ``vis`` of a move event, None when every seat sees the card."""

    def __missing__(self, key: tuple[str, str | None, str, str | None, int]) -> list[int] | None:
        src, old, dst, mark, players = key
        seen = _seers(src, old, players) | _seers(dst, mark, players)
        vis = None if len(seen) == players else sorted(seen)
        self[key] = vis
        return vis


_MOVE_VIS = _MoveVis()


_FLUSH_TYPES = frozenset(("flush", "straight flush", "flush house", "flush five"))
_DEFAULT_WILD_SUIT = 3  # as hand_eval.best_hand: a wild whose suit does not matter is declared a spade


def declared_hand(
    values: list[tuple[int, int]], wilds: int
) -> tuple[int, list[int], list[tuple[int, int]]] | None:
    """What :func:`hand_eval.best_hand` answers for these non-wild ``values`` and ``wilds``: ``(score, indexes of the
    values used (ascending), values declared for the wilds used)``, or None with fewer than five cards in all.

    The best hand's score comes from :func:`hand_eval.best_score` (cached); a hand that is not of a flush type is
    read back from it exactly as ``best_hand`` builds it: its ranks from the score's groups and kickers, each taken
    by the first unused real card of that rank, else by a wild declared as that rank of spades. Flush types are
    left to ``best_hand``. (A property test checks this against ``best_hand``.)"""
    w = wilds if wilds < 5 else 5
    if len(values) + w < 5:
        return None
    score = best_score(values, wilds)
    name, ranks = decode_score(score)
    if name in _FLUSH_TYPES:
        bh = best_hand(values, wilds)
        if bh is None:
            return None
        return bh.score, list(bh.used), list(bh.wild_values)
    a = ranks[0]
    if name == "high card":
        plan = ranks
    elif name == "pair":
        plan = (a, a) + ranks[1:]
    elif name == "two pair":
        plan = (a, a, ranks[1], ranks[1]) + ranks[2:]
    elif name == "three of a kind":
        plan = (a, a, a) + ranks[1:]
    elif name == "straight":
        plan = (a, a - 1, a - 2, a - 3, a - 4)
        if a == 5:  # the low place: a real Ace, else a 1, else a wild declared as an Ace (BP-3.6)
            held = {r for r, _s in values}
            plan = (5, 4, 3, 2, 1 if 1 in held and 14 not in held else 14)
    elif name == "full house":
        plan = (a, a, a, ranks[1], ranks[1])
    elif name == "four of a kind":
        plan = (a, a, a, a) + ranks[1:]
    else:  # five of a kind
        plan = (a,) * 5
    free = list(range(len(values)))
    used: list[int] = []
    wild_values: list[tuple[int, int]] = []
    for rank in plan:
        for pos, i in enumerate(free):
            if values[i][0] == rank:
                used.append(free.pop(pos))
                break
        else:
            wild_values.append((rank, _DEFAULT_WILD_SUIT))
    used.sort()
    return score, used, wild_values


def pot_zone(depth: int) -> str:
    """The pot of the hand at this nesting depth (BP-9.1: an f_poker hand's pot is its f_pot)."""
    return "pot" if depth == 0 else ("fpot" if depth == 1 else f"fpot:{depth}")


class Base(Game):
    """Shared helpers of the B-Poker rules."""

    visibility = VISIBILITY

    # ----- the one card-move primitive, specialised for speed ----------------------------------------------------------

    def move(
        self,
        state: State,
        card: int,
        src: str,
        dst: str,
        *,
        index: int | None = None,
        mark: str | None = None,
        cause: str | None = None,
    ) -> None:
        """Exactly :func:`cardsmith.core.zones.move` (same zones, marks and event), with the event's seats cached."""
        zones = state["zones"]
        zones[src].remove(card)
        if index is None:
            zones[dst].append(card)
        else:
            zones[dst].insert(index, card)
        marks = state["marks"]
        old = marks.pop(SK[card], None) if marks else None
        if mark is not None:
            if mark not in _MARKS:
                raise KeyError(f"undeclared mark {mark!r}")
            marks[SK[card]] = mark
        vis = _MOVE_VIS[src, old, dst, mark, state["players"]]
        if vis is None:
            if cause is None:
                event = {"t": "move", "card": card, "name": state["cards"][card], "from": src, "to": dst}
            else:
                event = {
                    "t": "move",
                    "card": card,
                    "name": state["cards"][card],
                    "from": src,
                    "to": dst,
                    "cause": cause,
                }
        else:
            event = {
                "t": "move",
                "card": card,
                "name": state["cards"][card],
                "from": src,
                "to": dst,
                "vis": list(vis),
            }
            if cause is not None:
                event["cause"] = cause
        state["events"].append(event)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def move_all(self, state: State, cards: list[int], src: str, dst: str, cause: str | None = None) -> None:
        """:meth:`move` for each of ``cards`` in turn, from ``src`` onto the top of ``dst`` with no new mark: the same
        zones, marks and one event per card, in that order (a scrap, a reshuffle or a pot taken moves every card one
        at a time like this). ``cards`` is read before anything moves, so it may be ``src``'s own list."""
        if not cards:
            return
        cards = list(cards)
        zones = state["zones"]
        source = zones[src]
        target = zones[dst]
        marks = state["marks"]
        players = state["players"]
        names = state["cards"]
        events = state["events"]
        for card in cards:
            source.remove(card)
            target.append(card)
            old = marks.pop(SK[card], None) if marks else None
            vis = _MOVE_VIS[src, old, dst, None, players]
            if vis is None:
                if cause is None:
                    event = {"t": "move", "card": card, "name": names[card], "from": src, "to": dst}
                else:
                    event = {
                        "t": "move",
                        "card": card,
                        "name": names[card],
                        "from": src,
                        "to": dst,
                        "cause": cause,
                    }
            else:
                event = {
                    "t": "move",
                    "card": card,
                    "name": names[card],
                    "from": src,
                    "to": dst,
                    "vis": list(vis),
                }
                if cause is not None:
                    event["cause"] = cause
            events.append(event)

    # ----- names and faces ------------------------------------------------------------------------------------------

    @staticmethod
    def face(state: State, cid: int) -> Any:
        return FACES[state["cards"][cid]]

    @staticmethod
    def nm(state: State, cid: int) -> str:
        return state["cards"][cid]

    @staticmethod
    def mark_of(state: State, cid: int) -> str | None:
        return state["marks"].get(SK[cid])

    def is_wild(self, state: State, cid: int) -> bool:
        return state["marks"].get(SK[cid]) in WILDS

    def is_ne(self, state: State, cid: int) -> bool:
        return state["marks"].get(SK[cid]) in NES

    # ----- seats ------------------------------------------------------------------------------------------------------

    @staticmethod
    def in_hand(state: State) -> list[int]:
        g = state["g"]
        return [s for s in range(state["players"]) if g["inh"][s]]

    @staticmethod
    def step_seat(state: State, seat: int, direction: int) -> int:
        """The nearest other player in the hand from ``seat`` in ``direction`` (+1 left, -1 right) (BP-11.19)."""
        g = state["g"]
        n = state["players"]
        s = seat
        for _ in range(n):
            s = (s + direction) % n
            if g["inh"][s] and s != seat:
                return s
        return seat

    def next_seat(self, state: State, seat: int) -> int:
        """The next player in the hand in the direction of play."""
        return self.step_seat(state, seat, state["g"]["dir"])

    def left_seat(self, state: State, seat: int) -> int:
        """BP-12.14: the player on the left is the nearest one in the left direction, whatever the direction."""
        return self.step_seat(state, seat, 1)

    def order_from(self, state: State, seat: int, direction: int | None = None) -> list[int]:
        """Players in the hand in BP-7.5 order: starting after ``seat``, ``seat`` itself last if in the hand."""
        g = state["g"]
        inh = g["inh"]
        d = g["dir"] if direction is None else direction
        n = state["players"]
        rot = _ROUND.get((n, d, seat))
        if rot is None:
            rot = _ROUND[(n, d, seat)] = tuple((seat + d * i) % n for i in range(1, n + 1))
        return [s for s in rot if inh[s]]

    def opponents(self, state: State, seat: int) -> list[int]:
        """The other players in the hand in BP-7.5 order (:meth:`order_from` without ``seat``)."""
        g = state["g"]
        inh = g["inh"]
        n = state["players"]
        d = g["dir"]
        rot = _ROUND.get((n, d, seat))
        if rot is None:
            rot = _ROUND[(n, d, seat)] = tuple((seat + d * i) % n for i in range(1, n + 1))
        return [s for s in rot if inh[s] and s != seat]

    # ----- tiles and units (BP-10.13 .. BP-10.24) -------------------------------------------------------------------

    @staticmethod
    def tile_of(state: State, cid: int) -> dict[str, Any] | None:
        g = state["g"]
        tid = g["tof"].get(SK[cid])
        return None if tid is None else g["tiles"][tid]

    @staticmethod
    def new_tile(state: State, kind: str, cards: list[int], seat: int, **extra: Any) -> dict[str, Any]:
        g = state["g"]
        tid = SK[cards[0]]
        tile = {"k": kind, "c": list(cards), "s": seat}
        tile.update(extra)
        g["tiles"][tid] = tile
        for c in cards:
            g["tof"][SK[c]] = tid
        return tile

    def units(self, state: State, seat: int) -> list[Unit]:
        """The units on a table: each untiled card, and each tile once (by its first card)."""
        tof = state["g"]["tof"]
        table = state["zones"][TABLE[seat]]
        if not tof:
            return list(table)
        out = []
        for c in table:
            tid = tof.get(SK[c])
            if tid is None:
                out.append(c)
            elif int(tid) == c:
                out.append(c)
        return out

    def unit_cards(self, state: State, unit: Unit) -> list[int]:
        tile = self.tile_of(state, unit)
        return list(tile["c"]) if tile is not None else [unit]

    def protected(self, state: State, unit: Unit) -> bool:
        """BP-10.26: every wild, every tile and the 10♦ are protected."""
        if SK[unit] in state["g"]["tof"]:
            return True
        return self.is_wild(state, unit) or state["cards"][unit] == "10♦"

    def unit_ne(self, state: State, unit: Unit) -> bool:
        """Whether a unit is no-effect: an untiled no-effect card, or a 5-tile whose card-in-effect is."""
        g = state["g"]
        key = SK[unit]
        tid = g["tof"].get(key)
        if tid is None:
            return state["marks"].get(key) in NES
        tile = g["tiles"][tid]
        if tile["k"] in _FIVE_KINDS:
            return state["marks"].get(SK[tile["c"][-1]]) in NES
        return False

    def identity(self, state: State, unit: Unit) -> list[Any] | None:
        """The value in effect [rank, suit, red] through which a unit acts, or None (wild, no-effect, a set tile)."""
        tile = self.tile_of(state, unit)
        if tile is None:
            if state["marks"].get(SK[unit]) in _WILD_OR_NE:
                return None
            f = FACES[state["cards"][unit]]
            return [f.rank, f.suit, f.red]
        if tile["k"] in ("five", "set5") and len(tile["c"]) > 1 and "hold" not in tile:
            last = tile["c"][-1]
            if self.is_ne(state, last):
                return None  # BP-16.32
            return tile["ev"][-1]
        return None

    def power_units(self, state: State, seat: int, keys: tuple[str, ...]) -> list[Unit]:
        """Units on ``seat``'s table acting with one of these powers (untiled cards and 5-tiles in effect)."""
        out = []
        for u in self.units(state, seat):
            ev = self.identity(state, u)
            if ev is not None and power_key(ev[0], ev[1], ev[2]) in keys:
                out.append(u)
        return out

    def tiles_on(self, state: State, seat: int, kind: str) -> list[dict[str, Any]]:
        """The tiles of one kind on a (current) table."""
        return [t for t in state["g"]["tiles"].values() if t["k"] == kind and t["s"] == seat]

    def break_tile(self, state: State, tile: dict[str, Any], cause: str) -> None:
        """BP-10.23, BP-10.24, BP-26.54: the cards become separate; sideways 6s of a 6+6+6 become no-effect."""
        g = state["g"]
        tid = SK[tile["c"][0]]
        if g["tiles"].get(tid) is not tile:
            return
        del g["tiles"][tid]
        for c in tile["c"]:
            g["tof"].pop(SK[c], None)
        if tile["k"] == "six":
            seat = tile["s"]
            for c in tile.get("sd", []):
                if c in state["zones"][TABLE[seat]]:
                    self.mark(state, c, TABLE[seat], NE)
        self.log(state, {"t": "break", "kind": tile["k"], "cards": list(tile["c"]), "cause": cause})

    def off_table(
        self, state: State, seat: int, cid: int, dst: str, cause: str, index: int | None = None
    ) -> None:
        """Move one card off a table to a zone that is not a table: it loses its marks (BP-10.34), breaks its tile
        if others stay (BP-10.21) and ends a declaration holding it (BP-3.3)."""
        g = state["g"]
        tile = self.tile_of(state, cid)
        if tile is not None:
            tile["c"].remove(cid)
            g["tof"].pop(SK[cid], None)
            self._rekey(state, tile, cid)
            if tile["c"]:
                self.break_tile(state, tile, cause)
        self.move(state, cid, TABLE[seat], dst, cause=cause, index=index)
        self.undeclare_if(state, seat, [cid])

    def _rekey(self, state: State, tile: dict[str, Any], gone: int) -> None:
        """Keep a tile keyed by its first card after ``gone`` left it."""
        g = state["g"]
        old = SK[gone]
        if old in g["tiles"] and g["tiles"][old] is tile:
            del g["tiles"][old]
            if tile["c"]:
                new = SK[tile["c"][0]]
                g["tiles"][new] = tile
                for c in tile["c"]:
                    g["tof"][SK[c]] = new

    def forget_tile(self, state: State, cid: int) -> None:
        """A tile whose cards left every table together stops being a tile (BP-10.34)."""
        g = state["g"]
        tid = g["tof"].get(SK[cid])
        if tid is not None:
            tile = g["tiles"].pop(tid)
            for c in tile["c"]:
                g["tof"].pop(SK[c], None)

    def unit_off_table(self, state: State, seat: int, unit: Unit, dst: str, cause: str) -> None:
        """A whole unit leaves the table (a tile leaves whole and stops being a tile)."""
        tile = self.tile_of(state, unit)
        if tile is None:
            self.off_table(state, seat, unit, dst, cause)
            return
        g = state["g"]
        del g["tiles"][SK[tile["c"][0]]]
        for c in tile["c"]:
            g["tof"].pop(SK[c], None)
        for c in tile["c"]:
            self.move(state, c, TABLE[seat], dst, cause=cause)
        self.undeclare_if(state, seat, tile["c"])

    def unit_to_table(self, state: State, src: int, unit: Unit, dst: int, cause: str) -> None:
        """Move a unit from one table to another without playing it: marks stay, a tile stays tiled (BP-10.12,
        BP-10.16, BP-10.34)."""
        tile = self.tile_of(state, unit)
        cards = tile["c"] if tile is not None else [unit]
        for c in cards:
            mark = state["marks"].get(SK[c])
            self.move(state, c, TABLE[src], TABLE[dst], cause=cause, mark=mark)
        if tile is not None:
            tile["s"] = dst
        self.undeclare_if(state, src, cards)

    def face_card(self, state: State, unit: Unit) -> int:
        """The card that moves when a unit's card-in-effect must move (BP-13.7, BP-16.20, BP-27.3)."""
        tile = self.tile_of(state, unit)
        return tile["c"][-1] if tile is not None else unit

    def table_seat(self, state: State, cid: int) -> int | None:
        """The seat whose (current) table holds ``cid``, or None."""
        for s in range(state["players"]):
            if cid in state["zones"][TABLE[s]]:
                return s
        return None

    # ----- sizes and counts (BP-5.2, BP-5.7, BP-14.2, BP-15.x, BP-26.40) --------------------------------------------

    def table_fx(self, state: State, seat: int) -> tuple[int, int, int]:
        """Continuous effects of a table: (viewing-hand change, table-maximum change, fee change) (BP-15.1, BP-15.2,
        BP-15.7, BP-19.5, BP-22.6, BP-22.7; tiled, wild and no-effect cards count only through a 5-tile in effect)."""
        table = state["zones"][TABLE[seat]]
        if not table:
            return _NO_FX
        g = state["g"]
        tof = g["tof"]
        marks = state["marks"]
        names = state["cards"]
        v = m = f = 0
        for c in table:
            k = _FX_GET(names[c])
            if k is None:
                continue
            key = SK[c]
            if (tof and key in tof) or (marks and key in marks):
                continue
            v += k[0]
            m += k[1]
            f += k[2]
        if tof:
            for t in g["tiles"].values():
                if t["s"] == seat and t["k"] in _FIVE_KINDS and len(t["c"]) > 1 and "hold" not in t:
                    if marks.get(SK[t["c"][-1]]) in NES:
                        continue
                    ev = t["ev"][-1]
                    k = _FX_EV.get((ev[0], ev[1]))
                    if k is not None:
                        v += k[0]
                        m += k[1]
                        f += k[2]
        if v or m or f:
            return (v, m, f)
        return _NO_FX

    def view_size(self, state: State, seat: int) -> int:
        return max(0, state["options"]["viewing_hand"] + self.table_fx(state, seat)[0])

    def table_max(self, state: State, seat: int) -> int:
        return state["options"]["table_max"] + self.table_fx(state, seat)[1]

    def counted(self, state: State, seat: int) -> int:
        """BP-5.7, BP-14.2, BP-26.40: the cards on a table that count toward its maximum."""
        g = state["g"]
        table = state["zones"][TABLE[seat]]
        exempt = g["exempt"] if g["active"] == seat else ()
        tof = g["tof"]
        tiles = g["tiles"]
        if not tof or not any(t["k"] == "six" for t in tiles.values()):
            if not exempt:
                return len(table)
            return len(table) - len(set(exempt).intersection(table))
        n = 0
        for c in table:
            tid = tof.get(SK[c])
            if tid is not None and tiles[tid]["k"] == "six":
                continue
            if c in exempt:
                continue
            n += 1
        return n

    # ----- fees (BP-7.x, BP-10.2 .. BP-10.5, BP-19.5, BP-22.6 .. BP-22.8, BP-26.77 .. BP-26.79) ----------------------

    def fee_size(self, state: State, payer: int, base: int) -> int:
        n = max(0, base + self.table_fx(state, payer)[2])
        g = state["g"]
        if g["tiles"]:
            for t in g["tiles"].values():
                if t["k"] == "jjj":
                    suits = {FACES[state["cards"][c]].suit for c in t["c"]}
                    n *= 3 if len(suits) == 1 else 2
        return n

    def stash_order(self, state: State, seat: int) -> list[int]:
        """Stash cards in the order they are paid: upright from the top down, then sideways ones (BP-7.2)."""
        stash = state["zones"][STASH[seat]]
        marks = state["marks"]
        up = [c for c in reversed(stash) if marks.get(SK[c]) != SIDE]
        side = [c for c in reversed(stash) if marks.get(SK[c]) == SIDE]
        return up + side

    def pay_from_stash(self, state: State, payer: int, n: int, dst: str, cause: str) -> int:
        """Pay up to ``n`` cards from the stash to ``dst`` in :meth:`stash_order`; returns how many could not be
        paid. (Only the first ``n`` cards of that order are looked for.)"""
        if n <= 0:
            return 0
        zone = STASH[payer]
        stash = state["zones"][zone]
        marks = state["marks"]
        paid: list[int] = []
        side: list[int] = []
        for c in reversed(stash):
            if marks and marks.get(SK[c]) == SIDE:
                side.append(c)
            else:
                paid.append(c)
                if len(paid) == n:
                    break
        if len(paid) < n:
            paid += side[: n - len(paid)]
        self.move_all(state, paid, zone, dst, cause=cause)
        return n - len(paid)

    # ----- declarations (BP-3.x, BP-14.6 .. BP-14.9, BP-26.26, BP-26.41) ---------------------------------------------

    def eligible(self, state: State, seat: int) -> list[int]:
        """Table cards that may be in the poker hand: all but 6+6+6 tiles (BP-3.1, BP-26.41)."""
        g = state["g"]
        tof = g["tof"]
        tiles = g["tiles"]
        out = []
        for c in state["zones"][TABLE[seat]]:
            tid = tof.get(SK[c])
            if tid is not None and tiles[tid]["k"] == "six":
                continue
            out.append(c)
        return out

    def no_hand(self, state: State, seat: int) -> bool:
        """BP-26.26: a 3♣+3♣ in play leaves its owner without a poker hand."""
        return bool(self.tiles_on(state, seat, "ccc"))

    def can_hand(self, state: State, seat: int) -> bool:
        return not self.no_hand(state, seat) and len(self.eligible(state, seat)) >= 5

    def forced_clubs(self, state: State, seat: int) -> list[int]:
        """BP-14.8, BP-14.9: the 3♣s in effect on a table (a tile's face card for a tile in effect), at most 5."""
        out = []
        for u in self.units(state, seat):
            tile = self.tile_of(state, u)
            if tile is not None and tile["k"] == "six":
                continue
            ev = self.identity(state, u)
            if ev is not None and ev[0] == 3 and ev[1] == 0:
                out.append(self.face_card(state, u))
        return out[:5]

    def hand_signature(self, state: State, seat: int) -> list[int]:
        """What a declaration depends on: the eligible cards (a wild is written as ``-(id + 2)``), or ``[-1]`` with
        no poker hand (BP-26.26). At least five entries exactly when :meth:`can_hand`."""
        g = state["g"]
        table = state["zones"][TABLE[seat]]
        tiles = g["tiles"]
        marks = state["marks"]
        if not tiles:
            if not marks:
                return list(table)
            return [-(c + 2) if marks.get(SK[c]) in WILDS else c for c in table]
        tof = g["tof"]
        for t in tiles.values():
            if t["k"] == "ccc" and t["s"] == seat:
                return [-1]
        out = []
        for c in table:
            key = SK[c]
            tid = tof.get(key)
            if tid is not None and tiles[tid]["k"] == "six":
                continue
            out.append(-(c + 2) if marks.get(key) in WILDS else c)
        return out

    def hand_options(
        self, state: State, seat: int, exclude: tuple[int, ...] = (), alternatives: bool = True
    ) -> list[list[Any]]:
        """Candidate declarations [cards, wild values, score] (see :meth:`hand_menu`)."""
        return [entry[1:] for entry in self.hand_menu(state, seat, exclude, alternatives)]

    def hand_menu(
        self, state: State, seat: int, exclude: tuple[int, ...] = (), alternatives: bool = True
    ) -> list[list[Any]]:
        """Candidate declarations [left-out card, cards, wild values, score]: the best hand holding the forced 3♣s
        (left-out card None), then (if asked) the best hand left when each non-forced real card of it is left out
        (BP-3.3: a lower hand may be declared). At most ALTERNATIVES alternatives are offered, to keep the number
        of options small."""
        if self.no_hand(state, seat):
            return []
        cards = [c for c in self.eligible(state, seat) if c not in exclude]
        forced = [c for c in self.forced_clubs(state, seat) if c in cards]
        best = self._best(state, cards, forced)
        if best is None:
            return []
        out = [[None, *best]]
        if alternatives and not forced:
            seen = {tuple(sorted(best[0]))}
            for c in best[0]:
                if c in forced or self.is_wild(state, c):
                    continue
                alt = self._best(state, [x for x in cards if x != c], forced)
                if alt is not None and tuple(sorted(alt[0])) not in seen:
                    seen.add(tuple(sorted(alt[0])))
                    out.append([c, *alt])
                    if len(out) > ALTERNATIVES:
                        break
        return out

    def _best(self, state: State, cards: list[int], forced: list[int]) -> list[Any] | None:
        """The best declaration from ``cards`` holding every card of ``forced``: [cards, wild values, score].

        A search already made for the same cards (same ids, faces, wilds and forced cards) is not made again."""
        marks = state["marks"]
        wilds = [c for c in cards if marks.get(SK[c]) in WILDS]
        real = [c for c in cards if c not in wilds][:MAX_CARDS]
        if len(real) + len(wilds) < 5:
            return None
        names = state["cards"]
        values = [_VALUE[names[c]] for c in real]
        fvalues = [_VALUE[names[c]] for c in forced]
        key = (tuple(real), tuple(values), tuple(wilds), tuple(forced), tuple(fvalues))
        found = _BEST_MEMO.get(key, _MISSING)
        if found is _MISSING:
            found = self._best_search(real, values, wilds, forced, fvalues)
            if len(_BEST_MEMO) >= _BEST_MEMO_LIMIT:
                _BEST_MEMO.clear()
            _BEST_MEMO[key] = found
        if found is None:
            return None
        return [list(found[0]), {k: list(v) for k, v in found[1].items()}, found[2]]

    @staticmethod
    def _best_search(
        real: list[int],
        values: list[tuple[int, int]],
        wilds: list[int],
        forced: list[int],
        fvalues: list[tuple[int, int]],
    ) -> list[Any] | None:
        if not forced:
            found = declared_hand(values, len(wilds))
            if found is None:
                return None
            score, used_at, wild_values = found
            used = [real[i] for i in used_at] + wilds[: len(wild_values)]
            wv = {SK[w]: list(v) for w, v in zip(wilds, wild_values, strict=False)}
            return [used, wv, score]
        value_of = dict(zip(real, values, strict=True))
        value_of.update(zip(forced, fvalues, strict=True))
        rest = [c for c in real if c not in forced]
        need = 5 - len(forced)
        k = min(len(wilds), need)  # a wild is never worse than a real card in its place (BP-3.4)
        if len(rest) < need - k:
            return None
        # The first combination with the top score wins; best_score is the score best_hand would give, so only
        # the winner's cards and wild values are searched for.
        top_score = -1
        top_chosen: list[int] = []
        for combo in combinations(rest, need - k):
            chosen = forced + list(combo)
            score = best_score([value_of[c] for c in chosen], k)
            if score > top_score:
                top_score, top_chosen = score, chosen
        found = declared_hand([value_of[c] for c in top_chosen], k)
        if found is None:
            return None
        wv = {SK[w]: list(v) for w, v in zip(wilds, found[2], strict=False)}
        return [top_chosen + wilds[:k], wv, found[0]]

    @staticmethod
    def _poker_value(state: State, cid: int) -> tuple[int, int]:
        f = FACES[state["cards"][cid]]
        return (f.rank, f.suit)

    def score_of(self, state: State, cards: list[int], wv: dict[str, list[int]]) -> int:
        values = [tuple(wv[SK[c]]) if SK[c] in wv else self._poker_value(state, c) for c in cards]
        return score5(values)

    def set_declaration(
        self, state: State, seat: int, cards: list[int], wv: dict[str, Any], score: int
    ) -> None:
        g = state["g"]
        g["decl"][seat] = {"c": list(cards), "w": {k: list(v) for k, v in wv.items()}, "sc": score}
        g["dsig"][seat] = self.hand_signature(state, seat)
        w = {k: list(v) for k, v in wv.items()}
        self.log(
            state, {"t": "declare", "seat": seat, "cards": list(cards), "w": w, "cat": category_of(score)}
        )

    def undeclare_if(self, state: State, seat: int, cards: list[int]) -> None:
        """BP-3.3: a declared hand ends when a card of it leaves the table."""
        d = state["g"]["decl"][seat]
        if d is not None and any(c in d["c"] for c in cards):
            self.undeclare(state, seat)

    def undeclare(self, state: State, seat: int) -> None:
        g = state["g"]
        if g["decl"][seat] is not None:
            g["decl"][seat] = None
            self.log(state, {"t": "undeclare", "seat": seat})
        g["dsig"][seat] = None

    def hand_words(self, state: State, cards: list[int], wv: dict[str, Any]) -> str:
        parts = []
        for c in cards:
            if SK[c] in wv:
                r, s = wv[SK[c]]
                parts.append("wild as " + value_name(r, s, False))
            else:
                parts.append(state["cards"][c])
        return ", ".join(parts)

    def declared_score(self, state: State, seat: int) -> int:
        d = state["g"]["decl"][seat]
        return -1 if d is None else d["sc"]

    # ----- Magic, Tunnel and Reflector units (BP-17.4, BP-21.13, BP-21.19, BP-27.2 .. BP-27.5) -------------------------

    def _units_named(
        self, state: State, seat: int, name_rank: int, name: str | None, keys: tuple[str, ...]
    ) -> list[Unit]:
        g = state["g"]
        tof = g["tof"]
        table = state["zones"][TABLE[seat]]
        names = state["cards"]
        if not tof and (
            name not in map(names.__getitem__, table)
            if name
            else _NAMES_OF_RANK[name_rank].isdisjoint(map(names.__getitem__, table))
        ):
            return []  # no such card on the table and no tile
        marks = state["marks"]
        out = []
        for c in table:
            key = SK[c]
            if tof and key in tof:
                continue
            if (names[c] == name if name else FACES[names[c]].rank == name_rank) and not (
                marks and key in marks
            ):
                out.append(c)
        if tof:
            for t in g["tiles"].values():
                if t["s"] == seat and t["k"] in ("five", "set5") and len(t["c"]) > 1 and "hold" not in t:
                    if marks.get(SK[t["c"][-1]]) in NES:
                        continue
                    ev = t["ev"][-1]
                    if power_key(ev[0], ev[1], ev[2]) in keys:
                        out.append(t["c"][0])
        return out

    def magic_units(self, state: State, seat: int) -> list[Unit]:
        g = state["g"]
        units = self._units_named(state, seat, 10, "10♦", ("10D",))
        ctl = g["ctrl"].get(str(seat)) if g["ctrl"] else None
        if ctl:
            units = [u for u in units if u != ctl[1]]
        return units

    def six_units(self, state: State, seat: int) -> list[Unit]:
        return self._units_named(state, seat, 6, None, ("6",))


_FX: dict[str, tuple[int, int, int]] = {"4♥": (1, 0, 0), "4♠": (1, 0, 0), "4♣": (-1, 0, 0), "4♦": (0, 1, 0)}
_FX.update({"J♥": (0, 0, 1), "J♠": (0, 0, 1), "J♦": (0, 0, 1), "J♣": (0, 0, 2)})
_FX.update({"8" + s: (0, 0, -1) for s in "♣♦♥♠"})
_FX_GET = _FX.get
_NO_FX = (0, 0, 0)
_FX_EV: dict[tuple[int, int], tuple[int, int, int]] = {
    (4, 2): (1, 0, 0), (4, 3): (1, 0, 0), (4, 0): (-1, 0, 0), (4, 1): (0, 1, 0),
    (11, 2): (0, 0, 1), (11, 3): (0, 0, 1), (11, 1): (0, 0, 1), (11, 0): (0, 0, 2),
    (8, 0): (0, 0, -1), (8, 1): (0, 0, -1), (8, 2): (0, 0, -1), (8, 3): (0, 0, -1),
}  # fmt: skip
