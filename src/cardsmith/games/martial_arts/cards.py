"""Card data, card loader and deck validation for Martial Arts: The Card Game.

The card set lives in ``cards.toml`` next to this module; its header documents the format.
:func:`parse_card_set` checks the data strictly against the card rules (MA-1.x, MA-9.7, MA-10.8,
MA-14.14). :func:`validate_deck` applies the deck-construction rules MA-2.1..MA-2.6, and
:func:`card_set_problems` checks the card-set requirements of rules section 14.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.core.carddata import read_card_toml
from cardsmith.core.errors import CardDataError, DeckError, OptionError

__all__ = [
    "ADR_EFFECTS",
    "AdrCard",
    "Card",
    "CardSet",
    "Clause",
    "CLAUSE_KINDS",
    "Deck",
    "EventCard",
    "MoveCard",
    "can_link",
    "card_set_problems",
    "describe_card",
    "is_blank_cpt_starter",
    "is_chain_card",
    "is_finisher_shape",
    "is_hybrid",
    "is_opener",
    "is_pure_defense",
    "load_card_set",
    "longest_chain",
    "parse_card_set",
    "validate_deck",
]

# --------------------------------------------------------------------------- vocabulary

CARD_TYPES: tuple[str, ...] = ("move", "adr", "event")  # MA-1.3
MOVE_ATTRS: tuple[str, ...] = ("cpt", "atk", "def", "lnk")  # MA-1.4, in print order
ATK_MIN, ATK_MAX = 1, 7  # MA-14.14
DEF_MIN, DEF_MAX = 1, 8  # MA-14.14
MAX_LIFE = 15  # MA-2.7, MA-9.8

ADR_EFFECTS: tuple[str, ...] = (  # MA-9.8 .. MA-9.14
    "GAIN_LIFE",
    "DIRECT_DAMAGE",
    "DRAW",
    "FORCE_DISCARD",
    "BOOST_NEXT_ATK",
    "BOOST_NEXT_DEF",
    "REDUCE_PENDING_ATK",
)
# MA-14.11: the ADR effects that count as defensive.
DEFENSIVE_EFFECTS: frozenset[str] = frozenset({"GAIN_LIFE", "BOOST_NEXT_DEF", "REDUCE_PENDING_ATK"})

CLAUSE_KINDS: tuple[str, ...] = (  # MA-10.9 .. MA-10.13
    "TURN_START_DISCARD",
    "TURN_END_DISCARD",
    "ATK_MOD",
    "DEF_MOD",
    "EXTRA_DRAW",
)
TARGETED_KINDS: frozenset[str] = frozenset({"TURN_START_DISCARD", "TURN_END_DISCARD", "EXTRA_DRAW"})
MOD_KINDS: frozenset[str] = frozenset({"ATK_MOD", "DEF_MOD"})
CLAUSE_RULES: dict[str, str] = {
    "TURN_START_DISCARD": "MA-10.9",
    "TURN_END_DISCARD": "MA-10.10",
    "ATK_MOD": "MA-10.11",
    "DEF_MOD": "MA-10.12",
    "EXTRA_DRAW": "MA-10.13",
}
TARGETS: tuple[str, ...] = ("attacker", "defender", "each")  # MA-10.7
MAX_CLAUSES = 2  # MA-10.8

EVENT_MODES: tuple[str, ...] = ("hand", "per_game")  # MA-13.1
DECK_MIN, DECK_MAX = 40, 50  # MA-2.1
MAX_COPIES = 4  # MA-2.2

# Section 14 thresholds.
MIN_OPENERS = 8  # MA-14.4
MIN_CHAIN_CARDS = 10  # MA-14.5
MIN_HIGH_LNK_CHAIN_CARDS = 2  # MA-14.5
HIGH_LNK = 4  # MA-14.5
MIN_FINISHERS = 3  # MA-14.6
FINISHER_ATK_MARGIN = 1  # MA-14.6: "among the highest" = at most this far below the deck's top ATK
MIN_BLANK_CPT_STARTERS = 2  # MA-14.7
MIN_CHAIN_LENGTH = 5  # MA-14.8
MIN_PURE_DEFENSE = 6  # MA-14.9
MIN_HYBRIDS = 6  # MA-14.10
MIN_ADR_PER_DECK = 4  # MA-14.11
MIN_ADR_COSTS_PER_DECK = 3  # MA-14.11
MIN_DEFENSIVE_ADR_PER_DECK = 2  # MA-14.11
MIN_EVENTS_PER_DECK = 2  # MA-14.13

_DEFAULT_PACKAGE = "cardsmith.games.martial_arts"
_DEFAULT_FILE = "cards.toml"

# --------------------------------------------------------------------------- card types


@dataclass(frozen=True, slots=True)
class MoveCard:
    """A Move card (MA-1.4). A blank attribute is ``None``, never 0 (MA-1.6). ``dfn`` is DEF."""

    name: str
    style: str
    cpt: int | None
    atk: int | None
    dfn: int | None
    lnk: int | None
    text: str = ""

    @property
    def type(self) -> str:
        return "move"

    @property
    def can_attack(self) -> bool:
        """MA-1.8: only a card with a printed ATK can be an attack card."""
        return self.atk is not None

    @property
    def can_block(self) -> bool:
        """MA-1.8 / MA-1.10: only a card with a printed DEF can be a block card."""
        return self.dfn is not None


@dataclass(frozen=True, slots=True)
class AdrCard:
    """An ADR card (MA-1.11, MA-1.12): pay ``cost`` ADR for one ``effect`` with number ``n``."""

    name: str
    style: str
    cost: int
    effect: str
    n: int
    text: str = ""

    @property
    def type(self) -> str:
        return "adr"


@dataclass(frozen=True, slots=True)
class Clause:
    """One ongoing event clause (MA-10.8). ``target`` is None for ATK_MOD / DEF_MOD."""

    kind: str
    n: int
    target: str | None = None


@dataclass(frozen=True, slots=True)
class EventCard:
    """An Event card (MA-1.13): one or two clauses and nothing else."""

    name: str
    style: str
    clauses: tuple[Clause, ...]
    text: str = ""

    @property
    def type(self) -> str:
        return "event"


Card = MoveCard | AdrCard | EventCard


@dataclass(frozen=True, slots=True)
class Deck:
    """A sample deck: ``cards`` lists every copy by name, in file order."""

    name: str
    style: str
    title: str
    cards: tuple[str, ...]


class CardSet:
    """All cards (by name, in file order) and the sample decks (by deck id)."""

    def __init__(self, cards: dict[str, Card], decks: dict[str, Deck]) -> None:
        self.cards: dict[str, Card] = cards
        self.decks: dict[str, Deck] = decks

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"CardSet({len(self.cards)} cards, decks={list(self.decks)})"

    def get(self, name: str) -> Card:
        """The card called ``name``; raises :class:`CardDataError` if there is none."""
        try:
            return self.cards[name]
        except KeyError:
            raise CardDataError(f"unknown card {name!r}") from None

    def deck(self, name: str) -> Deck:
        """The sample deck with id ``name``; raises :class:`DeckError` if there is none."""
        try:
            return self.decks[name]
        except KeyError:
            known = ", ".join(sorted(self.decks)) or "none"
            raise DeckError(f"unknown deck {name!r} (known decks: {known})") from None

    def moves(self) -> list[MoveCard]:
        return [c for c in self.cards.values() if isinstance(c, MoveCard)]

    def adr_cards(self) -> list[AdrCard]:
        return [c for c in self.cards.values() if isinstance(c, AdrCard)]

    def events(self) -> list[EventCard]:
        """Every distinct Event card, in file order (the default option-B event deck, MA-13.3)."""
        return [c for c in self.cards.values() if isinstance(c, EventCard)]

    def is_event(self, name: str) -> bool:
        return isinstance(self.cards.get(name), EventCard)


# --------------------------------------------------------------------------- loading


def load_card_set(path: Path | None = None) -> CardSet:
    """Load and validate a card set; by default the ``cards.toml`` shipped with this package."""
    data = read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE)
    return parse_card_set(data)


def parse_card_set(data: dict[str, Any]) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML; refuses anything outside the card schema."""
    if not isinstance(data, dict):
        raise CardDataError("card data must be a table with [[card]] and [[deck]] entries")
    unknown = sorted(set(data) - {"card", "deck"})
    if unknown:
        raise CardDataError(f"card data has unknown top-level key(s): {', '.join(map(repr, unknown))}")
    raw_cards = _table_list(data.get("card", []), "card")
    if not raw_cards:
        raise CardDataError("card data defines no cards")
    cards: dict[str, Card] = {}
    for index, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, index)
        if card.name in cards:
            raise CardDataError(f"card {card.name!r}: field 'name' is used by two cards (MA-1.24)")
        cards[card.name] = card
    decks: dict[str, Deck] = {}
    for index, raw in enumerate(_table_list(data.get("deck", []), "deck"), start=1):
        deck = _parse_deck(raw, index, cards)
        if deck.name in decks:
            raise CardDataError(f"deck {deck.name!r}: field 'name' is used by two decks")
        decks[deck.name] = deck
    return CardSet(cards, decks)


