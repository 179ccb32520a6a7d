"""The effects many powers and pairs share (the vocabulary of :mod:`..effects`): cards and zones moving, fees, a
declaration, tiles, the turn and the direction of play. Each handler takes the power's frame, the answer (or None)
and the effect's parameters, as :mod:`.powers` dispatches them.
"""

from __future__ import annotations

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..cards import VALUES, power_key
from ..declare import can_hand, hand_options, hand_words, set_declaration
from ..effects import (
    EFFECTS,
    BecomeWild,
    CardTo,
    Declare,
    DeclaredHandTo,
    EachCardResolvesAs,
    EffectiveCardsTo,
    EffectiveUnitsTo,
    EndTurn,
    EveryonePays,
    FormTile,
    NextPlayNoEffect,
    OwnCardTo,
    PayEachOpponent,
    ReverseDirection,
    Shaft,
    StashTo,
    StopEffects,
    TableCardToHand,
    Undeclare,
    ZoneTo,
)
from ..table import (
    STASH,
    TABLE,
    VIEW,
    WILD_SEEN,
    is_ne,
    new_tile,
    off_table,
    opponents,
    order_from,
    pot_zone,
    seat_name,
    stash_order,
    tile_of,
    undeclare,
    undeclare_if,
    unit_off_table,
    units,
)
from .ask import only, task_ask
from .fees import push_fees
from .powers import drop_tasks_of, immediate, on_table, plain_units
from .stack import Task, pop, push
from .turns import end_turn_of


def zone_of(state: State, you: int, where: str) -> str:
    """The zone a parameter names: the player's own (view, ctbp, table, stash), the pot, or the discard."""
    if where == "pot":
        return pot_zone(state["g"]["depth"])
    if where == "discard":
        return "discard"
    return f"{where}:{you}"


@immediate(CardTo)
def card_to(game: Game, state: State, task: Task, effect: CardTo) -> None:
    """BP-12.7, BP-24.7."""
    if on_table(game, state, task):
        off_table(
            game, state, task["you"], task["card"], zone_of(state, task["you"], effect.to), effect.cause
        )


@immediate(StashTo)
def stash_to(game: Game, state: State, task: Task, effect: StashTo) -> None:
    """BP-12.8."""
    you = task["you"]
    dst = zone_of(state, you, effect.to)
    for c in stash_order(game, state, you)[: effect.n]:
        game.move(state, c, STASH[you], dst, cause=effect.cause)


@immediate(ZoneTo)
def zone_to(game: Game, state: State, task: Task, effect: ZoneTo) -> None:
    """BP-21.1, BP-21.3, BP-25.5."""
    you = task["you"]
    src = zone_of(state, you, effect.source)
    game.move_all(state, state["zones"][src], src, zone_of(state, you, effect.to), cause=effect.cause)


@immediate(BecomeWild)
def become_wild(game: Game, state: State, task: Task, effect: BecomeWild) -> None:
    """BP-14.1, BP-14.5: the card (its face card inside a tile) is turned face down. Every seat saw it face up, so
    its face stays known to every seat (BP-1.4): whether its trigger fires (BP-14.3) tells nobody anything."""
    if on_table(game, state, task):
        game.mark(state, task["card"], TABLE[task["you"]], WILD_SEEN)
        undeclare_if(game, state, task["you"], [task["card"]])


@immediate(Declare)
def declare(game: Game, state: State, task: Task, effect: Declare) -> None:
    """BP-14.6, BP-24.10, BP-26.30: the player declares a hand, if they can."""
    you = task["you"]
    if (not effect.unless_declared or state["g"]["declared"][you] is None) and can_hand(game, state, you):
        push(state, {"step": "declare", "you": you, "reason": effect.reason})


