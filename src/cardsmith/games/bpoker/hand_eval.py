"""B-Poker hand evaluator: the best 5-card poker hand from a table of cards, with 1s, duplicates and wilds.

Pure Python, no third-party imports. The public API takes cards as ``(rank, suit)`` tuples (:data:`Card`):

- :func:`score5` scores exactly five cards (no wilds); a higher score beats a lower one and equal scores tie.
- :func:`best_score` is the score of the best 5-card hand from up to 15 cards plus any number of wild cards.
- :func:`best_hand` is the same search, also telling which cards make the hand and how to declare the wilds.
- :func:`category_of`, :func:`decode_score` and :func:`encode_score` read and build scores.

Rules implemented (``shared/rules/bpoker.md``, sections 2 and 3):

- BP-2.1: ranks from low to high are 1, 2, ..., 10, J (11), Q (12), K (13), A (14). An A is never a 1.
- BP-2.2, BP-3.6: a 1 (a Joker, or a "1 of red/black" made by 5s) has rank 1 and no suit (suit ``-1``): it ranks
  below 2, it is never part of a flush (nor of a flush house, flush five or straight flush), but it may be part of
  the straight 1-2-3-4-5, of a pair, of a five of a kind, and so on. Five 1s are a five of a kind of 1s.
- BP-3.4: a wild is declared as any rank 2-A and any suit; it can never be a 1. Two cards with the same rank and
  suit may exist (several decks), so a wild may copy a card that is already in the hand.
- BP-3.5: categories from high to low: flush five, flush house, five of a kind, straight flush, four of a kind,
  full house, flush, straight, three of a kind, two pair, pair, high card. Within a category, counted groups are
  compared first (larger groups first), then the kickers from high to low. Suits never break ties.
- BP-3.7: equal scores tie, and neither hand beats the other.

Readings of the rules where they are silent (each named with the rule it reads):

- BP-3.6, 1-2-3-4-5 against A-2-3-4-5: **they tie.** The Ace "also plays low in A-2-3-4-5": playing low it takes
  the place below the 2, which is exactly where a 1 stands (BP-2.1), so both are the five-high straight, and a
  straight is ranked by its top card as usual (BP-3.5); the card at the bottom is never compared, and BP-3.7 makes
  equal hands tie. The same holds for a 5-high straight flush, which can only be A-2-3-4-5 of one suit (a 1 has
  no suit). A-1-2-3-4 is not a straight (the low Ace and the 1 would fill the same place), and straights never
  wrap round (K-A-1-2-3 and Q-K-A-2-3 are not straights).
- BP-3.5, a flush that holds cards of equal rank (possible with several decks, e.g. K♥ K♥ 9♥ 5♥ 2♥): it is a
  flush, compared card by card from the highest down like any flush (K K 9 5 2 loses to A Q 9 5 2 and beats
  K Q 9 5 2); "counted groups first" applies to the categories made of groups. Five suited cards that are a four
  of a kind are a four of a kind (there is no "flush four"); a suited full house is a flush house and five suited
  cards of one rank are a flush five.
- BP-3.4, wilds: any number of wilds may be used (at most five help); the best use of the wilds is searched
  category by category from the rank counts and suit counts of the non-wild cards, never by trying 52**w values.

Score encoding (a plain ``int``): ``category << 20`` plus up to five tie-break ranks, 4 bits each, from bit 16 down.
The tie-break ranks are, in order: the counted groups (larger first, then higher) and then the kickers from high
to low; for a straight or straight flush, its top card only (5 for both five-high straights); for a flush, its
five ranks from high to low. Category numbers are the indexes into :data:`CATEGORIES` (0 = high card).

Speed: five cards are scored by one dictionary lookup keyed by a rank-count key (4 bits per rank) in a flush or a
non-flush table built at import. A larger table, or a table with wilds, is split into the best non-flush hand (from
the rank counts alone) and, for each suit holding at least ``5 - wilds`` cards, the best flush-type hand (from that
suit's rank counts); each part is solved directly from counts and kept in a cache keyed by its rank-count key, so
no 5-card subsets and no wild values are enumerated, and a table seen before costs a few additions and lookups.
Seven cards without wilds (the common case) are unpacked without a loop; a suit count key tells in one test whether
any suit holds five of them, and a rank-count key not yet cached is solved from bit masks of the ranks held once,
twice, three, four and five times (``int.bit_length`` finds the top rank; a straight is five set bits in a row).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

__all__ = [
    "CATEGORIES",
    "MAX_CARDS",
    "BestHand",
    "Card",
    "best_hand",
    "best_score",
    "category_of",
    "clear_caches",
    "decode_score",
    "encode_score",
    "score5",
]

Card = tuple[int, int]
"""``(rank, suit)``: rank 1..14 (1 = a "1": a Joker or a 1 of red/black; 11 J, 12 Q, 13 K, 14 A); suit 0 clubs,
1 diamonds, 2 hearts, 3 spades, or -1 for no suit (every 1, and only 1s)."""

CATEGORIES: tuple[str, ...] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
    "flush house",
    "flush five",
)
"""Category names from low to high; a score's category number ``score >> 20`` indexes this tuple (BP-3.5)."""

