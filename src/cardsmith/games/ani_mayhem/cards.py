"""Card data, card loader and deck validation for Ani-Mayhem.

The card set lives in ``cards.toml`` next to this module; its header documents the format. :func:`parse_card_set`
checks the data strictly against the card rules (AM-1.x, section 11) and refuses anything else with a
:class:`CardDataError` naming the card. :func:`validate_deck` applies the deck-construction rules AM-2.2 to AM-2.15
and says which rule a deck breaks and by how much. :func:`card_set_problems` checks the card-set requirements of
rules section 14.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsmith.core.carddata import read_card_toml
from cardsmith.core.errors import CardDataError, DeckError

__all__ = [
    "ATTRS",
    "Card",
    "CardSet",
    "Deck",
    "Effect",
    "attr_label",
    "deck_requirements",
    "card_set_problems",
    "describe_card",
    "load_card_set",
    "sample_card_set",
    "parse_card_set",
    "validate_deck",
]

# --------------------------------------------------------------------------- vocabulary

ATTRS: tuple[str, ...] = ("atk", "def", "mov", "cha", "nrg")  # AM-1.3, in print order
ATTR_NAMES = {"atk": "Attack", "def": "Defense", "mov": "Movement", "cha": "Charm", "nrg": "Energy"}
CARD_TYPES: tuple[str, ...] = (
    "character",
    "location",
    "item",
    "haven",
    "enhancement",
    "equipment",
    "flash",
    "global",
    "combat",
    "disaster",
)
NO_SYMBOL_TYPES = frozenset({"character", "location", "item"})  # AM-1.6
SYMBOL_TYPES = frozenset({"enhancement", "equipment", "flash", "global", "combat", "disaster"})  # AM-1.7
POWER_TYPES = frozenset({"enhancement", "equipment", "flash", "global"})  # AM-1.9
SPECIAL_SYMBOLS = ("Science", "Dimensional", "Planetary")  # AM-1.11
GENDERS = ("male", "female", "none")  # AM-1.12
VERBS = ("MODIFY", "GRANT_SKILL", "STEAL_ITEM", "DESTROY_LOCATION", "HEAL", "MOVE", "BONK")  # AM-11.1
KEYWORDS = ("STEALS", "MOVES_ONCE")  # AM-11.1 (RUNS_AWAY and OFF_FIELD have their own keys)
POWER_TARGETS = ("bearer", "here", "any", "own_field")  # AM-11.9
DISASTER_TARGETS = ("each", "random") + tuple(f"highest_{a}" for a in ATTRS)  # AM-11.9
DURATIONS = ("attached", "round", "phase", "turn", "owner_next")  # AM-11.10
AIMS = ("character", "disaster", "either", "own")  # AM-10.18
VEHICLE = "Vehicle"  # AM-10.15
COMBAT_MOD_MIN, COMBAT_MOD_MAX = -2, 4  # AM-14.12
MAX_COPIES = 3  # AM-2.2
LOCATIONS_PER_PLAYER = {1: 9, 2: 7, 3: 5, 4: 5}  # AM-2.7; 5 or more players: 4
MAX_PLAYERS = 6  # AM-1.2

_DEFAULT_PACKAGE = "cardsmith.games.ani_mayhem"
_DEFAULT_FILE = "cards.toml"


def attr_label(attr: str) -> str:
    """The attribute's name for people (``atk`` -> ``Attack``)."""
    return ATTR_NAMES[attr]


def locations_per_player(players: int) -> int:
    """AM-2.7: how many Locations each player brings."""
    return LOCATIONS_PER_PLAYER.get(players, 4)


