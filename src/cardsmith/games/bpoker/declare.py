"""B-Poker declarations (section 3 of the rules): the hands a table offers, declaring and undeclaring."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.game import Game
from ...core.state import State
from .cards import FACES, value_name
from .hand_eval import MAX_CARDS, best_hand, best_score, category_of, decode_score, score5
from .table import _VALUE, SK, TABLE, WILDS, face_card, identity, is_wild, tile_of, tiles_on, units

ALTERNATIVES = 3  # lower hands offered besides the best one when declaring (BP-3.3)


_MISSING: Any = object()


_BEST_MEMO: dict[tuple[Any, ...], Any] = {}  # declaration searches already made (Base._best)


_BEST_MEMO_LIMIT = 4096


_FLUSH_TYPES = frozenset(("flush", "straight flush", "flush house", "flush five"))


_DEFAULT_WILD_SUIT = 3  # as hand_eval.best_hand: a wild whose suit does not matter is declared a spade


def declared_hand(
    values: list[tuple[int, int]], wilds: int
) -> tuple[int, list[int], list[tuple[int, int]]] | None:
    """What :func:`hand_eval.best_hand` answers for these non-wild ``values`` and ``wilds``: ``(score, indexes of the
    values used (ascending), values declared for the wilds used)``, or None with fewer than five cards in all.

    The best hand's score comes from :func:`hand_eval.best_score` (cached); a hand that is not of a flush type is
    read back from it exactly as ``best_hand`` builds it: its ranks from the score's groups and kickers, each taken
    by the first unused real card of that rank, else by a wild declared as that rank of spades. Flush types are
    left to ``best_hand``. (A property test checks this against ``best_hand``.)"""
    w = wilds if wilds < 5 else 5
    if len(values) + w < 5:
        return None
    score = best_score(values, wilds)
    name, ranks = decode_score(score)
    if name in _FLUSH_TYPES:
        bh = best_hand(values, wilds)
        if bh is None:
            return None
        return bh.score, list(bh.used), list(bh.wild_values)
    a = ranks[0]
    if name == "high card":
        plan = ranks
    elif name == "pair":
        plan = (a, a) + ranks[1:]
    elif name == "two pair":
        plan = (a, a, ranks[1], ranks[1]) + ranks[2:]
    elif name == "three of a kind":
        plan = (a, a, a) + ranks[1:]
    elif name == "straight":
        plan = (a, a - 1, a - 2, a - 3, a - 4)
        if a == 5:  # the low place: a real Ace, else a 1, else a wild declared as an Ace (BP-3.6)
            held = {r for r, _s in values}
            plan = (5, 4, 3, 2, 1 if 1 in held and 14 not in held else 14)
    elif name == "full house":
        plan = (a, a, a, ranks[1], ranks[1])
    elif name == "four of a kind":
        plan = (a, a, a, a) + ranks[1:]
    else:  # five of a kind
        plan = (a,) * 5
    free = list(range(len(values)))
    used: list[int] = []
    wild_values: list[tuple[int, int]] = []
    for rank in plan:
        for pos, i in enumerate(free):
            if values[i][0] == rank:
                used.append(free.pop(pos))
                break
        else:
            wild_values.append((rank, _DEFAULT_WILD_SUIT))
    used.sort()
    return score, used, wild_values


def eligible(game: Game, state: State, seat: int) -> list[int]:
    """Table cards that may be in the poker hand: all but 6+6+6 tiles (BP-3.1, BP-26.41)."""
    g = state["g"]
    tof = g["tile_of"]
    tiles = g["tiles"]
    out = []
    for c in state["zones"][TABLE[seat]]:
        tid = tof.get(SK[c])
        if tid is not None and tiles[tid]["kind"] == "six":
            continue
        out.append(c)
    return out


def no_hand(game: Game, state: State, seat: int) -> bool:
    """BP-26.26: a 3♣+3♣ in play leaves its owner without a poker hand."""
    return bool(tiles_on(game, state, seat, "ccc"))


def can_hand(game: Game, state: State, seat: int) -> bool:
    return not no_hand(game, state, seat) and len(eligible(game, state, seat)) >= 5


def forced_clubs(game: Game, state: State, seat: int) -> list[int]:
    """BP-14.8, BP-14.9: the 3♣s in effect on a table (a tile's face card for a tile in effect), at most 5."""
    out = []
    for u in units(game, state, seat):
        tile = tile_of(state, u)
        if tile is not None and tile["kind"] == "six":
            continue
        ev = identity(game, state, u)
        if ev is not None and ev[0] == 3 and ev[1] == 0:
            out.append(face_card(game, state, u))
    return out[:5]


def hand_signature(game: Game, state: State, seat: int) -> list[int]:
    """What a declaration depends on: the eligible cards (a wild is written as ``-(id + 2)``), or ``[-1]`` with
    no poker hand (BP-26.26). At least five entries exactly when :meth:`can_hand`."""
    g = state["g"]
    table = state["zones"][TABLE[seat]]
    tiles = g["tiles"]
    marks = state["marks"]
    if not tiles:
        if not marks:
            return list(table)
        return [-(c + 2) if marks.get(SK[c]) in WILDS else c for c in table]
    tof = g["tile_of"]
    for t in tiles.values():
        if t["kind"] == "ccc" and t["seat"] == seat:
            return [-1]
    out = []
    for c in table:
        key = SK[c]
        tid = tof.get(key)
        if tid is not None and tiles[tid]["kind"] == "six":
            continue
        out.append(-(c + 2) if marks.get(key) in WILDS else c)
    return out


def hand_options(
    game: Game, state: State, seat: int, exclude: tuple[int, ...] = (), alternatives: bool = True
) -> list[list[Any]]:
    """Candidate declarations [cards, wild values, score] (see :meth:`hand_menu`)."""
    return [entry[1:] for entry in hand_menu(game, state, seat, exclude, alternatives)]


def hand_menu(
    game: Game, state: State, seat: int, exclude: tuple[int, ...] = (), alternatives: bool = True
) -> list[list[Any]]:
    """Candidate declarations [left-out card, cards, wild values, score]: the best hand holding the forced 3♣s
    (left-out card None), then (if asked) the best hand left when each non-forced real card of it is left out
    (BP-3.3: a lower hand may be declared). At most ALTERNATIVES alternatives are offered, to keep the number
    of options small."""
    if no_hand(game, state, seat):
        return []
    cards = [c for c in eligible(game, state, seat) if c not in exclude]
    forced = [c for c in forced_clubs(game, state, seat) if c in cards]
    best = _best(game, state, cards, forced)
    if best is None:
        return []
    out = [[None, *best]]
    if alternatives and not forced and len(cards) > 5:  # (with 5 cards, no lower hand is left without one)
        seen = {tuple(sorted(best[0]))}
        for c in best[0]:
            if c in forced or is_wild(game, state, c):
                continue
            alt = _best(game, state, [x for x in cards if x != c], forced)
            if alt is not None and tuple(sorted(alt[0])) not in seen:
                seen.add(tuple(sorted(alt[0])))
                out.append([c, *alt])
                if len(out) > ALTERNATIVES:
                    break
    return out


def _best(game: Game, state: State, cards: list[int], forced: list[int]) -> list[Any] | None:
    """The best declaration from ``cards`` holding every card of ``forced``: [cards, wild values, score].

    A search already made for the same cards (same ids, faces, wilds and forced cards) is not made again."""
    marks = state["marks"]
    wilds = [c for c in cards if marks.get(SK[c]) in WILDS]
    real = [c for c in cards if c not in wilds][:MAX_CARDS]
    if len(real) + len(wilds) < 5:
        return None
    names = state["cards"]
    values = [_VALUE[names[c]] for c in real]
    fvalues = [_VALUE[names[c]] for c in forced]
    key = (tuple(real), tuple(values), tuple(wilds), tuple(forced), tuple(fvalues))
    found = _BEST_MEMO.get(key, _MISSING)
    if found is _MISSING:
        found = _best_search(real, values, wilds, forced, fvalues)
        if len(_BEST_MEMO) >= _BEST_MEMO_LIMIT:
            _BEST_MEMO.clear()
        _BEST_MEMO[key] = found
    if found is None:
        return None
    return [list(found[0]), {k: list(v) for k, v in found[1].items()}, found[2]]


def _best_search(
    real: list[int],
    values: list[tuple[int, int]],
    wilds: list[int],
    forced: list[int],
    fvalues: list[tuple[int, int]],
) -> list[Any] | None:
    if not forced:
        found = declared_hand(values, len(wilds))
        if found is None:
            return None
        score, used_at, wild_values = found
        used = [real[i] for i in used_at] + wilds[: len(wild_values)]
        wv = {SK[w]: list(v) for w, v in zip(wilds, wild_values, strict=False)}
        return [used, wv, score]
    value_of = dict(zip(real, values, strict=True))
    value_of.update(zip(forced, fvalues, strict=True))
    rest = [c for c in real if c not in forced]
    need = 5 - len(forced)
    k = min(len(wilds), need)  # a wild is never worse than a real card in its place (BP-3.4)
    if len(rest) < need - k:
        return None
    # The first combination with the top score wins; best_score is the score best_hand would give, so only
    # the winner's cards and wild values are searched for.
    top_score = -1
    top_chosen: list[int] = []
    for combo in combinations(rest, need - k):
        chosen = forced + list(combo)
        score = best_score([value_of[c] for c in chosen], k)
        if score > top_score:
            top_score, top_chosen = score, chosen
    found = declared_hand([value_of[c] for c in top_chosen], k)
    if found is None:
        return None
    wv = {SK[w]: list(v) for w, v in zip(wilds, found[2], strict=False)}
    return [top_chosen + wilds[:k], wv, found[0]]


def _poker_value(state: State, cid: int) -> tuple[int, int]:
    f = FACES[state["cards"][cid]]
    return (f.rank, f.suit)


def score_of(game: Game, state: State, cards: list[int], wv: dict[str, list[int]]) -> int:
    values = [tuple(wv[SK[c]]) if SK[c] in wv else _poker_value(state, c) for c in cards]
    return score5(values)


def set_declaration(
    game: Game, state: State, seat: int, cards: list[int], wv: dict[str, Any], score: int
) -> None:
    g = state["g"]
    g["declared"][seat] = {"cards": list(cards), "wilds": {k: list(v) for k, v in wv.items()}, "score": score}
    g["declared_signature"][seat] = hand_signature(game, state, seat)
    w = {k: list(v) for k, v in wv.items()}
    game.log(state, {"t": "declare", "seat": seat, "cards": list(cards), "w": w, "cat": category_of(score)})


def hand_words(game: Game, state: State, cards: list[int], wv: dict[str, Any]) -> str:
    parts = []
    for c in cards:
        if SK[c] in wv:
            r, s = wv[SK[c]]
            parts.append("wild as " + value_name(r, s, False))
        else:
            parts.append(state["cards"][c])
    return ", ".join(parts)


def declared_score(game: Game, state: State, seat: int) -> int:
    d = state["g"]["declared"][seat]
    return -1 if d is None else d["score"]
