"""B-Poker: the heuristic agent's rules of thumb and the evaluation of a position, from what one seat sees.

Both read only the deciding seat's view (``turn.view``: every table with its marks and tiles, every declared hand,
the sizes of the stashes, the pot and the draw pile, the seat's own viewing hand, every cards-to-be-played and a
forced card waiting to arrive) and the typed options of the decision (``option.verb``, ``option.args``), never the
state. Hands are scored with the game's own evaluator (``hand_eval.best_score``), card powers with the public card
data. The rules of thumb are written out for players in RULES.md, "How the computer plays".
"""

from __future__ import annotations

import random
import re
from typing import Any

from ...core.heuristics import outcome, view_of
from .cards import FACES, POWER_OF
from .hand_eval import best_score, score5

_WILD_MARKS = frozenset(("wild", "wild_ne", "wild_seen", "wild_ne_seen"))
_NE_MARKS = frozenset(("ne", "wild_ne", "wild_ne_seen"))

_POWER_WORTH = {
    "1B": -1.5,  # the Joker goes to the pot and two stash cards with it (BP-12.7)
    "1R": 0.8,  # a card of an opponent's stash is played for you (BP-12.10)
    "1C": -3.0,  # part of your stash goes to the pot (BP-12.13)
    "1D": 2.0,  # half the pot, or so, comes to your stash (BP-12.15)
    "1H": 0.0,
    "1S": 0.0,
    "2S": 1.0,  # trades for the best card on an opponent's table (BP-13.1)
    "2H": 1.2,
    "2D": 1.2,
    "2C": 0.8,
    "3W": 1.0,  # becomes wild (BP-14.1): its hand value is counted as a wild's
    "3C": -0.5,  # binds every later declaration (BP-14.8)
    "4U": 0.5,  # a larger viewing hand (BP-15.1)
    "4C": -0.6,
    "4D": 0.3,
    "5": -0.3,  # a fee for everyone, you included, and a card tied to it (BP-16.11)
    "6": 0.6,  # the shaft: a card of your choice onto any table (BP-17.1)
    "7U": 2.0,  # per opponent: each pays you 2 (BP-18.1)
    "7C": -2.0,  # per opponent: you pay each 2 (BP-18.2)
    "7D": 4.0,  # per opponent: each pays you 4 (BP-18.3)
    "8": 0.4,  # it turns wild for a fee it lowers itself (BP-19.1, BP-19.6)
    "9U": 1.0,  # an opponent's card discarded (BP-20.1)
    "9D": 8.0,  # the hand won at once (BP-6.2)
    "9C": -1.0,  # the next player discards one of your cards (BP-20.9)
    "10H": -0.3,
    "10S": -1.5,  # your viewing hand goes to the pot (BP-21.3)
    "10C": -9.0,  # the hand lost without a no-effect card on your table (BP-21.7); see _power_worth
    "10D": 1.0,  # protected, and Magic (BP-21.12)
    "J": -0.6,  # your fees one larger (BP-22.6)
    "JC": -1.1,
    "QD": -0.5,  # the Q leaves your table for another (BP-23.1)
    "QH": -0.5,
    "QC": -0.6,
    "QS": -0.6,
    "KH": -0.3,  # a card of yours to the pot, one of each other table discarded (BP-24.1, BP-24.3)
    "KD": 0.8,  # one card of every opponent's table discarded (BP-24.8)
    "KS": -3.0,  # your own poker hand discarded (BP-24.10); see _power_worth
    "KC": -2.5,  # your table to the pot (BP-24.16); see _power_worth
    "AU": -0.4,  # your turn ends (BP-25.1)
    "AC": -0.4,
}
"""What a card's power is worth to the player on whose table it resolves, in about stash cards."""

_PER_OPPONENT = frozenset(("7U", "7C", "7D"))

_SIDE_VERBS = frozenset(("restore", "upright_six", "neutralize"))
"""Side options (BP-22.4, BP-26.51, BP-27.13) the heuristic never takes: they spend a card for little."""


# ----- what the seat sees -------------------------------------------------------------------------------------------


def _key(name: str | None) -> str | None:
    """The power of a card by its face (BP-2.4, BP-12.6): None for an unseen card."""
    if name is None:
        return None
    face = FACES[name]
    if face.suit < 0:
        return "1B"
    return POWER_OF[(face.rank, face.suit)]