def _table_list(value: object, key: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise CardDataError(f"card data key {key!r} must be an array of tables ([[{key}]])")
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require_str(where: str, raw: dict[str, Any], key: str) -> str:
    if key not in raw:
        raise CardDataError(f"{where}: field {key!r} is missing")
    value = raw[key]
    if not isinstance(value, str) or not value.strip():
        raise CardDataError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def _optional_text(where: str, raw: dict[str, Any]) -> str:
    value = raw.get("text", "")
    if not isinstance(value, str):
        raise CardDataError(f"{where}: field 'text' must be a string, got {value!r}")
    return value


def _reject_unknown(where: str, raw: dict[str, Any], allowed: Iterable[str]) -> None:
    unknown = [key for key in raw if key not in set(allowed)]
    if unknown:
        raise CardDataError(f"{where}: unknown field {unknown[0]!r}")


def _reject_present(where: str, raw: dict[str, Any], keys: Iterable[str], what: str, rule: str) -> None:
    for key in keys:
        if key in raw:
            raise CardDataError(f"{where}: field {key!r} is not allowed, {what} ({rule})")


def _parse_card(raw: dict[str, Any], index: int) -> Card:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"card #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"card {name!r}"
    if "type" not in raw:
        raise CardDataError(f"{where}: field 'type' is missing (MA-1.3: move, adr or event)")
    card_type = raw["type"]
    if card_type not in CARD_TYPES:
        raise CardDataError(
            f"{where}: field 'type' is {card_type!r}, but a card is move, adr or event (MA-1.3)"
        )
    style = _require_str(where, raw, "style")
    text = _optional_text(where, raw)
    if card_type == "move":
        return _parse_move(where, raw, name, style, text)
    if card_type == "adr":
        return _parse_adr(where, raw, name, style, text)
    return _parse_event(where, raw, name, style, text)


def _parse_move(where: str, raw: dict[str, Any], name: str, style: str, text: str) -> MoveCard:
    _reject_unknown(where, raw, ("name", "type", "style", "text", "blank", *MOVE_ATTRS))
    blank = raw.get("blank", [])
    if not isinstance(blank, list) or not all(isinstance(item, str) for item in blank):
        raise CardDataError(f"{where}: field 'blank' must be a list of attribute names, got {blank!r}")
    for item in blank:
        if item not in MOVE_ATTRS:
            raise CardDataError(f"{where}: field 'blank' names {item!r}, which is not cpt, atk, def or lnk")
    if len(set(blank)) != len(blank):
        raise CardDataError(f"{where}: field 'blank' lists an attribute twice")
    values: dict[str, int | None] = {}
    for attr in MOVE_ATTRS:
        given, is_blank = attr in raw, attr in blank
        if given and is_blank:
            raise CardDataError(f"{where}: field {attr!r} has a value and is also listed as blank (MA-1.6)")
        if not given and not is_blank:
            raise CardDataError(
                f"{where}: field {attr!r} is missing; give a whole number or list it in 'blank' (MA-1.4)"
            )
        if is_blank:
            values[attr] = None
            continue
        value = raw[attr]
        if not _is_int(value) or value < 0:
            raise CardDataError(
                f"{where}: field {attr!r} must be a whole number of 0 or more, got {value!r} (MA-1.6)"
            )
        values[attr] = value
    atk, dfn = values["atk"], values["def"]
    if atk is not None and not ATK_MIN <= atk <= ATK_MAX:
        raise CardDataError(
            f"{where}: field 'atk' is {atk}, but printed ATK must be {ATK_MIN} to {ATK_MAX} (MA-14.14)"
        )
    if dfn is not None and not DEF_MIN <= dfn <= DEF_MAX:
        raise CardDataError(
            f"{where}: field 'def' is {dfn}, but printed DEF must be {DEF_MIN} to {DEF_MAX} (MA-14.14)"
        )
    return MoveCard(name, style, values["cpt"], atk, dfn, values["lnk"], text)


def _parse_adr(where: str, raw: dict[str, Any], name: str, style: str, text: str) -> AdrCard:
    _reject_present(where, raw, (*MOVE_ATTRS, "blank"), "an ADR card has no move attributes", "MA-1.12")
    _reject_unknown(where, raw, ("name", "type", "style", "text", "cost", "effect", "n"))
    effect = raw.get("effect")
    if effect not in ADR_EFFECTS:
        raise CardDataError(f"{where}: field 'effect' is {effect!r}, which is not an ADR effect (MA-9.7)")
    for key in ("cost", "n"):
        value = raw.get(key)
        if not _is_int(value) or value < 1:
            raise CardDataError(
                f"{where}: field {key!r} must be a whole number of at least 1, got {value!r} (MA-9.7)"
            )
    return AdrCard(name, style, raw["cost"], effect, raw["n"], text)


def _parse_event(where: str, raw: dict[str, Any], name: str, style: str, text: str) -> EventCard:
    _reject_present(
        where, raw, (*MOVE_ATTRS, "blank", "cost", "effect", "n"), "an Event card has only clauses", "MA-1.13"
    )
    _reject_unknown(where, raw, ("name", "type", "style", "text", "clauses"))
    raw_clauses = raw.get("clauses")
    if not isinstance(raw_clauses, list) or not 1 <= len(raw_clauses) <= MAX_CLAUSES:
        count = len(raw_clauses) if isinstance(raw_clauses, list) else "no list of"
        raise CardDataError(
            f"{where}: field 'clauses' has {count} clauses, but an event needs 1 or 2 (MA-10.8)"
        )
    clauses = tuple(_parse_clause(f"{where}: clause {i}", c) for i, c in enumerate(raw_clauses, start=1))
    return EventCard(name, style, clauses, text)


def _parse_clause(where: str, raw: object) -> Clause:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table {{ kind, n, target }} (MA-10.8)")
    _reject_unknown(where, raw, ("kind", "n", "target"))
    kind = raw.get("kind")
    if kind not in CLAUSE_KINDS:
        raise CardDataError(f"{where}: field 'kind' is {kind!r}, which is not an event clause (MA-10.8)")
    rule = CLAUSE_RULES[kind]
    n = raw.get("n")
    if not _is_int(n):
        raise CardDataError(f"{where}: field 'n' of {kind} must be a whole number, got {n!r} ({rule})")
    if kind in MOD_KINDS:
        if "target" in raw:
            raise CardDataError(
                f"{where}: field 'target' is not allowed on {kind}, which affects every card ({rule})"
            )
        if n == 0:
            raise CardDataError(f"{where}: field 'n' of {kind} must not be 0 ({rule})")
        return Clause(kind, n, None)
    target = raw.get("target")
    if target not in TARGETS:
        raise CardDataError(
            f"{where}: field 'target' of {kind} is {target!r}, but it must be attacker, defender or each (MA-10.7)"
        )
    if n < 1:
        raise CardDataError(f"{where}: field 'n' of {kind} must be at least 1, got {n} ({rule})")
    return Clause(kind, n, target)


def _parse_deck(raw: dict[str, Any], index: int, cards: dict[str, Card]) -> Deck:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(f"deck #{index}: field 'name' must be a non-empty string, got {name!r}")
    where = f"deck {name!r}"
    _reject_unknown(where, raw, ("name", "style", "title", "cards"))
    style = _require_str(where, raw, "style")
    title = _require_str(where, raw, "title")
    entries = raw.get("cards")
    if not isinstance(entries, list) or not entries:
        raise CardDataError(f"{where}: field 'cards' must be a non-empty list of {{ card, count }} tables")
    expanded: list[str] = []
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, dict):
            raise CardDataError(f"{where}: field 'cards' has an entry that is not a {{ card, count }} table")
        _reject_unknown(where, entry, ("card", "count"))
        card_name, count = entry.get("card"), entry.get("count")
        if not isinstance(card_name, str):
            raise CardDataError(f"{where}: field 'card' must be a card name, got {card_name!r}")
        if card_name not in cards:
            raise CardDataError(
                f"{where}: field 'card' names {card_name!r}, which is not in the card data (MA-2.3)"
            )
        if card_name in seen:
            raise CardDataError(
                f"{where}: field 'cards' lists {card_name!r} twice; give one entry with its count"
            )
        if not _is_int(count) or count < 1:
            raise CardDataError(
                f"{where}: field 'count' of {card_name!r} must be a whole number of at least 1"
            )
        seen.add(card_name)
        expanded.extend([card_name] * count)
    return Deck(name, style, title, tuple(expanded))


