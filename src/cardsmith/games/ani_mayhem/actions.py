"""Ani-Mayhem's typed options: every verb the game offers, with the domain of each argument.

A card in hand, or in another pile only its owner sees (the Characters set aside in setup, the Bonked area), is
named by what it is (:class:`CardArg`, its name; the rules take the lowest id with that name in that pile). A card in
play is named by its card id (:class:`IntArg`). The game creates its cards in blocks by kind, so that each kind that
an option can name has one range of ids (see :func:`layout`):

    Characters | Disasters | Locations and Havens | Enhancements and Equipment | everything else

and an argument that names a Character, a Disaster, a Location or a costed card ranges over its block only. A cell of
the Field is named by its coordinates, which can reach as far from (0, 0) as there are Locations in the game (each
Location is placed next to one already placed, AM-2.22, and a Haven next to a Location, AM-2.23). A choice of a card
and its target is asked as two decisions: the card, then the target (``target``). The verbs themselves are
declared as data in ``verbs.toml``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

from ...core.actions import Verb
from ...core.errors import OptionError
from ...core.verbfile import load_verbs
from .cards import CardSet, Deck, sample_card_set
from .decks import parse_deck_list

GEAR_TYPES = ("enhancement", "equipment")


def deck_ids(cards: CardSet, options: dict[str, Any], players: int) -> list[str]:
    """The deck of each seat: the ``decks`` option, or the sample decks for the player count."""
    raw = options["decks"].strip()
    if not raw:
        return cards.default_decks(players)
    ids = [d.strip() for d in raw.split(",")]
    if len(ids) != players:
        raise OptionError(f"option 'decks' names {len(ids)} decks for {players} players")
    for d in ids:
        if d not in cards.decks:
            raise OptionError(f"option 'decks': unknown deck {d!r} (decks: {', '.join(cards.decks)})")
    return ids


def deck_keys(cards: CardSet, options: dict[str, Any], players: int) -> list[str]:
    """The deck of each seat as a key for :func:`deck_of`: its ``decklist_pN`` option if given (the key
    ``list:SEAT:TEXT``), else its sample deck id (:func:`deck_ids`)."""
    keys = deck_ids(cards, options, players)
    for seat in range(players):
        text = options.get(f"decklist_p{seat + 1}", "")
        if text.strip():
            keys[seat] = f"list:{seat}:{text}"
    return keys


@functools.cache
def deck_of(key: str) -> Deck:
    """The deck a key of :func:`deck_keys` names: a sample deck, or a seat's deck list read (AM-2.1)."""
    cards = sample_card_set()
    if not key.startswith("list:"):
        return cards.decks[key]
    _, seat, text = key.split(":", 2)
    return parse_deck_list(text, cards, f"P{int(seat) + 1}'s deck list")


def card_block(cards: CardSet, name: str) -> int:
    """The block of card ids a card is created in: 0 Characters, 1 Disasters, 2 Locations and Havens, 3 Enhancements
    and Equipment, 4 everything else (Items, Flash Effects, Global Effects, Combat cards)."""
    kind = cards.cards[name].type
    if kind == "character":
        return 0
    if kind == "disaster":
        return 1
    if kind in ("location", "haven"):
        return 2
    if kind in GEAR_TYPES:
        return 3
    return 4


class Layout(NamedTuple):
    """How many cards of each block a game creates, and how far the Field can reach."""

    characters: int
    disasters: int
    places: int
    gear: int
    total: int
    locations: int
    havens: int  # the most Havens one seat can have in play (AM-13.5)

    @property
    def first_disaster(self) -> int:
        return self.characters

    @property
    def first_place(self) -> int:
        return self.characters + self.disasters

    @property
    def first_gear(self) -> int:
        return self.characters + self.disasters + self.places


@functools.cache
def _layout(decks: tuple[str, ...], extra_havens: bool) -> Layout:
    cards = sample_card_set()
    counts = [0] * 5
    locations = 0
    havens = 1
    for deck_id in decks:
        deck = deck_of(deck_id)
        names = [*deck.characters, *deck.locations, deck.haven]
        names += deck.expand(deck.items) + deck.expand(deck.power)
        names += deck.expand(deck.disasters) + deck.expand(deck.combat)
        for name in names:
            counts[card_block(cards, name)] += 1
        locations += len(deck.locations)
        if extra_havens:
            extra = sum(n for name, n in deck.power if cards.cards[name].type == "haven")
            havens = max(havens, 1 + extra)
    return Layout(counts[0], counts[1], counts[2], counts[3], sum(counts), locations, havens)


def layout(players: int, options: dict[str, Any]) -> Layout:
    """The card-id blocks and the Field's reach for these players and (resolved) options."""
    cards = sample_card_set()
    return _layout(tuple(deck_keys(cards, options, players)), bool(options["extra_havens"]))


def block_range(players: int, options: dict[str, Any], block: int) -> tuple[int, int]:
    """The card ids ``lo <= id < hi`` of a block (see :func:`card_block`) in a game these players and options create."""
    lay = layout(players, options)
    edges = [0, lay.first_disaster, lay.first_place, lay.first_gear, lay.first_gear + lay.gear, lay.total]
    return edges[block], edges[block + 1]


@functools.cache
def most_disaster_steps() -> int:
    """The largest number of steps a Flash Effect's MOVE can give a Disaster (AM-11.7)."""
    return max(
        [
            e.n
            for c in sample_card_set().cards.values()
            if c.type == "flash"
            for e in c.effects
            if e.verb == "MOVE"
        ]
        or [1]
    )


def _bound(edge: Callable[[Layout], int]) -> Callable[[int, dict[str, Any]], int]:
    """A bound of an argument's domain that depends on the card-id blocks of the game (players and options)."""
    return lambda players, options: edge(layout(players, options))


VERBS: tuple[Verb, ...] = load_verbs(
    __package__,
    {
        "last_character": _bound(lambda lay: lay.characters - 1),
        "first_disaster": _bound(lambda lay: lay.first_disaster),
        "last_disaster": _bound(lambda lay: lay.first_place - 1),
        "first_place": _bound(lambda lay: lay.first_place),
        "last_place": _bound(lambda lay: lay.first_gear - 1),
        "first_gear": _bound(lambda lay: lay.first_gear),
        "last_gear": _bound(lambda lay: lay.first_gear + lay.gear - 1),
        "min_coordinate": _bound(lambda lay: -lay.locations),
        "max_coordinate": _bound(lambda lay: lay.locations),
        "last_haven": _bound(lambda lay: lay.havens - 1),
        "most_disaster_steps": lambda players, options: most_disaster_steps(),
    },
)
"""The verbs of Ani-Mayhem, in action-space order (declared in ``verbs.toml``)."""