class _Seen:
    """The parts of one seat's view the rules of thumb read, worked out once per decision."""

    __slots__ = ("view", "seat", "n", "pub", "zones", "tables", "six", "ccc", "declared", "dscore", "foes")

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.n = view["players"]
        pub = self.pub = view["public"]
        zones = self.zones = view["zones"]
        self.tables: list[list[list[Any]]] = [zones.get(f"table:{s}", []) for s in range(self.n)]
        six: set[int] = set()
        ccc: set[int] = set()
        for t in pub["tiles"]:
            if t["kind"] == "six":
                six.update(t["cards"])
            elif t["kind"] == "ccc":
                ccc.add(t["seat"])
        self.six = six
        self.ccc = ccc
        self.declared = pub["declared"]
        self.dscore: list[int] = []  # filled in by _seen
        self.foes = [s for s in range(self.n) if s != seat and pub["in_hand"][s]]

    def owner_of(self, cid: int) -> int | None:
        for s, table in enumerate(self.tables):
            for entry in table:
                if entry[0] == cid:
                    return s
        return None

    def entry(self, cid: int) -> list[Any] | None:
        for table in self.tables:
            for entry in table:
                if entry[0] == cid:
                    return entry
        return None

    def hand_value(self, s: int, without: frozenset[int] = frozenset(), extra: tuple[str, ...] = ()) -> float:
        """How good a poker hand seat ``s``'s table makes (without some cards, with some more)."""
        if s in self.ccc:
            return 0.0
        cards: list[tuple[int, int]] = []
        wilds = 0
        for entry in self.tables[s]:
            cid = entry[0]
            if cid in without or cid in self.six:
                continue
            mark = entry[2] if len(entry) > 2 else None
            if mark in _WILD_MARKS or entry[1] is None:
                wilds += 1
            else:
                face = FACES[entry[1]]
                cards.append((face.rank, face.suit))
        for name in extra:
            if _key(name) == "3W":
                wilds += 1
            else:
                face = FACES[name]
                cards.append((face.rank, face.suit))
        return _hand_value(cards, wilds)

    def best_foe_score(self) -> int:
        return max((self.dscore[s] for s in self.foes), default=-1)

    def stash(self, s: int) -> int:
        return len(self.zones.get(f"stash:{s}", ()))

    def pot(self) -> int:
        return len(self.zones.get("pot", ())) + len(self.zones.get("fpot", ()))


def _hand_value(cards: list[tuple[int, int]], wilds: int) -> float:
    """A complete hand: 2 + its category (+ a fraction for its ranks); fewer than five cards: what its groups
    promise, below any complete hand (BP-3.5)."""
    cards = cards[:15]
    if len(cards) + wilds >= 5:
        score = best_score(cards, wilds)
        return 2.0 + (score >> 20) + (score & 0xFFFFF) / (1 << 20)
    counts: dict[int, int] = {}
    for r, _s in cards:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.values(), reverse=True) + [0, 0]
    top = groups[0] + wilds
    promise = {0: 0.0, 1: 0.0, 2: 0.5, 3: 1.0, 4: 1.6}.get(top, 1.6)
    if groups[1] >= 2:
        promise += 0.3
    return promise + 0.25 * (len(cards) + wilds)


def _seen(turn_or_view: Any, seat: int) -> _Seen:
    view = view_of(turn_or_view)
    seen = _Seen(view, seat)
    names = {entry[0]: entry for table in seen.tables for entry in table}
    scores = []
    for d in seen.declared:
        if d is None:
            scores.append(-1)
            continue
        values = []
        for c in d["cards"]:
            w = d["wild"].get(str(c))
            if w is not None:
                values.append((w[0], w[1]))
            else:
                entry = names.get(c)
                name = entry[1] if entry is not None else None
                face = FACES[name] if name is not None else None
                values.append((face.rank, face.suit) if face is not None else (2, 0))
        scores.append(score5(values) if len(values) == 5 else -1)
    seen.dscore = scores
    return seen


# ----- what a card is worth ---------------------------------------------------------------------------------------


