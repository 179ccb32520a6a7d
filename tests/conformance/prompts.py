"""A check of the conformance suite: the prompt a seat is shown of another seat's decision names no card it cannot
see (:func:`assert_prompts_name_no_hidden_card`)."""

from __future__ import annotations

import re
from typing import Any

from cardsmith import core
from cardsmith.core.view import redact_event

State = dict[str, Any]


def _hidden(game: core.Game, state: State, seat: int | None) -> dict[str, list[int]]:
    """The cards whose identity ``seat`` may not see where they lie, by name."""
    vis = game.visibility
    names = state["cards"]
    out: dict[str, list[int]] = {}
    for zone, ids in state["zones"].items():
        for c in ids:
            if not vis.card_visible(state, c, zone, seat):
                out.setdefault(names[c], []).append(c)
    return out


class Recall:
    """The cards each seat (and a spectator) has been shown by name so far, read from the events of every step: a
    card it saw played that now lies hidden (a K♦ gone to the pot) is one it knows, and a prompt may name it."""

    def __init__(self, players: int) -> None:
        self.seen: dict[int | None, set[int]] = {s: set() for s in [*range(players), None]}

    def update(self, state: State) -> None:
        for event in state["events"]:
            if event.get("card") is None:
                continue
            for seat, ids in self.seen.items():
                shown = redact_event(event, seat)
                if shown is not None and shown.get("name") is not None:
                    ids.add(event["card"])


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


def assert_prompts_name_no_hidden_card(
    game: core.Game, state: State, where: str, recall: Recall | None = None
) -> int:
    """The prompt every other seat (and a spectator) is shown of a pending decision names no card it cannot see.

    A prompt is text made when the rules ask: no re-randomisation after the fact reaches it, and when it names a card
    the deciding seat chose from its own hidden cards (a Joker picked from a hand, then "the Joker's suit?"), no
    re-randomisation before the step does either (the decider's cards are kept, so that its option means the same
    thing). So the text itself is read: a card name in the public face of the decision names a hidden card when
    cards of that name are hidden from the seat, nothing in its view (a card it sees, an event, the public data)
    bears that name, and none of those hidden cards is one it was shown before (``recall``). Returns how many
    seats' prompts named such a card and were compared.
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
        hidden = _hidden(game, state, seat)
        known = recall.seen[seat] if recall is not None else set()
        suspects = {n for n in named if n in hidden and not known.intersection(hidden[n])}
        if not suspects:
            continue
        seen = core.view(state, seat)
        shown = _strings_in({k: v for k, v in seen.items() if k != "pending"}, set())
        leaked = sorted(suspects - shown)
        compared += 1
        if leaked:
            raise AssertionError(
                f"{where}: leak in a prompt: seat {seat} is shown {prompt!r} ({pending['kind']!r}, asked of seat "
                f"{pending['seat']}), which names {leaked}, a card hidden from it that it sees nowhere and was "
                "never shown"
            )
    return compared
