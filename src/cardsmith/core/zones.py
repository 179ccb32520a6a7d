"""Zones, visibility and the one card-move primitive.

A zone is named ``kind`` (shared) or ``kind:seat`` (owned by a seat), optionally followed by more ``:``-separated
parts that a game may use (``field:2:3``). Each zone kind declares once who may see the cards in it:

* ``ALL``: every seat and spectators;
* ``OWNER``: only the seat that owns the zone;
* ``NONE``: nobody (a face-down deck).

A mark placed on a card (``face_down``, ``revealed``, ...) may override that for as long as the card stays where it
is; mark kinds declare their visibility the same way. A mark kind may also declare ``owner_plus(seats)``: the zone's
owner and the named seats see the card (a look at another player's hand). The number of cards in every zone is public.

Zone lists are stored bottom first: the last element is the top card.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any

ALL = "all"
OWNER = "owner"
NONE = "none"
VISIBILITIES = (ALL, OWNER, NONE)
OWNER_PLUS = "owner+"


def owner_plus(seats: list[int] | tuple[int, ...] | frozenset[int]) -> str:
    """A mark visibility: the zone's owner and ``seats`` see the card (e.g. ``owner+1+3``)."""
    return OWNER_PLUS + "+".join(str(s) for s in sorted(set(seats)))


def is_owner_plus(vis: str) -> bool:
    """Whether ``vis`` is a visibility made by :func:`owner_plus`."""
    if not vis.startswith(OWNER_PLUS):
        return False
    parts = vis[len(OWNER_PLUS) :].split("+")
    return all(p.isdigit() for p in parts)


@dataclass(frozen=True)
class ZoneKind:
    """A declared kind of zone: who sees its cards, and whether each seat has its own."""

    visibility: str
    owned: bool = True
    description: str = ""
    title: str = ""
    """The pile's short title at the table (``Discard``); the description, capitalised, where none is given."""

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"unknown visibility {self.visibility!r}")


def lowest_named(names: list[str], cids: list[int], name: str) -> int:
    """The lowest card id called ``name`` among ``cids``: the card an option naming a card by what it is takes, so
    that copies are one option and the id tells nothing the seat cannot see."""
    return min(compress(cids, map(name.__eq__, map(names.__getitem__, cids))))


def zone_name(kind: str, seat: int | None = None) -> str:
    """The name of a zone of ``kind`` (owned by ``seat`` when given)."""
    return kind if seat is None else f"{kind}:{seat}"


def zone_kind(name: str) -> str:
    """The kind part of a zone name."""
    return name.split(":", 1)[0]


def zone_owner(name: str) -> int | None:
    """The owning seat of a zone, or None for a shared zone."""
    parts = name.split(":", 2)
    if len(parts) > 1 and parts[1].isdigit():
        return int(parts[1])
    return None


_UNSET = object()
_KEYS = [
    str(i) for i in range(4096)
]  # marks are keyed by str(card id); most games have fewer cards than this


