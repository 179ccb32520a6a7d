"""The B-Poker steps on the core's step engine (:mod:`cardsmith.core.flow`), one module per section of the rules:
``hands`` (4, 9), ``turns`` (5, 6), ``fees`` (7), ``arrival`` (8, 10, 11, 16, 21, 27), ``declaring`` and ``side``
(3 and the side options), ``low_cards``, ``middle_cards``, ``high_cards`` (the powers of sections 12-25, registered in
``powers``), ``pairs`` (26); ``stack`` and ``ask`` hold what every step uses, ``engine`` the flow and its kinds.

The bottom frame of ``state["flow"]`` is the step of the turn (registered by ``turns``); every frame above it is a
pending effect, registered here.
"""

from . import arrival, declaring, fees, high_cards, low_cards, middle_cards, pairs, powers, turns
from .engine import FLOW, effect

effect("trig", turns.effect_trig)  # beginning-of-turn triggers (BP-5.3, BP-11.8)
effect("decl", declaring.effect_decl)  # declaring a hand (BP-3.2, BP-3.3)
effect(
    "pl", arrival.effect_pl
)  # a card on its way to a table: the reaction window (BP-5.6, sections 8, 21, 27)
effect("pl_enter", arrival.effect_pl_enter)  # the card arrives and resolves (BP-11.16)
effect("brk", arrival.effect_brk)  # a tile whose card-in-effect was passed breaks up (BP-16.22)
effect("rsplit", arrival.effect_rsplit)  # a ring's pile split (BP-17.9)
effect("fees", fees.effect_fees)  # fees (section 7)
effect("cannibal", fees.effect_cannibal)  # the rest of a fee given from the table (BP-7.4, BP-10.20)
effect("pw", powers.effect_pw)  # a single card's power (sections 12-25)
effect("red_one_take", low_cards.red_one_take)  # the 1 of Red's take (BP-12.11)
effect("spade_one_swap", low_cards.spade_one_swap)  # the 1♠'s swap (BP-12.20)
effect("split_pick", low_cards.split_pick)  # a 1's split: the pile picked (BP-12.13, BP-12.15)
effect("diamond_two_second", low_cards.diamond_two_second)  # the 2♦'s second card (BP-13.13)
effect("diamond_two_trade", low_cards.diamond_two_trade)  # the 2♦'s trade (BP-13.10, BP-26.24)
effect("trade_card", low_cards.trade_card)  # a 2's trade once its card is chosen (BP-13.1 .. BP-13.9)
effect("trade_hands_guard", low_cards.trade_hands_guard)  # the 2♣'s trade of poker hands (BP-13.16)
effect("trade_hands_compare", low_cards.trade_hands_compare)  # ... once both declared (BP-13.17, BP-13.18)
effect("fol", low_cards.effect_fol)  # the card played after a 5 (BP-16.2 .. BP-16.10)
effect("eight_pick_tile", middle_cards.eight_pick_tile)  # the 8 discarded: a tile to break (BP-19.2, BP-19.3)
effect("eight_break", middle_cards.eight_break)  # ... and it breaks (BP-19.2)
effect("discard_picked", middle_cards.discard_picked)  # a 9's discard once its card is picked (BP-20.1)
effect("shaft", middle_cards.effect_shaft)  # a shaft (BP-17.1, BP-17.2, BP-26.48)
effect("spade_ten_force", high_cards.spade_ten_force)  # the 10♠: a card to force (BP-21.4)
effect("spade_ten_target", high_cards.spade_ten_target)  # ... and its table (BP-21.4)
effect("ctl", high_cards.effect_ctl)  # control (BP-21.19 .. BP-21.27)
effect("control_release", high_cards.control_release)  # control is released (BP-21.21)
effect("heart_king_fees", high_cards.heart_king_fees)  # the K♥'s discards, player by player (BP-24.3)
effect("diamond_king_discards", high_cards.diamond_king_discards)  # the K♦'s discards (BP-24.8)
effect("khd", high_cards.effect_khd)
effect(
    "spade_king_discard", high_cards.spade_king_discard
)  # the K♠ discards a declared hand (BP-24.11)  # a table fee (BP-24.3 .. BP-24.6)
effect("pair", pairs.effect_pair)  # a pair or set (section 26)
effect("four_diamonds_move", pairs.four_diamonds_move)  # 4♦+4♦ moves the declared hand (BP-26.31)

__all__ = ["FLOW"]
