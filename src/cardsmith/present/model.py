"""The table one seat sees, as typed plain data: what the terminal, a replay and the browser all render.

Every type is a frozen :class:`msgspec.Struct`, so a table is sent as JSON (``msgspec.json.encode(table)``) and read
back with ``msgspec.json.decode(data, type=Table)``. A table holds words and numbers only: player-facing names for
seats, piles and counters, card names with their card text, and the pending question with its options grouped by
verb. It never holds an engine zone id, a card id or the state it was built from.
"""

from __future__ import annotations

import msgspec


class CardFace(msgspec.Struct, frozen=True):
    """One card as the seat sees it: its name, its card text, and its current stats where the view shows them."""

    name: str
    text: str = ""
    stats: tuple[str, ...] = ()
    """Current values that differ from the printed card, or states such as ``used`` or ``shown``."""


class Pile(msgspec.Struct, frozen=True):
    """The cards of one zone under a player-facing title. Cards the seat cannot see are counted in ``hidden``."""

    title: str
    cards: tuple[CardFace, ...] = ()
    hidden: int = 0
    counted: bool = False
    """A pile shown by its size only (a face-down deck), even where its cards could be listed."""

    @property
    def size(self) -> int:
        """How many cards lie in the pile."""
        return len(self.cards) + self.hidden


class Counter(msgspec.Struct, frozen=True):
    """A number or short state shown beside a player or the table: ``life 15``, ``phase Attack``."""

    label: str
    value: str


class Cell(msgspec.Struct, frozen=True):
    """One place of a :class:`Grid`: its column and row, its name, its mark on a small map, what is on it."""

    x: int
    y: int
    title: str
    mark: str = ""
    """The place's few letters on a map drawn in text (``5``, ``H2``)."""
    kind: str = ""
    """What sort of place it is, in a word (``haven``, ``destroyed``), for a renderer to tell them apart."""
    lines: tuple[str, ...] = ()
    """What stands on the place, in words, one thing a line."""
    seats: tuple[int, ...] = ()
    """The seats whose pieces stand on the place."""


class Grid(msgspec.Struct, frozen=True):
    """Places laid out in rows and columns (Ani-Mayhem's Field): each cell at its column ``x`` and row ``y``; a
    position with no cell is empty."""

    cells: tuple[Cell, ...] = ()
    key: str = ""
    """What the marks of the cells mean."""
    text_lines: int = 0
    """How many of the region's first notes draw this grid in text: a terminal shows them, a renderer that draws
    the grid itself leaves them out."""


class Region(msgspec.Struct, frozen=True):
    """One player's area (``seat`` set) or the shared area (``seat`` None)."""

    title: str
    seat: int | None
    you: bool = False
    counters: tuple[Counter, ...] = ()
    piles: tuple[Pile, ...] = ()
    notes: tuple[str, ...] = ()
    """Lines of words about the area that are neither a counter nor a pile (an attack waiting, a combo)."""
    details: tuple[str, ...] = ()
    """Lines that say more of what the notes show (a key to a map, where each piece stands); a crowded screen may
    leave them out, and ``log``-like commands or a larger screen show them."""
    grid: Grid | None = None
    """The area's places as a grid of cells, where it has a map (see :attr:`Grid.text_lines`)."""


class Choice(msgspec.Struct, frozen=True):
    """One legal option: its short stable key (what a person types), its option id and its words."""

    key: str
    id: str
    label: str
    cards: tuple[CardFace, ...] = ()
    """The cards the option names, with their text."""
    discards: bool = False
    """The option throws away the seat's own cards (a discard from hand): a person confirms it first."""
    series: tuple[str, ...] = ()
    """A shortcut (``id`` empty): these option ids, answered one after another, each only while it is offered."""


class ChoiceGroup(msgspec.Struct, frozen=True):
    """The options of one verb (and one target, where the verb has one), e.g. every ``attack`` from hand."""

    verb: str
    title: str
    help: str = ""
    target: str = ""
    choices: tuple[Choice, ...] = ()


class Question(msgspec.Struct, frozen=True):
    """The decision pending for the seat: who decides, what is asked, and the grouped options."""

    seat: int
    who: str
    prompt: str
    groups: tuple[ChoiceGroup, ...] = ()
    shortcuts: tuple[Choice, ...] = ()
    """What may be done in one step that the rules ask as several decisions (pay with every money card): each a
    :class:`Choice` with an empty id and its ``series`` of option ids."""

    @property
    def choices(self) -> list[Choice]:
        """Every option, in the order the groups show them."""
        return [c for g in self.groups for c in g.choices]


class Table(msgspec.Struct, frozen=True):
    """What one seat (or a spectator, ``seat`` None) sees at the table at one moment of a game."""

    game: str
    title: str
    seat: int | None
    seat_name: str
    headline: str
    regions: tuple[Region, ...] = ()
    log: tuple[str, ...] = ()
    """What happened lately, in words, as this seat may know it (oldest first)."""
    question: Question | None = None
    """The seat's own pending decision; None when another seat (or nobody) decides."""
    waiting_for: str = ""
    """Who decides, when it is not this seat: a seat's name and the public face of its decision."""
    result: str = ""
    seating: str = ""
    """How the players' areas are laid out: ``around`` the shared area, as at a round table, the viewer nearest
    (each next seat to the left of the one before); empty: one after another."""


def to_json(table: Table) -> bytes:
    """The table as JSON, for a browser."""
    return msgspec.json.encode(table)


def from_json(data: bytes | str) -> Table:
    """A table read back from :func:`to_json`."""
    return msgspec.json.decode(data, type=Table)
