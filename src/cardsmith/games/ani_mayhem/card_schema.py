"""The schema of Ani-Mayhem's ``cards.toml`` as msgspec structs (the file's header documents the format).

:func:`cardsmith.core.carddata.decode` checks a decoded file against :class:`CardFile`: a card's ``type`` and an
effect's ``verb`` are tags that say which keys the table may and must have, so a missing or unknown key, a wrong
type, a value outside its closed list or out of range is one error naming the file, the card and the key. What
depends on more than one key or on the rest of the file (the skill pool, the card's type, the deck lists) is
checked by :mod:`.cards` when it builds the records.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

from ...core.effects import Effect as CoreEffect
from .card_defs import (
    AIMS,
    ATTRS,
    COMBAT_MOD_MAX,
    COMBAT_MOD_MIN,
    DESTROY_TARGETS,
    GENDERS,
    KEYWORDS,
    MAX_PLAYERS,
    OFF_FIELD_DURATIONS,
    SPECIAL_SYMBOLS,
    STEAL_SOURCES,
)
from .effects import EFFECTS

Name = Annotated[str, msgspec.Meta(pattern=r"\S")]  # a non-blank name
Names = tuple[Name, ...]
Whole = Annotated[int, msgspec.Meta(ge=0)]  # AM-1.3: a printed attribute
Count = Annotated[int, msgspec.Meta(ge=1, le=9)]
Button = Annotated[str, msgspec.Meta(pattern=r"^[+-]?[0-9]+$")]  # "+2", "-1" add; "3" replaces (AM-10.10)
CombatValue = Annotated[int, msgspec.Meta(ge=COMBAT_MOD_MIN, le=COMBAT_MOD_MAX)]  # AM-14.12

# --------------------------------------------------------------------------- effects (rules section 11)


class Effect(CoreEffect, tag_field="verb", kw_only=True, forbid_unknown_fields=True, frozen=True):
    """One effect table; its ``verb`` (AM-11.1) is the tag that says which keys it has. Each verb is registered in
    :data:`.effects.EFFECTS`."""

    @property
    def verb(self) -> str:
        return self.__struct_config__.tag  # type: ignore[return-value]


class Targeted(Effect, kw_only=True):
    """An effect aimed at a target; which targets a card may name depends on its type (AM-11.9)."""

    target: str


class Lasting(Targeted, kw_only=True):
    """An effect that lasts; the durations a card may use depend on its type (AM-11.10)."""

    duration: str


@EFFECTS.define
class Modify(Lasting, tag="MODIFY", kw_only=True):
    """AM-11.2: change an attribute; a Haven's may apply when a Character leaves it (``when = "leave"``)."""

    attr: Literal[ATTRS]  # type: ignore[valid-type]
    value: Button
    when: Literal["leave"] | None = None


@EFFECTS.define
class GrantSkill(Lasting, tag="GRANT_SKILL", kw_only=True):
    """AM-11.3: grant a skill of the pool, or the right to Scavenge a Category (exactly one of the two)."""

    skill: str = ""
    scavenge: str = ""


@EFFECTS.define
class StealItem(Effect, tag="STEAL_ITEM", kw_only=True):
    """AM-11.4: the user steals an Item from a rival, a Disaster or either."""

    source: Literal[STEAL_SOURCES] = msgspec.field(name="from")  # type: ignore[valid-type]


@EFFECTS.define
class DestroyLocation(Effect, tag="DESTROY_LOCATION", kw_only=True):
    """AM-11.5: destroy the user's Location, or one within ``n`` steps."""

    target: Literal[DESTROY_TARGETS]  # type: ignore[valid-type]
    n: Count | None = None


@EFFECTS.define
class Heal(Targeted, tag="HEAL", kw_only=True):
    """AM-11.6: wipe a combatant's damage."""


@EFFECTS.define
class Move(Targeted, tag="MOVE", kw_only=True):
    """AM-11.7: move ``n`` steps."""

    n: Count


@EFFECTS.define
class Bonk(Targeted, tag="BONK", kw_only=True):
    """AM-11.8: take a Character out at once."""


AnyEffect = Modify | GrantSkill | StealItem | DestroyLocation | Heal | Move | Bonk
Effects = tuple[AnyEffect, ...]

# --------------------------------------------------------------------------- cards (rules section 1)


