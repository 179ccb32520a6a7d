"""Property tests (Hypothesis) of the pure pieces of the B-Poker rules, each against a small reference written from the
rule text rather than from the engine:

- fee arithmetic (BP-7.3, BP-19.5, BP-22.6 .. BP-22.8, BP-26.77 .. BP-26.79);
- cannibalizing when the stash is short (BP-7.4, BP-10.20);
- optional fees offered only when the whole fee is affordable (BP-10.5);
- pair and set legality (section 26), both for a group of faces and for what a viewing hand may play;
- the declaration search's reading of the evaluator (``base.declared_hand`` against ``hand_eval.best_hand``).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.bpoker_helpers import args_of, deciding, names, play, pos, sets_offered, verbs
from tests.support.scenario import ids

from cardsmith.core import apply, get_game, option_id
from cardsmith.games.bpoker.cards import DECK, FACES, JOKER
from cardsmith.games.bpoker.declare import declared_hand
from cardsmith.games.bpoker.groups import pair_key
from cardsmith.games.bpoker.hand_eval import best_hand
from cardsmith.games.bpoker.table import fee_size, tile_of

G = get_game("bpoker")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAIN = ["2♣", "3♦", "9♥", "K♦", "Q♥", "6♦", "A♠", "10♥"]  # cards with no continuous effect on fees
JACKS = ["J♥", "J♠", "J♦"]


# ----- fee arithmetic (BP-7.3) ---------------------------------------------------------------------------------------


def reference_fee(base: int, table: list[tuple[str, str | None]], jjj_tiles: list[list[str]]) -> int:
    """BP-7.3: base, plus each J (+1) and J♣ (+2), minus each 8, counting only the payer's untiled face-up cards that
    are not no-effect (BP-22.8, BP-10.9, BP-10.28, BP-10.14); floored at 0; then x2 for every J+J+J tile anywhere
    whose Js are not all of one suit and x3 for every one-suit J+J+J (BP-26.77 .. BP-26.79)."""
    size = base
    for name, mark in table:
        if mark is not None:
            continue
        if name == "J♣":
            size += 2
        elif name in JACKS:
            size += 1
        elif name.startswith("8"):
            size -= 1
    size = max(0, size)
    for jacks in jjj_tiles:
        size *= 3 if len({name[-1] for name in jacks}) == 1 else 2
    return size


fee_card = st.tuples(
    st.sampled_from(["J♣", "J♥", "J♠", "J♦", "8♣", "8♦", "8♥", "8♠", "2♣", "K♦"]),
    st.sampled_from([None, None, None, "ne", "wild"]),
)
jjj_tile = st.lists(st.sampled_from(["J♥", "J♠", "J♦", "J♣"]), min_size=3, max_size=3)


@SETTINGS
@given(
    base=st.integers(0, 4),
    table=st.lists(fee_card, max_size=7),
    jjj=st.lists(st.tuples(jjj_tile, st.integers(0, 1)), max_size=2),
    tiled_jack=st.booleans(),
)
def test_BP_7_3_BP_19_5_BP_22_8_BP_26_78_fee_size_matches_the_rule(base, table, jjj, tiled_jack):
    zones: dict[str, list[str]] = {"view:0": ["2♦"], "table:0": [n for n, _ in table], "table:1": []}
    marks: dict[str, dict[str, str]] = {"table:0": {}}
    setup: dict = {"tiles": []}
    for name, mark in table:
        if mark is not None:
            marks["table:0"].setdefault(name, [])
            marks["table:0"][name].append(mark)
    for jacks, seat in jjj:
        zones[f"table:{seat}"] = jacks + zones[f"table:{seat}"]  # tiled cards first: the scenario tiles them
        setup["tiles"].append({"kind": "jjj", "zone": f"table:{seat}", "cards": jacks})
    if tiled_jack:  # a J inside a 5-tile adds nothing: the tile acts as its card-in-effect (here a 10♥)
        zones["table:0"] = ["5♥", "J♥"] + zones["table:0"]
        setup["tiles"].append({"kind": "five", "zone": "table:0", "cards": ["5♥", "J♥"]})
    # every marked copy is the first copies of its name on the table (the scenario marks by name, in order)
    ordered: list[tuple[str, str | None]] = []
    seen: Counter[str] = Counter()
    for name, _mark in table:
        listed = marks["table:0"].get(name, [])
        ordered.append((name, listed[seen[name]] if seen[name] < len(listed) else None))
        seen[name] += 1
    setup["marks"] = {"table:0": {}}
    state = _with_marks(zones, setup, marks["table:0"])
    want = reference_fee(base, ordered, [jacks for jacks, _ in jjj])
    assert fee_size(G, state, 0, base) == want


def _with_marks(zones: dict, setup: dict, marks: dict[str, list[str]]) -> dict:
    """Build the position, then mark the first untiled copies of each name on P1's table (as many as listed)."""
    setup = dict(setup)
    setup.pop("marks", None)
    state = pos(zones, setup)
    for name, kinds in marks.items():
        free = [
            c for c in state["zones"]["table:0"] if state["cards"][c] == name and tile_of(state, c) is None
        ]
        for card, kind in zip(free, kinds, strict=False):
            state["marks"][str(card)] = kind
    return state


