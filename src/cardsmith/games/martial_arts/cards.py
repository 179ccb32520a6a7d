"""Card data, card loader and deck validation for Martial Arts: The Card Game.

The card set lives in ``cards.toml`` next to this module; its header documents the format. The file is decoded with
:func:`cardsmith.core.carddata.decode` against the msgspec structs below: the card rules MA-1.x, MA-9.7, MA-10.8 and
MA-14.14 are the schema, and one error names the file, the card, the field and the rule. :func:`validate_deck`
applies the deck-construction rules MA-2.1..MA-2.6, and :func:`card_set_problems` checks the card-set requirements of
rules section 14.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from cardsmith.core.carddata import CardIndex, DeckIndex, deck_list_entries, decode, read_card_toml
from cardsmith.core.errors import CardDataError, DeckError, OptionError

from .powers import ADR, ADR_EFFECTS, CLAUSE_RULES, CLAUSES, DEFENSIVE_EFFECTS, MOD_KINDS, AdrEffect, Clause

__all__ = [
    "ADR_EFFECTS",
    "AdrCard",
    "Card",
    "CardSet",
    "Clause",
    "Deck",
    "EventCard",
    "MoveCard",
    "can_link",
    "card_set_problems",
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

MOVE_ATTRS: tuple[str, ...] = ("cpt", "atk", "def", "lnk")  # MA-1.4, in print order
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

# --------------------------------------------------------------------------- card types (the schema)

Text = Annotated[str, msgspec.Meta(min_length=1, pattern=r"\S")]
Number = Annotated[int, msgspec.Meta(ge=0)]  # MA-1.6: a whole number of 0 or more
Atk = Annotated[int, msgspec.Meta(ge=1, le=7)]  # MA-14.14
Def = Annotated[int, msgspec.Meta(ge=1, le=8)]  # MA-14.14
Cost = Annotated[int, msgspec.Meta(ge=1)]  # MA-9.7


class _Card(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    name: Text
    style: Text


class MoveCard(_Card, tag="move", frozen=True):
    """A Move card (MA-1.4). A blank attribute is ``None``, never 0 (MA-1.6). ``dfn`` is DEF.

    In the file a blank attribute is not given; its name goes in ``blank`` instead (TOML has no null).
    """

    cpt: Number | None = None
    atk: Atk | None = None
    dfn: Def | None = msgspec.field(default=None, name="def")
    lnk: Number | None = None
    blank: tuple[Literal["cpt", "atk", "def", "lnk"], ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        if len(set(self.blank)) != len(self.blank):
            raise ValueError("field 'blank' lists an attribute twice (MA-1.6)")
        for attr, value in zip(MOVE_ATTRS, (self.cpt, self.atk, self.dfn, self.lnk), strict=True):
            if value is not None and attr in self.blank:
                raise ValueError(f"field {attr!r} has a value and is also listed as blank (MA-1.6)")
            if value is None and attr not in self.blank:
                raise ValueError(
                    f"field {attr!r} is missing; give a whole number or list it in 'blank' (MA-1.4)"
                )

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


class AdrCard(_Card, tag="adr", frozen=True):
    """An ADR card (MA-1.11, MA-1.12): pay ``cost`` ADR for one ``effect`` with number ``n`` (MA-9.7)."""

    cost: Cost
    effect: Literal[ADR_EFFECTS]  # type: ignore[valid-type]
    n: Cost
    text: str = ""

    @property
    def type(self) -> str:
        return "adr"

    @property
    def power(self) -> AdrEffect:
        """The card's effect, as an effect of the ADR vocabulary (``powers.ADR``)."""
        return ADR.types[self.effect](n=self.n)  # type: ignore[call-arg]


class EventCard(_Card, tag="event", frozen=True):
    """An Event card (MA-1.13): one or two clauses of the clause vocabulary and nothing else (MA-10.8)."""

    clauses: Annotated[tuple[CLAUSES.union(), ...], msgspec.Meta(min_length=1, max_length=MAX_CLAUSES)]  # type: ignore[valid-type]
    text: str = ""

    @property
    def type(self) -> str:
        return "event"


Card = MoveCard | AdrCard | EventCard


