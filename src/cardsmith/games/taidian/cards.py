"""Card data, card loader and card-set checks for Taking of Taidian.

The card set lives in ``cards.toml`` next to this module; its header documents the format. :func:`parse_card_set`
decodes it against the msgspec schema (:class:`CardFile`: types, ranges, unknown and missing fields, one error naming
the file, the card and the field) and holds each card to the card rules (TAI-1.10 to TAI-1.16, TAI-2.15), and
:func:`card_set_problems` checks the card-set requirements of rules section 14. :func:`load_card_set` does both and
refuses a set with any problem, so a game is never built on card data that breaks the rules document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from cardsmith.core.carddata import CardIndex, decode, read_card_toml
from cardsmith.core.errors import CardDataError

__all__ = [
    "Ability",
    "Card",
    "CardSet",
    "Character",
    "KINDS",
    "SHOTGUN_DAMAGE",
    "STARTING_DECK",
    "TRACKS",
    "card_set_problems",
    "load_card_set",
    "parse_card_set",
    "slug",
]

COLORS: dict[str, str] = {
    "red": "attack",
    "blue": "defense",
    "black": "upgrading",
    "green": "structure",
}  # 1.10
KINDS: dict[str, str] = {  # kind -> colour it must have (TAI-1.13, TAI-1.15)
    "money": "black",
    "energy": "black",
    "burn": "black",
    "attack": "red",
    "poison": "red",
    "robber": "red",
    "firebomb": "red",
    "firstaid": "red",
    "shield": "blue",
    "shotgun": "blue",
    "medic": "blue",
    "antidote": "blue",
    "structure": "green",
}
TRACKS: tuple[str, ...] = ("aim", "strength", "skill", "healing")  # TAI-1.7: the order of a seat's levels
STRUCTURE_EFFECTS: tuple[str, ...] = ("reduce", "buy_bonus", "start_energy")  # TAI-14.14
STATS: dict[str, tuple[str, ...]] = {  # TAI-14.17: which kinds each modified stat applies to
    "attack": ("attack", "poison"),
    "block": ("shield", "shotgun"),
    "heal": ("medic", "firstaid"),
}
ZERO_VALUE_KINDS: frozenset[str] = frozenset(
    {"robber", "firebomb", "antidote", "burn", "structure"}
)  # TAI-1.14
POISON_TICKS = 4  # TAI-8.24
SHOTGUN_DAMAGE = 5  # TAI-8.8, TAI-8.9
BIG_PILE = 30  # TAI-2.15
SMALL_PILES = (10, 12)  # TAI-2.15: 2-4 players, 5-6 players
STARTING_DECK: dict[str, int] = {"Coin": 4, "Cash": 1, "Shield": 2, "Kick": 2, "Punch": 2}  # TAI-2.8
CHARACTERS = 10  # TAI-1.5, TAI-14.15

# TAI-14.2: every card the seed names, with the kind it must have.
SEED_CARDS: dict[str, str] = {
    "Coin": "money",
    "Cash": "money",
    "Gold": "money",
    "Bolt": "energy",
    "Flash": "energy",
    "Strike": "energy",
    "Punch": "attack",
    "Kick": "attack",
    "9mm": "attack",
    "Poison": "poison",
    "Robber": "robber",
    "Fire Bomb": "firebomb",
    "First Aid": "firstaid",
    "Shield": "shield",
    "Medic": "medic",
    "Antidote": "antidote",
    "Shotgun": "shotgun",
    "Burn-Barrel": "burn",
}

_DEFAULT_PACKAGE = "cardsmith.games.taidian"
_DEFAULT_FILE = "cards.toml"


def slug(name: str) -> str:
    """A short id for a card or character name (``Fire Bomb`` -> ``fire-bomb``)."""
    out = []
    for ch in name.lower():
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


@dataclass(frozen=True, slots=True)
class Card:
    """One deck-card name (all copies share it)."""

    name: str
    color: str
    type: str
    kind: str
    value: int
    icon: str
    cost: int
    text: str
    direct: bool
    counter: bool
    pile: tuple[int, int]  # (2-4 players, 5-6 players)
    ticks: int = 0
    effect: str = ""
    amount: int = 0

    def pile_size(self, players: int) -> int:
        """The supply pile size for a game of ``players`` (TAI-2.15)."""
        return self.pile[0] if players <= 4 else self.pile[1]


@dataclass(frozen=True, slots=True)
class Ability:
    """A character ability (TAI-14.17)."""

    kind: str
    cards: tuple[str, ...] = ()
    amount: int = 0
    stat: str = ""
    icon: str = ""
    below: int | None = None
    effect: str = ""
    card: str = ""


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    text: str
    ability: Ability


class CardSet(CardIndex[Card]):
    """Every deck card by name (file order), the ten characters and the track names."""

    def __init__(
        self, cards: dict[str, Card], characters: dict[str, Character], tracks: tuple[str, ...]
    ) -> None:
        self.cards = cards
        self.characters = characters
        self.tracks = tracks

    def __repr__(self) -> str:
        return f"CardSet({len(self.cards)} cards, {len(self.characters)} characters)"

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == kind]


# --------------------------------------------------------------------------- the card file's schema

Whole = Annotated[int, msgspec.Meta(ge=0)]  # TAI-1.16: numbers are whole and never negative
Positive = Annotated[int, msgspec.Meta(ge=1)]
Name = Annotated[str, msgspec.Meta(pattern=r"\S")]  # a name or text with something in it
Color = Literal["red", "blue", "black", "green"]  # TAI-1.10
Icon = Literal["aim", "strength", "skill", "healing", "none"]  # TAI-1.11
Track = Literal["aim", "strength", "skill", "healing"]
Effect = Literal["energy", "heal"]


class CardEntry(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One ``[[card]]`` table (see the header of ``cards.toml``)."""

    name: Name
    color: Color
    type: str
    kind: Literal[
        "money", "energy", "burn", "attack", "poison", "robber", "firebomb", "firstaid",
        "shield", "shotgun", "medic", "antidote", "structure",
    ]  # fmt: skip
    value: Whole
    icon: Icon
    cost: Whole
    text: str
    direct: bool
    counter: bool
    pile: Whole | list[Whole]  # checked against TAI-2.15 below
    ticks: Positive | None = None  # Poison only (TAI-8.24)
    effect: Literal["reduce", "buy_bonus", "start_energy"] | None = None  # structures only (TAI-14.14)
    amount: Positive | None = None  # structures only


