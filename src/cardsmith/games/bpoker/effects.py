"""The effects of B-Poker's card powers and pairs (sections 12-26 of the rules) as a :mod:`cardsmith.core.effects`
vocabulary.

Every power and every pair or set in ``cards.toml`` is a list of these effects, resolved in order (one effect's
decisions and the effects it starts all finish before the next begins). Most are shared: a card leaving for a zone,
a zone emptied into another, fees paid or collected, a card traded, a table card discarded, a Q passed, a tile
formed. The effects whose logic is truly unique to one card are at the end (:data:`UNIQUE`): they take no
parameters and are carried out by a handler of their own, registered by the same name.

The handlers live with the rules they carry out (``steps/``); :mod:`.steps.powers` builds the dispatch once, from
the decoded card file.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from ...core.effects import Effects

EFFECTS = Effects()

Count = Annotated[int, msgspec.Meta(ge=1)]
Cause = Annotated[str, msgspec.Meta(min_length=1)]


# ----- the shared vocabulary ----------------------------------------------------------------------------------------
CardTo = EFFECTS.declare(
    "CARD_TO",
    "The power's own card leaves its table for ``to``, if it is still there (BP-12.7, BP-24.7).",
    to=Literal["pot", "discard"],
    cause=Cause,
)
StashTo = EFFECTS.declare(
    "STASH_TO",
    "The top ``n`` cards of the player's stash move into ``to`` (BP-12.8).",
    n=Count,
    to=Literal["ctbp"],
    cause=Cause,
)
ZoneTo = EFFECTS.declare(
    "ZONE_TO",
    "Every card of one of the player's zones moves into another (BP-21.1, BP-21.3, BP-25.5).",
    source=Literal["view", "ctbp"],
    to=Literal["ctbp", "pot", "table"],
    cause=Cause,
)
Split = EFFECTS.declare(
    "SPLIT",
    "The player on the left splits a pile, the player picks one part (BP-12.12 .. BP-12.16): the stash's part"
    " goes into the pot, the pot's part into the stash.",
    pile=Literal["stash", "pot"],
)
Trade = EFFECTS.declare(
    "TRADE",
    "The card may be traded for an unprotected, effective card of an opponent's table (BP-13.1 .. BP-13.9); "
    "never for a card named ``exclude``; ``replay``: the card taken is played for the player.",
    exclude=(str | None, None),
    replay=(bool, False),
)
TradeTwo = EFFECTS.declare(
    "TRADE_TWO",
    "The card(s) may be traded for one card of any status or two unprotected cards of one opponent (BP-13.10 "
    ".. BP-13.13); ``replay``: the cards taken are played for the player (BP-26.22 .. BP-26.24).",
    replay=(bool, False),
)
BecomeWild = EFFECTS.declare("BECOME_WILD", "The card turns face down: a wild (BP-14.1).")
Declare = EFFECTS.declare(
    "DECLARE",
    "The player declares a 5-card poker hand, if they can (``unless_declared``: only if none is declared).",
    reason=Literal["3c", "ks", "4d"],
    unless_declared=bool,
)
DeclaredHandTo = EFFECTS.declare(
    "DECLARED_HAND_TO",
    "The declared hand's cards leave the table for ``to`` (BP-24.11, BP-26.31); ``forcer_names_higher``: a "
    "forcer may first make it a higher hand the player holds (BP-24.13).",
    to=Literal["discard", "ctbp"],
    cause=Cause,
    forcer_names_higher=(bool, False),
)
EveryonePays = EFFECTS.declare(
    "EVERYONE_PAYS",
    "Every other player (and the player too, ``including_you``) pays an ``n``-card fee into ``to``; Magic may"
    " stop each (BP-16.1, BP-18.1, BP-18.3). ``words`` names the card in the Magic question.",
    n=Count,
    to=Literal["pot", "you"],
    including_you=bool,
    words=str,
)
PayEachOpponent = EFFECTS.declare(
    "PAY_EACH_OPPONENT", "The player pays every other player an ``n``-card fee (BP-18.2).", n=Count, words=str
)
Shaft = EFFECTS.declare("SHAFT", "A card of the viewing hand is forced onto any table (BP-17.1).")
DiscardTableCard = EFFECTS.declare(
    "DISCARD_TABLE_CARD",
    "One card of a table is discarded (BP-20.1, BP-20.8, BP-20.9): of an opponent's table or of the player's "
    "own (never the power's card), ``unprotected`` (BP-11.13) or ``any`` but a 6+6+6 (BP-26.44), picked by "
    "the player or by the next player; ``magic``: the victim may stop it.",
    tables=Literal["opponents", "own"],
    cards=Literal["unprotected", "any"],
    chooser=Literal["you", "next"],
    magic=bool,
)
NextPlayNoEffect = EFFECTS.declare("NEXT_PLAY_NO_EFFECT", "The next card played enters no-effect (BP-22.1).")
PassQ = EFFECTS.declare(
    "PASS_Q",
    "The Q goes to the next (or previous) player's table (BP-23.1 .. BP-23.4); ``with_card``: a card of the "
    "table, or a pair for a 2-card fee, goes with it and is played by them (BP-23.5 .. BP-23.12).",
    to=Literal["next", "previous"],
    with_card=bool,
)
OwnCardTo = EFFECTS.declare(
    "OWN_CARD_TO",
    "The player puts an unprotected card of their table into ``to`` (BP-24.1).",
    to=Literal["pot"],
    cause=Cause,
)
TableFeeEachOpponent = EFFECTS.declare(
    "TABLE_FEE_EACH_OPPONENT",
    "Every other player, unless Magic stops it, discards an ``n``-card fee from their table (BP-24.3 .. "
    "BP-24.6). ``words`` names the effect in the Magic question.",
    n=Count,
    words=str,
)
DiscardFromEachOpponent = EFFECTS.declare(
    "DISCARD_FROM_EACH_OPPONENT",
    "The player discards an unprotected card of each other player's table, unless Magic stops it (BP-24.8). "
    "``words`` names the effect in the Magic question.",
    cause=Cause,
    words=str,
)
EffectiveUnitsTo = EFFECTS.declare(
    "EFFECTIVE_UNITS_TO",
    "Every effective card and tile (a 6+6+6 stays) of the player's table goes into ``to`` (BP-24.16).",
    to=Literal["pot"],
    cause=Cause,
)
EffectiveCardsTo = EFFECTS.declare(
    "EFFECTIVE_CARDS_TO",
    "Every effective card of the player's table moves into ``to`` (BP-26.32).",
    to=Literal["ctbp"],
    cause=Cause,
)
EndTurn = EFFECTS.declare("END_TURN", "If it is the player's turn, it is over (BP-25.1).")
StopEffects = EFFECTS.declare(
    "STOP_EFFECTS", "Every unfinished effect of the player stops (BP-25.6, BP-25.7)."
)
FormTile = EFFECTS.declare(
    "FORM_TILE",
    "The set's cards, all still on the table, form a tile of ``kind`` (``first``: the card put first).",
    kind=Literal["ccc", "six", "bh", "wh", "jjj", "lock"],
    first=(str | None, None),
)
Undeclare = EFFECTS.declare("UNDECLARE", "The player's declaration ends (BP-26.26).")
ReverseDirection = EFFECTS.declare("REVERSE_DIRECTION", "The direction of play is reversed (BP-26.80).")
EachCardResolvesAs = EFFECTS.declare(
    "EACH_CARD_RESOLVES_AS",
    "Each card of the set resolves on its own at the value ``value`` (BP-26.13).",
    value=str,
)
TableCardToHand = EFFECTS.declare(
    "TABLE_CARD_TO_HAND",
    "The player may move an unprotected card of their table into their viewing hand (BP-26.28).",
)

# ----- effects of one card each (their logic is unique) --------------------------------------------------------------
TradeOrTradeHands = EFFECTS.declare(
    "TRADE_OR_TRADE_HANDS",
    "2♣: a 2♠'s trade, or a fee and a trade of declared poker hands with a higher-hand challenge (BP-13.14 .."
    " BP-13.18).",
    fee=Count,
)
ReplayForFee = EFFECTS.declare(
    "REPLAY_FOR_FEE",
    "4♦: pay a fee and discard the 4♦ to replay another card of the table (BP-15.4 .. BP-15.6).",
    fee=Count,
)

_UNIQUE_DOCS = {
    "RANDOM_STASH_CARD_PLAYED": "1 of Red: a random card of a chosen stash is played as if its owner forced it.",
    "WILDS_TO_POT": "1♥: every wild of every table goes into the pot, Magic asked per table.",
    "LOOK_AND_SWAP_VIEWING_HANDS": "1♠: every viewing hand is shown to the player, who may swap with one.",
    "FOLLOW_FIVE": "5: one more card is played, tiled with the 5, one rank lower or higher.",
    "PAY_FOR_EIGHT": "8: pay 1 (wild), pay 2 (it stays) or discard it and break a tile.",
    "WIN_AT_FACE_VALUE": "9♦: at face value the hand is won; in effect only, a discard.",
    "FORCE_TABLE_CARD": "10♠: a card of the table may be forced onto another table.",
    "LOSE_OR_RESTORE": "10♣: the hand is lost, or every no-effect card becomes effective.",
    "CONTROL_WHEN_FORCED": "10♦: forced onto a table, its forcer controls that player.",
    "NESTED_HAND": "Joker + Joker + 7: a nested hand of f_poker.",
    "FIVE_FIVE_SET": "5 + 5 + card: a set tile whose third card takes the 5s' suit and resolves.",
    "SHIELD": "J + J: the table's tiles break (a 6+6+6 stays) and every card becomes no-effect.",
    "ATOMIC_BOMB": "K♣ + K♣: every card of every table and the discard go into the pot.",
    "END_TWO_TURNS": "A + A: the turn ends, and so does the next player's.",
    "SWAP_TABLES": "9♦ + 10♣: two players exchange tables, stashes, viewing hands and more.",
}
(
    RandomStashCardPlayed,
    WildsToPot,
    LookAndSwapViewingHands,
    FollowFive,
    PayForEight,
    WinAtFaceValue,
    ForceTableCard,
    LoseOrRestore,
    ControlWhenForced,
    NestedHand,
    FiveFiveSet,
    Shield,
    AtomicBomb,
    EndTwoTurns,
    SwapTables,
) = [EFFECTS.declare(tag, doc) for tag, doc in _UNIQUE_DOCS.items()]

UNIQUE = (
    TradeOrTradeHands, ReplayForFee, RandomStashCardPlayed, WildsToPot, LookAndSwapViewingHands, FollowFive,
    PayForEight, WinAtFaceValue, ForceTableCard, LoseOrRestore, ControlWhenForced, NestedHand, FiveFiveSet, Shield,
    AtomicBomb, EndTwoTurns, SwapTables,
)  # fmt: skip
"""The effects of one card (or set) each, kept as handlers because no other card shares their logic (the rules
sections are in each handler's documentation)."""

AnyEffect = EFFECTS.union()
"""Any effect of the vocabulary (the type of a power's ``effects`` entries)."""