# --------------------------------------------------------------------------- deck rules


def validate_deck(
    names: list[str], card_set: CardSet, event_mode: str, *, deck_name: str | None = None
) -> list[str]:
    """Check a submitted deck against MA-2.1..MA-2.5 and return the cards that will be used.

    Under ``event_mode="hand"`` (option A) every card counts toward the deck size (MA-2.4) and the
    whole list comes back. Under ``"per_game"`` (option B) Event cards are set aside first (MA-2.5)
    and the returned list is the deck without them. Raises :class:`DeckError` naming the broken rule
    (MA-2.6), or :class:`OptionError` for an unknown event mode.
    """
    if event_mode not in EVENT_MODES:
        raise OptionError(f"event_mode must be 'hand' or 'per_game', got {event_mode!r} (MA-13.1)")
    label = f"deck {deck_name!r}" if deck_name is not None else "the deck"
    if not isinstance(names, list | tuple):
        raise DeckError(f"{label} must be a list of card names")
    unknown = list(dict.fromkeys(repr(n) for n in names if not isinstance(n, str) or n not in card_set.cards))
    if unknown:
        raise DeckError(f"{label} breaks MA-2.3: {', '.join(unknown)} not defined in the card data")
    over = [(name, count) for name, count in Counter(names).items() if count > MAX_COPIES]
    if over:
        detail = ", ".join(
            f"{count} copies of {name!r} ({count - MAX_COPIES} too many)" for name, count in over
        )
        raise DeckError(f"{label} breaks MA-2.2: {detail}; at most {MAX_COPIES} copies of a card are allowed")
    used = list(names)
    note = ""
    if event_mode == "per_game":
        used = [name for name in names if not card_set.is_event(name)]
        set_aside = len(names) - len(used)
        if set_aside:
            note = f" after MA-2.5 set aside {set_aside} Event card{'s' if set_aside != 1 else ''}"
    size = len(used)
    if size < DECK_MIN:
        raise DeckError(
            f"{label} breaks MA-2.1{note}: {size} cards, at least {DECK_MIN} are needed ({DECK_MIN - size} short)"
        )
    if size > DECK_MAX:
        raise DeckError(
            f"{label} breaks MA-2.1{note}: {size} cards, at most {DECK_MAX} are allowed ({size - DECK_MAX} too many)"
        )
    return used