(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    FIVE_OF_A_KIND,
    FLUSH_HOUSE,
    FLUSH_FIVE,
) = range(12)

MAX_CARDS = 15
"""The most non-wild cards :func:`best_score` and :func:`best_hand` accept (the rank-count key holds 4 bits a rank)."""

_CATEGORY_SHIFT = 20
_DESC = tuple(range(14, 0, -1))  # every rank, high to low: A, K, ..., 2, 1
_DESC_SUITED = tuple(range(14, 1, -1))  # ranks that can carry a suit (and that a wild can take): A..2
_RANK_BIT = [0] + [1 << (4 * r) for r in range(1, 15)]  # rank -> its unit in a rank-count key
_SUIT_UNIT = [1, 1 << 4, 1 << 8, 1 << 12, 0]  # suit -> its unit in a suit-count key; index -1 (no suit) -> 0
_MEMO_LIMIT = 1 << 20  # entries a cache may hold before it is emptied (bounds memory on odd workloads)


# ------------------------------------------------------------------------------------------------- score encoding


def encode_score(category: int, ranks: Sequence[int]) -> int:
    """The score of a hand of category number ``category`` with tie-break ``ranks`` (at most five, most important
    first; see the module docstring). Raises ``ValueError`` on an unknown category or a rank outside 1..14."""
    if not 0 <= category < len(CATEGORIES):
        raise ValueError(f"unknown category number {category}")
    if len(ranks) > 5 or any(not 1 <= r <= 14 for r in ranks):
        raise ValueError(f"tie-break ranks must be at most five ranks 1..14, not {tuple(ranks)}")
    return _enc(category, *ranks)


def _enc(category: int, *ranks: int) -> int:
    score = category << _CATEGORY_SHIFT
    shift = 16
    for r in ranks:
        score |= r << shift
        shift -= 4
    return score


def category_of(score: int) -> str:
    """The category name of a score: ``"flush five"``, ``"flush house"``, ..., ``"high card"``."""
    if score < 0 or score >> _CATEGORY_SHIFT >= len(CATEGORIES):
        raise ValueError(f"{score} is not a hand score")
    return CATEGORIES[score >> _CATEGORY_SHIFT]


def decode_score(score: int) -> tuple[str, tuple[int, ...]]:
    """``(category name, tie-break ranks)`` of a score, e.g. ``("full house", (13, 4))`` for kings full of fours."""
    name = category_of(score)
    ranks = tuple(r for r in ((score >> shift) & 15 for shift in (16, 12, 8, 4, 0)) if r)
    return name, ranks


# ------------------------------------------------------------------------------------------- five cards, no wilds


