"""Card data, card loader and card-set checks for Taking of Taidian.

The card set lives in ``cards.toml`` next to this module; its header documents the format. :func:`parse_card_set`
checks the data strictly against the schema (card rules TAI-1.10 to TAI-1.16, TAI-2.15), and
:func:`card_set_problems` checks the card-set requirements of rules section 14. :func:`load_card_set` does both and
refuses a set with any problem, so a game is never built on card data that breaks the rules document.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.core.carddata import read_card_toml
from cardsmith.core.errors import CardDataError

__all__ = [
    "ABILITY_KINDS",
    "Ability",
    "Card",
    "CardSet",
    "Character",
    "KINDS",
    "SHOTGUN_DAMAGE",
    "STARTING_DECK",
    "TRACKS",
    "card_set_problems",
    "describe_card",
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
ICONS: tuple[str, ...] = ("aim", "strength", "skill", "healing", "none")
TRACKS: tuple[str, ...] = ("aim", "strength", "skill", "healing")  # TAI-1.7: the order of g["lv"][seat]
STRUCTURE_EFFECTS: tuple[str, ...] = ("reduce", "buy_bonus", "start_energy")  # TAI-14.14
ABILITY_KINDS: tuple[str, ...] = (
    "extra_cards",
    "start_energy",
    "modify",
    "start_step",
    "discount",
    "on_play",
)
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


class CardSet:
    """Every deck card by name (file order), the ten characters and the track names."""

    def __init__(
        self, cards: dict[str, Card], characters: dict[str, Character], tracks: tuple[str, ...]
    ) -> None:
        self.cards = cards
        self.characters = characters
        self.tracks = tracks

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"CardSet({len(self.cards)} cards, {len(self.characters)} characters)"

    def get(self, name: str) -> Card:
        """The card called ``name``; raises :class:`CardDataError` if there is none."""
        try:
            return self.cards[name]
        except KeyError:
            raise CardDataError(f"unknown card {name!r}") from None

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == kind]


# --------------------------------------------------------------------------- loading


def load_card_set(path: Path | None = None) -> CardSet:
    """Load, validate and check a card set; by default the ``cards.toml`` shipped with this package."""
    where = str(path) if path is not None else f"{_DEFAULT_PACKAGE}/{_DEFAULT_FILE}"
    data = read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE)
    card_set = parse_card_set(data)
    problems = card_set_problems(card_set)
    if problems:
        raise CardDataError(f"card data {where} breaks the card-set requirements: {problems[0]}")
    return card_set


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table_list(value: object, key: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise CardDataError(f"card data key {key!r} must be an array of tables ([[{key}]])")
    return value


def _reject_unknown(where: str, raw: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for key in raw:
        if key not in allowed:
            raise CardDataError(f"{where}: unknown field {key!r}")


def _str(where: str, raw: dict[str, Any], key: str, *, empty: bool = False) -> str:
    if key not in raw:
        raise CardDataError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise CardDataError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def _int(where: str, raw: dict[str, Any], key: str, low: int, rule: str) -> int:
    if key not in raw:
        raise CardDataError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if not _is_int(value) or value < low:
        raise CardDataError(
            f"{where}: field {key!r} must be a whole number of {low} or more, got {value!r} ({rule})"
        )
    return value


def _bool(where: str, raw: dict[str, Any], key: str) -> bool:
    if key not in raw:
        raise CardDataError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: field {key!r} must be true or false, got {value!r}")
    return value


def parse_card_set(data: dict[str, Any]) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML; refuses anything outside the card schema."""
    if not isinstance(data, dict):
        raise CardDataError("card data must be a table with [tracks], [[card]] and [[character]] entries")
    unknown = sorted(set(data) - {"tracks", "card", "character"})
    if unknown:
        raise CardDataError(f"card data has unknown top-level key(s): {', '.join(map(repr, unknown))}")
    tracks = _parse_tracks(data.get("tracks"))
    raw_cards = _table_list(data.get("card", []), "card")
    if not raw_cards:
        raise CardDataError("card data defines no cards")
    cards: dict[str, Card] = {}
    slugs: dict[str, str] = {}
    for index, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, index)
        if card.name in cards:
            raise CardDataError(f"card {card.name!r}: field 'name' is used by two cards (TAI-1.23)")
        key = slug(card.name)
        if not key or key in slugs:
            raise CardDataError(f"card {card.name!r}: its short id {key!r} is not unique")
        slugs[key] = card.name
        cards[card.name] = card
    characters: dict[str, Character] = {}
    for index, raw in enumerate(_table_list(data.get("character", []), "character"), start=1):
        character = _parse_character(raw, index, cards)
        if character.name in characters:
            raise CardDataError(f"character {character.name!r}: field 'name' is used twice (TAI-14.15)")
        if character.name in cards:
            raise CardDataError(f"character {character.name!r}: a deck card has the same name")
        characters[character.name] = character
    return CardSet(cards, characters, tracks)


