"""Martial Arts scenarios: the ``[setup]`` keys (a typed struct the core checks) and the position a scenario builds.

Zones are written as usual (top card first): ``deck:S``, ``hand:S``, ``discard:S``, ``battle:S``, ``event_slot`` and
``event_deck``. With ``sequence``, the position stands in the middle of an attack phase's exchange (sections 5 to
8): the striker's attack cards of the sequence lie in its ``battle:S``; with ``window``, inside a Prep or Resolve
phase's windows; ``discards`` are forced discards still owed, made first.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from cardsmith.core.errors import ScenarioError
from cardsmith.core.flow import open_window
from cardsmith.core.state import State

from .cards import MoveCard, can_link
from .effects import push_discards
from .model import CARDS, LIFE, PHASES, Sequence, Table, fresh_table, other

Life = Annotated[int, msgspec.Meta(ge=1, le=LIFE)]
Points = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Boost = Annotated[int, msgspec.Meta(ge=0, le=100)]
Count = Annotated[int, msgspec.Meta(ge=1, le=100)]


class SequenceSetup(msgspec.Struct, forbid_unknown_fields=True):
    """``[setup] sequence``: an attack sequence under way (sections 5 to 8)."""

    striker: Literal[
        0, 1
    ]  # the seat making the sequence: the attacker, or the defender counterattacking (MA-7.1)
    successful: Annotated[int, msgspec.Meta(ge=0, le=50)] = 0  # successful moves so far (MA-8.1)
    last: str | None = None  # the last successful attack card, in the striker's battle area (MA-5.5)
    attack: str | None = None  # the attack card waiting for the receiver's response (MA-6.1)
    bonus: Boost = 0  # BOOST_NEXT_ATK given to the waiting attack card (MA-9.12)
    reduction: Boost = 0  # REDUCE_PENDING_ATK already played on the waiting attack card (MA-9.14)


class WindowSetup(msgspec.Struct, forbid_unknown_fields=True):
    """``[setup] window``: the Prep or Resolve phase's windows under way (MA-3.11, MA-3.12, MA-3.16, MA-3.17)."""

    seat: Literal[0, 1]  # whose window is open: the attacker's (the defender's follows) or the defender's
    event_used: bool = False  # the attacker already played an Event in this window (MA-10.3)


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """Scenario ``[setup]`` keys: the turn, who attacks, the phase it starts in, the counters of both seats, and an
    attack sequence under way."""

    turn: Annotated[int, msgspec.Meta(ge=1)] = 1
    attacker: Literal[0, 1] = 0
    phase: Literal[PHASES] | None = None  # type: ignore[valid-type]  # default: draw, or prep on turn 1
    life: tuple[Life, Life] | None = None
    adr: tuple[Points, Points] | None = None
    boost_atk: tuple[Boost, Boost] | None = None
    boost_def: tuple[Boost, Boost] | None = None
    played: tuple[bool, bool] = (False, False)  # [this turn, previous turn] (MA-12.5)
    sequence: SequenceSetup | None = None
    window: WindowSetup | None = None
    discards: list[
        tuple[Literal[0, 1], Count]
    ] = []  # forced discards owed: (seat, cards), made in order (MA-4.9)


def table_of(setup: Setup, phase: str) -> Table:
    """The game's part of the state for a scenario's ``[setup]``."""
    g = fresh_table()
    for key in ("life", "adr", "boost_atk", "boost_def"):
        value = getattr(setup, key)
        if value is not None:
            g[key] = list(value)  # type: ignore[literal-required]
    g["played"] = list(setup.played)
    g["attacker"] = setup.attacker
    g["start"] = setup.attacker if setup.turn % 2 == 1 else other(setup.attacker)  # MA-3.2
    g["phase"] = phase
    return g


_OPENED = {"prep": "prep_windows", "end": "end_limit"}
"""The phases whose opening event clauses (MA-3.10, MA-3.18) a position inside them has behind it: the step next."""