# ----- cannibalizing (BP-7.4) ----------------------------------------------------------------------------------------


@SETTINGS
@given(seven=st.sampled_from(["7♥", "7♦"]), stash=st.integers(0, 5), table=st.integers(0, 5))
def test_BP_7_4_BP_10_20_short_stash_pays_the_rest_from_the_table_then_is_forgiven(seven, stash, table):
    fee = 2 if seven == "7♥" else 4  # BP-18.1, BP-18.3; nothing on P2's table changes it
    state = pos(
        {
            "view:0": [seven, "2♠"],
            "stash:1": (PLAIN * 2)[:stash],
            "table:1": (PLAIN * 2)[:table],
            "stash:0": [],
        }
    )
    play(state, seven)
    while deciding(state) == (1, "cannibalize"):  # P2 picks which table card to give, one at a time
        apply(state, ids(state)[-1])
    from_stash = min(stash, fee)
    from_table = min(table, fee - from_stash)
    assert len(state["zones"]["stash:1"]) == stash - from_stash
    assert len(state["zones"]["table:1"]) == table - from_table
    assert len(state["zones"]["stash:0"]) == from_stash + from_table  # the rest is forgiven
    assert deciding(state) == (0, "play")


# ----- optional fees (BP-10.5) ---------------------------------------------------------------------------------------


@SETTINGS
@given(
    stash=st.integers(0, 6),
    extra=st.lists(st.sampled_from(["J♣", "J♥", "8♦", "2♣", "K♦"]), max_size=4),
    jjj=st.booleans(),
)
def test_BP_10_5_BP_19_1_BP_19_6_optional_eight_fees_only_when_affordable(stash, extra, jjj):
    zones = {"view:0": ["8♣", "2♠"], "table:0": list(extra), "stash:0": (PLAIN * 2)[:stash]}
    setup: dict = {}
    if jjj:
        zones["table:1"] = ["J♠", "J♠", "J♦"]
        setup["tiles"] = [{"kind": "jjj", "zone": "table:1", "cards": ["J♠", "J♠", "J♦"]}]
    state = pos(zones, setup)
    play(state, "8♣")
    assert deciding(state) == (0, "eight")
    table = [(n, None) for n in [*extra, "8♣"]]  # the 8 being resolved lowers its own fee (BP-19.6)
    one = reference_fee(1, table, [["J♠", "J♠", "J♦"]] if jjj else [])
    two = reference_fee(2, table, [["J♠", "J♠", "J♦"]] if jjj else [])
    offered = [base for (base,) in args_of(state, "pay_eight_fee")]
    assert 0 in offered  # paying nothing is always possible
    assert (1 in offered) == (stash >= one) and (2 in offered) == (stash >= two)
    if 2 in offered:
        apply(state, option_id("pay_eight_fee", 2))
        assert len(state["zones"]["stash:0"]) == stash - two  # paid whole, never by cannibalizing


@SETTINGS
@given(stash=st.integers(0, 5), jacks=st.integers(0, 2))
def test_BP_10_5_BP_15_4_four_of_diamonds_replay_offered_only_with_the_whole_fee(stash, jacks):
    state = pos({"view:0": ["4♦", "2♠"], "table:0": ["7♥"] + ["J♥"] * jacks, "stash:0": (PLAIN * 2)[:stash]})
    play(state, "4♦")
    fee = reference_fee(3, [("J♥", None)] * jacks, [])
    if stash >= fee:
        assert deciding(state) == (0, "replay")
        act_ids = [v for v in verbs(state) if v == "replay"]
        assert act_ids and "decline" in ids(state)
    else:
        assert deciding(state) == (0, "play") and len(state["zones"]["stash:0"]) == stash


# ----- pair and set legality (section 26) ----------------------------------------------------------------------------


def reference_pair(group: list[str]) -> str | None:
    """Section 26 read directly: which entry a group of faces forms (BP-26.1, BP-26.11, BP-26.12)."""
    n = len(group)
    count = Counter(group)
    ranks = [FACES[x].rank for x in group]
    suits = [FACES[x].suit for x in group]
    if n < 2:
        return None
    if n == 3 and count[JOKER] == 2 and any(r == 7 for r in ranks):
        return "jj7"  # BP-26.15; more specific than a Jokers set (BP-26.12)
    if count[JOKER] == n:
        return "jokers"  # BP-26.13
    if n == 2:
        if sorted(group) == sorted(["2♥", "2♦"]):
            return "2h2d"
        if group == ["3♣", "3♣"]:
            return "3c3c"
        if group == ["4♦", "4♦"]:
            return "4d4d"  # never a 4+4 (BP-26.12)
        if ranks == [4, 4]:
            return "44"
        if group == ["7♥", "7♥"]:
            return "bh"
        if group == ["7♣", "7♣"]:
            return "wh"
        if sorted(group) == sorted(["9♦", "10♣"]):
            return "9d10c"
        if "10♦" in group:
            return "lock"  # a 10♦ with any one other card (BP-26.67)
        if ranks == [11, 11]:
            return "jj"
        if ranks == [12, 12] and suits[0] == suits[1]:
            return "qq"
        if group == ["K♣", "K♣"]:
            return "kckc"
        if ranks == [14, 14]:
            return "aa"
        return None
    if n == 3:
        if group == ["4♦"] * 3:
            return "4d4d4d"
        if ranks == [6, 6, 6]:
            return "666"
        if ranks == [11, 11, 11]:
            return "jjj"
        fives = [x for x in group if FACES[x].rank == 5]
        if len(fives) == 2 and FACES[fives[0]].suit == FACES[fives[1]].suit:
            return "55x"  # the third card is anything but a 5 (BP-26.35)
    return None


