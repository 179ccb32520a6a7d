"""Martial Arts scenarios: the ``[setup]`` keys (a typed struct the core checks) and the position a scenario builds.

Zones are written as usual (top card first): ``deck:S``, ``hand:S``, ``discard:S``, ``battle:S``, ``event_slot`` and
``event_deck``. With ``sequence``, the position stands in the middle of an attack phase's exchange (sections 5 to
8): the striker's attack cards of the sequence lie in its ``battle:S``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardsmith.core.errors import ScenarioError
from cardsmith.core.state import State

from .cards import MoveCard, can_link
from .model import CARDS, LIFE, PHASES, Sequence, Table, fresh_table, other

Life = Annotated[int, msgspec.Meta(ge=1, le=LIFE)]
Points = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Boost = Annotated[int, msgspec.Meta(ge=0, le=100)]


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


def start_flow(state: State, setup: Setup, phase: str) -> None:
    """The frames of the turn in progress: from the start of its phase, or inside the exchange of ``sequence``."""
    if setup.sequence is None:
        state["flow"] = [{"step": "turns"}, {"step": phase}]
        return
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
