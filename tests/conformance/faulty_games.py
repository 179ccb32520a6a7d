"""Deliberately broken variants of the toy game: the conformance checks must catch each of them.

None registers itself on import; the negative-control tests register them for one test only. They live in a module
of their own (not in the test file) so the fresh-process determinism run can import them too.
"""

from __future__ import annotations

import random
from typing import Any

from tests.support.toy import ToyGame

from cardsmith.core import CHANCE

State = dict[str, Any]


def _hand_names(state: State, seat: int) -> list[str]:
    return [state["cards"][c] for c in state["zones"][f"hand:{seat}"]]


class PublicHandLeak(ToyGame):
    """Shows every hand in the public game data."""

    id = "toy-leak-public-hand"

    def public_view(self, state: State) -> dict[str, Any]:
        return {**state["g"], "hands": [_hand_names(state, s) for s in range(state["players"])]}


class PrivateViewLeak(ToyGame):
    """Gives each seat the next seat's hand as its private data."""

    id = "toy-leak-private-view"

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return {"next_hand": _hand_names(state, (seat + 1) % state["players"])}


class DerivedLeak(ToyGame):
    """Publishes only a total computed from the hidden hands, never a card name."""

    id = "toy-leak-derived"

    def public_view(self, state: State) -> dict[str, Any]:
        return {
            **state["g"],
            "hand_points": [sum(map(int, _hand_names(state, s))) for s in range(state["players"])],
        }


class RngLeak(ToyGame):
    """Exposes the RNG word, from which every future shuffle and chance outcome follows."""

    id = "toy-leak-rng"

    def public_view(self, state: State) -> dict[str, Any]:
        return {**state["g"], "rng": state["rng"]}


class LabelLeak(ToyGame):
    """The draw option's label names the card on top of the deciding seat's face-down deck."""

    id = "toy-leak-label"

    def _ask(self, state: State) -> None:
        super()._ask(state)
        pending = state["pending"]
        if pending is not None and pending["seat"] != CHANCE:
            deck = state["zones"][f"deck:{pending['seat']}"]
            top = state["cards"][deck[-1]] if deck else "nothing"
            pending["options"][-1][1] = f"Draw a card (a {top})"


class EventLeak(ToyGame):
    """Logs every draw as a public event naming the drawn card."""

    id = "toy-leak-event"

    def _draw(self, state: State, seat: int) -> None:
        deck = state["zones"][f"deck:{seat}"]
        if deck:
            self.log(state, {"t": "drew", "seat": seat, "name": state["cards"][deck[-1]]})
        super()._draw(state, seat)


class WhoIsAskedLeak(ToyGame):
    """A seat holding no 4 is passed over without being asked (it draws at once), so whether it is asked tells the
    table what its hidden hand lacks. Every view taken on its own is honest."""

    id = "toy-leak-asked"

    def _ask(self, state: State) -> None:
        super()._ask(state)
        pending = state["pending"]
        if pending is None or pending["seat"] == CHANCE:
            return
        seat = pending["seat"]
        z = state["zones"]
        if z[f"deck:{seat}"] and "4" not in [state["cards"][c] for c in z[f"hand:{seat}"]]:
            state["pending"] = None
            self._draw(state, seat)
            state["g"]["current"] = (seat + 1) % state["players"]
            state["turn"] += 1
            self._ask(state)


class PromptLeak(ToyGame):
    """The next prompt, public as every prompt is, names the card just played face down. The face-down card was the
    decider's own, so re-randomising before the step keeps it, and after the step the name is copied text."""

    id = "toy-leak-prompt"

    def act(self, state: State, seat: int, action) -> None:
        super().act(state, seat, action)
        pending = state["pending"]
        if action.verb == "down" and pending is not None:
            pending["prompt"] = (
                f"Play or draw (P{seat + 1} played a {state['cards'][action.args[0]]} face down)"
            )


class CopiesCards(ToyGame):
    """Drawing puts the top card in hand without taking it off the deck."""

    id = "toy-bad-conservation"

    def _draw(self, state: State, seat: int) -> None:
        deck = state["zones"][f"deck:{seat}"]
        if deck:
            state["zones"][f"hand:{seat}"].append(deck[-1])


class SilentMove(ToyGame):
    """Draws by moving the card between the zone lists itself: every card stays in one zone, but no move is recorded
    (a forked move primitive)."""

    id = "toy-silent-move"

    def _draw(self, state: State, seat: int) -> None:
        deck = state["zones"][f"deck:{seat}"]
        if deck:
            state["zones"][f"hand:{seat}"].append(deck.pop())


class DuplicateIds(ToyGame):
    """Offers the draw option twice."""

    id = "toy-bad-duplicate-ids"

    def _ask(self, state: State) -> None:
        super()._ask(state)
        pending = state["pending"]
        if pending is not None and pending["seat"] != CHANCE:
            pending["options"].append(["draw", "Draw again"])


class UnderstatedBound(ToyGame):
    """Declares a decision bound its games exceed."""

    id = "toy-bad-bound"

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        return 3


class TupleInState(ToyGame):
    """Keeps a tuple in its state, which JSON turns into a list."""

    id = "toy-bad-tuple"

    def act(self, state: State, seat: int, action) -> None:
        super().act(state, seat, action)
        state["g"]["last"] = (seat, action.id)


class AliasedState(ToyGame):
    """Keeps a second reference to a zone list, which a JSON copy would silently split in two."""

    id = "toy-bad-alias"

    def act(self, state: State, seat: int, action) -> None:
        super().act(state, seat, action)
        if seat != CHANCE:
            state["g"]["my_table"] = state["zones"][f"table:{seat}"]


class NestedOwner(ToyGame):
    """Keeps a list inside ``owner``, a part the core copies one level deep, so a clone would share it."""

    id = "toy-bad-nested-owner"

    def act(self, state: State, seat: int, action) -> None:
        super().act(state, seat, action)
        if seat != CHANCE:
            state["owner"][0] = [seat]


class WritesEndedStep(ToyGame):
    """Adds a note to the events of the step before, through a reference it kept, instead of to its own step's
    events: a clone shares an ended step's events, so the note would reach every copy."""

    id = "toy-bad-ended-step"

    def act(self, state: State, seat: int, action) -> None:
        kept = state["g"].get("kept_step")
        previous = self._previous.get(kept) if kept is not None else None
        if previous is not None:
            previous.append({"t": "late"})
        super().act(state, seat, action)
        state["g"]["kept_step"] = state["step"]
        self._previous[state["step"]] = state["events"]

    def __init__(self) -> None:
        super().__init__()
        self._previous: dict[int, list[dict[str, Any]]] = {}


class NarrationCrash(ToyGame):
    """Narrates a move by its card's name, which a redacted event does not have."""

    id = "toy-bad-narration"

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        return f"{event['name'].upper()} moves" if event["t"] == "move" else None


class GlobalRandom(ToyGame):
    """Shuffles with the ``random`` module's global generator instead of the state's RNG."""

    id = "toy-bad-global-random"

    def setup(self, state: State) -> None:
        super().setup(state)
        for seat in range(state["players"]):
            random.shuffle(state["zones"][f"deck:{seat}"])


GLOBAL_RANDOM = GlobalRandom()
