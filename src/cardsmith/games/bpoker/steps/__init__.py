"""The B-Poker steps on the core's step engine (:mod:`cardsmith.core.flow`), one module per section of the rules:
``hands`` (4, 9), ``turns`` (5, 6), ``fees`` (7), ``arrival`` (8, 10, 11, 16, 21, 27), ``declaring`` and ``side``
(3 and the side options). The powers and pairs (sections 12-26) are data, ``cards.toml``, run by ``powers`` through
the effects of :mod:`..effects`: the shared ones in ``shared_effects``, ``trades`` (13) and ``discards`` (20, 24),
those of one card each in ``low_cards``, ``middle_cards``, ``high_cards`` and ``pairs`` (26); ``guard`` is Magic
against an effect; ``stack`` and ``ask`` hold what every step uses, ``engine`` the flow and its kinds.

The bottom frame of ``state["flow"]`` is the step of the turn (registered by ``turns``); every frame above it is a
pending effect, registered here.
"""

from . import (  # noqa: F401  (they register the guard step and the shared effects)
    arrival,
    declaring,
    discards,
    fees,
    guard,
    high_cards,
    low_cards,
    middle_cards,
    pairs,
    powers,
    shared_effects,
    trades,
    turns,
)
from .engine import FLOW, effect

effect("triggers", turns.step_triggers)  # beginning-of-turn triggers (BP-5.3, BP-11.8)
effect("declare", declaring.step_declare)  # declaring a hand (BP-3.2, BP-3.3)
# a card on its way to a table: the reaction window (BP-5.6, sections 8, 21, 27)
effect("arrival", arrival.step_arrival)
effect("arrive", arrival.step_arrive)  # the card arrives and resolves (BP-11.16)
# a tile whose card-in-effect was passed breaks up (BP-16.22)
effect("break_held_tile", arrival.step_break_held_tile)
effect("ring_split", arrival.step_ring_split)  # a ring's pile split (BP-17.9)
effect("fees", fees.step_fees)  # fees (section 7)
effect("cannibalize", fees.step_cannibalize)  # the rest of a fee given from the table (BP-7.4, BP-10.20)
effect("power", powers.step_power)  # a single card's power: its effects from the card data (sections 12-25)
effect("pair_or_set", powers.step_pair_or_set)  # a pair or set: its effects from the card data (section 26)
effect("red_one_take", low_cards.red_one_take)  # the 1 of Red's take (BP-12.11)
effect("spade_one_swap", low_cards.spade_one_swap)  # the 1♠'s swap (BP-12.20)
effect("split_pick", low_cards.split_pick)  # a 1's split: the pile picked (BP-12.13, BP-12.15)
effect("follow_five", low_cards.step_follow_five)  # the card played after a 5 (BP-16.2 .. BP-16.10)
effect("diamond_two_second", trades.diamond_two_second)  # the 2♦'s second card (BP-13.13)
effect("diamond_two_trade", trades.diamond_two_trade)  # the 2♦'s trade (BP-13.10, BP-26.24)
effect("trade_card", trades.trade_card)  # a 2's trade once its card is chosen (BP-13.1 .. BP-13.9)
effect("trade_hands_guard", trades.trade_hands_guard)  # the 2♣'s trade of poker hands (BP-13.16)
effect("trade_hands_compare", trades.trade_hands_compare)  # ... once both declared (BP-13.17, BP-13.18)
effect("eight_pick_tile", middle_cards.eight_pick_tile)  # the 8 discarded: a tile to break (BP-19.2, BP-19.3)
effect("eight_break", middle_cards.eight_break)  # ... and it breaks (BP-19.2)
effect("shaft", middle_cards.step_shaft)  # a shaft (BP-17.1, BP-17.2, BP-26.48)
effect("discard_picked", discards.discard_picked)  # a table card's discard once it is picked (BP-20.1)
effect("table_fee", discards.step_table_fee)  # a table fee (BP-24.3 .. BP-24.6)
effect("spade_ten_force", high_cards.spade_ten_force)  # the 10♠: a card to force (BP-21.4)
effect("spade_ten_target", high_cards.spade_ten_target)  # ... and its table (BP-21.4)
effect("control", high_cards.step_control)  # control (BP-21.19 .. BP-21.27)
effect("control_release", high_cards.control_release)  # control is released (BP-21.21)

powers.build_programs()

__all__ = ["FLOW"]