# --------------------------------------------------------------------------- card roles (section 14)


def is_opener(card: Card) -> bool:
    """MA-14.4: has ATK, CPT 0 or 1, LNK 0 or 1."""
    return isinstance(card, MoveCard) and card.atk is not None and card.cpt in (0, 1) and card.lnk in (0, 1)


def is_chain_card(card: Card) -> bool:
    """MA-14.5: has ATK, CPT 2..4 and a numeric LNK 1..5."""
    return (
        isinstance(card, MoveCard)
        and card.atk is not None
        and card.cpt is not None
        and 2 <= card.cpt <= 4
        and card.lnk is not None
        and 1 <= card.lnk <= 5
    )


def is_finisher_shape(card: Card) -> bool:
    """MA-14.6 without the ATK test: has ATK, CPT 4 or more, blank LNK."""
    return (
        isinstance(card, MoveCard)
        and card.atk is not None
        and card.cpt is not None
        and card.cpt >= 4
        and card.lnk is None
    )


def is_blank_cpt_starter(card: Card) -> bool:
    """MA-14.7: has ATK and a blank CPT, so it can only start a sequence (MA-5.7)."""
    return isinstance(card, MoveCard) and card.atk is not None and card.cpt is None


def is_pure_defense(card: Card) -> bool:
    """MA-14.9 / MA-1.10: DEF only; CPT, ATK and LNK are blank."""
    return (
        isinstance(card, MoveCard)
        and card.dfn is not None
        and card.atk is None
        and card.cpt is None
        and card.lnk is None
    )