@EFFECTS.handler(DeclaredHandTo)
def declared_hand_to(
    game: Game, state: State, task: Task, ans: Action | None, effect: DeclaredHandTo
) -> bool:
    """BP-24.11 .. BP-24.15, BP-26.31: the declared hand leaves the table; a forcer may first name a higher one."""
    you = task["you"]
    g = state["g"]
    if g["declared"][you] is None:
        pop(state, task)
        return False
    fr = task.get("forcer")
    if effect.forcer_names_higher and fr is not None and fr != you and g["in_hand"][fr]:
        keep = "Let the declared hand be discarded"
        if higher_hand(game, state, task, ans, you, fr, keep, "Make them discard {}"):
            return True
    pop(state, task)
    cards = list(g["declared"][you]["cards"])
    undeclare(game, state, you)
    dst = zone_of(state, you, effect.to)
    for c in cards:
        if c in state["zones"][TABLE[you]]:
            off_table(game, state, you, c, dst, effect.cause)
    return False


def higher_hand(
    game: Game, state: State, task: Task, ans: Action | None, you: int, asker: int, keep: str, name: str
) -> bool:
    """BP-13.17, BP-24.13: ``asker`` may make ``you`` declare a higher hand held (True while asking)."""
    best = hand_options(game, state, you, alternatives=False)
    if best and best[0][2] > state["g"]["declared"][you]["score"]:
        if ans is None:
            words = hand_words(game, state, best[0][0], best[0][1])
            opts = [option("keep", label=keep), option("name_higher", label=name.format(words))]
            prompt = f"{seat_name(asker)}: {seat_name(you)} holds a higher hand"
            return task_ask(game, state, task, asker, "higher", prompt, opts)
        if ans.verb == "name_higher":
            set_declaration(game, state, you, *best[0])
    return False


@immediate(EveryonePays)
def everyone_pays(game: Game, state: State, task: Task, effect: EveryonePays) -> None:
    """BP-16.1, BP-18.1, BP-18.3 .. BP-18.5: the others in order (then the player), then those out of the hand."""
    you = task["you"]
    g = state["g"]
    payers = [s for s in order_from(game, state, you) if s != you]
    if effect.including_you:
        payers.append(you)
    payers += [
        s
        for s in range(state["players"])
        if g["in_game"][s] and not g["in_hand"][s] and (effect.including_you or s != you)
    ]
    dst = pot_zone(g["depth"]) if effect.to == "pot" else STASH[you]
    push_fees(game, state, you, [[p, effect.n, dst, 1] for p in payers], effect.words)


@immediate(PayEachOpponent)
def pay_each_opponent(game: Game, state: State, task: Task, effect: PayEachOpponent) -> None:
    """BP-18.2."""
    you = task["you"]
    items = [[you, effect.n, STASH[p], 1] for p in opponents(game, state, you)]
    push_fees(game, state, you, items, effect.words)


@immediate(Shaft)
def shaft(game: Game, state: State, task: Task, effect: Shaft) -> None:
    """BP-17.1 (the shaft itself: ``step_shaft``)."""
    frame = {"step": "shaft", "you": task["you"]}
    if task.get("ring_link"):
        frame["ring_link"] = 1
    push(state, frame)


@immediate(NextPlayNoEffect)
def next_play_no_effect(game: Game, state: State, task: Task, effect: NextPlayNoEffect) -> None:
    """BP-22.1, BP-22.2."""
    state["g"]["j_next"] = True


@EFFECTS.handler(OwnCardTo)
def own_card_to(game: Game, state: State, task: Task, ans: Action | None, effect: OwnCardTo) -> bool:
    """BP-24.1, BP-24.2: an unprotected card of the player's table (if any) goes into the pot."""
    you = task["you"]
    cands = plain_units(game, state, you)
    if cands:
        if ans is None:
            opts = [option("put_in_pot", c, label=f"Put {state['cards'][c]} into the pot") for c in cands]
            if len(opts) > 1:
                prompt = f"{seat_name(you)}: put a card of your table into the pot"
                return task_ask(game, state, task, you, "pot_card", prompt, opts)
            ans = only(game, opts)
        off_table(game, state, you, ans.args[0], zone_of(state, you, effect.to), effect.cause)
    pop(state, task)
    return False


