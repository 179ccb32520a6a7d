"""B-Poker card data: the physical cards of the ``decks`` option and the static table of card powers.

Every physical card is one of the 54 faces of a standard deck with two Jokers (BP-1.1, BP-29.1); a game with D
decks holds D copies of each face, each with its own id (BP-1.2). A face is written ``"10♦"``, ``"Q♠"`` or
``"Joker"``. Ranks run 1..14 (1 = a Joker, 11 = J, 12 = Q, 13 = K, 14 = A; BP-2.1, BP-2.2) and suits 0..3
(♣ ♦ ♥ ♠) or -1 for none.

The power table below is static data, checked when this module is loaded (:func:`validate_powers`): every value a
card can have in effect (rank and suit in effect, BP-2.4, BP-12.6) must map to exactly one power entry, and every
entry must name a known kind of effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import CardDataError

SUITS = "♣♦♥♠"  # 0 clubs, 1 diamonds, 2 hearts, 3 spades
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
RANK_NAMES.update({11: "J", 12: "Q", 13: "K", 14: "A"})
JOKER = "Joker"
RED_SUITS = (1, 2)


@dataclass(frozen=True)
class Face:
    """The printed face of a card."""

    name: str
    rank: int  # 1 for a Joker (BP-2.2), 2..14
    suit: int  # 0..3, or -1 for a Joker
    red: bool


def _faces() -> dict[str, Face]:
    out = {JOKER: Face(JOKER, 1, -1, False)}
    for rank, rname in RANK_NAMES.items():
        for suit, schar in enumerate(SUITS):
            name = rname + schar
            out[name] = Face(name, rank, suit, suit in RED_SUITS)
    return out


FACES: dict[str, Face] = _faces()
DECK: tuple[str, ...] = tuple([n for n in FACES if n != JOKER] + [JOKER, JOKER])  # 52 + 2 Jokers (BP-1.1)


def value_name(rank: int, suit: int, red: bool) -> str:
    """Words for a value in effect: ``"9♦"``, ``"1 of Red"``, ``"1♣"``."""
    if rank == 1:
        if suit >= 0:
            return "1" + SUITS[suit]
        return "1 of Red" if red else "1 of Black"
    return RANK_NAMES[rank] + SUITS[suit]


def power_key(rank: int, suit: int, red: bool) -> str:
    """The power used by a card resolving at this value in effect (BP-2.4, BP-12.6)."""
    if rank == 1:
        if suit >= 0:
            return "1" + "CDHS"[suit]
        return "1R" if red else "1B"
    return POWER_OF[(rank, suit)]


# ----- the power table ---------------------------------------------------------------------------------------------

KINDS = ("immediate", "continuous", "trigger", "discard")

# key: (card words, kinds, text). Text is the player guide's short form of each power.
POWERS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "1B": (
        "1 of Black (Joker)",
        ("immediate",),
        "Put the 1 in the pot; move the top two stash cards into your cards-to-be-played.",
    ),
    "1R": (
        "1 of Red",
        ("immediate",),
        "Pick a player; a random card of their stash is played onto your table as if they forced it.",
    ),
    "1C": (
        "1♣",
        ("immediate",),
        "The player on your left splits your stash in two; you put one pile into the pot.",
    ),
    "1D": (
        "1♦",
        ("immediate",),
        "The player on your left splits the pot in two; you add one pile to your stash.",
    ),
    "1H": (
        "1♥",
        ("immediate",),
        "Every wild on every table goes to the pot (tiled and no-effect wilds too).",
    ),
    "1S": ("1♠", ("immediate",), "Look at every viewing hand; you may swap viewing hands with one player."),
    "2S": (
        "2♠",
        ("immediate",),
        "You may trade this 2 for an unprotected, effective card on an opponent's table.",
    ),
    "2H": ("2♥", ("immediate",), "As 2♠, and the card you take is played for you; you may not take a 2♥."),
    "2D": (
        "2♦",
        ("immediate",),
        "As 2♠, taking one card of any status or two unprotected cards from one opponent.",
    ),
    "2C": (
        "2♣",
        ("immediate",),
        "As 2♠, or pay a 3-card fee to the pot and trade 5-card poker hands with a player.",
    ),
    "3W": (
        "3♥, 3♠, 3♦",
        ("immediate", "trigger"),
        "Becomes wild. Beginning of your turn: cards already on your table do not count toward your maximum this turn.",
    ),
    "3C": (
        "3♣",
        ("immediate", "trigger"),
        "Redeclare so that it is in your hand; every declaration must hold your 3♣s in effect.",
    ),
    "4U": ("4♥, 4♠", ("continuous",), "Your viewing hand's correct size is one larger."),
    "4C": ("4♣", ("continuous",), "Your viewing hand's correct size is one smaller."),
    "4D": (
        "4♦",
        ("immediate", "continuous"),
        "You may pay a 3-card fee and discard it to replay another card on your table. Your table maximum is one larger.",
    ),
    "5": (
        "5",
        ("immediate",),
        "Each player pays 1 card to the pot; you play one more card, tiled with the 5, one rank lower (red) or higher (black).",
    ),
    "6": (
        "6",
        ("immediate", "discard"),
        "Shaft: force a card from your viewing hand onto any table. Tunnel: discard it to send a forced card to another opponent.",
    ),
    "7U": ("7♥, 7♠", ("immediate",), "Every other player pays you a 2-card fee."),
    "7C": ("7♣", ("immediate",), "You pay every other player a 2-card fee."),
    "7D": ("7♦", ("immediate",), "Every other player pays you a 4-card fee."),
    "8": (
        "8",
        ("immediate", "continuous"),
        "Pay 1 (it becomes wild), pay 2 (it stays) or nothing (discard it and break a tile). Your fees are one smaller.",
    ),
    "9U": ("9♥, 9♠", ("immediate",), "Discard an unprotected, effective card from an opponent's table."),
    "9D": (
        "9♦",
        ("immediate",),
        "At face value you win the hand; in effect only, discard any card from an opponent's table.",
    ),
    "9C": (
        "9♣",
        ("immediate",),
        "The next player discards an unprotected, effective card that was already on your table.",
    ),
    "10H": ("10♥", ("immediate",), "Dump: your viewing hand goes into your cards-to-be-played."),
    "10S": (
        "10♠",
        ("immediate",),
        "Your viewing hand goes to the pot; you may force a card of your table onto another table.",
    ),
    "10C": (
        "10♣",
        ("immediate",),
        "Without no-effect cards you lose the hand; with them they all become effective.",
    ),
    "10D": (
        "10♦",
        ("discard", "immediate"),
        "Protected. Magic: discard it to stop a card played onto your table or an effect on you. Control when forced onto another table.",
    ),
    "J": (
        "J♥, J♠, J♦",
        ("immediate", "continuous", "discard"),
        "The next card played enters no-effect. Your fees are one larger. Discard it while no-effect to restore a card.",
    ),
    "JC": ("J♣", ("immediate", "continuous", "discard"), "As the other Js, but your fees are two larger."),
    "QD": ("Q♦", ("immediate",), "Goes to the next player's table; you may look at their viewing hand."),
    "QH": ("Q♥", ("immediate",), "Goes to the previous player's table; you may look at their viewing hand."),
    "QC": (
        "Q♣",
        ("immediate",),
        "Goes to the next player's table with one card of yours (or a pair for a 2-card fee), played by them.",
    ),
    "QS": ("Q♠", ("immediate",), "As Q♣, passing to the previous player."),
    "KH": (
        "K♥",
        ("immediate",),
        "Put a card of your table in the pot; every other player discards a card of their table (a fee).",
    ),
    "KD": (
        "K♦",
        ("immediate",),
        "Put the K♦ in the pot; discard an unprotected, effective card from each opponent's table.",
    ),
    "KS": ("K♠", ("immediate",), "Discard your 5-card poker hand (the forcer may make it a higher one)."),
    "KC": ("K♣", ("immediate",), "Bomb: every effective card of your table goes into the pot."),
    "AU": ("A♦, A♥, A♠", ("immediate",), "If it is your turn, it is over."),
    "AC": (
        "A♣",
        ("immediate",),
        "Your turn is over; your cards-to-be-played are placed on your table; your effects stop.",
    ),
}

POWER_OF: dict[tuple[int, int], str] = {}
for _s in range(4):
    POWER_OF[(5, _s)] = "5"
    POWER_OF[(6, _s)] = "6"
    POWER_OF[(8, _s)] = "8"
POWER_OF.update({(2, 3): "2S", (2, 2): "2H", (2, 1): "2D", (2, 0): "2C"})
POWER_OF.update({(3, 2): "3W", (3, 3): "3W", (3, 1): "3W", (3, 0): "3C"})
POWER_OF.update({(4, 2): "4U", (4, 3): "4U", (4, 0): "4C", (4, 1): "4D"})
POWER_OF.update({(7, 2): "7U", (7, 3): "7U", (7, 0): "7C", (7, 1): "7D"})
POWER_OF.update({(9, 2): "9U", (9, 3): "9U", (9, 1): "9D", (9, 0): "9C"})
POWER_OF.update({(10, 2): "10H", (10, 3): "10S", (10, 0): "10C", (10, 1): "10D"})
POWER_OF.update({(11, 2): "J", (11, 3): "J", (11, 1): "J", (11, 0): "JC"})
POWER_OF.update({(12, 1): "QD", (12, 2): "QH", (12, 0): "QC", (12, 3): "QS"})
POWER_OF.update({(13, 2): "KH", (13, 1): "KD", (13, 3): "KS", (13, 0): "KC"})
POWER_OF.update({(14, 1): "AU", (14, 2): "AU", (14, 3): "AU", (14, 0): "AC"})

# The card pairs and sets of section 26 (key: words, stays tiled).
PAIRS: dict[str, tuple[str, bool]] = {
    "jokers": ("Jokers (two or more)", False),
    "jj7": ("Joker + Joker + 7", False),
    "2h2d": ("2♥ + 2♦", False),
    "3c3c": ("3♣ + 3♣", True),
    "44": ("4 + 4", False),
    "4d4d": ("4♦ + 4♦", False),
    "4d4d4d": ("4♦ + 4♦ + 4♦", False),
    "55x": ("5 + 5 (same suit) + card", True),
    "666": ("6 + 6 + 6", True),
    "bh": ("7♥ + 7♥ (Black Hole)", True),
    "wh": ("7♣ + 7♣ (White Hole)", True),
    "9d10c": ("9♦ + 10♣", False),
    "lock": ("10♦ + card", True),
    "jj": ("J + J (Shield)", False),
    "jjj": ("J + J + J", True),
    "qq": ("Q + Q (same suit)", False),
    "kckc": ("K♣ + K♣ (Atomic Bomb)", False),
    "aa": ("A + A", False),
}


def validate_powers() -> None:
    """Check the power table: every value in effect has one known power, and every power has known kinds."""
    for key, (words, kinds, text) in POWERS.items():
        if not words or not text:
            raise CardDataError(f"power {key!r}: words and text must not be empty")
        bad = [k for k in kinds if k not in KINDS]
        if bad:
            raise CardDataError(
                f"power {key!r}: unknown kind of effect {bad[0]!r} (kinds: {', '.join(KINDS)})"
            )
    for rank in range(2, 15):
        for suit in range(4):
            key = POWER_OF.get((rank, suit))
            if key is None:
                raise CardDataError(f"no power for {value_name(rank, suit, suit in RED_SUITS)}")
            if key not in POWERS:
                raise CardDataError(f"{value_name(rank, suit, False)} maps to unknown power {key!r}")
    for key in ("1B", "1R", "1C", "1D", "1H", "1S"):
        if key not in POWERS:
            raise CardDataError(f"the 1 power {key!r} is missing (BP-12.6)")
    if len(DECK) != 54 or len(set(DECK)) != 53:
        raise CardDataError("a standard deck holds 52 faces and 2 Jokers (BP-1.1)")


validate_powers()


def deck_names(decks: int) -> list[str]:
    """The physical cards of ``decks`` standard decks, each face ``decks`` times (BP-1.1, BP-1.2, BP-29.1)."""
    if decks < 1:
        raise CardDataError("at least one deck is needed (BP-28.1)")
    return [name for _ in range(decks) for name in DECK]