def is_hybrid(card: Card) -> bool:
    """MA-14.10: ATK and DEF as well as a numeric CPT and LNK."""
    return (
        isinstance(card, MoveCard)
        and card.atk is not None
        and card.dfn is not None
        and card.cpt is not None
        and card.lnk is not None
    )


def can_link(previous: MoveCard, following: MoveCard) -> bool:
    """MA-5.5..5.8: ``following`` may come right after the attack card ``previous`` in a sequence."""
    return (
        previous.lnk is not None
        and following.atk is not None
        and following.cpt is not None
        and following.cpt >= previous.lnk
    )


def longest_chain(names: Iterable[str], card_set: CardSet, limit: int = MIN_CHAIN_LENGTH) -> list[str]:
    """A longest legal sequence (up to ``limit`` cards) that can be built from the given copies.

    The first card is any attack card (MA-5.4); each later card must link to the one before it.
    The search stops as soon as it finds a chain of ``limit`` cards.
    """
    names = list(names)
    attackers: dict[str, MoveCard] = {}
    for name in names:
        card = card_set.cards.get(name)
        if isinstance(card, MoveCard) and card.atk is not None:
            attackers[name] = card
    counts = Counter(name for name in names if name in attackers)
    best: list[str] = []

    def extend(chain: list[str]) -> bool:
        nonlocal best
        if len(chain) > len(best):
            best = list(chain)
        if len(chain) >= limit:
            return True
        last = attackers[chain[-1]] if chain else None
        for name, card in attackers.items():
            if counts[name] == 0:
                continue
            if last is not None and not can_link(last, card):
                continue
            counts[name] -= 1
            chain.append(name)
            done = extend(chain)
            chain.pop()
            counts[name] += 1
            if done:
                return True
        return False

    extend([])
    return best


