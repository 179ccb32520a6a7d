"""Hands (section 4 of the rules) and f_poker (section 9): antes, drawing, the end of a hand, scrapping."""

from __future__ import annotations

from typing import Any

from ....core import rng
from ....core.game import Game
from ....core.state import State
from ..declare import declared_score
from ..table import (
    CTBP,
    SK,
    STASH,
    TABLE,
    VIEW,
    fee_size,
    forget_tile,
    in_hand,
    next_seat,
    off_table,
    order_from,
    pay_from_stash,
    pot_zone,
    step_seat,
    tile_of,
    undeclare,
    unit_off_table,
    units,
    view_size,
)
from .stack import set_phase


def check_caps(game: Game, state: State) -> None:
    """The safety caps (options hand_decision_cap, hand_turn_cap): the hand ends by exhaustion."""
    g = state["g"]
    opts = state["options"]
    if g["hand_decisions"] >= opts["hand_decision_cap"] or g["hand_turns"] > opts["hand_turn_cap"]:
        end_hand(game, state, _exhaustion_winner(game, state), "exhausted")


def hand_start(game: Game, state: State) -> bool:
    """BP-4.2, BP-4.3: antes (a fee, no cannibalizing), then every player draws."""
    g = state["g"]
    n = state["players"]
    g["in_hand"] = list(g["in_game"])
    first = g["first"]
    for s in range(n):
        fee = fee_size(game, state, s, 1)
        if len(state["zones"][STASH[s]]) < fee:
            g["in_game"][s] = False
            g["in_hand"][s] = False
            game.log(state, {"t": "out", "seat": s})
    alive = [s for s in range(n) if g["in_game"][s]]
    if len(alive) <= 1:
        game.finish(state, alive, "last player left in the game" if alive else "no player can ante")
        return True
    if not g["in_game"][first]:
        first = step_seat(state, first, g["direction"])
        g["first"] = first
    game.log(state, {"t": "hand", "n": g["hands_played"] + 1, "first": first})
    for s in _seats_from(game, state, first):
        pay_from_stash(game, state, s, fee_size(game, state, s, 1), "pot", "ante")
    for s in _seats_from(game, state, first):
        draw_to_size(game, state, s)
    g["active"] = first
    set_phase(state, "tbegin")
    return False


def _seats_from(game: Game, state: State, seat: int) -> list[int]:
    """Players in the hand starting with ``seat`` itself, in the direction of play."""
    g = state["g"]
    n = state["players"]
    return [
        (seat + g["direction"] * i) % n for i in range(n) if g["in_hand"][(seat + g["direction"] * i) % n]
    ]


def reshuffle(game: Game, state: State) -> None:
    """BP-4.7: the discard is shuffled into the draw pile."""
    z = state["zones"]
    game.move_all(state, z["discard"], "discard", "draw", cause="reshuffle")
    rng.shuffle(state, z["draw"])
    game.log(state, {"t": "shuffle"})


def draw_to_size(game: Game, state: State, seat: int) -> None:
    """BP-5.4: draw until the viewing hand holds the correct number (or nothing is left to draw)."""
    _draw_up_to(game, state, seat, view_size(game, state, seat))


def _draw_up_to(game: Game, state: State, seat: int, size: int) -> None:
    """BP-5.4: draw the top card of the draw pile, one by one, until the viewing hand holds ``size`` cards; an
    empty draw pile is refilled from the shuffled discard (BP-4.7), and with both empty the drawing stops."""
    zones = state["zones"]
    hand = zones[VIEW[seat]]
    draw = zones["draw"]
    while len(hand) < size:
        if not draw:
            if not zones["discard"]:
                return
            reshuffle(game, state)
        k = min(size - len(hand), len(draw))
        game.move_all(state, draw[: -k - 1 : -1], "draw", VIEW[seat], cause="draw")


def _exhaustion_winner(game: Game, state: State) -> int | None:
    """The safety caps (options hand_decision_cap, hand_turn_cap): a strictly best declared hand wins."""
    best = -1
    winner = None
    for s in in_hand(state):
        sc = declared_score(game, state, s)
        if sc > best:
            best, winner = sc, s
        elif sc == best:
            winner = None
    return winner if best >= 0 else None


