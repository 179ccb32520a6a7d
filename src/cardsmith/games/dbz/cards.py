"""Card data, card loader and deck validation for the Dragon Ball Z CCG with the Drill rules.

The card set lives in ``cards.toml`` next to this module; its header documents the format. :func:`parse_card_set`
checks the data strictly (DBZ-1.3, DBZ-1.4, DBZ-1.10, DBZ-1.11, sections 8, 10, 11 and 12), :func:`validate_deck`
applies the deck-construction rules DBZ-2.1 and DBZ-2.2, and :func:`card_set_problems` checks the card-set
requirements of rules section 15.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.core.carddata import read_card_toml
from cardsmith.core.errors import CardDataError, DeckError

__all__ = [
    "CONTINUOUS_POWERS",
    "ACTIVATED_POWERS",
    "Card",
    "CardSet",
    "Deck",
    "Drill",
    "Effect",
    "Level",
    "MainPersonality",
    "Pat",
    "card_set_problems",
    "classify_drill",
    "describe_card",
    "load_card_set",
    "parse_card_set",
    "parse_colour_words",
    "parse_deck_list",
    "validate_deck",
]

# --------------------------------------------------------------------------- vocabulary

NON_COMBAT = "non-combat"
COMBAT = "combat"
SUBTYPES: dict[str, tuple[str, ...]] = {  # DBZ-1.10
    NON_COMBAT: ("drill", "one-shot"),
    COMBAT: (
        "physical attack",
        "energy attack",
        "physical block",
        "energy block",
        "any-attack block",
        "combat action",
    ),
}
DRILL_KINDS = ("coloured", "named", "colourless")  # DBZ-8.2 .. DBZ-8.4

# Section 11: drill powers. Continuous powers and their rule; activated powers and whether they take n.
CONTINUOUS_POWERS: dict[str, str] = {
    "PHYS_ATTACK_BONUS": "DBZ-11.2",
    "PHYS_DAMAGE_REDUCTION": "DBZ-11.3",
    "ENERGY_ATTACK_BONUS": "DBZ-11.4",
    "ENERGY_DAMAGE_REDUCTION": "DBZ-11.5",
    "EXTRA_DRAW": "DBZ-11.6",
    "POWER_UP_BONUS": "DBZ-11.7",
    "EXTRA_COLOUR": "DBZ-11.8",
}
ACTIVATED_POWERS: dict[str, bool] = {  # power -> takes n
    "ACT_ANGER": True,  # DBZ-11.9
    "ACT_PHYS_ATTACK": False,  # DBZ-11.10
    "ACT_STOP_ENERGY": False,  # DBZ-11.11
}

# Section 12: effects of other cards. For each effect: whether it takes n, and the allowed sign of n.
EFFECTS: dict[str, str] = {
    "PHYS_ATTACK": "bonus",  # DBZ-12.2: n >= 0, default 0
    "ENERGY_ATTACK": "energy",  # DBZ-12.3: damage, cost
    "STOP_PHYS": "none",  # DBZ-12.4
    "REDUCE_PHYS": "positive",  # DBZ-12.5
    "STOP_ENERGY": "none",  # DBZ-12.6
    "REDUCE_ENERGY": "positive",  # DBZ-12.7
    "STOP_ANY": "none",  # DBZ-12.8
    "ANGER_SELF": "nonzero",  # DBZ-12.9
    "ANGER_OPP": "nonzero",  # DBZ-12.10
    "LEVEL_SELF": "plus_one",  # DBZ-12.11
    "LEVEL_OPP": "minus_one",  # DBZ-12.12
    "DESTROY_DRILL": "none",  # DBZ-12.13
}
RIDERS = ("ANGER_SELF", "ANGER_OPP", "LEVEL_SELF", "LEVEL_OPP")  # what an attack's ON_PLAY / ON_HIT may do
# The one effect that makes each card subtype what it is, and what else it may carry.
MAIN_EFFECT: dict[str, tuple[str, ...]] = {
    "physical attack": ("PHYS_ATTACK",),
    "energy attack": ("ENERGY_ATTACK",),
    "physical block": ("STOP_PHYS", "REDUCE_PHYS"),
    "energy block": ("STOP_ENERGY", "REDUCE_ENERGY"),
    "any-attack block": ("STOP_ANY",),
}
PLAIN_EFFECTS: dict[str, tuple[str, ...]] = {
    "combat action": ("ANGER_SELF", "ANGER_OPP", "LEVEL_SELF", "LEVEL_OPP"),
    "one-shot": ("ANGER_SELF", "ANGER_OPP", "LEVEL_SELF", "LEVEL_OPP", "DESTROY_DRILL"),
}
DEFAULT_ENERGY_DAMAGE = 4  # DBZ-6.6
DEFAULT_ENERGY_COST = 2  # DBZ-6.5
MAX_STAGE = 10  # DBZ-1.4
DECK_MIN = 50  # DBZ-2.1
MAX_COPIES = 3  # DBZ-2.2
MAX_COPIES_OWN_NAME = 4  # DBZ-2.2
IN_PLAY_CAP = 4  # DBZ-8.14

_DEFAULT_PACKAGE = "cardsmith.games.dbz"
_DEFAULT_FILE = "cards.toml"

# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Level:
    """One level card of a Main Personality (DBZ-1.3, DBZ-1.4): title, PUR and power for stages 0 to 10."""

    title: str
    pur: int
    power: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MainPersonality:
    """A Main Personality: a name and its level cards, level 1 first."""

    name: str
    levels: tuple[Level, ...]

    @property
    def top(self) -> int:
        """The highest level number N."""
        return len(self.levels)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a non-drill card (DBZ-12.1). ``cost`` is used by ENERGY_ATTACK only; ``when`` by riders."""

    effect: str
    n: int = 0
    cost: int = 0
    when: str | None = None


