"""B-Poker card data: the physical cards of the ``decks`` option and the static table of card powers.

Every physical card is one of the 54 faces of a standard deck with two Jokers (BP-1.1, BP-29.1); a game with D
decks holds D copies of each face, each with its own id (BP-1.2). A face is written ``"10♦"``, ``"Q♠"`` or
``"Joker"``. Ranks run 1..14 (1 = a Joker, 11 = J, 12 = Q, 13 = K, 14 = A; BP-2.1, BP-2.2) and suits 0..3
(♣ ♦ ♥ ♠) or -1 for none.

The powers and the pairs are data, ``cards.toml`` next to this module (its header documents the format), decoded
with :func:`cardsmith.core.carddata.decode` against the msgspec structs below when this module is loaded: a missing
or unknown field, a wrong type or an unknown effect is one error naming the file, the card and the field. Then
:func:`parse_card_file` checks the rules the data must follow (every value in effect has exactly one power).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec

from ...core.carddata import decode, read_card_toml
from ...core.errors import CardDataError
from .effects import AnyEffect

SUITS = "♣♦♥♠"  # 0 clubs, 1 diamonds, 2 hearts, 3 spades
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
RANK_NAMES.update({11: "J", 12: "Q", 13: "K", 14: "A"})
JOKER = "Joker"
RED_SUITS = (1, 2)


@dataclass(frozen=True)
class Face:
    """The printed face of a card."""

    name: str
    rank: int  # 1 for a Joker (BP-2.2), 2..14
    suit: int  # 0..3, or -1 for a Joker
    red: bool


def _faces() -> dict[str, Face]:
    out = {JOKER: Face(JOKER, 1, -1, False)}
    for rank, rname in RANK_NAMES.items():
        for suit, schar in enumerate(SUITS):
            name = rname + schar
            out[name] = Face(name, rank, suit, suit in RED_SUITS)
    return out


FACES: dict[str, Face] = _faces()
DECK: tuple[str, ...] = tuple([n for n in FACES if n != JOKER] + [JOKER, JOKER])  # 52 + 2 Jokers (BP-1.1)


def value_name(rank: int, suit: int, red: bool) -> str:
    """Words for a value in effect: ``"9♦"``, ``"1 of Red"``, ``"1♣"``."""
    if rank == 1:
        if suit >= 0:
            return "1" + SUITS[suit]
        return "1 of Red" if red else "1 of Black"
    return RANK_NAMES[rank] + SUITS[suit]


def power_key(rank: int, suit: int, red: bool) -> str:
    """The power used by a card resolving at this value in effect (BP-2.4, BP-12.6)."""
    if suit < 0:
        return JOKER_POWER[red]
    return POWER_OF[(rank, suit)]


# ----- the powers and pairs: cards.toml ------------------------------------------------------------------------------

Text = Annotated[str, msgspec.Meta(min_length=1)]
KIND_NAMES = Literal["immediate", "continuous", "trigger", "discard"]


class Power(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A power of sections 12-25 (see the header of ``cards.toml``)."""

    key: Text
    name: Text
    values: list[Text]
    kinds: list[KIND_NAMES]
    text: Text
    effects: list[AnyEffect]  # type: ignore[valid-type]
    viewing_hand: int = 0
    table_max: int = 0
    fee: int = 0


class Pair(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A pair or set of section 26."""

    key: Text
    name: Text
    tiled: bool
    text: Text
    effects: list[AnyEffect]  # type: ignore[valid-type]


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    powers: list[Power]
    pairs: list[Pair]


VALUES: dict[str, tuple[int, int, bool]] = {
    value_name(rank, suit, red): (rank, suit, red)
    for rank in range(1, 15)
    for suit in ((-1, 0, 1, 2, 3) if rank == 1 else (0, 1, 2, 3))
    for red in ((False, True) if suit < 0 else (suit in RED_SUITS,))
}
"""Every value in effect by its words (BP-2.4, BP-12.6)."""


def parse_card_file(data: dict[str, Any], where: str) -> CardFile:
    """Check ``cards.toml`` against the schema, then against the rules: every value in effect has exactly one
    power (BP-2.4, BP-12.6), keys are distinct, and the cards and values effects name exist."""
    cards = decode(data, CardFile, where)
    seen: dict[tuple[int, int, bool], str] = {}
    keys: set[str] = set()
    for group, entries in (("powers", cards.powers), ("pairs", cards.pairs)):
        for i, entry in enumerate(entries):
            place = f"card data {where}: {group}[{i}] {entry.name!r}"
            if entry.key in keys:
                raise CardDataError(f"{place}, field 'key': {entry.key!r} is used twice")
            keys.add(entry.key)
            _check_effects(entry.effects, place)
            for value in getattr(entry, "values", ()):
                if value not in VALUES:
                    raise CardDataError(f"{place}, field 'values': no value in effect {value!r} (BP-2.4)")
                if VALUES[value] in seen:
                    raise CardDataError(
                        f"{place}, field 'values': {value} already has the power {seen[VALUES[value]]!r}"
                    )
                seen[VALUES[value]] = entry.key
    missing = [name for name, value in VALUES.items() if value not in seen]
    if missing:
        raise CardDataError(f"card data {where}: no power for {missing[0]} (BP-2.4, BP-12.6)")
    return cards


def _check_effects(effects: list[Any], place: str) -> None:
    """The card names and values an effect's parameters name exist."""
    for i, effect in enumerate(effects):
        for field in ("exclude", "first"):
            name = getattr(effect, field, None)
            if name is not None and name not in FACES:
                raise CardDataError(f"{place}, effects[{i}], field {field!r}: no card {name!r}")
        value = getattr(effect, "value", None)
        if value is not None and value not in VALUES:
            raise CardDataError(f"{place}, effects[{i}], field 'value': no value in effect {value!r}")


CARD_FILE = parse_card_file(read_card_toml(__package__), f"{__package__}/cards.toml")
POWERS: dict[str, Power] = {p.key: p for p in CARD_FILE.powers}
PAIRS: dict[str, Pair] = {p.key: p for p in CARD_FILE.pairs}

POWER_OF: dict[tuple[int, int], str] = {}
"""The power of each value in effect with a suit, by (rank, suit)."""
JOKER_POWER: dict[bool, str] = {}
"""The power of a 1 without a suit, by its colour (BP-12.6)."""
for _power in CARD_FILE.powers:
    for _value in _power.values:
        _rank, _suit, _red = VALUES[_value]
        if _suit < 0:
            JOKER_POWER[_red] = _power.key
        else:
            POWER_OF[(_rank, _suit)] = _power.key

if len(DECK) != 54 or len(set(DECK)) != 53:
    raise CardDataError("a standard deck holds 52 faces and 2 Jokers (BP-1.1)")


def deck_names(decks: int) -> list[str]:
    """The physical cards of ``decks`` standard decks, each face ``decks`` times (BP-1.1, BP-1.2, BP-29.1)."""
    if decks < 1:
        raise CardDataError("at least one deck is needed (BP-28.1)")
    return [name for _ in range(decks) for name in DECK]