def end_hand(game: Game, state: State, winner: int | None, reason: str) -> None:
    """BP-4.4 .. BP-4.7 (and BP-9.3 for an f_poker hand): pot to the winner, scrap everything, next hand."""
    g = state["g"]
    del state["flow"][1:]
    depth = g["depth"]
    pot = pot_zone(depth)
    game.log(state, {"t": "hand_won", "seat": winner, "reason": reason, "depth": depth})
    zones = state["zones"]
    if winner is not None:
        game.move_all(state, zones[pot], pot, STASH[winner], cause="pot_won")  # BP-4.5
    elif depth > 0:
        game.move_all(state, zones[pot], pot, pot_zone(depth - 1), cause="pot_carried")
    for s in range(state["players"]):
        scrap(game, state, s, whole=True)
        game.move_all(state, zones[VIEW[s]], VIEW[s], "discard", cause="scrap")
        game.move_all(state, zones[CTBP[s]], CTBP[s], "discard", cause="scrap")
        g["declared"][s] = None
        g["declared_signature"][s] = None
    for c in list(state["zones"]["limbo"]):
        forget_tile(game, state, c)
        game.move(state, c, "limbo", "discard", cause="scrap")
    g["j_next"] = False
    g["ring"] = None
    g["control"] = {}
    g["skip"] = []
    g["chosen"] = []
    g["named"] = {}
    if depth > 0:
        end_fpoker(game, state, winner)
        return
    g["hands_played"] += 1
    opts = state["options"]
    limit = opts["max_hands"] if opts["max_hands"] is not None else opts["hands_cap"]
    if g["hands_played"] >= limit:
        sizes = [len(state["zones"][STASH[s]]) if g["in_game"][s] else -1 for s in range(state["players"])]
        top = max(sizes)
        winners = [s for s in range(state["players"]) if sizes[s] == top]
        game.finish(state, winners, f"hand limit reached: the largest stash wins ({top} cards)", draw=False)
        return
    reshuffle(game, state)
    g["first"] = step_seat_game(game, state, g["first"])
    set_phase(state, "hstart")
    g["hand_decisions"] = 0
    g["hand_turns"] = 0


def step_seat_game(game: Game, state: State, seat: int) -> int:
    """BP-4.3: the next player in the game after ``seat`` in the direction of play."""
    g = state["g"]
    n = state["players"]
    s = seat
    for _ in range(n):
        s = (s + g["direction"]) % n
        if g["in_game"][s]:
            return s
    return seat


def scrap(game: Game, state: State, seat: int, whole: bool) -> None:
    """BP-4.6, BP-5.5: table cards go to the discard, except the scrap-proof tiles (BP-26.42, BP-26.71)."""
    g = state["g"]
    if not g["tile_of"]:  # no tile anywhere: every card of the table goes, one by one (as unit_off_table)
        table = state["zones"][TABLE[seat]]
        cards = list(table)
        decl = g["declared"][seat]
        held = [i for i, c in enumerate(cards) if decl is not None and c in decl["cards"]]
        if held:  # the declaration ends as the first card of it leaves (BP-3.3)
            game.move_all(state, cards[: held[0] + 1], TABLE[seat], "discard", cause="scrap")
            undeclare(game, state, seat)
            cards = cards[held[0] + 1 :]
        game.move_all(state, cards, TABLE[seat], "discard", cause="scrap")
    else:
        _scrap_units(game, state, seat)
    if not whole:
        undeclare(game, state, seat)
        game.log(state, {"t": "scrap", "seat": seat})


def _scrap_units(game: Game, state: State, seat: int) -> None:
    for u in units(game, state, seat):
        tile = tile_of(state, u)
        if tile is not None and tile["kind"] in ("six", "lock"):
            continue
        unit_off_table(game, state, seat, u, "discard", "scrap")


OUTER_HAND = (
    "active", "in_hand", "declared", "declared_signature", "j_next", "plays", "turn_over", "exempt", "skip", "no_win", "no_return", "control", "ring",
    "hand_turns", "scrap_ok",
)  # fmt: skip
"""What of ``g`` belongs to the hand in progress: kept aside while an f_poker hand is played (BP-9.1)."""