def _power_worth(seen: _Seen, owner: int, name: str | None) -> float:
    """What ``name``'s power is worth to the owner of the table it resolves on."""
    key = _key(name)
    if key is None:
        return 0.0
    worth = _POWER_WORTH.get(key, 0.0)
    if key in _PER_OPPONENT:
        worth *= max(1, sum(1 for s in range(seen.n) if s != owner and seen.pub["in_game"][s]))
    elif key == "10C":
        ne = any(len(e) > 2 and e[2] in _NE_MARKS for e in seen.tables[owner])
        worth = 0.3 if ne else -4.0 - seen.pot()
    elif key == "KS":
        worth = -3.0 if seen.declared[owner] is not None or len(seen.tables[owner]) >= 5 else 0.0
    elif key == "KC":
        worth = -0.6 * sum(1 for e in seen.tables[owner] if not (len(e) > 2 and e[2] in _NE_MARKS))
    elif key == "9D":
        worth = 4.0 + seen.pot()
    elif key == "1D":
        worth = seen.pot() / 2
    return worth


def _arrival_worth(seen: _Seen, owner: int, name: str | None) -> float:
    """What a card played onto ``owner``'s table is worth to that owner: its power and its place in the hand."""
    hand = 0.0
    if name is not None:
        hand = seen.hand_value(owner, extra=(name,)) - seen.hand_value(owner)
    return _power_worth(seen, owner, name) + 1.5 * hand


def _for_me(seen: _Seen, owner: int, worth: float) -> float:
    """A change worth ``worth`` to ``owner``, as it matters to the deciding seat."""
    return worth if owner == seen.seat else -worth


def _unit_worth(seen: _Seen, owner: int, cid: int) -> float:
    """What a card (or a tile, by its first card) on ``owner``'s table is worth to its owner where it lies: its
    share of the hand, more if it holds the declared hand together (BP-3.3)."""
    cids = frozenset(_tile_cards(seen, cid))
    worth = 1.5 * (seen.hand_value(owner) - seen.hand_value(owner, without=cids))
    d = seen.declared[owner]
    if d is not None and not cids.isdisjoint(d["cards"]):
        worth += 1.0
        if owner != seen.seat and seen.dscore[owner] >= _my_best_score(seen):
            worth += 4.0  # the leader's hand falls apart before its win check (BP-6.1)
    for c in cids:
        entry = seen.entry(c)
        if entry is not None and not (len(entry) > 2 and entry[2] in _NE_MARKS):
            key = _key(entry[1])
            if key in ("7U", "7D", "10D", "8", "4U", "4D"):
                worth += 0.3
            elif key in ("J", "JC", "4C"):
                worth -= 0.3
    for t in seen.pub["tiles"]:
        if t["cards"][0] == cid and t["kind"] in ("bh", "six"):
            worth += 3.0
        elif t["cards"][0] == cid and t["kind"] in ("wh", "ccc"):
            worth -= 3.0
    return worth


def _tile_cards(seen: _Seen, cid: int) -> list[int]:
    for t in seen.pub["tiles"]:
        if t["cards"][0] == cid:
            return list(t["cards"])
    return [cid]


def _my_best_score(seen: _Seen) -> int:
    return seen.dscore[seen.seat]


# ----- choosing -----------------------------------------------------------------------------------------------------


def _best(options: list[Any], score: Any, floor: float | None = None) -> Any | None:
    """The option with the highest score (the first on ties), or None when none beats ``floor``."""
    best, top = None, float("-inf")
    for o in options:
        s = score(o)
        if s > top:
            best, top = o, s
    if best is None or (floor is not None and top <= floor):
        return None
    return best