class CardEntry(msgspec.Struct, tag_field="type", kw_only=True, forbid_unknown_fields=True, frozen=True):
    """What every card table has (AM-1.6 to AM-1.11); its ``type`` is the tag that says which keys follow."""

    name: Name
    text: str = ""
    categories: Names = ()
    symbols: tuple[Literal[SPECIAL_SYMBOLS], ...] = ()  # type: ignore[valid-type]  # AM-1.11

    @property
    def type(self) -> str:
        return self.__struct_config__.tag  # type: ignore[return-value]


class Character(CardEntry, tag="character", kw_only=True):
    """AM-1.12: all five attributes, 1 to 3 skills (AM-14.3) and a gender."""

    atk: Whole
    dfn: Whole = msgspec.field(name="def")
    mov: Whole
    cha: Whole
    nrg: Whole
    skills: Annotated[Names, msgspec.Meta(min_length=1, max_length=3)]
    gender: Literal[GENDERS]  # type: ignore[valid-type]


class Location(CardEntry, tag="location", kw_only=True):
    """AM-1.13: the skills needed to Scavenge it (at most 2, AM-14.4)."""

    skills: Annotated[Names, msgspec.Meta(max_length=2)] = ()


class Item(CardEntry, tag="item", kw_only=True):
    """AM-1.14: an Item, maybe with modifier buttons."""

    effects: Effects = ()


class Haven(CardEntry, tag="haven", kw_only=True):
    """AM-10.24: a Haven and its text."""

    effects: Effects = ()


class Power(CardEntry, kw_only=True):
    """AM-1.9, AM-1.18: a Power card's cost button, required skills, use limit and effects (AM-14.13: one or more)."""

    cost: str | None = None  # "nrg 2"
    requires: Names = ()
    limit: str | None = None  # "1/turn"
    effects: Annotated[Effects, msgspec.Meta(min_length=1)]


class Enhancement(Power, tag="enhancement", kw_only=True):
    """AM-1.9: an Enhancement."""


class Equipment(Power, tag="equipment", kw_only=True):
    """AM-1.9: Equipment (a Vehicle with the « Vehicle » Category, AM-10.15)."""


class Flash(Power, tag="flash", kw_only=True):
    """AM-1.9: a Flash Effect, which says what it aims at (AM-10.18)."""

    aim: Literal[AIMS]  # type: ignore[valid-type]


class Global(Power, tag="global", kw_only=True):
    """AM-1.9: a Global Effect."""


class Combat(CardEntry, tag="combat", kw_only=True):
    """AM-1.15: a Combat card's Charm side and Physical side."""

    charm: CombatValue
    attack: CombatValue
    defense: CombatValue


class Disaster(CardEntry, tag="disaster", kw_only=True):
    """AM-1.16, AM-1.17: a Disaster, Minor or Major; printing Attack (or damage, AM-1.4) and Defense makes it a
    Combat Disaster. ``runs_away`` reads "after 2" or "damaged" (AM-11.11); ``off_field`` is a duration
    (AM-5.27)."""

    major: bool
    atk: Whole | None = None
    damage: Whole | None = None
    dfn: Whole | None = msgspec.field(default=None, name="def")
    mov: Whole | None = None
    cha: Whole | None = None
    nrg: Whole | None = None
    keywords: tuple[Literal[KEYWORDS], ...] = ()  # type: ignore[valid-type]
    runs_away: str | None = None
    off_field: Literal[("", *OFF_FIELD_DURATIONS)] = ""  # type: ignore[valid-type]
    effects: Effects = ()


AnyCard = Union[Character, Location, Item, Haven, Enhancement, Equipment, Flash, Global, Combat, Disaster]  # noqa: UP007

# --------------------------------------------------------------------------- decks (rules section 2) and the file

Counts = dict[Name, int]  # name = number of copies (1 or more, checked with the name), in file order


class DeckEntry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A sample deck (AM-2.1): the player counts it is built for and the cards it brings."""

    id: Name
    title: str = ""
    players: Annotated[
        tuple[Annotated[int, msgspec.Meta(ge=1, le=MAX_PLAYERS)], ...], msgspec.Meta(min_length=1)
    ]
    haven: str
    characters: Names = ()
    locations: Names = ()
    items: Counts = {}
    power: Counts = {}
    disasters: Counts = {}
    combat: Counts = {}


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The whole file: the skill pool (AM-14.2), the cards and the sample decks."""

    skills: Names
    card: Annotated[tuple[AnyCard, ...], msgspec.Meta(min_length=1)]
    deck: tuple[DeckEntry, ...] = ()
