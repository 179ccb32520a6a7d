"""B-Poker tables (sections 1, 2, 5, 7, 10 of the rules): zones and marks, seats, tiles and units, what a
table does to sizes and fees, the stash.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.state import State
from ...core.zones import ALL, NONE, OWNER, Visibility, ZoneKind, owner_plus
from .cards import FACES, POWER_OF, POWERS, power_key

Unit = (
    int  # an untiled card id, or the first card id of a tile (BP-10.15: a tile is one card for most effects)
)


MAX_SEATS = 6


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
MARKS = frozenset((NE, SIDE, *WILDS))  # every mark a card may bear


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
        "draw": ZoneKind(NONE, owned=False, description="draw pile", title="Draw pile"),
        "discard": ZoneKind(ALL, owned=False, description="discard", title="Discard"),
        "pot": ZoneKind(NONE, owned=False, description="pot", title="Pot"),
        "fpot": ZoneKind(NONE, owned=False, description="f_pot", title="f_poker pot"),
        "limbo": ZoneKind(
            ALL, owned=False, description="cards being forced or passed", title="Being forced or passed"
        ),
        "stash": ZoneKind(NONE, description="stash", title="Stash"),
        "view": ZoneKind(OWNER, description="viewing hand", title="Viewing hand"),
        "ctbp": ZoneKind(ALL, description="cards-to-be-played", title="Cards to be played"),
        "table": ZoneKind(ALL, description="table", title="Table"),
    },
    _mark_kinds(),
)


_WILD_OR_NE = WILDS | NES


_ROUND: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (players, direction, seat) -> the seats after it


_FIVE_KINDS = ("five", "set5")


def five_in_effect(tile: dict[str, Any]) -> bool:
    """Whether ``tile`` is a 5-tile (or 5+5+card tile) acting as its newest card-in-effect (BP-16.9): a card lies
    on the 5 and the card-in-effect was not passed away from it (``held``, BP-16.22)."""
    return tile["kind"] in _FIVE_KINDS and len(tile["cards"]) > 1 and "held" not in tile


def fives_in_effect(state: State, seat: int) -> list[tuple[int, list[Any]]]:
    """The 5-tiles in effect on ``seat``'s table whose card-in-effect is not no-effect (BP-16.32): each tile's first
    card (the unit it acts as) and its value in effect [rank, suit, red]."""
    marks = state["marks"]
    return [
        (t["cards"][0], t["values"][-1])
        for t in state["g"]["tiles"].values()
        if t["seat"] == seat and five_in_effect(t) and marks.get(SK[t["cards"][-1]]) not in NES
    ]


_NAMES_OF_RANK = {r: frozenset(n for n, f in FACES.items() if f.rank == r) for r in range(1, 15)}


_VALUE = {name: (f.rank, f.suit) for name, f in FACES.items()}  # a face's poker value (BP-2.4)


MAX_CARDS_IN_GAME = 4096


SK: tuple[str, ...] = tuple(str(i) for i in range(MAX_CARDS_IN_GAME))
"""``SK[c] == str(c)``: the mark and tile keys of card ids, made once (8 decks hold 432 cards; a scenario may not
hold more than ``MAX_CARDS_IN_GAME``)."""


def pot_zone(depth: int) -> str:
    """The pot of the hand at this nesting depth (BP-9.1: an f_poker hand's pot is its f_pot)."""
    return "pot" if depth == 0 else ("fpot" if depth == 1 else f"fpot:{depth}")


def seat_name(seat: int) -> str:
    """How seats are called in labels and logs."""
    return SEAT_NAMES[seat]


def face(state: State, cid: int) -> Any:
    return FACES[state["cards"][cid]]


def nm(state: State, cid: int) -> str:
    return state["cards"][cid]


def mark_of(state: State, cid: int) -> str | None:
    return state["marks"].get(SK[cid])


def is_wild(game: Game, state: State, cid: int) -> bool:
    return state["marks"].get(SK[cid]) in WILDS


def is_ne(game: Game, state: State, cid: int) -> bool:
    return state["marks"].get(SK[cid]) in NES


def in_hand(state: State) -> list[int]:
    g = state["g"]
    return [s for s in range(state["players"]) if g["in_hand"][s]]


def step_seat(state: State, seat: int, direction: int) -> int:
    """The nearest other player in the hand from ``seat`` in ``direction`` (+1 left, -1 right) (BP-11.19)."""
    g = state["g"]
    n = state["players"]
    s = seat
    for _ in range(n):
        s = (s + direction) % n
        if g["in_hand"][s] and s != seat:
            return s
    return seat


def next_seat(game: Game, state: State, seat: int) -> int:
    """The next player in the hand in the direction of play."""
    return step_seat(state, seat, state["g"]["direction"])


def left_seat(game: Game, state: State, seat: int) -> int:
    """BP-12.14: the player on the left is the nearest one in the left direction, whatever the direction."""
    return step_seat(state, seat, 1)


def order_from(game: Game, state: State, seat: int, direction: int | None = None) -> list[int]:
    """Players in the hand in BP-7.5 order: starting after ``seat``, ``seat`` itself last if in the hand."""
    g = state["g"]
    inh = g["in_hand"]
    d = g["direction"] if direction is None else direction
    n = state["players"]
    rot = _ROUND.get((n, d, seat))
    if rot is None:
        rot = _ROUND[(n, d, seat)] = tuple((seat + d * i) % n for i in range(1, n + 1))
    return [s for s in rot if inh[s]]


def opponents(game: Game, state: State, seat: int) -> list[int]:
    """The other players in the hand in BP-7.5 order (:meth:`order_from` without ``seat``)."""
    g = state["g"]
    inh = g["in_hand"]
    n = state["players"]
    if n == 2:  # the other seat, in either direction
        return [1 - seat] if inh[1 - seat] else []
    d = g["direction"]
    rot = _ROUND.get((n, d, seat))
    if rot is None:
        rot = _ROUND[(n, d, seat)] = tuple((seat + d * i) % n for i in range(1, n + 1))
    return [s for s in rot if inh[s] and s != seat]


def tile_of(state: State, cid: int) -> dict[str, Any] | None:
    g = state["g"]
    tid = g["tile_of"].get(SK[cid])
    return None if tid is None else g["tiles"][tid]


def new_tile(state: State, kind: str, cards: list[int], seat: int, **extra: Any) -> dict[str, Any]:
    g = state["g"]
    tid = SK[cards[0]]
    tile = {"kind": kind, "cards": list(cards), "seat": seat}
    tile.update(extra)
    g["tiles"][tid] = tile
    for c in cards:
        g["tile_of"][SK[c]] = tid
    return tile


def units(game: Game, state: State, seat: int) -> list[Unit]:
    """The units on a table: each untiled card, and each tile once (by its first card)."""
    tof = state["g"]["tile_of"]
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


def unit_cards(game: Game, state: State, unit: Unit) -> list[int]:
    tile = tile_of(state, unit)
    return list(tile["cards"]) if tile is not None else [unit]


def protected(game: Game, state: State, unit: Unit) -> bool:
    """BP-10.26: every wild, every tile and the 10♦ are protected."""
    if SK[unit] in state["g"]["tile_of"]:
        return True
    return is_wild(game, state, unit) or state["cards"][unit] == "10♦"


def unit_ne(game: Game, state: State, unit: Unit) -> bool:
    """Whether a unit is no-effect: an untiled no-effect card, or a 5-tile whose card-in-effect is."""
    g = state["g"]
    key = SK[unit]
    tid = g["tile_of"].get(key)
    if tid is None:
        return state["marks"].get(key) in NES
    tile = g["tiles"][tid]
    if tile["kind"] in _FIVE_KINDS:
        return state["marks"].get(SK[tile["cards"][-1]]) in NES
    return False


def identity(game: Game, state: State, unit: Unit) -> list[Any] | None:
    """The value in effect [rank, suit, red] through which a unit acts, or None (wild, no-effect, a set tile)."""
    tile = tile_of(state, unit)
    if tile is None:
        if state["marks"].get(SK[unit]) in _WILD_OR_NE:
            return None
        f = FACES[state["cards"][unit]]
        return [f.rank, f.suit, f.red]
    if five_in_effect(tile):
        last = tile["cards"][-1]
        if is_ne(game, state, last):
            return None  # BP-16.32
        return tile["values"][-1]
    return None


def power_units(game: Game, state: State, seat: int, keys: tuple[str, ...]) -> list[Unit]:
    """Units on ``seat``'s table acting with one of these powers (untiled cards and 5-tiles in effect)."""
    out = []
    for u in units(game, state, seat):
        ev = identity(game, state, u)
        if ev is not None and power_key(ev[0], ev[1], ev[2]) in keys:
            out.append(u)
    return out


def tiles_on(game: Game, state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    """The tiles of one kind on a (current) table."""
    return [t for t in state["g"]["tiles"].values() if t["kind"] == kind and t["seat"] == seat]


def break_tile(game: Game, state: State, tile: dict[str, Any], cause: str) -> None:
    """BP-10.23, BP-10.24, BP-26.54: the cards become separate; sideways 6s of a 6+6+6 become no-effect."""
    g = state["g"]
    tid = SK[tile["cards"][0]]
    if g["tiles"].get(tid) is not tile:
        return
    del g["tiles"][tid]
    for c in tile["cards"]:
        g["tile_of"].pop(SK[c], None)
    if tile["kind"] == "six":
        seat = tile["seat"]
        for c in tile.get("sideways", []):
            if c in state["zones"][TABLE[seat]]:
                game.mark(state, c, TABLE[seat], NE)
    game.log(state, {"t": "break", "kind": tile["kind"], "cards": list(tile["cards"]), "cause": cause})


def off_table(
    game: Game, state: State, seat: int, cid: int, dst: str, cause: str, mark: str | None = None
) -> None:
    """Move one card off a table: it breaks its tile if others stay (BP-10.21) and ends a declaration holding it
    (BP-3.3). Into a zone that is not a table it loses its marks (BP-10.34); onto another table it keeps ``mark``."""
    tile = leave_tile(game, state, cid)
    if tile is not None and tile["cards"]:
        break_tile(game, state, tile, cause)
    game.move(state, cid, TABLE[seat], dst, cause=cause, mark=mark)
    undeclare_if(game, state, seat, [cid])


def leave_tile(game: Game, state: State, cid: int) -> dict[str, Any] | None:
    """``cid`` leaves its tile, if it is in one; returns the tile with the cards that stay (keyed by its first)."""
    tile = tile_of(state, cid)
    if tile is not None:
        tile["cards"].remove(cid)
        state["g"]["tile_of"].pop(SK[cid], None)
        _rekey(game, state, tile, cid)
    return tile


def _rekey(game: Game, state: State, tile: dict[str, Any], gone: int) -> None:
    """Keep a tile keyed by its first card after ``gone`` left it."""
    g = state["g"]
    old = SK[gone]
    if old in g["tiles"] and g["tiles"][old] is tile:
        del g["tiles"][old]
        if tile["cards"]:
            new = SK[tile["cards"][0]]
            g["tiles"][new] = tile
            for c in tile["cards"]:
                g["tile_of"][SK[c]] = new


def forget_tile(game: Game, state: State, cid: int) -> None:
    """A tile whose cards left every table together stops being a tile (BP-10.34)."""
    g = state["g"]
    tid = g["tile_of"].get(SK[cid])
    if tid is not None:
        tile = g["tiles"].pop(tid)
        for c in tile["cards"]:
            g["tile_of"].pop(SK[c], None)


def unit_off_table(game: Game, state: State, seat: int, unit: Unit, dst: str, cause: str) -> None:
    """A whole unit leaves the table (a tile leaves whole and stops being a tile)."""
    tile = tile_of(state, unit)
    if tile is None:
        off_table(game, state, seat, unit, dst, cause)
        return
    g = state["g"]
    del g["tiles"][SK[tile["cards"][0]]]
    for c in tile["cards"]:
        g["tile_of"].pop(SK[c], None)
    for c in tile["cards"]:
        game.move(state, c, TABLE[seat], dst, cause=cause)
    undeclare_if(game, state, seat, tile["cards"])


def unit_to_table(game: Game, state: State, src: int, unit: Unit, dst: int, cause: str) -> None:
    """Move a unit from one table to another without playing it: marks stay, a tile stays tiled (BP-10.12,
    BP-10.16, BP-10.34)."""
    tile = tile_of(state, unit)
    cards = tile["cards"] if tile is not None else [unit]
    for c in cards:
        mark = state["marks"].get(SK[c])
        game.move(state, c, TABLE[src], TABLE[dst], cause=cause, mark=mark)
    if tile is not None:
        tile["seat"] = dst
    undeclare_if(game, state, src, cards)


def face_card(game: Game, state: State, unit: Unit) -> int:
    """The card that moves when a unit's card-in-effect must move (BP-13.7, BP-16.20, BP-27.3)."""
    tile = tile_of(state, unit)
    return tile["cards"][-1] if tile is not None else unit


def table_seat(game: Game, state: State, cid: int) -> int | None:
    """The seat whose (current) table holds ``cid``, or None."""
    for s in range(state["players"]):
        if cid in state["zones"][TABLE[s]]:
            return s
    return None


def table_fx(game: Game, state: State, seat: int) -> tuple[int, int, int]:
    """Continuous effects of a table: (viewing-hand change, table-maximum change, fee change) (BP-15.1, BP-15.2,
    BP-15.7, BP-19.5, BP-22.6, BP-22.7; tiled, wild and no-effect cards count only through a 5-tile in effect)."""
    table = state["zones"][TABLE[seat]]
    if not table:
        return _NO_FX
    g = state["g"]
    tof = g["tile_of"]
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
        for _, ev in fives_in_effect(state, seat):
            k = _FX_EV.get((ev[0], ev[1]))
            if k is not None:
                v += k[0]
                m += k[1]
                f += k[2]
    if v or m or f:
        return (v, m, f)
    return _NO_FX


def view_size(game: Game, state: State, seat: int) -> int:
    return max(0, state["options"]["viewing_hand"] + table_fx(game, state, seat)[0])


def table_max(game: Game, state: State, seat: int) -> int:
    return state["options"]["table_max"] + table_fx(game, state, seat)[1]


def counted(game: Game, state: State, seat: int) -> int:
    """BP-5.7, BP-14.2, BP-26.40: the cards on a table that count toward its maximum."""
    g = state["g"]
    table = state["zones"][TABLE[seat]]
    exempt = g["exempt"] if g["active"] == seat else ()
    tof = g["tile_of"]
    tiles = g["tiles"]
    six = False
    if tof:
        for t in tiles.values():
            if t["kind"] == "six":
                six = True
                break
    if not six:  # no 6+6+6 tile: every card but the exempt ones counts
        if not exempt:
            return len(table)
        return len(table) - len(set(exempt).intersection(table))
    n = 0
    for c in table:
        tid = tof.get(SK[c])
        if tid is not None and tiles[tid]["kind"] == "six":
            continue
        if c in exempt:
            continue
        n += 1
    return n


def fee_size(game: Game, state: State, payer: int, base: int) -> int:
    n = max(0, base + table_fx(game, state, payer)[2])
    g = state["g"]
    if g["tiles"]:
        for t in g["tiles"].values():
            if t["kind"] == "jjj":
                suits = {FACES[state["cards"][c]].suit for c in t["cards"]}
                n *= 3 if len(suits) == 1 else 2
    return n


def stash_order(game: Game, state: State, seat: int) -> list[int]:
    """Stash cards in the order they are paid: upright from the top down, then sideways ones (BP-7.2)."""
    stash = state["zones"][STASH[seat]]
    marks = state["marks"]
    up = [c for c in reversed(stash) if marks.get(SK[c]) != SIDE]
    side = [c for c in reversed(stash) if marks.get(SK[c]) == SIDE]
    return up + side


def pay_from_stash(game: Game, state: State, payer: int, n: int, dst: str, cause: str) -> int:
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
    game.move_all(state, paid, zone, dst, cause=cause)
    return n - len(paid)


def undeclare_if(game: Game, state: State, seat: int, cards: list[int]) -> None:
    """BP-3.3: a declared hand ends when a card of it leaves the table."""
    d = state["g"]["declared"][seat]
    if d is not None and any(c in d["cards"] for c in cards):
        undeclare(game, state, seat)


def undeclare(game: Game, state: State, seat: int) -> None:
    g = state["g"]
    if g["declared"][seat] is not None:
        g["declared"][seat] = None
        game.log(state, {"t": "undeclare", "seat": seat})
    g["declared_signature"][seat] = None


def _units_named(
    game: Game, state: State, seat: int, name_rank: int, name: str | None, keys: tuple[str, ...]
) -> list[Unit]:
    g = state["g"]
    tof = g["tile_of"]
    table = state["zones"][TABLE[seat]]
    names = state["cards"]
    present = (
        name in map(names.__getitem__, table)
        if name
        else not _NAMES_OF_RANK[name_rank].isdisjoint(map(names.__getitem__, table))
    )
    if not tof and not present:
        return []  # no such card on the table and no tile
    marks = state["marks"]
    out = []
    if present:  # (with no such card on the table, only a 5-tile may act so)
        for c in table:
            key = SK[c]
            if tof and key in tof:
                continue
            if (names[c] == name if name else FACES[names[c]].rank == name_rank) and not (
                marks and key in marks
            ):
                out.append(c)
    if tof:
        for first, ev in fives_in_effect(state, seat):
            if power_key(ev[0], ev[1], ev[2]) in keys:
                out.append(first)
    return out


def magic_units(game: Game, state: State, seat: int) -> list[Unit]:
    g = state["g"]
    units = _units_named(game, state, seat, 10, "10♦", ("10D",))
    ctl = g["control"].get(str(seat)) if g["control"] else None
    if ctl:
        units = [u for u in units if u != ctl[1]]
    return units


def six_units(game: Game, state: State, seat: int) -> list[Unit]:
    return _units_named(game, state, seat, 6, None, ("6",))


_FX_EV: dict[tuple[int, int], tuple[int, int, int]] = {
    key: (power.viewing_hand, power.table_max, power.fee)
    for key, power in ((key, POWERS[name]) for key, name in POWER_OF.items())
    if power.viewing_hand or power.table_max or power.fee
}
"""The continuous changes (viewing hand, table maximum, fee) of a value in effect, from the card data (BP-15.1,
BP-15.2, BP-15.3, BP-19.5, BP-22.2)."""

_FX: dict[str, tuple[int, int, int]] = {
    name: _FX_EV[(face.rank, face.suit)] for name, face in FACES.items() if (face.rank, face.suit) in _FX_EV
}
"""The same by the face of an untiled card (at face value)."""

_FX_GET = _FX.get

_NO_FX = (0, 0, 0)