def _play(seen: _Seen, options: list[Any]) -> str:
    """The play step (BP-5.6, BP-5.8): declare the best hand, play the card worth most, end the turn when nothing
    left is worth playing; a good set first."""
    by_verb: dict[str, list[Any]] = {}
    for o in options:
        by_verb.setdefault(o.verb, []).append(o)
    if "declare" in by_verb:
        return by_verb["declare"][0].id
    me = seen.seat
    hand = [o.args[0] for o in by_verb.get("play", []) + by_verb.get("add_to_set", [])]
    target = _good_set(hand)
    if target is not None and by_verb.get("add_to_set"):
        for o in by_verb["add_to_set"]:
            if o.args[0] == target[0]:
                return o.id
    six = by_verb.get("turn_six")
    if six and _best_force(seen, me, [n for n in hand if n]) > 1.0:
        return six[0].id
    plays = by_verb.get("play", []) + by_verb.get("play_to_be_played", [])
    pick = _best(plays, lambda o: _arrival_worth(seen, me, o.args[0]))
    stop = by_verb.get("end_turn") or by_verb.get("pass")
    if pick is not None and (stop is None or _arrival_worth(seen, me, pick.args[0]) > -0.05):
        return pick.id
    if stop is not None:
        return stop[0].id
    rest = [o for o in options if o.verb not in _SIDE_VERBS and o.verb != "scrap"]
    return (rest or options)[0].id


def _good_set(hand: list[str]) -> list[str] | None:
    """A set worth playing as one play: the Black Hole (BP-26.57) or the 6+6+6 (BP-26.39 .. BP-26.48)."""
    if hand.count("7♥") >= 2:
        return ["7♥", "7♥"]
    sixes = [n for n in hand if n.startswith("6")]
    if len(sixes) >= 3:
        return sixes[:3]
    return None


def _set(seen: _Seen, options: list[Any]) -> str:
    """The next card of the set chosen (BP-5.6): the set's cards, then play it."""
    for o in options:
        if o.verb == "play_set":
            return o.id
    hand = [o.args[0] for o in options if o.verb == "add_to_set"]
    for o in options:
        if o.verb == "add_to_set" and (o.args[0] in ("7♥",) or o.args[0].startswith("6")):
            return o.id
    return options[0].id if hand else options[0].id


def _best_force(seen: _Seen, forcer: int, names: list[str]) -> float:
    """The most a shaft could do with these cards: onto the table where it helps the forcer most."""
    best = float("-inf")
    for name in names:
        for s in range(seen.n):
            if seen.pub["in_hand"][s]:
                best = max(best, _for_me(seen, s, _arrival_worth(seen, s, name)))
    return best


def _discard(seen: _Seen, options: list[Any]) -> str:
    """Discarding down (BP-5.10): keep the cards worth most, discard the least."""
    me = seen.seat
    return min(options, key=lambda o: _arrival_worth(seen, me, o.args[0])).id


def _table_card(seen: _Seen, options: list[Any]) -> str:
    """A card picked on a table (discards, trades, passes, payments): hurt an opponent's hand most, or give up the
    card of one's own table worth least."""

    def score(o: Any) -> float:
        cid = o.args[0]
        owner = seen.owner_of(cid)
        if owner is None:
            return 0.0
        worth = _unit_worth(seen, owner, cid)
        if o.verb in ("trade", "trade_two"):  # the card comes to my table (BP-13.1)
            entry = seen.entry(cid)
            name = entry[1] if entry is not None else None
            return worth + 1.5 * (
                seen.hand_value(seen.seat, extra=(name,) if name else ()) - seen.hand_value(seen.seat)
            )
        if o.verb in ("pass_card", "force_card"):  # the receiver plays it (BP-23.7, BP-21.4)
            entry = seen.entry(cid)
            name = entry[1] if entry is not None else None
            target = _next_foe(seen)
            return -worth - _arrival_worth(seen, target, name) if owner == seen.seat else 0.0
        return _for_me(seen, owner, -worth)

    choices = [o for o in options if o.args and isinstance(o.args[0], int) and o.verb not in _SIDE_VERBS]
    pick = _best(choices, score)
    decline = next((o for o in options if o.verb in ("decline", "keep")), None)
    if decline is not None and (pick is None or score(pick) <= 0.0):
        return decline.id
    return (pick or options[0]).id


def _next_foe(seen: _Seen) -> int:
    return seen.foes[0] if seen.foes else seen.seat


def _shaft(seen: _Seen, options: list[Any]) -> str:
    """The shaft (BP-17.1): the card and table where it helps most (a 10♣, K♠ or 7♣ onto the leader, a 7♥ on
    one's own table)."""

    def score(o: Any) -> float:
        name, s = o.args
        return _for_me(seen, s, _arrival_worth(seen, s, name)) + (0.3 if s == seen.seat else 0.0)

    forces = [o for o in options if o.verb == "force"]
    pick = _best(forces, score)
    decline = next((o for o in options if o.verb == "decline"), None)
    if decline is not None and (pick is None or score(pick) <= 0.0):
        return decline.id
    return (pick or options[0]).id


