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

from typing import Any

from .registry import get_game
from .state import State, copy_data
from .zones import ALL, OWNER, OWNER_PLUS


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


def view(state: State, seat: int | None, *, copy: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator who sees only public information).

    ``copy=False`` leaves out the final copy, so parts of the view are the state's own: only for a reader that
    neither keeps nor changes it, such as a search reading a world it made and will throw away."""
    game = get_game(state["game"])
    vis = game.visibility
    cards = state["cards"]
    marks = state["marks"]
    mark_kinds = vis.mark_kinds
    zones: dict[str, list[Any]] = {}
    for name, ids in state["zones"].items():
        zvis, owner = vis.zone_info(name)
        base = zvis == ALL or (zvis == OWNER and seat is not None and seat == owner)
        entries: list[Any] = []
        for cid in ids:
            mark = marks.get(str(cid)) if marks else None
            if mark is None:
                entries.append([cid, cards[cid]] if base else None)
                continue
            mvis = mark_kinds[mark]
            seen = mvis == ALL or (mvis == OWNER and seat is not None and seat == owner)
            if not seen and mvis.startswith(OWNER_PLUS):  # a look granted to named seats (zones.owner_plus)
                seen = vis._sees(mvis, owner, seat)
            entries.append([cid, cards[cid], mark] if seen else [None, None, mark])
        zones[name] = entries
    pending = state["pending"]
    pview = None
    if pending is not None:
        if seat is not None and pending["seat"] == seat:
            pview = {"seat": seat, "kind": pending["kind"], "prompt": pending["prompt"]}
            pview["options"] = [list(o) for o in pending["options"]]
        else:  # a decision whose existence is secret shows its public face (core.flow.Kind.shown_as)
            kind, prompt = pending.get("shown_as") or (pending["kind"], pending["prompt"])
            pview = {"seat": pending["seat"], "kind": kind, "prompt": prompt}
    events = []
    for ev in state["events"]:
        red = redact_event(ev, seat)
        if red is not None:
            events.append(red)
    seen = {
        "game": state["game"],
        "seat": seat,
        "players": state["players"],
        "turn": state["turn"],
        "step": state["step"],
        "options": state["options"],
        "zones": zones,
        "public": game.public_view(state),
        "private": game.private_view(state, seat) if seat is not None else {},
        "pending": pview,
        "events": events,
        "result": state["result"],
    }
    # A view is the caller's to keep or change: nothing in it is shared with the state.
    return copy_data(seen) if copy else seen