FACE_NAMES = sorted(set(DECK))
LIKELY = ["Joker", "7♣", "7♥", "4♦", "4♠", "5♥", "6♣", "6♦", "J♠", "J♦", "Q♦", "K♣", "A♠", "10♦", "9♦", "10♣"]
face = st.one_of(st.sampled_from(FACE_NAMES), st.sampled_from(LIKELY), st.sampled_from(LIKELY))


@settings(max_examples=400, deadline=None)
@given(st.lists(face, min_size=1, max_size=4))
def test_BP_26_1_BP_26_11_BP_26_12_pair_key_matches_section_26(group):
    assert pair_key(sorted(group)) == reference_pair(sorted(group))
    assert pair_key(group) == pair_key(list(reversed(group)))  # recognised by faces, in any order


@SETTINGS
@given(st.lists(face, min_size=0, max_size=7))
def test_BP_26_2_BP_26_13_viewing_hand_offers_exactly_the_legal_groups(hand):
    state = pos({"view:0": hand or ["2♦"], "view:1": ["3♦"]})
    held = [state["cards"][c] for c in state["zones"]["view:0"]]
    offered = Counter()
    for group in sets_offered(state):  # chosen card by card; every decision on the way has distinct options
        assert Counter(group) <= Counter(held)  # every card of it from the viewing hand
        offered[tuple(group)] += 1
    want = set()
    for size in (2, 3):
        for combo in combinations(held, size):
            if reference_pair(sorted(combo)) is not None:
                want.add(tuple(sorted(combo)))
    jokers = held.count(JOKER)
    for size in range(4, jokers + 1):
        want.add((JOKER,) * size)
    assert set(offered) == want and all(v == 1 for v in offered.values())  # each group once, by faces


# ----- the declaration search reads the evaluator exactly (base.declared_hand) --------------------------------------

value = st.one_of(st.just((1, -1)), st.tuples(st.integers(2, 14), st.integers(0, 3)))
narrow = st.tuples(st.sampled_from([1, 5, 9, 13, 14]), st.sampled_from([0, 2])).map(
    lambda v: (1, -1) if v[0] == 1 else v
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(value, narrow), max_size=12), st.integers(0, 6))
def test_BP_3_3_BP_3_4_declared_hand_is_the_evaluators_best_hand(values, wilds):
    bh = best_hand(values, wilds)
    expected = None if bh is None else (bh.score, list(bh.used), list(bh.wild_values))
    assert declared_hand(values, wilds) == expected


def test_BP_3_3_declaring_offers_the_best_hand_first():
    state = pos({"view:0": ["2♠"], "table:0": ["K♠", "K♥", "9♣", "4♦", "3♠", "K♦", "9♦"]})
    apply(state, "declare")
    assert deciding(state) == (0, "declare")
    first = state["pending"]["options"][0][1]
    assert first.startswith("Declare best: ") and sorted(
        first[len("Declare best: ") :].split(", ")
    ) == sorted(["K♠", "K♥", "K♦", "9♣", "9♦"])
    assert names(state, "table:0")[0] == "K♠"


# ----- the move primitive: a batch of moves is exactly the moves one by one (BP-1.7) ---------------------------------


@SETTINGS
@given(
    cards=st.lists(st.sampled_from(PLAIN), min_size=0, max_size=6),
    sideways=st.lists(st.booleans(), min_size=6, max_size=6),
    dst=st.sampled_from(["pot", "discard", "stash:1", "view:0", "table:1", "ctbp:0"]),
    take=st.integers(0, 6),
)
def test_BP_1_7_move_all_is_the_single_moves_in_turn(cards, sideways, dst, take):
    from cardsmith.core import clone

    state = pos({"stash:0": cards or ["2♣"], "view:0": ["2♦"]})
    stash = state["zones"]["stash:0"]
    for card, side in zip(list(stash), sideways, strict=False):
        if side:
            state["marks"][str(card)] = "side"
    one_by_one = clone(state)
    # a clone shares the ended step's events; these moves are made outside a step, so each copy records its own
    one_by_one["events"] = state["events"][:]
    moving = list(reversed(stash))[:take]
    G.move_all(state, moving, "stash:0", dst, cause="test")
    for card in moving:
        G.move(one_by_one, card, "stash:0", dst, cause="test")
    assert state == one_by_one
    assert len([e for e in state["events"] if e["t"] == "move"]) == len(moving)