class _AbilityEntry(msgspec.Struct, tag_field="kind", forbid_unknown_fields=True, frozen=True):
    """A character ability table ``{ kind = ..., ... }``: one of the kinds of TAI-14.17."""


class ExtraCards(_AbilityEntry, tag="extra_cards"):
    cards: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1)]  # TAI-2.10


class StartEnergy(_AbilityEntry, tag="start_energy"):
    amount: Positive  # TAI-2.12


class Modify(_AbilityEntry, tag="modify"):
    stat: Literal["attack", "block", "heal"]
    amount: Positive
    cards: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1)] | None = None
    icon: Track | None = None
    below: Positive | None = None  # TAI-14.16: only while the character's health is below this


class StartStep(_AbilityEntry, tag="start_step"):
    effect: Effect
    amount: Positive  # TAI-3.6


class Discount(_AbilityEntry, tag="discount"):
    amount: Positive  # TAI-10.3


class OnPlay(_AbilityEntry, tag="on_play"):
    card: Name
    effect: Effect
    amount: Positive


class CharacterEntry(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One ``[[character]]`` table."""

    name: Name
    text: Name
    ability: ExtraCards | StartEnergy | Modify | StartStep | Discount | OnPlay


class TrackNames(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    names: list[str]  # TAI-1.7


class CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The whole card file."""

    tracks: TrackNames
    card: Annotated[list[CardEntry], msgspec.Meta(min_length=1)]
    character: list[CharacterEntry] = []


# --------------------------------------------------------------------------- loading


def load_card_set(path: Path | None = None) -> CardSet:
    """Load, validate and check a card set; by default the ``cards.toml`` shipped with this package."""
    where = str(path) if path is not None else f"{_DEFAULT_PACKAGE}/{_DEFAULT_FILE}"
    data = read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE)
    card_set = parse_card_set(data, where)
    problems = card_set_problems(card_set)
    if problems:
        raise CardDataError(f"card data {where} breaks the card-set requirements: {problems[0]}")
    return card_set