def _straight_top(distinct_desc: Sequence[int]) -> int:
    """The top card of the straight made by five distinct ranks (high to low), or 0 if they make none."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]  # includes 5-4-3-2-1
    if tuple(distinct_desc) == (14, 5, 4, 3, 2):
        return 5  # the Ace plays low (BP-3.6)
    return 0


def _score_ranks5(ranks: Sequence[int], suited: bool) -> int:
    """The score of five cards given their ranks; ``suited`` when all five share a suit (so no 1 among them)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    shape = tuple(n for _, n in groups)
    order = [r for r, _ in groups]
    if shape == (5,):
        return _enc(FLUSH_FIVE if suited else FIVE_OF_A_KIND, order[0])
    if shape == (4, 1):
        return _enc(FOUR_OF_A_KIND, *order)
    if shape == (3, 2):
        return _enc(FLUSH_HOUSE if suited else FULL_HOUSE, *order)
    top = _straight_top(order) if len(order) == 5 else 0
    if suited:
        return _enc(STRAIGHT_FLUSH, top) if top else _enc(FLUSH, *sorted(ranks, reverse=True))
    if top:
        return _enc(STRAIGHT, top)
    category = {(3, 1, 1): THREE_OF_A_KIND, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(shape, HIGH_CARD)
    return _enc(category, *order)


def _five_card_tables() -> tuple[dict[int, int], dict[int, int]]:
    plain = {
        sum(_RANK_BIT[r] for r in m): _score_ranks5(m, False) for m in combinations_with_replacement(_DESC, 5)
    }
    suited = {
        sum(_RANK_BIT[r] for r in m): _score_ranks5(m, True)
        for m in combinations_with_replacement(_DESC_SUITED, 5)
    }
    # Five cards that all have "the same suit" -1 are five 1s: a five of a kind, never a flush five (BP-3.6).
    suited[5 * _RANK_BIT[1]] = plain[5 * _RANK_BIT[1]]
    return plain, suited


_FIVE_PLAIN, _FIVE_SUITED = _five_card_tables()


def score5(cards: Sequence[Card]) -> int:
    """The score of exactly five non-wild cards; a higher score beats a lower one, equal scores tie (BP-3.5, 3.7).

    Cards are not validated (this is the hot path): ranks must be 1..14, a 1 must have suit -1 and every other card
    a suit 0..3. A sequence of other than five cards raises ``ValueError``.
    """
    (r0, s0), (r1, s1), (r2, s2), (r3, s3), (r4, s4) = cards
    key = _RANK_BIT[r0] + _RANK_BIT[r1] + _RANK_BIT[r2] + _RANK_BIT[r3] + _RANK_BIT[r4]
    if s0 == s1 == s2 == s3 == s4:
        return _FIVE_SUITED[key]
    return _FIVE_PLAIN[key]


# --------------------------------------------------------------------------- the best hand from counts, with wilds
#
# A hand is either flush-type (flush five, flush house, straight flush, flush: five cards of one suit, wilds
# included) or not. The best non-flush hand depends only on the rank counts of all the cards; the best flush-type
# hand of a suit only on that suit's rank counts. Each solver below returns a score that some real hand reaches or
# beats, and the best real hand of its own kind exactly, so the best hand is the larger of the two. Each walks the
# categories from the top and, inside the first category it can fill, takes the tie-break ranks greedily from the
# top, which is the highest score of that category. It also returns the five ranks that make it (its "plan").


def _counts(key: int) -> list[int]:
    return [(key >> (4 * r)) & 15 for r in range(15)]


def _wilds_needed(c: Sequence[int], rank: int, k: int) -> int:
    """Wilds needed for ``k`` cards of ``rank``; a wild can never be a 1, so 1s need real 1s (BP-3.4)."""
    have = c[rank]
    if have >= k:
        return 0
    return k - have if rank >= 2 else 99


def _kickers(c: Sequence[int], exclude: tuple[int, ...], k: int, wilds: int) -> tuple[int, ...] | None:
    """The ``k`` highest distinct ranks outside ``exclude``, taking a rank from a real card or else from a wild."""
    out: list[int] = []
    for r in _DESC:
        if r in exclude:
            continue
        if c[r]:
            out.append(r)
        elif wilds and r >= 2:
            out.append(r)
            wilds -= 1
        else:
            continue
        if len(out) == k:
            return tuple(out)
    return None


def _straight_slots(top: int) -> tuple[int, ...]:
    """The five places of the straight with this top card, high to low; the low place of A-2-3-4-5 is 1."""
    return tuple(range(top, top - 5, -1))


def _plain_solve(c: Sequence[int], wilds: int) -> tuple[int, tuple[int, ...]]:
    """The best non-flush hand from rank counts ``c`` and ``wilds`` (at most 5) wild cards: (score, ranks)."""
    if sum(c) + wilds < 5:
        return -1, ()
    for r in _DESC:
        if _wilds_needed(c, r, 5) <= wilds:
            return _enc(FIVE_OF_A_KIND, r), (r,) * 5
    for q in _DESC:
        n = _wilds_needed(c, q, 4)
        if n <= wilds:
            ks = _kickers(c, (q,), 1, wilds - n)
            if ks:
                return _enc(FOUR_OF_A_KIND, q, *ks), (q,) * 4 + ks
    for a in _DESC:
        na = _wilds_needed(c, a, 3)
        if na > wilds:
            continue
        for b in _DESC:
            if b != a and na + _wilds_needed(c, b, 2) <= wilds:
                return _enc(FULL_HOUSE, a, b), (a, a, a, b, b)
    low_present = c[1] or c[14]  # the place below 2 is filled by a 1 or by a low Ace (BP-3.6)
    for top in range(14, 4, -1):
        missing = 0
        for place in _straight_slots(top):
            if not (low_present if place == 1 else c[place]):
                missing += 1
        if missing <= wilds:
            slots = _straight_slots(top)
            if top == 5:  # the low place: a real Ace, else a 1, else a wild declared as an Ace
                slots = slots[:4] + (1 if c[1] and not c[14] else 14,)
            return _enc(STRAIGHT, top), slots
    for a in _DESC:
        n = _wilds_needed(c, a, 3)
        if n <= wilds:
            ks = _kickers(c, (a,), 2, wilds - n)
            if ks:
                return _enc(THREE_OF_A_KIND, a, *ks), (a, a, a) + ks
    for a in _DESC:
        na = _wilds_needed(c, a, 2)
        if na > wilds:
            continue
        for b in range(a - 1, 0, -1):
            nb = _wilds_needed(c, b, 2)
            if na + nb <= wilds:
                ks = _kickers(c, (a, b), 1, wilds - na - nb)
                if ks:
                    return _enc(TWO_PAIR, a, b, *ks), (a, a, b, b) + ks
    for a in _DESC:
        n = _wilds_needed(c, a, 2)
        if n <= wilds:
            ks = _kickers(c, (a,), 3, wilds - n)
            if ks:
                return _enc(PAIR, a, *ks), (a, a) + ks
    ks = _kickers(c, (), 5, wilds)
    if ks:
        return _enc(HIGH_CARD, *ks), ks
    return -1, ()


def _suited_solve(c: Sequence[int], wilds: int) -> tuple[int, tuple[int, ...]]:
    """The best flush-type hand from one suit's rank counts ``c`` (no 1s) and ``wilds`` wilds of that suit."""
    if sum(c) + wilds < 5:
        return -1, ()
    for r in _DESC_SUITED:
        if c[r] + wilds >= 5:
            return _enc(FLUSH_FIVE, r), (r,) * 5
    for a in _DESC_SUITED:
        na = 3 - c[a] if c[a] < 3 else 0
        if na > wilds:
            continue
        for b in _DESC_SUITED:
            if b != a and na + (2 - c[b] if c[b] < 2 else 0) <= wilds:
                return _enc(FLUSH_HOUSE, a, b), (a, a, a, b, b)
    for top in range(14, 4, -1):
        slots = tuple(14 if place == 1 else place for place in _straight_slots(top))
        if sum(1 for r in slots if not c[r]) <= wilds:
            return _enc(STRAIGHT_FLUSH, top), slots
    ranks = [14] * wilds  # a wild in a flush is best declared as an Ace of the suit (BP-3.4)
    for r in _DESC_SUITED:
        ranks.extend([r] * c[r])
    top5 = tuple(ranks[:5])
    return _enc(FLUSH, *top5), top5


_HalfMasks = tuple[int, int, int, int, int, int]
_LOW_HALVES: dict[int, _HalfMasks] = {}  # bits 0..31 of a rank-count key (ranks 1..7) -> their masks
_HIGH_HALVES: dict[int, _HalfMasks] = {}  # the key >> 32 (ranks 8..14) -> their masks


def _half_masks(part: int) -> _HalfMasks:
    """(cards, ranks held, held 2+, held 3+, held 4+, held 5+) of part of a rank-count key; masks have bit r for r."""
    cards = present = pairs = trips = quads = fives = 0
    for r in range(1, 15):
        n = (part >> (4 * r)) & 15
        if n:
            cards += n
            present |= 1 << r
            pairs |= (n >= 2) << r
            trips |= (n >= 3) << r
            quads |= (n >= 4) << r
            fives |= (n >= 5) << r
    return cards, present, pairs, trips, quads, fives


def _top(mask: int, k: int) -> int:
    """The ``k`` highest ranks of a mask as tie-break nibbles, the highest at bits 16..19 (k = 1..5)."""
    packed = 0
    shift = 16
    for _ in range(k):
        r = mask.bit_length() - 1
        mask ^= 1 << r
        packed |= r << shift
        shift -= 4
    return packed


def _plain_score_no_wilds(key: int) -> int:
    """``_plain_solve(_counts(key), 0)[0]``, faster: the same walk down the categories, on bit masks of the ranks
    held once, twice, ... (cached for each half of the key, of which there are few)."""
    low = key & 0xFFFFFFFF
    lo = _LOW_HALVES.get(low)
    if lo is None:
        lo = _LOW_HALVES[low] = _half_masks(low)
    high = key >> 32
    hi = _HIGH_HALVES.get(high)
    if hi is None:
        hi = _HIGH_HALVES[high] = _half_masks(high << 32)
    if lo[0] + hi[0] < 5:
        return -1
    fives = lo[5] | hi[5]
    if fives:
        return (FIVE_OF_A_KIND << 20) | ((fives.bit_length() - 1) << 16)
    present = lo[1] | hi[1]
    quads = lo[4] | hi[4]
    if quads:
        q = quads.bit_length() - 1
        return (FOUR_OF_A_KIND << 20) | (q << 16) | (_top(present ^ (1 << q), 1) >> 4)
    trips = lo[3] | hi[3]
    pairs = lo[2] | hi[2]
    if trips:
        a = trips.bit_length() - 1
        others = pairs ^ (1 << a)
        if others:
            return (FULL_HOUSE << 20) | (a << 16) | ((others.bit_length() - 1) << 12)
    low_ace = present | ((present >> 13) & 2)  # the Ace also plays low, in the place of a 1 (BP-3.6)
    runs = low_ace & (low_ace >> 1) & (low_ace >> 2) & (low_ace >> 3) & (low_ace >> 4)
    if runs:
        return (STRAIGHT << 20) | ((runs.bit_length() + 3) << 16)  # a run starting at bit p tops at p + 4
    if trips:
        a = trips.bit_length() - 1
        return (THREE_OF_A_KIND << 20) | (a << 16) | (_top(present ^ (1 << a), 2) >> 4)
    if pairs:
        a = pairs.bit_length() - 1
        others = pairs ^ (1 << a)
        if others:
            b = others.bit_length() - 1
            kicker = _top(present ^ (1 << a) ^ (1 << b), 1) >> 8
            return (TWO_PAIR << 20) | (a << 16) | (b << 12) | kicker
        return (PAIR << 20) | (a << 16) | (_top(present ^ (1 << a), 3) >> 4)
    return _top(present, 5)  # high card: category 0


_PLAIN_MEMO: list[dict[int, int]] = [{} for _ in range(6)]  # [wilds][rank-count key of all cards] -> score
_SUITED_MEMO: list[dict[int, int]] = [{} for _ in range(6)]  # [wilds][rank-count key of one suit] -> score
_PLAIN_NO_WILDS = _PLAIN_MEMO[0]


def _remember(memo: dict[int, int], key: int, score: int) -> int:
    """Keep ``score`` for ``key`` in ``memo`` (emptied first when it is full) and return it."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = score
    return score


def _plain_score(key: int, wilds: int) -> int:
    score = _PLAIN_MEMO[wilds].get(key)
    if score is None:
        solved = _plain_solve(_counts(key), wilds)[0] if wilds else _plain_score_no_wilds(key)
        score = _remember(_PLAIN_MEMO[wilds], key, solved)
    return score


def _suited_score(key: int, wilds: int) -> int:
    score = _SUITED_MEMO[wilds].get(key)
    if score is None:
        score = _remember(_SUITED_MEMO[wilds], key, _suited_solve(_counts(key), wilds)[0])
    return score


def clear_caches() -> None:
    """Empty the caches of solved rank-count keys (the five-card tables stay). For benchmarks and tests."""
    for memo in (*_PLAIN_MEMO, *_SUITED_MEMO, _LOW_HALVES, _HIGH_HALVES):
        memo.clear()


def best_score(cards: Sequence[Card], wilds: int = 0) -> int:
    """The score of the best 5-card hand from ``cards`` (non-wild) and ``wilds`` wild cards, or -1 when there are
    fewer than five cards in all. Equal to ``best_hand(cards, wilds).score``; the fast path (cards not validated)."""
    n = len(cards)
    if not wilds and n == 7:
        (r0, s0), (r1, s1), (r2, s2), (r3, s3), (r4, s4), (r5, s5), (r6, s6) = cards
        rb = _RANK_BIT
        key = rb[r0] + rb[r1] + rb[r2] + rb[r3] + rb[r4] + rb[r5] + rb[r6]
        su = _SUIT_UNIT
        suits = su[s0] + su[s1] + su[s2] + su[s3] + su[s4] + su[s5] + su[s6]
        best = _PLAIN_NO_WILDS.get(key)
        if best is None:
            best = _remember(_PLAIN_NO_WILDS, key, _plain_score_no_wilds(key))
        if (suits + 0x3333) & 0x8888:  # some suit holds 5 or more of the 7 cards (each count is at most 7)
            for s in range(4):
                if (suits >> (4 * s)) & 15 >= 5:
                    flush = _suited_score(sum(rb[r] for r, t in cards if t == s), 0)
                    if flush > best:
                        best = flush
        return best
    if wilds < 0:
        raise ValueError(f"wilds must be 0 or more, not {wilds}")
    if n > MAX_CARDS:
        raise ValueError(f"at most {MAX_CARDS} non-wild cards, not {n}")
    w = wilds if wilds < 5 else 5
    if n + w < 5:
        return -1
    if n == 5 and not w:
        return score5(cards)
    rb = _RANK_BIT
    su = _SUIT_UNIT
    key = 0
    suits = 0
    for r, s in cards:
        key += rb[r]
        suits += su[s]
    best = _PLAIN_MEMO[w].get(key)
    if best is None:
        best = _plain_score(key, w)
    need = 5 - w
    for s in range(4):
        if (suits >> (4 * s)) & 15 >= need:
            flush = _suited_score(sum(rb[r] for r, t in cards if t == s), w)
            if flush > best:
                best = flush
    return best


# -------------------------------------------------------------------------------------------- the declared hand


@dataclass(frozen=True)
class BestHand:
    """The best hand found by :func:`best_hand`.

    ``used`` are the indexes (ascending) into the ``cards`` given of the non-wild cards in the hand; ``wild_values``
    the values to declare for the wilds in the hand (BP-3.4), one per wild used, never a 1. ``len(used) +
    len(wild_values) == 5`` and ``score5`` of those five cards (the wilds at their declared values) is ``score``.
    """

    score: int
    category: str
    used: tuple[int, ...]
    wild_values: tuple[Card, ...]


def _check_cards(cards: Sequence[Card], wilds: int) -> None:
    if wilds < 0:
        raise ValueError(f"wilds must be 0 or more, not {wilds}")
    if len(cards) > MAX_CARDS:
        raise ValueError(f"at most {MAX_CARDS} non-wild cards, not {len(cards)}")
    for card in cards:
        rank, suit = card
        if rank == 1:
            if suit != -1:
                raise ValueError(f"a 1 has no suit (BP-3.6): {card} must be (1, -1)")
        elif not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"not a card: {card} (rank 1..14, suit 0..3, or (1, -1) for a 1)")


_DEFAULT_WILD_SUIT = (
    3  # suit given to a wild whose suit does not matter (it cannot lower the hand: see best_hand)
)


def best_hand(cards: Sequence[Card], wilds: int = 0) -> BestHand | None:
    """The best 5-card hand from up to 15 non-wild ``cards`` and ``wilds`` wild cards, or None when there are fewer
    than five cards in all. Cards are validated (``ValueError`` on a bad card, more than 15 cards, or wilds < 0).

    Where several hands share the best score, real cards are preferred to wilds. A wild whose suit does not matter
    is declared a spade: the suit of a card in a non-flush hand can only raise it, and it is already the best.
    """
    _check_cards(cards, wilds)
    w = min(wilds, 5)
    if len(cards) + w < 5:
        return None
    all_counts = [0] * 15
    suit_counts = [[0] * 15 for _ in range(4)]
    for r, s in cards:
        all_counts[r] += 1
        if s >= 0:
            suit_counts[s][r] += 1
    score, plan = _plain_solve(all_counts, w)
    plan_suit = -1
    for s in range(4):
        if sum(suit_counts[s]) + w >= 5:
            flush, flush_plan = _suited_solve(suit_counts[s], w)
            if flush > score:
                score, plan, plan_suit = flush, flush_plan, s
    free = list(range(len(cards)))
    used: list[int] = []
    wild_values: list[Card] = []
    for rank in plan:
        for pos, i in enumerate(free):
            r, s = cards[i]
            if r == rank and (plan_suit < 0 or s == plan_suit):
                used.append(free.pop(pos))
                break
        else:
            wild_values.append((rank, plan_suit if plan_suit >= 0 else _DEFAULT_WILD_SUIT))
    return BestHand(score, category_of(score), tuple(sorted(used)), tuple(wild_values))