def _set_aside(game: Game, state: State, you: int, depth: int) -> dict[str, Any]:
    """BP-9.1: the outer hand's tables, viewing hands, cards-to-be-played, tiles and pending effects are set aside
    (resumed after the f_poker hand, BP-9.3)."""
    g = state["g"]
    frame: dict[str, Any] = {k: g[k] for k in OUTER_HAND}
    frame["flow"] = list(state["flow"])
    frame["player"] = you
    frame["tiles"] = {}
    tag = f"a{depth}"
    for s in range(state["players"]):
        for kind in ("table", "view", "ctbp"):
            zone = f"{kind}:{s}"
            aside = f"{kind}:{s}:{tag}"
            state["zones"].setdefault(aside, [])
            for c in list(state["zones"][zone]):
                game.move(state, c, zone, aside, cause="set_aside", mark=state["marks"].get(SK[c]))
    for tid, tile in list(g["tiles"].items()):
        frame["tiles"][tid] = tile
        del g["tiles"][tid]
        for c in tile["cards"]:
            g["tile_of"].pop(SK[c], None)
    return frame


def start_fpoker(game: Game, state: State, you: int, cards: list[int]) -> None:
    """BP-9.1, BP-9.2, BP-9.4, BP-26.15 .. BP-26.18: the set goes into a fresh f_pot with 4 stash cards from every
    player, and a nested hand of f_poker begins with the set's player."""
    g = state["g"]
    depth = g["depth"]
    players = in_hand(state)
    if depth + 1 > state["options"]["max_fpoker_depth"]:  # BP-9.4
        dst = pot_zone(depth)
        for c in cards:
            off_table(game, state, you, c, dst, "fpot")
        for s in players:
            pay_from_stash(game, state, s, 4, dst, "fpot")
        game.log(state, {"t": "fpoker_capped", "seat": you})
        return
    new = depth + 1
    fz = pot_zone(new)
    state["zones"].setdefault(fz, [])
    for c in cards:
        off_table(game, state, you, c, fz, "fpot")
    for s in order_from(game, state, you):
        pay_from_stash(game, state, s, 4, fz, "fpot")  # BP-26.16: not a fee
    g["set_aside"].append(_set_aside(game, state, you, new))
    g["depth"] = new
    n = state["players"]
    g["in_hand"] = [s in players for s in range(n)]
    g["declared"] = [None] * n
    g["declared_signature"] = [None] * n
    g["j_next"] = False
    g["skip"] = []
    g["no_win"] = None
    g["no_return"] = None
    g["control"] = {}
    g["ring"] = None
    g["hand_turns"] = 0
    state["flow"][:] = [{"step": "tbegin"}]
    game.log(state, {"t": "fpoker", "seat": you, "depth": new})
    for s in _seats_from(game, state, you):  # BP-9.1: a fresh viewing hand
        draw_to_size(game, state, s)
    g["active"] = you  # BP-9.2, BP-26.18
    set_phase(state, "tbegin")


def end_fpoker(game: Game, state: State, winner: int | None) -> None:
    """BP-9.3, BP-26.19, BP-26.21: the outer hand resumes with the winner's turn, which cannot win."""
    g = state["g"]
    frame = g["set_aside"].pop()
    depth = g["depth"]
    tag = f"a{depth}"
    g["depth"] = depth - 1
    for s in range(state["players"]):
        for kind in ("table", "view", "ctbp"):
            aside = f"{kind}:{s}:{tag}"
            for c in list(state["zones"][aside]):
                game.move(state, c, aside, f"{kind}:{s}", cause="set_back", mark=state["marks"].get(SK[c]))
            del state["zones"][aside]
    if depth >= 2:
        del state["zones"][pot_zone(depth)]
    for tid, tile in frame.pop("tiles").items():
        g["tiles"][tid] = tile
        for c in tile["cards"]:
            g["tile_of"][SK[c]] = tid
    player = frame.pop("player")
    state["flow"][:] = frame.pop("flow")
    for k, v in frame.items():
        g[k] = v
    g["turn_over"] = False
    if winner is None or not g["in_hand"][winner]:
        nxt = next_seat(game, state, player)
        g["active"] = nxt
        set_phase(state, "tbegin")
        return
    if g["no_return"] == winner:  # BP-25.8
        g["active"] = next_seat(game, state, winner)
        set_phase(state, "tbegin")
        return
    g["active"] = winner
    g["no_win"] = winner
    set_phase(state, "tbegin")
