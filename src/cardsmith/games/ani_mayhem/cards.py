"""Card data and card loader for Ani-Mayhem.

The card set lives in ``cards.toml`` next to this module; its header documents the format. :func:`parse_card_set`
decodes it with :func:`cardsmith.core.carddata.decode` against the msgspec structs of :mod:`.card_schema` (a
missing or unknown key, a wrong type or a value out of range is one error naming the file, the card and the key),
then checks what one key alone cannot say (the skill pool, the targets and durations a card type allows, the deck
lists) and builds the records of :mod:`.card_defs`; each refusal is a :class:`CardDataError` naming the file, the
card and the key. :func:`validate_deck` (the deck-construction rules AM-2.2 to AM-2.15) and
:func:`card_set_problems` (rules section 14) live in :mod:`.decks` and are exported here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardsmith.core.carddata import decode, read_card_toml
from cardsmith.core.errors import CardDataError, DeckError

from .card_defs import (
    AIMS,
    ATTR_NAMES,
    ATTRS,
    CARD_TYPES,
    COMBAT_MOD_MAX,
    COMBAT_MOD_MIN,
    DESTROY_TARGETS,
    DISASTER_TARGETS,
    DURATIONS,
    GENDERS,
    KEYWORDS,
    LIMIT_PERIODS,
    LOCATIONS_PER_PLAYER,
    MAX_COPIES,
    MAX_PLAYERS,
    NO_SYMBOL_TYPES,
    OFF_FIELD_DURATIONS,
    POWER_TARGETS,
    POWER_TYPES,
    SPECIAL_SYMBOLS,
    STEAL_SOURCES,
    SYMBOL_TYPES,
    VEHICLE,
    VERBS,
    Card,
    CardSet,
    Deck,
    Effect,
    attr_label,
    locations_per_player,
)
from .card_schema import (
    CardEntry,
    CardFile,
    Character,
    Combat,
    DeckEntry,
    DestroyLocation,
    Disaster,
    Enhancement,
    Equipment,
    Flash,
    Global,
    GrantSkill,
    Haven,
    Item,
    Lasting,
    Location,
    Modify,
    Power,
    Targeted,
)
from .card_schema import Effect as EffectEntry
from .decks import card_set_problems, deck_requirements, validate_deck

__all__ = [
    "AIMS",
    "ATTRS",
    "ATTR_NAMES",
    "CARD_TYPES",
    "COMBAT_MOD_MAX",
    "COMBAT_MOD_MIN",
    "DESTROY_TARGETS",
    "DISASTER_TARGETS",
    "DURATIONS",
    "GENDERS",
    "KEYWORDS",
    "LIMIT_PERIODS",
    "LOCATIONS_PER_PLAYER",
    "MAX_COPIES",
    "MAX_PLAYERS",
    "NO_SYMBOL_TYPES",
    "OFF_FIELD_DURATIONS",
    "POWER_TARGETS",
    "POWER_TYPES",
    "SPECIAL_SYMBOLS",
    "STEAL_SOURCES",
    "SYMBOL_TYPES",
    "VEHICLE",
    "VERBS",
    "Card",
    "CardSet",
    "Deck",
    "Effect",
    "attr_label",
    "card_set_problems",
    "deck_requirements",
    "describe_card",
    "load_card_set",
    "locations_per_player",
    "parse_card_set",
    "sample_card_set",
    "validate_deck",
]

_DEFAULT_PACKAGE = "cardsmith.games.ani_mayhem"
_DEFAULT_FILE = "cards.toml"
# The card types a deck's power table may list: the Power cards, and the extra Havens of AM-13.5.
_DECK_POWER_TYPES = ("enhancement", "equipment", "flash", "global", "haven")

# --------------------------------------------------------------------------- the schema's errors in the file's words

# The closed lists a key's value must come from (the schema holds them as Literals), for the words of a refusal.
# Only DESTROY_LOCATION's target is a closed list; the targets of the other verbs depend on the card (AM-11.9).
_CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "type": (CARD_TYPES, "AM-1.6 to AM-1.8"),
    "verb": (VERBS, "AM-11.1"),
    "attr": (ATTRS, "AM-1.3"),
    "from": (STEAL_SOURCES, "AM-11.4"),
    "target": (DESTROY_TARGETS, "AM-11.5"),
    "gender": (GENDERS, "AM-1.12"),
    "aim": (AIMS, "AM-10.18"),
    "symbols": (SPECIAL_SYMBOLS, "AM-1.11"),
    "keywords": (KEYWORDS, "AM-11.1"),
    "off_field": (OFF_FIELD_DURATIONS, "AM-11.10"),
    "when": (("leave",), "AM-10.24"),
}
_UNKNOWN_KEY = re.compile(r"Object contains unknown field `([^`]*)`")
_MISSING_KEY = re.compile(r"Object missing required field `([^`]*)`")
_BAD_CHOICE = re.compile(r"field '(\w+)'((?:, item \d+)?): Invalid (?:enum )?value ('.*')$")


def _one_of(choices: tuple[str, ...]) -> str:
    listed = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]
    return ("one of " if len(choices) > 3 else "") + listed


def _in_file_words(message: str) -> str:
    """A schema error said with the card file's words: keys (not fields), and the values a closed list allows."""
    message = _UNKNOWN_KEY.sub(r"unknown key '\1'", message)
    message = _MISSING_KEY.sub(r"key \1 missing", message)
    bad = _BAD_CHOICE.search(message)
    if bad and bad[1] in _CHOICES:
        key, (choices, rule) = bad[1], _CHOICES[bad[1]]
        said = f"field {key!r}{bad[2]}: unknown {key} {bad[3]} ({key} must be {_one_of(choices)}, {rule})"
        message = message[: bad.start()] + said
    return message


