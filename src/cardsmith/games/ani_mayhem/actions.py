"""Ani-Mayhem's typed options: every verb the game offers, with the domain of each argument.

A card in hand, or in another pile only its owner sees (the Characters set aside in setup, the Bonked area), is
named by what it is (:class:`CardArg`, its name; the rules take the lowest id with that name in that pile). A card in
play is named by its card id (:class:`IntArg`). The game creates its cards in blocks by kind, so that each kind that
an option can name has one range of ids (see :func:`layout`):

    Characters | Disasters | Locations and Havens | Enhancements and Equipment | everything else

and an argument that names a Character, a Disaster, a Location or a costed card ranges over its block only. A cell of
the Field is named by its coordinates, which can reach as far from (0, 0) as there are Locations in the game (each
Location is placed next to one already placed, AM-2.22, and a Haven next to a Location, AM-2.23). A choice of a card
and its target is asked as two decisions: the card, then the target (``target``).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from ...core.actions import CardArg, IntArg, Verb
from ...core.errors import OptionError
from .cards import CardSet, sample_card_set

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
        deck = cards.decks[deck_id]
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
    return _layout(tuple(deck_ids(cards, options, players)), bool(options["extra_havens"]))


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


def _character(name: str, help: str) -> IntArg:
    return IntArg(name, 0, lambda p, o: layout(p, o).characters - 1, help)


def _disaster(name: str, help: str) -> IntArg:
    return IntArg(
        name,
        lambda p, o: layout(p, o).first_disaster,
        lambda p, o: layout(p, o).first_place - 1,
        help,
    )


def _character_or_disaster(name: str, help: str) -> IntArg:
    return IntArg(name, 0, lambda p, o: layout(p, o).first_place - 1, help)


def _place(name: str, help: str) -> IntArg:
    return IntArg(
        name,
        lambda p, o: layout(p, o).first_place,
        lambda p, o: layout(p, o).first_gear - 1,
        help,
    )


def _gear(name: str, help: str) -> IntArg:
    return IntArg(
        name,
        lambda p, o: layout(p, o).first_gear,
        lambda p, o: layout(p, o).first_gear + layout(p, o).gear - 1,
        help,
    )


def _coordinate(name: str, help: str) -> IntArg:
    return IntArg(name, lambda p, o: -layout(p, o).locations, lambda p, o: layout(p, o).locations, help)


VERBS: tuple[Verb, ...] = (
    # ----- setup (section 2) and the Equip phase's extra Haven (AM-13.5)
    Verb(
        "place",
        (_coordinate("x", "column, growing to the right"), _coordinate("y", "row, growing downwards")),
        help="put the card being placed (a Location or a Haven) in cell (x, y) (AM-2.20 to AM-2.23, AM-13.5)",
    ),
    Verb(
        "start_character",
        (CardArg("card", "a Character set aside for setup"),),
        help="put this Character into your Haven at the start (AM-2.27)",
    ),
    Verb("done", help="choose no more (Characters, cards, attackers or charm contests)"),
    # ----- Discard phase and setup step 9 (AM-2.30, AM-3.4)
    Verb("discard_from_hand", help="discard a card from your hand (which one is asked next)"),
    Verb("discard_from_haven", help="discard a Character from your Haven (which one is asked next)"),
    Verb("discard", (CardArg("card", "a card in your hand"),), help="discard this card from your hand"),
    Verb(
        "discard_character",
        (_character("character", "a Character in your Haven, by card id"),),
        help="discard this Character from your Haven",
    ),
    # ----- Reload (AM-3.9, AM-6.23)
    Verb(
        "return_character",
        (CardArg("card", "a Character in your Bonked area"),),
        help="return this bonked Character to your hand",
    ),
    # ----- Maintenance (AM-5.8)
    Verb(
        "move_first",
        (_disaster("disaster", "a Disaster on the Field, by card id"),),
        help="this Disaster moves first among those still tied",
    ),
    # ----- Equip (AM-10.1 to AM-10.4, AM-13.5)
    Verb(
        "play_character",
        (
            CardArg("card", "a Character in your hand"),
            IntArg("haven", 0, lambda p, o: layout(p, o).havens - 1, "which of your Havens (0: the first)"),
        ),
        help="play this Character from your hand into your Haven (AM-10.1)",
    ),
    Verb(
        "play_enhancement",
        (CardArg("card", "an Enhancement in your hand"),),
        help="play this Enhancement (the Character it goes on is asked next, AM-10.2)",
    ),
    Verb(
        "play_equipment",
        (CardArg("card", "an Equipment card in your hand"),),
        help="play this Equipment (the Character in your Haven that takes it is asked next, AM-10.3)",
    ),
    Verb(
        "play_global",
        (CardArg("card", "a Global Effect in your hand"),),
        help="play this Global Effect into your Global area (AM-10.4)",
    ),
    Verb(
        "play_haven",
        (CardArg("card", "a Haven card in your hand"),),
        help="place this extra Haven (its cell is asked next, AM-13.5)",
    ),
    Verb("end", help="end this phase"),
    Verb(
        "target",
        (_character_or_disaster("card", "a Character or a Disaster in play, by card id"),),
        help="the Character or Disaster that the card or attack chosen just before aims at",
    ),
    # ----- Move phase (section 6, AM-8.31, AM-9.1)
    Verb(
        "move",
        (_character("character", "one of your Characters, by card id"),),
        help="start a movement action led by this Character (AM-6.3; who comes along is asked next)",
    ),
    Verb(
        "join",
        (_character("character", "one of your Characters, by card id"),),
        help="this Character joins the group being formed: to move, to Scavenge, to attack or to charm "
        "(AM-6.10, AM-8.8, AM-9.16)",
    ),
    Verb("set_off", help="the group sets off on its movement action"),
    Verb(
        "attack",
        (_disaster("disaster", "a Combat Disaster where your Characters stand, by card id"),),
        help="start a Physical Combat against this Disaster (AM-6.15)",
    ),
    Verb(
        "duel",
        (_character("character", "one of your Characters on the Field, by card id"),),
        help="this Character attacks another player's Character on its Location (AM-8.31; which one is asked next)",
    ),
    Verb(
        "charm",
        (_character("character", "one of your Characters on the Field, by card id"),),
        help="this Character starts a Charm Combat (AM-9.1; its target is asked next)",
    ),
    Verb(
        "step_to",
        (_place("place", "an adjacent Location or Haven, by card id"),),
        help="step to this Location or Haven (AM-6.4)",
    ),
    Verb("stop", help="stop here (end the movement action), or stop Scavenging (AM-6.12, AM-7.9)"),
    Verb("allow", help="let the Characters pass through your Haven (AM-13.2)"),
    Verb("refuse", help="keep the Characters out of your Haven (AM-13.2)"),
    # ----- Scavenge phase (section 7)
    Verb(
        "scavenge",
        (_character("character", "one of your Characters on the Field, by card id"),),
        help="Scavenge the Location this Character stands on (AM-7.2; who joins in is asked next)",
    ),
    Verb("start_scavenging", help="the group starts its Scavenge attempt"),
    Verb("reveal_next", help="reveal the next Disaster of the Location's stack (AM-7.9)"),
    Verb(
        "give_to",
        (_character("character", "one of your Characters, by card id"),),
        help="this Character takes the Item or Equipment (AM-7.11, AM-8.25)",
    ),
    # ----- combat (sections 5, 8 and 9)
    Verb("hide", help="let the arriving Disaster pass by (AM-5.15)"),
    Verb("fight", help="fight (this round, or the arriving Disaster) (AM-5.15, AM-8.6, AM-8.32)"),
    Verb("run", help="run away (AM-8.21)"),
    Verb("vehicle_fights", help="the target's Vehicle fights this round, alone (AM-8.30)"),
    Verb(
        "give_item", help="the charmed Disaster gives its Item to the Character that charmed it (AM-9.18 (a))"
    ),
    Verb(
        "move_to",
        (_place("place", "a Location, by card id"),),
        help="the charmed Disaster moves there at once (AM-9.18 (b)), or the charmed Character must move there "
        "in its next Move phase (AM-9.11 (a))",
    ),
    Verb("no_defence", help="the charmed Disaster does not defend next round (AM-9.18 (c))"),
    Verb("no_attack", help="the charmed Disaster does not attack next round (AM-9.18 (d))"),
    Verb(
        "aim_at",
        (_character("character", "a Character in the combat, by card id"),),
        help="the charmed Disaster attacks this Character next round (AM-9.18 (e))",
    ),
    Verb(
        "fight_round",
        (_character_or_disaster("card", "a Character or Combat Disaster on the same Location, by card id"),),
        help="the charmed card fights one round against this one now (AM-9.18 (f), AM-9.11 (c))",
    ),
    Verb("stay", help="the charmed Character may not move in its next Move phase (AM-9.11 (b))"),
    Verb("give_random_item", help="the charmed Character gives one of its Items, at random (AM-9.11 (d))"),
    # ----- Flash windows (AM-10.17 to AM-10.22)
    Verb(
        "play_flash",
        (CardArg("card", "a Flash Effect in your hand"),),
        help="play this Flash Effect (its target is asked next)",
    ),
    Verb(
        "use",
        (_gear("card", "a costed Enhancement or Equipment on a Character in the fight, by card id"),),
        help="use this card for the Character that bears it, paying its cost (AM-8.12, AM-10.6)",
    ),
    Verb("pass", help="play nothing now"),
    Verb(
        "used_by",
        (_character("character", "one of your Characters, by card id"),),
        help="this Character uses the Flash Effect and pays its cost (AM-10.19)",
    ),
    Verb(
        "steps",
        (IntArg("n", 1, lambda p, o: most_disaster_steps(), "how many steps"),),
        help="the Disaster moves this many steps (AM-11.7)",
    ),
)
