"""Dragon Ball Z CCG: every kind of option the game offers, with typed arguments.

A card in hand (or among the drills just drawn) is named by what it is, its title: copies are interchangeable, so
two copies are one option, and the rules use the lowest-numbered copy of that title in the hand (DBZ-1.7: the id
says nothing the opponent cannot see). A drill in play is public (DBZ-1.9) and is named by where it is, its card id;
the drill verbs offer one drill per title (the first in the order they entered play that may act), as before.
A colour is named by its place in the game's colour-word list (option ``colour_words``, DBZ-8.1, DBZ-14.4).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import CardArg, IntArg, SeatArg, Verb
from ...core.registry import get_game


def _last_card_id(players: int, options: dict[str, Any]) -> int:
    """The highest card id of a game with these options: the level cards and both life decks, less one."""
    return get_game("dbz").card_total(options) - 1  # type: ignore[attr-defined]


def _last_colour(players: int, options: dict[str, Any]) -> int:
    """The index of the last colour word of a game with these options (DBZ-8.1, DBZ-14.4)."""
    return len(get_game("dbz").colour_words(options)) - 1  # type: ignore[attr-defined]


def _drill(help_text: str) -> IntArg:
    return IntArg("drill", 0, _last_card_id, help=help_text)


VERBS = (
    Verb(
        "first_player",
        (SeatArg("seat", help="the seat that takes the first turn"),),
        help="chance: who takes the first turn when the power check does not decide (DBZ-2.10)",
    ),
    # ----- section 9: a drawn drill that clashes with the colour lock
    Verb(
        "show_and_shuffle",
        (CardArg("card", help="a clashing drill just drawn"),),
        help="show the clashing drill and shuffle it into the life deck (DBZ-9.2 a, DBZ-9.3)",
    ),
    Verb(
        "discard_unshown",
        (CardArg("card", help="a clashing drill just drawn"),),
        help="discard the clashing drill without showing it (DBZ-9.2 b)",
    ),
    Verb(
        "keep_in_hand",
        (CardArg("card", help="a clashing drill just drawn"),),
        help="keep the clashing drill hidden in hand (DBZ-9.2 c, DBZ-9.5)",
    ),
    # ----- Step 2
    Verb(
        "play",
        (CardArg("card", help="a drill or one-shot Non-Combat card in hand"),),
        help="Step 2: put a drill into play or play a one-shot Non-Combat card (DBZ-3.5, DBZ-7.1, DBZ-12.15)",
    ),
    Verb(
        "use_power",
        (_drill("a drill in play with ACT_ANGER, unused this turn"),),
        help="Step 2: use a drill's once-per-turn anger power (DBZ-11.9, DBZ-11.14)",
    ),
    Verb(
        "destroy_drill",
        (_drill("a drill in play, in either drill area"),),
        help="choose the drill a DESTROY_DRILL card discards (DBZ-12.13)",
    ),
    Verb(
        "keep_colour",
        (IntArg("colour", 0, _last_colour, help="a colour in play, by its place in the colour words"),),
        help="too many drill colours in play: keep the drills of this colour (DBZ-8.18)",
    ),
    Verb("done", help="end Step 2 (DBZ-3.5)"),
    # ----- Step 4
    Verb("declare_combat", help="Step 4: declare combat (DBZ-3.8, DBZ-5.1)"),
    Verb("no_combat", help="Step 4: do not declare combat this turn (DBZ-3.8)"),
    # ----- combat actions (DBZ-5.4)
    Verb(
        "attack",
        (CardArg("card", help="a physical attack, or an affordable energy attack, in hand"),),
        help="combat: attack with a card from hand (DBZ-5.7, DBZ-6.5)",
    ),
    Verb(
        "combat_action",
        (CardArg("card", help="a combat action card in hand"),),
        help="combat: play a combat action card (DBZ-5.13)",
    ),
    Verb(
        "drill_attack",
        (_drill("a drill in play with ACT_PHYS_ATTACK, unused this combat"),),
        help="combat: make a physical attack with a drill's power (DBZ-11.10)",
    ),
    Verb(
        "final_physical_attack",
        (CardArg("card", help="any card in hand, discarded for the attack"),),
        help="combat: discard a card to make a Final Physical Attack (DBZ-14.2, DBZ-14.3)",
    ),
    Verb("pass", help="combat: pass (DBZ-5.5, DBZ-5.6)"),
    # ----- the response to an attack (DBZ-5.8)
    Verb(
        "block",
        (CardArg("card", help="a block card in hand that fits the attack"),),
        help="respond to the attack with a block card (DBZ-5.8, DBZ-5.10)",
    ),
    Verb(
        "drill_stop",
        (_drill("a drill in play with ACT_STOP_ENERGY, unused this combat"),),
        help="stop the energy attack with a drill's power (DBZ-11.11)",
    ),
    Verb("take", help="take the attack with no defence (DBZ-5.8)"),
    # ----- Step 5
    Verb(
        "discard",
        (CardArg("card", help="a card in hand"),),
        help="Step 5: discard a card for the hand limit (DBZ-3.9, DBZ-3.10)",
    ),
)
"""The verbs of the Dragon Ball Z game, in action-space order."""