class _DeckEntry(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    card: str
    count: Cost


class _DeckData(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: Text
    style: Text
    title: Text
    cards: Annotated[tuple[_DeckEntry, ...], msgspec.Meta(min_length=1)]


class _CardFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    card: Annotated[tuple[Card, ...], msgspec.Meta(min_length=1)]
    deck: tuple[_DeckData, ...] = ()


@dataclass(frozen=True, slots=True)
class Deck:
    """A sample deck: ``cards`` lists every copy by name, in file order."""

    name: str
    style: str
    title: str
    cards: tuple[str, ...]


class CardSet(CardIndex[Card], DeckIndex[Deck]):
    """All cards (by name, in file order) and the sample decks (by deck id)."""

    def __init__(self, cards: dict[str, Card], decks: dict[str, Deck]) -> None:
        self.cards: dict[str, Card] = cards
        self.decks: dict[str, Deck] = decks

    def __repr__(self) -> str:
        return f"CardSet({len(self.cards)} cards, decks={list(self.decks)})"

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
    where = str(path) if path is not None else f"{_DEFAULT_PACKAGE}/{_DEFAULT_FILE}"
    return parse_card_set(read_card_toml(_DEFAULT_PACKAGE, path, _DEFAULT_FILE), where)


def parse_card_set(data: Any, where: str = _DEFAULT_FILE) -> CardSet:
    """Build a :class:`CardSet` from decoded TOML; refuses anything outside the card schema."""
    try:
        parsed = decode(data, _CardFile, where)
    except CardDataError as exc:
        raise CardDataError(_with_rule(str(exc), data)) from None
    cards: dict[str, Card] = {}
    for card in parsed.card:
        if card.name in cards:
            raise CardDataError(
                f"card data {where}: card {card.name!r}: its name is used by two cards (MA-1.24)"
            )
        cards[card.name] = card
    decks: dict[str, Deck] = {}
    for raw in parsed.deck:
        if raw.name in decks:
            raise CardDataError(f"card data {where}: deck {raw.name!r}: its name is used by two decks")
        decks[raw.name] = _expand(raw, cards, where)
    return CardSet(cards, decks)


def _expand(raw: _DeckData, cards: dict[str, Card], where: str) -> Deck:
    """A deck's ``{ card, count }`` entries as a list of copies, each naming a card of the file (MA-2.3)."""
    expanded: list[str] = []
    seen: set[str] = set()
    for entry in raw.cards:
        if entry.card not in cards:
            raise CardDataError(
                f"card data {where}: deck {raw.name!r}: field 'card' names {entry.card!r}, "
                "which is not in the card data (MA-2.3)"
            )
        if entry.card in seen:
            raise CardDataError(
                f"card data {where}: deck {raw.name!r}: field 'cards' lists {entry.card!r} twice; "
                "give one entry with its count"
            )
        seen.add(entry.card)
        expanded.extend([entry.card] * entry.count)
    return Deck(raw.name, raw.style, raw.title, tuple(expanded))


_PATH = re.compile(r"\.(\w+)|\[(\d+)\]")
_CARD_RULES: dict[str, dict[str, str]] = {  # the rule each field of each card type follows
    "move": {"cpt": "MA-1.6", "lnk": "MA-1.6", "blank": "MA-1.6", "atk": "MA-14.14", "def": "MA-14.14"},
    "adr": {"cost": "MA-9.7", "effect": "MA-9.7", "n": "MA-9.7"},
    "event": {"clauses": "MA-10.8", "kind": "MA-10.8", "target": "MA-10.7"},
}
_ATTRIBUTES = {*MOVE_ATTRS, "blank"}


def _rule_of(data: Any, path: str, name: str | None) -> str | None:
    """The rule a card-data mismatch at ``path`` (a msgspec path) breaks, for field ``name`` where one is named."""
    steps = _PATH.findall(path)
    if len(steps) < 2 or steps[0][0] != "card":
        return None
    card = data["card"][int(steps[1][1])]
    kind = card.get("type") if isinstance(card, dict) else None
    if kind not in _CARD_RULES or name == "type":
        return "MA-1.3"
    in_clause = kind == "event" and len(steps) > 3 and steps[2][0] == "clauses"
    if kind == "adr" and name in _ATTRIBUTES:
        return "MA-1.12"  # an ADR card has no move attributes
    if kind == "event" and not in_clause and name not in (None, "clauses", "name", "style", "text"):
        return "MA-1.13"  # an Event card has only clauses
    if in_clause:
        clause = card["clauses"][int(steps[3][1])]
        clause_kind = clause.get("kind") if isinstance(clause, dict) else None
        if clause_kind in CLAUSE_RULES and (name == "n" or (name == "target" and clause_kind in MOD_KINDS)):
            return CLAUSE_RULES[clause_kind]
        return _CARD_RULES["event"].get(name or "", "MA-10.8")
    return _CARD_RULES[kind].get(name or "")


def _with_rule(message: str, data: Any) -> str:
    """``message`` from :func:`decode`, with unknown or missing fields in words, the field named, and the rule."""
    try:
        msgspec.convert(data, _CardFile, strict=True)
    except msgspec.ValidationError as exc:
        text, _, path = str(exc).rpartition(" - at `")
        named = re.search(r"field `(.+?)`", text)
        keys = [key for key, _ in _PATH.findall(path.rstrip("`")) if key]
        name = named.group(1) if named else (keys[-1] if len(keys) > 1 else None)
        rule = _rule_of(data, path.rstrip("`"), name)
    else:  # pragma: no cover - decode refused what convert accepts
        name, rule = None, None
    message = re.sub(r"Object contains unknown field `(.+?)`", r"unknown field '\1'", message)
    message = re.sub(r"Object missing required field `(.+?)`", r"field '\1' is missing", message)
    notes = [f"field {name!r}"] if name and f"{name!r}" not in message else []
    notes += [rule] if rule and rule not in message else []
    return f"{message} ({', '.join(notes)})" if notes else message


# --------------------------------------------------------------------------- deck rules


def validate_deck(
    names: list[str],
    card_set: CardSet,
    event_mode: str,
    *,
    deck_name: str | None = None,
    label: str | None = None,
) -> list[str]:
    """Check a submitted deck against MA-2.1..MA-2.5 and return the cards that will be used.

    Under ``event_mode="hand"`` (option A) every card counts toward the deck size (MA-2.4) and the
    whole list comes back. Under ``"per_game"`` (option B) Event cards are set aside first (MA-2.5)
    and the returned list is the deck without them. Raises :class:`DeckError` with one line for each
    broken rule, each naming it (MA-2.6), or :class:`OptionError` for an unknown event mode. The lines start with
    ``label`` (default: ``deck 'NAME'`` for ``deck_name``).
    """
    if event_mode not in EVENT_MODES:
        raise OptionError(f"event_mode must be 'hand' or 'per_game', got {event_mode!r} (MA-13.1)")
    if label is None:
        label = f"deck {deck_name!r}" if deck_name is not None else "the deck"
    if not isinstance(names, list | tuple):
        raise DeckError(f"{label} must be a list of card names")
    problems = deck_problems(names, card_set, event_mode)
    if problems:
        raise DeckError("\n".join(f"{label} {problem}" for problem in problems))
    if event_mode == "per_game":
        return [name for name in names if not card_set.is_event(name)]
    return list(names)


def deck_problems(names: list[str] | tuple[str, ...], card_set: CardSet, event_mode: str) -> list[str]:
    """The rules of MA-2.1 to MA-2.5 that a deck breaks under ``event_mode``: one line for each, naming it."""
    problems: list[str] = []
    unknown = list(dict.fromkeys(repr(n) for n in names if not isinstance(n, str) or n not in card_set.cards))
    if unknown:
        problems.append(f"breaks MA-2.3: {', '.join(unknown)} not defined in the card data")
    over = [(name, count) for name, count in Counter(names).items() if count > MAX_COPIES]
    if over:
        detail = ", ".join(
            f"{count} copies of {name!r} ({count - MAX_COPIES} too many)" for name, count in over
        )
        problems.append(f"breaks MA-2.2: {detail}; at most {MAX_COPIES} copies of a card are allowed")
    size, note = len(names), ""
    if event_mode == "per_game":
        set_aside = sum(1 for name in names if name in card_set.cards and card_set.is_event(name))
        size -= set_aside
        if set_aside:
            note = f" after MA-2.5 set aside {set_aside} Event card{'s' if set_aside != 1 else ''}"
    if size < DECK_MIN:
        problems.append(
            f"breaks MA-2.1{note}: {size} cards, at least {DECK_MIN} are needed ({DECK_MIN - size} short)"
        )
    if size > DECK_MAX:
        problems.append(
            f"breaks MA-2.1{note}: {size} cards, at most {DECK_MAX} are allowed ({size - DECK_MAX} too many)"
        )
    return problems


def parse_deck_list(text: str, deck_name: str = "deck") -> tuple[str, ...]:
    """Read a deck list: entries separated by semicolons or new lines, each a card name with an optional ``Nx``
    count before it (``"4x Tiger Paw Jab; 2x Torrential Rain"``), and ``#`` comments to the end of a line. Returns
    every copy by name; raises :class:`DeckError` on an entry that cannot be read (the names are checked by
    :func:`validate_deck`)."""
    names: list[str] = []
    for item in deck_list_entries(text):
        if item.count < 1:
            raise DeckError(f"{deck_name}: {item.text!r} asks for {item.count} copies")
        names.extend([item.name] * item.count)
    return tuple(names)


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

    problems.extend(_set_problems(card_set))
    return problems


def _set_problems(card_set: CardSet) -> list[str]:
    """MA-14.4, MA-14.11, MA-14.12, MA-14.13: what the card set as a whole must offer."""
    problems: list[str] = []
    decks = list(card_set.decks.values())
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