# --------------------------------------------------------------------------- card types


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect in the vocabulary of rules section 11.

    ``op`` is ``"+"`` for a signed value (added) or ``"="`` for an unsigned one (replaces, AM-10.10); ``value`` is
    the signed amount or the replacing value. ``scavenge`` names a Category for GRANT_SKILL "Scavenge X" (AM-7.4).
    """

    verb: str
    target: str = ""
    attr: str = ""
    op: str = ""
    value: int = 0
    duration: str = ""
    skill: str = ""
    scavenge: str = ""
    source: str = ""
    n: int = 0
    when: str = ""

    def words(self) -> str:
        """The effect in short words."""
        if self.verb == "MODIFY":
            sign = "" if self.op == "=" else ("+" if self.value >= 0 else "")
            return f"{attr_label(self.attr)} {sign}{self.value}"
        if self.verb == "GRANT_SKILL":
            return f"skill {self.skill}" if self.skill else f"may Scavenge « {self.scavenge} »"
        if self.verb == "STEAL_ITEM":
            return f"steal an Item ({self.source})"
        if self.verb == "DESTROY_LOCATION":
            return "destroy a Location"
        if self.verb == "MOVE":
            return f"move {self.n}"
        return self.verb.lower()


@dataclass(frozen=True, slots=True)
class Card:
    """One card definition (shared by every copy). Attributes not printed are ``None`` (AM-1.3)."""

    name: str
    type: str
    atk: int | None = None
    dfn: int | None = None
    mov: int | None = None
    cha: int | None = None
    nrg: int | None = None
    skills: tuple[str, ...] = ()
    gender: str = ""
    symbols: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    major: bool = False
    keywords: frozenset[str] = frozenset()
    runs_away: tuple[str, int] | None = None
    off_field: str = ""
    cost: tuple[str, int] | None = None
    requires: tuple[str, ...] = ()
    limit: tuple[int, str] | None = None
    aim: str = ""
    effects: tuple[Effect, ...] = ()
    charm: int = 0
    attack: int = 0
    defense: int = 0
    text: str = ""
    cats: frozenset[str] = field(default_factory=frozenset)

    def attr(self, attr: str) -> int | None:
        """The printed value of an attribute (None when not printed)."""
        return getattr(self, "dfn" if attr == "def" else attr)

    @property
    def has_symbol(self) -> bool:
        """AM-1.6 / AM-1.7: whether the card shows a type symbol in its upper left corner."""
        return self.type in SYMBOL_TYPES

    @property
    def is_power(self) -> bool:
        """AM-1.9: Enhancements, Equipment, Flash Effects and Global Effects."""
        return self.type in POWER_TYPES

    @property
    def is_combat_disaster(self) -> bool:
        """AM-1.17: a Disaster printing both Attack and Defense."""
        return self.type == "disaster" and self.atk is not None and self.dfn is not None

    @property
    def is_vehicle(self) -> bool:
        """AM-10.15: Equipment with the « Vehicle » Category."""
        return self.type == "equipment" and VEHICLE in self.categories

    @property
    def vehicle_fights(self) -> bool:
        """AM-8.29: a Vehicle can be used in combat only if it has both an Attack and a Defense score."""
        if not self.is_vehicle:
            return False
        attrs = {e.attr for e in self.effects if e.verb == "MODIFY"}
        return "atk" in attrs and "def" in attrs

    @property
    def kind(self) -> str:
        """A short type word for people (``Minor Combat Disaster``, ``Flash Effect``...)."""
        if self.type == "disaster":
            size = "Major" if self.major else "Minor"
            return f"{size} {'Combat' if self.is_combat_disaster else 'Non-Combat'} Disaster"
        return {
            "flash": "Flash Effect",
            "global": "Global Effect",
            "combat": "Combat card",
        }.get(self.type, self.type.capitalize())


@dataclass(frozen=True, slots=True)
class Deck:
    """A sample deck: the cards one player brings (AM-2.1). Count tables map a name to its number of copies."""

    id: str
    title: str
    players: tuple[int, ...]
    haven: str
    characters: tuple[str, ...]
    locations: tuple[str, ...]
    items: tuple[tuple[str, int], ...]
    power: tuple[tuple[str, int], ...]
    disasters: tuple[tuple[str, int], ...]
    combat: tuple[tuple[str, int], ...]

    @staticmethod
    def expand(table: tuple[tuple[str, int], ...]) -> list[str]:
        """Every copy of a count table, in order."""
        return [name for name, n in table for _ in range(n)]


class CardSet:
    """All cards (by name, in file order), the skill pool and the sample decks (by deck id)."""

    def __init__(self, cards: dict[str, Card], skills: tuple[str, ...], decks: dict[str, Deck]) -> None:
        self.cards: dict[str, Card] = cards
        self.skills: tuple[str, ...] = skills
        self.decks: dict[str, Deck] = decks

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def of_type(self, kind: str) -> list[Card]:
        """The cards of one type, in file order."""
        return [c for c in self.cards.values() if c.type == kind]

    def default_decks(self, players: int) -> list[str]:
        """The sample deck ids used for each seat when no deck is chosen."""
        fitting = [d.id for d in self.decks.values() if players in d.players]
        if not fitting:
            raise DeckError(f"no sample deck is legal for {players} players")
        return [fitting[seat % len(fitting)] for seat in range(players)]


# --------------------------------------------------------------------------- parsing

_COMMON_KEYS = {"name", "type", "text", "categories", "symbols"}
_TYPE_KEYS: dict[str, set[str]] = {
    "character": {"atk", "def", "mov", "cha", "nrg", "skills", "gender"},
    "location": {"skills"},
    "item": {"effects"},
    "haven": {"effects"},
    "enhancement": {"cost", "requires", "limit", "effects"},
    "equipment": {"cost", "requires", "limit", "effects"},
    "flash": {"cost", "requires", "limit", "effects", "aim"},
    "global": {"cost", "requires", "limit", "effects"},
    "combat": {"charm", "attack", "defense"},
    "disaster": {
        "atk",
        "damage",
        "def",
        "mov",
        "cha",
        "nrg",
        "major",
        "keywords",
        "runs_away",
        "off_field",
        "effects",
    },
}
_EFFECT_KEYS = {"verb", "target", "attr", "value", "duration", "skill", "scavenge", "from", "n", "when"}


def _err(where: str, msg: str) -> CardDataError:
    return CardDataError(f"{where}: {msg}")


def _int(where: str, key: str, raw: Any, low: int | None = 0, high: int | None = None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _err(where, f"{key} must be a whole number, got {raw!r}")
    if low is not None and raw < low:
        raise _err(where, f"{key} must be at least {low}, got {raw}")
    if high is not None and raw > high:
        raise _err(where, f"{key} must be at most {high}, got {raw}")
    return raw


def _names(where: str, key: str, raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
        raise _err(where, f"{key} must be a list of names, got {raw!r}")
    if len(set(raw)) != len(raw):
        raise _err(where, f"{key} lists a name twice: {raw!r}")
    return tuple(x.strip() for x in raw)


def _skills(where: str, key: str, raw: Any, pool: tuple[str, ...]) -> tuple[str, ...]:
    out = _names(where, key, raw)
    for s in out:
        if s not in pool:
            raise _err(where, f"{key}: {s!r} is not one of the set's skills ({', '.join(pool)}) (AM-14.2)")
    return out


def _parse_value(where: str, raw: Any) -> tuple[str, int]:
    """A modifier button: "+2" / "-1" add (op "+"), "3" replaces (op "=") (AM-10.10)."""
    if not isinstance(raw, str) or not raw.strip():
        raise _err(where, f'value must be written as a string such as "+2", "-1" or "0", got {raw!r}')
    text = raw.strip()
    signed = text[0] in "+-"
    try:
        number = int(text)
    except ValueError:
        raise _err(where, f"value {raw!r} is not a number") from None
    if not signed and number < 0:
        raise _err(where, f"value {raw!r}: a replacing value is at least 0")
    return ("+" if signed else "="), number


def _parse_effect(where: str, raw: Any, card_type: str, pool: tuple[str, ...], off_field: bool) -> Effect:
    if not isinstance(raw, dict):
        raise _err(where, f"each effect must be a table, got {raw!r}")
    unknown = sorted(set(raw) - _EFFECT_KEYS)
    if unknown:
        raise _err(where, f"unknown effect key {unknown[0]!r}")
    verb = raw.get("verb")
    if verb not in VERBS:
        raise _err(where, f"unknown verb {verb!r} (AM-11.1 allows {', '.join(VERBS)})")
    is_disaster = card_type == "disaster"
    target = raw.get("target", "")
    if verb in ("MODIFY", "GRANT_SKILL", "HEAL", "MOVE", "BONK"):
        allowed: tuple[str, ...] = DISASTER_TARGETS if is_disaster else POWER_TARGETS
        if is_disaster and off_field:
            allowed = ("field",)  # AM-5.27 / AM-14.7: an Off the Field Disaster acts on the whole Field
        if target not in allowed:
            raise _err(
                where, f"{verb}: target {target!r} is not allowed here (AM-11.9 allows {', '.join(allowed)})"
            )
    elif verb == "DESTROY_LOCATION":
        if target not in ("user", "within"):
            raise _err(
                where, f"DESTROY_LOCATION: target must be 'user' or 'within', got {target!r} (AM-11.5)"
            )
    elif target:
        raise _err(where, f"{verb} takes no target")
    duration = raw.get("duration", "")
    durations = DURATIONS + (("drawer_next",) if is_disaster and off_field else ())
    if verb in ("MODIFY", "GRANT_SKILL"):
        if duration not in durations:
            raise _err(
                where, f"{verb}: duration {duration!r} is not allowed (AM-11.10: {', '.join(durations)})"
            )
    elif duration:
        raise _err(where, f"{verb} takes no duration")
    attr, op, value, skill, scav, source, n, when = "", "", 0, "", "", "", 0, ""
    if verb == "MODIFY":
        attr = raw.get("attr", "")
        if attr not in ATTRS:
            raise _err(where, f"MODIFY: attr must be one of {', '.join(ATTRS)}, got {attr!r}")
        op, value = _parse_value(where, raw.get("value"))
    elif "attr" in raw or "value" in raw:
        raise _err(where, f"{verb} takes no attr or value")
    if verb == "GRANT_SKILL":
        skill = raw.get("skill", "")
        scav = raw.get("scavenge", "")
        if bool(skill) == bool(scav):
            raise _err(where, "GRANT_SKILL needs exactly one of skill or scavenge (AM-11.3)")
        if skill and skill not in pool:
            raise _err(where, f"GRANT_SKILL: {skill!r} is not one of the set's skills (AM-14.2)")
        if scav and (not isinstance(scav, str) or not scav.strip()):
            raise _err(where, "GRANT_SKILL: scavenge must name a Category")
    elif "skill" in raw or "scavenge" in raw:
        raise _err(where, f"{verb} takes no skill")
    if verb == "STEAL_ITEM":
        source = raw.get("from", "")
        if source not in ("character", "disaster", "either"):
            raise _err(
                where, f"STEAL_ITEM: from must be character, disaster or either, got {source!r} (AM-11.4)"
            )
    elif "from" in raw:
        raise _err(where, f"{verb} takes no 'from'")
    if verb == "MOVE" or (verb == "DESTROY_LOCATION" and target == "within"):
        n = _int(where, "n", raw.get("n"), 1, 9)
    elif "n" in raw:
        raise _err(where, f"{verb} takes no n")
    if "when" in raw:
        when = raw["when"]
        if card_type != "haven" or verb != "MODIFY" or when != "leave":
            raise _err(where, 'only a Haven\'s MODIFY may say when = "leave"')
    if card_type in ("item",) and (verb != "MODIFY" or target != "bearer" or duration != "attached"):
        raise _err(
            where,
            "an Item's effects are modifier buttons: MODIFY, target bearer, duration attached (AM-1.14)",
        )
    return Effect(verb, target, attr, op, value, duration, skill, scav, source, n, when)


def _parse_card(raw: Any, pool: tuple[str, ...], index: int) -> Card:
    if not isinstance(raw, dict):
        raise CardDataError(f"card #{index + 1} is not a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"card #{index + 1} has no name")
    where = f"card {name!r}"
    ctype = raw.get("type")
    if ctype not in CARD_TYPES:
        raise _err(where, f"type must be one of {', '.join(CARD_TYPES)}, got {ctype!r} (AM-1.6 to AM-1.8)")
    allowed = _COMMON_KEYS | _TYPE_KEYS[ctype]
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise _err(where, f"unknown key {unknown[0]!r} for a {ctype}")
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise _err(where, "text must be a string")
    cats = _names(where, "categories", raw.get("categories", []))
    symbols = _names(where, "symbols", raw.get("symbols", []))
    for s in symbols:
        if s not in SPECIAL_SYMBOLS:
            raise _err(where, f"symbol {s!r} is not one of {', '.join(SPECIAL_SYMBOLS)} (AM-1.11)")
    kw: dict[str, Any] = {
        "name": name.strip(),
        "type": ctype,
        "text": text,
        "categories": cats,
        "symbols": symbols,
    }
    kw["cats"] = frozenset(cats) | frozenset(symbols)  # AM-1.11: the symbols count as Categories
    attrs: dict[str, int | None] = {}
    if ctype in ("character", "disaster"):
        if ctype == "disaster" and "damage" in raw:
            if "atk" in raw:
                raise _err(where, "give Attack as atk or as damage, not both (AM-1.4)")
            attrs["atk"] = _int(where, "damage", raw["damage"])
        for a in ATTRS:
            if a in raw:
                attrs[a] = _int(where, a, raw[a])
        if ctype == "character":
            missing = [a for a in ATTRS if a not in attrs]
            if missing:
                raise _err(
                    where, f"a Character prints all five attributes; {', '.join(missing)} missing (AM-1.12)"
                )
    kw.update(atk=attrs.get("atk"), dfn=attrs.get("def"), mov=attrs.get("mov"), cha=attrs.get("cha"),
              nrg=attrs.get("nrg"))  # fmt: skip
    if ctype == "character":
        skills = _skills(where, "skills", raw.get("skills", []), pool)
        if not 1 <= len(skills) <= 3:
            raise _err(where, f"a Character has 1 to 3 skills, not {len(skills)} (AM-14.3)")
        gender = raw.get("gender")
        if gender not in GENDERS:
            raise _err(where, f"gender must be male, female or none, got {gender!r} (AM-1.12)")
        kw.update(skills=skills, gender=gender)
    if ctype == "location":
        skills = _skills(where, "skills", raw.get("skills", []), pool)
        if len(skills) > 2:
            raise _err(where, f"a Location lists at most 2 skills, not {len(skills)} (AM-14.4)")
        if not cats and not symbols:
            raise _err(where, "a Location lists at least one Category (AM-14.4)")
        kw["skills"] = skills
    if ctype == "item" and not cats and not symbols:
        raise _err(where, "every Item has a Category (AM-14.5)")
    if ctype == "combat":
        for key in ("charm", "attack", "defense"):
            kw[key] = _int(where, key, raw.get(key), COMBAT_MOD_MIN, COMBAT_MOD_MAX)
    off = ""
    if ctype == "disaster":
        major = raw.get("major")
        if not isinstance(major, bool):
            raise _err(where, "a Disaster says major = true or false (AM-1.16)")
        keywords = _names(where, "keywords", raw.get("keywords", []))
        for k in keywords:
            if k not in KEYWORDS:
                raise _err(where, f"unknown keyword {k!r} (AM-11.1)")
        runs = raw.get("runs_away")
        runs_away: tuple[str, int] | None = None
        if runs is not None:
            if runs == "damaged":
                runs_away = ("damaged", 0)
            elif isinstance(runs, str) and runs.startswith("after "):
                runs_away = ("after", _int(where, "runs_away round", _as_int(runs[6:]), 1, 20))
            else:
                raise _err(where, f'runs_away must be "after <round>" or "damaged", got {runs!r} (AM-11.11)')
        off = raw.get("off_field", "")
        if off and off not in DURATIONS + ("drawer_next",):
            raise _err(where, f"off_field duration {off!r} is not allowed (AM-11.10)")
        combat = attrs.get("atk") is not None and attrs.get("def") is not None
        if not combat and (keywords or runs_away):
            raise _err(where, "STEALS, MOVES_ONCE and RUNS_AWAY are for Combat Disasters (AM-5.2)")
        if combat and raw.get("effects"):
            raise _err(where, "a Combat Disaster fights; only Non-Combat Disasters carry effects (AM-5.17)")
        if not combat and not raw.get("effects"):
            raise _err(where, "a Non-Combat Disaster needs effects to carry out (AM-5.17)")
        if off and (attrs.get("mov") is not None):
            raise _err(where, "an Off the Field Disaster never moves, so it prints no Movement (AM-5.27)")
        kw.update(major=major, keywords=frozenset(keywords), runs_away=runs_away, off_field=off)
    if ctype in POWER_TYPES:
        cost = raw.get("cost")
        if cost is not None:
            parts = cost.split() if isinstance(cost, str) else []
            if len(parts) != 2 or parts[0] not in ATTRS:
                raise _err(where, f'cost must read like "nrg 2", got {cost!r} (AM-1.18)')
            kw["cost"] = (parts[0], _int(where, "cost", _as_int(parts[1]), 1, 9))
        kw["requires"] = _skills(where, "requires", raw.get("requires", []), pool)
        limit = raw.get("limit")
        if limit is not None:
            text_limit = limit.split("/") if isinstance(limit, str) else []
            if len(text_limit) != 2 or text_limit[1] not in ("turn", "game"):
                raise _err(where, f'limit must read "N/turn" or "N/game", got {limit!r} (AM-10.9)')
            kw["limit"] = (_int(where, "limit", _as_int(text_limit[0]), 1, 9), text_limit[1])
        if ctype == "flash":
            aim = raw.get("aim")
            if aim not in AIMS:
                raise _err(where, f"a Flash Effect says what it aims at: {', '.join(AIMS)} (AM-10.18)")
            kw["aim"] = aim
    effects = raw.get("effects", [])
    if not isinstance(effects, list):
        raise _err(where, "effects must be a list")
    kw["effects"] = tuple(_parse_effect(where, e, ctype, pool, bool(off)) for e in effects)
    if ctype in POWER_TYPES and not kw["effects"]:
        raise _err(where, "a Power card needs at least one effect (AM-14.13)")
    if ctype == "equipment" and VEHICLE in cats:
        for e in kw["effects"]:
            if e.verb == "MODIFY" and e.op != "=":
                raise _err(where, "a Vehicle's buttons replace attributes (unsigned values, AM-14.9)")
    if ctype == "flash":
        kinds = {e.verb for e in kw["effects"]}
        if "DESTROY_LOCATION" in kinds and kw["aim"] != "own":
            raise _err(where, "a Flash Effect that destroys its user's Location aims at your own Character")
    return Card(**kw)


def _as_int(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _count_table(where: str, key: str, raw: Any, cards: dict[str, Card], kinds: tuple[str, ...]) -> tuple:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: {key} must be a table of name = count")
    out = []
    for name, n in raw.items():
        if name not in cards:
            raise CardDataError(f"{where}: {key}: unknown card {name!r}")
        if cards[name].type not in kinds:
            raise CardDataError(
                f"{where}: {key}: {name!r} is a {cards[name].type}, not a {' or '.join(kinds)}"
            )
        out.append((name, _int(f"{where}: {key}", name, n, 1)))
    return tuple(out)


def _parse_deck(raw: Any, cards: dict[str, Card]) -> Deck:
    if not isinstance(raw, dict):
        raise CardDataError("each [[deck]] must be a table")
    did = raw.get("id")
    if not isinstance(did, str) or not did.strip():
        raise CardDataError("a deck has no id")
    where = f"deck {did!r}"
    keys = {
        "id",
        "title",
        "players",
        "haven",
        "characters",
        "locations",
        "items",
        "power",
        "disasters",
        "combat",
    }
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise CardDataError(f"{where}: unknown key {unknown[0]!r}")
    players = raw.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, int) for p in players):
        raise CardDataError(f"{where}: players must list the player counts it is built for")
    haven = raw.get("haven")
    if haven not in cards or cards[haven].type not in ("haven", "location"):
        raise CardDataError(f"{where}: haven must name a Haven (or a spare Location, AM-2.10), got {haven!r}")
    chars = raw.get("characters", [])
    locs = raw.get("locations", [])
    for key, names, kind in (("characters", chars, "character"), ("locations", locs, "location")):
        if not isinstance(names, list):
            raise CardDataError(f"{where}: {key} must be a list of names")
        for n in names:
            if n not in cards or cards[n].type != kind:
                raise CardDataError(f"{where}: {key}: {n!r} is not a {kind}")
    power_kinds = ("enhancement", "equipment", "flash", "global", "haven")  # extra Havens, AM-13.5
    return Deck(
        id=did,
        title=str(raw.get("title", did)),
        players=tuple(players),
        haven=haven,
        characters=tuple(chars),
        locations=tuple(locs),
        items=_count_table(where, "items", raw.get("items", {}), cards, ("item",)),
        power=_count_table(where, "power", raw.get("power", {}), cards, power_kinds),
        disasters=_count_table(where, "disasters", raw.get("disasters", {}), cards, ("disaster",)),
        combat=_count_table(where, "combat", raw.get("combat", {}), cards, ("combat",)),
    )


def parse_card_set(data: dict[str, Any], *, check_decks: bool = True) -> CardSet:
    """Build a :class:`CardSet` from parsed TOML, checking every card (and each sample deck's legality)."""
    pool_raw = data.get("skills")
    if not isinstance(pool_raw, list) or not all(isinstance(s, str) and s for s in pool_raw):
        raise CardDataError("the card file needs a top-level skills list (AM-14.2)")
    pool = tuple(pool_raw)
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError("the card file has no [[card]] tables")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(raw_cards):
        card = _parse_card(raw, pool, i)
        if card.name in cards:
            raise CardDataError(f"card {card.name!r} is defined twice (copies share one definition, AM-2.2)")
        cards[card.name] = card
    decks: dict[str, Deck] = {}
    for raw in data.get("deck", []):
        deck = _parse_deck(raw, cards)
        if deck.id in decks:
            raise CardDataError(f"deck {deck.id!r} is defined twice")
        decks[deck.id] = deck
    out = CardSet(cards, pool, decks)
    if check_decks:
        for deck in decks.values():
            for players in deck.players:
                try:
                    validate_deck(deck, out, players)
                except DeckError as exc:
                    raise CardDataError(f"sample {exc}") from None
    return out


def load_card_set(path: str | Path | None = None) -> CardSet:
    """Load and check the card file (the packaged ``cards.toml`` by default)."""
    return parse_card_set(read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE))


