"""Words for what a seat (or a spectator) sees: events, decisions taken, and its view of the table.

Shared by the terminal's human agent, the play loop and the replay viewer, so that all of them describe a game the
same way and show each seat only what its view allows.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..core.decision import CHANCE
from ..core.game import Game
from ..core.view import redact_event


def event_lines(game: Game, events: Iterable[dict[str, Any]], seat: int | None) -> list[str]:
    """One line per event that ``seat`` (None: a spectator) may know of, redacted for it and put into words."""
    out: list[str] = []
    repeats: list[int] = []
    for event in events:
        seen = redact_event(event, seat)
        if seen is None:
            continue
        text = game.describe_event(seen, seat)
        if not text:
            continue
        if out and out[-1] == text:  # "P2 draws a card." seven times reads as one line
            repeats[-1] += 1
        else:
            out.append(text)
            repeats.append(1)
    return [text if n == 1 else f"{text} (x{n})" for text, n in zip(out, repeats, strict=True)]


def option_label(pending: dict[str, Any], option_id: str) -> str:
    """The label of ``option_id`` among a pending decision's options."""
    for oid, label in pending["options"]:
        if oid == option_id:
            return label
    raise KeyError(option_id)


def step_lines(
    game: Game,
    pending: dict[str, Any],
    option_id: str,
    events: Iterable[dict[str, Any]],
    viewer: int | None,
    *,
    you: bool = False,
) -> list[str]:
    """How one applied decision looks to ``viewer``: who decided, and the consequences it may see.

    The chosen option's label is shown only when the viewer is the seat that decided (its label may name hidden
    cards); for others it is "P2 decided" with the decision's prompt (its public face, for a secret decision), and
    for chance the decision's public prompt. ``you`` words the viewer's
    own choices in the second person.
    """
    seat = pending["seat"]
    if seat == CHANCE:
        head = f"Chance: {pending['prompt']}"
    elif viewer is not None and seat == viewer:
        who = "You" if you else game.seat_name(seat)
        head = f"{who} chose: {option_label(pending, option_id)}"
    else:  # a decision whose existence is secret is told by its public face (core.flow.Kind.shown_as)
        prompt = pending["shown_as"][1] if pending.get("shown_as") else pending["prompt"]
        head = f"{game.seat_name(seat)} decided ({prompt})"
    return [head, *(f"  {line}" for line in event_lines(game, events, viewer))]


def _zone_title(game: Game, name: str, seat: int | None) -> str:
    owner = game.visibility.zone_info(name)[1]
    if owner is None:
        return name
    parts = name.split(":")
    rest = ":".join([parts[0], *parts[2:]])
    who = "your" if owner == seat else f"{game.seat_name(owner)}'s"
    return f"{who} {rest}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def zone_text(entries: list[Any]) -> str:
    """A zone's cards as a view shows them: visible cards by name, hidden ones as counts ("5 cards")."""
    if not entries:
        return "empty"
    names: list[str] = []
    hidden: Counter[str | None] = Counter()
    for entry in entries:
        if entry is None:
            hidden[None] += 1
        elif entry[0] is None:
            hidden[entry[2]] += 1
        elif len(entry) > 2:
            names.append(f"{entry[1]} ({entry[2]})")
        else:
            names.append(str(entry[1]))
    if not names and set(hidden) == {None}:
        return _plural(hidden[None], "card")
    copies = Counter(names)  # a supply of 30 Coins reads "Coin x30", in the order the cards lie
    shown = [name if copies[name] == 1 else f"{name} x{copies[name]}" for name in dict.fromkeys(names)]
    counts = [_plural(n, "hidden card" if mark is None else f"{mark} card") for mark, n in hidden.items()]
    return ", ".join(shown + counts)


def _value_text(value: Any) -> str:
    if isinstance(value, str | int | float | bool) or value is None:
        return str(value)
    return json.dumps(value, sort_keys=True)


def view_lines(game: Game, view: dict[str, Any]) -> list[str]:
    """A seat's view as plain-text lines: zones (hidden cards as counts), public and own data, the game's summary."""
    seat = view["seat"]
    summary = list(game.summarize(view))
    out = list(summary)
    out.append("Cards:")
    for name, entries in view["zones"].items():
        out.append(f"  {_zone_title(game, name, seat)}: {zone_text(entries)}")
    public = view["public"]
    if public and not summary:  # a game's own summary already puts its public data into words
        out.append("Public: " + ", ".join(f"{k}={_value_text(v)}" for k, v in sorted(public.items())))
    private = view["private"]
    if private:
        out.append("Only you know: " + ", ".join(f"{k}={_value_text(v)}" for k, v in sorted(private.items())))
    return out


def result_line(game: Game, result: dict[str, Any] | None) -> str:
    """The final result in words, e.g. ``Result: P1 wins (highest total)``; None: a game stopped before its end."""
    if result is None:
        return "Result: none (the game was stopped before its end)"
    if result["draw"]:
        return f"Result: draw ({result['reason']})"
    if not result["winners"]:
        return f"Result: nobody wins ({result['reason']})"
    names = " and ".join(game.seat_name(s) for s in result["winners"])
    verb = "wins" if len(result["winners"]) == 1 else "win"
    return f"Result: {names} {verb} ({result['reason']})"