def _parse_tracks(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, dict) or set(raw) != {"names"}:
        raise CardDataError("card data needs a [tracks] table with exactly the key 'names' (TAI-1.7)")
    names = raw["names"]
    if not isinstance(names, list) or [n.lower() if isinstance(n, str) else n for n in names] != list(TRACKS):
        raise CardDataError(
            f"[tracks] names must be Aim, Strength, Skill and Healing in that order, got {names!r}"
        )
    return tuple(names)


_CARD_FIELDS = (
    "name",
    "color",
    "type",
    "kind",
    "value",
    "icon",
    "cost",
    "text",
    "direct",
    "counter",
    "pile",
    "ticks",
    "effect",
    "amount",
)


def _parse_card(raw: dict[str, Any], index: int) -> Card:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"card #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"card {name!r}"
    _reject_unknown(where, raw, _CARD_FIELDS)
    color = _str(where, raw, "color")
    if color not in COLORS:
        raise CardDataError(
            f"{where}: field 'color' is {color!r}, but a card is red, blue, black or green (TAI-1.10)"
        )
    ctype = _str(where, raw, "type")
    if ctype != COLORS[color]:
        raise CardDataError(
            f"{where}: field 'type' is {ctype!r}, but a {color} card is an {COLORS[color]} card (TAI-1.10)"
        )
    kind = _str(where, raw, "kind")
    if kind not in KINDS:
        raise CardDataError(f"{where}: field 'kind' is {kind!r}, which is not one of {', '.join(KINDS)}")
    if KINDS[kind] != color:
        raise CardDataError(f"{where}: a {kind} card must be {KINDS[kind]}, not {color} (TAI-1.13, TAI-1.15)")
    value = _int(where, raw, "value", 0, "TAI-1.16")
    icon = _str(where, raw, "icon")
    if icon not in ICONS:
        raise CardDataError(f"{where}: field 'icon' is {icon!r}, not one of {', '.join(ICONS)} (TAI-1.11)")
    cost = _int(where, raw, "cost", 1, "TAI-14.13")
    text = _str(where, raw, "text", empty=True)
    direct = _bool(where, raw, "direct")
    counter = _bool(where, raw, "counter")
    if direct != (kind == "attack"):
        raise CardDataError(f"{where}: field 'direct' must be true exactly for attack cards (TAI-1.13)")
    if counter and kind != "attack":
        raise CardDataError(f"{where}: only a damage-dealing red card can be a counter (TAI-8.2)")
    if kind in ZERO_VALUE_KINDS and value != 0:
        raise CardDataError(f"{where}: a {kind} card has point value 0, got {value} (TAI-1.14)")
    pile = _parse_pile(where, raw.get("pile"), kind)
    ticks = 0
    if kind == "poison":
        ticks = _int(where, raw, "ticks", 1, "TAI-8.24")
    elif "ticks" in raw:
        raise CardDataError(f"{where}: field 'ticks' is only for Poison cards")
    effect, amount = "", 0
    if kind == "structure":
        effect = _str(where, raw, "effect")
        if effect not in STRUCTURE_EFFECTS:
            raise CardDataError(
                f"{where}: field 'effect' is {effect!r}, not one of {', '.join(STRUCTURE_EFFECTS)} (TAI-14.14)"
            )
        amount = _int(where, raw, "amount", 1, "TAI-14.14")
    else:
        for key in ("effect", "amount"):
            if key in raw:
                raise CardDataError(f"{where}: field {key!r} is only for structures")
    return Card(
        name, color, ctype, kind, value, icon, cost, text, direct, counter, pile, ticks, effect, amount
    )


def _parse_pile(where: str, raw: object, kind: str) -> tuple[int, int]:
    if kind in ("money", "energy"):
        if raw != BIG_PILE or isinstance(raw, bool):
            raise CardDataError(f"{where}: field 'pile' must be {BIG_PILE} for a {kind} card (TAI-2.15)")
        return (BIG_PILE, BIG_PILE)
    if raw != list(SMALL_PILES):
        raise CardDataError(
            f"{where}: field 'pile' must be [{SMALL_PILES[0]}, {SMALL_PILES[1]}] (2-4 players, 5-6 players) (TAI-2.15)"
        )
    return SMALL_PILES