def parse_card_set(data: Any, where: str = _DEFAULT_FILE) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML: checked against :class:`CardFile`, then against the card rules."""
    raw = decode(data, CardFile, where, reword=_with_rule)
    if [n.lower() for n in raw.tracks.names] != list(TRACKS):
        raise CardDataError(
            f"[tracks] names must be Aim, Strength, Skill and Healing in that order, got {raw.tracks.names!r}"
        )
    cards: dict[str, Card] = {}
    slugs: set[str] = set()
    for entry in raw.card:
        if entry.name in cards:
            raise CardDataError(f"card {entry.name!r}: field 'name' is used by two cards (TAI-1.23)")
        key = slug(entry.name)
        if not key or key in slugs:
            raise CardDataError(f"card {entry.name!r}: its short id {key!r} is not unique")
        slugs.add(key)
        cards[entry.name] = _card(entry)
    characters: dict[str, Character] = {}
    for ch in raw.character:
        if ch.name in characters:
            raise CardDataError(f"character {ch.name!r}: field 'name' is used twice (TAI-14.15)")
        if ch.name in cards:
            raise CardDataError(f"character {ch.name!r}: a deck card has the same name")
        characters[ch.name] = Character(
            ch.name, ch.text, _ability(f"character {ch.name!r} ability", ch.ability, cards)
        )
    return CardSet(cards, characters, tuple(raw.tracks.names))


# The rule each field of the schema comes from, named in a decoding error (the first field named that has one).
_FIELD_RULES = {
    "ability": "TAI-14.17",
    "value": "TAI-1.16",
    "cost": "TAI-14.13",
    "icon": "TAI-1.11",
    "color": "TAI-1.10",
    "kind": "TAI-1.13",
    "pile": "TAI-2.15",
    "ticks": "TAI-8.24",
    "effect": "TAI-14.14",
    "amount": "TAI-14.14",
}


def _with_rule(message: str) -> str:
    """A decoding error of the card file naming the rule of its field (:data:`_FIELD_RULES`)."""
    rule = next((_FIELD_RULES[f] for f in re.findall(r"field '(\w+)'", message) if f in _FIELD_RULES), None)
    return message if rule is None else f"{message} ({rule})"


def _card(entry: CardEntry) -> Card:
    """The card rules a single card is held to (TAI-1.10 .. TAI-1.16, TAI-2.15, TAI-8.2, TAI-14.13, TAI-14.14)."""
    where = f"card {entry.name!r}"
    kind, color = entry.kind, entry.color
    if entry.type != COLORS[color]:
        raise CardDataError(
            f"{where}: field 'type' is {entry.type!r}, but a {color} card is an {COLORS[color]} card (TAI-1.10)"
        )
    if KINDS[kind] != color:
        raise CardDataError(f"{where}: a {kind} card must be {KINDS[kind]}, not {color} (TAI-1.13, TAI-1.15)")
    if entry.cost < 1:
        raise CardDataError(f"{where}: field 'cost' must be 1 or more, got {entry.cost} (TAI-14.13)")
    if entry.direct != (kind == "attack"):
        raise CardDataError(f"{where}: field 'direct' must be true exactly for attack cards (TAI-1.13)")
    if entry.counter and kind != "attack":
        raise CardDataError(f"{where}: only a damage-dealing red card can be a counter (TAI-8.2)")
    if kind in ZERO_VALUE_KINDS and entry.value != 0:
        raise CardDataError(f"{where}: a {kind} card has point value 0, got {entry.value} (TAI-1.14)")
    if (entry.ticks is not None) != (kind == "poison"):
        raise CardDataError(f"{where}: field 'ticks' is for Poison cards, and only for them (TAI-8.24)")
    if (entry.effect is not None or entry.amount is not None) != (kind == "structure"):
        raise CardDataError(
            f"{where}: fields 'effect' and 'amount' are for structures, and only for them (TAI-14.14)"
        )
    if entry.effect is not None and entry.amount is None:
        raise CardDataError(f"{where}: a structure needs both 'effect' and 'amount' (TAI-14.14)")
    big = kind in ("money", "energy")
    if entry.pile != (BIG_PILE if big else list(SMALL_PILES)):
        want = BIG_PILE if big else f"[{SMALL_PILES[0]}, {SMALL_PILES[1]}] (2-4 players, 5-6 players)"
        raise CardDataError(f"{where}: field 'pile' must be {want} for a {kind} card (TAI-2.15)")
    pile = (BIG_PILE, BIG_PILE) if big else SMALL_PILES
    return Card(
        entry.name, color, entry.type, kind, entry.value, entry.icon, entry.cost, entry.text, entry.direct,
        entry.counter, pile, entry.ticks or 0, entry.effect or "", entry.amount or 0,
    )  # fmt: skip


def _ability(where: str, ab: _AbilityEntry, cards: dict[str, Card]) -> Ability:
    """The rules an ability is held to beyond its schema: the cards it names, and TAI-14.16's starting energy."""
    kind = type(ab).__struct_config__.tag
    if isinstance(ab, StartEnergy) and ab.amount > 9:
        raise CardDataError(f"{where}: starting energy must be 1 to 9, got {ab.amount} (TAI-14.16)")
    if isinstance(ab, Modify) and (ab.cards is None) == (ab.icon is None):
        raise CardDataError(f"{where}: give either 'cards' or 'icon', not both or neither (TAI-14.17)")
    named = getattr(ab, "cards", None) or ()
    for name in named:
        if name not in cards:
            raise CardDataError(f"{where}: field 'cards' names {name!r}, which is not a card")
        if isinstance(ab, ExtraCards) and cards[name].kind == "structure":
            raise CardDataError(f"{where}: a structure cannot be an extra starting card (TAI-2.10)")
        if isinstance(ab, Modify) and cards[name].kind not in STATS[ab.stat]:
            raise CardDataError(
                f"{where}: {name!r} is a {cards[name].kind} card, which this ability cannot change"
            )
    if isinstance(ab, OnPlay) and (ab.card not in cards or cards[ab.card].kind in ("structure", "antidote")):
        raise CardDataError(f"{where}: field 'card' must name a playable card, got {ab.card!r}")
    fields = {k: v for k, v in msgspec.structs.asdict(ab).items() if v is not None}
    return Ability(str(kind), **fields)


