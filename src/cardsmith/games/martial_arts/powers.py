"""Martial Arts: the two closed vocabularies of card powers, as checked data (schemas only).

An ADR card has exactly one effect from MA-9.8 to MA-9.14 with its number N (MA-9.7); an Event card has one or two
clauses from MA-10.9 to MA-10.13 (MA-10.8). Each is declared once here as a :class:`cardsmith.core.effects.Effect`;
the card data is decoded against these schemas (``cards.py``) and the code that carries each one out is registered
in ``effects.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardsmith.core.effects import Effect, Effects

MAX_LIFE = 15  # MA-2.7, MA-9.8

ADR = Effects()
"""The ADR effects (MA-9.8 to MA-9.14): ``{ effect = "NAME", n = N }`` with N at least 1 (MA-9.7)."""

CLAUSES = Effects()
"""The event clauses (MA-10.9 to MA-10.13): ``{ kind = "NAME", n = N, target = ... }``."""

Count = Annotated[int, msgspec.Meta(ge=1)]
Target = Literal["attacker", "defender", "each"]  # MA-10.7


class AdrEffect(Effect, frozen=True):
    """An ADR card's effect: its number N (MA-9.7)."""

    n: Count


GainLife = ADR.declare("GAIN_LIFE", "MA-9.8: the owner gains N life, never above 15.", AdrEffect)
DirectDamage = ADR.declare("DIRECT_DAMAGE", "MA-9.9: the opponent loses N life; not an attack.", AdrEffect)
Draw = ADR.declare("DRAW", "MA-9.10: the owner draws N cards.", AdrEffect)
ForceDiscard = ADR.declare(
    "FORCE_DISCARD", "MA-9.11: the opponent discards N cards of their choice.", AdrEffect
)
BoostNextAtk = ADR.declare(
    "BOOST_NEXT_ATK", "MA-9.12: the owner's next attack card this turn gets +N ATK.", AdrEffect
)
BoostNextDef = ADR.declare(
    "BOOST_NEXT_DEF", "MA-9.13: the owner's next block card this turn gets +N DEF.", AdrEffect
)
ReducePendingAtk = ADR.declare(
    "REDUCE_PENDING_ATK",
    "MA-9.14: the attack waiting on the owner gets -N ATK; only in the owner's response window.",
    AdrEffect,
)


ADR_EFFECTS: tuple[str, ...] = tuple(ADR.types)  # MA-9.8 .. MA-9.14, in rule order
DEFENSIVE_EFFECTS: frozenset[str] = frozenset(
    {"GAIN_LIFE", "BOOST_NEXT_DEF", "REDUCE_PENDING_ATK"}
)  # MA-14.11


class Clause(Effect, frozen=True, tag_field="kind"):
    """An ongoing event clause (MA-10.8)."""

    n: int

    @property
    def kind(self) -> str:
        tag = self.__struct_config__.tag
        assert isinstance(tag, str)
        return tag


class TargetedClause(Clause, frozen=True):
    """A clause for the targeted player or players (MA-10.7), with N at least 1."""

    n: Count
    target: Target


class ModClause(Clause, frozen=True):
    """A clause that changes every attack or block card by N, which may be negative but not 0."""

    @property
    def target(self) -> None:
        """A modifier targets no player: it changes every card (MA-10.11, MA-10.12)."""
        return None

    def __post_init__(self) -> None:
        if self.n == 0:
            rule = "MA-10.11" if self.kind == "ATK_MOD" else "MA-10.12"
            raise ValueError(f"field 'n' of {self.kind} must not be 0 ({rule})")


TurnStartDiscard = CLAUSES.declare(
    "TURN_START_DISCARD",
    "MA-10.9: at the beginning of every Prep phase, the targeted players each discard N cards.",
    TargetedClause,
)
TurnEndDiscard = CLAUSES.declare(
    "TURN_END_DISCARD",
    "MA-10.10: at the beginning of every End phase, the targeted players each discard N cards.",
    TargetedClause,
)
AtkMod = CLAUSES.declare("ATK_MOD", "MA-10.11: every attack card's effective ATK changes by N.", ModClause)
DefMod = CLAUSES.declare("DEF_MOD", "MA-10.12: every block card's effective DEF changes by N.", ModClause)
ExtraDraw = CLAUSES.declare(
    "EXTRA_DRAW",
    "MA-10.13: in every Draw phase, the targeted players each draw N more cards.",
    TargetedClause,
)


CLAUSE_KINDS: tuple[str, ...] = tuple(CLAUSES.types)  # MA-10.9 .. MA-10.13
CLAUSE_RULES: dict[str, str] = dict(
    zip(CLAUSE_KINDS, ("MA-10.9", "MA-10.10", "MA-10.11", "MA-10.12", "MA-10.13"), strict=True)
)
MOD_KINDS: frozenset[str] = frozenset({"ATK_MOD", "DEF_MOD"})
