"""Card data, card loader and deck validation for the Dragon Ball Z CCG with the Drill rules.

The card set lives in ``cards.toml`` next to this module; its header documents the format. The file is decoded with
:func:`cardsmith.core.carddata.decode` against the msgspec structs below (a missing or unknown field, a wrong type
or a value out of range is one error naming the file, the card and the field); :func:`parse_card_set` then checks
the data against the rules (DBZ-1.4, DBZ-1.10, sections 8, 10, 11 and 12), :func:`validate_deck` applies the
deck-construction rules DBZ-2.1 and DBZ-2.2, and :func:`card_set_problems` checks the card-set requirements of rules
section 15.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import msgspec

from cardsmith.core.carddata import DeckIndex, deck_list_entries, decode, read_card_toml
from cardsmith.core.errors import CardDataError, DeckError

from .effects import DEFAULT_ENERGY_COST, DEFAULT_ENERGY_DAMAGE, RIDERS, AnyEffect, AnyPower

__all__ = [
    "ACTIVATED_POWERS",
    "CONTINUOUS_POWERS",
    "Card",
    "CardSet",
    "Deck",
    "Drill",
    "Level",
    "MainPersonality",
    "Pat",
    "card_set_problems",
    "classify_drill",
    "deck_problems",
    "load_card_set",
    "parse_bands",
    "parse_card_set",
    "parse_colour_words",
    "parse_deck_list",
    "validate_deck",
]

# --------------------------------------------------------------------------- vocabulary

SUBTYPES: dict[str, tuple[str, ...]] = {  # DBZ-1.10
    "non-combat": ("drill", "one-shot"),
    "combat": (
        "physical attack",
        "energy attack",
        "physical block",
        "energy block",
        "any-attack block",
        "combat action",
    ),
}

# Section 11: drill powers and their rules (their schemas are the structs of .effects.POWERS).
CONTINUOUS_POWERS: dict[str, str] = {
    "PHYS_ATTACK_BONUS": "DBZ-11.2",
    "PHYS_DAMAGE_REDUCTION": "DBZ-11.3",
    "ENERGY_ATTACK_BONUS": "DBZ-11.4",
    "ENERGY_DAMAGE_REDUCTION": "DBZ-11.5",
    "EXTRA_DRAW": "DBZ-11.6",
    "POWER_UP_BONUS": "DBZ-11.7",
    "EXTRA_COLOUR": "DBZ-11.8",
}
ACTIVATED_POWERS: dict[str, str] = {
    "ACT_ANGER": "DBZ-11.9",
    "ACT_PHYS_ATTACK": "DBZ-11.10",
    "ACT_STOP_ENERGY": "DBZ-11.11",
}

# The one effect that makes each card subtype what it is (DBZ-12.2 .. DBZ-12.8), and what the others may carry.
MAIN_EFFECT: dict[str, tuple[str, ...]] = {
    "physical attack": ("PHYS_ATTACK",),
    "energy attack": ("ENERGY_ATTACK",),
    "physical block": ("STOP_PHYS", "REDUCE_PHYS"),
    "energy block": ("STOP_ENERGY", "REDUCE_ENERGY"),
    "any-attack block": ("STOP_ANY",),
}
PLAIN_EFFECTS: dict[str, tuple[str, ...]] = {
    "combat action": ("ANGER_SELF", "ANGER_OPP", "LEVEL_SELF", "LEVEL_OPP"),
    "one-shot": (
        "ANGER_SELF",
        "ANGER_OPP",
        "LEVEL_SELF",
        "LEVEL_OPP",
        "DESTROY_DRILL",
        "DRAW",
        "LOSE_LIFE_BOTH",
    ),
}
MAX_STAGE = 10  # DBZ-1.4
DECK_MIN = 50  # DBZ-2.1
MAX_COPIES = 3  # DBZ-2.2
MAX_COPIES_OWN_NAME = 4  # DBZ-2.2
IN_PLAY_CAP = 4  # DBZ-8.14
SAMPLE_MPS = ("Kairo", "Vashna")  # DBZ-15.1: the sample set's two MPs

_DEFAULT_PACKAGE = "cardsmith.games.dbz"
_DEFAULT_FILE = "cards.toml"

Text = Annotated[str, msgspec.Meta(pattern=r"\S")]  # a non-empty string
Whole = Annotated[int, msgspec.Meta(ge=0)]

# --------------------------------------------------------------------------- the schema of cards.toml


class Level(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One level card of a Main Personality (DBZ-1.3, DBZ-1.4): title, PUR and power for stages 0 to 10."""

    title: Text
    pur: Whole
    power: Annotated[tuple[Whole, ...], msgspec.Meta(min_length=MAX_STAGE + 1, max_length=MAX_STAGE + 1)]


