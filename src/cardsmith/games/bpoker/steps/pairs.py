"""Pairs and sets (section 26 of the rules) whose logic is their own; the others are data (``cards.toml``) made of
the shared effects."""

from __future__ import annotations

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..effects import EFFECTS, AtomicBomb, EndTwoTurns, FiveFiveSet, NestedHand, Shield, SwapTables
from ..table import (
    NE,
    SK,
    TABLE,
    break_tile,
    new_tile,
    next_seat,
    no_effect_mark,
    opponents,
    pot_zone,
    seat_name,
    tile_of,
    undeclare,
    unit_off_table,
    units,
)
from .arrival import locked, push_power
from .ask import claim, only, task_ask
from .guard import magic_guard
from .hands import start_fpoker
from .low_cards import swap_zone
from .powers import immediate
from .stack import Task, pop
from .turns import end_turn_of


def _on_table_cards(game: Game, state: State, task: Task) -> list[int]:
    table = state["zones"][f"table:{task['you']}"]
    return [c for c in task["cards"] if c in table]


@immediate(NestedHand)
def nested_hand(game: Game, state: State, task: Task, effect: NestedHand) -> None:
    """BP-26.15 .. BP-26.20, BP-9.x: unique to the Joker + Joker + 7, the only effect that starts a nested hand."""
    cards = _on_table_cards(game, state, task)
    start_fpoker(game, state, task["you"], cards)


@immediate(FiveFiveSet)
def five_five_set(game: Game, state: State, task: Task, effect: FiveFiveSet) -> None:
    """BP-26.34 .. BP-26.38, BP-12.5: unique to the 5 + 5 + card, the only set whose tile gives a card a suit and
    then resolves it."""
    you = task["you"]
    cards = _on_table_cards(game, state, task)
    if len(cards) != 3:
        return
    a, b, x = cards
    fa = FACES[state["cards"][a]]
    fx = FACES[state["cards"][x]]
    ev5 = [5, fa.suit, fa.red]
    ev = [fx.rank, fa.suit, fa.red]
    new_tile(state, "set5", [a, b, x], you, values=[list(ev5), list(ev5), list(ev)])
    push_power(game, state, you, x, ev, task)


@immediate(Shield)
def shield(game: Game, state: State, task: Task, effect: Shield) -> None:
    """BP-26.73 .. BP-26.75: unique to the J + J, the only effect that makes a whole table no-effect."""
    you = task["you"]
    zone = TABLE[you]
    for u in units(game, state, you):
        tile = tile_of(state, u)
        if tile is not None:
            if tile["kind"] == "six":
                continue
            break_tile(game, state, tile, "shield")
    for c in list(state["zones"][zone]):
        tile = tile_of(state, c)
        if tile is not None:
            continue
        mark = state["marks"].get(SK[c])
        new = no_effect_mark(mark)  # a wild stays a wild, known to the same seats
        if mark != new:
            game.mark(state, c, zone, new)


@immediate(AtomicBomb)
def atomic_bomb(game: Game, state: State, task: Task, effect: AtomicBomb) -> None:
    """BP-26.83 .. BP-26.85: unique to the K♣ + K♣, the only effect on every table and the discard."""
    pot = pot_zone(state["g"]["depth"])
    for s in range(state["players"]):
        for u in units(game, state, s):
            unit_off_table(game, state, s, u, pot, "atomic_bomb")
    game.move_all(state, state["zones"]["discard"], "discard", pot, cause="atomic_bomb")


@EFFECTS.handler(EndTwoTurns)
def end_two_turns(game: Game, state: State, task: Task, ans: Action | None, effect: EndTwoTurns) -> bool:
    """BP-26.86 .. BP-26.88: unique to the A + A, the only effect on the next player's turn."""
    you = task["you"]
    g = state["g"]
    nxt = next_seat(game, state, you)
    if g["active"] not in (you, nxt):
        pop(state, task)
        return False
    stop = magic_guard(game, state, task, nxt, "the A+A ending your turn") if nxt != you else True
    if stop is None:
        return True
    pop(state, task)
    if g["active"] == you:
        end_turn_of(game, state, you)
        if not stop and nxt not in g["skip"]:
            g["skip"].append(nxt)
    elif not stop:
        end_turn_of(game, state, nxt)
    return False


@EFFECTS.handler(SwapTables)
def swap_tables(game: Game, state: State, task: Task, ans: Action | None, effect: SwapTables) -> bool:
    """BP-26.61 .. BP-26.66: unique to the 9♦ + 10♣, the only play that exchanges two players' places."""
    you = task["you"]
    g = state["g"]
    others = opponents(game, state, you)
    if ans is None:
        opts = [option("swap_tables", s, label=f"Play it onto {seat_name(s)}'s table") for s in others]
        if len(opts) > 1:
            return task_ask(game, state, task, you, "target", f"{seat_name(you)}: whose table?", opts)
        ans = only(game, opts)
    task["target"] = ans.args[0]
    pop(state, task)
    t = task["target"]
    src = task["source"]
    if "names" in task:  # played from the viewing hand: the cards are picked out by name only now
        held = [state["cards"][c] for c in state["zones"][src]]
        if any(held.count(n) < task["names"].count(n) for n in task["names"]):
            return False  # a card of the pair left the hand meanwhile: the play lapses
        task["cards"] = claim(game, state, src, task["names"])
    for c in task["cards"]:
        game.move(state, c, src, "limbo", cause="play")
    if locked(game, state, t, task["cards"]):
        for c in task["cards"]:
            game.move(state, c, "limbo", "discard", cause="locked")
        return False
    if g["j_next"]:
        g["j_next"] = False
        for c in task["cards"]:
            game.move(state, c, "limbo", TABLE[t], cause="play", mark=NE)
        return False
    for kind in ("table", "stash", "view", "ctbp"):
        swap_zone(game, state, f"{kind}:{you}", f"{kind}:{t}", keep_marks=True)
    for tile in g["tiles"].values():
        if tile["seat"] == you:
            tile["seat"] = t
        elif tile["seat"] == t:
            tile["seat"] = you
    undeclare(game, state, you)
    undeclare(game, state, t)
    for c in task["cards"]:
        game.move(state, c, "limbo", "discard", cause="9d_10c")
    game.log(state, {"t": "swapped", "seats": [you, t]})
    return False