@functools.cache
def sample_card_set() -> CardSet:
    """The packaged card set, loaded once (the game and its action space share it)."""
    return load_card_set()


# --------------------------------------------------------------------------- deck construction (section 2)


def deck_requirements(
    power: int, havens: int, characters: int, locations: int, players: int
) -> dict[str, int]:
    """AM-2.11 to AM-2.15: the Disaster numbers a deck must have."""
    d_draw = max(0, math.ceil((power + havens + characters) / 2) - 2 * players)  # AM-2.11, AM-2.12
    total = d_draw + 2 * locations  # AM-2.13
    return {
        "draw": d_draw,
        "total": total,
        "major": math.ceil(total / 3),  # AM-2.14
        "combat": math.ceil(total / 2),  # AM-2.15
    }


def _by(n: int, want: int) -> str:
    diff = n - want
    return f"{abs(diff)} too {'many' if diff > 0 else 'few'}"


def validate_deck(deck: Deck, cards: CardSet, players: int, *, extra_havens: bool = False) -> None:
    """Refuse a deck that breaks AM-2.2 to AM-2.15 for ``players`` players, naming the rule and the amount."""
    where = f"deck {deck.id!r} ({players} player{'s' if players != 1 else ''})"
    defs = cards.cards
    power_list = Deck.expand(deck.power)
    extra = [n for n in power_list if defs[n].type == "haven"]
    if extra and not extra_havens:
        raise DeckError(
            f"{where}: AM-2.10: exactly one Haven; {len(extra)} more are only allowed with extra_havens"
        )
    havens = 1 + len(extra)
    # AM-2.3: one copy of each Character.
    for name, n in Counter(deck.characters).items():
        if n > 1:
            raise DeckError(f"{where}: AM-2.3: Character {name!r} appears {n} times, {n - 1} too many")
    # AM-2.7 / AM-2.8: Locations per player count, all different.
    want_locs = locations_per_player(players)
    for name, n in Counter(deck.locations).items():
        if n > 1:
            raise DeckError(
                f"{where}: AM-2.7: Location {name!r} appears {n} times; all must differ ({n - 1} too many)"
            )
    if len(deck.locations) != want_locs:
        raise DeckError(
            f"{where}: AM-2.7: {len(deck.locations)} Locations, needs exactly {want_locs} "
            f"({_by(len(deck.locations), want_locs)})"
        )
    # AM-2.9: one Item per Location.
    items = sum(n for _, n in deck.items)
    if items != len(deck.locations):
        raise DeckError(
            f"{where}: AM-2.9: {items} Items for {len(deck.locations)} Locations ({_by(items, len(deck.locations))})"
        )
    # AM-2.2 / AM-2.5: at most 3 copies of a name (Combat cards excepted, AM-2.6).
    counts: Counter[str] = Counter()
    counts.update(deck.characters)
    counts.update(deck.locations)
    counts.update(Deck.expand(deck.items))
    counts.update(power_list)
    counts.update(Deck.expand(deck.disasters))
    counts[deck.haven] += 1
    for name, n in counts.items():
        if n > MAX_COPIES:
            rule = "AM-2.5" if defs[name].is_power else "AM-2.2"
            raise DeckError(
                f"{where}: {rule}: {n} copies of {name!r}, at most {MAX_COPIES} ({n - MAX_COPIES} too many)"
            )
    # AM-2.6: the Combat pile holds Combat cards only (any number).
    # AM-2.11 to AM-2.15: the Disasters.
    power = sum(1 for n in power_list if defs[n].type != "haven")
    need = deck_requirements(power, havens, len(deck.characters), len(deck.locations), players)
    dis = Deck.expand(deck.disasters)
    if len(dis) != need["total"]:
        raise DeckError(
            f"{where}: AM-2.13: {len(dis)} Disasters, needs exactly {need['total']} "
            f"({need['draw']} for the Draw pile by AM-2.11 + {2 * len(deck.locations)} for the Locations; "
            f"{_by(len(dis), need['total'])})"
        )
    major = sum(1 for n in dis if defs[n].major)
    if major != need["major"]:
        raise DeckError(
            f"{where}: AM-2.14: {major} Major Disasters, needs exactly {need['major']} of {need['total']} "
            f"({_by(major, need['major'])})"
        )
    combat = sum(1 for n in dis if defs[n].is_combat_disaster)
    if combat != need["combat"]:
        raise DeckError(
            f"{where}: AM-2.15: {combat} Combat Disasters, needs exactly {need['combat']} of {need['total']} "
            f"({_by(combat, need['combat'])})"
        )
    if not deck.combat:
        raise DeckError(
            f"{where}: AM-2.1: a deck brings a Combat pile; this one has 0 Combat cards (1 too few)"
        )