def _refuse(where: str, key: str, message: str) -> CardDataError:
    return CardDataError(f"{where}, field {key!r}: {message}")


def _distinct(where: str, key: str, names: tuple[str, ...]) -> tuple[str, ...]:
    if len(set(names)) != len(names):
        raise _refuse(where, key, f"lists a name twice: {list(names)!r}")
    return names


def _skills(where: str, key: str, names: tuple[str, ...], pool: tuple[str, ...]) -> tuple[str, ...]:
    for skill in _distinct(where, key, names):
        if skill not in pool:
            raise _refuse(
                where, key, f"{skill!r} is not one of the set's skills ({', '.join(pool)}) (AM-14.2)"
            )
    return names


def _read(where: str, key: str, text: str, pattern: re.Pattern[str], form: str, rule: str) -> re.Match[str]:
    """The parts of a short text value (a cost, a limit, when a Disaster runs away), or a refusal saying its form."""
    found = pattern.fullmatch(text)
    if found is None:
        raise _refuse(where, key, f"{key} {form}, got {text!r} ({rule})")
    return found


_COST = re.compile(rf"({'|'.join(ATTRS)}) ([1-9])")  # AM-1.18
_LIMIT = re.compile(rf"([1-9])/({'|'.join(LIMIT_PERIODS)})")  # AM-10.9
_RUNS_AWAY = re.compile(r"after ([1-9]|1[0-9]|20)|damaged")  # AM-11.11

# --------------------------------------------------------------------------- effects (rules section 11)


def _effects(
    where: str, card: CardEntry, effects: tuple[EffectEntry, ...], pool: tuple[str, ...]
) -> tuple[Effect, ...]:
    off_field = bool(getattr(card, "off_field", ""))
    return tuple(
        _effect(f"{where}, effects[{i}]", e, card.type, pool, off_field) for i, e in enumerate(effects)
    )