# --------------------------------------------------------------------------- section 14


def card_set_problems(cs: CardSet) -> list[str]:
    """Check the card-set requirements TAI-14.2 to TAI-14.18; returns one line per problem found."""
    problems: list[str] = []
    cards = cs.cards
    for name, kind in SEED_CARDS.items():  # TAI-14.2
        if name not in cards:
            problems.append(f"TAI-14.2: the set lacks {name!r}")
        elif cards[name].kind != kind:
            problems.append(f"TAI-14.2: {name!r} must be a {kind} card, not {cards[name].kind}")
    if problems:
        return problems
    return _attack_problems(cards) + _support_problems(cards) + _set_problems(cs)


def _attack_problems(cards: dict[str, Card]) -> list[str]:
    """TAI-14.3 .. TAI-14.6, TAI-8.2: the damage-dealing cards."""
    problems: list[str] = []
    punch, kick, nine = cards["Punch"], cards["Kick"], cards["9mm"]
    if (punch.direct, punch.icon, punch.value) != (True, "strength", 10):
        problems.append("TAI-14.3: Punch must be a damage-dealing Strength card with attack 10")
    if (kick.direct, kick.icon, kick.value) != (True, "strength", 5):
        problems.append("TAI-14.4: Kick must be a damage-dealing Strength card with attack 5")
    if not (nine.direct and nine.icon == "aim" and nine.value > 0):
        problems.append("TAI-14.5: 9mm must be a damage-dealing Aim card with attack above 0")
    if not (kick.counter and nine.counter) or punch.counter:
        problems.append("TAI-8.2: Kick and 9mm (and not Punch) are the counters")
    if not any(
        c.icon == "skill" and (c.direct or c.kind == "poison") and c.value > 0 for c in cards.values()
    ):
        problems.append("TAI-14.6: no damage-dealing red card (or Poison) bears Skill")
    return problems