@dataclass(frozen=True, slots=True)
class Drill:
    """A drill card (DBZ-1.11): kind, colour, restriction, in-play limit and one power."""

    title: str
    kind: str
    colour: str | None
    restricted_against: str | None
    in_play_limit: int | None
    power: str
    n: int
    text: str = ""

    @property
    def type(self) -> str:
        return NON_COMBAT

    @property
    def subtype(self) -> str:
        return "drill"


@dataclass(frozen=True, slots=True)
class Card:
    """Any life-deck card that is not a drill: a type, a subtype and its effects in printed order."""

    title: str
    type: str
    subtype: str
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class Pat:
    """The physical attack table (DBZ-6.1) and the base damage formula (DBZ-6.2)."""

    bands: tuple[int, ...]
    formula: tuple[int, int, int]  # attacker coefficient, target coefficient, constant

    def row(self, power: int) -> int:
        """The PAT row of a power value."""
        if power <= 0:
            return 0
        row = 1
        for top in self.bands:
            if power <= top:
                return row
            row += 1
        return row

    def base_damage(self, attacker_power: int, target_power: int) -> int:
        """Base physical damage in stages, never below 0."""
        a, t, c = self.formula
        return max(0, a * self.row(attacker_power) + t * self.row(target_power) + c)


@dataclass(frozen=True, slots=True)
class Deck:
    """A sample life deck: its id, its MP and every copy by title, in file order."""

    name: str
    mp: str
    cards: tuple[str, ...]


AnyCard = Drill | Card


class CardSet:
    """MPs, cards (by title, in file order), sample decks, the PAT and the colour words."""

    def __init__(
        self,
        mps: dict[str, MainPersonality],
        cards: dict[str, AnyCard],
        decks: dict[str, Deck],
        pat: Pat,
        colour_words: tuple[str, ...],
    ) -> None:
        self.mps = mps
        self.cards = cards
        self.decks = decks
        self.pat = pat
        self.colour_words = colour_words
        self.level_titles: dict[str, tuple[str, int]] = {
            lv.title: (mp.name, i + 1) for mp in mps.values() for i, lv in enumerate(mp.levels)
        }

    def __repr__(self) -> str:
        return f"CardSet({len(self.mps)} MPs, {len(self.cards)} cards, decks={list(self.decks)})"

    def drills(self) -> list[Drill]:
        """Every distinct drill, in file order."""
        return [c for c in self.cards.values() if isinstance(c, Drill)]

    def deck(self, name: str) -> Deck:
        """The sample deck with id ``name``; raises :class:`DeckError` if there is none."""
        try:
            return self.decks[name]
        except KeyError:
            known = ", ".join(sorted(self.decks)) or "none"
            raise DeckError(f"unknown deck {name!r} (known decks: {known})") from None


# --------------------------------------------------------------------------- drill classification (section 8)


def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", re.IGNORECASE)


def parse_colour_words(words: Iterable[str]) -> tuple[str, ...]:
    """Check a colour-word list (DBZ-8.1): single words of letters, no repeats (ignoring case)."""
    out: list[str] = []
    seen: set[str] = set()
    for word in words:
        if not isinstance(word, str) or not re.fullmatch(r"[A-Za-z]+", word):
            raise CardDataError(f"colour word {word!r} must be one word of letters (DBZ-8.1)")
        if word.lower() in seen:
            raise CardDataError(f"colour word {word!r} is listed twice (DBZ-8.1)")
        seen.add(word.lower())
        out.append(word)
    if not out:
        raise CardDataError("the colour word list is empty (DBZ-8.1)")
    return tuple(out)


def classify_drill(
    title: str, colour_words: Sequence[str], mp_names: Iterable[str]
) -> tuple[str, str | None]:
    """(kind, colour) of a drill from its title (DBZ-8.1 to DBZ-8.6).

    Colour words and personality names are matched as whole words, ignoring case, so "Kairo's" names Kairo. A
    title with a personality name is named and has no colour (DBZ-8.5); two different colour words are refused
    (DBZ-8.6).
    """
    if any(_word_pattern(name).search(title) for name in mp_names):
        return "named", None  # DBZ-8.2, DBZ-8.5
    found = [w for w in colour_words if _word_pattern(w).search(title)]
    if len(found) > 1:
        raise CardDataError(
            f"drill {title!r} has two colour words in its title ({', '.join(found)}); "
            "a drill has one colour (DBZ-8.6)"
        )
    if found:
        return "coloured", found[0]  # DBZ-8.4
    return "colourless", None  # DBZ-8.3


