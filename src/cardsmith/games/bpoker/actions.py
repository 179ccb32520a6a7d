"""B-Poker's verbs: every kind of option the game offers, with typed arguments (see :mod:`cardsmith.core.actions`).

A card in a viewing hand or in cards-to-be-played is named by what it is (``CardArg``, its name; the rules take the
lowest card id of that name in the zone). A card or tile on a table is named by where it is: its card id (a tile by
the id of its first card), an ``IntArg`` over every card id of the game. A choice among combinations (a pair or set
played from the viewing hand, BP-5.6; a pair passed with a Q♣/Q♠, BP-23.9; a card of the table and the table it is
forced onto, BP-21.4) is asked as a short sequence of these decisions.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import CardArg, ChoiceArg, IntArg, SeatArg, Verb

CARDS_PER_DECK = 54  # 52 cards and 2 Jokers (BP-1.1)


def last_card_id(players: int, options: dict[str, Any]) -> int:
    """The highest card id of a game with these options (every card has an id, BP-1.2)."""
    return CARDS_PER_DECK * options["decks"] - 1


def card_count(players: int, options: dict[str, Any]) -> int:
    """How many cards the game holds: the largest pile a split or a ring can make."""
    return CARDS_PER_DECK * options["decks"]


def _on_table(name: str, help: str) -> IntArg:
    return IntArg(name, 0, last_card_id, help=help)


TRIGGERS = ("three", "black_hole", "white_hole")
"""Beginning-of-turn triggers by kind (BP-5.3): a 3♥/3♠/3♦, a Black Hole, a White Hole."""

VERBS = (
    # ----- the play step and the end of the turn (BP-5.5 .. BP-5.10) -----
    Verb("play", (CardArg("card", help="a card of your viewing hand"),), help="play one card (BP-5.6)"),
    Verb(
        "add_to_set",
        (CardArg("card", help="a card of your viewing hand"),),
        help="choose the next card of a pair or set to play as one play (BP-5.6, BP-26.2)",
    ),
    Verb("play_set", help="play the pair or set chosen so far (BP-5.6)"),
    Verb("end_turn", help="end your turn after a play (BP-5.8)"),
    Verb("pass", help="do not scrap; the turn ends (BP-5.5, BP-5.8)"),
    Verb("scrap", help="scrap your hand at the start of the play step (BP-5.5)"),
    Verb("discard", (CardArg("card", help="a card of your viewing hand"),), help="discard down (BP-5.10)"),
    Verb(
        "play_to_be_played",
        (CardArg("card", help="a card of the cards-to-be-played"),),
        help="play one of the cards-to-be-played (BP-5.9)",
    ),
    Verb(
        "control_play",
        (CardArg("card", help="a card of the controlled viewing hand"),),
        help="Control: play a card of the controlled player's viewing hand (BP-21.20)",
    ),
    Verb(
        "trigger",
        (
            ChoiceArg("kind", TRIGGERS, help="which trigger"),
            SeatArg("owner", help="whose card or tile it is"),
        ),
        help="resolve this beginning-of-turn trigger next (BP-5.3)",
    ),
    # ----- declaring (BP-3.2, BP-3.3) -----
    Verb("declare", help="declare (or redeclare) your 5-card poker hand (BP-3.2)"),
    Verb("declare_best", help="declare the best hand your table makes (BP-3.2)"),
    Verb(
        "declare_without",
        (_on_table("card", "a card of the best hand, left out"),),
        help="declare the best hand left without this card of the best hand (BP-3.3)",
    ),
    # ----- other things a player may do at their decision points -----
    Verb(
        "restore",
        (_on_table("card", "a no-effect card on a table"),),
        help="discard your no-effect J to make this card effective again (BP-22.4)",
    ),
    Verb(
        "upright_six",
        (_on_table("tile", "a 6+6+6 tile of yours, by its first card"),),
        help="discard your no-effect J to turn a 6 of this 6+6+6 upright (BP-26.51)",
    ),
    Verb(
        "turn_six",
        (_on_table("tile", "a 6+6+6 tile of yours, by its first card"),),
        help="turn a 6 of this 6+6+6 sideways and force a card (BP-26.48)",
    ),
    Verb(
        "neutralize",
        (_on_table("wild", "a wild of yours (a tile by its first card)"),),
        help="Neutralization: discard your 3♣ and this wild (BP-27.13)",
    ),
    # ----- Magic against an effect, and the reaction window of a forced card (BP-8.2, BP-21.13 .. BP-21.16) -----
    Verb("use_magic", help="Magic: discard your 10♦ and this effect skips you (BP-21.15)"),
    Verb("let_it_happen", help="do not use Magic against this effect"),
    Verb("let_it_arrive", help="let the card arrive on your table"),
    Verb("magic_no_effect", help="Magic: discard your 10♦; the card arrives no-effect (BP-21.13)"),
    Verb("tunnel", (SeatArg("seat", help="whose table"),), help="Tunnel the card onto this table (BP-17.5)"),
    Verb("reflect", help="Reflector: force the card back onto the forcer's table (BP-27.6)"),
    # ----- answers many powers share -----
    Verb("decline", help="do not use this power (it is optional)"),
    Verb("keep", help="keep things as they are"),
    Verb("name_higher", help="make the player take their higher hand (BP-13.16, BP-24.12)"),
    # ----- fees (BP-7.4) and piles (BP-8.4) -----
    Verb(
        "give", (_on_table("card", "a card of your table"),), help="pay with this card of your table (BP-7.4)"
    ),
    Verb(
        "split",
        (IntArg("size", 1, card_count, help="the size of the first pile"),),
        help="split the pile into this many cards and the rest (BP-8.4)",
    ),
    Verb(
        "pick_pile",
        (ChoiceArg("pile", ("first", "second"), help="which of the two piles"),),
        help="take this pile of the split (BP-8.4)",
    ),
    Verb(
        "take_pile",
        (IntArg("size", 0, card_count, help="the size of the pile"),),
        help="take a pile of this size from the ring's pot (BP-17.13, BP-17.14)",
    ),
    # ----- 1s (section 12) -----
    Verb(
        "take_random_from",
        (SeatArg("seat", help="whose stash"),),
        help="1 of Red: take a random card of this stash (BP-12.10)",
    ),
    Verb(
        "swap_hands",
        (SeatArg("seat", help="whose viewing hand"),),
        help="1♠: swap viewing hands with this player (BP-12.19)",
    ),
    # ----- 2s (section 13) -----
    Verb(
        "trade", (_on_table("card", "a card on another table"),), help="trade your 2 for this card (BP-13.1)"
    ),
    Verb(
        "trade_two",
        (_on_table("card", "the first of two cards on another table"),),
        help="2♦: take two cards of one table, this one first (BP-13.10)",
    ),
    Verb(
        "trade_hands",
        (SeatArg("seat", help="whose poker hand"),),
        help="2♣: pay the fee and trade poker hands with this player (BP-13.14)",
    ),
    Verb(
        "replay",
        (_on_table("card", "a card or tile of your table"),),
        help="replay this card: with a 4♦, or first of the cards a 2♥+2♦ took (BP-15.4, BP-26.23)",
    ),
    # ----- 5s (section 16) -----
    Verb(
        "follow",
        (CardArg("card", help="a card of the viewing hand or cards-to-be-played"),),
        help="the card played after the 5 (BP-16.2)",
    ),
    Verb(
        "joker_suit",
        (ChoiceArg("suit", ("clubs", "spades"), help="the Joker's black suit"),),
        help="the suit of a Joker played after a 5 (BP-16.18)",
    ),
    Verb(
        "bundle",
        (CardArg("card", help="a card of your viewing hand"),),
        help="force this card onto the 5 yourself (BP-16.24)",
    ),
    Verb("control_pick", help="pay to pick the controlled player's 5 follow-up yourself (BP-21.23)"),
    Verb("let_them_pick", help="let the player pick the 5's follow-up (BP-16.24, BP-21.23)"),
    # ----- 6s (section 17) and the 10♠ (section 21) -----
    Verb(
        "force",
        (
            CardArg("card", help="a card of the viewing hand"),
            SeatArg("seat", help="whose table"),
        ),
        help="the shaft: force this card onto this table (BP-17.1)",
    ),
    Verb(
        "force_card",
        (_on_table("card", "a card or tile of your table"),),
        help="10♠: force this card of your table (its table is asked next) (BP-21.4)",
    ),
    Verb(
        "force_onto",
        (SeatArg("seat", help="whose table"),),
        help="10♠: force the chosen card onto this table (BP-21.4)",
    ),
    # ----- 8s (section 19) -----
    Verb(
        "pay_eight_fee",
        (IntArg("base", 0, 2, help="the base fee: 0, 1 or 2 cards"),),
        help="8: pay nothing (break a tile), 1 (the 8 turns wild) or 2 (it stays) (BP-19.1)",
    ),
    Verb(
        "break_tile", (_on_table("tile", "a tile, by its first card"),), help="8: break this tile (BP-19.1)"
    ),
    # ----- discards from a table (9s, K♥, K♦) -----
    Verb(
        "discard_from_table",
        (_on_table("card", "a card or tile on a table"),),
        help="discard this card of a table (BP-20.1, BP-20.6, BP-20.9, BP-24.3, BP-24.8)",
    ),
    # ----- Qs (section 23) -----
    Verb(
        "pass_card",
        (_on_table("card", "a card or tile of your table"),),
        help="Q♣/Q♠: pass this card with the Q (BP-23.5)",
    ),
    Verb(
        "pass_pair",
        (_on_table("card", "a card of your table"),),
        help="Q♣/Q♠: pay the fee and pass a pair: this card, then its partner (BP-23.9, BP-23.10)",
    ),
    # ----- K♥ (section 24) and the 4+4 (section 26) -----
    Verb("put_in_pot", (_on_table("card", "a card of your table"),), help="K♥: put this card into the pot"),
    Verb(
        "take_back",
        (_on_table("card", "a card of your table"),),
        help="4+4: take this card back into your viewing hand (BP-26.28)",
    ),
    # ----- 9♦ + 10♣ (section 26) -----
    Verb(
        "swap_tables",
        (SeatArg("seat", help="whose table"),),
        help="play the 9♦+10♣ onto this player's table and exchange places (BP-26.61)",
    ),
)
