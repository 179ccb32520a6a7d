"""Taking of Taidian: every kind of option the game offers, with its typed arguments (its action space).

A card in a hand (or in the knockout loot its looker alone sees, or a supply pile) is named by what it is, its card
name: the rules take the lowest card id of that name in that zone, so copies are one option and the id tells nothing
the seat cannot see. A player is named by seat; a structure in play by its owner's seat and its name (no player has
two structures of one name, TAI-9.4); a Poison in play by its place on its victim's poison track (TAI-1.8).

Every option is one small act: a volley is laid one card and one target at a time, then revealed (TAI-6.4);
``lay_all`` chooses only a target (every damage card left in hand goes there), so no option picks a set of cards.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import CardArg, ChoiceArg, IntArg, SeatArg, Verb
from ...core.errors import CardDataError
from .cards import TRACKS
from .data import CARDS, CHAR_NAMES, KIND, STRUCTURES

ABILITY_FIRST = "ability"
"""The ``first`` choice naming the active character's own start-step ability (TAI-3.6)."""

START_STRUCTURES: tuple[str, ...] = tuple(
    name for name in STRUCTURES if CARDS.cards[name].effect == "start_energy"
)
"""Structures with a start-of-turn effect (TAI-14.14 (c)): with the ability, what ``first`` chooses among."""

_FIRE_BOMBS = [name for name, kind in KIND.items() if kind == "firebomb"]
if len(_FIRE_BOMBS) != 1:  # the fire_bomb option names a target only, so the card set must hold one such card
    raise CardDataError(f"Taking of Taidian needs exactly one Fire Bomb card, found {_FIRE_BOMBS!r}")
FIRE_BOMB: str = _FIRE_BOMBS[0]
"""The one card that targets a structure (TAI-6.7, TAI-8.48)."""


def last_poison_place(players: int, options: dict[str, Any]) -> int:
    """The last place a Poison can hold on one victim's track: every Poison card the game creates, less one.

    Poisons come from the supply piles (TAI-2.15) and from character extras (TAI-2.10); one victim can carry them all
    at most (TAI-8.35).
    """
    count = sum(card.pile_size(players) for card in CARDS.of_kind("poison"))
    for character in CARDS.characters.values():
        if character.ability.kind == "extra_cards":
            count += sum(1 for name in character.ability.cards if KIND[name] == "poison")
    return max(0, count - 1)


VERBS: tuple[Verb, ...] = (
    # setup (TAI-2.6)
    Verb(
        "character",
        (ChoiceArg("character", CHAR_NAMES, help="a character nobody has taken"),),
        help="take this character",
    ),
    # start step (TAI-3.6) and powering up (TAI-5.2, TAI-5.12)
    Verb(
        "first",
        (ChoiceArg("effect", (ABILITY_FIRST, *START_STRUCTURES), help="your ability, or your structure"),),
        help="this start-of-turn effect comes first",
    ),
    Verb("power_up", (ChoiceArg("track", TRACKS, help="a track below level 3"),), help="raise this track"),
    # choice step (TAI-3.7)
    Verb("upgrade", help="declare an upgrading turn"),
    Verb("attack", help="declare an attacking turn"),
    # upgrading turn (section 4) and Burn-Barrel (TAI-8.52)
    Verb("play_money", (CardArg("card", help="a money card in hand"),), help="play it for buying power"),
    Verb("play_energy", (CardArg("card", help="an energy card in hand"),), help="play it for energy"),
    Verb("buy", (CardArg("card", help="the supply pile of this card"),), help="buy the top card of the pile"),
    Verb("use_barrel", (CardArg("card", help="a Burn-Barrel in hand"),), help="use it to burn cards"),
    # attacking turn (section 6)
    Verb(
        "lay",
        (
            CardArg("card", help="a red card in hand not yet laid"),
            SeatArg("target", help="the player it is aimed at"),
        ),
        help="lay the card into the volley at this player",
    ),
    Verb(
        "fire_bomb",
        (
            SeatArg("owner", help="the opponent whose structure is aimed at"),
            ChoiceArg("structure", STRUCTURES, help="the structure's name"),
        ),
        help="lay a Fire Bomb into the volley at this structure",
    ),
    Verb(
        "lay_all",
        (SeatArg("target", help="an opponent every damage card may be aimed at"),),
        help="lay every damage card left in hand at this player and reveal",
    ),
    Verb("reveal", help="reveal the volley"),
    Verb("end", help="end the play step"),
    # windows (section 7, TAI-8.6, TAI-8.12, TAI-8.28)
    Verb("play", (CardArg("card", help="a blue card in hand"),), help="play it in the window"),
    Verb(
        "counter",
        (CardArg("card", help="a Kick or 9mm in hand"),),
        help="counter-attack the attacker with it",
    ),
    Verb(
        "antidote",
        (
            CardArg("card", help="an Antidote in hand"),
            IntArg("poison", 0, last_poison_place, help="the Poison's place on the victim's track"),
        ),
        help="remove this Poison",
    ),
    Verb("done", help="play nothing (more)"),
    # Burn-Barrel (TAI-8.53)
    Verb("burn", (CardArg("card", help="a card in hand"),), help="burn it"),
    # structures drawn (TAI-9.7)
    Verb("place", (CardArg("card", help="a structure drawn just now"),), help="put it into play"),
    Verb("keep", help="put nothing (more) into play"),
    # knockout reward (TAI-13.6)
    Verb("take", (CardArg("card", help="a card among the looted ones"),), help="take it"),
    Verb("stop", help="burn or take nothing more"),
)
