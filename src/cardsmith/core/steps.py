"""Steps that many games share, written once on the core's step engine.

A game adopts them into its own :class:`~cardsmith.core.flow.Flow` with ``FLOW.adopt(SHARED)`` and starts one with
the function of the same name, which pushes its frame:

* :func:`discard_cards`: a seat discards cards named by what they are, one at a time, either a number of them or
  down to a hand size (a forced discard, a hand limit). Copies are one option, the lowest-numbered copy goes, and a
  zone no bigger than the number owed goes whole without a question only where the game says its size is public.

The options come from the game (:meth:`cardsmith.core.game.Game.card_options`), so a shared step reads like the
rest of the game.
"""

from __future__ import annotations

from .actions import Action
from .flow import Flow, Frame, ask, done, push
from .game import Game
from .state import State
from .zones import lowest_named

SHARED = Flow()
"""The shared steps; a game adopts them with ``FLOW.adopt(SHARED)``."""


def discard_cards(
    state: State,
    seat: int,
    *,
    prompt: str,
    cause: str,
    count: int | None = None,
    down_to: int | None = None,
    zone: str | None = None,
    to: str | None = None,
    kind: str = "discard",
    verb: str = "discard",
    whole_when_owed: bool = False,
) -> Frame:
    """Start a discard: ``seat`` moves ``count`` cards (or cards until ``down_to`` are left) from ``zone`` (its hand)
    to ``to`` (its discard pile), choosing one at a time.

    ``prompt`` may hold ``{left}``, the number still owed. ``whole_when_owed``: when no more cards are left than are
    owed, they all go without a question (only where the zone's size is public, so that not asking says nothing).
    Each card moves with ``cause``.
    """
    if (count is None) == (down_to is None):
        raise ValueError("discard_cards takes exactly one of count and down_to")
    return push(
        state,
        "discard_cards",
        seat=seat,
        zone=zone or f"hand:{seat}",
        to=to or f"discard:{seat}",
        count=count,
        down_to=down_to,
        prompt=prompt,
        cause=cause,
        kind=kind,
        verb=verb,
        whole=whole_when_owed,
    )


def _owed(state: State, frame: Frame) -> int:
    if frame["count"] is not None:
        return frame["count"]
    return len(state["zones"][frame["zone"]]) - frame["down_to"]


@SHARED.step("discard_cards")
def _discard_cards(game: Game, state: State, frame: Frame) -> None:
    cards = state["zones"][frame["zone"]]
    owed = _owed(state, frame)
    if owed <= 0 or not cards:
        done(state)
        return
    if frame["whole"] and len(cards) <= owed:
        game.move_all(state, list(cards), frame["zone"], frame["to"], cause=frame["cause"])
        done(state)
        return
    names = state["cards"]
    table = game.card_options(state, frame["verb"])
    options = [table[name] for name in sorted({names[c] for c in cards})]
    ask(state, frame["seat"], frame["kind"], frame["prompt"].format(left=owed), options)


@SHARED.answer("discard_cards")
def _discarded(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    zone = frame["zone"]
    card = lowest_named(state["cards"], state["zones"][zone], action.args[0])
    game.move(state, card, zone, frame["to"], cause=frame["cause"])
    if frame["count"] is not None:
        frame["count"] -= 1
