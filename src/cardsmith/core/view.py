"""Views: what one seat (or a spectator) may know, derived from the declared visibility alone.

A view is plain data::

    {"game", "seat", "players", "turn", "step",
     "zones": {name: [entry, ...]},   # entry: [id, name] if visible, None if hidden; [id|None, name|None, mark]
     "public": game data every seat sees, "private": this seat's own data,
     "pending": {"seat", "kind", "prompt", "options" (only for the deciding seat)} or None,
     "events": the last step's events, redacted, "result": ...}

The RNG state, hidden cards and other seats' private data never appear in it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .registry import get_game
from .state import State, copy_data
from .zones import ALL, OWNER, OWNER_PLUS, Visibility


def redact_event(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """An event as ``seat`` may see it, or None if the seat may not know it happened at all.

    Events with ``"vis"`` are visible in full only to those seats; for ``move`` and ``mark`` events, other seats
    still learn that a card moved (or was marked), but not which card. Other events with ``"vis"`` are hidden.
    """
    vis = event.get("vis")
    if vis is None:
        return event
    if seat is not None and seat in vis:
        out = dict(event)
        del out["vis"]
        return out
    if event["t"] in ("move", "mark"):
        out = {k: v for k, v in event.items() if k != "vis"}
        out["card"] = None
        out["name"] = None
        return out
    return None


def zone_entries(
    vis: Visibility, state: State, seat: int | None, name: str, marked: set[int] | None
) -> list[Any]:
    """The entries of zone ``name`` as ``seat`` sees them (see the module's docstring); ``marked`` is the set of
    marked card ids (None when no card is marked)."""
    ids = state["zones"][name]
    cards = state["cards"]
    zvis, owner = vis.zone_info(name)
    base = zvis == ALL or (zvis == OWNER and seat is not None and seat == owner)
    if marked is None or marked.isdisjoint(ids):  # no marked card here: the zone's visibility alone decides
        return [[cid, cards[cid]] for cid in ids] if base else [None] * len(ids)
    marks = state["marks"]
    mark_kinds = vis.mark_kinds
    entries: list[Any] = []
    for cid in ids:
        mark = marks.get(str(cid))
        if mark is None:
            entries.append([cid, cards[cid]] if base else None)
            continue
        mvis = mark_kinds[mark]
        seen = mvis == ALL or (mvis == OWNER and seat is not None and seat == owner)
        if not seen and mvis.startswith(OWNER_PLUS):  # a look granted to named seats (zones.owner_plus)
            seen = vis._sees(mvis, owner, seat)
        entries.append([cid, cards[cid], mark] if seen else [None, None, mark])
    return entries


def _marked(state: State) -> set[int] | None:
    marks = state["marks"]
    return {int(key) for key in marks} if marks else None


def _pending_view(state: State, seat: int | None) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    if seat is not None and pending["seat"] == seat:
        pview = {"seat": seat, "kind": pending["kind"], "prompt": pending["prompt"]}
        pview["options"] = [list(o) for o in pending["options"]]
        return pview
    # a decision whose existence is secret shows its public face (core.flow.Kind.shown_as)
    kind, prompt = pending.get("shown_as") or (pending["kind"], pending["prompt"])
    return {"seat": pending["seat"], "kind": kind, "prompt": prompt}


def _events_view(state: State, seat: int | None) -> list[dict[str, Any]]:
    return [red for red in (redact_event(ev, seat) for ev in state["events"]) if red is not None]


_PARTS: dict[str, Callable[[State, int | None], Any]] = {
    "game": lambda state, seat: state["game"],
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state["players"],
    "turn": lambda state, seat: state["turn"],
    "step": lambda state, seat: state["step"],
    "options": lambda state, seat: state["options"],
    "zones": lambda state, seat: _Zones(state, seat),
    "public": lambda state, seat: get_game(state["game"]).public_view(state),
    "private": lambda state, seat: {} if seat is None else get_game(state["game"]).private_view(state, seat),
    "pending": _pending_view,
    "events": _events_view,
    "result": lambda state, seat: state["result"],
}
"""How each part of a view is worked out, in the view's order."""


class _Zones(Mapping[str, list[Any]]):
    """The zones of a borrowed view, each worked out when first read."""

    __slots__ = ("_state", "_seat", "_vis", "_marked", "_seen")

    def __init__(self, state: State, seat: int | None) -> None:
        self._state, self._seat = state, seat
        self._vis = get_game(state["game"]).visibility
        self._marked = _marked(state)
        self._seen: dict[str, list[Any]] = {}

    def __getitem__(self, name: str) -> list[Any]:
        entries = self._seen.get(name)
        if entries is None:
            entries = self._seen[name] = zone_entries(self._vis, self._state, self._seat, name, self._marked)
        return entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._state["zones"])

    def __len__(self) -> int:
        return len(self._state["zones"])


class _BorrowedView(Mapping[str, Any]):
    """A view whose parts are worked out when first read and share the state's own data: what a search reads of a
    world it made and will throw away (:func:`view` with ``copy=False``)."""

    __slots__ = ("_state", "_seat", "_seen")

    def __init__(self, state: State, seat: int | None) -> None:
        self._state, self._seat = state, seat
        self._seen: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        seen = self._seen
        if key in seen:
            return seen[key]
        value = seen[key] = _PARTS[key](self._state, self._seat)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_PARTS)

    def __len__(self) -> int:
        return len(_PARTS)


def view(state: State, seat: int | None, *, copy: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator who sees only public information).

    ``copy=False`` gives a read-only mapping with the same content whose parts are worked out when first read and
    are the state's own: only for a reader that neither keeps nor changes it, such as a search reading a world it
    made and will throw away."""
    if not copy:
        return _BorrowedView(state, seat)  # type: ignore[return-value]  # read like the dict it stands for
    vis = get_game(state["game"]).visibility
    marked = _marked(state)
    zones = {name: zone_entries(vis, state, seat, name, marked) for name in state["zones"]}
    seen = {key: zones if key == "zones" else part(state, seat) for key, part in _PARTS.items()}
    # A view is the caller's to keep or change: nothing in it is shared with the state.
    return copy_data(seen)