# --------------------------------------------------------------------------- card set requirements (section 14)


def _can_cover(cards: CardSet, needed: tuple[str, ...], size: int) -> bool:
    from itertools import combinations

    chars = [set(c.skills) for c in cards.of_type("character")]
    for k in range(1, size + 1):
        for group in combinations(chars, k):
            if set(needed) <= set().union(*group):
                return True
    return False


def card_set_problems(cards: CardSet) -> list[str]:
    """Every way the set falls short of rules section 14 (empty when it meets them all)."""
    out: list[str] = []
    chars = cards.of_type("character")
    locs = cards.of_type("location")
    items = cards.of_type("item")
    # AM-14.1: the sample decks.
    solo = [d for d in cards.decks.values() if 1 in d.players]
    duel = [d for d in cards.decks.values() if 2 in d.players]
    if not any(
        len(d.characters) == 8 and sum(n for _, n in d.power) == 20 and len(d.locations) == 9 for d in solo
    ):
        out.append("AM-14.1: no 1-player deck of 8 Characters, 20 Power cards and 9 Locations")
    if sum(1 for d in duel if len(d.characters) == 6 and sum(n for _, n in d.power) == 15) < 2:
        out.append("AM-14.1: fewer than two 2-player decks of 6 Characters and 15 Power cards")
    # AM-14.2: the skill pool.
    if len(cards.skills) != 8:
        out.append(f"AM-14.2: {len(cards.skills)} skills in the pool, not 8")
    for skill in cards.skills:
        holders = sum(1 for c in chars if skill in c.skills)
        if holders < 2:
            out.append(f"AM-14.2: skill {skill!r} is held by {holders} Characters, fewer than 2")
    for loc in locs:
        if loc.skills and not _can_cover(cards, loc.skills, 3):
            out.append(f"AM-14.2: no group of at most 3 Characters meets {loc.name!r}")
    # AM-14.3: Characters.
    if len(chars) < 14:
        out.append(f"AM-14.3: {len(chars)} Characters, fewer than 14")
    genders = {c.gender for c in chars}
    if not {"male", "female", "none"} <= genders:
        out.append("AM-14.3: both genders and a Character with none must appear")
    if sum(1 for c in chars if set(c.symbols) & set(SPECIAL_SYMBOLS)) < 2:
        out.append("AM-14.3: fewer than 2 Characters with a Science, Dimensional or Planetary mark")
    if not any(c.cha == 0 for c in chars) or not any((c.cha or 0) >= 5 for c in chars):
        out.append("AM-14.3: needs a Character with Charm 0 and one with Charm 5 or more")
    if not any(c.dfn == 1 for c in chars):
        out.append("AM-14.3: needs a Character with Defense 1")
    energies = [c.nrg for c in chars if c.nrg is not None]
    if not energies or min(energies) != 0 or max(energies) != 5:
        out.append("AM-14.3: Energy must range from 0 to 5")
    # AM-14.4: Locations.
    with_skills = [c for c in locs if 1 <= len(c.skills) <= 2]
    if len(locs) < 12 or len(with_skills) < 11 or sum(1 for c in locs if not c.skills) < 1:
        out.append("AM-14.4: needs 12 Locations: 11 with 1 or 2 skills and 1 with none")
    hard = [
        c
        for c in with_skills
        if len(c.skills) == 2 and not any(set(c.skills) <= set(ch.skills) for ch in chars)
    ]
    if len(hard) < 3:
        out.append(f"AM-14.4: {len(hard)} Locations need two skills no single Character has, fewer than 3")
    if sum(1 for c in locs if "Hot Tub" in c.cats) < 2:
        out.append("AM-14.4: fewer than 2 « Hot Tub » Locations")
    # AM-14.5: Items.
    buttons = [c for c in items if c.effects]
    if (
        len(items) < 10
        or len(buttons) < 3
        or not any(e.attr == "cha" and e.value > 0 for c in buttons for e in c.effects)
    ):
        out.append("AM-14.5: needs 10 Items, 3 with modifier buttons, one of them a Charm bonus")
    # AM-14.6: Havens.
    havens = cards.of_type("haven")
    verbs = {e.verb for h in havens for e in h.effects}
    if len(havens) < 2 or not {"MODIFY", "GRANT_SKILL"} <= verbs:
        out.append("AM-14.6: needs 2 Havens, one with MODIFY and one with GRANT_SKILL")
    # AM-14.7: Disasters.
    dis = cards.of_type("disaster")
    minor_c = [d for d in dis if not d.major and d.is_combat_disaster]
    minor_n = [d for d in dis if not d.major and not d.is_combat_disaster]
    major_c = [d for d in dis if d.major and d.is_combat_disaster]
    major_n = [d for d in dis if d.major and not d.is_combat_disaster]
    if len(dis) < 15 or len(minor_c) < 6 or len(minor_n) < 4 or len(major_c) < 3 or len(major_n) < 2:
        out.append(
            "AM-14.7: needs 15 Disasters: 6 Minor Combat, 4 Minor Non-Combat, 3 Major Combat, 2 Major Non-Combat"
        )
    plain = [d for d in minor_c if not d.keywords and not d.runs_away and d.cha is None]
    if not any((d.mov or 0) >= 3 for d in plain) or not any(d.mov == 1 for d in plain):
        out.append("AM-14.7: needs plain Minor Combat Disasters with Movement 3+ and Movement 1")
    if not any(d.cha is not None for d in minor_c) or not any(d.cha is not None for d in major_c):
        out.append("AM-14.7: needs a Minor and a Major Combat Disaster with a Charm score")
    if not any("STEALS" in d.keywords and (d.mov or 0) >= 3 for d in minor_c):
        out.append("AM-14.7: needs a Minor Combat stealer with Movement 3+")
    if not any(d.runs_away for d in minor_c) or not any("MOVES_ONCE" in d.keywords for d in minor_c):
        out.append("AM-14.7: needs Minor Combat Disasters with RUNS_AWAY and MOVES_ONCE")
    if not any((d.atk or 0) >= 5 and (d.dfn or 0) >= 5 for d in major_c):
        out.append("AM-14.7: needs a heavy Major Combat Disaster (Attack and Defense 5+)")
    if not any(m.atk == d.atk and m.dfn != d.dfn for m in major_c for d in minor_c):
        out.append("AM-14.7: needs a Major with a Minor's Attack but another Defense")
    ncv = {(e.verb, e.target, d.mov is None, bool(d.off_field)) for d in minor_n for e in d.effects}
    if ("BONK", "highest_atk", False, False) not in ncv or ("BONK", "random", True, False) not in ncv:
        out.append("AM-14.7: needs the two BONK Minor Non-Combat Disasters")
    if not any(
        e.verb == "MODIFY" and e.attr == "mov" and e.value == -2 and e.duration == "owner_next"
        for d in minor_n
        for e in d.effects
    ):
        out.append("AM-14.7: needs a Movement -2 Minor Non-Combat Disaster")
    if not any(
        d.off_field == "drawer_next" and any(e.attr == "mov" and e.value == -1 for e in d.effects)
        for d in minor_n
    ):
        out.append("AM-14.7: needs an OFF_FIELD Movement -1 Disaster")
    mverbs = {(e.verb, e.n) for d in major_n for e in d.effects}
    if not any(v == "DESTROY_LOCATION" for v, _ in mverbs) or ("MOVE", 2) not in mverbs:
        out.append("AM-14.7: needs Major Non-Combat DESTROY_LOCATION and MOVE 2 Disasters")
    # AM-14.8: Enhancements.
    enh = cards.of_type("enhancement")
    if not (
        len(enh) >= 4
        and any(c.requires and any(e.verb == "GRANT_SKILL" and e.skill for e in c.effects) for c in enh)
        and any(any(e.scavenge == "Hot Tub" for e in c.effects) for c in enh)
        and any(
            c.cost == ("nrg", 2)
            and c.limit == (1, "turn")
            and any(e.attr == "atk" and e.value == 3 for e in c.effects)
            for c in enh
        )
        and any(any(e.attr == "cha" and e.value == -2 for e in c.effects) for c in enh)
    ):
        out.append("AM-14.8: the four required Enhancements are not all there")
    # AM-14.9: Equipment.
    eqp = cards.of_type("equipment")
    if not (
        len(eqp) >= 4
        and any(c.is_vehicle and {e.attr for e in c.effects} == {"atk", "def", "mov"} for c in eqp)
        and any(c.is_vehicle and {e.attr for e in c.effects} == {"mov"} for c in eqp)
        and any(
            c.cost and c.requires and any(e.attr == "atk" and e.op == "+" for e in c.effects) for c in eqp
        )
        and any(any(e.attr == "def" and e.value == 2 and e.op == "+" for e in c.effects) for c in eqp)
    ):
        out.append("AM-14.9: the four required Equipment are not all there")
    # AM-14.10: Flash Effects.
    fl = cards.of_type("flash")

    def has(pred: Any) -> bool:
        return any(pred(c, e) for c in fl for e in c.effects)

    if not (
        len(fl) >= 7
        and has(lambda c, e: e.verb == "HEAL" and c.cost == ("nrg", 1))
        and has(lambda c, e: e.verb == "STEAL_ITEM" and c.limit == (1, "turn"))
        and has(lambda c, e: e.verb == "MOVE" and e.n == 2 and c.aim == "disaster")
        and has(lambda c, e: e.verb == "DESTROY_LOCATION" and c.cost == ("nrg", 3) and bool(c.requires))
        and has(lambda c, e: e.verb == "BONK" and c.cost == ("nrg", 4))
        and has(lambda c, e: e.attr == "cha" and e.value == 3 and c.limit == (1, "turn"))
        and has(lambda c, e: e.attr == "def" and e.op == "=" and e.value == 0 and e.duration == "round")
    ):
        out.append("AM-14.10: the seven required Flash Effects are not all there")
    # AM-14.11: Global Effects.
    gl = cards.of_type("global")
    gmods = {(e.attr, e.value, e.target) for c in gl for e in c.effects}
    if not {("def", 1, "own_field"), ("mov", 1, "own_field")} <= gmods:
        out.append("AM-14.11: needs Global Effects with Defense +1 and Movement +1")
    # AM-14.12: Combat cards.
    cc = cards.of_type("combat")
    negative = [c for c in cc if min(c.charm, c.attack, c.defense) < 0]
    if len(cc) < 20 or len(negative) < 4 or sum(1 for c in cc if c.charm == 0) < 2:
        out.append("AM-14.12: needs 20 Combat cards, 4 with a negative value, 2 with Charm 0")
    return out


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