# --------------------------------------------------------------------------- loading


def load_card_set(path: Path | None = None) -> CardSet:
    """Load and validate a card set; by default the ``cards.toml`` shipped with this package."""
    data = read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE)
    return parse_card_set(data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CardDataError(f"{where} must be a table")
    return value


def _tables(value: object, key: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise CardDataError(f"card data key {key!r} must be an array of tables ([[{key}]])")
    return value


def _reject_unknown(where: str, raw: dict[str, Any], allowed: Iterable[str]) -> None:
    allowed = set(allowed)
    for key in raw:
        if key not in allowed:
            raise CardDataError(f"{where}: unknown field {key!r}")


def _text(where: str, raw: dict[str, Any], key: str, *, optional: bool = False) -> str:
    if key not in raw:
        if optional:
            return ""
        raise CardDataError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if not isinstance(value, str) or (not optional and not value.strip()):
        raise CardDataError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def parse_card_set(data: dict[str, Any]) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML; refuses anything outside the card schema."""
    if not isinstance(data, dict):
        raise CardDataError("card data must be a table")
    _reject_unknown("card data", data, ("rules", "pat", "mp", "card", "deck"))
    rules = _table(data.get("rules"), "[rules]")
    _reject_unknown("[rules]", rules, ("colour_words",))
    words = rules.get("colour_words")
    if not isinstance(words, list):
        raise CardDataError("[rules] colour_words must be a list of words (DBZ-8.1)")
    colour_words = parse_colour_words(words)
    pat = _parse_pat(_table(data.get("pat"), "[pat]"))

    mps: dict[str, MainPersonality] = {}
    titles: set[str] = set()
    for index, raw in enumerate(_tables(data.get("mp", []), "mp"), start=1):
        mp = _parse_mp(raw, index)
        if mp.name in mps:
            raise CardDataError(f"MP {mp.name!r} is defined twice")
        for level in mp.levels:
            if level.title in titles:
                raise CardDataError(f"level card title {level.title!r} is used twice")
            titles.add(level.title)
        mps[mp.name] = mp
    if not mps:
        raise CardDataError("card data defines no Main Personality ([[mp]])")

    cards: dict[str, AnyCard] = {}
    raw_cards = _tables(data.get("card", []), "card")
    if not raw_cards:
        raise CardDataError("card data defines no cards ([[card]])")
    for index, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, index, colour_words, tuple(mps))
        if card.title in cards or card.title in titles:
            raise CardDataError(f"card {card.title!r}: title is used twice")
        cards[card.title] = card

    decks: dict[str, Deck] = {}
    for index, raw in enumerate(_tables(data.get("deck", []), "deck"), start=1):
        deck = _parse_deck(raw, index, cards, mps)
        if deck.name in decks:
            raise CardDataError(f"deck {deck.name!r}: field 'name' is used by two decks")
        decks[deck.name] = deck
    return CardSet(mps, cards, decks, pat, colour_words)


def _parse_pat(raw: dict[str, Any]) -> Pat:
    _reject_unknown("[pat]", raw, ("bands", "formula"))
    bands = raw.get("bands")
    formula = raw.get("formula")
    try:
        return Pat(parse_bands(bands), parse_formula(formula))
    except ValueError as exc:
        raise CardDataError(f"[pat]: {exc}") from None


def parse_bands(bands: object) -> tuple[int, ...]:
    """Check PAT bands (DBZ-6.1): whole numbers >= 1, strictly increasing; raises ValueError."""
    if not isinstance(bands, list | tuple) or not bands or not all(_is_int(b) for b in bands):
        raise ValueError(f"bands must be a non-empty list of whole numbers, got {bands!r} (DBZ-6.1)")
    if bands[0] < 1 or any(b <= a for a, b in zip(bands, bands[1:], strict=False)):
        raise ValueError(f"bands must start at 1 or more and increase, got {list(bands)} (DBZ-6.1)")
    return tuple(bands)


def parse_formula(formula: object) -> tuple[int, int, int]:
    """Check a PAT damage formula (DBZ-6.2) given as {attacker, target, constant}; raises ValueError."""
    if not isinstance(formula, dict) or set(formula) != {"attacker", "target", "constant"}:
        raise ValueError(f"formula must be {{attacker, target, constant}}, got {formula!r} (DBZ-6.2)")
    a, t, c = formula["attacker"], formula["target"], formula["constant"]
    if not (_is_int(a) and _is_int(t) and _is_int(c)):
        raise ValueError(f"formula values must be whole numbers, got {formula!r} (DBZ-6.2)")
    return (a, t, c)


def _parse_mp(raw: dict[str, Any], index: int) -> MainPersonality:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"MP #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"MP {name!r}"
    _reject_unknown(where, raw, ("name", "levels"))
    raw_levels = raw.get("levels")
    if not isinstance(raw_levels, list) or not raw_levels or not all(isinstance(x, dict) for x in raw_levels):
        raise CardDataError(f"{where}: field 'levels' must be a non-empty list of level tables (DBZ-1.3)")
    levels = []
    for number, lv in enumerate(raw_levels, start=1):
        lwhere = f"{where} level {number}"
        _reject_unknown(lwhere, lv, ("title", "pur", "power"))
        title = _text(lwhere, lv, "title")
        pur = lv.get("pur")
        if not _is_int(pur) or pur < 0:
            raise CardDataError(
                f"{lwhere}: field 'pur' must be a whole number of stages >= 0, got {pur!r} (DBZ-1.4)"
            )
        power = lv.get("power")
        if not isinstance(power, list) or len(power) != MAX_STAGE + 1 or not all(_is_int(p) for p in power):
            raise CardDataError(
                f"{lwhere}: field 'power' must list {MAX_STAGE + 1} whole numbers, one per stage 0 to {MAX_STAGE} (DBZ-1.4)"
            )
        if power[0] != 0:
            raise CardDataError(f"{lwhere}: the power at stage 0 must be 0, got {power[0]} (DBZ-1.4)")
        if any(p < 0 for p in power):
            raise CardDataError(f"{lwhere}: power values cannot be negative (DBZ-1.4)")
        levels.append(Level(title, pur, tuple(power)))
    return MainPersonality(name, tuple(levels))


def _parse_card(
    raw: dict[str, Any], index: int, colour_words: tuple[str, ...], mp_names: tuple[str, ...]
) -> AnyCard:
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        raise CardDataError(f"card #{index}: field 'title' must be a non-empty string, got {title!r}")
    where = f"card {title!r}"
    ctype = raw.get("type")
    if ctype not in SUBTYPES:
        raise CardDataError(
            f"{where}: field 'type' is {ctype!r}, but a card is non-combat or combat (DBZ-1.10)"
        )
    subtype = raw.get("subtype")
    if subtype not in SUBTYPES[ctype]:
        raise CardDataError(
            f"{where}: field 'subtype' is {subtype!r}; a {ctype} card is one of {', '.join(SUBTYPES[ctype])} (DBZ-1.10)"
        )
    text = _text(where, raw, "text", optional=True)
    if subtype == "drill":
        return _parse_drill(where, raw, title, text, colour_words, mp_names)
    return _parse_other(where, raw, title, ctype, subtype, text)


def _parse_drill(
    where: str,
    raw: dict[str, Any],
    title: str,
    text: str,
    colour_words: tuple[str, ...],
    mp_names: tuple[str, ...],
) -> Drill:
    _reject_unknown(
        where,
        raw,
        (
            "title",
            "type",
            "subtype",
            "text",
            "kind",
            "colour",
            "restricted_against",
            "in_play_limit",
            "power",
            "n",
        ),
    )
    kind = raw.get("kind")
    if kind not in DRILL_KINDS:
        raise CardDataError(
            f"{where}: field 'kind' is {kind!r}; a drill is coloured, named or colourless (DBZ-1.11)"
        )
    derived_kind, derived_colour = classify_drill(title, colour_words, mp_names)
    colour = raw.get("colour")
    if kind != derived_kind:
        raise CardDataError(
            f"{where}: field 'kind' is {kind!r}, but its title makes it {derived_kind} (DBZ-8.2 to DBZ-8.5)"
        )
    if kind == "coloured":
        if colour != derived_colour:
            raise CardDataError(
                f"{where}: field 'colour' is {colour!r}, but its title gives colour {derived_colour!r} (DBZ-8.4)"
            )
    elif colour is not None:
        raise CardDataError(
            f"{where}: a {kind} drill has no colour, but field 'colour' is {colour!r} (DBZ-8.13)"
        )
    restricted = raw.get("restricted_against")
    if restricted is not None and restricted not in colour_words:
        raise CardDataError(
            f"{where}: field 'restricted_against' is {restricted!r}, which is not a colour word (DBZ-10.1)"
        )
    limit = raw.get("in_play_limit")
    if limit is not None:
        if kind == "coloured":
            raise CardDataError(
                f"{where}: a coloured drill cannot have an in_play_limit; it is never duplicated in play (DBZ-8.9)"
            )
        if not _is_int(limit) or not 1 <= limit <= IN_PLAY_CAP:
            raise CardDataError(
                f"{where}: field 'in_play_limit' must be 1 to {IN_PLAY_CAP}, got {limit!r} (DBZ-8.15)"
            )
    power = raw.get("power")
    if power in CONTINUOUS_POWERS or (power in ACTIVATED_POWERS and ACTIVATED_POWERS[power]):
        n = raw.get("n")
        if not _is_int(n) or n < 1:
            raise CardDataError(f"{where}: power {power} needs n, a whole number >= 1, got {n!r} (DBZ-11.1)")
    elif power in ACTIVATED_POWERS:
        if "n" in raw:
            raise CardDataError(f"{where}: power {power} takes no n (DBZ-11.1)")
        n = 0
    else:
        raise CardDataError(f"{where}: field 'power' is {power!r}, which is not a drill power (DBZ-11.1)")
    return Drill(title, kind, colour, restricted, limit, power, n, text)


def _parse_effect(where: str, raw: object) -> Effect:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: an effect must be a table, got {raw!r} (DBZ-12.1)")
    name = raw.get("effect")
    if name not in EFFECTS:
        raise CardDataError(f"{where}: {name!r} is not an effect of section 12 (DBZ-12.1)")
    shape = EFFECTS[name]
    when = raw.get("when")
    if when is not None and when not in ("ON_PLAY", "ON_HIT"):
        raise CardDataError(f"{where}: 'when' must be ON_PLAY or ON_HIT, got {when!r} (DBZ-12.14)")
    if shape == "energy":
        _reject_unknown(f"{where} {name}", raw, ("effect", "damage", "cost"))
        damage = raw.get("damage", DEFAULT_ENERGY_DAMAGE)
        cost = raw.get("cost", DEFAULT_ENERGY_COST)
        if not _is_int(damage) or damage < 0 or not _is_int(cost) or cost < 0:
            raise CardDataError(
                f"{where}: ENERGY_ATTACK damage and cost must be whole numbers >= 0 (DBZ-12.3)"
            )
        return Effect(name, damage, cost)
    _reject_unknown(f"{where} {name}", raw, ("effect", "n", "when"))
    if shape == "none":
        if "n" in raw:
            raise CardDataError(f"{where}: {name} takes no n (DBZ-12.1)")
        return Effect(name, 0, 0, when)
    n = raw.get("n", 0 if shape == "bonus" else None)
    ok = _is_int(n) and (
        (shape == "bonus" and n >= 0)
        or (shape == "positive" and n >= 1)
        or (shape == "nonzero" and n != 0)
        or (shape == "plus_one" and n == 1)
        or (shape == "minus_one" and n == -1)
    )
    if not ok:
        rule = {
            "bonus": "a whole number >= 0 (DBZ-12.2)",
            "positive": "a whole number >= 1",
            "nonzero": "a non-zero whole number",
            "plus_one": "+1 (DBZ-12.11)",
            "minus_one": "-1 (DBZ-12.12)",
        }[shape]
        raise CardDataError(f"{where}: {name} needs n, {rule}; got {n!r}")
    return Effect(name, n, 0, when)


def _parse_other(where: str, raw: dict[str, Any], title: str, ctype: str, subtype: str, text: str) -> Card:
    _reject_unknown(where, raw, ("title", "type", "subtype", "text", "effects"))
    raw_effects = raw.get("effects")
    if not isinstance(raw_effects, list) or not raw_effects:
        raise CardDataError(f"{where}: field 'effects' must be a non-empty list of effects (DBZ-12.1)")
    effects = tuple(_parse_effect(f"{where}: effect {i}", e) for i, e in enumerate(raw_effects, start=1))
    if subtype in MAIN_EFFECT:
        main, riders = effects[0], effects[1:]
        if main.effect not in MAIN_EFFECT[subtype] or main.when is not None:
            raise CardDataError(
                f"{where}: a {subtype} card starts with {' or '.join(MAIN_EFFECT[subtype])} (DBZ-12.2 to DBZ-12.8)"
            )
        for rider in riders:
            if "attack" not in subtype:
                raise CardDataError(
                    f"{where}: a {subtype} card has only its block effect (DBZ-12.4 to DBZ-12.8)"
                )
            if rider.effect not in RIDERS or rider.when is None:
                raise CardDataError(
                    f"{where}: an attack's extra effect must be an anger or level effect marked ON_PLAY or ON_HIT "
                    f"(DBZ-12.14), got {rider.effect} {rider.when}"
                )
    else:
        for effect in effects:
            if effect.effect not in PLAIN_EFFECTS[subtype] or effect.when is not None:
                raise CardDataError(
                    f"{where}: a {subtype} card cannot have {effect.effect}"
                    + (f" marked {effect.when}" if effect.when else "")
                    + " (DBZ-12.1, DBZ-12.14)"
                )
    return Card(title, ctype, subtype, effects, text)


def _parse_deck(
    raw: dict[str, Any], index: int, cards: dict[str, AnyCard], mps: dict[str, MainPersonality]
) -> Deck:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"deck #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"deck {name!r}"
    _reject_unknown(where, raw, ("name", "mp", "cards"))
    mp = raw.get("mp")
    if mp not in mps:
        raise CardDataError(f"{where}: field 'mp' is {mp!r}, which is not an MP of the card set")
    entries = raw.get("cards")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(f"{where}: field 'cards' must be a list of {{card, count}} tables")
    titles: list[str] = []
    for entry in entries:
        _reject_unknown(f"{where} entry", entry, ("card", "count"))
        title, count = entry.get("card"), entry.get("count")
        if not isinstance(title, str):
            raise CardDataError(f"{where}: an entry has no card title")
        if not _is_int(count) or count < 1:
            raise CardDataError(f"{where}: {title!r} has count {count!r}, which must be a whole number >= 1")
        titles.extend([title] * count)
    return Deck(name, mp, tuple(titles))


# --------------------------------------------------------------------------- deck construction (section 2)


def validate_deck(
    titles: Sequence[str], card_set: CardSet, mp: str, deck_name: str = "deck"
) -> tuple[str, ...]:
    """Check a life deck for the MP ``mp`` (DBZ-1.3, DBZ-2.1, DBZ-2.2); raises :class:`DeckError` naming the rule."""
    if mp not in card_set.mps:
        raise DeckError(f"{deck_name}: {mp!r} is not a Main Personality of the card set")
    own = _word_pattern(mp)
    for title in titles:
        if title in card_set.level_titles:
            raise DeckError(
                f"{deck_name}: {title!r} is a level card; level cards start in play and never belong to a life deck (DBZ-1.3)"
            )
        if title not in card_set.cards:
            raise DeckError(f"{deck_name}: {title!r} is not a card of the card set")
    if len(titles) < DECK_MIN:
        raise DeckError(
            f"{deck_name}: a life deck holds at least {DECK_MIN} cards, this one holds {len(titles)} (DBZ-2.1)"
        )
    for title, count in Counter(titles).items():
        if own.search(title):
            if count > MAX_COPIES_OWN_NAME:
                raise DeckError(
                    f"{deck_name}: {count} copies of {title!r}; a title naming the deck's own MP {mp} may be held "
                    f"at most {MAX_COPIES_OWN_NAME} times (DBZ-2.2)"
                )
        elif count > MAX_COPIES:
            raise DeckError(
                f"{deck_name}: {count} copies of {title!r}; a life deck holds at most {MAX_COPIES} copies of a title, "
                f"or {MAX_COPIES_OWN_NAME} of a title naming its own MP (DBZ-2.2)"
            )
    return tuple(titles)


def parse_deck_list(text: str, card_set: CardSet, deck_name: str = "deck") -> tuple[str, ...]:
    """Read a deck list written as ``"3x Cobblestone Jab; 2x Lantern Bolt; Two-Schools Drill"`` (entries separated
    by semicolons or new lines, an optional ``Nx`` count before each title); raises :class:`DeckError`."""
    titles: list[str] = []
    for raw in re.split(r"[;\n]", text):
        entry = raw.strip()
        if not entry:
            continue
        match = re.fullmatch(r"(\d+)\s*[xX×]\s+(.+)", entry)
        count, title = (int(match.group(1)), match.group(2).strip()) if match else (1, entry)
        if count < 1:
            raise DeckError(f"{deck_name}: {entry!r} asks for {count} copies")
        if title not in card_set.cards and title not in card_set.level_titles:
            raise DeckError(f"{deck_name}: {title!r} is not a card of the card set")
        titles.extend([title] * count)
    return tuple(titles)


# --------------------------------------------------------------------------- card-set requirements (section 15)


def card_set_problems(cs: CardSet) -> list[str]:
    """Check the card-set requirements DBZ-15.1 to DBZ-15.9; returns one line per problem found."""
    problems: list[str] = []
    # DBZ-15.1: exactly Kairo and Vashna, 3 levels each, power values in every PAT row 0..7.
    if sorted(cs.mps) != ["Kairo", "Vashna"]:
        problems.append(f"DBZ-15.1: the set must ship the MPs Kairo and Vashna, found {sorted(cs.mps)}")
    for mp in cs.mps.values():
        if mp.top != 3:
            problems.append(f"DBZ-15.1: {mp.name} has {mp.top} levels, not 3")
    rows = {cs.pat.row(p) for mp in cs.mps.values() for lv in mp.levels for p in lv.power}
    missing = [r for r in range(8) if r not in rows]
    if missing:
        problems.append(f"DBZ-15.1: no power value of the MPs falls in PAT row(s) {missing}")
    # DBZ-15.2: Vashna's level-1 power at stage 5 is exactly twice Kairo's.
    if "Kairo" in cs.mps and "Vashna" in cs.mps:
        k, v = cs.mps["Kairo"].levels[0].power[5], cs.mps["Vashna"].levels[0].power[5]
        if v != 2 * k:
            problems.append(f"DBZ-15.2: Vashna's level-1 stage-5 power {v} is not twice Kairo's {k}")
    # DBZ-15.3: one legal 60-card deck per MP.
    for mp in cs.mps:
        decks = [d for d in cs.decks.values() if d.mp == mp]
        if len(decks) != 1:
            problems.append(f"DBZ-15.3: the set must ship one sample deck for {mp}, found {len(decks)}")
    for deck in cs.decks.values():
        if len(deck.cards) != 60:
            problems.append(f"DBZ-15.3: deck {deck.name!r} holds {len(deck.cards)} cards, not 60")
        try:
            validate_deck(deck.cards, cs, deck.mp, f"deck {deck.name!r}")
        except DeckError as exc:
            problems.append(f"DBZ-15.3: {exc}")
    # DBZ-15.4: at least 16 distinct drills and the kinds and colours listed.
    drills = cs.drills()
    if len(drills) < 16:
        problems.append(f"DBZ-15.4: the set has {len(drills)} distinct drills, it needs 16")
    colours = Counter(d.colour for d in drills if d.kind == "coloured")
    for colour in ("Black", "Blue", "Orange", "Red"):
        if colours[colour] < 2:
            problems.append(f"DBZ-15.4: the set has {colours[colour]} {colour} drills, it needs 2")
    if not any(c in colours for c in ("Saiyan", "Namekian")):
        problems.append("DBZ-15.4: no drill has a style colour word (Saiyan or Namekian)")
    for mp in cs.mps:
        if not any(d.kind == "named" and _word_pattern(mp).search(d.title) for d in drills):
            problems.append(f"DBZ-15.4: no named drill names {mp}")
    if sum(d.kind == "colourless" for d in drills) < 2:
        problems.append("DBZ-15.4: the set needs at least 2 colourless drills")
    # DBZ-15.5: the three restricted drills.
    if not any(d.colour == "Orange" and d.restricted_against == "Orange" for d in drills):
        problems.append("DBZ-15.5: no Orange drill is restricted against Orange")
    black = [d for d in drills if d.colour == "Black" and d.restricted_against == "Orange"]
    if not black:
        problems.append("DBZ-15.5: no Black drill is restricted against Orange")
    elif not any(all(d.title in deck.cards for deck in cs.decks.values()) for d in black):
        problems.append("DBZ-15.5: the Black drill restricted against Orange is not in both sample decks")
    if not any(d.kind == "colourless" and d.restricted_against == "Red" for d in drills):
        problems.append("DBZ-15.5: no colourless drill is restricted against Red")
    # DBZ-15.6: a colourless EXTRA_COLOUR 1 drill with in-play limit 1.
    if not any(
        d.kind == "colourless" and d.power == "EXTRA_COLOUR" and d.n == 1 and d.in_play_limit == 1
        for d in drills
    ):
        problems.append("DBZ-15.6: no colourless drill has EXTRA_COLOUR 1 and an in-play limit of 1")
    # DBZ-15.7: four continuous powers on two drills one player can hold together; every other power on one.
    for power in ("PHYS_ATTACK_BONUS", "PHYS_DAMAGE_REDUCTION", "ENERGY_ATTACK_BONUS", "POWER_UP_BONUS"):
        carriers = [d for d in drills if d.power == power]
        if not any(_compatible(a, b) for i, a in enumerate(carriers) for b in carriers[i + 1 :]) and not any(
            d.kind != "coloured" and (d.in_play_limit or IN_PLAY_CAP) >= 2 for d in carriers
        ):
            problems.append(f"DBZ-15.7: no two drills with {power} can be in play for one player together")
    for power in (*CONTINUOUS_POWERS, *ACTIVATED_POWERS):
        if not any(d.power == power for d in drills):
            problems.append(f"DBZ-15.7: no drill has the power {power}")
    # DBZ-15.8: each sample deck holds drills of at least three colours.
    for deck in cs.decks.values():
        dcolours = {c.colour for t in deck.cards if isinstance(c := cs.cards[t], Drill) and c.colour}
        if len(dcolours) < 3:
            problems.append(
                f"DBZ-15.8: deck {deck.name!r} holds drills of {len(dcolours)} colours, it needs 3"
            )
    problems.extend(_other_card_problems(cs))
    return problems


def _compatible(a: Drill, b: Drill) -> bool:
    """Whether one player can have both drills in play at once (colour lock, duplicates, restrictions)."""
    if a.kind == "coloured" and b.kind == "coloured" and a.colour != b.colour:
        return False
    for x, y in ((a, b), (b, a)):
        if x.restricted_against is not None and y.colour == x.restricted_against:
            return False
    return True


def _other_card_problems(cs: CardSet) -> list[str]:
    """DBZ-15.9: the non-drill cards every effect needs."""
    problems: list[str] = []
    others = [c for c in cs.cards.values() if isinstance(c, Card)]

    def has(subtype: str, test: Any) -> bool:
        return any(c.subtype == subtype and test(c) for c in others)

    phys = [c for c in others if c.subtype == "physical attack"]
    if len(phys) < 3:
        problems.append(f"DBZ-15.9: the set has {len(phys)} physical attacks, it needs 3")
    if not has("physical attack", lambda c: c.effects[0].n > 0):
        problems.append("DBZ-15.9: no physical attack has its own bonus")
    if not has(
        "physical attack",
        lambda c: any(e.effect == "ANGER_SELF" and e.n > 0 and e.when == "ON_PLAY" for e in c.effects),
    ):
        problems.append("DBZ-15.9: no physical attack raises anger ON_PLAY")
    if not has(
        "physical attack", lambda c: any(e.effect == "LEVEL_OPP" and e.when == "ON_HIT" for e in c.effects)
    ):
        problems.append("DBZ-15.9: no physical attack drops a level ON_HIT")
    special = [
        c
        for c in others
        if c.subtype == "energy attack"
        and (c.effects[0].n != DEFAULT_ENERGY_DAMAGE or c.effects[0].cost != DEFAULT_ENERGY_COST)
    ]
    if len(special) < 2:
        problems.append("DBZ-15.9: the set needs 2 energy attacks with non-default damage or cost")
    for subtype, effect in (
        ("physical block", "STOP_PHYS"),
        ("physical block", "REDUCE_PHYS"),
        ("energy block", "STOP_ENERGY"),
        ("energy block", "REDUCE_ENERGY"),
        ("any-attack block", "STOP_ANY"),
    ):
        if not has(subtype, lambda c, e=effect: c.effects[0].effect == e):
            problems.append(f"DBZ-15.9: no {subtype} with {effect}")
    for subtype, effect, sign in (
        ("combat action", "ANGER_SELF", 1),
        ("combat action", "ANGER_OPP", -1),
        ("one-shot", "ANGER_SELF", 1),
        ("one-shot", "ANGER_OPP", -1),
        ("one-shot", "LEVEL_SELF", 1),
        ("one-shot", "DESTROY_DRILL", 0),
    ):
        if not has(
            subtype, lambda c, e=effect, s=sign: any(x.effect == e and x.n * s >= 0 for x in c.effects)
        ):
            problems.append(f"DBZ-15.9: no {subtype} card with {effect}")
    return problems


# --------------------------------------------------------------------------- display

_POWER_TEXT: dict[str, str] = {
    "PHYS_ATTACK_BONUS": "your physical attacks +{n} stages",
    "PHYS_DAMAGE_REDUCTION": "physical attacks on you -{n} stages",
    "ENERGY_ATTACK_BONUS": "your energy attacks +{n} life cards",
    "ENERGY_DAMAGE_REDUCTION": "energy attacks on you -{n} life cards",
    "EXTRA_DRAW": "draw {n} more in Step 1",
    "POWER_UP_BONUS": "+{n} stages in Step 3",
    "EXTRA_COLOUR": "{n} more drill colour allowed",
    "ACT_ANGER": "once per turn in Step 2: anger +{n}",
    "ACT_PHYS_ATTACK": "once per combat: a physical attack without a card",
    "ACT_STOP_ENERGY": "once per combat: stop an energy attack on you",
}


def describe_power(drill: Drill) -> str:
    """A drill's power in words."""
    return _POWER_TEXT[drill.power].format(n=drill.n)


def describe_effect(e: Effect) -> str:
    """One effect in words."""
    prefix = f"{e.when}: " if e.when else ""
    if e.effect == "PHYS_ATTACK":
        return f"physical attack{f' +{e.n}' if e.n else ''}"
    if e.effect == "ENERGY_ATTACK":
        return f"energy attack {e.n} life cards, costs {e.cost} stages"
    if e.effect in ("STOP_PHYS", "STOP_ENERGY", "STOP_ANY"):
        return {"STOP_PHYS": "stops a physical attack", "STOP_ENERGY": "stops an energy attack"}.get(
            e.effect, "stops any attack"
        )
    if e.effect == "REDUCE_PHYS":
        return f"physical attack -{e.n} stages"
    if e.effect == "REDUCE_ENERGY":
        return f"energy attack -{e.n} life cards"
    if e.effect == "ANGER_SELF":
        return f"{prefix}your anger {e.n:+d}"
    if e.effect == "ANGER_OPP":
        return f"{prefix}opponent's anger {e.n:+d}"
    if e.effect == "LEVEL_SELF":
        return f"{prefix}your level {e.n:+d}"
    if e.effect == "LEVEL_OPP":
        return f"{prefix}opponent's level {e.n:+d}"
    return "discard one drill in play"


def drill_tag(drill: Drill, classified: tuple[str, str | None] | None = None) -> str:
    """Kind, colour and restriction in brackets. ``classified``: the drill's (kind, colour) under a game's own colour
    words (DBZ-8.1, DBZ-14.4), if they differ from the card set's."""
    kind, colour = classified if classified is not None else (drill.kind, drill.colour)
    parts = [colour if colour else kind]
    if drill.restricted_against:
        parts.append(f"not with {drill.restricted_against}")
    if kind != "coloured":
        parts.append(f"max {drill.in_play_limit or IN_PLAY_CAP}")
    return ", ".join(parts)


def describe_card(card: AnyCard, classified: tuple[str, str | None] | None = None) -> str:
    """A one-line description for players (``classified``: a drill's kind and colour, see :func:`drill_tag`)."""
    if isinstance(card, Drill):
        return f"{card.title} [drill: {drill_tag(card, classified)}] {describe_power(card)}"
    return f"{card.title} [{card.subtype}] " + "; ".join(describe_effect(e) for e in card.effects)