@immediate(EffectiveUnitsTo)
def effective_units_to(game: Game, state: State, task: Task, effect: EffectiveUnitsTo) -> None:
    """BP-24.16, BP-24.17, BP-26.43."""
    you = task["you"]
    dst = zone_of(state, you, effect.to)
    for u in units(game, state, you):
        tile = tile_of(state, u)
        if tile is not None:
            if tile["kind"] != "six":
                unit_off_table(game, state, you, u, dst, effect.cause)
        elif not is_ne(game, state, u):
            off_table(game, state, you, u, dst, effect.cause)


@immediate(EffectiveCardsTo)
def effective_cards_to(game: Game, state: State, task: Task, effect: EffectiveCardsTo) -> None:
    """BP-26.32, BP-26.33."""
    you = task["you"]
    dst = zone_of(state, you, effect.to)
    for c in list(state["zones"][TABLE[you]]):
        if not is_ne(game, state, c):
            off_table(game, state, you, c, dst, effect.cause)


@immediate(EndTurn)
def end_turn(game: Game, state: State, task: Task, effect: EndTurn) -> None:
    """BP-25.1 .. BP-25.4."""
    end_turn_of(game, state, task["you"])


@immediate(StopEffects)
def stop_effects(game: Game, state: State, task: Task, effect: StopEffects) -> None:
    """BP-25.6, BP-25.7."""
    drop_tasks_of(game, state, task["you"])


@immediate(FormTile)
def form_tile(game: Game, state: State, task: Task, effect: FormTile) -> None:
    """BP-26.25, BP-26.39, BP-26.56, BP-26.58, BP-26.67, BP-26.76: the set's cards, if all still on the table."""
    table = state["zones"][TABLE[task["you"]]]
    cards = [c for c in task["cards"] if c in table]
    if len(cards) != len(task["cards"]):
        return
    if effect.first is not None and state["cards"][cards[0]] != effect.first:
        cards.reverse()
    if effect.kind == "six":
        new_tile(state, effect.kind, cards, task["you"], sideways=[])
    else:
        new_tile(state, effect.kind, cards, task["you"])


@immediate(Undeclare)
def undeclare_hand(game: Game, state: State, task: Task, effect: Undeclare) -> None:
    """BP-26.26."""
    undeclare(game, state, task["you"])


@immediate(ReverseDirection)
def reverse_direction(game: Game, state: State, task: Task, effect: ReverseDirection) -> None:
    """BP-26.80 .. BP-26.82."""
    g = state["g"]
    g["direction"] = -g["direction"]
    game.log(state, {"t": "direction", "dir": g["direction"]})


@immediate(EachCardResolvesAs)
def each_card_resolves_as(game: Game, state: State, task: Task, effect: EachCardResolvesAs) -> None:
    """BP-26.13, BP-26.14: each card resolves on its own (all alike: no order to pick)."""
    rank, suit, red = VALUES[effect.value]
    key = power_key(rank, suit, red)
    for c in reversed(task["cards"]):
        push(state, {"step": "power", "key": key, "you": task["you"], "card": c, "value": [rank, suit, red]})


@EFFECTS.handler(TableCardToHand)
def table_card_to_hand(
    game: Game, state: State, task: Task, ans: Action | None, effect: TableCardToHand
) -> bool:
    """BP-26.28, BP-26.29."""
    you = task["you"]
    cands = plain_units(game, state, you)
    if not cands:
        pop(state, task)
        return False
    if ans is None:
        opts = [option("decline", label="Keep your table as it is")]
        opts += [
            option("take_back", c, label=f"Take {state['cards'][c]} into your viewing hand") for c in cands
        ]
        prompt = f"{seat_name(you)}: take a card back (4+4)?"
        return task_ask(game, state, task, you, "take_back", prompt, opts)
    pop(state, task)
    if ans.verb == "take_back":
        off_table(game, state, you, ans.args[0], VIEW[you], "4_4")
    return False