def card_set_problems(card_set: CardSet) -> list[str]:
    """Check the card-set requirements MA-14.2..MA-14.13; returns one line per problem found.

    Counts inside a deck include copies. Interpretations: a finisher's ATK is "among the highest"
    when it is at most :data:`FINISHER_ATK_MARGIN` below the deck's highest printed ATK; a DEF is
    "lower than most" of the other deck's ATK values when it is below the ATK of more than half of
    that deck's attack-capable cards (copies counted).
    """
    problems: list[str] = []
    decks = list(card_set.decks.values())
    if len(decks) != 2:
        problems.append(f"MA-14.2: the set must ship exactly two sample decks, found {len(decks)}")

    def cards_of(deck: Deck) -> list[Card]:
        return [card_set.cards[name] for name in deck.cards]

    for deck in decks:
        problems.extend(_deck_problems(deck, cards_of(deck), card_set))

    if len(decks) == 2:
        first, second = decks
        if first.style == second.style:
            problems.append(f"MA-14.2: both sample decks use style {first.style!r}")
        shared = [
            name
            for name in dict.fromkeys(first.cards)
            if name in set(second.cards) and isinstance(card_set.cards[name], MoveCard)
        ]
        if shared:
            problems.append(f"MA-14.2: the sample decks share Move card(s) {', '.join(map(repr, shared))}")
        for deck, other in ((first, second), (second, first)):
            problems.extend(_defense_problems(deck, cards_of(deck), cards_of(other), other.name))

    moves = card_set.moves()
    if not any(card.lnk == 0 for card in moves):
        problems.append("MA-14.4: no card in the set has LNK 0")
    if not any(card.cpt == 0 for card in moves):
        problems.append("MA-14.4: no card in the set has CPT 0")

    adr_cards = card_set.adr_cards()
    costs = {card.cost for card in adr_cards}
    missing_costs = [cost for cost in (1, 2, 3) if cost not in costs]
    if missing_costs:
        problems.append(f"MA-14.11: no ADR card costs {', '.join(map(str, missing_costs))}")
    if not any(cost >= 5 for cost in costs):
        problems.append("MA-14.11: no ADR card costs 5 or more")
    effects = {card.effect for card in adr_cards}
    missing_effects = [effect for effect in ADR_EFFECTS if effect not in effects]
    if missing_effects:
        problems.append(f"MA-14.11: no ADR card has effect {', '.join(missing_effects)}")

    events = card_set.events()
    if not 3 <= len(events) <= 4:
        problems.append(f"MA-14.12: the set has {len(events)} distinct Event cards, it needs 3 or 4")
    clauses = [clause for event in events for clause in event.clauses]
    kinds = {clause.kind for clause in clauses}
    for needed in ("TURN_START_DISCARD", "TURN_END_DISCARD"):
        if needed not in kinds:
            problems.append(f"MA-14.12: no Event card has a {needed} clause")
    if not kinds & MOD_KINDS:
        problems.append("MA-14.12: no Event card has an ATK_MOD or DEF_MOD clause")
    targets = {clause.target for clause in clauses}
    for needed in ("attacker", "each"):
        if needed not in targets:
            problems.append(f"MA-14.12: no event clause targets {needed!r}")
    in_decks = {name for deck in decks for name in deck.cards}
    left_out = [event.name for event in events if event.name not in in_decks]
    if left_out:
        problems.append(f"MA-14.13: Event card(s) {', '.join(map(repr, left_out))} are in no sample deck")
    return problems