class MainPersonality(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A Main Personality: a name and its level cards, level 1 first."""

    name: Text
    levels: Annotated[tuple[Level, ...], msgspec.Meta(min_length=1)]
    alignment: Literal["Hero", "Villain"] | None = None  # DBZ-2.9, DBZ-2.10

    @property
    def top(self) -> int:
        """The highest level number N."""
        return len(self.levels)


class _Entry(msgspec.Struct, tag_field="subtype", kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A life-deck card (DBZ-1.10): its subtype is the tag that says which fields it has."""

    title: Text
    text: str = ""  # words for players (no effect on play)

    @property
    def subtype(self) -> str:
        return self.__struct_config__.tag  # type: ignore[return-value]


class Drill(_Entry, tag="drill", kw_only=True):
    """A drill card (DBZ-1.11): kind, colour, restriction, in-play limit and one power (section 11)."""

    type: Literal["non-combat"]
    kind: Literal["coloured", "named", "colourless"]  # DBZ-8.2 .. DBZ-8.4
    colour: str | None = None
    restricted_against: str | None = None
    in_play_limit: Annotated[int, msgspec.Meta(ge=1, le=IN_PLAY_CAP)] | None = None  # DBZ-8.15
    power: str  # a power of section 11 with its n, checked against the structs of .effects.POWERS
    n: int | None = None


class Card(_Entry, kw_only=True):
    """Any life-deck card that is not a drill: a type, a subtype and its effects in printed order (DBZ-12.1)."""

    type: Literal["non-combat", "combat"]
    effects: Annotated[tuple[AnyEffect, ...], msgspec.Meta(min_length=1)]


_OTHER = tuple(
    msgspec.defstruct(subtype.title().replace(" ", "").replace("-", ""), [], bases=(Card,), tag=subtype)
    for subtypes in SUBTYPES.values()
    for subtype in subtypes
    if subtype != "drill"
)
AnyCard = Drill | Card
_ANY_ENTRY = Union[(Drill, *_OTHER)]  # noqa: UP007 - built at run time


class Formula(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """DBZ-6.2: base physical damage is max(0, attacker * attacker_row + target * target_row + constant)."""

    attacker: int
    target: int
    constant: int


class _Pat(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    bands: Annotated[tuple[int, ...], msgspec.Meta(min_length=1)]
    formula: Formula


class _Rules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    colour_words: tuple[str, ...]


class _DeckEntry(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    card: str
    count: Annotated[int, msgspec.Meta(ge=1)]


class _Deck(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: Text
    mp: str
    cards: tuple[_DeckEntry, ...]


class _CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    rules: _Rules
    pat: _Pat
    mp: Annotated[tuple[MainPersonality, ...], msgspec.Meta(min_length=1)]
    card: Annotated[tuple[_ANY_ENTRY, ...], msgspec.Meta(min_length=1)]  # type: ignore[valid-type]
    deck: tuple[_Deck, ...] = ()


# --------------------------------------------------------------------------- records built from the file


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


@dataclass(eq=False, repr=False)
class CardSet(DeckIndex[Deck]):
    """MPs, cards (by title, in file order), sample decks, the PAT and the colour words."""

    mps: dict[str, MainPersonality]
    cards: dict[str, AnyCard]
    decks: dict[str, Deck]
    pat: Pat
    colour_words: tuple[str, ...]
    level_titles: dict[str, tuple[str, int]] = field(init=False)
    """Each MP level's title -> (the MP's name, the level's number from 1)."""

    def __post_init__(self) -> None:
        self.level_titles = {
            lv.title: (mp.name, i + 1) for mp in self.mps.values() for i, lv in enumerate(mp.levels)
        }

    def __repr__(self) -> str:
        return f"CardSet({len(self.mps)} MPs, {len(self.cards)} cards, decks={list(self.decks)})"

    def drills(self) -> list[Drill]:
        """Every distinct drill, in file order."""
        return [c for c in self.cards.values() if isinstance(c, Drill)]


# --------------------------------------------------------------------------- drill classification (section 8)


def word_pattern(word: str) -> re.Pattern[str]:
    """A whole word, ignoring case (DBZ-8.1)."""
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
    if any(word_pattern(name).search(title) for name in mp_names):
        return "named", None  # DBZ-8.2, DBZ-8.5
    found = [w for w in colour_words if word_pattern(w).search(title)]
    if len(found) > 1:
        raise CardDataError(
            f"drill {title!r} has two colour words in its title ({', '.join(found)}); "
            "a drill has one colour (DBZ-8.6)"
        )
    if found:
        return "coloured", found[0]  # DBZ-8.4
    return "colourless", None  # DBZ-8.3


def parse_bands(bands: object) -> tuple[int, ...]:
    """Check PAT bands (DBZ-6.1): whole numbers >= 1, strictly increasing; raises ValueError."""
    if not isinstance(bands, list | tuple) or not bands or not all(type(b) is int for b in bands):
        raise ValueError(f"bands must be a non-empty list of whole numbers, got {bands!r} (DBZ-6.1)")
    if bands[0] < 1 or any(b <= a for a, b in zip(bands, bands[1:], strict=False)):
        raise ValueError(f"bands must start at 1 or more and increase, got {list(bands)} (DBZ-6.1)")
    return tuple(bands)


# --------------------------------------------------------------------------- loading and the rules checks


def load_card_set(path: Path | None = None) -> CardSet:
    """Load and validate a card set; by default the ``cards.toml`` shipped with this package."""
    data = read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE)
    return parse_card_set(data, str(path) if path is not None else f"{_DEFAULT_PACKAGE}/{_DEFAULT_FILE}")


def parse_card_set(data: dict[str, Any], where: str = _DEFAULT_FILE) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML: the schema first, then the rules the data must follow."""
    if not isinstance(data, dict):
        raise CardDataError(f"card data {where} must be a table")
    raw = decode(data, _CardFile, where)
    colour_words = parse_colour_words(raw.rules.colour_words)
    try:
        pat = Pat(
            parse_bands(raw.pat.bands),
            (raw.pat.formula.attacker, raw.pat.formula.target, raw.pat.formula.constant),
        )
    except ValueError as exc:
        raise CardDataError(f"[pat]: {exc}") from None
    mps: dict[str, MainPersonality] = {}
    titles: set[str] = set()
    for mp in raw.mp:
        if mp.name in mps:
            raise CardDataError(f"MP {mp.name!r} is defined twice")
        for number, level in enumerate(mp.levels, start=1):
            if level.title in titles:
                raise CardDataError(f"level card title {level.title!r} is used twice")
            titles.add(level.title)
            if level.power[0] != 0:
                raise CardDataError(
                    f"MP {mp.name!r} level {number}: the power at stage 0 must be 0, got {level.power[0]} (DBZ-1.4)"
                )
        mps[mp.name] = mp
    cards: dict[str, AnyCard] = {}
    for card in raw.card:
        where_card = f"card {card.title!r}"
        if card.title in cards or card.title in titles:
            raise CardDataError(f"{where_card}: title is used twice")
        if isinstance(card, Drill):
            _check_drill(where_card, card, colour_words, tuple(mps))
        else:
            _check_effects(where_card, card)
        cards[card.title] = card
    decks: dict[str, Deck] = {}
    for deck in raw.deck:
        if deck.name in decks:
            raise CardDataError(f"deck {deck.name!r}: field 'name' is used by two decks")
        if deck.mp not in mps:
            raise CardDataError(
                f"deck {deck.name!r}: field 'mp' is {deck.mp!r}, which is not an MP of the card set"
            )
        decks[deck.name] = Deck(deck.name, deck.mp, tuple(e.card for e in deck.cards for _ in range(e.count)))
    return CardSet(mps, cards, decks, pat, colour_words)


def _check_drill(where: str, drill: Drill, colour_words: tuple[str, ...], mp_names: tuple[str, ...]) -> None:
    """A drill's kind and colour follow from its title (DBZ-8.2 .. DBZ-8.6, DBZ-8.13); its restriction names a
    colour word (DBZ-10.1); only named and colourless drills have an in-play limit (DBZ-8.9); its power is one of
    section 11, with an n of at least 1 where the power is numbered and none otherwise (DBZ-11.1)."""
    kind, colour = drill.kind, drill.colour
    derived_kind, derived_colour = classify_drill(drill.title, colour_words, mp_names)
    if kind != derived_kind:
        raise CardDataError(
            f"{where}: field 'kind' is {kind!r}, but its title makes it {derived_kind} (DBZ-8.2 to DBZ-8.5)"
        )
    if kind == "coloured" and colour != derived_colour:
        raise CardDataError(
            f"{where}: field 'colour' is {colour!r}, but its title gives colour {derived_colour!r} (DBZ-8.4)"
        )
    if kind != "coloured" and colour is not None:
        raise CardDataError(
            f"{where}: a {kind} drill has no colour, but field 'colour' is {colour!r} (DBZ-8.13)"
        )
    if drill.restricted_against is not None and drill.restricted_against not in colour_words:
        raise CardDataError(
            f"{where}: field 'restricted_against' is {drill.restricted_against!r}, which is not a colour word "
            "(DBZ-10.1)"
        )
    if drill.in_play_limit is not None and kind == "coloured":
        raise CardDataError(
            f"{where}: a coloured drill cannot have an in_play_limit; it is never duplicated in play (DBZ-8.9)"
        )
    power: dict[str, Any] = (
        {"effect": drill.power} if drill.n is None else {"effect": drill.power, "n": drill.n}
    )
    try:  # the power is named by a field of the card, not by an "effect" table: say it in the card's words
        msgspec.convert(power, AnyPower, strict=True)
    except msgspec.ValidationError as exc:
        problem = str(exc).rpartition(" - at ")[0] or str(exc)
        raise CardDataError(
            f"{where}: power {drill.power!r} with n = {drill.n}: {problem} (DBZ-11.1)"
        ) from None


def _check_effects(where: str, card: Card) -> None:
    """DBZ-1.10, DBZ-12.1 .. DBZ-12.14: the type that goes with the subtype, and the effects each subtype may
    have: an attack or block starts with its own effect, an attack's riders are anger or level effects marked
    ON_PLAY or ON_HIT, and the other cards have only plain anger, level or drill-discarding effects."""
    subtype = card.subtype
    if subtype not in SUBTYPES[card.type]:
        raise CardDataError(
            f"{where}: field 'subtype' is {subtype!r}; a {card.type} card is one of "
            f"{', '.join(SUBTYPES[card.type])} (DBZ-1.10)"
        )
    effects = card.effects
    for i, effect in enumerate(effects):
        if isinstance(effect, RIDERS) and effect.n == 0:  # DBZ-12.9, DBZ-12.10
            raise CardDataError(
                f"{where}: effect {i + 1}: {effect.effect} needs n, a non-zero whole number; got 0"
            )
    if subtype not in MAIN_EFFECT:
        for effect in effects:
            if effect.effect not in PLAIN_EFFECTS[subtype] or effect.when is not None:
                raise CardDataError(
                    f"{where}: a {subtype} card cannot have {effect.effect}"
                    + (f" marked {effect.when}" if effect.when else "")
                    + " (DBZ-12.1, DBZ-12.14)"
                )
        return
    main, riders = effects[0], effects[1:]
    if main.effect not in MAIN_EFFECT[subtype] or main.when is not None:
        raise CardDataError(
            f"{where}: a {subtype} card starts with {' or '.join(MAIN_EFFECT[subtype])} (DBZ-12.2 to DBZ-12.8)"
        )
    for rider in riders:
        if "attack" not in subtype:
            raise CardDataError(f"{where}: a {subtype} card has only its block effect (DBZ-12.4 to DBZ-12.8)")
        if not isinstance(rider, RIDERS) or rider.when is None:
            raise CardDataError(
                f"{where}: an attack's extra effect must be an anger or level effect marked ON_PLAY or ON_HIT "
                f"(DBZ-12.14), got {rider.effect} {rider.when}"
            )


# --------------------------------------------------------------------------- deck construction (section 2)


def _titles_text(titles: Sequence[str]) -> str:
    return ", ".join(repr(t) for t in titles)


def deck_problems(titles: Sequence[str], card_set: CardSet, mp: str) -> list[str]:
    """One line for each deck-building rule a life deck for the MP ``mp`` breaks, in rule order: titles outside the
    card set, level cards (DBZ-1.3), the size (DBZ-2.1) and the copy limits (DBZ-2.2); empty if it is legal."""
    problems: list[str] = []
    distinct = list(dict.fromkeys(titles))
    unknown = [t for t in distinct if t not in card_set.cards and t not in card_set.level_titles]
    if unknown:
        verb = "is not a card" if len(unknown) == 1 else "are not cards"
        problems.append(f"{_titles_text(unknown)} {verb} of the card set")
    levels = [t for t in distinct if t in card_set.level_titles]
    if levels:
        verb = "is a level card" if len(levels) == 1 else "are level cards"
        problems.append(
            f"{_titles_text(levels)} {verb}; level cards start in play and never belong to a life deck (DBZ-1.3)"
        )
    if len(titles) < DECK_MIN:
        problems.append(
            f"a life deck holds at least {DECK_MIN} cards, this one holds {len(titles)} (DBZ-2.1)"
        )
    own = word_pattern(mp)
    over: list[str] = []
    own_over = False
    for title, count in Counter(titles).items():
        if title not in card_set.cards:
            continue
        mine = bool(own.search(title))
        if count > (MAX_COPIES_OWN_NAME if mine else MAX_COPIES):
            over.append(f"{count} copies of {title!r}")
            own_over = own_over or mine
    if over:
        if own_over and len(over) == 1:
            rule = f"a title naming the deck's own MP {mp} may be held at most {MAX_COPIES_OWN_NAME} times"
        else:
            rule = (
                f"a life deck holds at most {MAX_COPIES} copies of a title, or {MAX_COPIES_OWN_NAME} of a title "
                f"naming its own MP" + (f" ({mp}: at most {MAX_COPIES_OWN_NAME} times)" if own_over else "")
            )
        problems.append(f"{', '.join(over)}; {rule} (DBZ-2.2)")
    return problems


def validate_deck(
    titles: Sequence[str], card_set: CardSet, mp: str, deck_name: str = "deck"
) -> tuple[str, ...]:
    """Check a life deck for the MP ``mp`` (DBZ-1.3, DBZ-2.1, DBZ-2.2); raises :class:`DeckError` with one line for
    each broken rule, each naming the deck and the rule."""
    if mp not in card_set.mps:
        raise DeckError(f"{deck_name}: {mp!r} is not a Main Personality of the card set")
    problems = deck_problems(titles, card_set, mp)
    if problems:
        raise DeckError("\n".join(f"{deck_name}: {p}" for p in problems))
    return tuple(titles)


def parse_deck_list(text: str, deck_name: str = "deck") -> tuple[str | None, tuple[str, ...]]:
    """Read a deck list: entries separated by semicolons or new lines, each a title with an optional ``Nx`` count
    before it (``"3x Cobblestone Jab; 2x Lantern Bolt; Two-Schools Drill"``), an optional ``MP: Name`` entry naming
    its Main Personality, and ``#`` comments to the end of a line. Returns (the MP named or None, every copy by
    title); raises :class:`DeckError` on an entry that cannot be read (the titles are checked by
    :func:`validate_deck`)."""
    titles: list[str] = []
    mp: str | None = None
    for item in deck_list_entries(text, ("mp",)):
        if item.heading:
            if mp is not None:
                raise DeckError(f"{deck_name}: it names its MP twice ({mp!r}, {item.name!r})")
            mp = item.name
            continue
        if item.count < 1:
            raise DeckError(f"{deck_name}: {item.text!r} asks for {item.count} copies")
        titles.extend([item.name] * item.count)
    return mp, tuple(titles)


# --------------------------------------------------------------------------- card-set requirements (section 15)


def card_set_problems(cs: CardSet) -> list[str]:
    """Check the card-set requirements DBZ-15.1 to DBZ-15.9; returns one line per problem found."""
    return [*_mp_and_deck_problems(cs), *_drill_problems(cs), *_other_card_problems(cs)]


def _mp_and_deck_problems(cs: CardSet) -> list[str]:
    """DBZ-15.1 .. DBZ-15.3: the MPs and the sample decks."""
    problems: list[str] = []
    # DBZ-15.1: Kairo and Vashna, 3 levels each, power values in every PAT row 0..7. The MPs beyond them
    # (RULES.md, "Beyond the sample set") make rules matter that the two cannot (DBZ-2.9, DBZ-13.6).
    sample = [cs.mps[n] for n in SAMPLE_MPS if n in cs.mps]
    if len(sample) != len(SAMPLE_MPS):
        problems.append(f"DBZ-15.1: the set must ship the MPs Kairo and Vashna, found {sorted(cs.mps)}")
    for mp in sample:
        if mp.top != 3:
            problems.append(f"DBZ-15.1: {mp.name} has {mp.top} levels, not 3")
    rows = {cs.pat.row(p) for mp in sample for lv in mp.levels for p in lv.power}
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
    return problems


def _drill_problems(cs: CardSet) -> list[str]:
    """DBZ-15.4 .. DBZ-15.8: the drills."""
    problems: list[str] = []
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
        if not any(d.kind == "named" and word_pattern(mp).search(d.title) for d in drills):
            problems.append(f"DBZ-15.4: no named drill names {mp}")
    if sum(d.kind == "colourless" for d in drills) < 2:
        problems.append("DBZ-15.4: the set needs at least 2 colourless drills")
    # DBZ-15.5: the three restricted drills.
    if not any(d.colour == "Orange" and d.restricted_against == "Orange" for d in drills):
        problems.append("DBZ-15.5: no Orange drill is restricted against Orange")
    black = [d for d in drills if d.colour == "Black" and d.restricted_against == "Orange"]
    if not black:
        problems.append("DBZ-15.5: no Black drill is restricted against Orange")
    elif not any(
        all(d.title in deck.cards for deck in cs.decks.values() if deck.mp in SAMPLE_MPS) for d in black
    ):
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
        and (c.effects[0].damage != DEFAULT_ENERGY_DAMAGE or c.effects[0].cost != DEFAULT_ENERGY_COST)
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
            subtype,
            lambda c, e=effect, s=sign: any(x.effect == e and (s == 0 or x.n * s >= 0) for x in c.effects),
        ):
            problems.append(f"DBZ-15.9: no {subtype} card with {effect}")
    return problems