def _allowed(where: str, e: EffectEntry, key: str, allowed: tuple[str, ...], rule: str) -> None:
    """Which targets and durations an effect may name depends on its card's type (AM-11.9, AM-11.10)."""
    value = getattr(e, key)
    if value not in allowed:
        raise _refuse(
            where, key, f"{e.verb}: {key} {value!r} is not allowed here ({rule} allows {', '.join(allowed)})"
        )


def _effect(where: str, e: EffectEntry, card_type: str, pool: tuple[str, ...], off_field: bool) -> Effect:
    is_disaster = card_type == "disaster"
    fields = {key: getattr(e, key) for key in e.__struct_fields__}
    if isinstance(e, Targeted):
        targets = DISASTER_TARGETS if is_disaster else POWER_TARGETS
        if is_disaster and off_field:
            targets = ("field",)  # AM-5.27 / AM-14.7: an Off the Field Disaster acts on the whole Field
        _allowed(where, e, "target", targets, "AM-11.9")
    if isinstance(e, Lasting):
        _allowed(
            where, e, "duration", OFF_FIELD_DURATIONS if is_disaster and off_field else DURATIONS, "AM-11.10"
        )
    if isinstance(e, Modify):
        if e.when is not None and card_type != "haven":
            raise _refuse(where, "when", 'only a Haven\'s MODIFY may say when = "leave"')
        fields.update(op="+" if e.value[0] in "+-" else "=", value=int(e.value))  # AM-10.10
    if isinstance(e, GrantSkill):
        if bool(e.skill) == bool(e.scavenge.strip()):
            raise _refuse(where, "skill", "GRANT_SKILL needs exactly one of skill or scavenge (AM-11.3)")
        if e.skill and e.skill not in pool:
            raise _refuse(
                where, "skill", f"GRANT_SKILL: {e.skill!r} is not one of the set's skills (AM-14.2)"
            )
    if isinstance(e, DestroyLocation) and (e.target == "within") != (e.n is not None):
        raise _refuse(
            where, "n", "DESTROY_LOCATION names n steps with target within, and only then (AM-11.5)"
        )
    if card_type == "item" and not (
        isinstance(e, Modify) and e.target == "bearer" and e.duration == "attached"
    ):
        raise _refuse(
            where,
            "verb",
            "an Item's effects are modifier buttons: MODIFY, target bearer, duration attached (AM-1.14)",
        )
    return Effect(e.verb, **{key: value for key, value in fields.items() if value is not None}, kind=type(e))


# --------------------------------------------------------------------------- cards (rules section 1)