def _deck_problems(deck: Deck, cards: list[Card], card_set: CardSet) -> list[str]:
    label = f"deck {deck.name!r}"
    problems: list[str] = []
    moves = [card for card in cards if isinstance(card, MoveCard)]

    wrong_style = sorted({card.name for card in moves if card.style != deck.style})
    if wrong_style:
        problems.append(
            f"MA-14.2: {label} (style {deck.style!r}) holds Move cards of another style: {wrong_style}"
        )

    for mode in EVENT_MODES:
        try:
            validate_deck(list(deck.cards), card_set, mode, deck_name=deck.name)
        except DeckError as exc:
            problems.append(f"MA-14.3: under event_mode {mode!r}: {exc}")
    if MAX_COPIES not in Counter(deck.cards).values():
        problems.append(f"MA-14.3: {label} has no card with exactly {MAX_COPIES} copies")

    def need(rule: str, what: str, have: int, wanted: int) -> None:
        if have < wanted:
            problems.append(f"{rule}: {label} has {have} {what}, it needs at least {wanted}")

    need("MA-14.4", "openers", sum(map(is_opener, cards)), MIN_OPENERS)
    chain_cards = [card for card in moves if is_chain_card(card)]
    need("MA-14.5", "chain cards", len(chain_cards), MIN_CHAIN_CARDS)
    high = sum(1 for card in chain_cards if card.lnk is not None and card.lnk >= HIGH_LNK)
    need("MA-14.5", f"chain cards with LNK {HIGH_LNK}+", high, MIN_HIGH_LNK_CHAIN_CARDS)
    top_atk = max((card.atk for card in moves if card.atk is not None), default=0)
    finishers = [
        card
        for card in moves
        if is_finisher_shape(card) and card.atk is not None and card.atk >= top_atk - FINISHER_ATK_MARGIN
    ]
    need("MA-14.6", f"finishers (ATK {top_atk - FINISHER_ATK_MARGIN}+)", len(finishers), MIN_FINISHERS)
    need("MA-14.7", "blank-CPT attack cards", sum(map(is_blank_cpt_starter, cards)), MIN_BLANK_CPT_STARTERS)
    chain = longest_chain(deck.cards, card_set, MIN_CHAIN_LENGTH)
    if len(chain) < MIN_CHAIN_LENGTH:
        problems.append(
            f"MA-14.8: {label}'s longest legal chain has {len(chain)} cards, it needs {MIN_CHAIN_LENGTH}"
        )
    need("MA-14.9", "pure-defense cards", sum(map(is_pure_defense, cards)), MIN_PURE_DEFENSE)
    need("MA-14.10", "hybrids", sum(map(is_hybrid, cards)), MIN_HYBRIDS)

    adr = [card for card in cards if isinstance(card, AdrCard)]
    need("MA-14.11", "ADR cards", len(adr), MIN_ADR_PER_DECK)
    need("MA-14.11", "different ADR costs", len({card.cost for card in adr}), MIN_ADR_COSTS_PER_DECK)
    defensive = sum(1 for card in adr if card.effect in DEFENSIVE_EFFECTS)
    need("MA-14.11", "defensive ADR cards", defensive, MIN_DEFENSIVE_ADR_PER_DECK)
    need(
        "MA-14.13",
        "Event cards",
        sum(1 for card in cards if isinstance(card, EventCard)),
        MIN_EVENTS_PER_DECK,
    )
    return problems


