"""The effects of the cards other than drills (section 12), as a :mod:`cardsmith.core.effects` vocabulary.

Each effect is a checked struct named by its tag in ``cards.toml`` (``{ effect = "ANGER_SELF", n = 2 }``). The
effects that resolve on their own (anger and level changes, DBZ-12.9 .. DBZ-12.12) have handlers, registered
beside the rules they carry out (:mod:`.steps.levels`), as do the card draw and the life loss of both players
(DRAW, LOSE_LIFE_BOTH: :mod:`.steps.life`); the numbers of attacks and blocks (DBZ-12.2 .. DBZ-12.8)
are read by the combat rules, and DESTROY_DRILL (DBZ-12.13) asks for its target first.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardsmith.core.effects import Effect, Effects
from cardsmith.core.state import State

EFFECTS = Effects()

DEFAULT_ENERGY_DAMAGE = 4  # DBZ-6.6
DEFAULT_ENERGY_COST = 2  # DBZ-6.5
NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]


class CardEffect(Effect, kw_only=True):
    """An effect of section 12. ``when`` marks the riders of an attack card (DBZ-12.14); which effects may carry
    it, and where, is a rule the card loader checks (:func:`cardsmith.games.dbz.cards.parse_card_set`)."""

    when: Literal["ON_PLAY", "ON_HIT"] | None = None

    @property
    def effect(self) -> str:
        """The effect's name, as the card file writes it."""
        return self.__struct_config__.tag  # type: ignore[return-value]


PhysAttack = EFFECTS.declare(
    "PHYS_ATTACK", "DBZ-12.2: a physical attack with its own bonus.", CardEffect, n=(NonNegative, 0)
)
EnergyAttack = EFFECTS.declare(
    "ENERGY_ATTACK",
    "DBZ-12.3: an energy attack of ``damage`` life cards that costs ``cost`` power stages.",
    CardEffect,
    damage=(NonNegative, DEFAULT_ENERGY_DAMAGE),
    cost=(NonNegative, DEFAULT_ENERGY_COST),
)
StopPhys = EFFECTS.declare("STOP_PHYS", "DBZ-12.4: stops a physical attack.", CardEffect)
ReducePhys = EFFECTS.declare(
    "REDUCE_PHYS", "DBZ-12.5: a physical attack does ``n`` stages less.", CardEffect, n=Positive
)
StopEnergy = EFFECTS.declare("STOP_ENERGY", "DBZ-12.6: stops an energy attack.", CardEffect)
ReduceEnergy = EFFECTS.declare(
    "REDUCE_ENERGY", "DBZ-12.7: an energy attack does ``n`` life cards less.", CardEffect, n=Positive
)
StopAny = EFFECTS.declare("STOP_ANY", "DBZ-12.8: stops any attack.", CardEffect)
AngerSelf = EFFECTS.declare(
    "ANGER_SELF", "DBZ-12.9: the player's anger changes by ``n`` (not 0).", CardEffect, n=int
)
AngerOpp = EFFECTS.declare(
    "ANGER_OPP", "DBZ-12.10: the opponent's anger changes by ``n`` (not 0).", CardEffect, n=int
)
LevelSelf = EFFECTS.declare(
    "LEVEL_SELF", "DBZ-12.11: the player's MP goes up one level.", CardEffect, n=Literal[1]
)
LevelOpp = EFFECTS.declare(
    "LEVEL_OPP", "DBZ-12.12: the opponent's MP goes down one level.", CardEffect, n=Literal[-1]
)
DestroyDrill = EFFECTS.declare(
    "DESTROY_DRILL", "DBZ-12.13: the player discards one drill in play, in either drill area.", CardEffect
)
Draw = EFFECTS.declare(
    "DRAW",
    "The player draws ``n`` cards from their life deck (DBZ-9.7: a draw from a card effect; DBZ-13.1).",
    CardEffect,
    n=Positive,
)
LoseLifeBoth = EFFECTS.declare(
    "LOSE_LIFE_BOTH",
    "``n`` times, both players lose a life card at the same moment (DBZ-1.13, DBZ-13.2, DBZ-13.3).",
    CardEffect,
    n=Positive,
)

AnyEffect = EFFECTS.union()
"""Any effect of section 12 (the type of a card's ``effects`` entries)."""

RIDERS = (AngerSelf, AngerOpp, LevelSelf, LevelOpp)
"""The anger and level effects: what a card's ON_PLAY / ON_HIT rider may do (a one-shot may do these too)."""


def resolve_effects(game: object, state: State, seat: int, effects: tuple[CardEffect, ...]) -> None:
    """DBZ-12.1, DBZ-12.9 .. DBZ-12.12, DBZ-12.16: resolve effects in printed order; stop if the game ends."""
    for effect in effects:
        if state["result"] is not None:
            return
        EFFECTS.run(effect, game, state, seat)


# ----- drill powers (section 11) ------------------------------------------------------------------------------------

POWERS = Effects()
"""The drill powers. A drill card writes its power flat (``power = "ACT_ANGER"``, ``n = 1``); the loader checks the
pair against these structs. The activated power ACT_ANGER has its handler beside the anger rules
(:mod:`.steps.levels`); ACT_PHYS_ATTACK and ACT_STOP_ENERGY are combat options (:mod:`.steps.combat`), and the
continuous powers are sums read by the rules that use them (DBZ-11.12)."""

Numbered = Positive  # DBZ-11.1: a numbered power's n is at least 1


class DrillPower(Effect, kw_only=True):
    """A power of section 11."""

    @property
    def effect(self) -> str:
        """The power's name, as the card file writes it."""
        return self.__struct_config__.tag  # type: ignore[return-value]


# The continuous powers, each a name and a number: sums read by the rules that use them (DBZ-11.12).
_NUMBERED_POWERS = (
    ("PHYS_ATTACK_BONUS", "DBZ-11.2: your physical attacks do ``n`` stages more."),
    ("PHYS_DAMAGE_REDUCTION", "DBZ-11.3: physical attacks on you do ``n`` stages less."),
    ("ENERGY_ATTACK_BONUS", "DBZ-11.4: your energy attacks do ``n`` life cards more."),
    ("ENERGY_DAMAGE_REDUCTION", "DBZ-11.5: energy attacks on you do ``n`` life cards less."),
    ("EXTRA_DRAW", "DBZ-11.6: draw ``n`` more cards in Step 1."),
    ("POWER_UP_BONUS", "DBZ-11.7: gain ``n`` more stages in Step 3."),
    ("EXTRA_COLOUR", "DBZ-11.8: ``n`` more drill colours allowed in play."),
)
for _tag, _doc in _NUMBERED_POWERS:
    POWERS.declare(_tag, _doc, DrillPower, n=Numbered)

# The activated powers.
ActAnger = POWERS.declare(
    "ACT_ANGER", "DBZ-11.9: once per turn in Step 2, anger +``n``.", DrillPower, n=Numbered
)
ActPhysAttack = POWERS.declare(
    "ACT_PHYS_ATTACK", "DBZ-11.10: once per combat, a physical attack without a card.", DrillPower
)
ActStopEnergy = POWERS.declare(
    "ACT_STOP_ENERGY", "DBZ-11.11: once per combat, stop an energy attack on you.", DrillPower
)

AnyPower = POWERS.union()
"""Any drill power (checked against a drill's ``power`` and ``n``)."""