def _support_problems(cards: dict[str, Card]) -> list[str]:
    """TAI-14.7 .. TAI-14.13: blocking, healing, money, energy and opening costs."""
    problems: list[str] = []
    if not any(
        c.color == "blue"
        and c.kind in ("shield", "shotgun")
        and c.value > 0
        and c.icon in ("aim", "strength", "skill")
        for c in cards.values()
    ):
        problems.append("TAI-14.7: no blue card with block above 0 bears Aim, Strength or Skill")
    for name in ("First Aid", "Medic"):
        if cards[name].icon != "healing" or cards[name].value <= 0:
            problems.append(f"TAI-14.8: {name} must bear Healing and heal more than 0")
    if cards["Shotgun"].color != "blue":
        problems.append("TAI-14.9: Shotgun must be blue")
    if cards["Shield"].value <= 0:
        problems.append("TAI-14.10: Shield needs block above 0")
    poison = cards["Poison"]
    if poison.ticks != POISON_TICKS or poison.value <= 0:
        problems.append(f"TAI-14.10: Poison needs {POISON_TICKS} ticks and tick damage above 0")
    coin, cash, gold = cards["Coin"], cards["Cash"], cards["Gold"]
    if not (coin.value >= 1 and coin.cost <= coin.value):
        problems.append("TAI-14.11: Coin needs buying power of at least 1 and cost no more than it")
    for c in (cash, gold):
        if c.cost <= c.value:
            problems.append(f"TAI-14.11, TAI-4.11: {c.name} must cost more than its buying power")
    if not coin.value < cash.value < gold.value:
        problems.append("TAI-14.11: buying power must rise from Coin to Cash to Gold")
    energies = [cards[n].value for n in ("Bolt", "Flash", "Strike")]
    if (
        len(set(energies)) != 3
        or not all(1 <= e <= 9 for e in energies)
        or all(10 % e == 0 for e in energies)
    ):
        problems.append(
            "TAI-14.12: Bolt, Flash and Strike need three different energies 1-9, one not dividing 10"
        )
    three_coins = 3 * coin.value
    for color, what in (("black", "energy"), ("red", "red"), ("blue", "blue")):
        pool = [c for c in cards.values() if c.color == color and (what != "energy" or c.kind == "energy")]
        if not any(c.cost <= three_coins for c in pool):
            problems.append(f"TAI-14.13: no {what} card costs {three_coins} or less")
    return problems


def _set_problems(cs: CardSet) -> list[str]:
    """TAI-14.14 .. TAI-14.16: structures and characters."""
    problems: list[str] = []
    structures = cs.of_kind("structure")
    effects = {c.effect for c in structures}
    if len(structures) < 3 or not set(STRUCTURE_EFFECTS) <= effects:
        problems.append("TAI-14.14: the set needs structures for damage reduction, buying power and energy")
    chars = list(cs.characters.values())
    if len(chars) != CHARACTERS:
        problems.append(f"TAI-14.15: the set needs exactly {CHARACTERS} characters, it has {len(chars)}")
    abilities = [c.ability for c in chars]
    if len(set(abilities)) != len(abilities):
        problems.append("TAI-14.15: two characters have the same ability")
    if not any(a.kind == "extra_cards" for a in abilities):
        problems.append("TAI-14.16: no ability grants extra starting cards")
    if not any(a.kind == "start_energy" and 1 <= a.amount <= 9 for a in abilities):
        problems.append("TAI-14.16: no ability grants starting energy 1-9")
    if not any(a.kind == "modify" and a.below is not None for a in abilities):
        problems.append("TAI-14.16: no combat ability depends on a condition")
    return problems


# --------------------------------------------------------------------------- words


def describe_ability(character: Character) -> str:
    return f"{character.name}: {character.text}"
