"""What an Ani-Mayhem card is once loaded: the vocabulary of the rules and the records the game reads.

:class:`Card`, :class:`Effect` and :class:`Deck` are frozen slotted dataclasses (attribute access stays as fast as
the hot path needs); :mod:`.cards` builds them from ``cards.toml`` after :mod:`.card_schema` has checked its shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardsmith.core.carddata import CardIndex
from cardsmith.core.errors import DeckError

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
OFF_FIELD_DURATIONS = DURATIONS + (
    "drawer_next",
)  # AM-5.27: an Off the Field Disaster may last to the drawer's turn
STEAL_SOURCES = ("character", "disaster", "either")  # AM-11.4
DESTROY_TARGETS = ("user", "within")  # AM-11.5
LIMIT_PERIODS = ("turn", "game")  # AM-10.9
AIMS = ("character", "disaster", "either", "own")  # AM-10.18
VEHICLE = "Vehicle"  # AM-10.15
COMBAT_MOD_MIN, COMBAT_MOD_MAX = -2, 4  # AM-14.12
MAX_COPIES = 3  # AM-2.2
LOCATIONS_PER_PLAYER = {1: 9, 2: 7, 3: 5, 4: 5}  # AM-2.7; 5 or more players: 4
MAX_PLAYERS = 6  # AM-1.2


def attr_label(attr: str) -> str:
    """The attribute's name for people (``atk`` -> ``Attack``)."""
    return ATTR_NAMES[attr]


def locations_per_player(players: int) -> int:
    """AM-2.7: how many Locations each player brings."""
    return LOCATIONS_PER_PLAYER.get(players, 4)


# --------------------------------------------------------------------------- card records


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
    kind: type = field(default=object, compare=False, repr=False)  # its verb's schema (see :mod:`.effects`)

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


class CardSet(CardIndex[Card]):
    """All cards (by name, in file order), the skill pool and the sample decks (by deck id)."""

    def __init__(self, cards: dict[str, Card], skills: tuple[str, ...], decks: dict[str, Deck]) -> None:
        self.cards: dict[str, Card] = cards
        self.skills: tuple[str, ...] = skills
        self.decks: dict[str, Deck] = decks

    def of_type(self, kind: str) -> list[Card]:
        """The cards of one type, in file order."""
        return [c for c in self.cards.values() if c.type == kind]

    def default_decks(self, players: int) -> list[str]:
        """The sample deck ids used for each seat when no deck is chosen."""
        fitting = [d.id for d in self.decks.values() if players in d.players]
        if not fitting:
            raise DeckError(f"no sample deck is legal for {players} players")
        return [fitting[seat % len(fitting)] for seat in range(players)]