_ABILITY_FIELDS: dict[str, tuple[str, ...]] = {
    "extra_cards": ("kind", "cards"),
    "start_energy": ("kind", "amount"),
    "modify": ("kind", "stat", "cards", "icon", "amount", "below"),
    "start_step": ("kind", "effect", "amount"),
    "discount": ("kind", "amount"),
    "on_play": ("kind", "card", "effect", "amount"),
}


def _parse_character(raw: dict[str, Any], index: int, cards: dict[str, Card]) -> Character:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"character #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"character {name!r}"
    _reject_unknown(where, raw, ("name", "text", "ability"))
    text = _str(where, raw, "text")
    ab = raw.get("ability")
    if not isinstance(ab, dict):
        raise CardDataError(f"{where}: field 'ability' must be a table {{ kind = ..., ... }} (TAI-14.17)")
    kind = ab.get("kind")
    if kind not in ABILITY_KINDS:
        raise CardDataError(
            f"{where}: ability kind {kind!r} is not one of {', '.join(ABILITY_KINDS)} (TAI-14.17)"
        )
    where = f"{where} ability"
    _reject_unknown(where, ab, _ABILITY_FIELDS[kind])

    def card_names(key: str, allowed_kinds: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = ab.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise CardDataError(f"{where}: field {key!r} must be a non-empty list of card names")
        for v in value:
            if v not in cards:
                raise CardDataError(f"{where}: field {key!r} names {v!r}, which is not a card")
            if allowed_kinds is not None and cards[v].kind not in allowed_kinds:
                raise CardDataError(
                    f"{where}: {v!r} is a {cards[v].kind} card, which this ability cannot change"
                )
        return tuple(value)

    if kind == "extra_cards":  # TAI-2.10
        names = card_names("cards")
        for v in names:
            if cards[v].kind == "structure":
                raise CardDataError(f"{where}: a structure cannot be an extra starting card")
        return Character(name, text, Ability(kind, cards=names))
    if kind == "start_energy":  # TAI-2.12, TAI-14.16
        amount = _int(where, ab, "amount", 1, "TAI-14.16")
        if amount > 9:
            raise CardDataError(f"{where}: starting energy must be 1 to 9, got {amount} (TAI-14.16)")
        return Character(name, text, Ability(kind, amount=amount))
    if kind == "modify":
        stat = ab.get("stat")
        if stat not in STATS:
            raise CardDataError(f"{where}: field 'stat' must be attack, block or heal, got {stat!r}")
        amount = _int(where, ab, "amount", 1, "TAI-14.17")
        below = None
        if "below" in ab:
            below = _int(where, ab, "below", 1, "TAI-14.16")
        if ("cards" in ab) == ("icon" in ab):
            raise CardDataError(f"{where}: give either 'cards' or 'icon', not both or neither")
        if "cards" in ab:
            return Character(
                name,
                text,
                Ability(kind, cards=card_names("cards", STATS[stat]), amount=amount, stat=stat, below=below),
            )
        icon = ab["icon"]
        if icon not in TRACKS:
            raise CardDataError(f"{where}: field 'icon' must be one of {', '.join(TRACKS)}, got {icon!r}")
        return Character(name, text, Ability(kind, amount=amount, stat=stat, icon=icon, below=below))
    if kind in ("start_step", "on_play"):
        effect = ab.get("effect")
        if effect not in ("energy", "heal"):
            raise CardDataError(f"{where}: field 'effect' must be 'energy' or 'heal', got {effect!r}")
        amount = _int(where, ab, "amount", 1, "TAI-14.17")
        card = ""
        if kind == "on_play":
            card = _str(where, ab, "card")
            if card not in cards or cards[card].kind in ("structure", "antidote"):
                raise CardDataError(f"{where}: field 'card' must name a playable card, got {card!r}")
        return Character(name, text, Ability(kind, amount=amount, effect=effect, card=card))
    amount = _int(where, ab, "amount", 1, "TAI-14.17")  # discount
    return Character(name, text, Ability(kind, amount=amount))


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

_KIND_WORDS: dict[str, str] = {
    "money": "buying power",
    "energy": "energy",
    "attack": "attack",
    "poison": "damage per tick",
    "firstaid": "healing",
    "medic": "healing",
    "shield": "block",
    "shotgun": "block",
}


def describe_card(card: Card) -> str:
    """A one-line description for players."""
    head = f"{card.name} [{card.color} {card.kind}, cost {card.cost}"
    if card.icon != "none":
        head += f", {card.icon.capitalize()}"
    head += "]"
    word = _KIND_WORDS.get(card.kind)
    stat = f" {word} {card.value}" if word else ""
    return f"{head}{stat}: {card.text}" if card.text else head + stat


def describe_ability(character: Character) -> str:
    return f"{character.name}: {character.text}"