def _character(c: Character, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    return {
        **{"atk": c.atk, "dfn": c.dfn, "mov": c.mov, "cha": c.cha, "nrg": c.nrg},
        "skills": _skills(where, "skills", c.skills, pool),
        "gender": c.gender,
    }


def _location(c: Location, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    if not c.categories and not c.symbols:
        raise _refuse(where, "categories", "a Location lists at least one Category (AM-14.4)")
    return {"skills": _skills(where, "skills", c.skills, pool)}


def _item(c: Item, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    if not c.categories and not c.symbols:
        raise _refuse(where, "categories", "every Item has a Category (AM-14.5)")
    return {"effects": _effects(where, c, c.effects, pool)}


def _haven(c: Haven, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    return {"effects": _effects(where, c, c.effects, pool)}


def _power(c: Power, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    kw: dict[str, Any] = {"requires": _skills(where, "requires", c.requires, pool)}
    if c.cost is not None:
        cost = _read(where, "cost", c.cost, _COST, 'must read like "nrg 2"', "AM-1.18")
        kw["cost"] = (cost[1], int(cost[2]))
    if c.limit is not None:
        limit = _read(where, "limit", c.limit, _LIMIT, 'must read "N/turn" or "N/game"', "AM-10.9")
        kw["limit"] = (int(limit[1]), limit[2])
    kw["effects"] = effects = _effects(where, c, c.effects, pool)
    if (
        isinstance(c, Equipment)
        and VEHICLE in c.categories
        and any(e.verb == "MODIFY" and e.op != "=" for e in effects)
    ):
        raise _refuse(where, "effects", "a Vehicle's buttons replace attributes (unsigned values, AM-14.9)")
    if isinstance(c, Flash):
        kw["aim"] = c.aim
        if c.aim != "own" and any(e.verb == "DESTROY_LOCATION" for e in effects):
            raise _refuse(
                where, "aim", "a Flash Effect that destroys its user's Location aims at your own Character"
            )
    return kw


def _combat(c: Combat, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    return {"charm": c.charm, "attack": c.attack, "defense": c.defense}


def _disaster(c: Disaster, where: str, pool: tuple[str, ...]) -> dict[str, Any]:
    if c.damage is not None and c.atk is not None:
        raise _refuse(where, "damage", "give Attack as atk or as damage, not both (AM-1.4)")
    atk = c.atk if c.damage is None else c.damage
    runs_away: tuple[str, int] | None = None
    if c.runs_away is not None:
        form = 'must be "after <round 1 to 20>" or "damaged"'
        runs = _read(where, "runs_away", c.runs_away, _RUNS_AWAY, form, "AM-11.11")
        runs_away = ("after", int(runs[1])) if runs[1] else ("damaged", 0)
    combat = atk is not None and c.dfn is not None  # AM-1.17
    if not combat and (c.keywords or runs_away):
        raise _refuse(where, "keywords", "STEALS, MOVES_ONCE and RUNS_AWAY are for Combat Disasters (AM-5.2)")
    if combat == bool(c.effects):
        said = "fights; only Non-Combat Disasters carry effects" if combat else "needs effects to carry out"
        raise _refuse(where, "effects", f"a {'Combat' if combat else 'Non-Combat'} Disaster {said} (AM-5.17)")
    if c.off_field and c.mov is not None:
        raise _refuse(
            where, "mov", "an Off the Field Disaster never moves, so it prints no Movement (AM-5.27)"
        )
    return {
        **{"atk": atk, "dfn": c.dfn, "mov": c.mov, "cha": c.cha, "nrg": c.nrg},
        "major": c.major,
        "keywords": frozenset(_distinct(where, "keywords", c.keywords)),
        "runs_away": runs_away,
        "off_field": c.off_field,
        "effects": _effects(where, c, c.effects, pool),
    }


_BUILD: dict[type, Callable[[Any, str, tuple[str, ...]], dict[str, Any]]] = {
    Character: _character,
    Location: _location,
    Item: _item,
    Haven: _haven,
    Enhancement: _power,
    Equipment: _power,
    Flash: _power,
    Global: _power,
    Combat: _combat,
    Disaster: _disaster,
}


def _card(entry: CardEntry, index: int, pool: tuple[str, ...], file: str) -> Card:
    where = f"card data {file}: card[{index}] {entry.name!r}"
    cats = frozenset(entry.categories) | frozenset(entry.symbols)  # AM-1.11: the symbols count as Categories
    return Card(
        name=entry.name,
        type=entry.type,
        text=entry.text,
        categories=_distinct(where, "categories", entry.categories),
        symbols=_distinct(where, "symbols", entry.symbols),
        cats=cats,
        **_BUILD[type(entry)](entry, where, pool),
    )


# --------------------------------------------------------------------------- decks and the whole file


def _known(
    where: str, key: str, names: tuple[str, ...], cards: dict[str, Card], kinds: tuple[str, ...]
) -> None:
    for name in names:
        card = cards.get(name)
        if card is None:
            raise _refuse(where, key, f"unknown card {name!r}")
        if card.type not in kinds:
            raise _refuse(where, key, f"{name!r} is a card of type {card.type}, not {' or '.join(kinds)}")


def _deck(d: DeckEntry, index: int, cards: dict[str, Card], file: str) -> Deck:
    where = f"card data {file}: deck[{index}] {d.id!r}"
    _known(where, "haven", (d.haven,), cards, ("haven", "location"))  # a spare Location may stand in, AM-2.10
    _known(where, "characters", d.characters, cards, ("character",))
    _known(where, "locations", d.locations, cards, ("location",))
    tables = {
        "items": ("item",),
        "power": _DECK_POWER_TYPES,
        "disasters": ("disaster",),
        "combat": ("combat",),
    }
    for key, kinds in tables.items():
        table: dict[str, int] = getattr(d, key)
        _known(where, key, tuple(table), cards, kinds)
        for name, n in table.items():
            if n < 1:
                raise _refuse(where, key, f"{name!r}: {n} copies; a count is at least 1")
    return Deck(
        id=d.id,
        title=d.title or d.id,
        players=d.players,
        haven=d.haven,
        characters=d.characters,
        locations=d.locations,
        items=tuple(d.items.items()),
        power=tuple(d.power.items()),
        disasters=tuple(d.disasters.items()),
        combat=tuple(d.combat.items()),
    )


def parse_card_set(data: dict[str, Any], *, check_decks: bool = True, where: str = _DEFAULT_FILE) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML: the schema first, then every card (and each sample deck's
    legality); ``where`` names the file in errors."""
    raw = decode(data, CardFile, where, reword=_in_file_words)
    cards: dict[str, Card] = {}
    for i, entry in enumerate(raw.card):
        if entry.name in cards:
            raise CardDataError(
                f"card data {where}: card[{i}] {entry.name!r} is defined twice (copies share one definition, AM-2.2)"
            )
        cards[entry.name] = _card(entry, i, raw.skills, where)
    decks: dict[str, Deck] = {}
    for i, entry in enumerate(raw.deck):
        if entry.id in decks:
            raise CardDataError(f"card data {where}: deck[{i}] {entry.id!r} is defined twice")
        decks[entry.id] = _deck(entry, i, cards, where)
    out = CardSet(cards, raw.skills, decks)
    if check_decks:
        for deck in decks.values():
            for players in deck.players:
                try:
                    validate_deck(deck, out, players)
                except DeckError as exc:
                    raise CardDataError(f"card data {where}: sample {exc}") from None
    return out


def load_card_set(path: str | Path | None = None) -> CardSet:
    """Load and check the card file (the packaged ``cards.toml`` by default)."""
    where = str(path) if path is not None else f"{_DEFAULT_PACKAGE}/{_DEFAULT_FILE}"
    return parse_card_set(read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE), where=where)


@functools.cache
def sample_card_set() -> CardSet:
    """The packaged card set, loaded once (the game and its action space share it)."""
    return load_card_set()


# --------------------------------------------------------------------------- words


def describe_card(card: Card) -> str:
    """A one-line description of a card for people."""
    parts = [f"{card.name} [{card.kind}]"]
    stats = [f"{attr_label(a)[:3]} {card.attr(a)}" for a in ATTRS if card.attr(a) is not None]
    if stats:
        parts.append(", ".join(stats))
    if card.type == "combat":
        parts.append(f"Charm {card.charm:+d} / Attack {card.attack:+d}, Defense {card.defense:+d}")
    if card.skills:
        parts.append(("needs " if card.type == "location" else "skills ") + ", ".join(card.skills))
    elif card.type == "location":
        parts.append("needs no skills")
    if card.cost:
        parts.append(f"cost {attr_label(card.cost[0])} {card.cost[1]}")
    if card.requires:
        parts.append("requires " + ", ".join(card.requires))
    if card.limit:
        parts.append(f"{card.limit[0]} per {card.limit[1]}")
    if card.effects:
        parts.append("; ".join(e.words() for e in card.effects))
    kws = sorted(card.keywords)
    if card.runs_away:
        kws.append("RUNS_AWAY")
    if card.off_field:
        kws.append("OFF_FIELD")
    if kws:
        parts.append(" ".join(kws))
    cats = list(card.categories) + list(card.symbols)
    if cats:
        parts.append("« " + ", ".join(cats) + " »")
    return " - ".join(parts)