def _defense_problems(deck: Deck, cards: list[Card], other_cards: list[Card], other_name: str) -> list[str]:
    """MA-14.9's three DEF cases for ``deck``'s pure-defense cards against the other deck's ATK values."""
    label = f"deck {deck.name!r}"
    defs = {card.dfn for card in cards if is_pure_defense(card)} - {None}
    other_atks = [card.atk for card in other_cards if isinstance(card, MoveCard) and card.atk is not None]
    if not defs or not other_atks:
        return [
            f"MA-14.9: {label} cannot be checked against deck {other_name!r}: no pure-defense or attack cards"
        ]
    problems: list[str] = []
    if not any(d >= max(other_atks) for d in defs):
        problems.append(
            f"MA-14.9: no pure-defense DEF in {label} reaches deck {other_name!r}'s top ATK {max(other_atks)}"
        )
    if not defs & set(other_atks):
        problems.append(f"MA-14.9: no pure-defense DEF in {label} equals an ATK in deck {other_name!r}")
    if not any(2 * sum(1 for a in other_atks if a > d) > len(other_atks) for d in defs):
        problems.append(
            f"MA-14.9: no pure-defense DEF in {label} is below most of deck {other_name!r}'s ATK values"
        )
    return problems


# --------------------------------------------------------------------------- display


def _attr(value: int | None) -> str:
    return "-" if value is None else str(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


_EFFECT_TEXT: dict[str, str] = {
    "GAIN_LIFE": f"gain {{n}} life (max {MAX_LIFE})",
    "DIRECT_DAMAGE": "the opponent loses {n} life (cannot be blocked)",
    "DRAW": "draw {cards}",
    "FORCE_DISCARD": "the opponent discards {cards} of their choice",
    "BOOST_NEXT_ATK": "your next attack card this turn gets +{n} ATK",
    "BOOST_NEXT_DEF": "your next block card this turn gets +{n} DEF",
    "REDUCE_PENDING_ATK": "the attack waiting on you gets -{n} ATK (only when answering an attack)",
}

_WHO: dict[str, str] = {"each": "each player", "attacker": "the attacker", "defender": "the defender"}


def _describe_clause(clause: Clause) -> str:
    if clause.kind in MOD_KINDS:
        stat, role = ("ATK", "attack") if clause.kind == "ATK_MOD" else ("DEF", "block")
        return f"every {role} card gets {clause.n:+d} {stat}"
    who = _WHO[clause.target or "each"]
    if clause.kind == "TURN_START_DISCARD":
        return f"{who} discards {clause.n} at the start of every turn"
    if clause.kind == "TURN_END_DISCARD":
        return f"{who} discards {clause.n} at the end of every turn"
    return f"{who} draws {clause.n} more in every Draw phase"


def describe_card(card: Card) -> str:
    """A one-line description for players."""
    if isinstance(card, MoveCard):
        return (
            f"{card.name} [Move, {card.style}] CPT {_attr(card.cpt)} ATK {_attr(card.atk)} "
            f"DEF {_attr(card.dfn)} LNK {_attr(card.lnk)}"
        )
    if isinstance(card, AdrCard):
        effect = _EFFECT_TEXT[card.effect].format(n=card.n, cards=_plural(card.n, "card"))
        return f"{card.name} [ADR {card.cost}] {card.effect} {card.n}: {effect}"
    return f"{card.name} [Event] " + "; ".join(_describe_clause(clause) for clause in card.clauses)
