"""B-Poker pairs and sets by their faces (section 26 of the rules): which entry a group of cards forms, and the
groups a viewing hand holds.

Pairs are recognised by face values only (BP-26.11); a group that fits two entries uses the more specific one
(BP-26.12).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from ...core.state import State
from .cards import FACES, JOKER

_RANK = {name: f.rank for name, f in FACES.items()}

PAIR_KEYS = (
    "jokers", "jj7", "2h2d", "3c3c", "44", "4d4d", "4d4d4d", "55x", "666", "bh", "wh", "9d10c", "lock", "jj", "jjj",
    "qq", "kckc", "aa",
)  # fmt: skip
"""Every entry of section 26 that :func:`pair_key` and :func:`pairs_in` name (BP-26.1)."""


def pair_key(names: list[str]) -> str | None:
    """The section-26 entry a group of faces forms, or None (BP-26.1, BP-26.11, BP-26.12)."""
    n = len(names)
    if n < 2:
        return None
    faces = [FACES[x] for x in names]
    jokers = sum(1 for x in names if x == JOKER)
    if n == 3 and jokers == 2 and any(f.rank == 7 for f in faces):
        return "jj7"
    if jokers == n:
        return "jokers"
    if n == 2:
        a, b = sorted(names)
        fa, fb = FACES[a], FACES[b]
        if {a, b} == {"2♥", "2♦"}:
            return "2h2d"
        if a == b == "3♣":
            return "3c3c"
        if a == b == "4♦":
            return "4d4d"
        if fa.rank == 4 and fb.rank == 4:
            return "44"
        if a == b == "7♥":
            return "bh"
        if a == b == "7♣":
            return "wh"
        if {a, b} == {"9♦", "10♣"}:
            return "9d10c"
        if "10♦" in (a, b):
            return "lock"
        if fa.rank == fb.rank == 11:
            return "jj"
        if fa.rank == fb.rank == 12 and fa.suit == fb.suit:
            return "qq"
        if a == b == "K♣":
            return "kckc"
        if fa.rank == fb.rank == 14:
            return "aa"
        return None
    if n == 3:
        if all(x == "4♦" for x in names):
            return "4d4d4d"
        if all(f.rank == 6 for f in faces):
            return "666"
        if all(f.rank == 11 for f in faces):
            return "jjj"
        fives = [f for f in faces if f.rank == 5]
        if len(fives) == 2 and fives[0].suit == fives[1].suit:
            return "55x"
    return None


def pairs_in(state: State, hand: list[int]) -> list[tuple[str, list[int]]]:
    """Every distinct pair or set (by faces) that can be played from a viewing hand (BP-26.2, BP-26.12)."""
    if len(hand) < 2:
        return []
    names = state["cards"]
    held = list(map(names.__getitem__, hand))
    if (
        len(set(map(_RANK.__getitem__, held))) == len(held)
        and "10♦" not in held
        and ("2♥" not in held or "2♦" not in held)
        and ("9♦" not in held or "10♣" not in held)
    ):
        return []  # no two cards of one rank, and none of the pairs of two ranks
    by: dict[str, list[int]] = {}
    ranks = [0] * 15
    for c in hand:
        name = names[c]
        by.setdefault(name, []).append(c)
        ranks[FACES[name].rank] += 1
    if not (
        "10♦" in by
        or ("2♥" in by and "2♦" in by)
        or ("9♦" in by and "10♣" in by)
        or any(ranks[r] >= 2 for r in (1, 3, 4, 5, 7, 11, 12, 13, 14))
        or ranks[6] >= 3
    ):
        return []
    out: list[tuple[str, list[int]]] = []
    # (each entry is only looked for when the hand could hold it: the order of ``out`` stays the same)
    for key, group in _candidate_groups(by, ranks):
        cards = _take(by, group)
        if cards is not None:
            out.append((key, cards))
    return out


def group_starts(held: list[str]) -> set[str]:
    """The faces of a viewing hand (``held``, a name per card) that are in some group :func:`pairs_in` finds there:
    the same names as the cards of all its groups, worked out from the counts of the faces without the groups."""
    if len(held) < 2:
        return set()
    if (
        len(set(map(_RANK.__getitem__, held))) == len(held)
        and "10♦" not in held
        and ("2♥" not in held or "2♦" not in held)
        and ("9♦" not in held or "10♣" not in held)
    ):
        return set()  # as pairs_in: no two cards of one rank, and none of the pairs of two ranks
    count: dict[str, int] = {}
    for x in held:
        count[x] = count.get(x, 0) + 1
    if "10♦" in count:  # a 10♦+card with every other face (or a second 10♦)
        return set(count)
    ranks = [0] * 15
    for x, k in count.items():
        ranks[_RANK[x]] += k
    out: set[str] = set()
    if count.get(JOKER, 0) >= 2:  # Jokers, and J+J+7 with every 7
        out.add(JOKER)
        out.update(x for x in count if _RANK[x] == 7)
    if "2♥" in count and "2♦" in count:
        out.update(("2♥", "2♦"))
    if "9♦" in count and "10♣" in count:
        out.update(("9♦", "10♣"))
    for x in ("3♣", "7♥", "7♣", "K♣", "4♦"):  # 3♣+3♣, 7♥+7♥, 7♣+7♣, K♣+K♣, 4♦+4♦
        if count.get(x, 0) >= 2:
            out.add(x)
    for rank in (4, 11, 14):  # 4+4, J+J, A+A: any two of the rank
        if ranks[rank] >= 2:
            out.update(x for x in count if _RANK[x] == rank)
    if ranks[6] >= 3:  # 6+6+6: any three 6s
        out.update(x for x in count if _RANK[x] == 6)
    for x, k in count.items():
        if k >= 2 and _RANK[x] == 12:  # Q+Q of one suit
            out.add(x)
    fives = [x for x, k in count.items() if k >= 2 and _RANK[x] == 5]
    if fives:  # 5+5+card: two 5s of one suit and any card that is not a 5
        others = [x for x in count if _RANK[x] != 5]
        if others:
            out.update(fives)
            out.update(others)
    return out


def _take(by: dict[str, list[int]], group: tuple[str, ...]) -> list[int] | None:
    """The cards of a hand (by name) that make up ``group``, or None if it does not hold them all."""
    used: dict[str, int] = {}
    cards = []
    for x in group:
        i = used.get(x, 0)
        ids = by.get(x, ())
        if i >= len(ids):
            return None
        cards.append(ids[i])
        used[x] = i + 1
    return cards


_NAMED_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("2h2d", ("2♥", "2♦")),
    ("3c3c", ("3♣", "3♣")),
    ("bh", ("7♥", "7♥")),
    ("wh", ("7♣", "7♣")),
    ("9d10c", ("9♦", "10♣")),
    ("kckc", ("K♣", "K♣")),
    ("4d4d", ("4♦", "4♦")),
    ("4d4d4d", ("4♦", "4♦", "4♦")),
)
"""The pairs and sets of named faces, in the order offered (after the Joker groups, before those of one rank)."""


def _candidate_groups(by: dict[str, list[int]], ranks: list[int]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The groups of faces a hand holding ``by`` (names) and ``ranks`` (counts) may form, in the order offered."""
    jokers = len(by.get(JOKER, ()))
    for k in range(2, jokers + 1):
        yield "jokers", (JOKER,) * k
    if jokers >= 2:
        for x in sorted(by):
            if FACES[x].rank == 7:
                yield "jj7", (JOKER, JOKER, x)
    for key, group in _NAMED_GROUPS:
        if group[0] in by and group[-1] in by:  # a quick test: the caller's _take says if it holds them all
            yield key, group
    yield from _same_rank_groups(by, ranks)
    if "10♦" in by:
        for x in sorted(by):
            if x != "10♦" or len(by[x]) >= 2:
                yield "lock", ("10♦", x)


def _same_rank_groups(by: dict[str, list[int]], ranks: list[int]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The pairs and sets of one rank: 4+4, J+J, A+A, 6+6+6, J+J+J, Q+Q, 5+5+card."""
    for rank, key in ((4, "44"), (11, "jj"), (14, "aa")):
        if ranks[rank] >= 2:
            group = sorted(x for x in by if FACES[x].rank == rank)
            for a, b in combinations_with_replacement(group, 2):
                if key != "44" or (a, b) != ("4♦", "4♦"):
                    yield key, (a, b)
    for rank, key in ((6, "666"), (11, "jjj")):
        if ranks[rank] >= 3:
            group = sorted(x for x in by if FACES[x].rank == rank)
            for combo in combinations_with_replacement(group, 3):
                yield key, combo
    if ranks[12] >= 2:
        for q in sorted(x for x in by if FACES[x].rank == 12):
            yield "qq", (q, q)
    if ranks[5] >= 2:
        for f in sorted(x for x in by if FACES[x].rank == 5):
            if len(by[f]) >= 2:
                for x in sorted(by):
                    if FACES[x].rank != 5:
                        yield "55x", (f, f, x)
