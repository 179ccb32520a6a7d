"""A check of the conformance suite: the prompt a seat is shown of another seat's decision names no card it cannot
see (:func:`assert_prompts_name_no_hidden_card`)."""

from __future__ import annotations

import re
from typing import Any

from cardsmith import core

State = dict[str, Any]


def _hidden_names(game: core.Game, state: State, seat: int | None) -> set[str]:
    """The names of the cards whose identity ``seat`` may not see where they lie."""
    vis = game.visibility
    names = state["cards"]
    return {
        names[c]
        for zone, ids in state["zones"].items()
        for c in ids
        if not vis.card_visible(state, c, zone, seat)
    }


_NAME_PATTERNS: dict[frozenset[str], re.Pattern[str]] = {}


def _card_names_in(text: str, names: frozenset[str]) -> set[str]:
    """The card names written in ``text`` as words of their own (not inside a longer word or number)."""
    pattern = _NAME_PATTERNS.get(names)
    if pattern is None:
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        pattern = _NAME_PATTERNS[names] = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
    return set(pattern.findall(text))


def _strings_in(obj: Any, out: set[str]) -> set[str]:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for value in obj.values():
            _strings_in(value, out)
    elif isinstance(obj, list | tuple):
        for value in obj:
            _strings_in(value, out)
    return out


def assert_prompts_name_no_hidden_card(game: core.Game, state: State, where: str) -> int:
    """The prompt every other seat (and a spectator) is shown of a pending decision names no card it cannot see.

    A prompt is text made when the rules ask: no re-randomisation after the fact reaches it, and when it names a card
    the deciding seat chose from its own hidden cards (a Joker picked from a hand, then "the Joker's suit?"), no
    re-randomisation before the step does either (the decider's cards are kept, so that its option means the same
    thing). So the text itself is read: a card name in the public face of the decision that is the name of a card
    hidden from the seat, while nothing in the seat's view (a card it sees, an event, the public data) bears that
    name, names a hidden card. Returns how many seats' prompts named a card and were compared.
    """
    pending = state["pending"]
    if pending is None:
        return 0
    prompt = pending["shown_as"][1] if pending.get("shown_as") else pending["prompt"]
    named = _card_names_in(prompt, frozenset(state["cards"]))
    if not named:
        return 0
    compared = 0
    for seat in [*range(state["players"]), None]:
        if seat == pending["seat"]:
            continue
        suspects = named & _hidden_names(game, state, seat)
        if not suspects:
            continue
        seen = core.view(state, seat)
        shown = _strings_in({k: v for k, v in seen.items() if k != "pending"}, set())
        leaked = sorted(suspects - shown)
        compared += 1
        if leaked:
            raise AssertionError(
                f"{where}: leak in a prompt: seat {seat} is shown {prompt!r} ({pending['kind']!r}, asked of seat "
                f"{pending['seat']}), which names {leaked}, a card hidden from it that nothing in its view shows"
            )
    return compared