def _leader(seen: _Seen) -> int:
    """The opponent closest to winning: the best declared hand, then the largest stash."""
    return max(seen.foes or [seen.seat], key=lambda s: (seen.dscore[s], seen.stash(s), -s))


def _seat_choice(seen: _Seen, options: list[Any]) -> str:
    """A choice of a player (BP-12.10, BP-21.4, BP-26.61, ...): the leader, never oneself, unless swapping helps."""
    me = seen.seat
    verb = options[0].verb
    if verb == "swap_tables":  # 9♦+10♣: only onto a table and stash better than one's own (BP-26.62)

        def gain(o: Any) -> float:
            s = o.args[0]
            return seen.hand_value(s) - seen.hand_value(me) + (seen.stash(s) - seen.stash(me)) / 3

        return max(options, key=gain).id
    if verb == "take_random_from":
        others = [o for o in options if o.args[0] != me]
        if others:
            return max(others, key=lambda o: (seen.stash(o.args[0]), -o.args[0])).id
    leader = _leader(seen)
    for o in options:
        if o.args and o.args[0] == leader:
            return o.id
    others = [o for o in options if o.args and o.args[0] != me]
    return (others or options)[0].id


def _react(seen: _Seen, options: list[Any]) -> str:
    """A card forced onto one's table (BP-8.2): let a good one arrive; send a bad one back or on, or stop it."""
    limbo = seen.zones.get("limbo") or []
    name = limbo[-1][1] if limbo and isinstance(limbo[-1], list) else None
    worth = _arrival_worth(seen, seen.seat, name)
    by_verb = {o.verb: o for o in options}
    if worth > -1.5 or "let_it_arrive" not in by_verb:
        return by_verb.get("let_it_arrive", options[0]).id
    for verb in ("reflect", "tunnel", "magic_no_effect"):
        if verb in by_verb:
            if verb == "tunnel":
                return _seat_choice(seen, [o for o in options if o.verb == "tunnel"])
            return by_verb[verb].id
    return by_verb["let_it_arrive"].id


def _numbers(label: str) -> int:
    found = re.findall(r"\d+", label)
    return int(found[-1]) if found else 0


def _fixed(kind: str, seen: _Seen, options: list[Any], prompt: str) -> str | None:
    """Decisions with one sensible answer."""
    by_verb = {o.verb: o for o in options}
    if "declare_best" in by_verb:  # BP-3.2: the best hand
        return by_verb["declare_best"].id
    if "name_higher" in by_verb:  # BP-24.12: the forcer makes the higher hand go
        return by_verb["name_higher"].id
    for verb in ("let_it_happen", "let_them_pick", "keep"):
        if verb in by_verb and kind in ("magic", "bundle", "control_five", "swap"):
            return by_verb[verb].id
    if kind == "eight":  # BP-19.1, BP-19.6: the 1-card fee, which the 8 itself lowers, makes it wild
        fees = {o.args[0]: o for o in options if o.verb == "pay_eight_fee"}
        for base in (1, 2, 0):
            if base in fees:
                return fees[base].id
    if kind == "joker_suit":  # BP-16.18: a black 2 in effect is best a 2♠ (a trade, BP-13.1)
        return options[-1].id
    if kind == "split":  # BP-8.4: even piles give the taker least
        sizes = [o for o in options if o.verb == "split"]
        if sizes:
            most = max(o.args[0] for o in sizes) + 1
            return min(sizes, key=lambda o: (abs(2 * o.args[0] - most), o.args[0])).id
    if kind == "pile":  # BP-12.13, BP-12.15: the small pile into the pot, the big one into the stash
        piles = [o for o in options if o.verb == "pick_pile"]
        if piles:
            into_pot = "pot" in prompt
            pick = min if into_pot else max
            return pick(piles, key=lambda o: _numbers(o.label)).id
    if kind == "ring_pile":
        piles = [o for o in options if o.verb == "take_pile"]
        if piles:
            return max(piles, key=lambda o: o.args[0]).id
    return None