class Visibility:
    """The visibility declaration of one game: zone kinds and mark kinds."""

    def __init__(self, zone_kinds: dict[str, ZoneKind], mark_kinds: dict[str, str] | None = None) -> None:
        self.zone_kinds = dict(zone_kinds)
        self.mark_kinds = dict(mark_kinds or {})
        for mark, vis in self.mark_kinds.items():
            if vis not in VISIBILITIES and not is_owner_plus(vis):
                raise ValueError(f"mark {mark!r}: unknown visibility {vis!r}")
        self._zone_cache: dict[str, tuple[str, int | None]] = {}
        self._seer_cache: dict[tuple[str, int], frozenset[int]] = {}
        self._move_cache: dict[tuple[str, str | None, str, str | None, int], tuple[int, ...] | None] = {}

    def zone_info(self, name: str) -> tuple[str, int | None]:
        """(visibility, owner) of a zone name; raises KeyError for an undeclared kind."""
        info = self._zone_cache.get(name)
        if info is None:
            kind = self.zone_kinds[zone_kind(name)]
            owner = zone_owner(name) if kind.owned else None
            info = (kind.visibility, owner)
            self._zone_cache[name] = info
        return info

    def valid_zone(self, name: str, players: int) -> bool:
        """Whether ``name`` is a well-formed zone of a declared kind for a game of ``players`` seats."""
        kind = self.zone_kinds.get(zone_kind(name))
        if kind is None:
            return False
        if kind.owned:
            owner = zone_owner(name)
            return owner is not None and 0 <= owner < players
        return True

    @staticmethod
    def _sees(vis: str, owner: int | None, seat: int | None) -> bool:
        if vis == ALL:
            return True
        if vis == OWNER:
            return seat is not None and seat == owner
        if vis.startswith(OWNER_PLUS):
            return seat is not None and (seat == owner or str(seat) in vis[len(OWNER_PLUS) :].split("+"))
        return False

    def card_visible(self, state: dict[str, Any], card: int, zone: str, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see which card ``card`` is while it lies in ``zone``."""
        vis, owner = self.zone_info(zone)
        marks = state["marks"]
        if marks:
            mark = marks.get(str(card))
            if mark is not None:
                vis = self.mark_kinds[mark]
        return self._sees(vis, owner, seat)

    def move_seers(
        self, src: str, old_mark: str | None, dst: str, new_mark: str | None, players: int
    ) -> tuple[int, ...] | None:
        """The seats that see a card moved from ``src`` (bearing ``old_mark``) to ``dst`` (bearing ``new_mark``),
        before or after the move; None when every seat does. Cached: it depends on nothing else."""
        key = (src, old_mark, dst, new_mark, players)
        cache = self._move_cache
        if key in cache:
            return cache[key]
        seen = {
            s for s in range(players) if self._sees_in(src, old_mark, s) or self._sees_in(dst, new_mark, s)
        }
        cache[key] = out = None if len(seen) == players else tuple(sorted(seen))
        return out

    def _sees_in(self, zone: str, mark: str | None, seat: int) -> bool:
        zvis, owner = self.zone_info(zone)
        return self._sees(self.mark_kinds[mark] if mark is not None else zvis, owner, seat)

    def seats_seeing(self, state: dict[str, Any], card: int, zone: str) -> frozenset[int]:
        """The seats that may see ``card`` in ``zone``."""
        players = state["players"]
        marks = state["marks"]
        if marks and str(card) in marks:
            return frozenset(s for s in range(players) if self.card_visible(state, card, zone, s))
        key = (zone, players)
        seers = self._seer_cache.get(key)
        if seers is None:
            vis, owner = self.zone_info(zone)
            seers = frozenset(s for s in range(players) if self._sees(vis, owner, s))
            self._seer_cache[key] = seers
        return seers

    def move(
        self,
        state: dict[str, Any],
        card: int,
        src: str,
        dst: str,
        *,
        index: int | None = None,
        mark: str | None = None,
        cause: str | None = None,
    ) -> None:
        """Move ``card`` from zone ``src`` to zone ``dst``: the one way cards move.

        The card goes on top of ``dst`` (or at ``index``). Any mark on it is cleared, and ``mark`` (if given) is set on
        it in its new place. A ``move`` event is recorded; its card identity is visible to the seats that could see the
        card before or after the move. A move that fails (an unknown zone, a card not in ``src``, an undeclared mark)
        changes nothing.
        """
        zones = state["zones"]
        target = zones[dst]  # KeyError for an unknown zone, before anything changes
        if mark is not None and mark not in self.mark_kinds:
            raise KeyError(f"undeclared mark {mark!r}")
        source = zones[src]
        if source and source[-1] == card:  # the top card: the common case, without a scan
            source.pop()
        else:
            source.remove(card)  # ValueError if the card is not there: a rules bug, never hidden
        if index is None:
            target.append(card)
        else:
            target.insert(index, card)
        marks = state["marks"]
        old = None
        if marks or mark is not None:
            key = _KEYS[card] if card < 4096 else str(card)
            old = marks.pop(key, None)
            if mark is not None:
                marks[key] = mark
        seers = self._move_cache.get((src, old, dst, mark, state["players"]), _UNSET)
        if seers is _UNSET:
            seers = self.move_seers(src, old, dst, mark, state["players"])
        names = state["cards"]
        event: dict[str, Any] = {"t": "move", "card": card, "name": names[card], "from": src, "to": dst}
        if seers is not None:
            event["vis"] = list(seers)
        if cause is not None:
            event["cause"] = cause
        state["events"].append(event)

    def move_all(
        self, state: dict[str, Any], cards: list[int], src: str, dst: str, *, cause: str | None = None
    ) -> None:
        """:meth:`move` each of ``cards`` in turn from ``src`` onto the top of ``dst`` with no new mark: the same zones,
        marks and one event per card. ``cards`` is read before anything moves, so it may be ``src``'s own list; if any
        of them is not in ``src`` (or one is named twice), nothing moves."""
        cards = list(cards)
        zones = state["zones"]
        source, target = zones[src], zones[dst]
        count = len(cards)
        # The common case, the top cards of ``src`` taken one by one, needs no membership check.
        top = count <= len(source) and source[len(source) - count :] == cards[::-1]
        if not top and (len(set(cards)) != count or not set(cards) <= set(source)):
            raise ValueError(f"move_all: not every card of {cards[:8]} is in {src!r} once")
        if top:
            del source[len(source) - count :]
        else:
            for card in cards:
                source.remove(card)
        target.extend(cards)
        marks, names, events, players = state["marks"], state["cards"], state["events"], state["players"]
        cache = self._move_cache
        unmarked = cache.get((src, None, dst, None, players), _UNSET)
        if unmarked is _UNSET:
            unmarked = self.move_seers(src, None, dst, None, players)
        for card in cards:
            old = marks.pop(_KEYS[card] if card < 4096 else str(card), None) if marks else None
            if old is None:
                seers = unmarked
            else:
                seers = cache.get((src, old, dst, None, players), _UNSET)
                if seers is _UNSET:
                    seers = self.move_seers(src, old, dst, None, players)
            event: dict[str, Any] = {"t": "move", "card": card, "name": names[card], "from": src, "to": dst}
            if seers is not None:
                event["vis"] = list(seers)
            if cause is not None:
                event["cause"] = cause
            events.append(event)


def set_mark(state: dict[str, Any], vis: Visibility, card: int, zone: str, mark: str | None) -> None:
    """Set (or clear, with None) the mark on ``card`` where it lies in ``zone``, recording a ``mark`` event.

    The event names the card to the seats that could see it before or after the change.
    """
    key = str(card)
    seen_before = vis.seats_seeing(state, card, zone)
    if mark is None:
        state["marks"].pop(key, None)
    else:
        if mark not in vis.mark_kinds:
            raise KeyError(f"undeclared mark {mark!r}")
        state["marks"][key] = mark
    seen = seen_before | vis.seats_seeing(state, card, zone)
    event: dict[str, Any] = {
        "t": "mark",
        "card": card,
        "name": state["cards"][card],
        "zone": zone,
        "mark": mark,
    }
    if len(seen) != state["players"]:
        event["vis"] = sorted(seen)
    state["events"].append(event)


def find_card(state: dict[str, Any], card: int) -> str:
    """The zone holding ``card`` (a linear scan; for tools and tests, not hot paths)."""
    for name, cards in state["zones"].items():
        if card in cards:
            return name
    raise KeyError(f"card {card} is in no zone")