def start_flow(game: Any, state: State, setup: Setup, phase: str) -> None:
    """The frames of the turn in progress: from the start of its phase, inside its windows (``window``) or inside
    the exchange of ``sequence``; then the forced discards still owed (``discards``) on top, made first."""
    if setup.window is not None:
        _in_windows(state, setup.window, phase)
    elif setup.sequence is not None:
        _in_sequence(state, setup, phase)
    else:
        step = _OPENED.get(phase, phase) if setup.discards else phase
        state["flow"] = [{"step": "turns"}, {"step": step}]
    push_discards(game, state, list(setup.discards))


def _in_windows(state: State, window: WindowSetup, phase: str) -> None:
    """MA-3.11, MA-3.12, MA-3.16, MA-3.17: the attacker's window, then the defender's; MA-10.3: an Event already
    played in the attacker's window."""
    if phase not in ("prep", "resolve"):
        raise ScenarioError(f"[setup] window: windows are open only in phase prep or resolve, not {phase!r}")
    g: Table = state["g"]
    attacker = g["attacker"]
    if window.event_used and window.seat != attacker:
        raise ScenarioError("[setup] window.event_used: only the attacker plays Events in a window (MA-10.2)")
    if window.event_used:
        g["played"][0] = True  # MA-12.5: the Event was played from hand
    state["flow"] = [{"step": "turns"}, {"step": "attack1" if phase == "prep" else "end"}]
    open_window(state, "window", seat=other(attacker), phase=phase, event_used=False)
    if window.seat == attacker:
        open_window(state, "window", seat=attacker, phase=phase, event_used=window.event_used)


def _in_sequence(state: State, setup: Setup, phase: str) -> None:
    assert setup.sequence is not None
    if phase not in ("attack1", "attack2"):
        raise ScenarioError(
            f"[setup] sequence: a sequence is under way only in phase attack1 or attack2, not {phase!r}"
        )
    g: Table = state["g"]
    g["sequence"] = sequence_of(state, setup.sequence)
    if g["sequence"]["last"] is not None or g["sequence"]["attack"] is not None:
        g["played"][0] = True  # MA-12.5: an attack card was played this turn
    after = "attack2" if phase == "attack1" else "resolve"
    inside = "move" if g["sequence"]["attack"] is None else "response"
    state["flow"] = [{"step": "turns"}, {"step": after}, {"step": inside}]


def sequence_of(state: State, given: SequenceSetup) -> Sequence:
    """The sequence of ``[setup] sequence``, its cards found in the striker's battle area (MA-5.5, MA-6.1)."""
    zone = f"battle:{given.striker}"
    free = list(state["zones"][zone])
    names = state["cards"]

    def take(key: str, name: str) -> int:
        card = CARDS.cards.get(name)
        if not isinstance(card, MoveCard) or card.atk is None:
            raise ScenarioError(f"[setup] sequence.{key}: {name!r} is not a Move card with an ATK (MA-1.8)")
        for cid in reversed(free):
            if names[cid] == name:
                free.remove(cid)
                return cid
        raise ScenarioError(f"[setup] sequence.{key}: {name!r} must lie in {zone}, the striker's battle area")

    attack = None if given.attack is None else take("attack", given.attack)
    last = None if given.last is None else take("last", given.last)
    if (last is None) != (given.successful == 0):
        raise ScenarioError(
            "[setup] sequence.last: the last successful attack card is given exactly when successful is 1 or more"
        )
    if attack is None and (given.bonus or given.reduction):
        raise ScenarioError(
            "[setup] sequence.bonus/reduction: they belong to a waiting attack card (sequence.attack)"
        )
    if attack is not None and last is not None:
        before, after = CARDS.cards[names[last]], CARDS.cards[names[attack]]
        if not can_link(before, after):  # type: ignore[arg-type]
            raise ScenarioError(
                f"[setup] sequence.attack: {names[attack]!r} does not link to {names[last]!r} (MA-5.5 to MA-5.8)"
            )
    return {
        "striker": given.striker,
        "last": last,
        "successful": given.successful,
        "attack": attack,
        "bonus": given.bonus,
        "reduction": given.reduction,
    }