def choose(turn: Any, rng: random.Random) -> str:
    """The heuristic's option id for ``turn`` (anything with ``seat``, ``decision`` and ``view``)."""
    decision = turn.decision
    options = list(decision.options)
    if len(options) == 1:
        return options[0].id
    seen = _seen(turn.view, turn.seat)
    kind = decision.kind
    verbs = {o.verb for o in options}
    if "declare" in verbs and kind != "play":  # BP-3.2: a better hand is declared at once
        return next(o.id for o in options if o.verb == "declare")
    fixed = _fixed(kind, seen, options, decision.prompt)
    if fixed is not None:
        return fixed
    main = [o for o in options if o.verb not in _SIDE_VERBS] or options
    if kind in ("play", "ctbp", "follow"):
        return _play(seen, main) if kind == "play" else _pick_card(seen, main)
    if kind == "set":
        return _set(seen, main)
    if kind == "discard":
        return _discard(seen, main)
    if kind in ("shaft", "force") and any(o.verb == "force" for o in main):
        return _shaft(seen, main)
    if kind == "react":
        return _react(seen, main)
    if verbs & {"swap_tables", "take_random_from", "force_onto", "swap_hands", "trade_hands", "tunnel"}:
        return _seat_or_decline(seen, main)
    if any(o.args and isinstance(o.args[0], int) for o in main):
        return _table_card(seen, main)
    return main[rng.randrange(len(main))].id


def _pick_card(seen: _Seen, options: list[Any]) -> str:
    """A card to play now (cards-to-be-played, BP-5.9; a 5's follow-up, BP-16.2): the one worth most."""
    me = seen.seat
    cards = [o for o in options if o.args and isinstance(o.args[0], str)]
    pick = _best(cards, lambda o: _arrival_worth(seen, me, o.args[0]))
    return (pick or options[0]).id


def _seat_or_decline(seen: _Seen, options: list[Any]) -> str:
    """A choice of a player, or declining it where swapping hands or tables would not help."""
    me = seen.seat
    verbs = {o.verb for o in options}
    decline = next((o for o in options if o.verb in ("decline", "keep")), None)
    if "trade_hands" in verbs:  # BP-13.14: trade poker hands only with a clearly better one, for a 3-card fee
        mine = seen.dscore[me]
        better = [
            o
            for o in options
            if o.verb == "trade_hands" and (seen.dscore[o.args[0]] >> 20) > (mine >> 20) + 1
        ]
        if better:
            return max(better, key=lambda o: seen.dscore[o.args[0]]).id
        others = [o for o in options if o.verb != "trade_hands"]
        return _table_card(seen, others) if others else options[0].id
    if "swap_hands" in verbs and decline is not None:
        return decline.id
    seats = [o for o in options if o.verb in ("swap_tables", "take_random_from", "force_onto", "tunnel")]
    if seats:
        return _seat_choice(seen, seats)
    return (decline or options[0]).id


# ----- the evaluation ---------------------------------------------------------------------------------------------


def evaluate(turn_or_view: Any, seat: int) -> float:
    """``seat``'s estimated chance to win, in [0, 1], from its view: its share of the cards in stashes, with the
    pot counted for the players whose declared hands lead (BP-4.5, BP-4.8)."""
    view = view_of(turn_or_view)
    done = outcome(view, seat)
    if done is not None:
        return done
    seen = _seen(view, seat)
    pub = seen.pub
    if not pub["in_game"][seat]:
        return 0.0
    live = [s for s in range(seen.n) if pub["in_game"][s]]
    top = max((seen.dscore[s] for s in live if pub["in_hand"][s]), default=-1)
    weight = {}
    for s in live:
        w = 0.0
        if pub["in_hand"][s]:
            w = 0.3 + (0.3 * seen.hand_value(s) if seen.dscore[s] < 0 else 1.0)
            if seen.dscore[s] >= 0 and seen.dscore[s] == top:
                w += 3.0
        weight[s] = w
    total_w = sum(weight.values()) or 1.0
    pot = seen.pot()
    material = {s: seen.stash(s) + 0.7 * pot * weight[s] / total_w + 1.0 for s in live}
    power = {s: material[s] ** 2 for s in live}
    return power[seat] / sum(power.values())
