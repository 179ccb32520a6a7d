"""What a seat may not be told: the names of the cards hidden from it, checked against the messages it is sent."""

from __future__ import annotations

import json
import re
from typing import Any

from cardsmith.core.observe import hidden_ids
from cardsmith.core.view import view


def seen_names(state: dict[str, Any], seat: int | None) -> set[str]:
    """Every text the engine's view of ``seat`` holds now: the names of the cards it sees, the last step's events
    as redacted for it (with the card a played card counts as), the public face of the pending decision. What
    the server sends must stay within the view; the view itself is checked by the conformance suite's no-leak
    test."""
    return set(_strings(view(state, seat)))


def _strings(data: Any) -> list[str]:
    """Every text value in an event (a card's name, the card a played card counts as)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def hidden_names(state: dict[str, Any], seat: int | None, known: set[str]) -> set[str]:
    """Names of cards hidden from ``seat`` now that it has never been shown (a name it was shown, in a log line
    about a card played earlier, may stand in its messages although another copy is hidden)."""
    names = {state["cards"][c] for c in hidden_ids(state, seat)} - known
    said = "\n".join(known)  # a name the view says in words (a prompt: "the Joker's black suit") is known too
    return {n for n in names if not leaked(said, {n})}


def leaked(text: str, names: set[str]) -> list[str]:
    """The names that occur in ``text`` as whole words, except after ``as``: ``wild as A♠`` names a value a card
    counts as (B-Poker's wilds), not a card."""
    return [n for n in names if n in text and re.search(rf"(?<![Aa]s )(?<!\w){re.escape(n)}(?!\w)", text)]


def without_known_texts(data: Any, known: set[str]) -> Any:
    """A message with the card text of every card the seat was shown, and the help of each verb, taken out: both
    are fixed words of the game that may name cards (``As 2♠``) without telling where any copy of them lies."""
    if isinstance(data, dict):
        skip = data.get("name") in known
        return {
            k: without_known_texts(v, known)
            for k, v in data.items()
            if not (skip and k == "text") and k != "help"
        }
    if isinstance(data, list):
        return [without_known_texts(v, known) for v in data]
    return data


def message_leaks(message: str, state: dict[str, Any], seat: int | None, known: set[str]) -> list[str]:
    """The names of cards hidden from ``seat`` (and never shown to it) that ``message`` holds."""
    text = json.dumps(without_known_texts(json.loads(message), known), ensure_ascii=False)
    return leaked(text, hidden_names(state, seat, known))
